import Foundation

/// Reads one reply of the MPD protocol from bytes as they arrive, in pieces of any size: `key: value` lines into a
/// compact `MPDReply`, `binary: N` chunks (when the command has them) as raw bytes, up to the closing `OK`, `ACK …`
/// or a breach of the protocol. Memory stays a small multiple of what arrived, never more than about `limit`
/// bytes plus one line. A value owned by one reader at a time.
struct MPDReplyParser {
    /// The command the reply answers, for errors.
    let command: String
    /// The most bytes the reply may have (lines, newlines and binary data together).
    let limit: Int
    /// Whether a `binary: N` line is followed by N raw bytes (`albumart`, `readpicture`).
    let acceptsBinary: Bool
    /// The lines and binary data read so far; complete once `isFinished`.
    private(set) var reply = MPDReply()
    /// Whether the reply ended with `OK`.
    private(set) var isFinished = false
    /// Why the reply ended otherwise: `MPDError.ack` (a refusal, after which the connection is still in step with
    /// its replies) or another error (after which it is not).
    private(set) var failure: MPDError?

    private enum Mode {
        case lines
        case binary(left: Int)
        case binaryEnd
    }
    private var mode = Mode.lines
    /// The start of a line whose newline has not arrived yet.
    private var partial: [UInt8] = []
    /// Bytes taken so far.
    private var size = 0

    init(command: String, limit: Int = MPDConnection.maximumReply, acceptsBinary: Bool = false) {
        self.command = command
        self.limit = limit
        self.acceptsBinary = acceptsBinary
    }

    /// Whether the parser takes no more bytes (the reply ended or failed).
    var isDone: Bool { isFinished || failure != nil }

    /// Takes bytes from the front of `input`, up to the end of the reply (all of them if it has not ended) or to
    /// the failure, and returns how many it took; the rest belongs to whatever follows.
    mutating func consume(_ input: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < input.count && !isDone {
            let rest = UnsafeRawBufferPointer(rebasing: input[offset...])
            switch mode {
            case .binary(let left):
                let take = min(left, rest.count)
                reply.appendBinary(UnsafeRawBufferPointer(rebasing: rest[..<take]))
                offset += take
                mode = take == left ? .binaryEnd : .binary(left: left - take)
            case .binaryEnd:
                guard rest[0] == 0x0A else {
                    failure = .malformed("no newline after binary data")
                    break
                }
                offset += 1
                mode = .lines
            case .lines:
                guard let found = memchr(rest.baseAddress!, 0x0A, rest.count) else {
                    guard take(rest.count), partial.count + rest.count <= MPDConnection.maximumLine else {
                        if failure == nil { failure = .malformed("line too long") }
                        break
                    }
                    partial.append(contentsOf: rest)
                    offset = input.count
                    break
                }
                let length = UnsafeRawPointer(found) - UnsafeRawPointer(rest.baseAddress!)
                guard take(length + 1), partial.count + length <= MPDConnection.maximumLine else {
                    if failure == nil { failure = .malformed("line too long") }
                    break
                }
                offset += length + 1
                if partial.isEmpty {
                    handle(line: UnsafeRawBufferPointer(rebasing: rest[..<length]))
                } else {
                    partial.append(contentsOf: rest[..<length])
                    let line = partial
                    partial.removeAll(keepingCapacity: true)
                    line.withUnsafeBytes { handle(line: $0) }
                }
            }
        }
        return offset
    }

    /// Counts `count` more bytes of the reply; false (and the failure set) past the limit.
    private mutating func take(_ count: Int) -> Bool {
        size += count
        guard size <= limit else {
            failure = .replyTooLarge(command: command, limit: limit)
            return false
        }
        return true
    }

    private mutating func handle(line: UnsafeRawBufferPointer) {
        if line.elementsEqual("OK".utf8) {
            isFinished = true
            return
        }
        if line.elementsEqual("list_OK".utf8) { return }
        if line.starts(with: "ACK ".utf8) {
            failure = Self.ack(String(decoding: line, as: UTF8.self))
            return
        }
        guard let separator = Self.separator(in: line) else {
            failure = .malformed("line without a key: \(String(decoding: line.prefix(80), as: UTF8.self))")
            return
        }
        let key = UnsafeRawBufferPointer(rebasing: line[..<separator])
        let value = UnsafeRawBufferPointer(rebasing: line[(separator + 2)...])
        reply.append(key: key, value: value)
        guard acceptsBinary, key.elementsEqual("binary".utf8) else { return }
        // The length must be a plain decimal the reply has room for; a lie about it is caught by the limit, the
        // newline that must follow, or the deadline.
        let text = String(decoding: value, as: UTF8.self)
        guard let count = Int(text), count >= 0 else {
            failure = .malformed("binary length \(text.prefix(40))")
            return
        }
        guard count <= limit - size else {
            failure = .replyTooLarge(command: command, limit: limit)
            return
        }
        size += count
        mode = count == 0 ? .binaryEnd : .binary(left: count)
    }

    /// Where the first ": " of `line` starts.
    private static func separator(in line: UnsafeRawBufferPointer) -> Int? {
        guard line.count >= 2 else { return nil }
        for index in 0..<(line.count - 1) where line[index] == 0x3A && line[index + 1] == 0x20 { return index }
        return nil
    }

    /// `ACK [50@0] {play} song doesn't exist`: the code (-1 when it is not a number), the command and the message.
    static func ack(_ line: String) -> MPDError {
        var rest = line.dropFirst(4)
        var code = -1
        var command = ""
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            code = Int(rest[rest.index(after: rest.startIndex)..<close].prefix { $0 != "@" }) ?? -1
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
            command = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return .ack(code: code, command: command, message: rest.trimmingCharacters(in: .whitespaces))
    }
}
