import MediaModel

/// The daemon's `status` reply, each number checked where it enters: a count, position or id that is not a
/// non-negative integer, a time that is not a real time (NaN, infinite, negative, over `MediaTime.maximumSeconds`),
/// a volume outside 0…100 — each reads as unknown, never as a trap. A value; any thread.
struct MPDStatus: Equatable {
    var state = PlaybackState.stopped
    /// The current song's position in the queue and its id.
    var songPosition: Int?
    var songID: Int?
    /// Seconds into the current song, and its length.
    var elapsed: Double?
    var duration: Double?
    /// 0…100; nil when the daemon has no mixer.
    var volume: Int?
    /// The current song's bit rate in kbit/s.
    var bitrate: Int?
    /// The queue's version (it changes with the queue) and its length.
    var playlistVersion: Int?
    var playlistLength: Int?
    var random = false
    var repeats = false
    var single = false

    /// The status `reply` describes.
    init(_ reply: MPDReply) {
        state =
            switch reply.value(of: "state") {
            case "play": .playing
            case "pause": .paused
            default: .stopped
            }
        songPosition = Self.count(reply.value(of: "song"))
        songID = Self.count(reply.value(of: "songid"))
        // `time: 12:345` is the old form of elapsed and duration, in whole seconds.
        let time = reply.value(of: "time")?.split(separator: ":", omittingEmptySubsequences: false)
        elapsed = Self.position(reply.value(of: "elapsed")) ?? Self.position(time?.first.map(String.init))
        duration = Self.seconds(reply.value(of: "duration")) ?? Self.seconds(time?.dropFirst().first.map(String.init))
        volume = Self.count(reply.value(of: "volume")).flatMap { $0 <= 100 ? $0 : nil }
        bitrate = Self.count(reply.value(of: "bitrate"))
        playlistVersion = Self.count(reply.value(of: "playlist"))
        playlistLength = Self.count(reply.value(of: "playlistlength"))
        random = reply.value(of: "random") == "1"
        repeats = reply.value(of: "repeat") == "1"
        single = reply.value(of: "single") == "1"
    }

    /// A non-negative integer written in decimal (`Int(String)` refuses what overflows); nil otherwise.
    static func count(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value >= 0 else { return nil }
        return value
    }

    /// A position in seconds ("12.345"), when it is one (`MediaTime.validPosition`).
    static func position(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap(MediaTime.validPosition)
    }

    /// A duration in seconds, when it is one (`MediaTime.duration`: finite and positive).
    static func seconds(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap(MediaTime.duration)
    }
}
