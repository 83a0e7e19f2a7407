import Foundation

/// A file system path kept as the raw bytes the kernel gave, so that names that are not valid UTF-8 still open.
///
/// `description` decodes it for display, repairing invalid UTF-8 with U+FFFD; never use it to open the file.
public struct LibraryPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a trailing NUL.
    public let bytes: [UInt8]

    /// Wraps raw path bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Wraps a path given as text (its UTF-8 bytes).
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// Hashes the bytes as one block (the synthesized hash fed them to the hasher one at a time, which dominated
    /// looking up a 10,000-entry playlist's paths).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// The path as text for display; invalid UTF-8 becomes U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the path's bytes are valid UTF-8.
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The last component.
    public var lastComponent: LibraryPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return LibraryPath(bytes: Array(bytes[(slash + 1)...]))
    }

    /// Everything before the last slash ("/" for a top-level entry).
    public var parent: LibraryPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return LibraryPath(".") }
        return slash == 0 ? LibraryPath("/") : LibraryPath(bytes: Array(bytes[..<slash]))
    }

    /// The lowercased ASCII extension after the last dot of the last component, or "".
    public var pathExtension: String {
        // On the path's own bytes: no copy of the last component for each of a playlist's 10,000 entries.
        let name = bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// The last component without its extension, for display.
    public var stem: String {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else {
            return String(decoding: name, as: UTF8.self)
        }
        return String(decoding: name[..<dot], as: UTF8.self)
    }

    /// This path with one more component.
    public func appending(_ component: [UInt8]) -> LibraryPath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: component)
        return LibraryPath(bytes: joined)
    }

    /// This path with one more component given as text.
    public func appending(_ component: String) -> LibraryPath { appending(Array(component.utf8)) }

    /// Whether `self` is `root` or lies below it.
    public func isInside(_ root: LibraryPath) -> Bool {
        if self == root { return true }
        var prefix = root.bytes
        if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
        return bytes.starts(with: prefix)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Byte order, as SQLite orders the index's paths: `memcmp` over the common length, then the shorter first.
    public static func < (lhs: LibraryPath, rhs: LibraryPath) -> Bool {
        let common = min(lhs.bytes.count, rhs.bytes.count)
        let order =
            common == 0
            ? 0
            : lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, common) }
            }
        return order != 0 ? order < 0 : lhs.bytes.count < rhs.bytes.count
    }

    /// The absolute, slash-normalized form of a path typed by a user (relative to the working directory).
    public static func absolute(_ text: String) -> LibraryPath {
        var path = text
        if path.hasPrefix("~/") || path == "~" {
            path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
        }
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return LibraryPath("/" + parts.joined(separator: "/"))
    }
}
