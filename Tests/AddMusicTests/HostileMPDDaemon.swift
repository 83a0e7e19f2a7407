// Threads: an accepting thread, and one thread per client connection, each ending when the daemon goes away.
import Foundation
import MusicPlayer

/// A fake music daemon on loopback, served by threads inside the test, that misbehaves as no real MPD does: it
/// trickles its greeting, stops reading, or answers each command with whatever bytes the test scripts, at once, one
/// byte at a time, or made on the fly by the megabyte. Every connection closes when it goes away.
final class HostileMPDDaemon: @unchecked Sendable {
    /// How the daemon greets a client.
    enum Greeting: Sendable {
        /// `OK MPD 0.23.5` at once.
        case normal
        /// `OK MPD 0.23.5` a byte every `every` seconds.
        case slow(every: Double)
        /// `OK MPD 0.23.5` a byte every `every` seconds, then digits at that pace without end: no newline comes.
        case endless(every: Double)
    }

    /// How the daemon answers one command (a command list counts as one, with all its lines).
    enum Answer: Sendable {
        /// These bytes at once.
        case bytes(String)
        /// These bytes, one every `every` seconds.
        case slowly(String, every: Double)
        /// `line` `times` times (made as it goes out), then `end`.
        case repeated(String, times: Int, end: String)
        /// Nothing: it goes on reading (an `idle` that sees no change).
        case nothing
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var stopped = false
        var clients: [Int32] = []
        var isStopped: Bool { lock.withLock { stopped } }
    }

    private let listener: Int32
    private let state = State()
    let port: Int

    var address: MPDAddress { MPDAddress(.tcp(host: "127.0.0.1", port: port)) }

    /// A daemon that greets as `greeting` says, then reads commands (unless `reads` is false: it never reads a byte)
    /// and answers each as `answer` says. `receiveBuffer` shrinks its sockets' receive buffers (a daemon that does
    /// not read then fills up quickly).
    init(
        greeting: Greeting = .normal, reads: Bool = true, receiveBuffer: Int32? = nil,
        answer: @escaping @Sendable (_ commands: [String]) -> Answer = { _ in .bytes("OK\n") }
    ) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        if var size = receiveBuffer {
            setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw FixtureError(message: "cannot listen on loopback")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let state = state
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else {
                    close(listener)  // shut down by deinit: closed by the one thread that accepts on it
                    return
                }
                let accepted = state.lock.withLock {
                    if !state.stopped { state.clients.append(client) }
                    return !state.stopped
                }
                guard accepted else {
                    close(client)
                    return
                }
                Thread {
                    Self.serve(client, greeting: greeting, reads: reads, answer: answer, state: state)
                    // Closed under the lock, so that the stop never shuts down a number reused by someone else.
                    state.lock.withLock {
                        state.clients.removeAll { $0 == client }
                        close(client)
                    }
                }.start()
            }
        }.start()
    }

    deinit {
        state.lock.withLock {
            state.stopped = true
            for client in state.clients { shutdown(client, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))  // the accepting thread wakes, closes it and ends
    }

    private static func serve(
        _ client: Int32, greeting: Greeting, reads: Bool, answer: ([String]) -> Answer, state: State
    ) {
        let hello = Array("OK MPD 0.23.5".utf8)
        switch greeting {
        case .normal: guard sendAll(client, hello + [0x0A]) else { return }
        case .slow(let every): guard sendSlowly(client, hello + [0x0A], every: every, state: state) else { return }
        case .endless(let every):
            guard sendSlowly(client, hello, every: every, state: state) else { return }
            while sendSlowly(client, Array("0".utf8), every: every, state: state) {}
            return
        }
        guard reads else {
            while !state.isStopped { Thread.sleep(forTimeInterval: 0.05) }
            return
        }
        var line: [UInt8] = []
        var list: [String]?
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            for byte in chunk[..<count] {
                guard byte == 0x0A else {
                    line.append(byte)
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                line.removeAll(keepingCapacity: true)
                var commands: [String]
                switch text {
                case "command_list_begin", "command_list_ok_begin":
                    list = []
                    continue
                case "command_list_end":
                    commands = list ?? []
                    list = nil
                default:
                    if list != nil {
                        list?.append(text)
                        continue
                    }
                    commands = [text]
                }
                guard respond(client, answer(commands), state: state) else { return }
            }
        }
    }

    private static func respond(_ client: Int32, _ answer: Answer, state: State) -> Bool {
        switch answer {
        case .bytes(let text): return sendAll(client, Array(text.utf8))
        case .slowly(let text, let every): return sendSlowly(client, Array(text.utf8), every: every, state: state)
        case .repeated(let line, let times, let end):
            let block = Array(String(repeating: line, count: max(1, 1 << 20 / max(1, line.utf8.count))).utf8)
            let perBlock = max(1, 1 << 20 / max(1, line.utf8.count))
            var left = times
            while left > 0 {
                let bytes = left >= perBlock ? block : Array(String(repeating: line, count: left).utf8)
                guard !state.isStopped, sendAll(client, bytes) else { return false }
                left -= min(left, perBlock)
            }
            return sendAll(client, Array(end.utf8))
        case .nothing: return true
        }
    }

    private static func sendAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(client, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func sendSlowly(_ client: Int32, _ bytes: [UInt8], every: Double, state: State) -> Bool {
        for byte in bytes {
            guard !state.isStopped, sendAll(client, [byte]) else { return false }
            Thread.sleep(forTimeInterval: every)
        }
        return true
    }
}
