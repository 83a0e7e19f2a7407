/// How a `MediaQuery` groups its songs into collections (Apple's `MPMediaGrouping`).
public enum MediaGrouping: String, CaseIterable, Hashable, Sendable {
    /// Each song is a collection of its own, in the A–Z order of its title.
    case title
    /// By album (album artist or artist, and title), in the A–Z order of the album title.
    case album
    /// By artist, in the A–Z order of the artist.
    case artist
    /// By album artist (else artist), in the A–Z order of the album artist.
    case albumArtist
    /// By genre, case-insensitively, in the A–Z order of the genre.
    case genre
    /// By composer, case-insensitively, in the A–Z order of the composer.
    case composer
    /// By playlist: the library's playlist files and the user's playlists (`MediaQuery.PlaylistSources`).
    case playlist
}
