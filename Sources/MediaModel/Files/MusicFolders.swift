import Foundation

/// Which folders hold the user's music: those named by `--music-dir`, else by the config file's `music-dir`
/// lines, else the XDG music folder (as `xdg-user-dir MUSIC` says, `XDGDirectories.music`; else `~/Music`).
///
/// A `music-dir` value is read as bytes (a folder whose name is not UTF-8 still opens); an empty one is ignored, and
/// a relative one (`Music`, `~/Music`) is taken from the home folder, never from the working directory.
public enum MusicFolders {
    /// The roots to scan, as absolute paths.
    public static func resolve(flags: [String], config: ConfigFile = ConfigFile()) -> [LibraryPath] {
        // An empty `--music-dir ""` names no folder (never the working directory).
        let named = flags.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if !named.isEmpty { return named.map(LibraryPath.absolute) }
        let configured = config.byteValues("music-dir").compactMap { root(configValue: $0) }
        if !configured.isEmpty { return configured }
        return [LibraryPath.absolute(XDGDirectories.music)]
    }

    /// The absolute folder a config file's value names, or nil when it names none (empty or blank): a leading `~/`
    /// and a relative path are taken from `home`; `.` and `..` components are resolved, repeated slashes folded.
    public static func root(configValue value: [UInt8], home: String = XDGDirectories.home) -> LibraryPath? {
        let slash = UInt8(ascii: "/")
        var path = value
        while let first = path.first, ConfigLine.isBlank(first) { path.removeFirst() }
        while let last = path.last, ConfigLine.isBlank(last) { path.removeLast() }
        guard !path.isEmpty else { return nil }
        if path == [UInt8(ascii: "~")] || path.starts(with: Array("~/".utf8)) {
            path = Array(home.utf8) + path.dropFirst()
        } else if path.first != slash {
            path = Array(home.utf8) + [slash] + path
        }
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: slash) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual(Array("..".utf8)) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return LibraryPath(bytes: [slash] + Array(parts.joined(separator: [slash])))
    }

    /// Where the demo library is written when the music folders hold no music.
    public static var demoLibraryPath: String { XDGDirectories.dataHome + "/addmusic/demo-library" }
}
