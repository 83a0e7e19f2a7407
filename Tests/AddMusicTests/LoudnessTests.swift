import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The loudness analysis (B-P10): what it measures agrees with FFmpeg's own EBU R128 meter, an album is measured
/// over all its songs together, a kill loses nothing done, and measured songs without ReplayGain tags play levelled.
@Suite struct LoudnessAnalysisTests {
    @Test func eachSongMeasuresWithinATenthOfALUOfFFmpegsMeter() throws {
        let fixtures = try Fixtures()
        let files = [
            try fixtures.tone("quiet.flac", frequency: 1_000, seconds: 6, extraArguments: ["-af", "volume=-20dB"]),
            try noise("noise.mp3", seconds: 6, amplitude: 0.3, fixtures: fixtures, codec: "libmp3lame"),
            try noise("noise.opus", seconds: 6, amplitude: 0.1, fixtures: fixtures, codec: "libopus"),
            try fixtures.tone("bass.ogg", frequency: 60, seconds: 5, codec: "libvorbis"),
        ]
        let songs = try analyzed(fixtures)
        #expect(songs.count == files.count)
        for file in files {
            let song = try #require(songs.first { $0.path == file }, "\(file) not listed")
            let measured = try #require(song.loudness, "\(file) not measured")
            let reference = try Self.ffmpegLoudness(of: [file])
            #expect(abs(try #require(measured.integrated) - reference.integrated) <= 0.1, "\(file): \(measured)")
            // Each meter oversamples in its own way for the true peak: within half a decibel.
            #expect(abs(20 * log10(measured.truePeak) - reference.truePeak) <= 0.5, "\(file): \(measured)")
        }
    }

    @Test func anAlbumIsMeasuredOverAllItsSongsTogether() throws {
        let fixtures = try Fixtures()
        let album = ["album": "Levels", "album_artist": "Meter"]
        let loud = try noise(
            "Levels/1.flac", seconds: 5, amplitude: 0.4, fixtures: fixtures, tags: album.merging(["track": "1"]) { $1 })
        // 6 dB quieter and longer: within the 10 LU of the relative gate, so its blocks count.
        let quiet = try noise(
            "Levels/2.flac", seconds: 9, amplitude: 0.2, fixtures: fixtures, tags: album.merging(["track": "2"]) { $1 })
        let songs = try analyzed(fixtures)
        let reference = try Self.ffmpegLoudness(of: [loud, quiet])
        for song in songs {
            let measured = try #require(song.loudness)
            #expect(
                abs(try #require(measured.album) - reference.integrated) <= 0.1,
                "\(song.path): \(measured), FFmpeg \(reference)")
            #expect(measured.albumPeak == songs.compactMap(\.loudness?.truePeak).max())
        }
        // The album lies between its songs.
        let levels = songs.compactMap(\.loudness?.integrated).sorted()
        let albumLevel = try #require(songs.first?.loudness?.album)
        #expect(levels.count == 2 && albumLevel > levels[0] && albumLevel < levels[1], "\(levels) \(albumLevel)")
    }

    @Test func aKilledAnalysisGoesOnWhereItStoppedAndLosesNothing() throws {
        let fixtures = try Fixtures()
        let first = try noise("long/00.flac", seconds: 60, amplitude: 0.3, fixtures: fixtures)
        for number in 1..<24 {
            try FileManager.default.copyItem(
                atPath: first, toPath: fixtures.music + "/long/\(String(format: "%02d", number)).flac")
        }
        let environment = fixtures.environment()
        #expect(
            try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment).status
                == 0)
        let library = try MusicLibrary(databasePath: fixtures.root + "/data-home/addmusic/library.sqlite")
        let analysis = try Fixtures.start(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        let started = Fixtures.waitUntil(seconds: 120) { ((try? library.loudnessProgress().measured) ?? 0) >= 2 }
        kill(analysis.processIdentifier, SIGKILL)
        analysis.waitUntilExit()
        #expect(started, "no song measured")
        let before = try library.loudnessProgress()
        #expect(
            before.measured >= 2 && before.measured < 24, "killed after \(before.measured) of 24: nothing to resume")
        #expect(try library.checkIntegrity())

        let resumed = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.errorOutput)")
        // Only the songs not measured before the kill are measured again.
        #expect(resumed.output.hasPrefix("Measured \(24 - before.measured) songs"), "\(resumed.output)")
        let after = try library.loudnessProgress()
        #expect(after.measured == 24 && after.total == 24, "\(after)")
        let again = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        #expect(again.output.hasPrefix("Measured 0 songs"), "\(again.output)")
    }

    @Test func aChangedFileIsMeasuredAgainAndAVanishedOneIsToldNotRetried() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone("song.flac", seconds: 3, extraArguments: ["-af", "volume=-10dB"])
        let vanished = try fixtures.tone("vanished.flac", seconds: 3)
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        // Gone after the scan: the index still lists it, and only opening it finds it missing.
        try FileManager.default.removeItem(atPath: vanished)

        let first = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        #expect(first.status == 3 && first.errorOutput.contains("vanished.flac"), "\(first)")
        #expect(first.output.hasPrefix("Measured 1 songs (1 could not be measured)"), "\(first.output)")
        let second = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        #expect(second.status == 0 && second.output.hasPrefix("Measured 0 songs (0 could"), "\(second)")
        let before = try #require(try listed(fixtures).first { $0.path == song }?.loudness?.integrated)

        _ = try fixtures.tone("song.flac", seconds: 3, extraArguments: ["-af", "volume=-2dB"])
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(try listed(fixtures).first { $0.path == song }?.loudness == nil, "a changed file kept its old measure")
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        let after = try #require(try listed(fixtures).first { $0.path == song }?.loudness?.integrated)
        #expect(abs(after - before - 8) <= 0.1, "before \(before), after \(after)")
    }

    @Test func tagsWinOverTheMeasurementAndTheMeasurementLevelsTheUntagged() {
        let measured = Loudness(integrated: -30, truePeak: 0.05, album: -24, albumPeak: 0.1)
        var song = MediaItem(id: 1, path: LibraryPath("/m/a.flac"), title: "A", loudness: measured)
        let track = ReplayGainMode(source: .track), album = ReplayGainMode(source: .album)
        #expect(abs(track.scale(for: song) - pow(10, 12.0 / 20)) < 1e-9)
        #expect(abs(album.scale(for: song) - pow(10, 6.0 / 20)) < 1e-9)
        song.loudness?.truePeak = 0.5  // +12 dB would pass full scale: held to the peak
        #expect(abs(track.scale(for: song) - 2) < 1e-9)
        song.replayGain = ReplayGain(trackGain: -3)
        #expect(abs(track.scale(for: song) - pow(10, -3.0 / 20)) < 1e-9)
        #expect(ReplayGainMode.off.scale(for: song) == 1)
    }

    @Test func aHistogramReadsBackAsWrittenAndRefusesOtherBytes() {
        var histogram = LoudnessHistogram()
        for block in [-80.0, -69.95, -23.04, -23.01, -5, 12, .nan] { histogram.add(blockLoudness: block) }
        #expect(histogram.counts.values.reduce(0, +) == 5)  // below the gate and not a number left out
        #expect(LoudnessHistogram(bytes: histogram.bytes) == histogram)
        #expect(LoudnessHistogram(bytes: [1, 2, 3]) == nil)
        #expect(LoudnessHistogram(bytes: [0xFF, 0xFF, 1, 0, 0, 0]) == nil)
        #expect(LoudnessHistogram.integrated([]) == nil)
    }

    // MARK: Helpers

    /// `seconds` of pink noise at `amplitude`, in stereo.
    private func noise(
        _ name: String, seconds: Int, amplitude: Double, fixtures: Fixtures, codec: String? = nil,
        tags: [String: String] = [:]
    ) throws -> String {
        let path = fixtures.music + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-f", "lavfi", "-i", "anoisesrc=d=\(seconds):c=pink:a=\(amplitude):seed=7", "-ac", "2"]
        if let codec { arguments += ["-c:a", codec] }
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(key)=\(value)"] }
        try fixtures.ffmpeg(arguments + [path])
        return path
    }

    /// The fixture's songs after a scan and an analysis.
    private func analyzed(_ fixtures: Fixtures) throws -> [Listed] {
        let environment = fixtures.environment()
        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.errorOutput)")
        let analysis = try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment)
        #expect(analysis.status == 0, "\(analysis.errorOutput)")
        return try listed(fixtures)
    }

    /// A song as `library songs --json` lists it: its path and loudness.
    struct Listed: Decodable {
        var path: String
        var loudness: Loudness?
    }

    private func listed(_ fixtures: Fixtures) throws -> [Listed] {
        let songs = try Fixtures.run(
            Fixtures.addmusic, ["library", "songs", "--json"], environment: fixtures.environment())
        return try JSONDecoder().decode([Listed].self, from: Data(songs.output.utf8))
    }

    /// The integrated loudness (LUFS, to the thousandth) and true peak (dBTP) FFmpeg's `ebur128` filter measures
    /// over `files` played one after another.
    static func ffmpegLoudness(of files: [String]) throws -> (integrated: Double, truePeak: Double) {
        let log = NSTemporaryDirectory() + "addmusic-r128-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: log) }
        let inputs = files.flatMap { ["-i", $0] }
        let joined = (0..<files.count).map { "[\($0):a]" }.joined()
        let meter =
            "ebur128=peak=true:metadata=1:framelog=verbose,ametadata=mode=print:key=lavfi.r128.I:file=\(log)"
        let result = try Fixtures.run(
            "/usr/bin/ffmpeg",
            ["-nostdin", "-hide_banner", "-nostats"] + inputs
                + ["-filter_complex", "\(joined)concat=n=\(files.count):v=0:a=1,\(meter)", "-f", "null", "-"])
        let integrated = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .last { $0.hasPrefix("lavfi.r128.I=") }.flatMap { Double($0.dropFirst("lavfi.r128.I=".count)) }
        let peak = result.errorOutput.split(separator: "\n").last { $0.contains("Peak:") }
            .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }
        guard let integrated, let peak else { throw FixtureError(message: "ffmpeg measured nothing: \(result)") }
        return (integrated, peak)
    }
}

/// Measured songs without ReplayGain tags play levelled, heard at a real null sink (PulseAudio, or PipeWire with
/// `ADDMUSIC_AUDIO_SERVER=pipewire`).
@Suite(.serialized) struct LoudnessAtTheSinkTests {
    @Test func aQuietUntaggedSongAndALoudOnePlayWithinADecibelAfterAnalysis() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let stereo = "pan=stereo|c0=c0|c1=c0"
        let loud = try fixtures.tone(
            "loud.flac", frequency: 440, seconds: 2, tags: ["title": "Loud"],
            extraArguments: ["-af", "volume=-2dB," + stereo])
        let quiet = try fixtures.tone(
            "quiet.flac", frequency: 440, seconds: 2, tags: ["title": "Quiet"],
            extraArguments: ["-af", "volume=-22dB," + stereo])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        #expect(
            try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment).status
                == 0)
        #expect(try Fixtures.run(Fixtures.addmusic, ["library", "analyze"], environment: environment).status == 0)
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home/addmusic", withIntermediateDirectories: true)
        try "replay-gain = track\n".write(
            toFile: fixtures.root + "/config-home/addmusic/config", atomically: true, encoding: .utf8)
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let result = try Fixtures.run(Fixtures.addmusic, ["play", loud, quiet], environment: environment)
        let sound = Sound(samples: try recording.stop())
        #expect(result.status == 0, "\(result.errorOutput)")
        guard let span = sound.loudSpans().first, span.seconds > 3.5 else {
            Issue.record("no 4 s of sound at the monitor: \(sound.loudSpans())")
            return
        }
        let first = sound.level(fromFrame: span.start + 22_050)
        let second = sound.level(fromFrame: span.start + 2 * 44_100 + 22_050)
        // 20 dB apart in the files; both brought to −18 LUFS by their measurement.
        #expect(abs(first - second) < 1, "loud \(first) dBFS, quiet \(second) dBFS")
    }
}
