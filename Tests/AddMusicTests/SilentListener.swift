import Foundation

/// A loopback TCP port that takes connections and never says a word (a stream server that hangs). The test accepts
/// the connections itself, so it can count them and see which the client still holds open; all are closed when the
/// listener goes away.
final class SilentListener {
    /// The port, on 127.0.0.1.
    let port: UInt16
    private let listener: Int32
    private var accepted: [Int32] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw FixtureError(message: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // A backlog wide enough for every connection a test makes before it accepts them.
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw FixtureError(message: "bind or listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
    }

    deinit {
        accepted.forEach { close($0) }
        close(listener)
    }

    /// An `http` URL of `path` on this port.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many connections have been accepted so far.
    var acceptedCount: Int { accepted.count }

    /// Waits for the next connection (at most `seconds`, a bound for a test that fails, not a timing) and accepts
    /// it; false when none came.
    func accept(seconds: Double = 60) -> Bool {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, Int32(seconds * 1000)) == 1 else { return false }
        let connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { return false }
        accepted.append(connection)
        return true
    }

    /// Accepts every connection already made, without waiting; returns how many there were.
    func acceptMade() -> Int {
        var count = 0
        while accept(seconds: 0) { count += 1 }
        return count
    }

    /// How many of the accepted connections the client still holds open (it has not closed its end): what it sent
    /// is read and dropped, then a read that would wait means open.
    var openCount: Int {
        accepted.filter { connection in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let read = recv(connection, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if read > 0 { continue }
                return read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            }
        }.count
    }
}
