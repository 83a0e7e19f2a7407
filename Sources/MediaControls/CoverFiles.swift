import Foundation
import MediaLibrary
import MusicPlayer

/// Cover thumbnails written to a cache folder for `mpris:artUrl` (a `file://` URL is what desktop shells read): one
/// file per picture of the library, or per song for pictures the music daemon sends. Used on one queue.
final class CoverFiles {
    private let folder: String
    private var last: (itemID: Int64, url: String?)?

    init(folder: String) { self.folder = folder }

    /// The URL of `item`'s cover, written if it is not there yet; nil when it has none.
    func url(for item: MediaItem, library: MusicLibrary?, player: MusicPlayerController) -> String? {
        if let last, last.itemID == item.id { return last.url }
        let url = write(item, library: library, player: player)
        last = (item.id, url)
        return url
    }

    private func write(_ item: MediaItem, library: MusicLibrary?, player: MusicPlayerController) -> String? {
        let name: String
        let bytes: () -> [UInt8]?
        if let artworkID = item.artworkID, let library {
            name = "artwork-\(artworkID).jpg"
            bytes = { try? library.thumbnail(artworkID: artworkID) }
        } else {
            name = "song-\(UInt64(bitPattern: item.id)).jpg"
            bytes = { player.artwork(for: item) }
        }
        let path = folder + "/" + name
        if !FileManager.default.fileExists(atPath: path) {
            guard let data = bytes() else { return nil }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(data).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                return nil
            }
        }
        return URL(fileURLWithPath: path).absoluteString
    }
}
