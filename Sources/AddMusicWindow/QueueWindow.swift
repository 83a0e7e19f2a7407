import AddMusicCore
import Foundation
import Gtk
import MediaLibrary
import MediaModel

/// The queue view (B-A6, B-A7): the queue in order with the playing item marked, Add More (the picker over it),
/// Clear and Done in its header; below the list, buttons acting on the selected song (Play Now, Play Next, Move Up,
/// Move Down, Remove, Details) and a name field with Save as Playlist. Alt+↑/↓ move the selected song, and so does dragging its
/// row onto another (before it on its upper half, after it on its lower half); activating a row (double-click, Enter)
/// plays it now. On the main thread; `show(_:)` redraws it from the controller's state.
@MainActor
final class QueueWindow {
    private let window: DialogWindow
    private let list = TextList(single: true)
    private let toasts: MessageToasts
    private let playlistName: TextEntry
    /// The controls kept alive with the window.
    private var parts: [Widget] = []
    /// The queue version and playing index drawn last, and the items drawn.
    private var shown: (version: Int, index: Int?)?
    private var items: [MediaItem] = []

    /// The queue view over `parent`; `actions` open the details of the song selected, or add it to a playlist.
    init(
        parent: Widget, controller: AppController, text: Localizer, actions songActions: SongActions
    ) {
        window = DialogWindow(parent: parent, title: text.string("queue.title"), width: 480, height: 560)
        let addMore = Button(label: text.string("queue.addMore"))
        let done = Button(label: text.string("Done"))
        let clear = Button(label: text.string("queue.clear"))
        clear.addCSSClass("destructive-action")
        let header = HeaderBar(leading: addMore, suggested: done)
        header.packStart(clear)
        list.setListLabel(text.string("queue.title"))
        playlistName = TextEntry(placeholder: text.string("queue.playlistName"))
        let save = Button(label: text.string("queue.saveAsPlaylist"))

        let actions = Box(vertical: false, spacing: 6)
        actions.setMargins(6)
        actions.centerHorizontally()
        parts += Self.addRowButtons(to: actions, list: list, controller: controller, text: text)
        let detailsButton = Button(
            iconName: "document-properties-symbolic", accessibleLabel: text.string("details.open"))
        detailsButton.setTooltip(text.string("details.open"))
        actions.append(detailsButton)
        let addButton = Button(iconName: "list-add-symbolic", accessibleLabel: text.string("playlists.addTo"))
        addButton.setTooltip(text.string("playlists.addTo"))
        actions.append(addButton)
        parts += [detailsButton, addButton]
        let saving = Box(vertical: false, spacing: 6)
        saving.setMargins(6)
        saving.append(playlistName)
        saving.append(save)
        let body = Box(vertical: true, spacing: 0)
        body.append(list)
        body.append(actions)
        body.append(saving)
        toasts = MessageToasts(content: body, controller: controller, showingCurrent: false)
        parts += [addMore, done, clear, save, actions, saving, body]
        window.setContent(header: header, body: toasts.overlay)

        addMore.onClick { controller.addMoreFromQueue() }
        done.onClick { controller.queueDone() }
        detailsButton.onClick { [unowned self] in
            if let row = list.selectedIndices.first, items.indices.contains(row) {
                songActions.details([items[row]], window)
            }
        }
        addButton.onClick { [unowned self] in
            if let row = list.selectedIndices.first, items.indices.contains(row) {
                songActions.addToPlaylist([items[row]], window)
            }
        }
        clear.onClick { controller.clearQueue() }
        let name = playlistName
        save.onClick { controller.saveQueue(asPlaylist: name.text) }
        name.onActivate { controller.saveQueue(asPlaylist: name.text) }
        list.onActivate { controller.playNow(at: $0) }
        list.onRowDropped { [unowned self] from, onto, lowerHalf in
            let count = items.count
            if let to = QueueDrop.destination(from: from, onto: onto, lowerHalf: lowerHalf, count: count) {
                controller.moveInQueue(from: from, to: to)
            }
        }
        let keys = KeyShortcuts(window: window)
        keys.add("<Alt>Up") { [list] in
            if let row = list.selectedIndices.first { controller.moveInQueue(from: row, to: row - 1) }
        }
        keys.add("<Alt>Down") { [list] in
            if let row = list.selectedIndices.first { controller.moveInQueue(from: row, to: row + 1) }
        }
        window.onCloseRequest { controller.queueDone() }
        window.present()
    }

    /// The buttons for the selected song (Play Now, Play Next, Move Up, Move Down, Remove), added to `row`.
    private static func addRowButtons(
        to row: Box, list: TextList, controller: AppController, text: Localizer
    ) -> [Widget] {
        let rowButtons: [(String, String, (Int) -> Void)] = [
            ("media-playback-start-symbolic", "queue.playNow", { controller.playNow(at: $0) }),
            ("media-skip-forward-symbolic", "queue.playNext", { controller.playNext(at: $0) }),
            ("go-up-symbolic", "queue.moveUp", { controller.moveInQueue(from: $0, to: $0 - 1) }),
            ("go-down-symbolic", "queue.moveDown", { controller.moveInQueue(from: $0, to: $0 + 1) }),
            ("list-remove-symbolic", "queue.remove", { controller.removeFromQueue(at: $0) }),
        ]
        return rowButtons.map { icon, key, action in
            let button = Button(iconName: icon, accessibleLabel: text.string(key))
            button.setTooltip(text.string(key))
            button.onClick { [list] in list.selectedIndices.first.map(action) }
            row.append(button)
            return button
        }
    }

    /// Shows the queue of `state`, the playing item marked with ▶; the song selected stays selected where it went
    /// (or, removed, the one that took its place). Passing messages posted while it is open show over it.
    func show(_ state: MainScreenState) {
        toasts.show(state)
        if let shown, shown.version == state.queue.version, shown.index == state.nowPlayingIndex { return }
        shown = (state.queue.version, state.nowPlayingIndex)
        let selected = list.selectedIndices.first
        let selectedItem = selected.flatMap { items.indices.contains($0) ? items[$0] : nil }
        items = state.queue.items
        list.setRows(
            items.enumerated().map { index, item in
                let mark = index == state.nowPlayingIndex ? "▶ " : "    "
                return mark + RowText.song(item)
            }, fromFirst: false)
        guard let selected, !items.isEmpty else { return }
        // The same song, nearest to where it was (a queue may hold it twice); else the row now in its place.
        let same = items.indices.filter { items[$0] == selectedItem }.min { abs($0 - selected) < abs($1 - selected) }
        list.select(same ?? min(selected, items.count - 1))
    }

    /// The queue view's own keys, for the shortcuts window.
    static func shortcuts(_ text: Localizer) -> [ShortcutsWindow.Entry] {
        [
            .init(keys: "<Alt>Up", title: text.string("shortcut.queueUp")),
            .init(keys: "<Alt>Down", title: text.string("shortcut.queueDown")),
        ]
    }

    /// The window, for dialogs over it.
    var dialog: Widget { window }

    func close() { window.close() }
}
