/// What the owner of a `PlaybackEngine` names a track by when it hands it over; each event about the track carries
/// it back, and the engine reads nothing into it. An owner takes a fresh one for each hand-over (a song played again
/// is a pass of its own).
public struct EngineToken: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The owner's number for the hand-over.
    public let value: Int

    public init(_ value: Int) { self.value = value }

    public init(integerLiteral value: Int) { self.value = value }

    public var description: String { "#\(value)" }
}
