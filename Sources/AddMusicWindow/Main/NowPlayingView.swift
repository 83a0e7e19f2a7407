import AddMusicCore
import Dispatch
import Gtk
import MediaModel

/// The now-playing view of the main window (B-N1): the playing song's large artwork (made by the controller from
/// the full picture at the size this view asks for, its points times the screen's scale factor, and decoded here
/// off the main thread), its title, artist and album, and the lyrics panel that the Lyrics toggle (Ctrl+L) shows in
/// the artwork's place. Main thread only, like the window that holds it.
@MainActor
final class NowPlayingView {
    /// The artwork's side, in points.
    static let side: Int32 = 200
    /// The view, for the window to place.
    let widget = Box(vertical: true, spacing: 4)
    /// The toggle that shows the lyrics panel instead of the artwork, for the window to place.
    let lyricsToggle: ToggleButton
    private let controller: AppController
    private let artwork = Image(placeholder: "audio-x-generic-symbolic", pixelSize: NowPlayingView.side)
    private let title = Label()
    private let artist = Label()
    private let album = Label()
    /// The playing song's stars (B-H8), shown when it can be rated.
    private let stars: StarRating
    private let lyrics: LyricsPanel
    /// The sleep timer's time left and the button that cancels it (B-P11), shown while one runs.
    private let sleepRow = Box(vertical: false, spacing: 6)
    private let sleepLabel = Label()
    private let sleepCancel: Button
    private let text: Localizer
    /// The picture asked to be shown last (nil: the placeholder), so that a decode finished late for an older one
    /// is dropped.
    private var picture: [UInt8]?
    /// Where pictures are decoded, off the main thread.
    private let decoding = DispatchQueue(label: "addmusic.window.artwork")

    init(controller: AppController, text: Localizer) {
        self.controller = controller
        self.text = text
        sleepCancel = Button(iconName: "window-close-symbolic", accessibleLabel: text.string("sleep.cancel"))
        lyrics = LyricsPanel(text: text)
        stars = StarRating(labels: (1...5).map { text.count("rating.star", $0) })
        stars.setAccessibleLabel(text.string("rating.label"))
        lyricsToggle = ToggleButton(
            iconName: "media-view-subtitles-symbolic", accessibleLabel: text.string("lyrics.show"))
        lyricsToggle.addCSSClass("flat")
        artwork.setAccessibleLabel(text.string("artwork.label"))
        // The artwork, or in its place the lyrics panel: the one not shown is hidden (and has no place in the
        // accessibility tree's layout).
        lyrics.widget.setSize(width: Self.side + 80, height: Self.side)
        lyrics.widget.centerHorizontally()
        lyrics.widget.isVisible = false
        artwork.centerHorizontally()
        widget.append(artwork)
        widget.append(lyrics.widget)
        title.addCSSClass("title-3")
        album.addCSSClass("dim-label")
        for label in [title, artist, album] {
            label.ellipsize()
            label.isVisible = false
            widget.append(label)
        }
        stars.centerHorizontally()
        widget.append(stars)
        stars.onRate { [controller] in controller.rateNowPlaying($0) }
        sleepLabel.addCSSClass("dim-label")
        sleepCancel.addCSSClass("flat")
        sleepCancel.setTooltip(text.string("sleep.cancel"))
        sleepCancel.onClick { [controller] in controller.cancelSleep() }
        sleepRow.append(sleepLabel)
        sleepRow.append(sleepCancel)
        sleepRow.centerHorizontally()
        sleepRow.isVisible = false
        widget.append(sleepRow)
        lyricsToggle.onToggle { [weak self] in self?.lyricsToggled() }
        widget.onScaleFactorChange { [weak self] in self?.askForArtwork() }
        askForArtwork()
    }

    /// Shows the lyrics panel if the artwork is shown, and the other way round.
    func toggleLyrics() { lyricsToggle.isActive.toggle() }

    /// Draws the playing song from `state`.
    func show(_ state: MainScreenState) {
        title.text = RowText.shown(state.nowPlaying?.title ?? "")
        artist.text = RowText.shown(state.nowPlaying?.artist ?? "")
        album.text = RowText.shown(state.nowPlaying?.album ?? "")
        title.isVisible = state.nowPlaying != nil
        artist.isVisible = state.nowPlaying != nil
        album.isVisible = state.nowPlaying?.album != nil
        stars.rating = state.nowPlaying.flatMap { $0.canRate ? $0.rating ?? 0 : nil }
        showSleep(state.sleep)
        var bytes = state.largeArtwork
        if bytes == nil, case .thumbnail(let thumbnail) = state.artwork { bytes = thumbnail }
        showPicture(bytes)
        lyrics.show(state.lyrics)
    }

    /// Follows the song at `seconds` in the lyrics panel.
    func follow(_ seconds: Double) { lyrics.follow(seconds) }

    private func lyricsToggled() {
        lyrics.widget.isVisible = lyricsToggle.isActive
        artwork.isVisible = !lyricsToggle.isActive
        if lyricsToggle.isActive { lyrics.scrollSoon() }
    }

    /// Asks the controller for the artwork at this screen's pixel size.
    private func askForArtwork() {
        controller.setLargeArtworkSide(Int(Self.side) * max(widget.scaleFactor, 1))
    }

    /// Shows `bytes` (nil: the placeholder), decoded off the main thread.
    /// The sleep timer's line: the time left, or which end it waits for and how long that is.
    private func showSleep(_ sleep: MainScreenState.Sleep?) {
        sleepRow.isVisible = sleep != nil
        guard let sleep else { return }
        let left = ClockText.of(Double(sleep.secondsLeft))
        let line =
            switch sleep.plan {
            case .after: text.string("sleep.in", left)
            case .endOfSong: text.string("sleep.atSongEnd", left)
            case .endOfQueue: text.string("sleep.atQueueEnd", left)
            }
        if sleepLabel.text != line { sleepLabel.text = line }
    }

    private func showPicture(_ bytes: [UInt8]?) {
        guard bytes != picture else { return }
        picture = bytes
        guard let bytes else { return artwork.showPlaceholder("audio-x-generic-symbolic") }
        decoding.async { [weak self] in
            let texture = Texture(bytes: bytes)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.picture == bytes else { return }
                    if let texture {
                        self.artwork.setTexture(texture)
                    } else {
                        self.artwork.showPlaceholder("audio-x-generic-symbolic")
                    }
                }
            }
        }
    }
}
