import Foundation
import MediaLibrary
import Testing

/// `addmusic play`: chooses songs from the library, plays them one after another, and keeps going without sound
/// when no audio server answers.
@Suite struct PlayCommandTests {
    @Test func playingAnAlbumIntoAWAVFileWritesEverySongInOrder() throws {
        let fixtures = try Fixtures()
        for (index, title) in ["Uno", "Dos", "Tres"].enumerated() {
            try fixtures.tone(
                "Album/\(index + 1).flac", frequency: 300 + index * 100, seconds: 0.5,
                tags: ["title": title, "artist": "Artista", "album": "Números", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        try fixtures.tone(
            "Other/x.flac", tags: ["title": "Elsewhere", "album": "Other"], extraArguments: ["-ac", "2"])
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let wav = fixtures.root + "/out.wav"
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", "--album", "numeros", "--output", "wav:" + wav], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Uno — Artista\nDos — Artista\nTres — Artista\n")
        #expect(try WAVSamples(path: wav).frames == 3 * 22_050)
    }

    @Test func withNoAudioServerThePlayerSaysSoAndPlaysOnSilently() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("short.flac", seconds: 0.3, extraArguments: ["-ac", "2"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = "unix:" + fixtures.root + "/no-server-here"
        let result = try Fixtures.run(Fixtures.addmusic, ["play", file], environment: environment)
        #expect(result.status == 0)
        #expect(result.errorOutput.contains("No audio server answered"), "\(result.errorOutput)")
        #expect(result.output == "short\n")
    }
}
