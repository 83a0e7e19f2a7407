import Dispatch
import MediaLibrary
import MediaModel
import MusicPlayer

/// Moving the music to the other player (B-P7): "Continue on the music daemon" from the application player,
/// "Continue in AddMusic" from the system player. The main thread only asks: the other player is made and connected
/// on `switching`, the songs it cannot reach are looked up there, and the handoff itself is one command on the
/// commands queue, in order with the user's other intents; what came of it arrives as the new player's events.
extension AppController {
    /// Makes the player `preferences.playerKind` names, ready to play (the system player connected to its daemon,
    /// the application player's stream open at the audio server), set up as the rest of `preferences` says. Called
    /// on `switching`; it may wait.
    public typealias PlayerMaker = @Sendable (Preferences) throws -> any SettledPlayerReads

    /// The string key of the command that moves the music away from a player of `kind`.
    nonisolated static func handOffKey(from kind: Preferences.PlayerKind) -> String {
        kind == .application ? "handoff.toSystem" : "handoff.toApplication"
    }

    /// Moves the music to the other player: its queue, the item playing and where in it, playing or paused; the
    /// songs the other player cannot reach are left out and named in one message; the first player stops and is
    /// let go, and the preference follows, so the next launch uses the new player. Returns at once; nothing while
    /// a move is under way or when no other player can be made.
    public func handOff() {
        guard let makePlayer, !isHandingOff else { return }
        isHandingOff = true
        current.isHandOffEnabled = false
        publish()
        let from = player
        let target: Preferences.PlayerKind = playerKind == .application ? .system : .application
        let folders = musicFolders
        var chosen = storedPreferences
        chosen.playerKind = target
        switching.async { [self, library, chosen] in
            let made: any SettledPlayerReads
            do { made = try makePlayer(chosen) } catch { return onMain { [self] in handOffFailed("\(error)") } }
            let ready: HandoffPlan
            do {
                let mapper = Self.mapper(from: from, to: made, library: library, folders: folders)
                ready = try HandoffPlan(items: from.snapshot.queue.items, mapper: mapper)
            } catch {
                made.shutDown()  // the daemon did not answer the lookup: the music stays where it is
                return onMain { [self] in handOffFailed("\(error)") }
            }
            listen(to: made)
            commands.async { [self] in
                // The moment of the move, in order with the intents asked before: what the first player holds
                // now goes over, and every later intent reaches the new one.
                var plan = ready
                let (handoff, missing) = plan.handoff(of: from.snapshot)
                playing.withLock { $0 = (made, target) }
                made.takeOver(handoff)
                from.stop()
                switching.async {
                    _ = from.playbackState  // once its stop went out
                    from.shutDown()
                }
                onMain { [self] in handedOff(to: made, kind: target, missing: missing) }
            }
        }
    }

    /// Calls `handler` with the player and its kind each time another player takes the music over (B-P7), so that
    /// what drives the player directly (the desktop's controls, the picker) follows. On the main thread.
    public func observePlayer(_ handler: @escaping @MainActor (MusicPlayerController, Preferences.PlayerKind) -> Void) {
        playerObservers.append(handler)
    }

    /// Subscribes to `listened`'s events: handled while it is the player; afterwards only its last counted plays
    /// and skips are still recorded (B-H1, B-H2). Returns at once.
    nonisolated func listen(to listened: MusicPlayerController) {
        let handler: @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void = { [weak self] event, snapshot in
            MainActor.assumeIsolated {
                guard let self else { return }
                if self.player === listened {
                    self.handle(event, snapshot)
                } else if case .playCounted = event {
                    self.recordStatistics(event, countedBy: listened)
                } else if case .skipCounted = event {
                    self.recordStatistics(event, countedBy: listened)
                }
            }
        }
        // The terminal tells each song that played, however short: every event, none coalesced.
        if front == .terminal {
            listened.observeEveryEvent(on: .main, handler)
        } else {
            listened.observe(on: .main, handler)
        }
    }

    /// What the receiving player plays for each song of the giving one, nil where it cannot reach it. To the music
    /// daemon: the songs themselves, those it cannot play left out (outside its music folder, or local files over
    /// TCP). From it: the file here each URI names (under its music folder or the user's), as the library knows it.
    private nonisolated static func mapper(
        from: MusicPlayerController, to: MusicPlayerController, library: MusicLibrary?, folders: [LibraryPath]
    ) -> HandoffPlan.Mapper {
        if let daemon = to as? SystemMusicPlayer {
            return { items in zip(items, try daemon.reachable(items)).map { $1 ? $0 : nil } }
        }
        if let daemon = from as? SystemMusicPlayer {
            return { items in
                items.map { item in
                    daemon.localItem(for: item, folders: folders).map { local in
                        (try? library?.item(atPath: local.path)) ?? local
                    }
                }
            }
        }
        return { $0 }
    }

    /// On the main thread: the new player plays; say so (naming the songs left out), save the choice and let the
    /// window and the desktop's controls follow.
    private func handedOff(to made: any SettledPlayerReads, kind: Preferences.PlayerKind, missing: [MediaItem]) {
        isHandingOff = false
        current.handOffTitle = text.string(Self.handOffKey(from: kind))
        current.isHandOffEnabled = true
        if missing.isEmpty {
            post(text.string("message.handedOff." + kind.rawValue))
        } else {
            post(text.string("message.handedOffWithout." + kind.rawValue, Self.names(of: missing)))
            log("moved to the \(kind.rawValue) player without: \(missing.map(\.path.description))")
        }
        storedPreferences.playerKind = kind
        savePreferences()
        for observer in playerObservers { observer(made, kind) }
        publish()
    }

    /// On the main thread: the other player could not be made (or the daemon did not answer); the music stays.
    private func handOffFailed(_ message: String) {
        isHandingOff = false
        current.isHandOffEnabled = true
        post(text.string("message.handOffFailed", message))
        log("the music could not move to the other player: \(message)")
        publish()
    }

    /// The titles of `items`, the first ten, as one line of text (control characters shown as symbols).
    private nonisolated static func names(of items: [MediaItem]) -> String {
        let shown = items.prefix(10).map { "“" + TerminalSafeText.make($0.title) + "”" }.joined(separator: ", ")
        return items.count > 10 ? shown + ", … (+\(items.count - 10))" : shown
    }
}
