/// The state as published on the bus.
struct MPRISPublishedState: Equatable {
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
    /// Stars as a fraction, 0–1 (xesam:userRating).
    var userRating: Double?
    /// Plays counted (xesam:useCount).
    var useCount: Int32?
}
