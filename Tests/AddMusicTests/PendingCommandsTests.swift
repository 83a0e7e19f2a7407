import Testing

@testable import MusicPlayer

/// The system player's waiting commands coalesce so that the last intent wins and the list stays short, without
/// changing what the daemon ends up doing.
@Suite struct PendingCommandsTests {
    private func pending(_ commands: [SystemCommand]) -> [SystemCommand] {
        var list = PendingCommands()
        for command in commands { list.add(command) }
        return list.commands
    }

    @Test func playAndPausePressedManyTimesWaitAsTheirOutcome() {
        #expect(pending([.play, .pause, .play, .pause]) == [.play, .pause])
        #expect(pending([.pause, .play, .pause, .play]) == [.play])
        #expect(pending([.pause, .pause]) == [.pause])
        // From stopped, play then pause is paused at the start: the stop, the play and the pause all stay.
        #expect(pending([.stop, .play, .pause, .play, .pause]) == [.stop, .play, .pause])
        #expect(pending([.play, .pause, .stop]) == [.stop])
    }

    @Test func seeksAndSettingsKeepTheirLastValue() {
        #expect(pending([.seek(1), .seek(0)]) == [.seek(0)])
        #expect(pending([.seek(1), .next, .seek(2)]) == [.seek(1), .next, .seek(2)])
        #expect(
            pending([.volume(10), .shuffle(true), .next, .volume(30), .shuffle(false)])
                == [.next, .volume(30), .shuffle(false)])
    }

    @Test func aNewQueueReplacesEveryWaitingCommandButTheSettings() {
        #expect(
            pending([.volume(20), .append(["a"]), .next, .play, .setQueue(["b"]), .play])
                == [.volume(20), .setQueue(["b"]), .play])
    }

    @Test func aClearedQueueReplacesEveryWaitingCommandButTheSettings() {
        #expect(
            pending([.volume(20), .append(["a"]), .move(from: 0, to: 1), .play, .clear, .append(["b"])])
                == [.volume(20), .clear, .append(["b"])])
    }

    @Test func skipsAndQueueEditsStayInOrderUpToTheLimit() {
        #expect(pending([.next, .next, .previous, .remove(at: 0)]) == [.next, .next, .previous, .remove(at: 0)])
        #expect(
            pending([.move(from: 2, to: 0), .move(from: 0, to: 2)]) == [.move(from: 2, to: 0), .move(from: 0, to: 2)])
        let many = pending([.volume(5)] + Array(repeating: .next, count: 100))
        #expect(many.count == PendingCommands.limit && many.first == .volume(5))
    }

    @Test func aCommandPutBackIsStillReplacedByALaterOne() {
        var list = PendingCommands()
        list.add(.play)
        list.putBack(.pause)  // sent, unanswered: before the play asked after it
        #expect(list.commands == [.play])
        list.putBack(.next)
        #expect(list.commands == [.next, .play])
    }
}
