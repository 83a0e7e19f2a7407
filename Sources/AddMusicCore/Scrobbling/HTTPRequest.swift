import CHTTP
import Foundation

/// One HTTP or HTTPS request through libcurl (`CHTTP`), which blocks the calling thread for at most `timeout`
/// seconds: never send one on the main thread.
struct HTTPRequest: Sendable {
    var method = "POST"
    var url: String
    /// Header lines, "Name: value".
    var headers: [String] = []
    var body: [UInt8] = []
    var timeout = 20

    /// What the server answered: its status and body (at most 1 MiB).
    struct Reply: Sendable {
        var status: Int
        var body: [UInt8]
    }

    /// Sends the request: the server's reply (whatever its status), or why none came.
    func send() -> Result<Reply, ScrobbleError> {
        var reply = addmusic_http_reply()
        defer { addmusic_http_reply_free(&reply) }
        let sent = withCStrings(headers) { lines in
            self.body.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    addmusic_http_send(
                        method, url, lines, Int32(lines.count), text.baseAddress, text.count, timeout, &reply)
                }
            }
        }
        guard sent == 0 else {
            let message = withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(.unreachable(message))
        }
        let received =
            reply.body.map { start in
                UnsafeRawBufferPointer(start: start, count: reply.length).map { $0 }
            } ?? []
        return .success(Reply(status: reply.status, body: received))
    }

    /// Calls `body` with `strings` as C strings, valid during the call.
    private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer<CChar>($0) } })
    }
}
