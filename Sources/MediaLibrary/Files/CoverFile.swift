import MediaModel

/// A cover file beside songs, and a signature that changes when it does.
struct CoverFile: Sendable, Hashable {
    var path: LibraryPath
    var signature: String
}
