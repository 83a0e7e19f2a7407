import Dispatch
import FFmpegSupport
import MediaModel
import MusicPlayer

/// The song shown as playing (B-N1, B-N3): its line, its thumbnail, and its lyrics and large artwork, read on the
/// work queue and shown on the main thread unless another song plays by then.
extension AppController {
    /// Shows `item` as playing: "Now Playing: TITLE by ARTIST" and its artwork or the placeholder (B-N1). The
    /// artwork is read on the work queue (the library's thumbnail, else the player's own, which may ask the music
    /// daemon); until it arrives the artwork shown stays as it was.
    func show(_ item: MediaItem) {
        let artist = item.artist ?? text.string("Unknown Artist")
        current.text = "\(text.string("Now Playing:")) \(item.title) \(text.string("by")) \(artist)"
        let known = artworkItem == item ? current.nowPlaying : nil
        current.nowPlaying = MainScreenState.NowPlaying(
            title: item.title, artist: artist, album: item.album, rating: known?.rating,
            canRate: known?.canRate ?? false)
        guard artworkItem != item else { return }
        artworkItem = item
        current.isArtworkCurrent = false
        readRating(of: item)
        current.largeArtwork = nil
        current.lyrics = nil
        work.async { [self, library, player] in
            var bytes: [UInt8]?
            if let artworkID = item.artworkID { bytes = try? library?.thumbnail(artworkID: artworkID) }
            if bytes == nil { bytes = player.artwork(for: item) }
            let artwork = bytes.map(MainScreenState.Artwork.thumbnail) ?? .placeholder
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard self.artworkItem == item else { return }
                    self.current.artwork = artwork
                    self.current.isArtworkCurrent = true
                    self.publish()
                }
            }
        }
        readDetails(of: item)
    }

    /// Forgets which item's artwork is shown (none plays), and what is shown of it.
    func forgetArtwork() {
        artworkItem = nil
        current.isArtworkCurrent = false
        current.nowPlaying = nil
        current.largeArtwork = nil
        current.lyrics = nil
    }

    /// Asks for the large artwork at `pixels` a side (the screen's size for it times its scale factor); read again
    /// for the item playing when the side changes. Returns at once.
    public func setLargeArtworkSide(_ pixels: Int) {
        guard pixels != largeArtworkSide else { return }
        largeArtworkSide = pixels
        if let item = artworkItem { readDetails(of: item) }
    }

    /// Reads `item`'s lyrics and large artwork on the work queue, from the library's copy of the song (found by the
    /// file's path on this machine; for the system player, the daemon's song under its music folder shared here):
    /// its lyrics (else the item's own), and its full picture scaled to `largeArtworkSide`. Shown once read, unless
    /// another item plays by then.
    func readDetails(of item: MediaItem) {
        let side = largeArtworkSide
        work.async { [self, library, player] in
            // A track of a cue sheet is found by its own path (its file holds the whole album).
            let path = item.segment != nil ? item.path : player.localPath(for: item)
            let known = path.flatMap { path in (try? library?.item(atPath: path)) ?? nil }
            let lyrics = (known?.lyrics ?? item.lyrics).map(LyricsLine.lines(of:)) ?? []
            var large: [UInt8]?
            if side > 0, let known, let picture = (try? library?.fullArtwork(for: known)) ?? nil {
                large = ArtworkThumbnail.make(from: picture, side: side)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard self.artworkItem == item else { return }
                    self.current.lyrics = lyrics
                    self.current.largeArtwork = large
                    self.publish()
                }
            }
        }
    }
}
