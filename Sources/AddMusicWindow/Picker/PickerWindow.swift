import AddMusicCore
import Foundation
import Gtk
import MediaLibrary
import MediaModel

/// The media picker (B-A1–A2, B-A8): the library (with the system player, its daemon's database) in eight pages —
/// Playlists, Artists, Songs, Albums (a grid of covers), Genres, Compilations, Composers, Folders — each group or
/// folder opening to its songs; a search field that filters the page shown as you type (the others when they are shown); several rows
/// selectable at once (a group stands for all its songs); Cancel and Done. On the main thread.
@MainActor
final class PickerWindow {
    private let window: DialogWindow
    private let source: PickerSource?
    private let pages = Pages(compact: true)
    private let songsList = TextList(artworkSize: 32)
    private let search: SearchEntry
    /// Where the index is read and the daemon asked, never the main thread.
    private let reads = DispatchQueue(label: "addmusic.picker.read")
    /// Where the group pages read all their groups for searching, in the background.
    private let indexing = DispatchQueue(label: "addmusic.picker.index")
    private let artwork: PickerArtwork
    /// The pages made so far (`makePage`), and the places in `pages` of those not made yet.
    private var groupPages: [PickerGroupPage] = []
    private var folderPage: PickerFolderPage?
    private var unmade: [(kind: PickerKind, place: Box)] = []
    /// Set once the controller closed the picker: what was still to be shown or made is not.
    private var closed = false
    /// What the pages are made with.
    private let controller: AppController
    private let text: Localizer
    private var songs: PagedRows<MediaItem>
    /// The search text the songs shown were loaded for, and how many loads were asked for (a load's rows are shown
    /// only if no newer one was asked meanwhile).
    private var songsQuery: String?
    private var songLoads = 0
    /// The newest load asked for, as the reading queue sees it: older ones still queued are skipped.
    private let latestSongLoad = Locked(0)
    private var shortcuts: KeyShortcuts?
    /// The screen's pixels per point, for pictures as sharp as the screen.
    private let scale: Int32
    /// The stars of the songs listed.
    private let ratings: SongRatings
    /// The controller's passing messages over the picker (made once its content is).
    private var toasts: MessageToasts?

    /// The picker over `parent`; `actions` open the details of the songs selected, or add them to a playlist.
    init(
        parent: Widget, controller: AppController, source: PickerSource?, text: Localizer,
        actions: SongActions
    ) {
        self.source = source
        self.controller = controller
        self.text = text
        scale = Int32(clamping: max(1, parent.scaleFactor))  // the main window's screen
        artwork = PickerArtwork(source: source)
        songs = PagedRows(RowReader([]), reads: reads)
        ratings = SongRatings(source: source, controller: controller)
        window = DialogWindow(parent: parent, title: text.string("Add songs to play"), width: 760, height: 640)
        search = SearchEntry(placeholder: text.string("picker.search"))
        let cancel = Button(label: text.string("Cancel"))
        let done = Button(label: text.string("Done"))
        let header = HeaderBar(leading: cancel, suggested: done)
        let detailsButton = Button(label: text.string("details.openSelected"))
        header.packEnd(detailsButton)
        let addButton = Button(label: text.string("playlists.addTo"))
        header.packEnd(addButton)
        songsList.setListLabel(text.string("picker.songs"))
        for kind in PickerKind.allCases {
            let place = Box(vertical: true, spacing: 0)
            // The page shown first is made first.
            unmade.insert((kind, place), at: kind == .songs ? 0 : unmade.count)
            pages.add(place, name: kind.rawValue, title: text.string(kind.titleKey), iconName: kind.iconName)
        }
        pages.visibleName = PickerKind.songs.rawValue
        shortcuts = Self.pageKeys(window: window, pages: pages)
        for stars in 0...5 {
            shortcuts?.add("<Control>\(stars)") { [weak self] in self?.rateSelected(stars) }
        }
        shortcuts?.add("<Alt>Left") { [weak self] in self?.goBack() }
        let body = Box(vertical: true, spacing: 6)
        let prompt = Label(text.string("Add songs to play"))
        prompt.addCSSClass("heading")
        prompt.setMargins(6)
        body.append(prompt)
        body.append(pages.switcher)
        body.append(search)
        body.append(pages)
        let toasts = MessageToasts(content: body, controller: controller, showingCurrent: false)
        self.toasts = toasts
        window.setContent(header: header, body: toasts.overlay)
        detailsButton.onClick { [weak self] in
            guard let self else { return }
            withSelectedSongs { [weak self] songs in if let self { actions.details(songs, window) } }
        }
        addButton.onClick { [weak self] in
            guard let self else { return }
            withSelectedSongs { [weak self] songs in if let self { actions.addToPlaylist(songs, window) } }
        }
        cancel.onClick { controller.pickerCancelled() }
        window.onCloseRequest { controller.pickerCancelled() }
        done.onClick { [weak self] in self?.done(controller) }
        search.onChange { [weak self] in self?.load() }
        pages.onSwitch { [weak self] in
            guard let self else { return }
            if let kind = PickerKind(rawValue: pages.visibleName) { makePage(kind) }
            // Loaded first: a page whose rows are to be read again for a new search shows them once they arrive.
            load()
            showRowsOfVisiblePage()
        }
        songsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated {
                guard let self else { return nil }
                let list = self.songsList
                return self.artwork.texture(self.songs.item(at: row)?.artworkID, pixels: 32 * self.scale) {
                    list.refreshRows(row..<(row + 1))
                }
            }
        }
        ratings.onRead = { [weak self] in
            guard let self else { return }
            self.songsList.refreshRows(0..<self.songs.count)
        }
        // The songs' rows are read at once, but the list makes no row widgets before it is in its place (makePage):
        // made meanwhile, up to 200 of them were then put in the window at once.
        songsList.hideRows()
        load()
        present()
    }

    /// Shows the picker in steps, each on a turn of the main loop of its own, so that none holds it long (B-A1): the
    /// window, without its switcher's buttons or its pages; after its first frame, the switcher's buttons; after the
    /// frame that draws them, the Songs page's list, without rows; after the frame that draws it, its rows; then, when
    /// the main loop is idle after its frames, the other pages one at a time. Shown with its switcher, the window took
    /// GTK 12–25 ms to show (`gtk_window_present` measuring the eight buttons), and its first frame as much again with
    /// the songs' rows; the frame that laid out the list and its first rows together held the main thread 9–16 ms,
    /// the longest stall while the picker opened (bench/picker's trace, eight openings).
    private func present() {
        MainThread.whileIdle(beforeFrames: true) { [weak self] in
            guard let self, !closed else { return false }
            window.present()
            search.grabFocus()
            if Self.logsTimings { window.onFramePainted { [weak self] in self?.logPainted() } }
            var shown = 0
            window.afterEachFrame { [weak self] in
                guard let self, !closed else { return false }
                shown += 1
                switch shown {
                case 1: pages.fillSwitcher()
                case 2: makePage(.songs)
                default:
                    showRowsOfVisiblePage()
                    MainThread.whileIdle { [weak self] in
                        guard let self, !closed, let kind = unmade.first?.kind else { return false }
                        makePage(kind)
                        return !unmade.isEmpty
                    }
                    return false
                }
                return true
            }
            return false
        }
    }

    /// Makes the page `kind` in its place, unless it is made already: one at a time when the main loop is idle
    /// after the window is shown, or at once when shown before that. The Songs page's list is made with the picker
    /// (its rows are read at once) and put in its place in its turn (`present`). A page is made without its rows
    /// shown: the caller shows those of the page shown (`showRowsOfVisiblePage`), `present` a frame later, so that a
    /// frame draws the Songs list before its rows.
    private func makePage(_ kind: PickerKind) {
        guard let index = unmade.firstIndex(where: { $0.kind == kind }) else { return }
        let place = unmade.remove(at: index).place
        if kind == .songs { return place.append(songsList) }
        let ratings = SongRatings(source: source, controller: controller)
        if kind == .folders {
            let page = PickerFolderPage(source: source, reads: reads, ratings: ratings, text: text)
            folderPage = page
            return place.append(page.widget)
        }
        let page = PickerGroupPage(
            kind: kind, source: source, reads: reads, indexing: indexing, artwork: artwork, ratings: ratings,
            text: text)
        page.scale = scale
        page.onOpened = { [weak self] group, count, started, read in
            self?.logTiming("\(count) opened", query: group, since: started, read: read)
        }
        groupPages.append(page)
        place.append(page.widget)
    }

    /// Only the page shown keeps the widgets of its rows (B-A1): the others keep their rows and what was picked in
    /// them, and make their widgets again when shown.
    private func showRowsOfVisiblePage() {
        let visible = pages.visibleName
        if visible == PickerKind.songs.rawValue { songsList.showRows() } else { songsList.hideRows() }
        for page in groupPages { page.setShown(page.kind.rawValue == visible) }
        folderPage?.setShown(visible == PickerKind.folders.rawValue)
    }

    /// Alt+1 … Alt+8 show the pages in the switcher's order.
    private static func pageKeys(window: DialogWindow, pages: Pages) -> KeyShortcuts {
        let keys = KeyShortcuts(window: window)
        for (index, kind) in PickerKind.allCases.enumerated() {
            keys.add("<Alt>\(index + 1)") { [pages] in pages.visibleName = kind.rawValue }
        }
        return keys
    }

    /// The picker's keys, for the shortcuts window: Alt+1 … Alt+8 show its pages; Ctrl+1 … Ctrl+5 rate the songs
    /// selected, Ctrl+0 clears their rating.
    static func shortcuts(_ text: Localizer) -> [ShortcutsWindow.Entry] {
        PickerKind.allCases.enumerated().map { index, kind in
            .init(keys: "<Alt>\(index + 1)", title: text.string(kind.titleKey))
        } + [
            .init(keys: "<Control>1...<Control>5", title: text.string("shortcut.rateSelected")),
            .init(keys: "<Control>0", title: text.string("shortcut.unrateSelected")),
            .init(keys: "<Alt>Left", title: text.string("shortcut.pickerBack")),
        ]
    }

    /// Shows the controller's passing messages (a tag edit's, with Undo) over the picker.
    func show(_ state: MainScreenState) { toasts?.show(state) }

    /// The songs selected on the Songs page or in the folder opened, when one of them is shown (a group page's are
    /// read on the reading queue: `withSelectedSongs`).
    private func selectedSongs() -> [MediaItem] {
        if groupPages.contains(where: { $0.kind.rawValue == pages.visibleName }) { return [] }
        if let folderPage, pages.visibleName == PickerKind.folders.rawValue { return folderPage.selectedSongs() }
        return songsList.selectedIndices.compactMap { songs.item(at: $0) }
    }

    /// Hands `done` the songs selected on the page shown, with the songs of the groups or folders selected there
    /// (read on the reading queue), each once; on the main thread.
    private func withSelectedSongs(_ done: @escaping @MainActor @Sendable ([MediaItem]) -> Void) {
        let songs = selectedSongs()
        let page = groupPages.first { $0.kind.rawValue == pages.visibleName }
        let reading = page?.selectedSongsReading()
        let groups = page?.selectedGroups() ?? []
        let folders = pages.visibleName == PickerKind.folders.rawValue ? folderPage?.selectedFolders() ?? [] : []
        guard reading != nil || !folders.isEmpty else { return done(songs) }
        let source = self.source
        reads.async {
            var items = songs + (reading?() ?? [])
            for group in groups { items += source?.songs(of: group) ?? [] }
            for folder in folders { items += source?.songs(under: folder) ?? [] }
            var seen = Set<Int64>()
            let chosen = items.filter { $0.id == 0 || seen.insert($0.id).inserted }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(chosen) } }
        }
    }

    /// Back from the group or folder opened on the page shown (Alt+←), as its Back button.
    private func goBack() {
        if let page = groupPages.first(where: { $0.kind.rawValue == pages.visibleName }) { return page.goBack() }
        if pages.visibleName == PickerKind.folders.rawValue { folderPage?.goBack() }
    }

    /// Rates the songs selected on the page shown (the Songs page, or the songs of the group opened) `stars`.
    private func rateSelected(_ stars: Int) {
        if let page = groupPages.first(where: { $0.kind.rawValue == pages.visibleName }) {
            return page.rateSelected(stars)
        }
        if let folderPage, pages.visibleName == PickerKind.folders.rawValue { return folderPage.rateSelected(stars) }
        ratings.rate(songsList.selectedIndices.compactMap { songs.item(at: $0) }, stars: stars)
    }

    /// Closes the window (the controller closed the picker), shown or not yet.
    func close() {
        closed = true
        window.close()
    }

    /// Fills the page shown for the search text: all, or what matches; the other pages are filled when they are
    /// shown. The rows are read on the reading queue and shown when they arrive, unless a newer search came
    /// meanwhile. (A library change while the picker is open is not shown in it: reloading would drop the rows
    /// chosen so far; the next picker shows it.)
    private func load() {
        let query = search.text.trimmingCharacters(in: .whitespaces)
        let started = DispatchTime.now()
        if let folderPage, pages.visibleName == PickerKind.folders.rawValue {
            return folderPage.load(query: query) { [weak self] count, read in
                self?.logTiming("\(count) folders", query: query, since: started, read: read)
            }
        }
        if let page = groupPages.first(where: { $0.kind.rawValue == pages.visibleName }) {
            page.load(query: query) { [weak self] count, read in
                self?.logTiming("\(count) \(page.kind.rawValue)", query: query, since: started, read: read)
            }
            return
        }
        guard let source, songsQuery != query else { return }
        songsQuery = query
        songLoads += 1
        let load = songLoads, latest = latestSongLoad
        latest.withLock { $0 = load }
        reads.async { [weak self] in
            guard latest.withLock({ $0 }) == load else { return }  // a newer search came meanwhile
            let reading = DispatchTime.now()
            let songs = source.songs(matching: query)
            let first = PagedRows.firstPage(of: songs)
            let read = Self.milliseconds(since: reading)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, load == self.songLoads else { return }
                    let showing = DispatchTime.now()
                    self.show(songs: songs, firstPage: first)
                    self.logTiming(
                        "\(songs.count) songs", query: query, since: started, read: read,
                        shown: Self.milliseconds(since: showing))
                    if Self.logsTimings { self.awaitingPaint = (query, started) }
                }
            }
        }
    }

    /// Shows the songs of a load; each page is read as it comes into view.
    private func show(songs: RowReader<MediaItem>, firstPage: [MediaItem]) {
        self.songs = PagedRows(songs, reads: reads, firstPage: firstPage)
        let (songs, songsList) = (self.songs, self.songsList)
        songs.onPage = { songsList.refreshRows($0) }
        songsList.setRows(count: songs.count) { [weak self] row in
            MainActor.assumeIsolated {
                guard let item = songs.item(at: row) else { return "" }
                return RowText.song(item, stars: self?.ratings.rating(of: item))
            }
        }
    }

    private func logTiming(
        _ what: String, query: String, since started: DispatchTime, read: Double, shown: Double? = nil
    ) {
        guard Self.logsTimings else { return }
        let total = Self.milliseconds(since: started)
        let showing = shown.map { ", shown in " + String(format: "%.1f", $0) + " ms" } ?? ""
        Self.logLine(
            "picker: \(what) for \"\(query)\" in \(String(format: "%.1f", total)) ms (read in "
                + "\(String(format: "%.1f", read)) ms\(showing))")
    }

    /// The search whose songs were shown and not yet painted, and when it was asked for (timings only).
    private var awaitingPaint: (query: String, since: DispatchTime)?

    /// After a frame: the time from a search to the first frame painted with its songs.
    private func logPainted() {
        guard let (query, started) = awaitingPaint else { return }
        awaitingPaint = nil
        Self.logLine("picker: painted \"\(query)\" in \(String(format: "%.1f", Self.milliseconds(since: started))) ms")
    }

    /// A timing line on standard error.
    private static func logLine(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

    nonisolated static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    /// `ADDMUSIC_PICKER_TIMING=1`: each load's size and time, and the songs' time to the frame that shows them, on
    /// standard error (for bench/picker).
    private static let logsTimings = ProcessInfo.processInfo.environment["ADDMUSIC_PICKER_TIMING"] == "1"

    /// Done: the songs chosen — selected songs, then each page's picks and the songs of its selected groups, each
    /// song once — are read on the reading queue and handed to the controller.
    private func done(_ controller: AppController) {
        let songIndices = songsList.selectedIndices
        let choices = groupPages.map { $0.choice() }
        let folders = folderPage?.choice() ?? (songs: [], folders: [])
        let reader = songs.reader, source = self.source
        reads.async {
            var items = songIndices.compactMap { index in reader.fetch(index, 1).first }
            for choice in choices {
                for reading in choice.songs { items += reading() }
                for group in choice.groups { items += source?.songs(of: group) ?? [] }
            }
            items += folders.songs
            for folder in folders.folders { items += source?.songs(under: folder) ?? [] }
            var seen = Set<Int64>()
            let chosen = items.filter { seen.insert($0.id).inserted }
            DispatchQueue.main.async { MainActor.assumeIsolated { controller.pickerDone(with: chosen) } }
        }
    }
}
