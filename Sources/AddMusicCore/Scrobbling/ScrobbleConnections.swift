import Dispatch
import Foundation
import MediaModel

/// The scrobbling accounts as the preferences window manages them: what is connected and how many listens wait,
/// connecting ListenBrainz with a token, Last.fm by its desktop authentication (a token, the page where the user
/// allows AddMusic, then the session), and disconnecting. Every server, keyring and disk wait is on its own serial
/// queue; each answer comes back on the main thread.
public final class ScrobbleConnections: Sendable {
    /// One service as the window shows it.
    public struct Status: Sendable, Equatable {
        /// "listenbrainz" or "lastfm".
        public var service: String
        /// The server it is connected to; nil when it is not.
        public var server: String?
        /// The listens waiting for it.
        public var waiting: Int
    }

    /// Last.fm half-way through its desktop authentication: the page to allow AddMusic on, then `finishLastFM`.
    public struct PendingLastFM: Sendable {
        let account: LastFM
        let token: String
        /// The page where the user allows AddMusic.
        public let page: String
    }

    /// Why a connection failed, as text for the window (server and keyring text made safe to show).
    public struct Failure: Error, Sendable {
        public var reason: String
    }

    private let accounts: ScrobbleAccounts
    private let dataHome: String
    private let queue = DispatchQueue(label: "addmusic.scrobble.accounts")

    public init(accounts: ScrobbleAccounts = ScrobbleAccounts(), dataHome: String = XDGDirectories.dataHome) {
        self.accounts = accounts
        self.dataHome = dataHome
    }

    /// Each service's connection and listens waiting, handed to `done` on the main thread.
    public func status(_ done: @escaping @MainActor @Sendable ([Status]) -> Void) {
        queue.async { [accounts, dataHome] in
            let statuses = accounts.servers.map {
                Status(
                    service: $0.service, server: $0.server,
                    waiting: Scrobbler.waiting(for: $0.service, dataHome: dataHome))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(statuses) } }
        }
    }

    /// Checks `token` with the ListenBrainz server (the config file's, else the public one) and keeps it; `done`
    /// hears the user's name and where the token went.
    public func connectListenBrainz(
        token: String,
        _ done: @escaping @MainActor @Sendable (Result<(user: String, place: ScrobbleAccounts.Place), Failure>) -> Void
    ) {
        queue.async { [accounts] in
            let server = accounts.server(of: "listenbrainz")
            let outcome: Result<(user: String, place: ScrobbleAccounts.Place), Failure>
            if let bad = Self.badServer(server) {
                outcome = .failure(bad)
            } else if let accepted = ScrobbleAccounts.token(from: token) {
                let account = ListenBrainz(server: server, token: accepted)
                outcome = Self.keeping("ListenBrainz", account.validate()) { user in
                    (user, try accounts.connect(account))
                }
            } else {
                outcome = .failure(Failure(reason: Localizer.app.string("prefs.scrobbling.noToken")))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(outcome) } }
        }
    }

    /// Begins Last.fm's desktop authentication with the user's API key and secret (at the config file's server,
    /// else the public one): `done` hears the page where the user allows AddMusic, to open in the browser, then
    /// `finishLastFM`.
    public func startLastFM(
        apiKey: String, apiSecret: String,
        _ done: @escaping @MainActor @Sendable (Result<PendingLastFM, Failure>) -> Void
    ) {
        queue.async { [accounts] in
            let server = accounts.server(of: "lastfm")
            let outcome: Result<PendingLastFM, Failure>
            if let bad = Self.badServer(server) {
                outcome = .failure(bad)
            } else if let keys = ScrobbleAccounts.lastFMKeys(key: apiKey, secret: apiSecret) {
                let account = LastFM(server: server, apiKey: keys.key, apiSecret: keys.secret)
                outcome = account.token().map {
                    PendingLastFM(account: account, token: $0, page: account.authorizationPage(token: $0))
                }
                .mapError { Self.refused("Last.fm", $0) }
            } else {
                outcome = .failure(Failure(reason: Localizer.app.string("scrobble.lastfmKeys")))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(outcome) } }
        }
    }

    /// Ends Last.fm's desktop authentication once the user allowed AddMusic: asks the session and keeps it.
    public func finishLastFM(
        _ pending: PendingLastFM,
        _ done: @escaping @MainActor @Sendable (Result<(user: String, place: ScrobbleAccounts.Place), Failure>) -> Void
    ) {
        queue.async { [accounts] in
            let outcome = Self.keeping("Last.fm", pending.account.session(token: pending.token)) { session in
                var account = pending.account
                account.sessionKey = session.key
                return (session.user, try accounts.connect(account))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(outcome) } }
        }
    }

    /// Forgets `service`'s account (its waiting listens stay); `done` hears, on the main thread, once it is gone or
    /// why the keyring would not forget it.
    public func disconnect(_ service: String, _ done: @escaping @MainActor @Sendable (Failure?) -> Void) {
        queue.async { [accounts] in
            var failure: Failure?
            do throws(KeyringError) { try accounts.disconnect(service) } catch {
                failure = Failure(reason: error.reason)
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(failure) } }
        }
    }

    /// What `service`'s server answered, kept by `keep` when it accepted; either failure as a `Failure`.
    private static func keeping<Answer>(
        _ service: String, _ answer: Result<Answer, ScrobbleError>,
        _ keep: (Answer) throws -> (user: String, place: ScrobbleAccounts.Place)
    ) -> Result<(user: String, place: ScrobbleAccounts.Place), Failure> {
        switch answer {
        case .failure(let error): return .failure(refused(service, error))
        case .success(let value):
            do { return .success(try keep(value)) } catch { return .failure(Failure(reason: "\(error)")) }
        }
    }

    private static func refused(_ service: String, _ error: ScrobbleError) -> Failure {
        Failure(reason: Localizer.app.string("scrobble.refused", service, TerminalSafeText.make(error.description)))
    }

    private static func badServer(_ server: String) -> Failure? {
        guard !ScrobbleAccounts.isWebAddress(server) else { return nil }
        return Failure(reason: Localizer.app.string("scrobble.badServer", TerminalSafeText.make(server)))
    }
}
