#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call's `errno`, with the C library's text for it.
public struct SystemCallError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var description: String { String(cString: strerror(code)) }
    var isPermissionDenied: Bool { code == EACCES || code == EPERM }
}
