import AddMusicCore
import Gtk
import MediaLibrary
import MediaModel

/// The playlists (B-Y6): the list of the player's playlists (the smart ones, the user's and the music folders' files,
/// or the daemon's), a name field with New and Rename, Duplicate (a read-only file's "Edit a Copy") and Delete (Undo
/// in the passing message); New Smart Playlist… and Edit Rules… open the rule editor (`SmartRulesWindow`). Opening
/// one shows its entries, missing ones marked, to play from the one selected, move (the buttons, Alt+↑/↓, or a row
/// dragged onto another) and remove; a smart one's songs are the ones its rules match, read-only. Everything is read and written by the controller off
/// the main thread; the window redraws what comes back, and reads the playlists again after each change. On the main
/// thread.
@MainActor
final class PlaylistsWindow {
    private let window: DialogWindow
    private let controller: AppController
    private let text: Localizer
    private let pages = SwapStack()
    private let names = TextList(single: true)
    private let entriesList = TextList(single: true)
    private let name: TextEntry
    private let heading = Label()
    private let toasts: MessageToasts
    private var listed: [PlaylistShelf.Listed] = []
    private var entries: [PlaylistShelf.Entry] = []
    /// The playlist open on the entries page, if any.
    private var opened: PlaylistShelf.Listed?
    /// The playlist changes drawn last.
    private var changesShown: Int
    /// Buttons that act only on an editable playlist.
    private var editing: [Button] = []
    private let duplicate: Button
    private let editRules: Button
    /// The rule editor open, if any.
    private var ruleEditor: SmartRulesWindow?
    /// The controls kept alive with the window.
    private var parts: [Widget] = []

    init(parent: Widget, controller: AppController, text: Localizer, close: @escaping () -> Void) {
        self.controller = controller
        self.text = text
        changesShown = controller.state.playlistsChanged
        window = DialogWindow(parent: parent, title: text.string("playlists.title"), width: 480, height: 600)
        let done = Button(label: text.string("Done"))
        let header = HeaderBar()
        header.packEnd(done)
        name = TextEntry(placeholder: text.string("playlists.name"))
        name.setAccessibleLabel(text.string("playlists.name"))
        duplicate = Button(label: text.string("playlists.duplicate"))
        editRules = Button(label: text.string("smartEdit.editRules"))
        let body = Box(vertical: true, spacing: 0)
        body.append(pages)
        toasts = MessageToasts(content: body, controller: controller, showingCurrent: false)
        window.setContent(header: header, body: toasts.overlay)
        pages.add(listPage(), name: "list")
        pages.add(entriesPage(), name: "entries")
        parts += [done, header, body]
        done.onClick(close)
        window.onCloseRequest(close)
        let keys = KeyShortcuts(window: window)
        keys.add("<Alt>Up") { [weak self] in self?.moveSelected(by: -1) }
        keys.add("<Alt>Down") { [weak self] in self?.moveSelected(by: 1) }
        reload()
        window.present()
    }

    private func listPage() -> Widget {
        names.setListLabel(text.string("playlists.title"))
        let create = Button(label: text.string("playlists.new"))
        let rename = Button(label: text.string("playlists.rename"))
        let open = Button(label: text.string("playlists.open"))
        let delete = Button(label: text.string("playlists.delete"))
        delete.addCSSClass("destructive-action")
        let newSmart = Button(label: text.string("smartEdit.new"))
        let naming = Box(vertical: false, spacing: 6)
        naming.setMargins(6)
        naming.append(name)
        naming.append(create)
        naming.append(rename)
        let actions = Box(vertical: false, spacing: 6)
        actions.setMargins(6)
        actions.centerHorizontally()
        for button in [open, duplicate, editRules, delete] { actions.append(button) }
        let smartActions = Box(vertical: false, spacing: 6)
        smartActions.setMargins(6)
        smartActions.centerHorizontally()
        smartActions.append(newSmart)
        let page = Box(vertical: true, spacing: 0)
        page.append(names)
        page.append(actions)
        page.append(naming)
        page.append(smartActions)
        parts += [create, rename, open, delete, newSmart, naming, actions, smartActions, page]
        create.onClick { [unowned self] in createNamed() }
        name.onActivate { [unowned self] in createNamed() }
        rename.onClick { [unowned self] in
            guard let playlist = selectedPlaylist, playlist.isRenamable, !name.text.isEmpty else { return }
            controller.changePlaylists(.rename(playlist, to: name.text))
        }
        open.onClick { [unowned self] in if let row = names.selectedIndices.first { openPlaylist(at: row) } }
        names.onActivate { [unowned self] in openPlaylist(at: $0) }
        duplicate.onClick { [unowned self] in
            if let playlist = selectedPlaylist { controller.changePlaylists(.duplicate(playlist)) }
        }
        delete.onClick { [unowned self] in
            guard let playlist = selectedPlaylist, playlist.isRenamable else { return }
            controller.changePlaylists(.delete(playlist))
        }
        newSmart.onClick { [unowned self] in openRuleEditor(editing: nil, rules: SmartRules()) }
        editRules.onClick { [unowned self] in
            guard let playlist = selectedPlaylist, playlist.isSmart else { return }
            controller.readSmartRules(of: playlist.name) { [weak self] rules in
                if let rules { self?.openRuleEditor(editing: playlist.name, rules: rules) }
            }
        }
        return page
    }

    private func entriesPage() -> Widget {
        entriesList.setListLabel(text.string("playlists.entries"))
        let back = Button(iconName: "go-previous-symbolic", accessibleLabel: text.string("playlists.back"))
        back.setTooltip(text.string("playlists.back"))
        heading.addCSSClass("heading")
        let top = Box(vertical: false, spacing: 6)
        top.setMargins(6)
        top.append(back)
        top.append(heading)
        let play = Button(iconName: "media-playback-start-symbolic", accessibleLabel: text.string("playlists.play"))
        let up = Button(iconName: "go-up-symbolic", accessibleLabel: text.string("playlists.moveUp"))
        let down = Button(iconName: "go-down-symbolic", accessibleLabel: text.string("playlists.moveDown"))
        let remove = Button(iconName: "list-remove-symbolic", accessibleLabel: text.string("playlists.remove"))
        let actions = Box(vertical: false, spacing: 6)
        actions.setMargins(6)
        actions.centerHorizontally()
        for (button, key) in [
            (play, "playlists.play"), (up, "playlists.moveUp"), (down, "playlists.moveDown"),
            (remove, "playlists.remove"),
        ] {
            button.setTooltip(text.string(key))
            actions.append(button)
        }
        editing = [up, down, remove]
        let page = Box(vertical: true, spacing: 0)
        page.append(top)
        page.append(entriesList)
        page.append(actions)
        parts += [back, top, play, up, down, remove, actions, page]
        back.onClick { [unowned self] in
            opened = nil
            pages.show("list")
        }
        play.onClick { [unowned self] in controller.playPlaylist(entries, from: entriesList.selectedIndices.first ?? 0)
        }
        entriesList.onActivate { [unowned self] in controller.playPlaylist(entries, from: $0) }
        up.onClick { [unowned self] in moveSelected(by: -1) }
        down.onClick { [unowned self] in moveSelected(by: 1) }
        remove.onClick { [unowned self] in
            guard let opened, opened.isEditable, let row = entriesList.selectedIndices.first else { return }
            controller.changePlaylists(.remove(positions: [row], from: opened.name))
        }
        entriesList.onRowDropped { [unowned self] from, onto, lowerHalf in
            guard let opened, opened.isEditable,
                let to = QueueDrop.destination(from: from, onto: onto, lowerHalf: lowerHalf, count: entries.count)
            else { return }
            entriesList.select(to)
            controller.changePlaylists(.move(from: from, to: to, in: opened.name))
        }
        return page
    }

    private var selectedPlaylist: PlaylistShelf.Listed? {
        names.selectedIndices.first.flatMap { listed.indices.contains($0) ? listed[$0] : nil }
    }

    private func openRuleEditor(editing: String?, rules: SmartRules) {
        ruleEditor?.close()
        ruleEditor = SmartRulesWindow(
            parent: window, controller: controller, text: text, editing: editing, rules: rules)
    }

    private func createNamed() {
        guard !name.text.isEmpty else { return }
        controller.changePlaylists(.create(name.text, items: []))
    }

    private func moveSelected(by step: Int) {
        guard let opened, opened.isEditable, let row = entriesList.selectedIndices.first,
            entries.indices.contains(row + step)
        else { return }
        entriesList.select(row + step)
        controller.changePlaylists(.move(from: row, to: row + step, in: opened.name))
    }

    private func openPlaylist(at row: Int) {
        guard listed.indices.contains(row) else { return }
        let playlist = listed[row]
        opened = playlist
        heading.text = RowText.shown(
            playlist.isSmart ? SmartRulesWindow.shownName(playlist.name, text: text) : playlist.name)
        for button in editing { button.isSensitive = playlist.isEditable }
        entries = []
        entriesList.setRows([])
        pages.show("entries")
        readEntries()
    }

    private func readEntries() {
        guard let playlist = opened else { return }
        controller.openPlaylist(playlist) { [weak self] entries in
            guard let self, self.opened == playlist else { return }
            let selected = entriesList.selectedIndices.first
            self.entries = entries ?? []
            entriesList.setRows(
                self.entries.map { entry in
                    let row = RowText.song(entry.item)
                    return entry.isMissing ? text.string("playlists.missingEntry", row) : row
                })
            if let selected, !self.entries.isEmpty { entriesList.select(min(selected, self.entries.count - 1)) }
        }
    }

    /// Reads the playlists again and redraws the list, keeping the one selected (by name) selected.
    private func reload() {
        let selectedName = selectedPlaylist?.name
        controller.listPlaylists { [weak self] listed in
            guard let self else { return }
            self.listed = listed
            names.setRows(
                listed.map { playlist in
                    if playlist.isSmart {
                        let shown = RowText.shown(SmartRulesWindow.shownName(playlist.name, text: text))
                        return text.string("playlists.smartRow", shown)
                    }
                    let shown = RowText.shown(playlist.name)
                    return playlist.isEditable ? shown : text.string("playlists.readOnlyRow", shown)
                })
            if let selectedName, let row = listed.firstIndex(where: { $0.name == selectedName }) { names.select(row) }
        }
    }

    /// Passing messages over the window; after a change to the playlists, the list and the open playlist are read
    /// again.
    func show(_ state: MainScreenState) {
        toasts.show(state)
        guard state.playlistsChanged != changesShown else { return }
        changesShown = state.playlistsChanged
        reload()
        readEntries()
    }

    /// The playlists' own keys, for the shortcuts window.
    static func shortcuts(_ text: Localizer) -> [ShortcutsWindow.Entry] {
        [
            .init(keys: "<Alt>Up", title: text.string("shortcut.playlistUp")),
            .init(keys: "<Alt>Down", title: text.string("shortcut.playlistDown")),
        ]
    }

    func close() {
        ruleEditor?.close()
        window.close()
    }
}
