/// An artist as the picker lists it.
public struct Artist: Hashable, Sendable, Identifiable {
    /// A stable key (the folded sort name or name, without a leading "The", "A" or "An": also its A–Z key); pass it
    /// back to `songs(ofArtist:)`.
    public var id: String
    /// The name as tagged.
    public var name: String
    /// The number of songs.
    public var songCount: Int
    /// The number of albums with at least one of its songs.
    public var albumCount: Int

    /// Creates an artist value.
    public init(id: String, name: String, songCount: Int, albumCount: Int) {
        self.id = id
        self.name = name
        self.songCount = songCount
        self.albumCount = albumCount
    }
}
