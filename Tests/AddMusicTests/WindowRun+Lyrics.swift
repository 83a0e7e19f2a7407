import Foundation

extension WindowRun {
    /// Puts a timed `.lrc` beside every song of the music folder (a line every 1.5 s, "Lyrics line N", for a
    /// minute) and tells the driver to follow them in the lyrics panel (FLOW_LYRICS).
    func addTimedLyrics() throws {
        let songs = FileManager.default.enumerator(atPath: fixtures.music)?.compactMap { $0 as? String } ?? []
        let lrc = (0..<40).map { line in
            let hundredths = line * 150
            let stamp = String(format: "%02d:%02d.%02d", hundredths / 6000, hundredths / 100 % 60, hundredths % 100)
            return "[\(stamp)]Lyrics line \(line + 1)"
        }.joined(separator: "\n")
        for song in songs where ["mp3", "flac", "ogg", "opus", "m4a"].contains((song as NSString).pathExtension) {
            let path = fixtures.music + "/" + (song as NSString).deletingPathExtension + ".lrc"
            try lrc.write(toFile: path, atomically: true, encoding: .utf8)
        }
        environment["FLOW_LYRICS"] = "1"
    }
}
