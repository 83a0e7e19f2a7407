import AddMusicCore
import Foundation
import MediaModel
import MusicPlayer

/// `addmusic scrobble login listenbrainz [--server URL] [--token TOKEN] | login lastfm --api-key KEY --api-secret
/// SECRET [--server URL] | logout SERVICE | status | send | watch`: the scrobbling accounts, the listens waiting for
/// them, and the music daemon's plays submitted (B-H11). A ListenBrainz token is read from standard input unless
/// given; Last.fm's session comes from the page the user allows AddMusic on. Both are checked with the server before
/// they are kept, and never printed. The main thread runs the main queue while a server is asked.
struct ScrobbleCommand {
    var arguments: Arguments
    let text = Localizer.app
    let accounts = ScrobbleAccounts()

    @MainActor
    func run() throws -> Int32 {
        var arguments = arguments
        switch arguments.popWord() {
        case "login":
            return try service(arguments.popWord()) == "lastfm" ? loginLastFM() : login()
        case "logout":
            let name = try service(arguments.popWord())
            let forgotten = asking { [accounts] in Result { () throws(KeyringError) in try accounts.disconnect(name) } }
            if case .failure(let error) = forgotten {
                throw CommandError.failure(
                    text.string("scrobble.logoutFailed", Self.title(name), TerminalSafeText.make(error.reason)))
            }
            print(text.string("scrobble.loggedOut", Self.title(name), Scrobbler.waiting(for: name)))
            return 0
        case "status":
            let servers = asking { [accounts] in accounts.servers }
            let connected = accounts.connectedNames
            for (name, server) in servers {
                let waiting = Scrobbler.waiting(for: name)
                if server == nil, connected.contains(name) {
                    print(
                        text.string(
                            "scrobble.status.locked", Self.title(name),
                            TerminalSafeText.make(accounts.server(of: name)), waiting))
                } else if let server {
                    print(
                        text.string(
                            "scrobble.status.connected", Self.title(name), TerminalSafeText.make(server), waiting))
                } else {
                    print(text.string("scrobble.status.none", Self.title(name), name, waiting))
                }
            }
            return 0
        case "send":
            return send()
        case "watch":
            watch()
        case let other:
            throw CommandError.unknownCommand("scrobble " + (other ?? ""))
        }
    }

    /// The service `name` names ("listenbrainz" or "lastfm"); refuses any other.
    private func service(_ name: String?) throws -> String {
        guard let name = name?.lowercased(), name == "listenbrainz" || name == "lastfm" else {
            throw CommandError.failure(text.string("scrobble.unknownService", TerminalSafeText.make(name ?? "")))
        }
        return name
    }

    /// A service's name as people write it.
    private static func title(_ name: String) -> String { name == "lastfm" ? "Last.fm" : "ListenBrainz" }

    /// Runs `work` off the main thread while the main thread runs the main queue; its result.
    @MainActor
    private func asking<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let answer = Locked<T?>(nil)
        let done = MainFlag()
        DispatchQueue.global().async {
            answer.withLock { $0 = work() }
            done.raise()
        }
        _ = MainQueue.run { done.isRaised }
        return answer.withLock { $0 }!
    }

    /// Connects Last.fm: a token from the server, the page where the user allows it (opened in the browser when
    /// there is a display), Enter once allowed, then the session.
    @MainActor
    private func loginLastFM() throws -> Int32 {
        guard
            let keys = ScrobbleAccounts.lastFMKeys(
                key: arguments.value("api-key"), secret: arguments.value("api-secret"))
        else { throw CommandError.failure(text.string("scrobble.lastfmKeys")) }
        var account = LastFM(
            server: arguments.value("server") ?? LastFM.defaultServer, apiKey: keys.key, apiSecret: keys.secret)
        guard ScrobbleAccounts.isWebAddress(account.server) else {
            throw CommandError.failure(text.string("scrobble.badServer", TerminalSafeText.make(account.server)))
        }
        let asked = account
        let token: String
        switch asking({ asked.token() }) {
        case .success(let value): token = value
        case .failure(let error):
            throw CommandError.failure(
                text.string("scrobble.refused", "Last.fm", TerminalSafeText.make(error.description)))
        }
        let page = account.authorizationPage(token: token)
        print(text.string("scrobble.allow", page))
        fflush(nil)
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil {
            let browser = Process()
            browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            browser.arguments = ["xdg-open", page]
            browser.standardOutput = FileHandle.nullDevice
            browser.standardError = FileHandle.nullDevice
            try? browser.run()
        }
        _ = readLine()
        switch asking({ asked.session(token: token) }) {
        case .success(let session):
            account.sessionKey = session.key
            let connected = account
            try tellWhereKept(asking { [accounts] in Result { try accounts.connect(connected) } }.get())
            print(
                text.string(
                    "scrobble.connected", "Last.fm", TerminalSafeText.make(account.server),
                    TerminalSafeText.make(session.user)))
            return 0
        case .failure(let error):
            throw CommandError.failure(
                text.string("scrobble.refused", "Last.fm", TerminalSafeText.make(error.description)))
        }
    }

    @MainActor
    private func login() throws -> Int32 {
        var token = arguments.value("token")
        if token == nil {
            if isatty(0) != 0 { printError(text.string("scrobble.tokenPrompt")) }
            token = readLine(strippingNewline: true)
        }
        guard let accepted = ScrobbleAccounts.token(from: token) else {
            throw CommandError.failure(text.string("scrobble.noToken"))
        }
        let account = ListenBrainz(server: arguments.value("server") ?? ListenBrainz.defaultServer, token: accepted)
        guard ScrobbleAccounts.isWebAddress(account.server) else {
            throw CommandError.failure(text.string("scrobble.badServer", TerminalSafeText.make(account.server)))
        }
        switch asking({ account.validate() }) {
        case .success(let user):
            try tellWhereKept(asking { [accounts] in Result { try accounts.connect(account) } }.get())
            print(
                text.string(
                    "scrobble.connected", "ListenBrainz", TerminalSafeText.make(account.server),
                    TerminalSafeText.make(user)))
            return 0
        case .failure(let error):
            throw CommandError.failure(
                text.string("scrobble.refused", "ListenBrainz", TerminalSafeText.make(error.description)))
        }
    }

    /// Says where the secrets went: the desktop's keyring, or a file only the user can read (and why).
    private func tellWhereKept(_ place: ScrobbleAccounts.Place) {
        print(place.said(by: text, shown: TerminalSafeText.make))
    }

    /// Sends the waiting listens; 0 when none is left waiting, 3 otherwise.
    @MainActor
    private func send() -> Int32 {
        guard accounts.listenBrainz != nil || accounts.lastFM != nil else {
            printError(
                text.string(
                    "scrobble.status.none", "ListenBrainz", "listenbrainz", Scrobbler.waiting(for: "listenbrainz")))
            return 3
        }
        let outcome = Locked<(Int, Int, ScrobbleError?)?>(nil)
        let done = MainFlag()
        Scrobbler { printError(TerminalSafeText.make($0)) }.sendWaiting { delivered, waiting, error in
            outcome.withLock { $0 = (delivered, waiting, error) }
            done.raise()
        }
        _ = MainQueue.run { done.isRaised }
        let (delivered, waiting, error) = outcome.withLock { $0 }!
        print(text.string("scrobble.sent", delivered, waiting))
        if let error { printError(text.string("scrobble.failed", TerminalSafeText.make(error.description))) }
        return waiting == 0 ? 0 : 3
    }

    /// Submits the music daemon's plays, counted by its status and idle events as the system player counts them
    /// (B-H1, B-H7), until the process is ended (a systemd user service). Never returns.
    @MainActor
    private func watch() -> Never {
        let player = SystemMusicPlayer()
        let scrobbler = Scrobbler { printError(TerminalSafeText.make($0)) }
        // The listens are written to disk on this queue, never on the main thread.
        let counting = DispatchQueue(label: "addmusic.scrobble.watch")
        player.observeEveryEvent(on: counting) { event, snapshot in
            switch event {
            case .playCounted(let item): scrobbler.listen(item)
            case .nowPlayingItemChanged, .playbackStateChanged:
                scrobbler.playerChanged(item: snapshot.nowPlayingItem, playing: snapshot.state == .playing)
            default: break
            }
        }
        // What plays already when the watch begins is told too (no change of it will be).
        let now = player.snapshot
        scrobbler.playerChanged(item: now.nowPlayingItem, playing: now.state == .playing)
        scrobbler.sendWaiting { _, _, _ in }
        printError(text.string("scrobble.watching", TerminalSafeText.make(player.address.description)))
        withExtendedLifetime(player) { dispatchMain() }
    }
}
