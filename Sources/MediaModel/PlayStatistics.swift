import Foundation

/// How often a song was played and skipped, when it was last played and first added, and its rating: kept by the
/// song's persistent id (the application player's library) or by its URI (the system player's daemon).
public struct PlayStatistics: Sendable, Equatable {
    /// Plays counted: each time at least half the song, or four minutes of it, was heard (B-H1).
    public var playCount: Int
    /// Times the song was left with "next" before it counted as played (B-H2).
    public var skipCount: Int
    /// When the last play was counted (nil: never).
    public var lastPlayed: Date?
    /// When the song first entered the library (nil where that is not known, as for the daemon's songs).
    public var dateAdded: Date?
    /// Stars, 0 to 5: the user's, else the file's rating tag (nil: none).
    public var rating: Int?

    /// Statistics with the given values (none played, skipped or rated by default).
    public init(
        playCount: Int = 0, skipCount: Int = 0, lastPlayed: Date? = nil, dateAdded: Date? = nil, rating: Int? = nil
    ) {
        self.playCount = playCount
        self.skipCount = skipCount
        self.lastPlayed = lastPlayed
        self.dateAdded = dateAdded
        self.rating = rating
    }

    /// The seconds of a song that must be heard for a play to count: half its duration, at most four minutes
    /// (B-H1). A song of unknown duration (0) counts after four minutes.
    public static func playThreshold(duration: Double) -> Double {
        guard duration > 0 else { return 240 }
        return min(duration / 2, 240)
    }
}
