import Foundation

extension WindowRun {
    /// Adds `count` songs by `artist` on one album to the music folder ("<artist> 001" …, in track order), more than
    /// the picker's list keeps row widgets for (GTK 4.8 keeps up to 200), and tells the driver to search for the
    /// artist (FLOW_PICKER_MANY). One tone is made by ffmpeg; each song is that audio behind a tag of its own.
    func addManySongs(_ count: Int, artist: String) throws {
        let tone = try fixtures.tone("many/tone.mp3", extraArguments: ["-id3v2_version", "0"])
        let audio = try Data(contentsOf: URL(fileURLWithPath: tone))
        try FileManager.default.removeItem(atPath: tone)
        for number in 1...count {
            var tag = ID3v2TagBytes()
            tag.text("TIT2", artist + " " + String(format: "%03d", number))
            tag.text("TPE1", artist)
            tag.text("TALB", artist + " Album")
            tag.text("TRCK", String(number))
            try (Data(tag.bytes) + audio).write(to: URL(fileURLWithPath: fixtures.music + "/many/\(number).mp3"))
        }
        environment["FLOW_PICKER_MANY"] = artist
    }
}
