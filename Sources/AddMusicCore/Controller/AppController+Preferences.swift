import AudioEngine
import MediaModel
import MusicPlayer

/// The choices of the preferences window, on the main actor. Each returns at once: the screen changes there and the
/// config file is written on the work queue; a save that fails is told as a passing message, and the choice holds for this
/// run all the same.
extension AppController {
    /// The preferences as they are now.
    public var preferences: Preferences { storedPreferences }

    /// Turns the background animation on or off and saves the choice.
    public func setBackgroundAnimation(_ on: Bool) {
        storedPreferences.backgroundAnimation = on
        savePreferences()
        if on { startAnimation() } else { stopAnimation() }
        publish()
    }

    /// Sets how ReplayGain tags set each song's level, on the player in use (the application player's samples, the
    /// music daemon's own mode), and saves it.
    public func setReplayGain(_ mode: ReplayGainMode) {
        storedPreferences.replayGain = mode
        savePreferences()
        tell { $0.setReplayGain(mode) }
    }

    /// Sets which format the application player's stream takes (each song's own, or the fixed 16-bit stereo at
    /// 44.1 kHz), applied at once, and saves it. The music daemon keeps its own configuration.
    public func setOutputFormat(_ choice: OutputFormatChoice) {
        storedPreferences.outputFormat = choice
        savePreferences()
        tell { ($0 as? ApplicationMusicPlayer)?.setOutputFormat(choice) }
    }

    /// Sets the equalizer the application player plays through, heard at once, and saves it. The music daemon plays
    /// without one.
    public func setEqualizer(_ choice: EqualizerChoice) {
        storedPreferences.equalizer = choice
        savePreferences()
        let equalizer = storedPreferences.chosenEqualizer
        tell { ($0 as? ApplicationMusicPlayer)?.setEqualizer(equalizer) }
    }

    /// Keeps `preset` among the user's own equalizer presets (in place of one of its name, else after the others),
    /// chooses it, heard at once, and saves both.
    public func saveEqualizerPreset(_ preset: EqualizerPreset) {
        var presets = storedPreferences.equalizerPresets
        if let index = presets.firstIndex(where: { $0.name.lowercased() == preset.name.lowercased() }) {
            presets[index] = preset
        } else {
            presets.append(preset)
        }
        storedPreferences.equalizerPresets = presets
        setEqualizer(EqualizerChoice(name: preset.name))
    }

    /// Forgets the user's equalizer preset named `name`; the equalizer is off when it was the one chosen. Saves.
    public func deleteEqualizerPreset(named name: String) {
        storedPreferences.equalizerPresets.removeAll { $0.name.lowercased() == name.lowercased() }
        // Off when it was the one chosen (its name now names nothing).
        if storedPreferences.chosenEqualizer == nil { setEqualizer(.off) } else { savePreferences() }
    }

    /// Sets the crossfade (0–12 s; 0: none) on the player in use, from the next border on, and saves it. The
    /// application player keeps the songs of an album gapless; the music daemon takes whole seconds and fades every
    /// border.
    public func setCrossfade(_ seconds: Double) {
        let seconds = PlaybackEngine.crossfade(seconds)
        storedPreferences.crossfade = seconds
        savePreferences()
        tell { $0.setCrossfade(seconds) }
    }

    /// Chooses what opened files do while music plays, and saves it.
    public func setOpenAction(_ action: OpenAction) {
        storedPreferences.openAction = action
        savePreferences()
    }

    /// Chooses whether closing the window while music plays leaves it playing, and saves it.
    public func setKeepPlaying(_ on: Bool) {
        storedPreferences.keepPlaying = on
        savePreferences()
    }

    /// Chooses whether the window tells the desktop of each new song while it is not in front, and saves it.
    public func setNotifications(_ on: Bool) {
        storedPreferences.notifications = on
        savePreferences()
    }

    /// Chooses the player for the next launch and saves it (B-L2).
    public func setPlayerKind(_ kind: Preferences.PlayerKind) {
        storedPreferences.playerKind = kind
        savePreferences()
    }

    /// Writes the preferences as they are now to the config file on the work queue (saves follow one another in
    /// the order asked), telling the user when that fails.
    func savePreferences() {
        let chosen = storedPreferences
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
