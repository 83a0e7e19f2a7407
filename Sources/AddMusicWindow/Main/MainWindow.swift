import AddMusicCore
import Foundation
import Gtk
import MediaModel
import MusicPlayer

/// The main window (B-L1, B-L6, B-N1–N2, B-S2–S3; the now-playing view and its lyrics panel in `NowPlayingView`): draws the controller's state and sends it the user's taps. Lives
/// on the main thread; state changes arrive there.
@MainActor
final class MainWindow {
    private let controller: AppController
    private let text: Localizer
    let window: ApplicationWindow
    private let playPause: Button
    private let previous: Button
    private let next: Button
    private let shuffle: Button
    private let repeatButton: Button
    private let seekBar = Scale(minimum: 0, maximum: 1, step: 5, page: 30)
    private let elapsed = Label("0:00")
    private let remaining = Label("")
    private let volume = Scale(minimum: 0, maximum: 1, step: 0.05, page: 0.2)
    /// Set while the window itself moves a slider (the clock, the player's volume), so the move is not sent back.
    private var movingSliders = false
    /// Where the user put the seek bar, sent once it has rested there a moment (a drag sends one seek).
    private var pendingSeek: (value: Double, work: DispatchWorkItem)?
    /// Until when the seek bar shows the place the user chose rather than the player's (its next snapshot).
    private var seekShownUntil = Date.distantPast
    private let headerArtwork = Image(placeholder: "audio-x-generic-symbolic", pixelSize: 32)
    private let nowPlaying: NowPlayingView
    private let line = Label()
    private let status = Label()
    private var clock: MainThreadTimer?
    private let musicButton = Button(label: "")
    private let appSoundButton = Button(label: "")
    private let background: BackgroundBlend
    /// What the picker browses: follows the player (the daemon's database for the system player, B-P7).
    var source: PickerSource?
    private let application: Application
    private let toasts: MessageToasts
    private let menu: MenuButton
    /// The sleep timer's choices, while open.
    private var sleepDialog: SleepDialog?
    /// The menu's command that moves the music to the other player (B-P7).
    private var handOffItem: Button?
    private var shortcuts: KeyShortcuts?
    private var settings: SettingsWindow?
    private var shortcutsWindow: ShortcutsWindow?
    private var picker: PickerWindow?
    private var queueView: QueueWindow?
    private let dialogs: SongDialogs
    private let detailsButton: Button
    /// Opens the sleep timer's choices (B-P11), as the menu's Sleep Timer… does.
    private let sleepButton: Button
    private let addToPlaylistButton: Button
    private let playlistsButton: Button
    private var alertDialog: MessageDialog?
    private var drop: FileDrop?
    /// The desktop's cookie while it is asked not to suspend (music plays).
    private var suspendCookie: UInt32?

    init(
        application: Application, controller: AppController, source: PickerSource?, text: Localizer
    ) {
        self.controller = controller
        self.text = text
        dialogs = SongDialogs(controller: controller, text: text)
        self.source = source
        self.application = application
        menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: text.string("menu.label"))
        playPause = Button(iconName: "media-playback-start-symbolic", accessibleLabel: text.string("Play"))
        previous = Button(iconName: "media-skip-backward-symbolic", accessibleLabel: text.string("Previous"))
        next = Button(iconName: "media-skip-forward-symbolic", accessibleLabel: text.string("Next"))
        shuffle = Button(iconName: "media-playlist-shuffle-symbolic", accessibleLabel: text.string("shuffle.off"))
        repeatButton = Button(iconName: "media-playlist-repeat-symbolic", accessibleLabel: text.string("repeat.none"))
        nowPlaying = NowPlayingView(controller: controller, text: text)
        detailsButton = Button(iconName: "document-properties-symbolic", accessibleLabel: text.string("details.open"))
        detailsButton.setTooltip(text.string("details.open"))
        detailsButton.addCSSClass("flat")
        sleepButton = Button(iconName: "weather-clear-night-symbolic", accessibleLabel: text.string("sleep.title"))
        sleepButton.setTooltip(text.string("sleep.title"))
        sleepButton.addCSSClass("flat")
        addToPlaylistButton = Button(iconName: "list-add-symbolic", accessibleLabel: text.string("playlists.addTo"))
        addToPlaylistButton.setTooltip(text.string("playlists.addTo"))
        addToPlaylistButton.addCSSClass("flat")
        playlistsButton = Button(iconName: "view-list-symbolic", accessibleLabel: text.string("menu.playlists"))
        window = ApplicationWindow(application: application, title: "AddMusic", width: 520, height: 720)
        window.addCSSClass("addmusic-main")
        background = BackgroundBlend(on: window)
        let header = HeaderBar()
        header.packStart(previous)
        header.packStart(playPause)
        header.packStart(next)
        headerArtwork.setAccessibleLabel(text.string("artwork.label"))
        header.packEnd(menu)
        playlistsButton.setTooltip(text.string("menu.playlists"))
        header.packEnd(playlistsButton)
        header.packEnd(headerArtwork)
        let body = Box(vertical: true, spacing: 14)
        body.setMargins(20)
        body.append(nowPlaying.widget)
        body.append(line)
        seekBar.setAccessibleLabel(text.string("seek.label"))
        volume.setAccessibleLabel(text.string("volume.label"))
        volume.setTooltip(text.string("volume.label"))
        body.append(Self.progressRow(elapsed, seekBar, remaining))
        body.append(
            Self.modesRow(
                shuffle, repeatButton, [nowPlaying.lyricsToggle, detailsButton, addToPlaylistButton, sleepButton],
                volume))
        musicButton.addCSSClass("suggested-action")
        musicButton.addCSSClass("pill")
        musicButton.centerHorizontally()
        appSoundButton.addCSSClass("pill")
        appSoundButton.centerHorizontally()
        body.append(musicButton)
        body.append(appSoundButton)
        status.addCSSClass("dim-label")
        status.addCSSClass("caption")
        body.append(status)
        toasts = MessageToasts(content: body, controller: controller, showingCurrent: true)
        window.setContent(header: header, body: toasts.overlay)
        connectControls()
        // The newest state, drawn on the main thread between GTK's events (the main queue runs on GLib's loop).
        controller.observe(on: .main) { [weak self] state in MainActor.assumeIsolated { self?.render(state) } }
        addMenuAndShortcuts()
        acceptDropsAndClosing()
        showProgress()
        clock = MainThreadTimer(milliseconds: 500) { [weak self] in MainActor.assumeIsolated { self?.showProgress() } }
        window.present()
        UITrace.shared?.attach(to: window)
    }

    /// The buttons and sliders tell the controller what the user asks.
    private func connectControls() {
        playPause.onClick { [controller] in controller.togglePlayPause() }
        previous.onClick { [controller] in controller.skipToPrevious() }
        next.onClick { [controller] in controller.skipToNext() }
        shuffle.onClick { [controller] in controller.cycleShuffle() }
        repeatButton.onClick { [controller] in controller.cycleRepeat() }
        seekBar.onValueChanged { [weak self] in self?.seekBarMoved() }
        volume.onValueChanged { [weak self] in
            guard let self, !movingSliders else { return }
            controller.setVolume(volume.value)
        }
        musicButton.onClick { [controller] in controller.tapMusicButton() }
        appSoundButton.onClick { [controller] in controller.playAppSound() }
        sleepButton.onClick { [weak self] in self?.showSleepChoices() }
        detailsButton.onClick { [weak self] in
            guard let self, let item = controller.playingItem else { return }
            dialogs.showDetails(of: [item], over: window)
        }
        playlistsButton.onClick { [weak self] in
            guard let self else { return }
            dialogs.showPlaylists(over: window)
        }
        addToPlaylistButton.onClick { [weak self] in
            guard let self, let item = controller.playingItem else { return }
            dialogs.addToPlaylist(of: [item], over: window)
        }
    }

    /// Brings the window up (shown again if it was closed while music played).
    func present() { window.present() }

    /// Files and folders dropped on the window open as `addmusic FILE…` opens them; closing the window while music
    /// plays hides it when the preferences say to keep playing (the app, its media keys and MPRIS run on).
    private func acceptDropsAndClosing() {
        drop = FileDrop(on: toasts.overlay) { [controller] dropped in
            switch dropped {
            case .locations(let locations): controller.open(locations)
            case .text(let text): controller.openDroppedText(text)
            }
        }
        window.onCloseRequest { [weak self, controller] in
            guard controller.preferences.keepPlaying, controller.state.playPauseControl == .pause else { return false }
            self?.window.hide()
            return true
        }
    }

    /// Asks the desktop not to suspend while music plays, and lets it again once music stops or pauses.
    private func keepAwake(_ playing: Bool) {
        if playing, suspendCookie == nil {
            suspendCookie = application.inhibitSuspend(window, reason: text.string("inhibit.reason"))
        } else if !playing, let cookie = suspendCookie {
            if cookie != 0 { application.uninhibit(cookie) }
            suspendCookie = nil
        }
    }

    /// "1:02 / 3:10 · AddMusic’s own player": where the song is, and which player plays it; the seek bar and the
    /// times beside it (the place the user chose, while a seek is on its way).
    private func showProgress() {
        let player = text.string("status.player." + controller.playerKind.rawValue)
        guard let progress = controller.progress else {
            seekBar.isSensitive = false
            elapsed.text = ""
            remaining.text = ""
            return status.text = player
        }
        status.text = "\(ClockText.of(progress.time)) / \(ClockText.of(progress.duration)) · \(player)"
        UITrace.shared?.progressShown(ClockText.of(progress.time))
        nowPlaying.follow(progress.time)
        let duration = max(progress.duration, 0)
        seekBar.isSensitive = duration > 0
        let shown = pendingSeek != nil || Date() < seekShownUntil ? seekBar.value : min(progress.time, duration)
        elapsed.text = ClockText.of(shown)
        remaining.text = "−" + ClockText.of(max(duration - shown, 0))
        guard pendingSeek == nil, Date() >= seekShownUntil else { return }
        movingSliders = true
        seekBar.setRange(minimum: 0, maximum: max(duration, 1))
        seekBar.value = shown
        movingSliders = false
    }

    /// The user moved the seek bar (a drag, a key, the accessibility API): seek once it rests for 0.3 s.
    private func seekBarMoved() {
        guard !movingSliders else { return }
        pendingSeek?.work.cancel()
        let work = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let pending = self.pendingSeek else { return }
                self.pendingSeek = nil
                self.seekShownUntil = Date().addingTimeInterval(1)
                self.controller.seek(to: pending.value)
            }
        }
        pendingSeek = (seekBar.value, work)
        elapsed.text = ClockText.of(seekBar.value)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: work)
    }

    /// The header bar's menu and the window's keyboard shortcuts, which the shortcuts window lists.
    private func addMenuAndShortcuts() {
        handOffItem = menu.addItem(controller.state.handOffTitle) { [controller] in controller.handOff() }
        menu.addItem(text.string("menu.sleep")) { [weak self] in self?.showSleepChoices() }
        menu.addItem(text.string("menu.preferences")) { [weak self] in self?.showSettings() }
        menu.addItem(text.string("menu.shortcuts")) { [weak self] in self?.showShortcuts() }
        menu.addItem(text.string("menu.quit")) { [application] in application.quit() }
        let keys = KeyShortcuts(window: window)
        keys.add("space") { [controller] in controller.togglePlayPause() }
        keys.add("<Control>Left") { [controller] in controller.skipToPrevious() }
        keys.add("<Control>Right") { [controller] in controller.skipToNext() }
        keys.add("<Control>Up") { [controller] in controller.setVolume(controller.state.volume + 0.1) }
        keys.add("<Control>Down") { [controller] in controller.setVolume(controller.state.volume - 0.1) }
        keys.add("<Control>s") { [controller] in controller.cycleShuffle() }
        keys.add("<Control>r") { [controller] in controller.cycleRepeat() }
        keys.add("<Control>l") { [nowPlaying] in nowPlaying.toggleLyrics() }
        keys.add("<Control>o") { [controller] in controller.openPicker() }
        keys.add("<Control>comma") { [weak self] in self?.showSettings() }
        keys.add("<Control>question") { [weak self] in self?.showShortcuts() }
        keys.add("<Control>q") { [application] in application.quit() }
        for stars in 0...5 {
            keys.add("<Control>\(stars)") { [controller] in controller.rateNowPlaying(stars) }
        }
        shortcuts = keys
    }

    /// The sleep timer's choices (B-P11).
    private func showSleepChoices() {
        let dialog = SleepDialog(parent: window, controller: controller, text: text)
        sleepDialog = dialog
        dialog.present()
    }

    private func showShortcuts() {
        let entries: [ShortcutsWindow.Entry] = [
            .init(keys: "space", title: text.string("shortcut.playPause")),
            .init(keys: "<Control>Left", title: text.string("Previous")),
            .init(keys: "<Control>Right", title: text.string("Next")),
            .init(keys: "<Control>Up", title: text.string("shortcut.volumeUp")),
            .init(keys: "<Control>Down", title: text.string("shortcut.volumeDown")),
            .init(keys: "<Control>s", title: text.string("shortcut.shuffle")),
            .init(keys: "<Control>r", title: text.string("shortcut.repeat")),
            .init(keys: "<Control>l", title: text.string("shortcut.lyrics")),
            .init(keys: "<Control>1...<Control>5", title: text.string("shortcut.rate")),
            .init(keys: "<Control>0", title: text.string("shortcut.unrate")),
            .init(keys: "<Control>o", title: text.string("shortcut.addMusic")),
            .init(keys: "<Control>comma", title: text.string("menu.preferences")),
            .init(keys: "<Control>question", title: text.string("menu.shortcuts")),
            .init(keys: "<Control>q", title: text.string("menu.quit")),
        ]
        let queue = (text.string("queue.title"), QueueWindow.shortcuts(text))
        let playlists = (text.string("playlists.title"), PlaylistsWindow.shortcuts(text))
        let picker = (text.string("Add songs to play"), PickerWindow.shortcuts(text))
        let shown = ShortcutsWindow(
            parent: window, groups: [(text.string("shortcut.group"), entries), picker, queue, playlists])
        shortcutsWindow = shown
        shown.present()
    }

    private func showSettings() {
        let settings = SettingsWindow(parent: window, controller: controller, text: text)
        self.settings = settings
        settings.present()
    }

    /// The route-change alert (B-R2, B-R3): up while the controller has one; Stop and Resume answer it.
    private func showAlert(_ alert: MainScreenState.Alert?) {
        if let alert, alertDialog == nil {
            let dialog = MessageDialog(parent: window, heading: alert.title, body: alert.message)
            dialog.addResponse(id: "stop", label: alert.stopTitle)
            dialog.addResponse(id: "resume", label: alert.resumeTitle, suggested: true)
            dialog.setCloseResponse("stop")
            dialog.onResponse { [weak self, controller] response in
                self?.alertDialog = nil  // it closes itself
                if response == "resume" { controller.alertResume() } else { controller.alertStop() }
            }
            alertDialog = dialog
            dialog.present()
        } else if alert == nil, let open = alertDialog {
            open.close()
            alertDialog = nil
        }
    }

    /// The shuffle and repeat buttons' icons, names and looks for the modes the player is in: flat when off, raised
    /// when on.
    private func showModes(shuffle mode: ShuffleMode, repeat repeating: RepeatMode) {
        let shuffleName =
            switch mode {
            case .off: "shuffle.off"
            case .songs: "shuffle.songs"
            case .albums: "shuffle.albums"
            }
        show(shuffle, icon: "media-playlist-shuffle-symbolic", name: shuffleName, on: mode != .off)
        let (repeatIcon, repeatName) =
            switch repeating {
            case .none: ("media-playlist-repeat-symbolic", "repeat.none")
            case .all: ("media-playlist-repeat-symbolic", "repeat.all")
            case .one: ("media-playlist-repeat-song-symbolic", "repeat.one")
            }
        show(repeatButton, icon: repeatIcon, name: repeatName, on: repeating != .none)
    }

    private func show(_ button: Button, icon: String, name: String, on: Bool) {
        button.setIconName(icon)
        button.setAccessibleLabel(text.string(name))
        button.setTooltip(text.string(name))
        if on { button.removeCSSClass("flat") } else { button.addCSSClass("flat") }
    }

    private func render(_ state: MainScreenState) {
        // The queue view first: the picker opens over it.
        if state.isQueueOpen, queueView == nil {
            queueView = QueueWindow(parent: window, controller: controller, text: text, actions: dialogs.actions)
        } else if !state.isQueueOpen, let open = queueView {
            open.close()
            queueView = nil
        }
        queueView?.show(state)
        showAlert(state.alert)
        if state.isPickerOpen, picker == nil {
            let parent: Widget = queueView?.dialog ?? window
            picker = PickerWindow(
                parent: parent, controller: controller, source: source, text: text, actions: dialogs.actions)
        } else if !state.isPickerOpen, let open = picker {
            open.close()
            picker = nil
        }
        toasts.show(state)
        picker?.show(state)
        settings?.show(state)
        dialogs.show(state)
        line.text = RowText.shown(state.text)
        musicButton.label = state.musicButtonTitle
        if handOffItem?.label != state.handOffTitle { handOffItem?.label = state.handOffTitle }
        handOffItem?.isSensitive = state.isHandOffEnabled
        appSoundButton.label = state.appSoundButtonTitle
        appSoundButton.isSensitive = state.isAppSoundEnabled
        playPause.isSensitive = state.isPlayPauseEnabled
        detailsButton.isSensitive = state.nowPlaying != nil
        addToPlaylistButton.isSensitive = state.nowPlaying != nil
        previous.isSensitive = state.isPlayPauseEnabled
        next.isSensitive = state.isPlayPauseEnabled
        showModes(shuffle: state.shuffleMode, repeat: state.repeatMode)
        if abs(volume.value - state.volume) > 0.001 {
            movingSliders = true
            volume.value = state.volume
            movingSliders = false
        }
        let playing = state.playPauseControl == .pause
        playPause.setIconName(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        playPause.setAccessibleLabel(text.string(playing ? "Pause" : "Play"))
        UITrace.shared?.rendered(playing: playing, item: state.nowPlayingIndex)
        keepAwake(playing)
        showProgress()  // a seek or a new item shows at once, not at the clock's next tick
        nowPlaying.show(state)
        switch state.artwork {
        case .empty, .placeholder:
            headerArtwork.showPlaceholder("audio-x-generic-symbolic")
        case .thumbnail(let bytes):
            if !headerArtwork.setPicture(bytes) { headerArtwork.showPlaceholder("audio-x-generic-symbolic") }
        }
        background.show(state.backgroundColor)
    }
}
