import FFmpegSupport
import Foundation
import MediaModel
import MusicPlayer

/// The playing song's cover as a file for `mpris:artUrl` (a `file://` URL is what desktop shells read), kept by
/// `CoverCache` (named by content, pruned), and remembered for the song last asked about. Used on one queue.
final class CoverFiles {
    private let cache: CoverCache
    private var last: (key: Key, url: String?)?

    /// What a cover is looked up by: the song, its file and its artwork.
    private struct Key: Equatable {
        var itemID: Int64
        var path: LibraryPath
        var artworkID: Int64?
    }

    init(folder: String) { cache = CoverCache(folder: folder) }

    /// The URL of `item`'s cover, written if it is not there yet; nil when it has none.
    func url(for item: MediaItem, library: LibraryLookup?, player: MusicPlayerController) -> String? {
        let key = Key(itemID: item.id, path: item.path, artworkID: item.artworkID)
        if let last, last.key == key { return last.url }
        let data: [UInt8]?
        if let artworkID = item.artworkID, let library {
            data = try? library.thumbnail(artworkID: artworkID)
        } else {
            data = player.artwork(for: item)
        }
        let url = data.flatMap(cache.path(of:)).map { URL(fileURLWithPath: $0).absoluteString }
        last = (key, url)
        return url
    }
}
