import AudioEngine
import MediaModel
import MusicPlayer

/// The choices of the preferences window. Each returns at once: the screen changes on the main thread and the config
/// file is written on the work queue; a save that fails is told as a passing message, and the choice holds for this
/// run all the same.
extension AppController {
    /// The preferences as they are now; any thread, at once (a copy kept beside the main thread's own).
    public nonisolated var preferences: Preferences { preferencesNow.withLock { $0 } }

    /// Turns the background animation on or off and saves the choice.
    public nonisolated func setBackgroundAnimation(_ on: Bool) {
        onMain { [self] in
            storedPreferences.backgroundAnimation = on
            savePreferences()
            if on { startAnimation() } else { stopAnimation() }
            publish()
        }
    }

    /// Sets how ReplayGain tags set each song's level, on the player in use (the application player's samples, the
    /// music daemon's own mode), and saves it.
    public nonisolated func setReplayGain(_ mode: ReplayGainMode) {
        onMain { [self] in
            storedPreferences.replayGain = mode
            savePreferences()
            tell { $0.setReplayGain(mode) }
        }
    }

    /// Sets which format the application player's stream takes (each song's own, or the fixed 16-bit stereo at
    /// 44.1 kHz), applied at once, and saves it. The music daemon keeps its own configuration.
    public nonisolated func setOutputFormat(_ choice: OutputFormatChoice) {
        onMain { [self] in
            storedPreferences.outputFormat = choice
            savePreferences()
            tell { ($0 as? ApplicationMusicPlayer)?.setOutputFormat(choice) }
        }
    }

    /// Chooses what opened files do while music plays, and saves it.
    public nonisolated func setOpenAction(_ action: OpenAction) {
        onMain { [self] in
            storedPreferences.openAction = action
            savePreferences()
        }
    }

    /// Chooses whether closing the window while music plays leaves it playing, and saves it.
    public nonisolated func setKeepPlaying(_ on: Bool) {
        onMain { [self] in
            storedPreferences.keepPlaying = on
            savePreferences()
        }
    }

    /// Chooses the player for the next launch and saves it (B-L2).
    public nonisolated func setPlayerKind(_ kind: Preferences.PlayerKind) {
        onMain { [self] in
            storedPreferences.playerKind = kind
            savePreferences()
        }
    }

    /// Makes the preferences what `preferences` answers and writes them to the config file on the work queue
    /// (saves follow one another in the order asked), telling the user when that fails.
    func savePreferences() {
        let chosen = storedPreferences
        preferencesNow.withLock { $0 = chosen }
        work.async { [self] in
            var saving = chosen
            // What the file holds is what the last save wrote, not what the preferences were read as (a choice
            // made twice in a run, the player by B-P7, is written each time it differs from the file).
            if let written = lastSaved.withLock({ $0 }) { saving.assumeWritten(as: written) }
            do {
                try saving.save()
                lastSaved.withLock { $0 = saving }
            } catch {
                let message = text.string("message.notSaved", FailureText.describe(error))
                onMain { [self] in
                    post(message)
                    publish()
                }
            }
        }
    }
}
