// Threads: owns the serial queue "addmusic.system-player.artwork", where its connection lives and each read runs.
// `artwork(uri:)` may be called from any thread; it waits for that queue at most `patience` seconds.
import Dispatch
import FFmpegSupport
import Foundation
import MediaModel

/// The system player's cover thumbnails, read from the daemon on a connection of their own, so that they never wait
/// behind the player's commands, and answered within `patience` seconds, so that the threads that ask (the app
/// controller's queue as it shows a song, the MPRIS state queue as it writes a cover file) are never held by a daemon
/// that stops answering. A read that outlasts the wait goes on, and its cover is kept for the next call; the reads
/// after one that timed out or failed answer nil at once for `quietPeriod` seconds. The covers of the last
/// `cacheSize` songs asked, and the knowledge that a song has none, are kept until `forget()` (the daemon's database
/// changed).
final class MPDArtworkReader: @unchecked Sendable {  // `connection` on `queue`; the rest behind `shared`
    /// The longest a caller waits for a read, in seconds.
    static let patience = 1.0
    /// The deadline of each step of a read (connecting, the greeting, each picture's whole reply), in seconds.
    static let readTimeout = 3.0
    /// How long reads answer nil at once after one timed out or failed, in seconds.
    static let quietPeriod = 10.0
    /// How many songs' covers are kept.
    static let cacheSize = 32

    private struct Shared {
        /// The newest last: a URI and its thumbnail, or nil when the daemon has no picture for it.
        var cache: [(uri: String, thumbnail: [UInt8]?)] = []
        /// Reads answer nil at once until then (monotonic nanoseconds).
        var quietUntil: UInt64 = 0
        var isShut = false
    }

    private let address: MPDAddress
    private let queue = DispatchQueue(label: "addmusic.system-player.artwork")
    private let shared = Locked(Shared())
    /// On `queue`.
    private var connection: MPDConnection?

    init(address: MPDAddress) { self.address = address }

    /// The cover of the song at `uri` as a small JPEG: the picture embedded in its file (`readpicture`), else the
    /// cover file in its folder (`albumart`), else nil; nil too when the daemon has not answered within `patience`
    /// seconds, or is quiet after a failure. Any thread.
    func artwork(uri: String) -> [UInt8]? {
        let now = DispatchTime.now().uptimeNanoseconds
        let (known, isQuiet) = shared.withLock { shared -> ((uri: String, thumbnail: [UInt8]?)?, Bool) in
            guard let index = shared.cache.firstIndex(where: { $0.uri == uri }) else {
                return (nil, shared.isShut || now < shared.quietUntil)
            }
            let entry = shared.cache.remove(at: index)
            shared.cache.append(entry)  // the newest again
            return (entry, false)
        }
        if let known { return known.thumbnail }
        if isQuiet { return nil }
        let answer = Locked<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        queue.async { [self] in
            let thumbnail = read(uri)
            answer.withLock { $0 = thumbnail }
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.patience) == .success else {
            quiet(from: now)
            return nil
        }
        return answer.withLock { $0 }
    }

    /// Forgets the covers kept (the daemon's database changed: a cover may be new, changed or gone). Any thread.
    func forget() { shared.withLock { $0.cache.removeAll() } }

    /// Reads nothing more and closes the connection. Any thread; returns at once.
    func shutDown() {
        shared.withLock { $0.isShut = true }
        queue.async { [self] in connection = nil }
    }

    /// Answers nil at once for `quietPeriod` seconds from `now`.
    private func quiet(from now: UInt64) {
        let until = now + UInt64(clamping: Self.quietPeriod * 1e9, rounding: .up)
        shared.withLock { $0.quietUntil = max($0.quietUntil, until) }
    }

    /// On `queue`: the cover of `uri`, kept for later; nil when there is none, or on a failure (then quiet).
    private func read(_ uri: String) -> [UInt8]? {
        let now = DispatchTime.now().uptimeNanoseconds
        let skip = shared.withLock { shared -> (Bool, [UInt8]?) in
            if let known = shared.cache.first(where: { $0.uri == uri }) { return (true, known.thumbnail) }
            return (shared.isShut || now < shared.quietUntil, nil)
        }
        if skip.0 { return skip.1 }
        do {
            let thumbnail = try readPicture(uri)
            shared.withLock { shared in
                shared.cache.removeAll { $0.uri == uri }
                shared.cache.append((uri, thumbnail))
                if shared.cache.count > Self.cacheSize { shared.cache.removeFirst() }
            }
            return thumbnail
        } catch {
            connection = nil
            quiet(from: now)
            return nil
        }
    }

    /// On `queue`: tries each kind of picture in turn.
    /// - Throws: `MPDError` when the connection fails (a refusal only means there is no picture of that kind).
    private func readPicture(_ uri: String) throws(MPDError) -> [UInt8]? {
        let connection: MPDConnection
        if let open = self.connection {
            connection = open
        } else {
            connection = try MPDConnection(address: address, timeout: Self.readTimeout)
            self.connection = connection
        }
        for name in ["readpicture", "albumart"] {
            do {
                if let picture = try connection.binary(name, uri: uri) { return ArtworkThumbnail.make(from: picture) }
            } catch {
                guard case .ack = error else { throw error }
                continue  // the daemon has none of this kind
            }
        }
        return nil
    }
}
