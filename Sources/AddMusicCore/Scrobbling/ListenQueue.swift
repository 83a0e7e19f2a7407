import FFmpegSupport
import Foundation
import MediaModel

/// The listens waiting for one service, a file each in a folder of their own
/// (`$XDG_DATA_HOME/addmusic/listens/SERVICE`). A listen is written whole (`AtomicFile`) as soon as it is counted
/// and removed once the server took it, so a kill at any moment loses none; its file is named by its time and
/// content, so the same listen is never queued twice. At most `most` wait: past that the oldest go. Blocking file
/// work: call it on the scrobbler's queue.
struct ListenQueue: Sendable {
    let folder: String
    /// The most listens that wait (about two months of listening all day).
    static let most = 10_000

    init(service: String, dataHome: String = XDGDirectories.dataHome) {
        folder = dataHome + "/addmusic/listens/" + service
    }

    /// Adds `listen`; returns how many of the oldest were dropped to keep within `most`.
    /// - Throws: `FileSystemError` when the listen cannot be written.
    @discardableResult
    func add(_ listen: Listen) throws(FileSystemError) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = Array((try? encoder.encode(listen)) ?? Data())
        let name = String(format: "%012lld-", listen.listenedAt) + ContentHash.fnv1a64(bytes) + ".json"
        try AtomicFile.replace(folder + "/" + name, with: bytes, mode: .fixed(0o600), makingFolder: true)
        let names = self.names()
        guard names.count > Self.most else { return 0 }
        let dropped = names.prefix(names.count - Self.most)
        remove(Array(dropped))
        return dropped.count
    }

    /// Up to `limit` waiting listens, oldest first, each with its file's name; a file that does not read as a
    /// listen is removed.
    func pending(limit: Int) -> [(name: String, listen: Listen)] {
        var found: [(name: String, listen: Listen)] = []
        for name in names() {
            guard found.count < limit else { break }
            let data = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            if let listen = try? JSONDecoder().decode(Listen.self, from: data) {
                found.append((name, listen))
            } else {
                remove([name])
            }
        }
        return found
    }

    /// How many listens wait.
    var count: Int { names().count }

    /// Removes the listens of files `names` (delivered, or refused for good).
    func remove(_ names: [String]) {
        for name in names { unlink(folder + "/" + name) }
    }

    /// The listens' file names, oldest first (names begin with the time, zero-padded).
    private func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }
}
