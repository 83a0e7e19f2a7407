// Threads: each lookup runs `getaddrinfo` on a thread of its own ("addmusic.mpd.lookup"); the caller waits for it
// until its deadline and no longer. A lookup that overruns finishes on its own thread, its answer dropped.
import Dispatch
import Foundation
import Glibc
import MediaModel

/// The addresses a daemon's host name stands for, looked up within a deadline: the C library's resolver has no
/// timeout of ours (a dead DNS server holds it for its own retries, tens of seconds).
enum MPDHostLookup {
    /// One address to connect to, copied out of `getaddrinfo`'s list.
    struct Address: Sendable {
        var family: Int32
        var socketProtocol: Int32
        var bytes: [UInt8]
    }

    /// The addresses of `host`:`port`, in the resolver's order.
    /// - Throws: `MPDError.timeout("resolving HOST")` past `deadline`, `MPDError.unreachable` when the name is
    ///   unknown.
    static func addresses(host: String, port: Int, deadline: MPDDeadline) throws(MPDError) -> [Address] {
        let answer = Locked<Result<[Address], MPDError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            answer.withLock { $0 = resolve(host: host, port: port) }
            done.signal()
        }
        thread.name = "addmusic.mpd.lookup"
        thread.start()
        let waited = done.wait(timeout: .now() + .milliseconds(Int(deadline.remainingMilliseconds)))
        guard waited == .success, let result = answer.withLock({ $0 }) else {
            throw MPDError.timeout(operation: "resolving \(host)")
        }
        return try result.get()
    }

    private static func resolve(host: String, port: Int) -> Result<[Address], MPDError> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &found)
        guard code == 0, let first = found else {
            return .failure(.unreachable(address: "\(host):\(port)", message: String(cString: gai_strerror(code))))
        }
        defer { freeaddrinfo(found) }
        var addresses: [Address] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            guard let address = current.pointee.ai_addr else { continue }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))
            addresses.append(
                Address(family: current.pointee.ai_family, socketProtocol: current.pointee.ai_protocol, bytes: bytes))
        }
        return .success(addresses)
    }
}
