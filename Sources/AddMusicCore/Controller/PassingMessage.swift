/// A message shown to the user for a moment (a toast): its text, an id that is new for each message posted, so the
/// same text posted twice is two messages, and at most one action the user may take from it (Undo).
public struct PassingMessage: Sendable, Equatable {
    /// What a message's button does, sent back to the controller with `AppController.perform(_:)`.
    public enum Action: Sendable, Equatable {
        /// Puts back the tags the tag edit numbered so replaced (B-H10).
        case undoTagEdit(Int)
        /// Brings back the playlist the delete numbered so removed (B-Y6).
        case undoPlaylistDelete(Int)
    }

    /// Counts up from 1 for each message a controller posts.
    public let id: Int
    /// The text, in the user's language.
    public let text: String
    /// The button's action and its label, if the message has one.
    public let action: (action: Action, label: String)?

    /// A message numbered `id`.
    public init(id: Int, text: String, action: (action: Action, label: String)? = nil) {
        self.id = id
        self.text = text
        self.action = action
    }

    public static func == (lhs: PassingMessage, rhs: PassingMessage) -> Bool {
        lhs.id == rhs.id && lhs.text == rhs.text && lhs.action?.action == rhs.action?.action
            && lhs.action?.label == rhs.action?.label
    }
}
