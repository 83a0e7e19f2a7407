import AddMusicCore
import Gtk
import MediaModel

/// "Add to Playlist…" (B-Y6): the player's playlists that can be changed, and a name field for a new one; Add puts
/// the songs at the end of the playlist selected, or makes the playlist named, and closes. The controller reads and
/// writes off the main thread and says how it went in a passing message. On the main thread.
@MainActor
final class AddToPlaylistWindow {
    private let window: DialogWindow
    private let list = TextList(single: true)
    private let name: TextEntry
    private var listed: [PlaylistShelf.Listed] = []
    /// The controls kept alive with the window.
    private var parts: [Widget] = []

    init(parent: Widget, items: [MediaItem], controller: AppController, text: Localizer) {
        let title = text.string("playlists.addTitle", text.count("count.songs", items.count))
        window = DialogWindow(parent: parent, title: title, width: 400, height: 480)
        let cancel = Button(label: text.string("Cancel"))
        let add = Button(label: text.string("playlists.add"))
        let header = HeaderBar(leading: cancel, suggested: add)
        list.setListLabel(text.string("playlists.title"))
        name = TextEntry(placeholder: text.string("playlists.newName"))
        name.setAccessibleLabel(text.string("playlists.newName"))
        name.setMargins(6)
        let body = Box(vertical: true, spacing: 0)
        body.append(list)
        body.append(name)
        window.setContent(header: header, body: body)
        parts = [cancel, add, header, body]
        cancel.onClick { [unowned self] in window.close() }
        let choose = { [unowned self] in
            if !name.text.isEmpty {
                controller.changePlaylists(.create(name.text, items: items))
            } else if let row = list.selectedIndices.first, listed.indices.contains(row) {
                controller.changePlaylists(.add(items, to: listed[row].name))
            } else {
                return
            }
            window.close()
        }
        add.onClick(choose)
        name.onActivate(choose)
        list.onActivate { [unowned self] row in
            guard listed.indices.contains(row) else { return }
            controller.changePlaylists(.add(items, to: listed[row].name))
            window.close()
        }
        controller.listPlaylists { [weak self] listed in
            guard let self else { return }
            self.listed = listed.filter(\.isEditable)
            list.setRows(self.listed.map { RowText.shown($0.name) })
        }
        window.present()
    }

    func close() { window.close() }
}
