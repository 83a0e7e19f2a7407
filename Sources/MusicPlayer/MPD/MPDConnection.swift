// Threads: not thread-safe. One owner uses a connection: the system player's control queue, its idle thread, or its
// artwork queue. `interrupt()` alone may be called from another thread, to end a blocked wait.
import Foundation
import MediaModel

/// One connection to a music daemon over the MPD protocol: commands and their replies, binary chunks, and `idle`.
///
/// Nothing here can hang or grow without bound: connecting, the greeting, each send and each whole reply have a
/// deadline (`timeout` seconds each); replies are parsed as they stream in, strictly, and may hold at most
/// `maximumReply` bytes. Any failure but a refusal (`ACK`) closes the connection, so that a half-read reply is never
/// taken for the start of the next one; every later call then throws `MPDError.disconnected`. Owns its socket from
/// `init` to `deinit`.
final class MPDConnection {
    /// A reply line: `key: value`.
    typealias Pair = (key: String, value: String)

    /// The longest line accepted.
    static let maximumLine = 1 << 20
    /// The most bytes one reply may hold: 32 MiB, four times the daemon's own default limit on what it sends a client
    /// (`max_output_buffer_size`, 8 MiB). A daemon that sends more is broken or hostile: the reply fails with
    /// `MPDError.replyTooLarge` and the connection is closed.
    static let maximumReply = 32 << 20
    /// The most command text sent in one command list: 256 KiB, well under the daemon's `max_command_list_size`
    /// (2 MiB by default), past which it closes the connection.
    static let maximumListBytes = 256 << 10
    /// The most commands in one command list, so that each list's reply comes well within the deadline.
    static let maximumListCommands = 1024

    private let socket: MPDSocket
    /// Bytes received and not yet taken: `buffer[start..<end]`.
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    private var end = 0
    private var isClosed = false
    /// Seconds each step may take: connecting, the greeting, each send, each reply (not `idle`'s wait for a change).
    let timeout: Double
    /// The protocol version from the daemon's greeting ("0.23.5").
    private(set) var protocolVersion = ""
    let address: MPDAddress

    /// Connects to `address`, reads the greeting, and sends the password when there is one; each of these within
    /// `timeout` seconds.
    /// - Throws: `MPDError` when the daemon cannot be reached, does not greet as MPD does in time, or refuses the
    ///   password.
    init(address: MPDAddress, timeout: Double = 3) throws(MPDError) {
        self.address = address
        self.timeout = timeout
        socket = try MPDSocket(connectingTo: address, deadline: MPDDeadline(seconds: timeout))
        try guarded { () throws(MPDError) in
            protocolVersion = try readGreeting(deadline: MPDDeadline(seconds: timeout))
            if let password = address.password { _ = try exchange("password", [password]) }
        }
    }

    /// Ends a wait in progress on another thread (it fails with `disconnected`) and every later call. Any thread.
    func interrupt() { socket.interrupt() }

    /// Sends `command` with `arguments` (quoted as the protocol wants) and returns the reply's lines.
    /// - Throws: `MPDError.ack` when the daemon refuses it; other `MPDError`s when the connection fails (it is then
    ///   closed).
    @discardableResult
    func run(_ command: String, _ arguments: [String] = []) throws(MPDError) -> MPDReply {
        try guarded { () throws(MPDError) in try exchange(command, arguments) }
    }

    /// Sends `commands` in order, as command lists of at most `maximumListBytes` of text and `maximumListCommands`
    /// commands each (the daemon closes the connection on a list past its own limit). The daemon runs each list's
    /// commands one by one up to the first it refuses; so do these lists: a refusal ends the whole, and what ran
    /// before it stays done.
    /// - Throws: `MPDError.ack` for the first refusal; other `MPDError`s when the connection fails.
    func runList(_ commands: [(String, [String])]) throws(MPDError) {
        try guarded { () throws(MPDError) in
            var text: [UInt8] = []
            var count = 0
            func flush() throws(MPDError) {
                let list = Array("command_list_begin\n".utf8) + text + Array("command_list_end\n".utf8)
                try send(list, operation: "sending command_list")
                _ = try readReply(command: "command_list", deadline: MPDDeadline(seconds: timeout))
                text.removeAll(keepingCapacity: true)
                count = 0
            }
            for (command, arguments) in commands {
                let line = try Self.line(command, arguments).utf8
                if count > 0 && (count == Self.maximumListCommands || text.count + line.count > Self.maximumListBytes) {
                    try flush()
                }
                text += line
                count += 1
            }
            if count > 0 { try flush() }
        }
    }

    /// The whole of a binary reply (`albumart`, `readpicture`) for `uri`, read chunk by chunk within one deadline
    /// and one size limit; nil when the daemon has none (an empty reply).
    /// - Throws: `MPDError.ack` when the daemon refuses (no such file, or no picture of that kind); other `MPDError`s
    ///   when the reply breaks the protocol or the connection fails.
    func binary(_ command: String, uri: String) throws(MPDError) -> [UInt8]? {
        try guarded { () throws(MPDError) -> [UInt8]? in
            let deadline = MPDDeadline(seconds: timeout)
            var data: [UInt8] = []
            while true {
                try send(
                    Array(try Self.line(command, [uri, String(data.count)]).utf8), operation: "sending \(command)")
                let reply = try readReply(command: command, deadline: deadline, binary: true)
                if data.isEmpty && reply.value(of: "size") == nil { return nil }  // a bare OK: no picture
                if try !Self.appendChunk(of: reply, to: &data) { return data }
            }
        }
    }

    /// Adds the binary chunk of `reply` to `data`; true while more is to come, false once `data` holds the
    /// announced size.
    /// - Throws: `MPDError.malformed` when the chunk has no size or contradicts it.
    static func appendChunk(of reply: MPDReply, to data: inout [UInt8]) throws(MPDError) -> Bool {
        guard let sizeText = reply.value(of: "size") else { throw MPDError.malformed("binary chunk without a size") }
        guard let size = Int(sizeText), size >= 0, size <= maximumReply else {
            throw MPDError.malformed("binary size \(sizeText.prefix(40))")
        }
        guard data.count + reply.binary.count <= size else {
            throw MPDError.malformed("binary reply larger than its size")
        }
        if reply.binary.isEmpty && data.count < size { throw MPDError.malformed("empty binary chunk") }
        data += reply.binary
        return data.count < size
    }

    /// Waits until one of `subsystems` changes (or `interrupt()` ends the wait) and returns what changed. The wait
    /// has no deadline; the reply, once it starts, has.
    /// - Throws: `MPDError` when the connection fails or is interrupted.
    func idle(_ subsystems: [String]) throws(MPDError) -> [String] {
        try guarded { () throws(MPDError) -> [String] in
            try send(Array(try Self.line("idle", subsystems).utf8), operation: "sending idle")
            return try readReply(command: "idle", deadline: nil).values(of: "changed")
        }
    }

    // MARK: Lines

    /// A command line: arguments in double quotes, with `"` and `\` escaped, one Unicode scalar at a time (a Swift
    /// `Character` may join a quote, or CR and LF, to the scalars before it, and must never hide them).
    /// - Throws: `MPDError.unsendable` when an argument holds a line feed or a NUL: the daemon ends a command at the
    ///   first line feed, and the protocol has no escape for one, so such an argument could only be cut short or
    ///   run as a command of its own. Nothing is sent then.
    static func line(_ command: String, _ arguments: [String]) throws(MPDError) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: command.unicodeScalars)
        for argument in arguments {
            text.append(contentsOf: " \"".unicodeScalars)
            for scalar in argument.unicodeScalars {
                switch scalar {
                case "\n", "\0": throw MPDError.unsendable(command: command, argument: argument)
                // A carriage return inside quotes is taken as it is; escaped, it reads as itself too.
                case "\"", "\\", "\r": text.append("\\")
                default: break
                }
                text.append(scalar)
            }
            text.append("\"")
        }
        text.append("\n")
        return String(text)
    }

    /// `text` as a quoted string inside a filter expression (`(file == "…")`): `"` and `\` escaped one Unicode scalar
    /// at a time. The expression is then quoted again as an argument of its command.
    static func filterQuoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }

    // MARK: Exchanges

    /// Runs `body`; any failure but a refusal closes the connection. After a close, throws `disconnected`.
    private func guarded<T>(_ body: () throws(MPDError) -> T) throws(MPDError) -> T {
        guard !isClosed else { throw MPDError.disconnected }
        do {
            return try body()
        } catch .ack(let code, let command, let message) {
            throw MPDError.ack(code: code, command: command, message: message)  // the connection is still in step
        } catch .unsendable(let command, let argument) {
            throw MPDError.unsendable(command: command, argument: argument)  // nothing of it was sent
        } catch {
            isClosed = true
            socket.interrupt()
            throw error
        }
    }

    private func exchange(_ command: String, _ arguments: [String]) throws(MPDError) -> MPDReply {
        try send(Array(try Self.line(command, arguments).utf8), operation: "sending \(command)")
        return try readReply(command: command, deadline: MPDDeadline(seconds: timeout))
    }

    private func send(_ bytes: [UInt8], operation: String) throws(MPDError) {
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out as a result.
        let deadline = MPDDeadline(seconds: timeout)
        try bytes.withUnsafeBytes { raw in
            Result { () throws(MPDError) in try socket.send(raw, operation: operation, deadline: deadline) }
        }.get()
    }

    /// The reply up to its `OK`, complete before `deadline`; with no deadline (`idle`), the wait for its first byte
    /// is unbounded and the rest must come within `timeout`.
    private func readReply(command: String, deadline: MPDDeadline?, binary: Bool = false) throws(MPDError) -> MPDReply {
        var parser = MPDReplyParser(command: command, acceptsBinary: binary)
        var deadline = deadline
        while true {
            if start < end {
                let used = buffer.withUnsafeBytes { parser.consume(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
                start += used
                if start == end { (start, end) = (0, 0) }
                if let failure = parser.failure { throw failure }
                if parser.isFinished { return parser.reply }
            }
            try fill(operation: "reply to \(command)", deadline: deadline)
            if deadline == nil { deadline = MPDDeadline(seconds: timeout) }
        }
    }

    /// The greeting line, `OK MPD <version>`, complete before `deadline`.
    private func readGreeting(deadline: MPDDeadline) throws(MPDError) -> String {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                guard text.hasPrefix("OK MPD ") else { throw MPDError.malformed("greeting \(text.prefix(80))") }
                return String(text.dropFirst(7))
            }
            guard end - start < 256 else { throw MPDError.malformed("greeting too long") }
            try fill(operation: "greeting", deadline: deadline)
        }
    }

    /// Receives what the socket has into the free end of the buffer (moving what is unread to its front first).
    private func fill(operation: String, deadline: MPDDeadline?) throws(MPDError) {
        if end == buffer.count {
            buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
            }
            (start, end) = (0, end - start)
        }
        let count = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(MPDError) -> Int in
                try socket.receive(
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]), operation: operation, deadline: deadline
                )
            }
        }.get()
        end += count
    }
}
