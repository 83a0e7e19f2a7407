/// The bounds one open (`OpenedItems`) keeps to, whatever it is handed: how many audio files it reads, how many folder
/// entries it looks at, how many stream URLs it checks and how long it waits for them. `standard` is what the app
/// uses; tests hand smaller ones.
public struct OpenLimits: Sendable {
    /// The most audio files read for one open (a bigger folder gives the first ones, in path order).
    public var maximumFiles: Int
    /// The most folder entries looked at for one open, however many folders they lie in, a folder's own entries
    /// included: listing stops at the limit, inside a folder as between folders.
    public var maximumEntriesListed: Int
    /// The most `http`/`https` URLs checked for one open (the later ones are left out, and the open says so).
    public var maximumStreams: Int
    /// How long, in seconds, the open's streams have to answer as audio: one deadline for all of them, checked side
    /// by side.
    public var streamDeadline: Double

    /// Bounds with the given values.
    public init(maximumFiles: Int, maximumEntriesListed: Int, maximumStreams: Int, streamDeadline: Double) {
        self.maximumFiles = maximumFiles
        self.maximumEntriesListed = maximumEntriesListed
        self.maximumStreams = maximumStreams
        self.streamDeadline = streamDeadline
    }

    /// 1,000 audio files, 200,000 folder entries, 8 stream URLs answering within 8 s.
    public static let standard = OpenLimits(
        maximumFiles: 1_000, maximumEntriesListed: 200_000, maximumStreams: 8, streamDeadline: 8)
}
