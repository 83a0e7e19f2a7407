import AddMusicCore
import FFmpegSupport
import Foundation
import Gtk
import MediaModel

/// Tells the desktop of each new song while the main window is not in front (B-N4): its title, artist and album,
/// its cover, and Next and Pause buttons, as one notification that each new song replaces. On the main thread; the
/// cover's file is written on a queue of its own, and the notification goes once it is there.
@MainActor
final class SongNotifier {
    /// The one id every notification is sent under: the next replaces the last.
    static let id = "now-playing"
    /// The most of a title or a line of the body sent (tag text is untrusted).
    static let maximumLength = 200

    /// What was last told, or last seen in front: a new song is one that differs from it.
    private struct Song: Equatable {
        var index: Int?
        var title: String
        var artist: String
        var album: String?
    }

    private let application: Application
    private let controller: AppController
    private let text: Localizer
    private let isWindowInFront: () -> Bool
    private var lastSong: Song?
    /// Counts the notifications asked for; one whose cover is written after a newer one was asked for is dropped.
    private var asked = 0
    private let files = DispatchQueue(label: "addmusic.notifications")
    /// The cover files, in the folder MPRIS keeps its own in (the same picture is one file): written on `files`.
    private let covers = CoverCache()
    /// Whether the desktop's service reads the body as markup (then tag text is escaped for it); nil until a service
    /// has answered (asked again at each notification meanwhile), and escaped meanwhile.
    private var bodyIsMarkup: Bool?

    init(application: Application, controller: AppController, text: Localizer, isWindowInFront: @escaping () -> Bool) {
        self.application = application
        self.controller = controller
        self.text = text
        self.isWindowInFront = isWindowInFront
        application.addAction("next") { [controller] in controller.skipToNext() }
        application.addAction("pause") { [controller] in controller.pause() }
        askAboutMarkup()
        // A notification left on the desktop would start the app again from its buttons.
        application.onShutdown { [application] in application.withdrawNotification(id: Self.id) }
        controller.observe(on: .main) { [weak self] state in MainActor.assumeIsolated { self?.consider(state) } }
    }

    /// Sends a notification when `state` shows a new song playing, its cover read, the window not in front and the
    /// preference on. A song that starts while the window is in front is never told later.
    private func consider(_ state: MainScreenState) {
        guard let playing = state.nowPlaying, state.isArtworkCurrent, state.playPauseControl == .pause else { return }
        let song = Song(
            index: state.nowPlayingIndex, title: playing.title, artist: playing.artist, album: playing.album)
        guard song != lastSong else { return }
        lastSong = song
        // Counted for every new song: a cover still being written for the last one is then never sent.
        asked += 1
        let number = asked
        guard controller.preferences.notifications else { return application.withdrawNotification(id: Self.id) }
        guard !isWindowInFront() else { return }
        if bodyIsMarkup == nil { askAboutMarkup() }
        let body = Self.bounded([song.artist, song.album].compactMap { $0 }.joined(separator: " — "))
        let notification = DesktopNotification(
            title: Self.bounded(song.title), body: bodyIsMarkup == false ? body : Markup.escaped(body),
            buttons: [(text.string("Next"), "app.next"), (text.string("Pause"), "app.pause")])
        guard case .thumbnail(let bytes) = state.artwork else { return application.send(notification, id: Self.id) }
        files.async { [weak self, covers] in
            let path = covers.path(of: bytes)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.asked == number else { return }
                    var withCover = notification
                    withCover.picturePath = path
                    self.application.send(withCover, id: Self.id)
                }
            }
        }
    }

    /// Asks, without waiting, whether the desktop's service reads bodies as markup.
    private func askAboutMarkup() {
        application.askWhetherNotificationBodiesAreMarkup { [weak self] markup in
            MainActor.assumeIsolated {
                if let markup { self?.bodyIsMarkup = markup }
            }
        }
    }

    /// `text` as a notification shows it: control characters made visible, at most `maximumLength` characters.
    static func bounded(_ text: String) -> String {
        let shown = RowText.shown(text)
        return shown.count > maximumLength ? String(shown.prefix(maximumLength - 1)) + "…" : shown
    }
}
