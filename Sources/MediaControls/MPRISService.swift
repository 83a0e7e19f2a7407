import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// Publishes a player on the session bus as `org.mpris.MediaPlayer2.addmusic` (MPRIS 2.2), so the desktop's media
/// controls, media keys and `playerctl` show and drive it: whichever player the app uses, so with the system player
/// the music daemon appears on the desktop through AddMusic.
///
/// The bus runs on its own thread ("addmusic.mpris"). The player's state is read on the service's queue after each
/// of its events and once a second (for changes that come without one: another client's shuffle or volume, a
/// seek), and published when it differs. Requests from the bus are carried out on the bus thread, in order, and
/// their outcome is published at once; OpenUri is answered at once and its file read on a queue of its own
/// ("addmusic.mpris.open"), within the library's probe budget. Numbers from the bus are checked as they arrive: a
/// NaN volume is refused, a rate of 0 pauses (as the specification asks), positions are clamped.
public final class MPRISService: @unchecked Sendable {
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
    private let following: Locked<MusicPlayerController>
    private var player: MusicPlayerController { following.withLock { $0 } }
    private let library: LibraryLookup?
    /// Reads a file the library does not hold, for OpenUri.
    private let readFile: @Sendable (LibraryPath) -> MediaItem?
    private let actions: Actions
    private let covers: CoverFiles
    private let queue = DispatchQueue(label: "addmusic.mpris.state")
    /// Where files named by OpenUri are read (each within the library's probe budget), one at a time.
    private let opening = DispatchQueue(label: "addmusic.mpris.open")
    /// How many OpenUri requests have come; a pending one that is no longer the last is dropped.
    private let openRequests = Locked(0)
    private let bus: BusOwner
    private let context: ServiceReference
    private let finished = DispatchSemaphore(value: 0)
    private let closed = Locked(false)
    private let timer: DispatchSourceTimer
    /// The bus name taken (a second AddMusic gets a per-instance name, as MPRIS asks).
    public let busName: String
    // On `queue`:
    private var published: PublishedState?
    private var lastPosition: (seconds: Double, at: DispatchTime, itemID: Int64?, playing: Bool)?
    /// The position of a seek asked here, until the player's snapshot is newer than the request (the player
    /// carries commands out on its own thread, a moment later): what Position answers meanwhile.
    private let requestedPosition = Locked<(seconds: Double, at: UInt64, playing: Bool)?>(nil)

    /// Takes the bus name and starts publishing `player`; `library` gives artwork and the items of opened files,
    /// `readFile` the items of opened files the library does not hold (nil: not audio; called on
    /// "addmusic.mpris.open", it may block there); covers are written to `coverFolder` for `mpris:artUrl`.
    /// - Throws: `SDBusError` when there is no session bus or the object cannot be put there.
    public init(
        player: MusicPlayerController, library: LibraryLookup?,
        readFile: @escaping @Sendable (LibraryPath) -> MediaItem?, actions: Actions,
        coverFolder: String = XDGDirectories.cacheHome + "/addmusic/covers"
    ) throws(SDBusError) {
        following = Locked(player)
        self.library = library
        self.readFile = readFile
        self.actions = actions
        covers = CoverFiles(folder: coverFolder)
        let reference = ServiceReference()
        var opened: OpaquePointer?
        let result = addmusic_mpris_open(
            "addmusic", "AddMusic", "org.addmusic.AddMusic", actions.raise == nil ? 0 : 1,
            { context, command, number, real, text in
                guard
                    let service = context.map({ Unmanaged<ServiceReference>.fromOpaque($0) })?
                        .takeUnretainedValue().service
                else { return -ESHUTDOWN }
                return service.carryOut(command, number: number, real: real, text: text.map { String(cString: $0) })
            },
            { context in
                guard
                    let service = context.map({ Unmanaged<ServiceReference>.fromOpaque($0) })?
                        .takeUnretainedValue().service
                else { return 0 }
                return MPRISService.microseconds(service.position())
            }, Unmanaged.passUnretained(reference).toOpaque(), &opened)
        guard result >= 0, let opened else { throw SDBusError("connect to the session bus", code: result) }
        let bus = BusOwner(opened)
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
        queue.async { [weak self] in self?.refresh() }
    }

    /// Refreshes the published state after each event of `observed` while it is the player published.
    private func listen(to observed: MusicPlayerController) {
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

    // MARK: Requests, on the bus thread

    /// Carries out one method call or property write from the bus; 0, or a negative errno that refuses it.
    private func carryOut(_ command: addmusic_mpris_command, number: Int64, real: Double, text: String?) -> Int32 {
        var seekedTo: Double?
        switch command {
        case ADDMUSIC_MPRIS_RAISE: actions.raise?()
        case ADDMUSIC_MPRIS_QUIT: actions.quit()
        case ADDMUSIC_MPRIS_PLAY: player.play()
        case ADDMUSIC_MPRIS_PAUSE: player.pause()
        case ADDMUSIC_MPRIS_PLAY_PAUSE: player.snapshot.state == .playing ? player.pause() : player.play()
        case ADDMUSIC_MPRIS_STOP: player.stop()
        case ADDMUSIC_MPRIS_NEXT: player.skipToNextItem()
        case ADDMUSIC_MPRIS_PREVIOUS: player.skipToPreviousItem()
        case ADDMUSIC_MPRIS_SEEK:
            let now = player.snapshot
            guard let item = now.nowPlayingItem, item.duration > 0 else { return 0 }  // CanSeek is false
            let target = position() + Double(number) / 1e6
            if target >= item.duration {
                player.skipToNextItem()  // past the end: the next track, as MPRIS says
            } else {
                seekedTo = max(0, target)
            }
        case ADDMUSIC_MPRIS_SET_POSITION:
            // Only for the track playing, and within it; otherwise ignored, as MPRIS says.
            guard let item = player.snapshot.nowPlayingItem, item.duration > 0, text == Self.trackID(item) else {
                return 0
            }
            let target = Double(number) / 1e6
            guard target >= 0, target <= item.duration else { return 0 }
            seekedTo = target
        case ADDMUSIC_MPRIS_OPEN_URI:
            guard open(uri: text) else { return -EINVAL }
        case ADDMUSIC_MPRIS_SET_LOOP:
            guard setLoopStatus(text) else { return -EINVAL }
        case ADDMUSIC_MPRIS_SET_SHUFFLE: player.setShuffleMode(number != 0 ? .songs : .off)
        case ADDMUSIC_MPRIS_SET_VOLUME:
            // Negative means 0 and past 1 means 1, as MPRIS says; NaN is refused and changes nothing.
            guard !real.isNaN else { return -EINVAL }
            player.volume = min(1, max(0, real))
        default: return -EINVAL
        }
        if let seekedTo { seek(to: seekedTo) }
        queue.async { [weak self] in self?.refresh() }
        return 0
    }

    /// Plays the `file://` URL in `uri`; false (changing nothing) when it is not one.
    ///
    /// Answered at once; the file is read off the bus thread, within the library's probe budget, so a FIFO or a
    /// hostile file never holds the bus (and with it every other client's call). Only the newest request is carried
    /// out: one a client sent before another is dropped unread.
    private func open(uri: String?) -> Bool {
        guard let uri, let url = URL(string: uri), url.isFileURL else { return false }
        let request = openRequests.withLock { count -> Int in
            count += 1
            return count
        }
        opening.async { [weak self] in
            guard let self, self.openRequests.withLock({ $0 }) == request, let item = self.openedItem(url) else {
                return
            }
            guard self.openRequests.withLock({ $0 }) == request else { return }
            self.play(item)
        }
        return true
    }

    /// Sets the repeat mode from MPRIS's loop status ("None", "Track", "Playlist"); false for any other text.
    private func setLoopStatus(_ status: String?) -> Bool {
        switch status {
        case "None": player.setRepeatMode(.none)
        case "Track": player.setRepeatMode(.one)
        case "Playlist": player.setRepeatMode(.all)
        default: return false
        }
        return true
    }

    /// Seeks to `seconds`, tells the bus, and notes the position on the queue.
    private func seek(to seconds: Double) {
        player.seek(to: seconds)
        addmusic_mpris_seeked(bus.pointer, Self.microseconds(seconds))
        // Known on the queue before any later look at the position, which would take it for a jump.
        let now = player.snapshot
        let itemID = now.nowPlayingItem?.id, playing = now.state == .playing
        let at = DispatchTime.now()
        requestedPosition.withLock { $0 = (seconds, at.uptimeNanoseconds, playing) }
        queue.sync { lastPosition = (seconds, at, itemID, playing) }
    }

    /// Seconds into the item playing, for Position: the player's, or the seek asked here that it has not carried
    /// out yet.
    private func position() -> Double {
        let snapshot = player.snapshot
        let now = DispatchTime.now().uptimeNanoseconds
        if let asked = requestedPosition.withLock({ $0 }), snapshot.positionReadAt < asked.at {
            return asked.seconds + (asked.playing ? Double(now - asked.at) / 1e9 : 0)
        }
        return snapshot.playbackTime(at: now)
    }

    /// The song a `file://` URL names: the library's, else the file read on its own. On the opening queue.
    private func openedItem(_ url: URL) -> MediaItem? {
        let path = LibraryPath.absolute(url.path)
        if let item = try? library?.item(atPath: path) { return item }
        return readFile(path)
    }

    /// Plays `item` now: after the playing item (the rest of the queue kept), or as the queue.
    private func play(_ item: MediaItem) {
        if let index = player.snapshot.nowPlayingIndex {
            player.insert(MediaItemCollection(items: [item]), at: index + 1)
            player.skip(toItemAt: index + 1)
        } else {
            player.setQueue(MediaItemCollection(items: [item]))
        }
        player.play()
    }

    // MARK: State, on the queue

    private func refresh() {
        guard !closed.withLock({ $0 }) else { return }
        let snapshot = player.snapshot
        let state = readState(snapshot)
        if state != published {
            publish(state)
            published = state
        }
        // A jump of the position that playing does not explain is a seek made elsewhere: Seeked.
        let now = DispatchTime.now()
        let time = snapshot.playbackTime(at: now.uptimeNanoseconds)
        let playing = state.status == "Playing"
        if let last = lastPosition {
            // A snapshot older than the position noted (our own seek, not carried out yet) tells nothing new.
            guard snapshot.positionReadAt >= last.at.uptimeNanoseconds else { return }
            if last.itemID == state.itemID, state.itemID != nil {
                let elapsed = Double(now.uptimeNanoseconds - last.at.uptimeNanoseconds) / 1e9
                let expected = last.seconds + (last.playing ? elapsed : 0)
                if abs(time - expected) > 1.5 { addmusic_mpris_seeked(bus.pointer, Self.microseconds(time)) }
            }
        }
        lastPosition = (time, now, state.itemID, playing)
    }

    private func readState(_ snapshot: PlayerSnapshot) -> PublishedState {
        let item = snapshot.nowPlayingItem
        let queued = snapshot.queue.items
        let index = snapshot.nowPlayingIndex
        let repeatMode = snapshot.repeatMode
        var state = PublishedState()
        switch snapshot.state {
        case .playing: state.status = "Playing"
        case .stopped: state.status = "Stopped"
        default: state.status = "Paused"
        }
        state.loop = repeatMode == .one ? "Track" : repeatMode == .all ? "Playlist" : "None"
        state.shuffle = snapshot.shuffleMode != .off
        state.volume = snapshot.volume
        state.canPlay = !queued.isEmpty
        state.canPause = item != nil
        state.canSeek = item.map { $0.duration > 0 } ?? false
        state.canGoPrevious = item != nil
        state.canGoNext =
            index.map { $0 + 1 < queued.count || repeatMode == .all || snapshot.shuffleMode != .off }
            ?? false
        if let item {
            state.itemID = item.id
            state.trackID = Self.trackID(item)
            state.length = Self.microseconds(item.duration)
            state.title = item.title
            state.artist = item.artist
            state.album = item.album
            state.albumArtist = item.albumArtist
            state.genre = item.genre
            state.trackNumber = Int32(clamping: item.trackNumber ?? 0)
            state.discNumber = Int32(clamping: item.discNumber ?? 0)
            let path = item.path.description
            state.url = path.hasPrefix("/") ? URL(fileURLWithPath: path).absoluteString : nil
            state.artURL = covers.url(for: item, library: library, player: player)
        }
        return state
    }

    private func publish(_ state: PublishedState) {
        var copies: [UnsafeMutablePointer<CChar>?] = []
        func c(_ text: String?) -> UnsafePointer<CChar>? {
            guard let text else { return nil }
            let copy = strdup(text)
            copies.append(copy)
            return UnsafePointer(copy)
        }
        defer { for copy in copies { free(copy) } }
        var fields = addmusic_mpris_state()
        fields.playback_status = c(state.status)
        fields.loop_status = c(state.loop)
        fields.shuffle = state.shuffle ? 1 : 0
        fields.volume = state.volume
        fields.can_go_next = state.canGoNext ? 1 : 0
        fields.can_go_previous = state.canGoPrevious ? 1 : 0
        fields.can_play = state.canPlay ? 1 : 0
        fields.can_pause = state.canPause ? 1 : 0
        fields.can_seek = state.canSeek ? 1 : 0
        fields.track_id = c(state.trackID)
        fields.length_us = state.length
        fields.art_url = c(state.artURL)
        fields.title = c(state.title)
        fields.artist = c(state.artist)
        fields.album = c(state.album)
        fields.album_artist = c(state.albumArtist)
        fields.genre = c(state.genre)
        fields.url = c(state.url)
        fields.track_number = state.trackNumber
        fields.disc_number = state.discNumber
        addmusic_mpris_update(bus.pointer, &fields)
    }

    /// The D-Bus object path naming `item` (ids may be negative: their bit pattern is used).
    static func trackID(_ item: MediaItem) -> String {
        "/org/addmusic/AddMusic/Track/\(UInt64(bitPattern: item.id))"
    }

    private static func microseconds(_ seconds: Double) -> Int64 {
        Int64(clamping: MediaTime.position(seconds) * 1e6, rounding: .toNearestOrAwayFromZero)
    }
}

/// The MPRIS object on the bus, left when the last of the service and its bus thread lets it go. The bus thread
/// alone runs it; other threads only post to it (under its own lock).
private final class BusOwner: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { addmusic_mpris_close(pointer) }
}

/// Lets the C callbacks reach the service without keeping it alive; set on one thread, read on the bus thread.
private final class ServiceReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var weakService: MPRISService?

    var service: MPRISService? {
        get { lock.withLock { weakService } }
        set { lock.withLock { weakService = newValue } }
    }
}

/// The state as published on the bus.
private struct PublishedState: Equatable {
    var status = "Stopped"
    var loop = "None"
    var shuffle = false
    var volume = 1.0
    var canGoNext = false
    var canGoPrevious = false
    var canPlay = false
    var canPause = false
    var canSeek = false
    var itemID: Int64?
    var trackID: String?
    var length: Int64 = 0
    var artURL: String?
    var title: String?
    var artist: String?
    var album: String?
    var albumArtist: String?
    var genre: String?
    var url: String?
    var trackNumber: Int32 = 0
    var discNumber: Int32 = 0
}
