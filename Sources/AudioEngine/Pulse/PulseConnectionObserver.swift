/// What the app's connection to the audio server tells the audio session: each thing once, on the Pulse thread
/// (`PulseConnection`), with the loop's lock held, so an observer must not wait there (hand the work to a queue).
protocol PulseConnectionObserver: AnyObject, Sendable {
    /// A sink appeared (a device plugged in, a sink loaded); `name` is its name when the server gave it.
    func sinkAppeared(name: String?)
    /// A sink one or more of the app's streams played on went away; those streams have paused themselves.
    func deviceLost(name: String?)
    /// The server corked `stream` for audio that takes priority (a call).
    func streamInterrupted(_ stream: PulseOutput)
    /// The server lets `stream` play again.
    func streamInterruptionEnded(_ stream: PulseOutput)
    /// `stream` closed: it no longer holds an interruption. Told on the thread that closed it.
    func streamGone(_ stream: PulseOutput)
    /// The server went away: no stream holds an interruption any more. Sinks and streams come back with the server.
    func serverLost()
}
