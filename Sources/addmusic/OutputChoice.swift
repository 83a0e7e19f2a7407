import AddMusicCore
import AudioEngine
import MediaLibrary
import MediaModel

/// The output `--output pulse|null|null:fast|wav:PATH` names, for `play` and `sound`.
enum OutputChoice {
    /// Opens the output `arguments` name (the audio server's by default, with stream role `role`). When no audio
    /// server answers, says so and gives a clocked null output, so playback goes on in time without sound.
    /// - Throws: `CommandError.failure` for an output name it does not know.
    static func make(_ arguments: Arguments, role: String = "music") throws -> AudioOutput {
        let text = Localizer.app
        let choice = arguments.value("output") ?? "pulse"
        if choice == "null" { return NullOutput(clocked: true) }
        if choice == "null:fast" { return NullOutput(clocked: false) }  // as fast as decoding goes (bench/playback)
        if choice.hasPrefix("wav:") {
            return WAVFileOutput(path: LibraryPath.absolute(String(choice.dropFirst(4))).description)
        }
        guard choice == "pulse" else {
            throw CommandError.failure(text.string("play.badOutput", TerminalSafeText.make(choice)))
        }
        return openOrSilent(PulseOutput(role: role))
    }

    /// Opens `pulse`; when no audio server answers, says so and gives a clocked null output instead.
    static func openOrSilent(_ pulse: PulseOutput) -> AudioOutput {
        do {
            try pulse.open(PCMFormat())
            return pulse
        } catch {
            printError(Localizer.app.string("play.noServer", String(describing: error)))
            return NullOutput(clocked: true)
        }
    }
}
