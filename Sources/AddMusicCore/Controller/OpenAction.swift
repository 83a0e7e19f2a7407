/// What opening files does while music plays (`addmusic FILE…`, the file manager's Open With, a drop on the
/// window): with nothing playing they always play at once.
public enum OpenAction: String, Sendable, CaseIterable {
    /// They go after the queue; what plays plays on (the default).
    case queue
    /// They play at once, after the song that was playing, which the rest of the queue still follows.
    case play
}
