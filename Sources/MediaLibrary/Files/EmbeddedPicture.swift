import MediaModel

/// A picture embedded in an audio file.
struct EmbeddedPicture: Sendable {
    var data: [UInt8]
    var codecID: UInt32
}
