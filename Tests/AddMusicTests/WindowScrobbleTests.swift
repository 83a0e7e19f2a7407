import Foundation
import Testing

/// The preferences' Scrobbling group, driven through the accessibility tree (Tests/desktop/scrobble_settings.py)
/// against the test's ListenBrainz server (B-H11).
@Suite struct WindowScrobbleTests {
    @Test func theScrobblingGroupConnectsListenBrainzByTokenAndLastFMByItsTwoStepsAndDisconnects() throws {
        guard let run = try WindowRun(on: .x11) else { return }
        let server = try ScrobbleServer(log: run.fixtures.root + "/server.log")
        let config = run.fixtures.root + "/config-home/addmusic/config"
        try FileManager.default.createDirectory(
            atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "listenbrainz-server = \(server.url)\nlastfm-server = \(server.url)/2.0/\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        run.environment["FLOW_TOKEN"] = ScrobbleServer.token
        run.environment["FLOW_LASTFM_KEY"] = ScrobbleServer.lastFMKey
        run.environment["FLOW_LASTFM_SECRET"] = ScrobbleServer.lastFMSecret
        run.environment["FLOW_ADDMUSIC"] = Fixtures.addmusic
        try run.drive(driver: "scrobble_settings.py")
        withExtendedLifetime(server) {}
    }
}
