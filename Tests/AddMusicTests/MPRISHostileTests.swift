import Foundation
import Testing

/// Whatever another program on the session bus sends, AddMusic answers and plays on: a NaN volume is refused, a
/// rate of 0 pauses, and OpenUri on a FIFO or on a file claiming an impossible length never holds the bus.
struct MPRISHostileTests {
    private func call(_ bus: SessionBus, _ environment: [String: String], _ arguments: [String]) throws -> (
        status: Int32, output: String, errorOutput: String
    ) {
        try Fixtures.run(
            "/usr/bin/dbus-send",
            ["--session", "--dest=org.mpris.MediaPlayer2.addmusic", "--print-reply", "--reply-timeout=5000"]
                + arguments, environment: environment)
    }

    private func setProperty(_ name: String, _ value: String) -> [String] {
        [
            "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player",
            "string:" + name, value,
        ]
    }

    @Test func hostileCallsOnTheBusAreRefusedOrHandledAndTheAppPlaysOn() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone("album/1.flac", seconds: 30, tags: ["title": "First", "album": "Alpha"])
        try fixtures.tone("album/2.flac", seconds: 30, tags: ["title": "Second", "album": "Alpha"])
        let fifo = try HostileFiles.make("fifo.mp3", in: fixtures.root + "/hostile")
        let huge = try HostileFiles.make("rf64-huge.wav", in: fixtures.root + "/hostile")
        let (app, environment) = try bus.playAlbum("Alpha", of: fixtures)
        defer {
            if app.isRunning { kill(app.processIdentifier, SIGKILL) }
            app.waitUntilExit()
        }
        #expect(Fixtures.waitUntil(seconds: 15) { (try? bus.playerctl("status")) == "Playing" })
        try bus.playerctl("volume", "0.5")

        // NaN: refused, the volume stays.
        let nan = try call(bus, environment, setProperty("Volume", "variant:double:nan"))
        #expect(nan.status != 0, "a NaN volume was accepted")
        #expect(abs((Double(try bus.playerctl("volume")) ?? 0) - 0.5) < 0.01)

        // OpenUri on a FIFO: answered at once, and the bus keeps answering.
        let opened = try call(
            bus, environment,
            ["/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.OpenUri", "string:file://" + fifo])
        #expect(opened.status == 0, "\(opened.errorOutput)")
        #expect(try bus.playerctl("status") == "Playing")
        #expect(try bus.playerctl("metadata", "title") == "First")

        // OpenUri on a file claiming 2^62 samples: played, nothing overflows.
        _ = try call(
            bus, environment,
            ["/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.OpenUri", "string:file://" + huge])
        #expect(Fixtures.waitUntil(seconds: 10) { (try? bus.playerctl("metadata", "title")) == "rf64-huge" })
        _ = try? bus.playerctl("metadata")
        _ = try? bus.playerctl("position")
        #expect(app.isRunning)

        // Rate 0: pauses, as the specification asks.
        try bus.playerctl("play")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("status")) == "Playing" })
        let rate = try call(bus, environment, setProperty("Rate", "variant:double:0"))
        #expect(rate.status == 0, "\(rate.errorOutput)")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("status")) == "Paused" })
        let fast = try call(bus, environment, setProperty("Rate", "variant:double:2"))
        #expect(fast.errorOutput.contains("NotSupported"), "\(fast.errorOutput)")
        #expect(app.isRunning)
    }
}
