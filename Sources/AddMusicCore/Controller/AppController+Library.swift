import Foundation
import MediaLibrary
import MediaModel

/// The music library's changes on disk and the music folders the user chooses (B-C1). The window only forwards the
/// choice; what to forget, scan and watch is decided here, and the work is done off the main thread.
extension AppController {
    /// Watches the music folders `roots` for changes on disk and tells the screen (B-C1). Returns at once: the
    /// folders are put under watch on the work queue (a watch on every folder under them), and a failure is logged
    /// and told as a passing message.
    public func watchLibrary(roots: [LibraryPath]) {
        musicFolders = roots  // where the daemon's songs are looked for here (B-P7)
        work.async { [self] in
            guard let library else { return }
            do {
                let watcher = try library.startWatching(roots: roots, queue: .main) { [weak self] _ in
                    MainActor.assumeIsolated { self?.noteLibraryChange() }
                }
                onMain { [self] in
                    self.watcher?.stop()
                    self.watcher = watcher
                }
            } catch {
                log("library watch: \(error)")
                let message = text.string("message.scanFailed", FailureText.describe(error))
                onMain { [self] in
                    post(message)
                    publish()
                }
            }
        }
    }

    /// Tells the screen the library changed (a scan made outside the watcher).
    public func libraryChanged() { noteLibraryChange() }

    /// The music folders are now `now` (absolute paths), were `before`: songs of folders taken out leave the
    /// library, new folders (and any kept inside or around one taken out, which lost songs with it) are scanned,
    /// and all that exist are watched from now on; then the screen hears the library changed. Returns at once; the
    /// work runs on the scan queue, one change after another.
    public func musicFoldersChanged(now: [String], before: [String]) {
        guard let library else { return }
        let roots = now.map(LibraryPath.absolute)
        let removed = before.filter { !now.contains($0) }
        let removedRoots = removed.map(LibraryPath.absolute)
        let overlapping = now.filter { kept in
            let root = LibraryPath.absolute(kept)
            return removedRoots.contains { root.isInside($0) || $0.isInside(root) }
        }
        let rescanned = roots.filter { !before.contains($0.description) || overlapping.contains($0.description) }
        scans.async { [self] in
            do {
                for root in removed { _ = try library.forgetSongs(under: LibraryPath.absolute(root)) }
                let existing = rescanned.filter { FileManager.default.fileExists(atPath: $0.description) }
                if !existing.isEmpty { _ = try library.scan(roots: existing) }
                let watched = roots.filter { FileManager.default.fileExists(atPath: $0.description) }
                onMain { [self] in
                    watchLibrary(roots: watched)
                    noteLibraryChange()
                }
            } catch {
                let message = text.string("message.scanFailed", FailureText.describe(error))
                onMain { [self] in
                    post(message)
                    publish()
                }
            }
        }
    }

    /// Saves `config`, whose music folders are now `now` (absolute paths) and were `before`, on the work queue; once
    /// saved, goes on as `musicFoldersChanged(now:before:)`. A save that fails is told as a passing message and
    /// changes nothing else. Returns at once.
    public func saveMusicFolders(_ config: ConfigFile, now: [String], before: [String]) {
        work.async { [self] in
            do {
                try config.save()
                onMain { [self] in musicFoldersChanged(now: now, before: before) }
            } catch {
                let message = text.string("message.notSaved", FailureText.describe(error))
                onMain { [self] in
                    post(message)
                    publish()
                }
            }
        }
    }

    private func noteLibraryChange() {
        post(text.string("message.libraryChanged"))
        publish()
        analyzeLoudness()
    }
}
