import AddMusicCore
import Foundation
import Gtk
import MediaLibrary

/// The main window (B-L1, B-L6, B-N1–N2, B-S2–S3): draws the controller's state and sends it the user's taps. Lives
/// on the main thread; state changes arrive there.
@MainActor
final class MainWindow {
    private let controller: AppController
    private let text: Localizer
    private let window: ApplicationWindow
    private let playPause: Button
    private let headerArtwork = Image(iconName: "audio-x-generic-symbolic", pixelSize: 32)
    private let artwork = Image(iconName: "audio-x-generic-symbolic", pixelSize: 160)
    private let line = Label()
    private let musicButton = Button(label: "")
    private let appSoundButton = Button(label: "")
    private let styles = StyleSheet()
    private let source: PickerSource?
    private var picker: PickerWindow?
    private var queueView: QueueWindow?
    private var alertDialog: MessageDialog?

    init(application: Application, controller: AppController, source: PickerSource?, text: Localizer) {
        self.controller = controller
        self.text = text
        self.source = source
        playPause = Button(iconName: "media-playback-start-symbolic", accessibleLabel: text.string("Play"))
        window = ApplicationWindow(application: application, title: "AddMusic", width: 520, height: 560)
        window.addCSSClass("addmusic-main")
        let header = HeaderBar()
        header.packStart(playPause)
        header.packEnd(headerArtwork)
        let body = Box(vertical: true, spacing: 18)
        body.setMargins(24)
        artwork.centerHorizontally()
        body.append(artwork)
        body.append(line)
        musicButton.addCSSClass("suggested-action")
        musicButton.addCSSClass("pill")
        musicButton.centerHorizontally()
        appSoundButton.addCSSClass("pill")
        appSoundButton.centerHorizontally()
        body.append(musicButton)
        body.append(appSoundButton)
        window.setContent(header: header, body: body)
        playPause.onClick { [controller] in controller.togglePlayPause() }
        musicButton.onClick { [controller] in controller.tapMusicButton() }
        appSoundButton.onClick { [controller] in controller.playAppSound() }
        controller.observe(on: DispatchQueue(label: "addmusic.window.state")) { [weak self] state in
            MainThread.async { MainActor.assumeIsolated { self?.render(state) } }
        }
        window.present()
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
        line.text = state.text
        musicButton.label = state.musicButtonTitle
        appSoundButton.label = state.appSoundButtonTitle
        appSoundButton.isSensitive = state.isAppSoundEnabled
        playPause.isSensitive = state.isPlayPauseEnabled
        let playing = state.playPauseControl == .pause
        playPause.setIconName(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        playPause.setAccessibleLabel(text.string(playing ? "Pause" : "Play"))
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
