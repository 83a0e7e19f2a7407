import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// Song details and the tag editor (B-H10): the details of songs are read, and their tags written, on the work
/// queue; the window gets the details on the main thread, and an edit ends in one passing message with Undo.
extension AppController {
    /// The song playing (or paused), whose details the now-playing view opens.
    public var playingItem: MediaItem? { artworkItem }

    /// Reads the details of `items` (the file of each on this machine, its tags, audio properties and cover, its
    /// statistics) on the work queue and hands them to `done` on the main thread, in order. Returns at once.
    public func readDetails(of items: [MediaItem], _ done: @escaping @MainActor @Sendable ([SongDetails]) -> Void) {
        let player = self.player
        let folders = musicFolders
        let recorder = StatisticsRecorder(player: player, library: library)
        let text = self.text
        work.async {
            let details = items.map { item in
                Self.details(of: item, player: player, folders: folders, recorder: recorder, text: text)
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(details) } }
        }
    }

    nonisolated private static func details(
        of item: MediaItem, player: any SettledPlayerReads, folders: [LibraryPath], recorder: StatisticsRecorder,
        text: Localizer
    ) -> SongDetails {
        let daemon = player as? SystemMusicPlayer
        let path =
            item.streamURL != nil
            ? nil : daemon.map { $0.localItem(for: item, folders: folders)?.path } ?? player.localPath(for: item)
        var details = SongDetails(
            item: item, path: path, daemonURI: daemon?.daemonURI(for: item), tags: nil,
            statistics: try? recorder.statistics(of: item))
        if item.segment != nil { details.problem = text.string("details.cueTrack") }
        if let path {
            do {
                details.tags = try FileTags(path, withCover: true)
            } catch {
                details.problem = text.string("details.unreadable", TerminalSafeText.make(error.description))
            }
        } else {
            details.problem = text.string("details.notHere")
        }
        return details
    }

    /// Writes `changes` into the files of `songs` (those with a file here) on the work queue, then updates the index
    /// and the daemon; says how it went in one passing message, with Undo when something was written. A file that
    /// cannot be written is named with the reason, and is as it was. Returns at once.
    public func editTags(of songs: [SongDetails], changes: TagChanges) {
        let targets = songs.filter { $0.item.segment == nil }.compactMap { song in
            song.path.map { TagEditor.Target(path: $0, daemonURI: song.daemonURI) }
        }
        guard !targets.isEmpty, !changes.isEmpty else { return }
        let editor = TagEditor(library: library, daemon: player as? SystemMusicPlayer, text: text)
        work.async { [self] in
            let outcome = editor.write(targets.map { ($0, changes) })
            onMain { self.finishTagEdit(outcome, undoing: false) }
        }
    }

    /// Puts back the tags the edit numbered `number` replaced (once; a passing message's Undo).
    func undoTagEdit(_ number: Int) {
        guard let written = undoableTagEdits.removeValue(forKey: number) else { return }
        let editor = TagEditor(library: library, daemon: player as? SystemMusicPlayer, text: text)
        work.async { [self] in
            let outcome = editor.undo(written)
            onMain { self.finishTagEdit(outcome, undoing: true) }
        }
    }

    /// The passing message for a tag edit or its undo: what was written (with Undo for an edit), or the first file
    /// that was not and why, and what could not be brought up to date.
    private func finishTagEdit(_ outcome: TagEditor.Outcome, undoing: Bool) {
        for failure in outcome.failures { log("tag edit: \(failure.target.path): \(failure.error)") }
        var parts: [String] = []
        if !outcome.written.isEmpty {
            parts.append(text.count(undoing ? "tagEdit.undone" : "tagEdit.saved", outcome.written.count))
        }
        if let failure = outcome.failures.first {
            let reason = TagWriteText.reason(failure.error, text: text)
            parts.append(
                text.string("tag.failed", TerminalSafeText.make(failure.target.path.lastComponent.description), reason))
            if outcome.failures.count > 1 { parts.append(text.count("tagEdit.moreFailed", outcome.failures.count - 1)) }
        }
        parts += outcome.problems
        var action: (action: PassingMessage.Action, label: String)?
        if !undoing, !outcome.written.isEmpty {
            tagEdits += 1
            undoableTagEdits = undoableTagEdits.filter { $0.key > tagEdits - 5 }  // the last few only
            undoableTagEdits[tagEdits] = outcome.written
            action = (.undoTagEdit(tagEdits), text.string("tagEdit.undo"))
        }
        post(parts.joined(separator: " "), action: action)
        current.tagEditsFinished += 1
        publish()
    }
}
