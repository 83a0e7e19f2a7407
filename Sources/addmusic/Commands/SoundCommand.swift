import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel

/// `addmusic sound [FILE] [--loops N] [--output pulse|null|wav:PATH]`: plays the app sound (the bundled chime, or
/// FILE) over whatever else plays (stream role "event"). On a terminal it stays, prepared: space plays it again,
/// q quits. Otherwise it plays once (and its loops) and ends.
struct SoundCommand {
    let arguments: Arguments
    let text = Localizer.app

    @MainActor
    func run() throws -> Int32 {
        guard
            let path = arguments.words.first.map({ LibraryPath.absolute($0).description })
                ?? AppController.bundledSoundPath
        else { throw CommandError.failure(text.string("sound.missing")) }
        let output = try OutputChoice.make(arguments, role: AudioSession.Category.ambient.streamRole)
        let sound = try AudioPlayer(contentsOf: path, output: output)
        sound.numberOfLoops = try arguments.integer("loops", default: 0)
        let finished = MainFlag()
        sound.onFinish = { _ in finished.raise() }
        sound.onDecodeError = { [text] error in printError(text.string("error.failed", String(describing: error))) }
        guard sound.prepareToPlay() else { throw CommandError.failure(text.string("sound.cannotPlay")) }
        sound.play()
        guard isatty(STDIN_FILENO) != 0 else {
            // The command's whole run: the main queue runs until the sound's end is raised. Told to loop for ever, it
            // plays until stopped; otherwise an output that stops taking samples (a hung audio server) ends the run
            // with a message once the sound has had its length and 10 s more.
            let loops = sound.numberOfLoops
            guard loops >= 0 else {
                _ = MainQueue.run { finished.isRaised }
                return 0
            }
            let seconds = sound.duration * Double(loops + 1) + 10
            guard MainQueue.run(until: { finished.isRaised }, deadline: Date(timeIntervalSinceNow: seconds)) else {
                throw CommandError.failure(text.string("sound.stalled"))
            }
            return 0
        }
        print(text.string("sound.keys"))
        let quit = MainFlag()
        // The key thread never waits for the sound: space is carried out on a queue of its own, q ends at once.
        let commands = DispatchQueue(label: "addmusic.sound.commands")
        let keys = TerminalKeys { key in
            switch key {
            case .character(" "):
                commands.async {
                    sound.stop()
                    sound.currentTime = 0
                    sound.play()
                }
            case .character("q"): quit.raise()
            default: break
            }
        }
        // Raised by the key thread alone, which never waits for the sound or its output.
        _ = MainQueue.run { quit.isRaised }
        keys.restore()
        return 0
    }
}
