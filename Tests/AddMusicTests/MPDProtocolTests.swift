import Foundation
import Testing

@testable import MusicPlayer

/// The MPD client against a fake daemon on loopback that breaks the protocol: every bad reply is an error, never a
/// crash or a hang.
@Suite struct MPDProtocolTests {
    @Test func aGoodReplyIsParsedAndAnAckBecomesATypedError() throws {
        let server = try FakeMPDServer(reply: "volume: 50\nstate: play\nOK\nACK [50@0] {play} song doesn't exist\n")
        let connection = try MPDConnection(address: server.address, timeout: 2)
        #expect(connection.protocolVersion == "0.23.5")
        let pairs = try connection.run("status")
        #expect(pairs.map(\.key) == ["volume", "state"] && pairs.map(\.value) == ["50", "play"])
        #expect(throws: MPDError.ack(code: 50, command: "play", message: "song doesn't exist")) {
            try connection.run("play", ["7"])
        }
    }

    @Test func aTruncatedReplyIsADisconnection() throws {
        let server = try FakeMPDServer(reply: "volume: 50\nsta", thenClose: true)
        let connection = try MPDConnection(address: server.address, timeout: 2)
        #expect(throws: MPDError.disconnected) { try connection.run("status") }
    }

    @Test func aMalformedLineIsAnError() throws {
        let server = try FakeMPDServer(reply: "volume 50\nOK\n")
        let connection = try MPDConnection(address: server.address, timeout: 2)
        #expect(throws: MPDError.malformed("line without a key: volume 50")) { try connection.run("status") }
    }

    @Test func anEndlessLineIsRefusedNotSwallowed() throws {
        let server = try FakeMPDServer(reply: "file: " + String(repeating: "x", count: 3 << 20) + "\nOK\n")
        let connection = try MPDConnection(address: server.address, timeout: 2)
        #expect(throws: MPDError.malformed("line too long")) { try connection.run("playlistinfo") }
    }

    @Test func aBinaryChunkLongerThanItsSizeIsAnError() throws {
        let server = try FakeMPDServer(reply: "size: 4\nbinary: 8\n12345678\nOK\n")
        let connection = try MPDConnection(address: server.address, timeout: 2)
        #expect(throws: MPDError.malformed("binary reply larger than its size")) {
            try connection.binary("albumart", uri: "a.flac")
        }
    }

    @Test func aSilentDaemonTimesOut() throws {
        let server = try FakeMPDServer(reply: "")
        let connection = try MPDConnection(address: server.address, timeout: 0.5)
        #expect(throws: MPDError.timeout(operation: "reply to status")) { try connection.run("status") }
    }

    @Test func aTricklingReplyTimesOutAsAWhole() throws {
        let server = try FakeMPDServer(reply: String(repeating: "volume: 50\n", count: 100) + "OK\n", trickle: true)
        let connection = try MPDConnection(address: server.address, timeout: 0.6)
        #expect(throws: MPDError.timeout(operation: "reply to status")) { try connection.run("status") }
    }

    @Test func timesThatAreNoNumbersAreLeftOut() {
        #expect(MPDSong.seconds("12.5") == 12.5)
        for bad in ["nan", "inf", "-3", "1e300", "", "12s"] { #expect(MPDSong.seconds(bad) == nil) }
        let item = MPDSong.item(from: [("file", "a/b.flac"), ("duration", "nan"), ("Title", "T")])
        #expect(item?.duration == 0 && item?.title == "T")
    }

    @Test func somethingThatIsNotMPDIsToldApart() throws {
        let server = try FakeMPDServer(greeting: "SSH-2.0-OpenSSH_9.2\n", reply: "")
        #expect(throws: MPDError.malformed("greeting SSH-2.0-OpenSSH_9.2")) {
            try MPDConnection(address: server.address, timeout: 1)
        }
        #expect(throws: MPDError.self) {
            try MPDConnection(address: MPDAddress(.tcp(host: "127.0.0.1", port: 1)), timeout: 1)
        }
    }

    @Test func theSystemPlayerSurvivesAHostileDaemon() throws {
        let server = try FakeMPDServer(reply: "state: play\nsong: 99999999999999999999\nplaylist: x\n\u{0}\u{1B}[2J\n")
        let player = SystemMusicPlayer(address: server.address)
        defer { player.shutDown() }
        player.play()
        player.setQueue(MediaItemCollection(items: []))
        #expect(player.queue.isEmpty && player.nowPlayingItem == nil)
    }

    @Test func mpdHostAndPortAreReadFromTheEnvironment() {
        let address = MPDAddress.configured(
            environment: ["MPD_HOST": "secret@music.local", "MPD_PORT": "6601"], config: .init(path: "/nonexistent"))
        #expect(address == MPDAddress(.tcp(host: "music.local", port: 6601), password: "secret"))
        let socket = MPDAddress.configured(
            environment: ["MPD_HOST": "/run/mpd/socket"], config: .init(path: "/nonexistent"))
        #expect(socket == MPDAddress(.unix(path: "/run/mpd/socket")))
    }
}

/// A daemon that greets, then answers every line it is sent with the next part of a script (all of `reply` for
/// the first command), and closes when told to.
final class FakeMPDServer: @unchecked Sendable {
    private let listener: Int32
    let port: Int

    var address: MPDAddress { MPDAddress(.tcp(host: "127.0.0.1", port: port)) }

    /// With `trickle`, the reply goes out a byte every 50 ms.
    init(greeting: String = "OK MPD 0.23.5\n", reply: String, thenClose: Bool = false, trickle: Bool = false) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw FixtureError(message: "cannot listen on loopback") }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else {
                    // Shut down by deinit: closed here, by the one thread that uses it, so that its number is never
                    // taken by another socket while this thread still accepts on it (it then took another test's
                    // connections).
                    close(listener)
                    return
                }
                Thread {
                    _ = greeting.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    var byte: UInt8 = 0
                    var answered = false
                    while recv(client, &byte, 1, 0) == 1 {
                        guard byte == 0x0A, !answered else { continue }
                        answered = true
                        let bytes = Array(reply.utf8)
                        if trickle {
                            for var byte in bytes {
                                guard send(client, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
                                Thread.sleep(forTimeInterval: 0.05)
                            }
                        } else {
                            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                        }
                        if thenClose { break }
                    }
                    close(client)
                }.start()
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))  // the accepting thread wakes, closes it and ends
    }
}
