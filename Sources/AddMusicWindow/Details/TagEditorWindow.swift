import AddMusicCore
import Foundation
import Gtk
import MediaLibrary
import MediaModel

/// The tag editor (B-H10): the common fields of one song or of several (a field where they differ is empty, "Keep
/// each song's", and left so it keeps them), the cover (chosen from a file, dropped onto it, or removed) and the
/// lyrics. Save hands the changes to the controller, which writes them off the main thread and says how it went,
/// with Undo; a year, track or disc that is not a number is said here and nothing is written. On the main thread.
@MainActor
final class TagEditorWindow {
    private let window: DialogWindow
    private let songs: [SongDetails]
    private let form: TagForm
    private let controller: AppController
    private let text: Localizer
    private let toasts: ToastOverlay
    private var entries: [(field: TagChanges.Field, entry: TextEntry)] = []
    private let lyrics: TextView
    private let cover = Image(placeholder: "audio-x-generic-symbolic", pixelSize: 128)
    private let coverState = Label()
    private var coverChange = TagChanges.Cover.keep
    private var chooser: FileChooser?
    private var drop: FileDrop?
    private var parts: [Widget] = []
    /// Where a chosen picture is read and checked, off the main thread.
    private let reads = DispatchQueue(label: "addmusic.window.tagEditor")

    /// The editor of `songs` (each with its file here, read), over `parent`.
    init(parent: Widget, songs: [SongDetails], controller: AppController, text: Localizer) {
        self.songs = songs
        self.controller = controller
        self.text = text
        form = TagForm(songs.compactMap(\.tags))
        let title = songs.count == 1 ? text.string("editor.title") : text.count("editor.titleSeveral", songs.count)
        window = DialogWindow(parent: parent, title: title, width: 520, height: 720)
        let cancel = Button(label: text.string("Cancel"))
        let save = Button(label: text.string("editor.save"))
        let header = HeaderBar(leading: cancel, suggested: save)
        lyrics = TextView(text: form.shownLyrics, accessibleLabel: text.string("details.lyrics"), height: 140)
        let column = Box(vertical: true, spacing: 18)
        column.setMargins(18)
        let scrolled = ScrolledWindow(child: column)
        scrolled.expandsVertically = true
        toasts = ToastOverlay(content: scrolled)
        column.append(coverGroup())
        column.append(fieldGroup())
        let lyricsGroup = PreferencesGroup(
            title: text.string("details.lyrics"),
            description: form.lyrics == .differs ? text.string("editor.keepEach") : nil)
        lyricsGroup.add(lyrics)
        column.append(lyricsGroup)
        parts = [cancel, save, header, column, lyricsGroup]
        window.setContent(header: header, body: toasts)
        cancel.onClick { [weak self] in self?.close() }
        save.onClick { [weak self] in self?.save() }
        drop = FileDrop(on: cover) { [weak self] dropped in
            guard case .locations(let locations) = dropped, let first = locations.first else { return }
            self?.takeCover(from: first)
        }
        window.present()
    }

    func close() { window.close() }

    /// The string key of a field's name.
    static func fieldKey(_ field: TagChanges.Field) -> String { "editor.field." + field.rawValue.lowercased() }

    private func fieldGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("details.tags"))
        for field in TagForm.fields where songs.count == 1 || field != .title || !form.differs(field) {
            let name = text.string(Self.fieldKey(field))
            let placeholder = form.differs(field) ? text.string("editor.keepEach") : ""
            let entry = TextEntry(text: form.shownText(field), placeholder: placeholder, accessibleLabel: name)
            entry.setWidth(260)
            entry.centerVertically()
            entry.keepAtEnd()
            let row = ActionRow(title: name)
            row.addSuffix(entry)
            group.add(row)
            entries.append((field, entry))
        }
        return group
    }

    private func coverGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("editor.cover"))
        let covers = songs.map(\.cover)
        cover.setAccessibleLabel(text.string("artwork.label"))
        cover.centerHorizontally()
        if let first = covers.first, covers.allSatisfy({ $0 == first }), let bytes = first {
            show(bytes)
        } else if covers.contains(where: { $0 != nil }) {
            coverState.text = text.string("editor.keepEach")
        }
        let choose = Button(label: text.string("editor.chooseCover"))
        let remove = Button(label: text.string("editor.removeCover"))
        let buttons = Box(vertical: false, spacing: 6)
        buttons.centerHorizontally()
        buttons.append(choose)
        buttons.append(remove)
        let column = Box(vertical: true, spacing: 6)
        column.append(cover)
        column.append(coverState)
        column.append(buttons)
        group.add(column)
        parts += [choose, remove, buttons, column]
        choose.onClick { [weak self] in self?.chooseCover() }
        remove.onClick { [weak self] in
            guard let self else { return }
            coverChange = .remove
            cover.showPlaceholder("audio-x-generic-symbolic")
            coverState.text = text.string("editor.coverRemoved")
        }
        return group
    }

    private func show(_ bytes: [UInt8]) {
        reads.async { [weak self] in
            let texture = Texture(bytes: bytes, fitting: 256)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { if let texture { self?.cover.setTexture(texture) } }
            }
        }
    }

    private func chooseCover() {
        let chooser = FileChooser(
            parent: window, kind: .file(imageFilter: text.string("editor.pictures")),
            title: text.string("editor.chooseCover"), accept: text.string("editor.useCover"),
            cancel: text.string("Cancel"))
        self.chooser = chooser
        chooser.present { [weak self] path in MainActor.assumeIsolated { self?.takeCover(from: path) } }
    }

    /// Reads the picture at `location` (a path or a file URI) off the main thread; one that is not a picture, or
    /// over 16 MB, is said and not taken.
    private func takeCover(from location: String) {
        let path = location.hasPrefix("file://") ? URL(string: location)?.path ?? location : location
        let name = (path as NSString).lastPathComponent
        reads.async { [weak self] in
            // At most one byte past the limit is read: a larger file (or a device) is refused unread.
            let data = FileHandle(forReadingAtPath: path).flatMap { file in
                defer { try? file.close() }
                return try? file.read(upToCount: FileTags.maximumCoverBytes + 1)
            }
            let bytes = data.flatMap { $0.count <= FileTags.maximumCoverBytes ? Array($0) : nil }
            let texture = bytes.flatMap { Texture(bytes: $0, fitting: 256) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    guard let bytes, let texture else {
                        return self.toasts.show(self.text.string("tag.badCover", RowText.shown(name)))
                    }
                    self.coverChange = .set(bytes)
                    self.cover.setTexture(texture)
                    self.coverState.text = RowText.shown(name)
                }
            }
        }
    }

    private func save() {
        var typed: [TagChanges.Field: String] = [:]
        for (field, entry) in entries { typed[field] = entry.text }
        let changes: TagChanges
        do {
            changes = try form.changes(typed: typed, lyrics: lyrics.text, cover: coverChange)
        } catch {
            switch error {
            case .notANumber(let field, let value):
                toasts.show(text.string("editor.notANumber", text.string(Self.fieldKey(field)), RowText.shown(value)))
            }
            return
        }
        if !changes.isEmpty { controller.editTags(of: songs, changes: changes) }
        close()
    }
}
