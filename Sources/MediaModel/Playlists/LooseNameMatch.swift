import Foundation
import Synchronization

/// Finds the file a playlist made on another system names when its exact path does not exist: each component is
/// compared with the names in its folder under Unicode canonical composition (a macOS playlist's `Bjo\u{308}rk`
/// names the file `Björk`) and, for Windows paths, in any case (`\MUSIC\abba\` names `Music/ABBA`).
///
/// Folder listings are kept (at most 256 folders), each checked against its folder's modification time before use,
/// so a playlist of 10,000 entries lists each folder once. Safe from any thread.
enum LooseNameMatch {
    /// `components` below `base`, each the exact name when it exists, else the one name in its folder that equals
    /// it folded; nil when a component has no match (or several).
    static func find(_ components: [[UInt8]], under base: [UInt8], ignoringCase: Bool) -> LibraryPath? {
        var path = base
        for component in components {
            let exact = path + [UInt8(ascii: "/")] + component
            if exists(exact) {
                path = exact
                continue
            }
            let wanted = folded(component, ignoringCase: ignoringCase)
            let matches = names(in: path).filter { folded($0, ignoringCase: ignoringCase) == wanted }
            guard matches.count == 1 else { return nil }
            path += [UInt8(ascii: "/")] + matches[0]
        }
        return LibraryPath(bytes: path)
    }

    private static func exists(_ bytes: [UInt8]) -> Bool {
        var status = stat()
        return LibraryPath(bytes: bytes).withCString { stat($0, &status) } == 0
    }

    /// `name` in canonical composition (NFC), lowercased when `ignoringCase`; bytes that are not UTF-8 as they are.
    private static func folded(_ name: [UInt8], ignoringCase: Bool) -> String {
        guard let text = String(validating: name, as: UTF8.self) else { return String(decoding: name, as: UTF8.self) }
        let composed = text.precomposedStringWithCanonicalMapping
        return ignoringCase ? composed.lowercased() : composed
    }

    /// A folder's names as last listed, and its modification time then.
    private struct Listing {
        var modified: timespec
        var names: [[UInt8]]
    }

    private static let listings = Mutex<[[UInt8]: Listing]>([:])

    /// The names in `folder` (`.` and `..` left out), from the cache when the folder has not changed since.
    private static func names(in folder: [UInt8]) -> [[UInt8]] {
        var status = stat()
        guard LibraryPath(bytes: folder).withCString({ stat($0, &status) }) == 0 else { return [] }
        let modified = status.st_mtim
        if let listing = listings.withLock({ $0[folder] }), listing.modified.tv_sec == modified.tv_sec,
            listing.modified.tv_nsec == modified.tv_nsec
        {
            return listing.names
        }
        var names: [[UInt8]] = []
        if let directory = LibraryPath(bytes: folder).withCString({ opendir($0) }) {
            defer { closedir(directory) }
            while let entry = readdir(directory), names.count < 100_000 {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
            }
        }
        listings.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[folder] = Listing(modified: modified, names: names)
        }
        return names
    }
}
