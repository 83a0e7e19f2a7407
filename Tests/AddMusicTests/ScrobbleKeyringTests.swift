import Foundation
import Testing

/// The scrobbling secrets in the desktop's keyring (B-H11): a real GNOME Keyring, unlocked, on a private session
/// bus, read back with libsecret's own `secret-tool`.
@Suite struct ScrobbleKeyringTests {
    /// Starts `gnome-keyring-daemon` (its secrets only) on `bus`, its login keyring made and unlocked with a test
    /// password, keeping its files under `home`; nil (and a note) when it is not installed outside CI.
    private func keyring(on bus: SessionBus, home: String) throws -> Process? {
        for path in ["/usr/bin/gnome-keyring-daemon", "/usr/bin/secret-tool"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(path) is missing") }
            print("SKIPPED: \(path) is not installed; run scripts/setup --test")
            return nil
        }
        var environment = bus.environment(["HOME": home, "PATH": "/usr/bin:/bin"])
        environment["XDG_RUNTIME_DIR"] = home + "/runtime"
        try FileManager.default.createDirectory(
            atPath: home + "/runtime", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/gnome-keyring-daemon")
        daemon.arguments = ["--foreground", "--unlock", "--components=secrets"]
        daemon.environment = environment
        let password = Pipe()
        daemon.standardInput = password
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        password.fileHandleForWriting.write(Data("test-password".utf8))
        try password.fileHandleForWriting.close()
        // Its name owned on the bus before anything asks (else the bus would start another, locked, one).
        let owned = Fixtures.waitUntil(seconds: 10) {
            let answer = try? Fixtures.run(
                "/usr/bin/dbus-send",
                [
                    "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                    "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
                ], environment: environment)
            return answer?.output.contains("boolean true") == true
        }
        guard owned else {
            kill(daemon.processIdentifier, SIGKILL)
            throw FixtureError(message: "gnome-keyring-daemon did not take org.freedesktop.secrets")
        }
        return daemon
    }

    private func secretTool(_ name: String, _ environment: [String: String]) throws -> String {
        try Fixtures.run("/usr/bin/secret-tool", ["lookup", "name", name], environment: environment).output
    }

    @Test func withAKeyringTheTokenIsKeptThereNotInAFileUsedAndForgottenOnLogout() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        guard let daemon = try keyring(on: bus, home: fixtures.root) else { return }
        defer {
            // SIGKILL: a process started from a test thread inherits its blocked SIGTERM.
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        try fixtures.tone("long.flac", seconds: 40, tags: ["artist": "Artist", "title": "Kept Song"])
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        let environment = bus.environment(fixtures.environment())
        let connected = try Fixtures.run(
            Fixtures.addmusic,
            ["scrobble", "login", "listenbrainz", "--server", server.url, "--token", ScrobbleServer.token],
            environment: environment)
        #expect(connected.status == 0 && connected.output.contains("keyring"), "\(connected)")
        #expect(!connected.output.contains(ScrobbleServer.token))
        #expect(try secretTool("listenbrainz-token", environment) == ScrobbleServer.token + "\n")
        let tokenFile = fixtures.root + "/config-home/addmusic/secrets/listenbrainz-token"
        #expect(!FileManager.default.fileExists(atPath: tokenFile), "no copy in a file")
        // The token is read back from the keyring to submit a play.
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", fixtures.music + "/long.flac", "--output", "null:fast"],
            environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        #expect(server.stored().count == 1, "\(server.requests())")
        let loggedOut = try Fixtures.run(
            Fixtures.addmusic, ["scrobble", "logout", "listenbrainz"], environment: environment)
        #expect(loggedOut.status == 0, "\(loggedOut)")
        #expect(try secretTool("listenbrainz-token", environment).isEmpty)
        let status = try Fixtures.run(Fixtures.addmusic, ["scrobble", "status"], environment: environment)
        #expect(status.output.contains("ListenBrainz: not connected"), "\(status)")
    }

    @Test func withoutAKeyringTheSecretGoesToAFileOnlyTheUserCanReadAndSaysWhy() throws {
        let fixtures = try Fixtures()
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        let connected = try Fixtures.run(
            Fixtures.addmusic,
            ["scrobble", "login", "listenbrainz", "--server", server.url, "--token", ScrobbleServer.token],
            environment: fixtures.environment())
        #expect(connected.status == 0 && connected.output.contains("kept in a file only you can read"), "\(connected)")
        let tokenFile = fixtures.root + "/config-home/addmusic/secrets/listenbrainz-token"
        #expect((try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int) == 0o600)
    }
}
