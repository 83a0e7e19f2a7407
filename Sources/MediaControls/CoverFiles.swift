import FFmpegSupport
import Foundation
import MediaModel
import MusicPlayer

/// Cover thumbnails written to a cache folder for `mpris:artUrl` (a `file://` URL is what desktop shells read), each
/// named by its content's SHA-256: ids are reused (a folder removed, another added), names by content never are, so
/// the desktop can never show an old picture for a new song. Used on one queue.
final class CoverFiles {
    /// How many cover files the folder keeps; the oldest go first.
    static let keep = 256

    private let folder: String
    private var last: (key: Key, url: String?)?

    /// What a cover is looked up by: the song, its file and its artwork.
    private struct Key: Equatable {
        var itemID: Int64
        var path: LibraryPath
        var artworkID: Int64?
    }

    init(folder: String) { self.folder = folder }

    /// The URL of `item`'s cover, written if it is not there yet; nil when it has none.
    func url(for item: MediaItem, library: LibraryLookup?, player: MusicPlayerController) -> String? {
        let key = Key(itemID: item.id, path: item.path, artworkID: item.artworkID)
        if let last, last.key == key { return last.url }
        let url = write(item, library: library, player: player)
        last = (key, url)
        return url
    }

    private func write(_ item: MediaItem, library: LibraryLookup?, player: MusicPlayerController) -> String? {
        let data: [UInt8]?
        if let artworkID = item.artworkID, let library {
            data = try? library.thumbnail(artworkID: artworkID)
        } else {
            data = player.artwork(for: item)
        }
        guard let data, !data.isEmpty else { return nil }
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
        return URL(fileURLWithPath: path).absoluteString
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
