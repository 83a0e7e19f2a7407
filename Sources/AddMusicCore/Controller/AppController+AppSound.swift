import AudioEngine
import Dispatch

/// The app sound (B-S, B-R2–R5). The screen's side changes on the main thread at once; the sound itself is loaded,
/// played, paused and stopped on the work queue, as those may wait for the disk or the audio server.
extension AppController {
    /// On the work queue: loads and prepares the app sound at full volume (B-S1); its callbacks come to the main
    /// thread.
    nonisolated func loadAppSound() {
        guard let path = soundPath ?? Self.bundledSoundPath else {
            log("the app sound is missing from the app's resources")
            return onMain { [self] in disableAppSound() }
        }
        do {
            let sound = try AudioPlayer(contentsOf: path, session: session, output: soundOutput, callbacks: .main)
            sound.volume = 1
            sound.onFinish = { [weak self] _ in MainActor.assumeIsolated { self?.appSoundFinished() } }
            sound.onDecodeError = { [weak self] error in self?.log("app sound: \(error)") }
            if !sound.prepareToPlay() { log("the app sound cannot be prepared") }
            appSound.withLock { $0 = sound }
        } catch {
            log("the app sound cannot be loaded: \(error)")
            onMain { [self] in disableAppSound() }
        }
    }

    private func disableAppSound() {
        current.isAppSoundEnabled = false
        publish()
    }

    /// Play App Sound: plays it and disables the button while it plays (B-S2). The button is disabled at once; a
    /// sound that cannot play enables it again.
    public func playAppSound() {
        guard current.isAppSoundEnabled else { return }
        appSoundActive = true
        current.isAppSoundEnabled = false
        publish()
        work.async { [self] in
            guard let sound = appSound.withLock({ $0 }), sound.play() else {
                log("the app sound cannot be played")
                return onMain { [self] in appSoundFinished() }
            }
        }
    }

    /// The alert's Resume: the app sound plays on from where it paused (B-R3).
    public func alertResume() {
        current.alert = nil
        appSoundActive = true
        publish()
        work.async { [self] in
            if appSound.withLock({ $0 })?.play() != true { onMain { [self] in appSoundFinished() } }
        }
    }

    /// The alert's Stop: the app sound stops and rewinds, and Play App Sound is enabled again (B-R3).
    public func alertStop() {
        current.alert = nil
        appSoundActive = false
        current.isAppSoundEnabled = true
        publish()
        work.async { [self] in
            let sound = appSound.withLock { $0 }
            sound?.stop()
            sound?.currentTime = 0
        }
    }

    /// The device the app sound played on went away while it played (B-R2): it pauses, and the alert asks.
    func appSoundLostItsDevice() {
        current.alert = MainScreenState.Alert(
            title: text.string("Playback Paused"), message: text.string("Audio output was changed"),
            stopTitle: text.string("Stop"), resumeTitle: text.string("Resume"))
        work.async { [self] in appSound.withLock { $0 }?.pause() }
    }

    /// An interruption ended (B-R5): the session is made active again, and the app sound plays on if the
    /// interruption stopped it; when the call's end is not known (`playOn` false) the sound stops instead, and
    /// Play App Sound is enabled again.
    func resumeAfterInterruption(playOn: Bool) {
        let resume = appSoundInterrupted && playOn
        if appSoundInterrupted && !playOn {
            work.async { [self] in appSound.withLock { $0 }?.stop() }
            appSoundFinished()
        }
        appSoundInterrupted = false
        if resume { appSoundActive = true }
        work.async { [self] in
            do { try session.setActive(true) } catch { log("audio session: \(error)") }
            guard resume, let sound = appSound.withLock({ $0 }) else { return }
            sound.prepareToPlay()
            if !sound.play() { onMain { [self] in appSoundFinished() } }
        }
    }

    /// The app sound ended (or failed): Play App Sound is enabled again (B-S3).
    func appSoundFinished() {
        appSoundActive = false
        appSoundInterrupted = false
        current.isAppSoundEnabled = true
        publish()
    }
}
