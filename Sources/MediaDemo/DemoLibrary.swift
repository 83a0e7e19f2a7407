import CFFmpeg
import FFmpegSupport
import Foundation
import MediaModel

/// A small library of generated, tagged songs, so the app has real music to show on a machine that has none:
/// twelve short tunes on three albums, in FLAC (with an embedded cover), MP3 (with a `cover.png` beside them)
/// and a mix of Ogg Vorbis, Opus, AAC in M4A and WAV. Made entirely in-process through FFmpeg's libraries;
/// the same call always writes the same files.
public enum DemoLibrary {
    /// Writes the demo library into `directory` (created if needed) and returns the files written, audio and
    /// pictures, as `directory/<Album Artist>/<Album>/NN Title.ext`. Existing files of the same names are replaced.
    ///
    /// Blocks the calling thread for a few seconds while it synthesizes and encodes the songs, several at once on
    /// as many threads as there are cores; call it off the main thread.
    /// - Throws: `FFmpegError` when a folder cannot be created, an encoder is missing, or a file cannot be written.
    public static func write(to directory: String) throws -> [String] {
        var root = directory
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        var written: [String] = []
        var songs: [Song] = []
        for (albumNumber, album) in albums.enumerated() {
            let folder = "\(root)/\(album.artist)/\(album.title)"
            try makeFolders(folder)
            var embedded: CoverPainter.Picture?
            switch album.artwork {
            case .none:
                break
            case .embedded(let scene):
                embedded = try CoverPainter.picture(of: scene)
            case .file(let scene):
                let path = "\(folder)/cover.png"
                try CoverPainter.write(try CoverPainter.picture(of: scene), to: path)
                written.append(path)
            }
            for (index, track) in album.tracks.enumerated() {
                let number = index + 1
                let sequence = albumNumber * album.tracks.count + index
                songs.append(
                    Song(
                        path:
                            "\(folder)/\(number < 10 ? "0" : "")\(number) \(track.title).\(track.format.fileExtension)",
                        seed: 0x4164_644D_7573_6963 &+ UInt64(sequence) &* 7919, seconds: Double(16 + sequence * 5 % 9),
                        style: album.style, settings: track.format.settings, picture: embedded,
                        tags: [
                            ("title", track.title), ("artist", album.artist), ("album", album.title),
                            ("album_artist", album.artist), ("genre", album.genre), ("date", String(album.year)),
                            ("track", "\(number)/\(album.tracks.count)"), ("disc", "1/1"),
                        ]))
            }
        }
        let failures = Locked([Int: FFmpegError]())
        let queued = songs
        DispatchQueue.concurrentPerform(iterations: queued.count) { turn in
            // Backwards: the slowest encoders (Vorbis, Opus, AAC) are last in the catalogue and should start first.
            let index = queued.count - 1 - turn
            do throws(FFmpegError) {
                try queued[index].write()
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
        return written + songs.map(\.path)
    }

    /// One song to synthesize and encode; independent of the others, so songs are written in parallel.
    private struct Song: Sendable {
        var path: String
        var seed: UInt64
        var seconds: Double
        var style: ToneSynthesizer.Style
        var settings: AudioFileEncoder.Settings
        var picture: CoverPainter.Picture?
        var tags: [(key: String, value: String)]

        func write() throws(FFmpegError) {
            let samples = ToneSynthesizer(style: style).render(seed: seed, seconds: seconds)
            try AudioFileEncoder.write(
                samples, inputRate: ToneSynthesizer.sampleRate, to: path, settings: settings, tags: tags,
                picture: picture)
        }
    }

    /// Creates `path` and its missing parents, like `mkdir -p`.
    private static func makeFolders(_ path: String) throws(FFmpegError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            while mkdir(prefix, 0o755) != 0 {
                if errno == EINTR { continue }
                if errno == EEXIST { break }
                throw FFmpegError(code: addmusic_averror(errno), operation: "create folder \(prefix)")
            }
            prefix += "/"
        }
    }

    /// How a track is stored.
    private enum Format {
        case flac, mp3, vorbis, opus, aac, wav

        var fileExtension: String {
            switch self {
            case .flac: "flac"
            case .mp3: "mp3"
            case .vorbis: "ogg"
            case .opus: "opus"
            case .aac: "m4a"
            case .wav: "wav"
            }
        }

        var settings: AudioFileEncoder.Settings {
            switch self {
            case .flac: AudioFileEncoder.Settings(encoder: "flac", sampleRate: 44_100)
            case .mp3: AudioFileEncoder.Settings(encoder: "libmp3lame", sampleRate: 44_100, bitRate: 192_000)
            case .vorbis: AudioFileEncoder.Settings(encoder: "libvorbis", sampleRate: 44_100, bitRate: 160_000)
            case .opus: AudioFileEncoder.Settings(encoder: "libopus", sampleRate: 48_000, bitRate: 128_000)
            case .aac:
                AudioFileEncoder.Settings(
                    encoder: "aac", sampleRate: 44_100, bitRate: 192_000, options: ["aac_coder": "fast"])
            case .wav: AudioFileEncoder.Settings(encoder: "pcm_s16le", sampleRate: 44_100)
            }
        }
    }

    /// Where an album's cover is: nowhere, inside each file, or in a `cover.png` beside the files.
    private enum Artwork {
        case none
        case embedded(CoverPainter.Scene)
        case file(CoverPainter.Scene)
    }

    private struct Track {
        var title: String
        var format: Format
    }

    private struct Album {
        var title: String
        var artist: String
        var year: Int
        var genre: String
        var artwork: Artwork
        var style: ToneSynthesizer.Style
        var tracks: [Track]
    }

    private static let albums: [Album] = [
        Album(
            title: "Morning Light", artist: "The Sine Ensemble", year: 2024, genre: "Ambient",
            artwork: .embedded(.sunrise),
            style: ToneSynthesizer.Style(
                harmonics: [1, 0.25, 0.08], attack: 0.06, decay: 1.6, tempo: 66...78, noteBeats: [1, 2, 2, 3],
                bassNotesPerBar: 1, padLevel: 0.8, echo: 0.45),
            tracks: [
                Track(title: "Dawn Chorus", format: .flac), Track(title: "Dew on the Meadow", format: .flac),
                Track(title: "Slow Sunrise", format: .flac), Track(title: "Open Window", format: .flac),
            ]),
        Album(
            title: "Night Drive", artist: "Square Pulse", year: 2023, genre: "Electronic",
            artwork: .file(.nightDrive),
            style: ToneSynthesizer.Style(
                harmonics: [1, 0.45, 0.3, 0.2, 0.12, 0.08], attack: 0.008, decay: 0.35, tempo: 108...122,
                noteBeats: [0.5, 0.5, 1, 1, 1.5], bassNotesPerBar: 8, padLevel: 0.5, echo: 0.35),
            tracks: [
                Track(title: "Neon Avenue", format: .mp3), Track(title: "Midnight Overpass", format: .mp3),
                Track(title: "Tail Lights", format: .mp3), Track(title: "Empty Highway", format: .mp3),
            ]),
        Album(
            title: "Field Notes", artist: "Ana Córdoba", year: 2022, genre: "Folk", artwork: .none,
            style: ToneSynthesizer.Style(
                harmonics: [1, 0.6, 0.35, 0.2, 0.1, 0.05], attack: 0.004, decay: 0.55, tempo: 88...104,
                noteBeats: [0.5, 1, 1, 1, 2], bassNotesPerBar: 2, padLevel: 0.35, echo: 0.2),
            tracks: [
                Track(title: "River Crossing", format: .vorbis), Track(title: "Lantern Song", format: .opus),
                Track(title: "Wild Thyme", format: .aac), Track(title: "Harvest Moon", format: .wav),
            ]),
    ]
}
