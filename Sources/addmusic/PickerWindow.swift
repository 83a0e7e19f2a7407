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
    private var songs = PagedRows<MediaItem>([])
    private var albums = PagedRows<PickerSource.Group>([])
    private var artists = PagedRows<PickerSource.Group>([])
    /// Every album and artist with its text folded for matching, read once the first search needs to filter them.
    private var allGroups: (albums: [FoldedGroup], artists: [FoldedGroup])?
    private var textures: [Int64: Texture?] = [:]

    init(parent: Widget, controller: AppController, source: PickerSource?, text: Localizer) {
        self.source = source
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
        done.onClick { [weak self] in
            guard let self else { return }
            controller.pickerDone(with: self.chosen())
        }
        search.onChange { [weak self] in self?.load() }
        songsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated { self.flatMap { $0.texture($0.songs.item(at: row)?.artworkID) } }
        }
        albumsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated { self.flatMap { $0.texture($0.albums.item(at: row)?.artworkID) } }
        }
        load()
        window.present()
        search.grabFocus()
    }

    /// Closes the window (the controller closed the picker).
    func close() { window.close() }

    /// The picture of the thumbnail `id`, read and decoded once (rows are bound as they scroll into view).
    private func texture(_ id: Int64?) -> Texture? {
        guard let id, let source else { return nil }
        if let known = textures[id] { return known }
        if textures.count > 2_000 { textures.removeAll() }
        let texture = source.thumbnail(id).flatMap(Texture.init(bytes:))
        textures[id] = texture
        return texture
    }

    /// Fills the pages for the search text: all, or what matches. (A library change while the picker is open is
    /// not shown in it: reloading would drop the rows chosen so far; the next picker shows it.)
    private func load() {
        guard let source else { return }
        let started = DispatchTime.now()
        let query = search.text.trimmingCharacters(in: .whitespaces)
        songs = source.songs(matching: query)
        if query.isEmpty {
            albums = source.albums()
            artists = source.artists()
        } else {
            let all = allGroups ?? (Self.folded(source.albums()), Self.folded(source.artists()))
            allGroups = all
            let part = TextFolding.key(query)
            albums = PagedRows(all.albums.filter { $0.folded.contains(part) }.map(\.group))
            artists = PagedRows(all.artists.filter { $0.folded.contains(part) }.map(\.group))
        }
        let (songs, albums, artists) = (songs, albums, artists)
        songsList.setRows(count: songs.count) { songs.item(at: $0).map(RowText.song) ?? "" }
        albumsList.setRows(count: albums.count) { albums.item(at: $0).map { RowText.shown($0.text) } ?? "" }
        artistsList.setRows(count: artists.count) { artists.item(at: $0).map { RowText.shown($0.text) } ?? "" }
        if Self.logsTimings {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            printError(
                "picker: \(songs.count) songs, \(albums.count) albums, \(artists.count) artists for "
                    + "\"\(query)\" in \(String(format: "%.1f", milliseconds)) ms")
        }
    }

    private static func folded(_ rows: PagedRows<PickerSource.Group>) -> [FoldedGroup] {
        (0..<rows.count).compactMap { rows.item(at: $0) }.map {
            FoldedGroup(group: $0, folded: TextFolding.key($0.text))
        }
    }

    /// `ADDMUSIC_PICKER_TIMING=1`: each load's size and time on standard error (for bench/picker).
    private static let logsTimings = ProcessInfo.processInfo.environment["ADDMUSIC_PICKER_TIMING"] == "1"

    /// The songs chosen: selected songs, then the songs of selected albums and artists, each once.
    private func chosen() -> [MediaItem] {
        var items = songsList.selectedIndices.compactMap { songs.item(at: $0) }
        for index in albumsList.selectedIndices {
            if let album = albums.item(at: index) { items += source?.songs(ofAlbum: album.key) ?? [] }
        }
        for index in artistsList.selectedIndices {
            if let artist = artists.item(at: index) { items += source?.songs(ofArtist: artist.key) ?? [] }
        }
        var seen = Set<Int64>()
        return items.filter { seen.insert($0.id).inserted }
    }
}

/// An album or artist row with its text folded once (the library's sort key), so filtering while typing is a plain
/// substring search.
private struct FoldedGroup {
    var group: PickerSource.Group
    var folded: String
}
