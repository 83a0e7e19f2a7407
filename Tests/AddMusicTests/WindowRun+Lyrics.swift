import Foundation

extension WindowRun {
    /// Puts a timed `.lrc` beside every song of the music folder (a line every 1.5 s, "Lyrics line N", for a
    /// minute) and tells the driver to follow them in the lyrics panel (FLOW_LYRICS).
    func addTimedLyrics() throws {
        let lrc = (0..<40).map { line in
            let hundredths = line * 150
            let stamp = String(format: "%02d:%02d.%02d", hundredths / 6000, hundredths / 100 % 60, hundredths % 100)
            return "[\(stamp)]Lyrics line \(line + 1)"
        }.joined(separator: "\n")
        for song in songs {
            let path = fixtures.music + "/" + (song as NSString).deletingPathExtension + ".lrc"
            try lrc.write(toFile: path, atomically: true, encoding: .utf8)
        }
        environment["FLOW_LYRICS"] = "1"
    }

    /// Puts a timed `.lrc` of `stamps` time stamps beside every song of the music folder, as large as the largest
    /// `.lrc` read: a stamp every 0.05 s, twenty stamps a line ("[00:00.00][02:05.00]…L0"), so that the line sung
    /// moves on every 0.05 s, 2,500 lines of text. Returns the file's size.
    @discardableResult
    func addTimedLyrics(stamps: Int) throws -> Int {
        let perLine = 20
        let lines = stamps / perLine
        let lrc = (0..<lines).map { line in
            (0..<perLine).map { stamp in
                let hundredths = (line + stamp * lines) * 5
                return String(
                    format: "[%02d:%02d.%02d]", hundredths / 6000, hundredths / 100 % 60, hundredths % 100)
            }.joined() + "L\(line)"
        }.joined(separator: "\n")
        for song in songs {
            let path = fixtures.music + "/" + (song as NSString).deletingPathExtension + ".lrc"
            try lrc.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return lrc.utf8.count
    }

    /// The audio files of the music folder, relative to it.
    private var songs: [String] {
        (FileManager.default.enumerator(atPath: fixtures.music)?.compactMap { $0 as? String } ?? []).filter {
            ["mp3", "flac", "ogg", "opus", "m4a"].contains(($0 as NSString).pathExtension)
        }
    }
}
