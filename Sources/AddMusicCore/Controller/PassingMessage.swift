/// A message shown to the user for a moment (a toast): its text, and an id that is new for each message posted, so
/// the same text posted twice is two messages.
public struct PassingMessage: Sendable, Equatable {
    /// Counts up from 1 for each message a controller posts.
    public let id: Int
    /// The text, in the user's language.
    public let text: String

    /// A message numbered `id`.
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}
