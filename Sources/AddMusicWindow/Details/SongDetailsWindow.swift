import AddMusicCore
import Dispatch
import Gtk
import MediaModel

/// Song details (B-H10): one song's cover, file (path, format, sample rate, bit depth, channels, bit rate),
/// every tag, ReplayGain, statistics and lyrics; for several songs, the tags they share ("Various" where they
/// differ) and their titles. Edit opens the tag editor over it. The details are read by the controller off the
/// main thread and drawn when they arrive, and read again after each tag edit; the cover is decoded off the main
/// thread. On the main thread.
@MainActor
final class SongDetailsWindow {
    private let window: DialogWindow
    private let controller: AppController
    private let text: Localizer
    private let scrolled: ScrolledWindow
    private let toasts: MessageToasts
    private let edit: Button
    private let items: [MediaItem]
    private var details: [SongDetails] = []
    /// The tag edits finished when the details were read.
    private var tagEditsShown: Int
    private var editor: TagEditorWindow?
    /// Closed (by its button or its title bar): it reads nothing more.
    private var isClosed = false
    private var coverImage: Image?
    /// The controls kept alive with the window.
    private var parts: [Widget] = []
    /// Where the cover is decoded.
    private let decoding = DispatchQueue(label: "addmusic.window.details")

    init(parent: Widget, items: [MediaItem], controller: AppController, text: Localizer) {
        self.controller = controller
        self.text = text
        self.items = items
        tagEditsShown = controller.state.tagEditsFinished
        let title = items.count == 1 ? text.string("details.title") : text.count("details.titleSeveral", items.count)
        window = DialogWindow(parent: parent, title: title, width: 520, height: 680)
        let close = Button(label: text.string("details.close"))
        edit = Button(label: text.string("details.edit"))
        edit.isSensitive = false
        let header = HeaderBar(leading: close, suggested: edit)
        let loading = Label(text.string("details.loading"))
        loading.setMargins(24)
        scrolled = ScrolledWindow(child: loading)
        scrolled.expandsVertically = true
        toasts = MessageToasts(content: scrolled, controller: controller, showingCurrent: false)
        parts = [close, header]
        window.setContent(header: header, body: toasts.overlay)
        close.onClick { [weak self] in self?.close() }
        window.onCloseRequest { [weak self] in
            self?.isClosed = true
            self?.editor?.close()
        }
        edit.onClick { [weak self] in self?.openEditor() }
        controller.readDetails(of: items) { [weak self] details in self?.show(details) }
        window.present()
    }

    /// Shows the controller's passing messages (a tag edit's, with Undo) over the details, and reads the details
    /// again once a tag edit or its undo has finished.
    func show(_ state: MainScreenState) {
        guard !isClosed else { return }
        toasts.show(state)
        guard state.tagEditsFinished != tagEditsShown else { return }
        tagEditsShown = state.tagEditsFinished
        controller.readDetails(of: items) { [weak self] details in self?.show(details) }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        editor?.close()
        window.close()
    }

    /// The window, for dialogs over it.
    var dialog: Widget { window }

    private func show(_ details: [SongDetails]) {
        self.details = details
        let column = Box(vertical: true, spacing: 18)
        column.setMargins(18)
        if details.count == 1, let song = details.first {
            showOne(song, in: column)
        } else {
            showSeveral(details, in: column)
        }
        scrolled.child = column
        edit.isSensitive = details.contains(where: \.isEditable)
    }

    private func showOne(_ song: SongDetails, in column: Box) {
        let cover = Image(placeholder: "audio-x-generic-symbolic", pixelSize: 160)
        cover.setAccessibleLabel(text.string("artwork.label"))
        cover.centerHorizontally()
        column.append(cover)
        coverImage = cover
        if let bytes = song.cover { decode(bytes) }
        let heading = Label(RowText.shown(song.item.title))
        heading.addCSSClass("title-3")
        column.append(heading)
        for section in song.sections(text: text) {
            let group = PreferencesGroup(title: section.title)
            for line in section.lines {
                let row = ActionRow(title: line.name, subtitle: line.value)
                row.addCSSClass("property")
                group.add(row)
            }
            column.append(group)
        }
        if let lyrics = song.lyrics {
            let group = PreferencesGroup(title: text.string("details.lyrics"))
            let label = Label(Self.shownLines(lyrics))
            label.setMargins(6)
            group.add(label)
            column.append(group)
        }
    }

    private func showSeveral(_ details: [SongDetails], in column: Box) {
        let form = TagForm(details.compactMap(\.tags))
        let shared = PreferencesGroup(title: text.string("details.shared"))
        for field in TagForm.fields where field != .title {
            let value = form.differs(field) ? text.string("details.various") : DetailText.shown(form.shownText(field))
            shared.add(ActionRow(title: text.string(TagEditorWindow.fieldKey(field)), subtitle: value))
        }
        column.append(shared)
        let songs = PreferencesGroup(title: text.count("details.titleSeveral", details.count))
        for song in details {
            songs.add(ActionRow(title: RowText.song(song.item), subtitle: song.problem.map(RowText.shown)))
        }
        column.append(songs)
    }

    /// Lyrics line by line, each line made safe to show.
    static func shownLines(_ lyrics: String) -> String {
        lyrics.split(separator: "\n", omittingEmptySubsequences: false).prefix(500).map {
            DetailText.shown(String($0))
        }.joined(separator: "\n")
    }

    /// Shows the cover in `bytes`, decoded off the main thread.
    private func decode(_ bytes: [UInt8]) {
        decoding.async { [weak self] in
            let texture = Texture(bytes: bytes, fitting: 320)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { if let texture { self?.coverImage?.setTexture(texture) } }
            }
        }
    }

    private func openEditor() {
        let editable = details.filter(\.isEditable)
        guard !editable.isEmpty else { return }
        editor = TagEditorWindow(parent: window, songs: editable, controller: controller, text: text)
    }
}
