import Foundation
import MediaLibrary
import MediaModel

/// Smart playlists edited in the window (B-H9, B-Y6): their rules read, the songs a set of rules matches counted as
/// they are edited, and saved. The work runs on the work queue; the answers come back on the main thread.
extension AppController {
    /// Reads the rules of the smart playlist `name` and hands them to `done` on the main thread (nil, with a passing
    /// message, when they cannot be read: a file edited into nonsense is named with its line). Returns at once.
    public func readSmartRules(of name: String, _ done: @escaping @MainActor @Sendable (SmartRules?) -> Void) {
        let shelf = playlistShelf
        let text = self.text
        work.async { [self] in
            do {
                let rules = try shelf.rules(of: name)
                onMain { done(rules) }
            } catch {
                let said = PlaylistErrorText.describe(error, text: text)
                onMain {
                    self.post(said)
                    done(nil)
                }
            }
        }
    }

    /// Counts the songs `rules` match now and hands the count to `done` on the main thread (nil when they cannot be
    /// counted: no index, the daemon away). Returns at once.
    public func countSmartSongs(_ rules: SmartRules, _ done: @escaping @MainActor @Sendable (Int?) -> Void) {
        let shelf = playlistShelf
        work.async { [self] in
            let count = try? shelf.songs(matching: rules).count
            onMain { done(count) }
        }
    }

    /// Saves `rules` as the smart playlist `name` (new when `replacing` is nil, else in place of `replacing`), then
    /// says so in a passing message with the songs it holds and counts the change in `playlistsChanged`; a refusal
    /// (a name taken, a built-in one renamed, a disk full) goes to `done` instead, on the main thread, nothing
    /// changed. Returns at once.
    public func saveSmartPlaylist(
        _ name: String, rules: SmartRules, replacing: String?,
        _ done: @escaping @MainActor @Sendable (_ refusal: String?) -> Void
    ) {
        let shelf = playlistShelf
        let text = self.text
        work.async { [self] in
            do {
                try shelf.saveSmart(name, rules: rules, replacing: replacing)
                let count = (try? shelf.songs(matching: rules, named: name).count).map { text.count("count.songs", $0) }
                let said = text.string(
                    replacing == nil ? "smart.created" : "smart.edited", TerminalSafeText.make(name),
                    count ?? "?")
                onMain {
                    self.finishPlaylistChange(said, deleted: nil)
                    done(nil)
                }
            } catch {
                let said = PlaylistErrorText.describe(error, text: text)
                onMain { done(said) }
            }
        }
    }
}
