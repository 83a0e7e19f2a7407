import AddMusicCore
import Foundation
import Gtk
import MediaLibrary
import MediaModel

/// The media picker (B-A1–A2): songs, albums and artists of the library (with the system player, of its daemon's
/// database) in three pages, a search field that
/// filters as you type, several rows selectable at once (an album or artist stands for all its songs), Cancel and
/// Done. On the main thread.
@MainActor
final class PickerWindow {
    private let window: DialogWindow
    private let source: PickerSource?
    private let songsList = TextList(artworkSize: 32)
    private let albumsList = TextList(artworkSize: 32)
    private let artistsList = TextList()
    private let search: SearchEntry
    /// Where the index is read and the daemon asked, never the main thread.
    private let reads = DispatchQueue(label: "addmusic.picker.read")
    private var songs: PagedRows<MediaItem>
    private var albums: PagedRows<PickerSource.Group>
    private var artists: PagedRows<PickerSource.Group>
    /// How many loads were asked for; a load's rows are shown only if no newer one was asked meanwhile.
    private var loads = 0
    /// Every album and artist with its text folded for matching, read once the first search needs to filter them.
    private var allGroups: (albums: [FoldedGroup], artists: [FoldedGroup])?
    private var textures: [Int64: Texture?] = [:]

    init(parent: Widget, controller: AppController, source: PickerSource?, text: Localizer) {
        self.source = source
        songs = PagedRows(RowReader([]), reads: reads)
        albums = PagedRows(RowReader([]), reads: reads)
        artists = PagedRows(RowReader([]), reads: reads)
        window = DialogWindow(parent: parent, title: text.string("Add songs to play"), width: 520, height: 640)
        search = SearchEntry(placeholder: text.string("picker.search"))
        let cancel = Button(label: text.string("Cancel"))
        let done = Button(label: text.string("Done"))
        let header = HeaderBar(leading: cancel, suggested: done)
        let pages = Pages()
        songsList.setListLabel(text.string("picker.songs"))
        albumsList.setListLabel(text.string("picker.albums"))
        artistsList.setListLabel(text.string("picker.artists"))
        pages.add(songsList, name: "songs", title: text.string("picker.songs"), iconName: "audio-x-generic-symbolic")
        pages.add(albumsList, name: "albums", title: text.string("picker.albums"), iconName: "media-optical-symbolic")
        pages.add(
            artistsList, name: "artists", title: text.string("picker.artists"), iconName: "avatar-default-symbolic")
        header.setTitle(pages.switcher)
        let body = Box(vertical: true, spacing: 6)
        let prompt = Label(text.string("Add songs to play"))
        prompt.addCSSClass("heading")
        prompt.setMargins(6)
        body.append(prompt)
        body.append(search)
        body.append(pages)
        window.setContent(header: header, body: body)
        cancel.onClick { controller.pickerCancelled() }
        window.onCloseRequest { controller.pickerCancelled() }
        done.onClick { [weak self] in self?.done(controller) }
        search.onChange { [weak self] in self?.load() }
        songsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated {
                self.flatMap { $0.texture($0.songs.item(at: row)?.artworkID, row: row, ofAlbums: false) }
            }
        }
        albumsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated {
                self.flatMap { $0.texture($0.albums.item(at: row)?.artworkID, row: row, ofAlbums: true) }
            }
        }
        load()
        window.present()
        search.grabFocus()
    }

    /// Closes the window (the controller closed the picker).
    func close() { window.close() }

    /// The picture of the thumbnail `id`, when it is here; otherwise nil (the placeholder), and it is read and
    /// decoded on the reading queue, then row `row` of the songs (or albums) is drawn again.
    private func texture(_ id: Int64?, row: Int, ofAlbums: Bool) -> Texture? {
        guard let id, let source else { return nil }
        if let known = textures[id] { return known }
        if textures.count > 2_000 { textures.removeAll() }
        textures[id] = .some(nil)  // asked for: the placeholder until it comes
        reads.async { [weak self] in
            let texture = source.thumbnail(id).flatMap(Texture.init(bytes:))
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.textures[id] = texture
                    if texture != nil { (ofAlbums ? self.albumsList : self.songsList).refreshRows(row..<(row + 1)) }
                }
            }
        }
        return nil
    }

    /// Fills the pages for the search text: all, or what matches. The rows are read on the reading queue and shown
    /// when they arrive, unless a newer search came meanwhile. (A library change while the picker is open is not
    /// shown in it: reloading would drop the rows chosen so far; the next picker shows it.)
    private func load() {
        guard let source else { return }
        loads += 1
        let load = loads, started = DispatchTime.now()
        let query = search.text.trimmingCharacters(in: .whitespaces)
        let known = allGroups
        reads.async { [weak self] in
            let songs = source.songs(matching: query)
            let albums: RowReader<PickerSource.Group>, artists: RowReader<PickerSource.Group>
            var all = known
            if query.isEmpty {
                (albums, artists) = (source.albums(), source.artists())
            } else {
                let folded = known ?? (Self.folded(source.albums()), Self.folded(source.artists()))
                all = folded
                let part = TextFolding.key(query)
                albums = RowReader(folded.albums.filter { $0.folded.contains(part) }.map(\.group))
                artists = RowReader(folded.artists.filter { $0.folded.contains(part) }.map(\.group))
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, load == self.loads else { return }
                    self.allGroups = all
                    self.show(songs: songs, albums: albums, artists: artists)
                    self.logTiming(query: query, since: started)
                }
            }
        }
    }

    /// Shows the rows of a load; each page is read as it comes into view.
    private func show(
        songs: RowReader<MediaItem>, albums: RowReader<PickerSource.Group>, artists: RowReader<PickerSource.Group>
    ) {
        self.songs = PagedRows(songs, reads: reads)
        self.albums = PagedRows(albums, reads: reads)
        self.artists = PagedRows(artists, reads: reads)
        let (songs, albums, artists) = (self.songs, self.albums, self.artists)
        let (songsList, albumsList, artistsList) = (self.songsList, self.albumsList, self.artistsList)
        songs.onPage = { songsList.refreshRows($0) }
        albums.onPage = { albumsList.refreshRows($0) }
        artists.onPage = { artistsList.refreshRows($0) }
        songsList.setRows(count: songs.count) { songs.item(at: $0).map(RowText.song) ?? "" }
        albumsList.setRows(count: albums.count) { albums.item(at: $0).map { RowText.shown($0.text) } ?? "" }
        artistsList.setRows(count: artists.count) { artists.item(at: $0).map { RowText.shown($0.text) } ?? "" }
    }

    private func logTiming(query: String, since started: DispatchTime) {
        guard Self.logsTimings else { return }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        printError(
            "picker: \(songs.count) songs, \(albums.count) albums, \(artists.count) artists for "
                + "\"\(query)\" in \(String(format: "%.1f", milliseconds)) ms")
    }

    private nonisolated static func folded(_ rows: RowReader<PickerSource.Group>) -> [FoldedGroup] {
        rows.all().map { FoldedGroup(group: $0, folded: TextFolding.key($0.text)) }
    }

    /// `ADDMUSIC_PICKER_TIMING=1`: each load's size and time on standard error (for bench/picker).
    private static let logsTimings = ProcessInfo.processInfo.environment["ADDMUSIC_PICKER_TIMING"] == "1"

    /// Done: the songs chosen — selected songs, then the songs of selected albums and artists, each once — are read
    /// on the reading queue and handed to the controller.
    private func done(_ controller: AppController) {
        let songIndices = songsList.selectedIndices
        let albumKeys = albumsList.selectedIndices.compactMap { albums.item(at: $0)?.key }
        let artistKeys = artistsList.selectedIndices.compactMap { artists.item(at: $0)?.key }
        let reader = songs.reader, source = self.source
        reads.async {
            var items = songIndices.compactMap { index in reader.fetch(index, 1).first }
            for key in albumKeys { items += source?.songs(ofAlbum: key) ?? [] }
            for key in artistKeys { items += source?.songs(ofArtist: key) ?? [] }
            var seen = Set<Int64>()
            controller.pickerDone(with: items.filter { seen.insert($0.id).inserted })
        }
    }
}

/// An album or artist row with its text folded once (the library's sort key), so filtering while typing is a plain
/// substring search.
private struct FoldedGroup: Sendable {
    var group: PickerSource.Group
    var folded: String
}
