import Foundation
import MediaModel

/// Cover thumbnails kept as files in a cache folder for the desktop to read (`mpris:artUrl`, a notification's
/// picture), each named by its content's SHA-256: a name is never reused for another picture, so the desktop never
/// shows an old picture for a new song, and the same picture is written once whoever asks. At most `keep` files stay,
/// the least recently used going first. Blocking file work: never on the main thread (calls, and instances on the same
/// folder may run side by side: files are written whole, and none prunes the file it just wrote or touched).
package final class CoverCache: Sendable {
    /// How many cover files the folder keeps; the oldest go first.
    package static let keep = 256

    /// The folder the app's covers are kept in, MPRIS's and the notifications' alike: the same picture is one file.
    package static let defaultFolder = XDGDirectories.cacheHome + "/addmusic/covers"

    private let folder: String

    package init(folder: String = CoverCache.defaultFolder) { self.folder = folder }

    /// The path of the file holding `data` (written now if it is not there yet); nil when it cannot be written.
    package func path(of data: [UInt8]) -> String? {
        guard !data.isEmpty else { return nil }
        let path = folder + "/cover-" + ContentHash.sha256(data) + ".jpg"
        if FileManager.default.fileExists(atPath: path) {
            // In use again: the newest for pruning, so a cover shown now is never the first to go.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        } else {
            do {
                try AtomicFile.replace(path, with: data, mode: .fixed(0o644), makingFolder: true)
            } catch {
                return nil
            }
            prune(sparing: path)
        }
        return path
    }

    /// Removes the oldest cover files past `keep`, never `path` (the one just written).
    private func prune(sparing path: String) {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("cover-") }
        guard names.count > Self.keep else { return }
        let dated = names.map { name -> (String, Date) in
            let full = folder + "/" + name
            return (full, (try? manager.attributesOfItem(atPath: full)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (full, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(max(0, dated.count - Self.keep)) where full != path {
            try? manager.removeItem(atPath: full)
        }
    }
}
