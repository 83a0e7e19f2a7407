/// A cover file's outcome, cached per folder.
enum CoverOutcome: Sendable {
    case artwork(ArtworkPayload)
    case failed(String)
}
