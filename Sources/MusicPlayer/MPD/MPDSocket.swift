// Threads: not thread-safe; one owner uses a socket. `interrupt()` alone may be called from another thread, to end a
// wait in progress.
import Glibc

/// A stream socket to a music daemon (TCP or Unix), non-blocking underneath so that every operation has a deadline:
/// connecting, each send and each receive wait with `poll` for at most the time left, retry `EINTR`, and never raise
/// `SIGPIPE`. Owns its descriptor from `init` to `deinit`.
final class MPDSocket {
    private let descriptor: Int32

    /// Connects to `address` before `deadline` (a host name resolved within it by `MPDHostLookup`, then a
    /// non-blocking connect and a wait for it to finish).
    /// - Throws: `MPDError.unreachable` when nothing listens there; `MPDError.timeout("connecting")` at the deadline.
    init(connectingTo address: MPDAddress, deadline: MPDDeadline) throws(MPDError) {
        descriptor = try Self.open(address, deadline: deadline)
    }

    /// A descriptor connected to `address` before `deadline` (see `init`).
    private static func open(_ address: MPDAddress, deadline: MPDDeadline) throws(MPDError) -> Int32 {
        switch address.endpoint {
        case .unix(let path):
            var socketAddress = sockaddr_un()
            socketAddress.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: socketAddress.sun_path) else {
                throw MPDError.unreachable(address: path, message: "socket path too long")
            }
            withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
            // An abstract name ("\0name") has no terminating zero; a path has one.
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (path.hasPrefix("\0") ? 0 : 1))
            let result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(family: AF_UNIX, protocol: 0, to: $0, length: length, deadline: deadline)
                }
            }
            switch result {
            case .success(let connected): return connected
            case .failure(.unreachable(_, let message)): throw MPDError.unreachable(address: path, message: message)
            case .failure(let other): throw other
            }
        case .tcp(let host, let port):
            var failure = MPDError.unreachable(address: "\(host):\(port)", message: "no address")
            for address in try MPDHostLookup.addresses(host: host, port: port, deadline: deadline) {
                let result = address.bytes.withUnsafeBytes { raw in
                    connect(
                        family: address.family, protocol: address.socketProtocol,
                        to: raw.baseAddress?.assumingMemoryBound(to: sockaddr.self),
                        length: socklen_t(address.bytes.count), deadline: deadline)
                }
                switch result {
                case .success(let connected):
                    // Small replies must not wait for the kernel to gather more (Nagle's algorithm stalls ~40 ms).
                    var on: Int32 = 1
                    setsockopt(connected, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                    return connected
                case .failure(.unreachable(_, let message)):
                    failure = .unreachable(address: "\(host):\(port)", message: message)
                case .failure(let other):
                    throw other
                }
            }
            throw failure
        }
    }

    deinit { close(descriptor) }

    /// Ends a wait in progress on another thread, and every later operation, as a closed connection; the daemon sees
    /// the connection end. Any thread.
    func interrupt() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Sends all of `bytes` before `deadline`, however the kernel splits the writes.
    /// - Throws: `MPDError.timeout(operation)` at the deadline (a daemon that stops reading);
    ///   `MPDError.disconnected` when the connection fails.
    func send(_ bytes: UnsafeRawBufferPointer, operation: String, deadline: MPDDeadline) throws(MPDError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let sent = Glibc.send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: POLLOUT, operation: operation, deadline: deadline)
            } else if errno != EINTR {
                throw MPDError.disconnected
            }
        }
    }

    /// Reads what has arrived (at least one byte) into `buffer`, waiting until `deadline` at most (nil: for as long
    /// as it takes, for `idle`), and returns how many bytes it read.
    /// - Throws: `MPDError.timeout(operation)` at the deadline; `MPDError.disconnected` at the end of the stream.
    func receive(
        into buffer: UnsafeMutableRawBufferPointer, operation: String, deadline: MPDDeadline?
    ) throws(MPDError) -> Int {
        precondition(!buffer.isEmpty, "a receive needs room")
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { return count }
            if count == 0 { throw MPDError.disconnected }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: POLLIN, operation: operation, deadline: deadline)
            } else if errno != EINTR {
                throw MPDError.disconnected
            }
        }
    }

    /// Waits until the socket is ready for `events` (or failed: the next call says how), or throws at `deadline`.
    private func wait(for events: Int32, operation: String, deadline: MPDDeadline?) throws(MPDError) {
        var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        while true {
            if let deadline, deadline.hasPassed { throw MPDError.timeout(operation: operation) }
            let ready = poll(&entry, 1, deadline?.remainingMilliseconds ?? -1)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw MPDError.disconnected }
        }
    }

    /// A new non-blocking socket of `family` connected to `address` before `deadline`; its descriptor, or why not.
    private static func connect(
        family: Int32, protocol: Int32, to address: UnsafePointer<sockaddr>?, length: socklen_t,
        deadline: MPDDeadline
    ) -> Result<Int32, MPDError> {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(family, type, `protocol`)
        guard descriptor >= 0 else { return .failure(unreachable(errno)) }
        if Glibc.connect(descriptor, address, length) == 0 { return .success(descriptor) }
        // An interrupted connect goes on in the background: wait for it as for one in progress.
        if errno == EINTR { errno = EINPROGRESS }
        guard errno == EINPROGRESS else {
            let failure = unreachable(errno)
            close(descriptor)
            return .failure(failure)
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            if deadline.hasPassed {
                close(descriptor)
                return .failure(.timeout(operation: "connecting"))
            }
            let ready = poll(&entry, 1, deadline.remainingMilliseconds)
            if ready > 0 { break }
            if ready < 0 && errno != EINTR {
                let failure = unreachable(errno)
                close(descriptor)
                return .failure(failure)
            }
        }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size)
        guard failure == 0 else {
            close(descriptor)
            return .failure(unreachable(failure))
        }
        return .success(descriptor)
    }

    private static func unreachable(_ code: Int32) -> MPDError {
        .unreachable(address: "", message: String(cString: strerror(code)))
    }
}
