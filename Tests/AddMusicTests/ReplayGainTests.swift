import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// ReplayGain on the application player: levels set by the tags in the decoded samples, heard at a real PulseAudio
/// null sink's monitor; clipping prevented by the peak tags; album mode falling back to the track's gain.
@Suite(.serialized) struct ReplayGainTests {
    /// The mono tone copied to both channels at the same level (FFmpeg's own upmix lowers it by 3 dB).
    private static let stereo = "pan=stereo|c0=c0|c1=c0"

    /// Two songs one after the other: the first 6 dB louder than the second, tagged with gains 6 dB apart that
    /// bring both to the same level. Returns the level of each (dBFS, RMS over its middle second) at the monitor.
    private func levels(mode: String) throws -> (first: Double, second: Double)? {
        guard let pulse = try PulseServer.start() else { return nil }
        let fixtures = try Fixtures()
        let loud = try fixtures.tone(
            "loud.flac", frequency: 440, seconds: 2,
            tags: ["title": "Loud", "REPLAYGAIN_TRACK_GAIN": "-3.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.250000"],
            extraArguments: ["-af", "volume=6dB," + Self.stereo])
        let quiet = try fixtures.tone(
            "quiet.flac", frequency: 660, seconds: 2,
            tags: ["title": "Quiet", "REPLAYGAIN_TRACK_GAIN": "+3.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.125000"],
            extraArguments: ["-af", Self.stereo])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home/addmusic", withIntermediateDirectories: true)
        try "replay-gain = \(mode)\n".write(
            toFile: fixtures.root + "/config-home/addmusic/config", atomically: true, encoding: .utf8)
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 1)
        let result = try Fixtures.run(Fixtures.addmusic, ["play", loud, quiet], environment: environment)
        Thread.sleep(forTimeInterval: 0.5)
        let sound = Sound(samples: try recording.stop())
        #expect(result.status == 0, "\(result.errorOutput)")
        let spans = sound.loudSpans()
        guard let span = spans.first, span.seconds > 3.5 else {
            Issue.record("no 4 s of sound at the monitor: \(spans)")
            return nil
        }
        return (sound.level(fromFrame: span.start + 22_050), sound.level(fromFrame: span.start + 2 * 44_100 + 22_050))
    }

    @Test func inTrackModeSongsTaggedSixDecibelsApartPlayAtTheSameLevel() throws {
        guard let (first, second) = try levels(mode: "track") else { return }
        #expect(abs(first - second) < 0.5, "first \(first) dBFS, second \(second) dBFS")
        // Both moved to the tagged level: −12 dBFS − 3 dB and −18 dBFS + 3 dB, as RMS of a sine (−3 dB).
        #expect(abs(first - (-18)) < 0.5, "first \(first) dBFS")
    }

    @Test func withReplayGainOffTheSameSongsPlaySixDecibelsApart() throws {
        guard let (first, second) = try levels(mode: "off") else { return }
        #expect(abs(first - second - 6) < 0.5, "first \(first) dBFS, second \(second) dBFS")
    }

    @Test func aPeakTagNearFullScaleStopsAPositiveGainFromClipping() throws {
        let fixtures = try Fixtures()
        // A sine at about −1 dBFS tagged +10 dB: without its peak tag that would clip on every wave.
        let withPeak = try fixtures.tone(
            "peak.flac", seconds: 1, tags: ["REPLAYGAIN_TRACK_GAIN": "+10.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.885"],
            extraArguments: ["-af", "volume=17dB," + Self.stereo])
        let noPeak = try fixtures.tone(
            "no-peak.flac", seconds: 1, tags: ["REPLAYGAIN_TRACK_GAIN": "+10.00 dB"],
            extraArguments: ["-af", "volume=17dB," + Self.stereo])
        var environment = fixtures.environment()
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home/addmusic", withIntermediateDirectories: true)
        try "replay-gain = track\n".write(
            toFile: fixtures.root + "/config-home/addmusic/config", atomically: true, encoding: .utf8)
        environment["NO_COLOR"] = "1"
        func clipped(_ path: String) throws -> (share: Double, peak: Int) {
            let wav = path + ".wav"
            let result = try Fixtures.run(
                Fixtures.addmusic, ["play", path, "--output", "wav:" + wav], environment: environment)
            #expect(result.status == 0, "\(result.errorOutput)")
            let samples = try WAVSamples(path: wav).samples
            let atLimit = samples.filter { $0 == .max || $0 == .min }.count
            return (Double(atLimit) / Double(max(1, samples.count)), samples.map { abs(Int($0)) }.max() ?? 0)
        }
        let held = try clipped(withPeak)
        #expect(held.share < 0.001, "\(held)")
        #expect(held.peak > 30_000, "the gain was applied up to full scale: \(held)")
        let clipping = try clipped(noPeak)
        #expect(clipping.share > 0.1, "without the peak tag the same gain clips: \(clipping)")
    }

    @Test func onTheSystemPlayerTheDaemonsOwnModeIsSet() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("song.flac")
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        let player = SystemMusicPlayer(address: server.address)
        defer { player.shutDown() }
        for source in [ReplayGainMode.Source.album, .track, .off] {
            player.setReplayGain(ReplayGainMode(source: source))
            player.settle()
            #expect(try server.mpc("replaygain").contains("replay_gain_mode: \(source.rawValue)"))
        }
    }

    @Test func albumModeUsesTheAlbumGainAndFallsBackToTheTrackGain() {
        let album = ReplayGainMode(source: .album)
        let tagged = ReplayGain(trackGain: -6, trackPeak: 0.1, albumGain: 6, albumPeak: 0.1)
        #expect(abs(album.scale(for: tagged) - pow(10, 6.0 / 20)) < 1e-9)
        #expect(abs(album.scale(for: ReplayGain(trackGain: -6)) - pow(10, -6.0 / 20)) < 1e-9)
        #expect(ReplayGainMode(source: .track, preamp: 40).preamp == 15)
        #expect(ReplayGainMode.off.scale(for: tagged) == 1)
        #expect(ReplayGainMode(source: .track).scale(for: ReplayGain()) == 1)
    }
}
