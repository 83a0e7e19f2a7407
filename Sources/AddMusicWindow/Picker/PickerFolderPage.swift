import AddMusicCore
import Dispatch
import Gtk
import MediaLibrary
import MediaModel

/// The picker's Folders page (B-A8): the music folders as a tree walked one folder at a time. A folder's row says how
/// many songs it holds; opening it (double-click, Enter, or Open) shows its subfolders, then its own songs by disc,
/// track and file name; Back goes up. A folder picked stands for every song in it and below; songs are picked one by
/// one; what was picked in a folder is kept when another is opened. The search field filters the rows shown, by
/// folder name or by title and artist. With the system player, the daemon's own folders (`lsinfo`). On the main
/// thread; every read is on the picker's reading queue.
@MainActor
final class PickerFolderPage {
    let kind = PickerKind.folders
    let widget = Box(vertical: true, spacing: 6)
    private let list = TextList()
    private let heading = Label()
    private let back: Button
    private let source: PickerSource?
    private let reads: DispatchQueue
    private let text: Localizer
    private let ratings: SongRatings
    /// The folders counted, read once (the library's; nil for the daemon or before the first read).
    private var tree: FolderTree?
    /// The folders opened, from the top: the last is shown (none: the music folders).
    private var path: [LibraryFolder] = []
    /// What the folder shown holds, and the rows the search leaves of it.
    private var rows: [FolderRow] = []
    private var shownRows: [FolderRow] = []
    private var loaded = false
    private var query = ""
    /// The rows picked in folders shown before.
    private var picked: [FolderRow] = []
    private var reading = 0

    init(source: PickerSource?, reads: DispatchQueue, ratings: SongRatings, text: Localizer) {
        self.source = source
        self.reads = reads
        self.text = text
        self.ratings = ratings
        back = Button(iconName: "go-previous-symbolic", accessibleLabel: text.string("picker.back"))
        list.setListLabel(text.string("picker.folders"))
        heading.addCSSClass("heading")
        heading.ellipsize()
        let open = Button(label: text.string("picker.open"))
        let bar = Box(vertical: false, spacing: 6)
        bar.append(back)
        bar.append(heading)
        widget.append(bar)
        widget.append(list)
        widget.append(open)
        back.isSensitive = false
        ratings.onRead = { [weak self] in
            guard let self else { return }
            self.list.refreshRows(0..<self.shownRows.count)
        }
        list.onActivate { [weak self] in self?.open(row: $0) }
        open.onClick { [weak self] in
            guard let self, let row = self.list.selectedIndices.first else { return }
            self.open(row: row)
        }
        back.onClick { [weak self] in self?.goBack() }
    }

    /// Whether the page is the one shown: hidden, its list lets GTK drop its row widgets (the rows stay).
    func setShown(_ shown: Bool) {
        if shown { list.showRows() } else { list.hideRows() }
    }

    /// Shows the music folders the first time, then filters the rows shown by `query`; `loaded` is told the rows
    /// shown and the milliseconds spent reading them (none when only filtered) once they are shown.
    func load(query: String, loaded done: @escaping @MainActor (Int, Double) -> Void = { _, _ in }) {
        self.query = query
        guard loaded else {
            loaded = true
            return read(nil, done: done)
        }
        filter()
        done(shownRows.count, 0)
    }

    /// Rates the songs selected `stars`.
    func rateSelected(_ stars: Int) { ratings.rate(selectedSongs(), stars: stars) }

    /// The songs selected in the folder shown.
    func selectedSongs() -> [MediaItem] { selected().compactMap { if case .song(let item) = $0 { item } else { nil } } }

    /// The folders selected, each standing for every song in it.
    func selectedFolders() -> [LibraryFolder] {
        selected().compactMap { if case .folder(let folder) = $0 { folder } else { nil } }
    }

    /// What was chosen on this page: songs, and folders that stand for every song in them.
    func choice() -> (songs: [MediaItem], folders: [LibraryFolder]) {
        var songs: [MediaItem] = []
        var folders: [LibraryFolder] = []
        for row in picked + selected() {
            switch row {
            case .song(let item): songs.append(item)
            case .folder(let folder): folders.append(folder)
            }
        }
        return (songs, folders)
    }

    private func selected() -> [FolderRow] { list.selectedIndices.compactMap { shownRows[safe: $0] } }

    /// Opens row `row` when it is a folder; the other rows selected stay picked (the folder opened is not picked
    /// for being opened).
    private func open(row: Int) {
        guard case .folder(let folder)? = shownRows[safe: row] else { return }
        picked += list.selectedIndices.filter { $0 != row }.compactMap { shownRows[safe: $0] }
        path.append(folder)
        read(folder)
    }

    /// Back to the folder above (its Back button, Alt+←); nothing at the top.
    func goBack() {
        guard !path.isEmpty else { return }
        picked += selected()
        path.removeLast()
        read(path.last)
    }

    /// Reads what `folder` holds (nil: the music folders) on the reading queue, and shows it unless another folder
    /// was asked for meanwhile.
    private func read(_ folder: LibraryFolder?, done: @escaping @MainActor (Int, Double) -> Void = { _, _ in }) {
        guard let source else { return }
        reading += 1
        let asked = reading, tree = self.tree
        heading.text = folder.map { RowText.shown($0.name) } ?? text.string("picker.musicFolders")
        back.isSensitive = folder != nil
        reads.async { [weak self] in
            let reading = DispatchTime.now()
            var read = tree
            let rows: [FolderRow]
            if let folder {
                rows = source.rows(in: folder, tree: tree)
            } else {
                (rows, read) = source.topFolders()
            }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - reading.uptimeNanoseconds) / 1e6
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, asked == self.reading else { return }
                    self.tree = read
                    self.rows = rows
                    self.filter()
                    done(self.shownRows.count, milliseconds)
                }
            }
        }
    }

    /// Shows the rows of the folder that match the search text (all when it is empty).
    private func filter() {
        let part = TextFolding.key(query)
        shownRows = part.isEmpty ? rows : rows.filter { TextFolding.key($0.searchText).contains(part) }
        let shown = shownRows, text = self.text, ratings = self.ratings
        list.setRows(count: shown.count) { row in
            MainActor.assumeIsolated {
                guard let entry = shown[safe: row] else { return "" }
                guard case .song(let item) = entry else { return entry.text(text) }
                return RowText.song(item, stars: ratings.rating(of: item))
            }
        }
    }
}
