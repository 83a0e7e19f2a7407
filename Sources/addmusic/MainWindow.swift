import AddMusicCore
import Foundation
import Gtk
import MediaModel
import MusicPlayer

/// The main window (B-L1, B-L6, B-N1–N2, B-S2–S3): draws the controller's state and sends it the user's taps. Lives
/// on the main thread; state changes arrive there.
@MainActor
final class MainWindow {
    private let controller: AppController
    private let text: Localizer
    private let window: ApplicationWindow
    private let playPause: Button
    private let previous: Button
    private let next: Button
    private let shuffle: Button
    private let repeatButton: Button
    private let headerArtwork = Image(iconName: "audio-x-generic-symbolic", pixelSize: 32)
    private let artwork = Image(iconName: "audio-x-generic-symbolic", pixelSize: 160)
    private let line = Label()
    private let status = Label()
    private var clock: MainThreadTimer?
    private let musicButton = Button(label: "")
    private let appSoundButton = Button(label: "")
    private let styles = StyleSheet()
    private let source: PickerSource?
    private let application: Application
    private let toasts: ToastOverlay
    private let menu: MenuButton
    private var shortcuts: KeyShortcuts?
    private var settings: SettingsWindow?
    private var shortcutsWindow: ShortcutsWindow?
    private var lastMessageID: Int?
    private var picker: PickerWindow?
    private var queueView: QueueWindow?
    private var alertDialog: MessageDialog?

    init(
        application: Application, controller: AppController, source: PickerSource?, text: Localizer
    ) {
        self.controller = controller
        self.text = text
        self.source = source
        self.application = application
        menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: text.string("menu.label"))
        playPause = Button(iconName: "media-playback-start-symbolic", accessibleLabel: text.string("Play"))
        previous = Button(iconName: "media-skip-backward-symbolic", accessibleLabel: text.string("Previous"))
        next = Button(iconName: "media-skip-forward-symbolic", accessibleLabel: text.string("Next"))
        shuffle = Button(iconName: "media-playlist-consecutive-symbolic", accessibleLabel: text.string("shuffle.off"))
        repeatButton = Button(iconName: "media-playlist-repeat-symbolic", accessibleLabel: text.string("repeat.none"))
        window = ApplicationWindow(application: application, title: "AddMusic", width: 520, height: 560)
        window.addCSSClass("addmusic-main")
        let header = HeaderBar()
        header.packStart(previous)
        header.packStart(playPause)
        header.packStart(next)
        headerArtwork.setAccessibleLabel(text.string("artwork.label"))
        artwork.setAccessibleLabel(text.string("artwork.label"))
        header.packEnd(menu)
        header.packEnd(headerArtwork)
        let body = Box(vertical: true, spacing: 18)
        body.setMargins(24)
        artwork.centerHorizontally()
        body.append(artwork)
        body.append(line)
        // Shuffle and repeat, each a button that steps through its modes; its name says the mode it is in.
        let modes = Box(vertical: false, spacing: 6)
        modes.centerHorizontally()
        shuffle.addCSSClass("flat")
        repeatButton.addCSSClass("flat")
        modes.append(shuffle)
        modes.append(repeatButton)
        body.append(modes)
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
        toasts = ToastOverlay(content: body)
        window.setContent(header: header, body: toasts)
        playPause.onClick { [controller] in controller.togglePlayPause() }
        previous.onClick { [controller] in controller.skipToPrevious() }
        next.onClick { [controller] in controller.skipToNext() }
        shuffle.onClick { [controller] in controller.cycleShuffle() }
        repeatButton.onClick { [controller] in controller.cycleRepeat() }
        musicButton.onClick { [controller] in controller.tapMusicButton() }
        appSoundButton.onClick { [controller] in controller.playAppSound() }
        // The newest state, drawn on the main thread between GTK's events (the main queue runs on GLib's loop).
        controller.observe(on: .main) { [weak self] state in MainActor.assumeIsolated { self?.render(state) } }
        addMenuAndShortcuts()
        showProgress()
        clock = MainThreadTimer(milliseconds: 500) { [weak self] in MainActor.assumeIsolated { self?.showProgress() } }
        window.present()
        UITrace.shared?.attach(to: window)
    }

    /// "1:02 / 3:10 · AddMusic’s own player": where the song is, and which player plays it.
    private func showProgress() {
        let player = text.string("status.player." + controller.playerKind.rawValue)
        guard let progress = controller.progress else { return status.text = player }
        status.text = "\(ProgressLine.clock(progress.time)) / \(ProgressLine.clock(progress.duration)) · \(player)"
        UITrace.shared?.progressShown(ProgressLine.clock(progress.time))
    }

    /// The header bar's menu and the window's keyboard shortcuts, which the shortcuts window lists.
    private func addMenuAndShortcuts() {
        menu.addItem(text.string("menu.preferences")) { [weak self] in self?.showSettings() }
        menu.addItem(text.string("menu.shortcuts")) { [weak self] in self?.showShortcuts() }
        menu.addItem(text.string("menu.quit")) { [application] in application.quit() }
        let keys = KeyShortcuts(window: window)
        keys.add("space") { [controller] in controller.togglePlayPause() }
        keys.add("<Control>Left") { [controller] in controller.skipToPrevious() }
        keys.add("<Control>Right") { [controller] in controller.skipToNext() }
        keys.add("<Control>s") { [controller] in controller.cycleShuffle() }
        keys.add("<Control>r") { [controller] in controller.cycleRepeat() }
        keys.add("<Control>o") { [controller] in controller.openPicker() }
        keys.add("<Control>comma") { [weak self] in self?.showSettings() }
        keys.add("<Control>question") { [weak self] in self?.showShortcuts() }
        keys.add("<Control>q") { [application] in application.quit() }
        shortcuts = keys
    }

    private func showShortcuts() {
        let entries: [ShortcutsWindow.Entry] = [
            .init(keys: "space", title: text.string("shortcut.playPause")),
            .init(keys: "<Control>Left", title: text.string("Previous")),
            .init(keys: "<Control>Right", title: text.string("Next")),
            .init(keys: "<Control>s", title: text.string("shortcut.shuffle")),
            .init(keys: "<Control>r", title: text.string("shortcut.repeat")),
            .init(keys: "<Control>o", title: text.string("shortcut.addMusic")),
            .init(keys: "<Control>comma", title: text.string("menu.preferences")),
            .init(keys: "<Control>question", title: text.string("menu.shortcuts")),
            .init(keys: "<Control>q", title: text.string("menu.quit")),
        ]
        let shown = ShortcutsWindow(parent: window, groups: [(text.string("shortcut.group"), entries)])
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

    /// The shuffle and repeat buttons' icons and names for the modes the player is in.
    private func showModes(shuffle mode: ShuffleMode, repeat repeating: RepeatMode) {
        let (shuffleIcon, shuffleName) =
            switch mode {
            case .off: ("media-playlist-consecutive-symbolic", "shuffle.off")
            case .songs: ("media-playlist-shuffle-symbolic", "shuffle.songs")
            case .albums: ("media-playlist-shuffle-symbolic", "shuffle.albums")
            }
        shuffle.setIconName(shuffleIcon)
        shuffle.setAccessibleLabel(text.string(shuffleName))
        shuffle.setTooltip(text.string(shuffleName))
        let (repeatIcon, repeatName) =
            switch repeating {
            case .none: ("media-playlist-consecutive-symbolic", "repeat.none")
            case .all: ("media-playlist-repeat-symbolic", "repeat.all")
            case .one: ("media-playlist-repeat-song-symbolic", "repeat.one")
            }
        repeatButton.setIconName(repeatIcon)
        repeatButton.setAccessibleLabel(text.string(repeatName))
        repeatButton.setTooltip(text.string(repeatName))
    }

    private func render(_ state: MainScreenState) {
        // The queue view first: the picker opens over it.
        if state.isQueueOpen, queueView == nil {
            queueView = QueueWindow(parent: window, controller: controller, text: text)
        } else if !state.isQueueOpen, let open = queueView {
            open.close()
            queueView = nil
        }
        queueView?.show(state)
        showAlert(state.alert)
        if state.isPickerOpen, picker == nil {
            let parent: Widget = queueView?.dialog ?? window
            picker = PickerWindow(parent: parent, controller: controller, source: source, text: text)
        } else if !state.isPickerOpen, let open = picker {
            open.close()
            picker = nil
        }
        if let message = state.message, message.id != lastMessageID { toasts.show(RowText.shown(message.text)) }
        lastMessageID = state.message?.id
        line.text = RowText.shown(state.text)
        musicButton.label = state.musicButtonTitle
        appSoundButton.label = state.appSoundButtonTitle
        appSoundButton.isSensitive = state.isAppSoundEnabled
        playPause.isSensitive = state.isPlayPauseEnabled
        previous.isSensitive = state.isPlayPauseEnabled
        next.isSensitive = state.isPlayPauseEnabled
        showModes(shuffle: state.shuffleMode, repeat: state.repeatMode)
        let playing = state.playPauseControl == .pause
        playPause.setIconName(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        playPause.setAccessibleLabel(text.string(playing ? "Pause" : "Play"))
        UITrace.shared?.rendered(playing: playing, item: state.nowPlayingIndex)
        showProgress()  // a seek or a new item shows at once, not at the clock's next tick
        switch state.artwork {
        case .empty, .placeholder:
            artwork.setIconName("audio-x-generic-symbolic")
            headerArtwork.setIconName("audio-x-generic-symbolic")
        case .thumbnail(let bytes):
            if !artwork.setPicture(bytes) { artwork.setIconName("audio-x-generic-symbolic") }
            if !headerArtwork.setPicture(bytes) { headerArtwork.setIconName("audio-x-generic-symbolic") }
        }
        if let color = state.backgroundColor {
            styles.load(".addmusic-main { background-color: \(color); transition: background-color 3s ease-in-out; }")
        } else {
            styles.load("")
        }
    }
}
