import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// Where a player's play statistics are recorded and read back (B-H1–B-H4, B-H7): for the application player, the
/// library, by the song's persistent id; for the system player, the music daemon's stickers when it has a sticker
/// database, else the library, by the daemon's URI for the song. Each call may wait on the disk or the daemon (up to
/// its deadline): never call it on the main thread.
public struct StatisticsRecorder: Sendable {
    let library: MusicLibrary?
    let daemon: SystemMusicPlayer?

    /// A recorder for `player`'s events, writing to `library` (nil, or opened read-only: nothing is recorded
    /// there).
    public init(player: MusicPlayerController, library: MusicLibrary?) {
        self.library = library
        daemon = player as? SystemMusicPlayer
    }

    /// Records `event` when it is a play or a skip the player counted; other events are left alone.
    /// - Throws: `SQLiteError` or `MPDError` when the statistics cannot be written.
    public func record(_ event: MusicPlayerEvent, at date: Date = Date()) throws {
        let (item, played): (MediaItem, Bool)
        switch event {
        case .playCounted(let counted): (item, played) = (counted, true)
        case .skipCounted(let counted): (item, played) = (counted, false)
        default: return
        }
        guard let daemon else {
            if played {
                try writableLibrary?.recordPlay(of: item.id, at: date)
            } else {
                try writableLibrary?.recordSkip(of: item.id)
            }
            return
        }
        let uri = daemon.daemonURI(for: item)
        if let stickers = try stickers() {
            if played {
                try stickers.recordPlay(uri: uri, at: date)
            } else {
                try stickers.recordSkip(uri: uri)
            }
        } else if played {
            try writableLibrary?.recordPlay(uri: uri, at: date)
        } else {
            try writableLibrary?.recordSkip(uri: uri)
        }
    }

    /// The statistics of `item`, read back where `record` writes them (nil: unknown there).
    /// - Throws: `SQLiteError` or `MPDError` when they cannot be read.
    public func statistics(of item: MediaItem) throws -> PlayStatistics? {
        guard let daemon else { return try library?.statistics(of: item.id) }
        if let stickers = try stickers() { return try stickers.statistics(uri: daemon.daemonURI(for: item)) }
        return try library?.statistics(uri: daemon.daemonURI(for: item))
    }

    /// Sets the user's rating of `item`, 0–5 stars, where `record` writes.
    /// - Throws: `SQLiteError` or `MPDError` when it cannot be written.
    public func setRating(_ stars: Int, of item: MediaItem) throws {
        if let daemon {
            if let stickers = try stickers() {
                try stickers.setRating(stars, uri: daemon.daemonURI(for: item))
            } else {
                try writableLibrary?.setRating(stars, uri: daemon.daemonURI(for: item))
            }
        } else {
            try writableLibrary?.setRating(stars, of: item.id)
        }
    }

    /// Whether ratings of `item` can be kept: its statistics were read (`statistics(of:)` gave them) and there is
    /// somewhere to write them (the daemon, or a library opened for writing).
    public func canRate(_ item: MediaItem, statistics: PlayStatistics?) -> Bool {
        statistics != nil && (daemon != nil || writableLibrary != nil) && item.streamURL == nil
    }

    private var writableLibrary: MusicLibrary? { library.flatMap { $0.isReadOnly ? nil : $0 } }

    /// The daemon's stickers, when the player is the system player and its daemon has a sticker database.
    private func stickers() throws -> MPDStickers? {
        guard let daemon else { return nil }
        let stickers = MPDStickers(address: daemon.address)
        return try stickers.isAvailable() ? stickers : nil
    }
}
