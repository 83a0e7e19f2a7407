/// How a player orders its queue.
public enum ShuffleMode: Sendable, Hashable {
    case off
    case songs
    case albums
}
