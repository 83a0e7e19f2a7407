import AddMusicCore
import Gtk
import MediaModel

/// The lyrics of the song playing, in a scrolling list of lines: timed lyrics follow the song (the line sung is
/// highlighted, described to assistive technologies as the current line, and scrolled to the middle), plain lyrics
/// are shown as they are, and a song without lyrics shows "No lyrics". Only the lines in view have a label (a
/// `LineList`), so a `.lrc` of 50,000 time stamps shows and follows as a short one does. Main thread only; it draws
/// what the controller's state holds (read off the main thread) and the position the window's clock reads.
@MainActor
final class LyricsPanel {
    /// The panel, for the window to place.
    let widget = Box(vertical: true, spacing: 0)
    private let text: Localizer
    private let list = LineList()
    private let placeholder: Label
    /// The lines shown (nil: none known yet, nothing shown).
    private var lines: [LyricsLine]?
    /// The index of the highlighted line.
    private var current: Int?
    /// Whether the highlighted line still has to be scrolled to the middle (it moved while the panel was hidden).
    private var needsScroll = false

    init(text: Localizer) {
        self.text = text
        placeholder = Label(text.string("lyrics.none"))
        placeholder.addCSSClass("dim-label")
        placeholder.setMargins(12)
        placeholder.isVisible = false
        // The size the window gives it, whatever the list inside would take.
        widget.expandsVertically = false
        list.setListLabel(text.string("lyrics.label"))
        widget.append(placeholder)
        widget.append(list)
    }

    /// Shows `lines` (the controller's `lyrics`), or the placeholder when there are none.
    func show(_ lines: [LyricsLine]?) {
        guard lines != self.lines else { return }
        self.lines = lines
        current = nil
        needsScroll = false
        let shown = lines ?? []
        placeholder.isVisible = lines?.isEmpty == true
        list.isVisible = !shown.isEmpty
        // Without lines (the next song's are being read) the list is hidden as it is: given the next lines, GTK then
        // shows them in the row widgets it has, rather than unmaking and making them again.
        guard !shown.isEmpty else { return }
        list.setLines(count: shown.count, dimmed: LyricsTiming.isTimed(shown)) { index in
            shown.indices.contains(index) ? RowText.shown(shown[index].text) : ""
        }
    }

    /// Highlights the line sung `seconds` into the song (timed lyrics only) and, when it changed or has not been
    /// brought into view yet, scrolls it to the middle of the panel.
    func follow(_ seconds: Double) {
        guard let lines else { return }
        let index = LyricsTiming.currentLine(in: lines, at: seconds)
        if index != current {
            list.mark(index, description: text.string("lyrics.current"))
            current = index
            needsScroll = index != nil
        }
        scrollIfShown()
    }

    /// Brings the highlighted line into view again (the panel was just opened).
    func scrollSoon() {
        needsScroll = current != nil
        scrollIfShown()
    }

    /// Scrolls the highlighted line to the middle when it is due and the panel shows.
    private func scrollIfShown() {
        guard needsScroll, widget.isVisible, let current else { return }
        needsScroll = false
        list.center(current)
    }
}
