import CMPRISBus
import FFmpegSupport
import Foundation
import MediaModel
import MusicPlayer

/// Publishes a player on the session bus as `org.mpris.MediaPlayer2.addmusic` (MPRIS 2.2), so the desktop's media
/// controls, media keys and `playerctl` show and drive it: whichever player the app uses, so with the system player
/// the music daemon appears on the desktop through AddMusic.
///
/// Besides the player, it publishes the queue (the TrackList interface, `MPRISService+TrackList`) and the app's
/// playlists (the Playlists interface, `MPRISService+Playlists`).
///
/// The bus runs on its own thread ("addmusic.mpris"). The player's state is read on the service's queue after each
/// of its events and once a second (for changes that come without one: another client's shuffle or volume, a
/// seek), and published when it differs. Requests from the bus are carried out on the bus thread, in order, and
/// their outcome is published at once; OpenUri is answered at once and its file read on a queue of its own
/// ("addmusic.mpris.open"), within the library's probe budget; the playing song's statistics (its plays and stars)
/// on another ("addmusic.mpris.statistics"), as they may wait on the disk or the daemon. Numbers from the bus are checked as they arrive: a
/// NaN volume is refused, a rate of 0 pauses (as the specification asks), positions are clamped.
public final class MPRISService: @unchecked Sendable {  // lets and locks; the rest on `queue` only
    /// What the app does for requests that are not the player's.
    public struct Actions: Sendable {
        /// Brings the window up (nil: there is none, and CanRaise is false).
        public var raise: (@Sendable () -> Void)?
        /// Quits the app.
        public var quit: @Sendable () -> Void
        /// Hears, once, that the bus went away while the app ran (the controls are gone from then on).
        public var lost: @Sendable (SDBusError) -> Void

        public init(
            raise: (@Sendable () -> Void)?, quit: @escaping @Sendable () -> Void,
            lost: @escaping @Sendable (SDBusError) -> Void = { _ in }
        ) {
            self.raise = raise
            self.quit = quit
            self.lost = lost
        }
    }

    /// The player published: the one given, until the app hands the music to its other player (`follow(_:)`).
    let following: Locked<MusicPlayerController>
    var player: MusicPlayerController { following.withLock { $0 } }
    let library: LibraryLookup?
    /// The app's playlists (nil: none are published).
    let playlists: PlaylistsLookup?
    /// Where the playlists are read, one request at a time.
    let playlistsQueue = DispatchQueue(label: "addmusic.mpris.playlists")
    /// Reads a file the library does not hold, for OpenUri.
    let readFile: @Sendable (LibraryPath) -> MediaItem?
    let actions: Actions
    let covers: CoverFiles
    let queue = DispatchQueue(label: "addmusic.mpris.state")
    /// Where files named by OpenUri are read (each within the library's probe budget), one at a time.
    let opening = DispatchQueue(label: "addmusic.mpris.open")
    /// How many OpenUri requests have come; a pending one that is no longer the last is dropped.
    let openRequests = Locked(0)
    let bus: MPRISBusOwner
    let context: MPRISServiceReference
    let finished = DispatchSemaphore(value: 0)
    let closed = Locked(false)
    let timer: DispatchSourceTimer
    /// The bus name taken (a second AddMusic gets a per-instance name, as MPRIS asks).
    public let busName: String
    /// Where the statistics of the song playing are read (`statistics(of:)`).
    let statisticsQueue = DispatchQueue(label: "addmusic.mpris.statistics")
    /// How old, in nanoseconds, the statistics read may grow before they are read again (a play counted, a rating
    /// set elsewhere).
    static let statisticsAge: UInt64 = 5_000_000_000
    // On `queue`:
    var published: MPRISPublishedState?
    var trackList = MPRISTrackList()
    var activePlaylist: ActivePlaylist?
    var playlistCount: UInt32 = 0
    /// The statistics last read: of which song, as which player keeps them, and when.
    var readStatistics: (itemID: Int64, player: MusicPlayerController, statistics: PlayStatistics?, at: UInt64)?
    var statisticsPending = false
    var lastPosition: (seconds: Double, at: DispatchTime, itemID: Int64?, playing: Bool)?
    /// The position of a seek asked here, until the player's snapshot is newer than the request (the player
    /// carries commands out on its own thread, a moment later): what Position answers meanwhile.
    let requestedPosition = Locked<(seconds: Double, at: UInt64, playing: Bool)?>(nil)

    /// Takes the bus name and starts publishing `player`; `library` gives artwork and the items of opened files,
    /// `readFile` the items of opened files the library does not hold (nil: not audio; called on
    /// "addmusic.mpris.open", it may block there); `playlists` the app's playlists for the Playlists interface; covers
    /// are written to `coverFolder` (nil: the app's own, which the notifications share) for `mpris:artUrl`.
    /// - Throws: `SDBusError` when there is no session bus or the object cannot be put there.
    public init(
        player: MusicPlayerController, library: LibraryLookup?, playlists: PlaylistsLookup? = nil,
        readFile: @escaping @Sendable (LibraryPath) -> MediaItem?, actions: Actions,
        coverFolder: String? = nil
    ) throws(SDBusError) {
        following = Locked(player)
        self.library = library
        self.playlists = playlists
        self.readFile = readFile
        self.actions = actions
        covers = CoverFiles(folder: coverFolder ?? CoverCache.defaultFolder)
        let reference = MPRISServiceReference()
        var opened: OpaquePointer?
        let result = addmusic_mpris_open(
            "addmusic", "AddMusic", "org.addmusic.AddMusic", actions.raise == nil ? 0 : 1,
            { context, command, number, real, text, second in
                guard
                    let service = context.map({ Unmanaged<MPRISServiceReference>.fromOpaque($0) })?
                        .takeUnretainedValue().service
                else { return -ESHUTDOWN }
                return service.carryOut(
                    command, number: number, real: real, text: text.map { String(cString: $0) },
                    second: second.map { String(cString: $0) })
            },
            { context in
                guard
                    let service = context.map({ Unmanaged<MPRISServiceReference>.fromOpaque($0) })?
                        .takeUnretainedValue().service
                else { return 0 }
                return MPRISService.microseconds(service.position())
            },
            { context, token, index, count, ordering, reverse in
                let service = context.flatMap { Unmanaged<MPRISServiceReference>.fromOpaque($0) }?
                    .takeUnretainedValue().service
                guard let service else { return }
                service.answerPlaylists(
                    token: token, index: index, count: count, ordering: ordering.map { String(cString: $0) } ?? "",
                    reverse: reverse != 0)
            }, Unmanaged.passUnretained(reference).toOpaque(), &opened)
        guard result >= 0, let opened else { throw SDBusError("connect to the session bus", code: result) }
        let bus = MPRISBusOwner(opened)
        self.bus = bus
        busName = String(cString: addmusic_mpris_bus_name(opened))
        context = reference
        timer = DispatchSource.makeTimerSource(queue: queue)
        reference.service = self
        // The bus thread holds the bus and the callbacks' reference until its loop ends, so a service let go
        // on any thread (even this one, inside a request) only asks it to stop.
        let thread = Thread { [finished, closed, actions] in
            let status = addmusic_mpris_run(bus.pointer)
            if status < 0, !closed.withLock({ $0 }) { actions.lost(SDBusError("the session bus", code: status)) }
            withExtendedLifetime(reference) {}
            finished.signal()
        }
        thread.name = "addmusic.mpris"
        thread.start()
        listen(to: player)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in self?.refresh() }
        timer.resume()
        queue.async { [weak self] in self?.refresh() }  // off the caller's start-up (a cover may be written)
        countPlaylists()
    }

    deinit {
        if !closed.withLock({ $0 }) {
            timer.cancel()
            addmusic_mpris_stop(bus.pointer)  // its thread ends and lets the bus go
        }
    }

    /// Publishes `newPlayer` from now on, in place of the player before (the music moved to it): the bus's requests
    /// go to it and its state is published. Any thread; returns at once.
    public func follow(_ newPlayer: MusicPlayerController) {
        following.withLock { $0 = newPlayer }
        listen(to: newPlayer)
        queue.async { [weak self] in
            guard let self else { return }
            if self.activePlaylist != nil {
                self.activePlaylist = nil
                self.publishPlaylists()
            }
            self.refresh()
        }
        countPlaylists()
    }

    /// Refreshes the published state after each event of `observed` while it is the player published.
    func listen(to observed: MusicPlayerController) {
        observed.observe(on: queue) { [weak self] _, _ in
            guard let self, self.player === observed else { return }
            self.refresh()
        }
    }

    /// Leaves the bus and waits for its thread to end. Not from a request's handler (the bus thread).
    public func close() {
        let wasOpen = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        timer.cancel()
        context.service = nil
        addmusic_mpris_stop(bus.pointer)
        finished.wait()
    }
}
