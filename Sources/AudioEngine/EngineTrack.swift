/// A file the engine plays: its path as raw bytes (names need not be UTF-8) and its lowercased extension.
public struct EngineTrack: Hashable, Sendable {
    /// The path's bytes.
    public var path: [UInt8]
    /// The lowercased extension, which picks FFmpeg's demuxer before probing.
    public var fileExtension: String

    /// A track for the file at `path`.
    public init(path: [UInt8], fileExtension: String) {
        self.path = path
        self.fileExtension = fileExtension
    }

    /// A track for the file at `path`, given as text.
    public init(path: String) {
        self.path = Array(path.utf8)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        fileExtension = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
    }
}
