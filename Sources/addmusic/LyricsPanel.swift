import AddMusicCore
import Gtk
import MediaModel

/// The lyrics of the song playing, in a scrolling column of lines: timed lyrics follow the song (the line sung is
/// highlighted, described to assistive technologies as the current line, and scrolled to the middle), plain lyrics
/// are shown as they are, and a song without lyrics shows "No lyrics". Main thread only; it draws what the
/// controller's state holds (read off the main thread) and the position the window's clock reads.
@MainActor
final class LyricsPanel {
    /// The panel, for the window to place.
    let widget: ScrolledWindow
    private let text: Localizer
    /// The lines shown (nil: none known yet, nothing shown).
    private var lines: [LyricsLine]?
    private var labels: [Label] = []
    /// The index of the highlighted line.
    private var current: Int?
    /// Whether the highlighted line still has to be scrolled into view (the panel was not laid out yet).
    private var needsScroll = false

    init(text: Localizer) {
        self.text = text
        widget = ScrolledWindow(child: Box(vertical: true, spacing: 8))
        widget.setAccessibleLabel(text.string("lyrics.label"))
    }

    /// Shows `lines` (the controller's `lyrics`): a label a line, or the placeholder when there are none.
    func show(_ lines: [LyricsLine]?) {
        guard lines != self.lines else { return }
        self.lines = lines
        current = nil
        let column = Box(vertical: true, spacing: 8)
        column.setMargins(12)
        labels = []
        if let lines, lines.isEmpty {
            let placeholder = Label(text.string("lyrics.none"))
            placeholder.addCSSClass("dim-label")
            column.append(placeholder)
        }
        for line in lines ?? [] {
            let label = Label(RowText.shown(line.text))
            if LyricsTiming.isTimed(lines ?? []) { label.addCSSClass("dim-label") }
            column.append(label)
            labels.append(label)
        }
        widget.child = column
    }

    /// Highlights the line sung `seconds` into the song (timed lyrics only) and, when it changed or has not been
    /// brought into view yet, scrolls it to the middle of the panel.
    func follow(_ seconds: Double) {
        guard let lines else { return }
        let index = LyricsTiming.currentLine(in: lines, at: seconds)
        if index != current {
            if let current, current < labels.count { mark(labels[current], on: false) }
            if let index, index < labels.count { mark(labels[index], on: true) }
            current = index
            needsScroll = index != nil
        }
        if needsScroll, let current, current < labels.count {
            needsScroll = !widget.center(labels[current])
        }
    }

    /// Brings the highlighted line into view again (the panel was just opened).
    func scrollSoon() { needsScroll = current != nil }

    private func mark(_ label: Label, on: Bool) {
        if on {
            label.removeCSSClass("dim-label")
            label.addCSSClass("heading")
            label.setAccessibleDescription(text.string("lyrics.current"))
        } else {
            label.removeCSSClass("heading")
            label.addCSSClass("dim-label")
            label.setAccessibleDescription("")
        }
    }
}
