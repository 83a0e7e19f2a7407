import FFmpegSupport
import Foundation
import MediaModel

extension MediaItem {
    /// The song in the file at `path`, read directly (tags and properties, no artwork), for playing a file the
    /// library does not hold. Its id is 0: it is not in the index and cannot be found again by id.
    /// Blocks the caller for at most `ProbeBudget.standard`'s deadline and the watchdog's grace (about 2.1 s),
    /// whatever the file holds; only a regular file is opened.
    /// - Throws: `FFmpegError` when the file cannot be opened as audio or its probe overran the budget.
    public static func unindexed(_ path: LibraryPath) throws(FFmpegError) -> MediaItem {
        var status = stat()
        let size = path.withCString { stat($0, &status) } == 0 ? Int64(status.st_size) : 0
        let info = try AudioFileReader.read(path, fileSize: size, runner: ProbeRunner()).get()
        return MediaItem(
            id: 0, path: path, title: info.title ?? path.stem, artist: info.artist, album: info.album,
            albumArtist: info.albumArtist, genre: info.genre, year: info.year, trackNumber: info.trackNumber,
            discNumber: info.discNumber, duration: info.duration, codec: info.codec, sampleRate: info.sampleRate,
            channels: info.channels, bitRate: info.bitRate, replayGain: info.replayGain, composer: info.composer,
            isCompilation: info.isCompilation, sortNames: info.sortNames,
            lyrics: info.lyrics ?? LyricsFile.text(beside: path), beatsPerMinute: info.beatsPerMinute,
            comment: info.comment, musicBrainzIDs: info.musicBrainzIDs, rating: info.rating, artists: info.artists,
            albumArtists: info.albumArtists, genres: info.genres, composers: info.composers,
            originalYear: info.originalYear)
    }
}
