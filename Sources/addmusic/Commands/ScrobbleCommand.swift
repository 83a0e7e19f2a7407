import AddMusicCore
import Foundation
import MediaModel
import MusicPlayer

/// `addmusic scrobble login listenbrainz [--server URL] [--token TOKEN] | logout listenbrainz | status | send | watch`:
/// the scrobbling accounts, the listens waiting for them, and the music daemon's plays submitted (B-H11). The token is read from standard input unless given,
/// checked with the server before it is kept, and never printed. The main thread runs the main queue while the
/// server is asked.
struct ScrobbleCommand {
    var arguments: Arguments
    let text = Localizer.app
    let accounts = ScrobbleAccounts()

    @MainActor
    func run() throws -> Int32 {
        var arguments = arguments
        switch arguments.popWord() {
        case "login":
            try service(arguments.popWord())
            return try login()
        case "logout":
            try service(arguments.popWord())
            accounts.disconnectListenBrainz()
            print(text.string("scrobble.loggedOut", Scrobbler.waiting()))
            return 0
        case "status":
            if let account = accounts.listenBrainz {
                print(
                    text.string("scrobble.status.connected", TerminalSafeText.make(account.server), Scrobbler.waiting())
                )
            } else {
                print(text.string("scrobble.status.none", Scrobbler.waiting()))
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

    /// Refuses any service but ListenBrainz.
    private func service(_ name: String?) throws {
        guard name?.lowercased() == "listenbrainz" else {
            throw CommandError.failure(text.string("scrobble.unknownService", TerminalSafeText.make(name ?? "")))
        }
    }

    @MainActor
    private func login() throws -> Int32 {
        var token = arguments.value("token")
        if token == nil {
            if isatty(0) != 0 { printError(text.string("scrobble.tokenPrompt")) }
            token = readLine(strippingNewline: true)
        }
        let trimmed = (token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 512, !trimmed.contains(where: { $0.isNewline }) else {
            throw CommandError.failure(text.string("scrobble.noToken"))
        }
        let account = ListenBrainz(server: arguments.value("server") ?? ListenBrainz.defaultServer, token: trimmed)
        guard account.server.hasPrefix("https://") || account.server.hasPrefix("http://") else {
            throw CommandError.failure(text.string("scrobble.badServer", TerminalSafeText.make(account.server)))
        }
        let answer = Locked<Result<String, ScrobbleError>?>(nil)
        let done = MainFlag()
        DispatchQueue.global().async {
            answer.withLock { $0 = account.validate() }
            done.raise()
        }
        _ = MainQueue.run { done.isRaised }
        switch answer.withLock({ $0 })! {
        case .success(let user):
            try accounts.connect(account)
            print(
                text.string(
                    "scrobble.connected", TerminalSafeText.make(account.server), TerminalSafeText.make(user)))
            return 0
        case .failure(let error):
            throw CommandError.failure(text.string("scrobble.refused", TerminalSafeText.make(error.description)))
        }
    }

    /// Sends the waiting listens; 0 when none is left waiting, 3 otherwise.
    @MainActor
    private func send() -> Int32 {
        guard accounts.listenBrainz != nil else {
            printError(text.string("scrobble.status.none", Scrobbler.waiting()))
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
