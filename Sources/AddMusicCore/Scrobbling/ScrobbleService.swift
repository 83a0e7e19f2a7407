/// A service the listens are delivered to (ListenBrainz, Last.fm). Its calls block for at most their timeout: only
/// on the scrobbler's queue.
protocol ScrobbleService: Sendable {
    /// The name of its queue's folder ("listenbrainz", "lastfm").
    var name: String { get }
    /// The most listens one submission carries.
    var batch: Int { get }
    func submit(_ listens: [Listen]) -> Result<Void, ScrobbleError>
    func playingNow(_ listen: Listen) -> Result<Void, ScrobbleError>
}
