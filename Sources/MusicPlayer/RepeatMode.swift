/// Which items a player repeats.
public enum RepeatMode: Sendable, Hashable {
    case none
    case one
    case all
}
