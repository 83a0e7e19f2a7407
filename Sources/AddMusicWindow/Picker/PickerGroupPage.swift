import AddMusicCore
import Dispatch
import Gtk
import MediaModel

/// One of the picker's pages of groups (B-A1): playlists, artists, albums, genres, compilations or composers, a list
/// (albums and compilations: a grid of covers) filtered by the search text. A group opens — double-click, Enter, or
/// Show Songs — to its songs, picked one by one or all at once (Select All); Back returns to the groups and keeps
/// what was picked. A group selected without opening it stands for all its songs. On the main thread; every read is
/// on the picker's reading queue.
@MainActor
final class PickerGroupPage {
    let kind: PickerKind
    /// The page: the groups, or the songs of the group opened.
    let widget = SwapStack()
    private let groupsView: any PickerRows
    private let songsList = TextList(artworkSize: 32)
    private let heading = Label()
    private let source: PickerSource?
    private let reads: DispatchQueue
    private let artwork: PickerArtwork
    private var rows: PagedRows<PickerSource.Group>
    /// Every group with its text folded for matching, read once the page has shown its groups (or the first
    /// search on it needs them).
    private var folded: [FoldedGroup]?
    private var prefetching = false
    /// Where every group is read for searching, in the background.
    private let indexing: DispatchQueue
    /// The search text the rows shown were loaded for (nil before the first load).
    private(set) var loadedQuery: String?
    private var loads = 0
    /// The newest load asked for, as the reading queue sees it: older ones still queued are skipped.
    private let latestLoad = Locked(0)
    /// The group opened and its songs, read a page at a time as they are shown.
    private var opened: (group: PickerSource.Group, songs: PagedRows<MediaItem>)?
    /// Counts the groups opened, so that songs read for one left meanwhile are dropped.
    private var openings = 0
    /// The songs picked in groups opened before, kept when Back is pressed: readings to run on the reading queue
    /// (`PagedRows.reading`), in the order picked.
    private var picked: [@Sendable () -> [MediaItem]] = []
    /// The screen's pixels per point, for pictures as sharp as the screen.
    var scale: Int32 = 1
    /// The stars of the songs of the group opened.
    private let ratings: SongRatings

    init(
        kind: PickerKind, source: PickerSource?, reads: DispatchQueue, indexing: DispatchQueue,
        artwork: PickerArtwork, ratings: SongRatings, text: Localizer
    ) {
        self.kind = kind
        self.ratings = ratings
        self.indexing = indexing
        self.source = source
        self.reads = reads
        self.artwork = artwork
        rows = PagedRows(RowReader([]), reads: reads)
        groupsView = kind.showsCovers ? CoverGrid(pictureSize: 96) : TextList()
        groupsView.setListLabel(text.string(kind.titleKey))
        songsList.setListLabel(text.string("picker.groupSongs"))
        let open = Button(label: text.string("picker.open"))
        let groups = Box(vertical: true, spacing: 6)
        groups.append(groupsView.widget)
        groups.append(open)
        let back = Button(iconName: "go-previous-symbolic", accessibleLabel: text.string("picker.back"))
        let selectAll = Button(label: text.string("picker.selectAll"))
        heading.addCSSClass("heading")
        let bar = Box(vertical: false, spacing: 6)
        bar.append(back)
        bar.append(heading)
        bar.append(selectAll)
        let songs = Box(vertical: true, spacing: 6)
        songs.append(bar)
        songs.append(songsList)
        widget.add(groups, name: "groups")
        widget.add(songs, name: "songs")
        groupsView.onActivate { [weak self] in self?.open(row: $0) }
        open.onClick { [weak self] in
            guard let self, let row = self.groupsView.selectedIndices.first else { return }
            self.open(row: row)
        }
        back.onClick { [weak self] in self?.goBack() }
        selectAll.onClick { [weak self] in self?.songsList.selectAll() }
        if kind.showsCovers {
            groupsView.setArtwork { [weak self] row in
                MainActor.assumeIsolated {
                    guard let self else { return nil }
                    let view = self.groupsView
                    return self.artwork.texture(self.rows.item(at: row)?.artworkID, pixels: 96 * self.scale) {
                        view.refreshRows(row..<(row + 1))
                    }
                }
            }
        }
        ratings.onRead = { [weak self] in
            guard let self, let opened = self.opened else { return }
            self.songsList.refreshRows(0..<opened.songs.count)
        }
        songsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated {
                guard let self, let item = self.opened?.songs.item(at: row) else { return nil }
                let list = self.songsList
                return self.artwork.texture(item.artworkID, pixels: 32 * self.scale) {
                    list.refreshRows(row..<(row + 1))
                }
            }
        }
    }

    /// Whether the page is the one shown, and whether its views wait for the rows of a load asked for while it was
    /// hidden (a search typed on another page): they show none until those arrive, rather than the old search's
    /// rows for a few frames and then the new ones in the same row widgets (filled twice, the heavier of a page's
    /// first frames in bench/picker's trace).
    private var isShown = false
    private var rowsAwaited = false

    /// Whether the page is the one shown: hidden, its views let GTK drop their row widgets (the rows stay).
    func setShown(_ shown: Bool) {
        isShown = shown
        showRowsIfShown()
    }

    private func showRowsIfShown() {
        for view in [groupsView, songsList] as [any PickerRows] {
            if isShown && !rowsAwaited { view.showRows() } else { view.hideRows() }
        }
    }

    /// Shows the groups matching `query` (every group when empty), read on the reading queue, unless they already
    /// are; `shown` hears how many and when, as they are drawn.
    func load(query: String, shown: @escaping @MainActor (_ count: Int, _ readMilliseconds: Double) -> Void) {
        guard let source, loadedQuery != query else { return }
        loadedQuery = query
        if !isShown { rowsAwaited = true }
        loads += 1
        let load = loads, kind = self.kind, known = folded, latest = latestLoad
        latest.withLock { $0 = load }
        reads.async { [weak self] in
            guard latest.withLock({ $0 }) == load else { return }  // a newer search came meanwhile
            let reading = DispatchTime.now()
            var all = known
            let reader: RowReader<PickerSource.Group>
            if query.isEmpty {
                reader = source.groups(kind)
            } else {
                let groups = known ?? source.groups(kind).all().map(FoldedGroup.init)
                all = groups
                let part = TextFolding.key(query)
                reader = RowReader(groups.filter { $0.folded.contains(part) }.map(\.group))
            }
            let first = PagedRows.firstPage(of: reader)
            let read = PickerWindow.milliseconds(since: reading)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, load == self.loads else { return }
                    if let all { self.folded = all }
                    self.show(reader, firstPage: first)
                    if self.rowsAwaited {
                        self.rowsAwaited = false
                        self.showRowsIfShown()
                    }
                    shown(reader.count, read)
                    if self.folded == nil { self.prefetch() }
                }
            }
        }
    }

    /// Reads and folds every group on the indexing queue, 500 at a time (each read holds the index only briefly),
    /// so that the first search on this page filters them in memory rather than waiting for them.
    private func prefetch() {
        guard let source, !prefetching else { return }
        prefetching = true
        let kind = self.kind
        indexing.async { [weak self] in
            let reader = source.groups(kind)
            var groups: [FoldedGroup] = []
            groups.reserveCapacity(reader.count)
            for offset in stride(from: 0, to: reader.count, by: 500) {
                groups += reader.fetch(offset, 500).map(FoldedGroup.init)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.folded == nil else { return }
                    self.folded = groups
                }
            }
        }
    }

    private func show(_ reader: RowReader<PickerSource.Group>, firstPage: [PickerSource.Group]) {
        rows = PagedRows(reader, reads: reads, firstPage: firstPage)
        let rows = self.rows, view = groupsView, covers = kind.showsCovers
        rows.onPage = { view.refreshRows($0) }
        view.setRows(count: rows.count) { row in
            guard let group = rows.item(at: row) else { return "" }
            let text = RowText.shown(group.text)
            guard let detail = group.detail else { return text }
            return text + (covers ? "\n" : " — ") + RowText.shown(detail)
        }
    }

    /// Called when a group opened shows its songs: the group's text, how many, when it was asked for and the
    /// milliseconds spent reading them (for the picker's timings).
    var onOpened: ((_ group: String, _ count: Int, _ asked: DispatchTime, _ read: Double) -> Void)?

    /// Opens group `row`: its first page of songs is read on the reading queue and shown in place of the groups; the
    /// other pages are read as they come into view.
    private func open(row: Int) {
        guard let source, let group = rows.item(at: row) else { return }
        keepPicked()
        openings += 1
        let opening = openings
        let asked = DispatchTime.now()
        let reads = self.reads
        reads.async { [weak self] in
            let reading = DispatchTime.now()
            let reader = source.songReader(of: group)
            let first = PagedRows.firstPage(of: reader)
            let read = PickerWindow.milliseconds(since: reading)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, opening == self.openings else { return }
                    self.show(group, PagedRows(reader, reads: reads, firstPage: first))
                    self.onOpened?(group.text, reader.count, asked, read)
                }
            }
        }
    }

    private func show(_ group: PickerSource.Group, _ songs: PagedRows<MediaItem>) {
        opened = (group, songs)
        heading.text = RowText.shown(group.text)
        songs.onPage = { [weak self] range in self?.songsList.refreshRows(range) }
        let ratings = self.ratings
        songsList.setRows(count: songs.count) { [weak self] row in
            MainActor.assumeIsolated {
                self?.opened?.songs.item(at: row).map { RowText.song($0, stars: ratings.rating(of: $0)) } ?? ""
            }
        }
        widget.show("songs")
    }

    /// Rates the songs selected in the group opened `stars` (nothing when no group is open), once they are read.
    func rateSelected(_ stars: Int) {
        let reading = selectedSongsReading()
        reads.async { [weak self] in
            let songs = reading()
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.ratings.rate(songs, stars: stars) } }
        }
    }

    /// The songs selected in the group opened (none while the groups show), as a reading to run on the reading
    /// queue.
    func selectedSongsReading() -> @Sendable () -> [MediaItem] {
        guard let opened else { return { [] } }
        return opened.songs.reading(songsList.selectedIndices)
    }

    /// The groups selected while none is open, each standing for all its songs.
    func selectedGroups() -> [PickerSource.Group] {
        opened == nil ? groupsView.selectedIndices.compactMap { rows.item(at: $0) } : []
    }

    /// Back to the groups, keeping the songs picked in the group that was open (nothing when none is).
    func goBack() {
        guard let shown = opened else { return }
        keepPicked()
        opened = nil
        // The rows are emptied, not removed: their widgets stay for the next group opened to fill. Removed, GTK
        // made them anew for each group opened, 15–30 ms of the main thread with 100,000 songs (bench/picker).
        songsList.setRows(count: shown.songs.count) { _ in "" }
        widget.show("groups")
    }

    private func keepPicked() {
        guard let opened, !songsList.selectedIndices.isEmpty else { return }
        picked.append(opened.songs.reading(songsList.selectedIndices))
    }

    /// What was chosen on this page: the songs picked in groups opened (in the order picked), and the groups
    /// selected, each standing for all its songs.
    func choice() -> (songs: [@Sendable () -> [MediaItem]], groups: [PickerSource.Group]) {
        (picked + [selectedSongsReading()], groupsView.selectedIndices.compactMap { rows.item(at: $0) })
    }
}

/// A group with its text folded once (the library's sort key), so filtering while typing is a plain substring
/// search.
private struct FoldedGroup: Sendable {
    var group: PickerSource.Group
    var folded: String

    init(_ group: PickerSource.Group) {
        self.group = group
        folded = TextFolding.key([group.text, group.detail].compactMap { $0 }.joined(separator: " "))
    }
}
