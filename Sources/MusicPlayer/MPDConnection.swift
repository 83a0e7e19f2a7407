// Threads: not thread-safe. One owner uses a connection: the system player's control queue, or its idle thread.
// `interrupt()` alone may be called from another thread, to end a blocked read.
import Foundation

/// One connection to a music daemon over the MPD protocol: commands and their replies, binary chunks, and `idle`.
/// Replies are parsed strictly; every read has a deadline; a reply that breaks the protocol is an error, never a
/// crash or a hang. Owns its socket from `init` to `deinit`.
final class MPDConnection {
    /// A reply line: `key: value`.
    typealias Pair = (key: String, value: String)

    private let socket: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Seconds a reply may take (not `idle`, which waits for as long as nothing changes).
    let timeout: Double
    /// The protocol version from the daemon's greeting ("0.23.5").
    let protocolVersion: String
    let address: MPDAddress

    /// The longest line accepted, and the most a reply may hold: a daemon that sends more is broken or hostile.
    static let maximumLine = 1 << 20
    static let maximumReply = 256 << 20

    /// Connects to `address`, reads the greeting, and sends the password when there is one.
    /// - Throws: `MPDError` when the daemon cannot be reached, does not greet as MPD does, or refuses the password.
    init(address: MPDAddress, timeout: Double = 3) throws(MPDError) {
        self.address = address
        self.timeout = timeout
        socket = try Self.connect(to: address, timeout: timeout)
        do {
            let greeting = try Self.readGreeting(socket: socket, timeout: timeout)
            protocolVersion = greeting
        } catch {
            Glibc.close(socket)
            throw error
        }
        if let password = address.password { _ = try run("password", [password]) }
    }

    deinit { Glibc.close(socket) }

    /// Ends a read in progress on another thread (it fails with `disconnected`) and every later call.
    func interrupt() { shutdown(socket, Int32(SHUT_RDWR)) }

    /// Sends `command` with `arguments` (quoted as the protocol wants) and returns the reply's lines.
    /// - Throws: `MPDError.ack` when the daemon refuses it; other `MPDError`s when the connection fails.
    func run(_ command: String, _ arguments: [String] = []) throws(MPDError) -> [Pair] {
        try send(Self.line(command, arguments))
        return try readReply(command: command, deadline: Date(timeIntervalSinceNow: timeout))
    }

    /// Sends several commands as one list (all or nothing at the daemon's side up to the first failure).
    func runList(_ commands: [(String, [String])]) throws(MPDError) {
        guard !commands.isEmpty else { return }
        var text = "command_list_begin\n"
        for (command, arguments) in commands { text += Self.line(command, arguments) }
        text += "command_list_end\n"
        try send(text)
        _ = try readReply(command: "command_list", deadline: Date(timeIntervalSinceNow: timeout))
    }

    /// The whole of a binary reply (`albumart`, `readpicture`) for `uri`, read chunk by chunk; nil when the daemon
    /// has none (an empty reply).
    func binary(_ command: String, uri: String) throws(MPDError) -> [UInt8]? {
        var data: [UInt8] = []
        var total: Int?
        // One deadline and one size limit for the whole of it, however the daemon trickles or pads it.
        let deadline = Date(timeIntervalSinceNow: timeout)
        var lines = 0
        repeat {
            try send(Self.line(command, [uri, String(data.count)]))
            var size: Int?
            var chunk: [UInt8] = []
            while true {
                let line = try readLine(deadline: deadline)
                lines += 1
                guard lines < 1_000 else { throw MPDError.malformed("binary reply with too many lines") }
                if line == "OK" { break }
                if line.hasPrefix("ACK ") { throw Self.ack(line) }
                let pair = try Self.pair(line)
                switch pair.key {
                case "size": size = Int(pair.value)
                case "binary":
                    guard let count = Int(pair.value), count >= 0, count <= Self.maximumReply else {
                        throw MPDError.malformed("binary length \(pair.value)")
                    }
                    chunk = try readBytes(count, deadline: deadline)
                    guard try readBytes(1, deadline: deadline) == [0x0A] else {
                        throw MPDError.malformed("no newline after binary data")
                    }
                default: break
                }
            }
            guard let size else { return nil }  // a bare OK: no picture
            guard size <= Self.maximumReply, data.count + chunk.count <= size else {
                throw MPDError.malformed("binary reply larger than its size")
            }
            if chunk.isEmpty && data.count < size { throw MPDError.malformed("empty binary chunk") }
            total = size
            data += chunk
        } while data.count < total!
        return data
    }

    /// Waits until one of `subsystems` changes (or `noidle`/`interrupt()` ends the wait) and returns what changed.
    func idle(_ subsystems: [String]) throws(MPDError) -> [String] {
        try send(Self.line("idle", subsystems))
        return try readReply(command: "idle", deadline: nil).filter { $0.key == "changed" }.map(\.value)
    }

    // MARK: Lines

    /// A command line: arguments in double quotes, with `"` and `\` escaped.
    static func line(_ command: String, _ arguments: [String]) -> String {
        var text = command
        for argument in arguments {
            text += " \""
            for character in argument {
                if character == "\"" || character == "\\" { text.append("\\") }
                // A newline would end the command early; the protocol has no escape for it.
                text.append(character == "\n" ? " " : character)
            }
            text += "\""
        }
        return text + "\n"
    }

    private static func pair(_ line: String) throws(MPDError) -> Pair {
        try pair(Array(line.utf8)[...])
    }

    /// Splits a line at its first ": " (on bytes: this runs for every line of every reply).
    private static func pair(_ line: ArraySlice<UInt8>) throws(MPDError) -> Pair {
        var index = line.startIndex
        while index + 1 < line.endIndex {
            if line[index] == 0x3A && line[index + 1] == 0x20 {
                return (
                    String(decoding: line[..<index], as: UTF8.self),
                    String(decoding: line[(index + 2)...], as: UTF8.self)
                )
            }
            index += 1
        }
        throw MPDError.malformed("line without a key: \(String(decoding: line.prefix(80), as: UTF8.self))")
    }

    /// `ACK [50@0] {play} song doesn't exist`.
    private static func ack(_ line: String) -> MPDError {
        let scanner = Scanner(string: line)
        _ = scanner.scanString("ACK [")
        let code = scanner.scanInt() ?? -1
        _ = scanner.scanUpToString("{")
        _ = scanner.scanString("{")
        let command = scanner.scanUpToString("}") ?? ""
        _ = scanner.scanString("}")
        let message = String(line[scanner.currentIndex...]).trimmingCharacters(in: .whitespaces)
        return .ack(code: code, command: command, message: message)
    }

    /// The lines of a reply up to its `OK`, read before `deadline` (nil: however long it takes, for `idle`).
    private func readReply(command: String, deadline: Date?) throws(MPDError) -> [Pair] {
        var pairs: [Pair] = []
        var size = 0
        while true {
            let line = try readLineBytes(deadline: deadline)
            if line.elementsEqual("OK".utf8) { return pairs }
            if line.starts(with: "ACK ".utf8) { throw Self.ack(String(decoding: line, as: UTF8.self)) }
            size += line.count + 1
            guard size <= Self.maximumReply else { throw MPDError.malformed("reply to \(command) too large") }
            if line.elementsEqual("list_OK".utf8) { continue }
            pairs.append(try Self.pair(line))
        }
    }

    // MARK: Socket

    private func send(_ text: String) throws(MPDError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw MPDError.disconnected
            }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next line, without its newline, read before `deadline` (nil: no limit).
    private func readLine(deadline: Date?) throws(MPDError) -> String {
        String(decoding: try readLineBytes(deadline: deadline), as: UTF8.self)
    }

    private func readLineBytes(deadline: Date?) throws(MPDError) -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                }
                return line
            }
            guard buffer.count - start <= Self.maximumLine else { throw MPDError.malformed("line too long") }
            try fill(deadline: deadline)
        }
    }

    private func readBytes(_ count: Int, deadline: Date) throws(MPDError) -> [UInt8] {
        while buffer.count - start < count { try fill(deadline: deadline) }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return bytes
    }

    /// Reads what the socket has, waiting until `deadline` at most (nil: no limit).
    private func fill(deadline: Date?) throws(MPDError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline.map { $0.timeIntervalSinceNow } ?? 0
            if deadline != nil && left <= 0 { throw MPDError.timeout(operation: "read") }
            let ready = poll(&descriptor, 1, deadline == nil ? -1 : Int32((left * 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { throw MPDError.disconnected }
            if ready == 0 { throw MPDError.timeout(operation: "read") }
            break
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw MPDError.disconnected }
            buffer += chunk[..<count]
            return
        }
    }

    private static func readGreeting(socket: Int32, timeout: Double) throws(MPDError) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while line.count < 256 {
            guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { throw MPDError.timeout(operation: "greeting") }
            guard recv(socket, &byte, 1, 0) == 1 else { throw MPDError.disconnected }
            if byte == 0x0A {
                let text = String(decoding: line, as: UTF8.self)
                guard text.hasPrefix("OK MPD ") else { throw MPDError.malformed("greeting \(text.prefix(80))") }
                return String(text.dropFirst(7))
            }
            line.append(byte)
        }
        throw MPDError.malformed("greeting too long")
    }

    private static func connect(to address: MPDAddress, timeout: Double) throws(MPDError) -> Int32 {
        switch address.endpoint {
        case .unix(let path):
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw MPDError.unreachable(address: path, message: String(cString: strerror(errno))) }
            var socketAddress = sockaddr_un()
            socketAddress.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: socketAddress.sun_path) else {
                Glibc.close(fd)
                throw MPDError.unreachable(address: path, message: "socket path too long")
            }
            withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (path.hasPrefix("\0") ? 0 : 1))
            let result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
            }
            guard result == 0 else {
                let message = String(cString: strerror(errno))
                Glibc.close(fd)
                throw MPDError.unreachable(address: path, message: message)
            }
            return fd
        case .tcp(let host, let port):
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            let code = getaddrinfo(host, String(port), &hints, &found)
            guard code == 0, let first = found else {
                throw MPDError.unreachable(address: "\(host):\(port)", message: String(cString: gai_strerror(code)))
            }
            defer { freeaddrinfo(found) }
            var lastError = "no address"
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                entry = current.pointee.ai_next
                let fd = Glibc.socket(
                    current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
                guard fd >= 0 else { continue }
                if connect(fd, to: current.pointee.ai_addr, length: current.pointee.ai_addrlen, timeout: timeout) {
                    // Small replies must not wait for the kernel to gather more (Nagle's algorithm stalls ~40 ms).
                    var on: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                    return fd
                }
                lastError = String(cString: strerror(errno))
                Glibc.close(fd)
            }
            throw MPDError.unreachable(address: "\(host):\(port)", message: lastError)
        }
    }

    /// Connects `fd` within `timeout` seconds (a non-blocking connect, then a wait for it to finish).
    private static func connect(
        _ fd: Int32, to address: UnsafeMutablePointer<sockaddr>?, length: socklen_t, timeout: Double
    ) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if Glibc.connect(fd, address, length) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else {
            errno = ETIMEDOUT
            return false
        }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size)
        errno = failure
        return failure == 0
    }
}
