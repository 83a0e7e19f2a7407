import MediaLibrary
import MediaModel
import MusicPlayer

/// Writes tags into songs' files through `TagWriter` and brings what knows those songs up to date: the index (each
/// folder written is rescanned once, so a song keeps its id and statistics) and, for the system player, the music
/// daemon (asked to read each file again). Each write can be undone: the file's old values of the fields it changed
/// (and its old cover) are read before it is written. Blocking file and daemon work: call it off the main thread.
public struct TagEditor: Sendable {
    /// A file to write, and the daemon's URI for its song (nil: the daemon does not know it).
    public struct Target: Sendable, Equatable {
        public var path: LibraryPath
        public var daemonURI: String?

        public init(path: LibraryPath, daemonURI: String? = nil) {
            self.path = path
            self.daemonURI = daemonURI
        }
    }

    /// One file written: the file (a link followed), and the changes that put its old tags back.
    public struct Written: Sendable, Equatable {
        public var target: Target
        public var followedLink: Bool
        public var undo: TagChanges
    }

    /// What a write of several files did.
    public struct Outcome: Sendable {
        public var written: [Written] = []
        /// The files not written, and why; each is as it was.
        public var failures: [(target: Target, error: TagWriteError)] = []
        /// What could not be brought up to date after the writes (the index, the daemon), said to the user.
        public var problems: [String] = []
    }

    let library: MusicLibrary?
    let daemon: SystemMusicPlayer?
    let text: Localizer

    /// An editor updating `library` (nil, or read-only: no index to update) and `daemon` (nil: the application
    /// player's songs).
    public init(library: MusicLibrary?, daemon: SystemMusicPlayer?, text: Localizer = .app) {
        self.library = library.flatMap { $0.isReadOnly ? nil : $0 }
        self.daemon = daemon
        self.text = text
    }

    /// Writes each target's changes in turn (a failure leaves that file as it was and goes on with the next), then
    /// updates the index and the daemon for the files written.
    public func write(_ edits: [(target: Target, changes: TagChanges)]) -> Outcome {
        var outcome = Outcome()
        for (target, changes) in edits where !changes.isEmpty {
            do throws(TagWriteError) {
                // The old tags, for the undo: a file whose tags cannot be read first is not written.
                let before: FileTags
                do {
                    before = try FileTags(target.path, withCover: changes.cover != .keep)
                } catch {
                    // As the writer says a file it cannot open or parse.
                    if case .openFailed(let code) = error.kind { throw TagWriteError.unreadable(code) }
                    throw TagWriteError.unsupported(error.description)
                }
                let written = try TagWriter.write(changes, to: target.path)
                var file = target
                file.path = written.path
                let undo = before.restoring(changes)
                outcome.written.append(Written(target: file, followedLink: written.followedLink, undo: undo))
            } catch {
                outcome.failures.append((target, error))
            }
        }
        outcome.problems = update(outcome.written.map(\.target))
        return outcome
    }

    /// Puts back the tags `written` replaced (the `Outcome` of an earlier write).
    public func undo(_ written: [Written]) -> Outcome {
        write(written.map { ($0.target, $0.undo) })
    }

    /// Rescans the folders of the indexed files among `targets` and asks the daemon to read its songs again;
    /// returns what could not be done, in words.
    public func update(_ targets: [Target]) -> [String] {
        var problems: [String] = []
        if let library {
            do {
                var folders: [LibraryPath] = []
                for target in targets where try library.item(atPath: target.path) != nil {
                    if !folders.contains(target.path.parent) { folders.append(target.path.parent) }
                }
                if !folders.isEmpty { _ = try library.scan(roots: folders) }
            } catch {
                problems.append(text.string("tag.indexNotUpdated", FailureText.describe(error, text: text)))
            }
        }
        if let daemon {
            let database = daemon.database
            for uri in targets.compactMap(\.daemonURI) where !uri.hasPrefix("file://") {
                do {
                    try database.update(uri)
                } catch {
                    problems.append(
                        text.string("tag.daemonNotUpdated", TerminalSafeText.make(String(describing: error))))
                    break
                }
            }
        }
        return problems
    }
}
