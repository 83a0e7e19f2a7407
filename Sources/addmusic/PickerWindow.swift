import AddMusicCore
import Foundation
import Gtk
import MediaLibrary

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
    private var songs: [MediaItem] = []
    private var albums: [PickerSource.Group] = []
    private var artists: [PickerSource.Group] = []
    private var textures: [Int64: Texture?] = [:]

    init(parent: Widget, controller: AppController, source: PickerSource?, text: Localizer) {
        self.source = source
        window = DialogWindow(parent: parent, title: text.string("Add songs to play"), width: 520, height: 640)
        search = SearchEntry(placeholder: text.string("picker.search"))
        let header = HeaderBar()
        header.hideWindowButtons()
        let cancel = Button(label: text.string("Cancel"))
        let done = Button(label: text.string("Done"))
        done.addCSSClass("suggested-action")
        header.packStart(cancel)
        header.packEnd(done)
        let pages = Pages()
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
            MainActor.assumeIsolated { self.flatMap { $0.texture($0.songs.element(row)?.artworkID) } }
        }
        albumsList.setArtwork { [weak self] row in
            MainActor.assumeIsolated { self.flatMap { $0.texture($0.albums.element(row)?.artworkID) } }
        }
        load()
        window.present()
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

    /// Fills the pages for the search text: all, or what matches (again after the library changed).
    func load() {
        guard let source else { return }
        let query = search.text.trimmingCharacters(in: .whitespaces)
        songs = source.songs(matching: query)
        albums = source.albums(matching: query)
        artists = source.artists(matching: query)
        songsList.setRows(songs.map(RowText.song))
        albumsList.setRows(albums.map { RowText.shown($0.text) })
        artistsList.setRows(artists.map { RowText.shown($0.text) })
    }

    /// The songs chosen: selected songs, then the songs of selected albums and artists, each once.
    private func chosen() -> [MediaItem] {
        var items = songsList.selectedIndices.map { songs[$0] }
        for index in albumsList.selectedIndices { items += source?.songs(ofAlbum: albums[index].key) ?? [] }
        for index in artistsList.selectedIndices { items += source?.songs(ofArtist: artists[index].key) ?? [] }
        var seen = Set<Int64>()
        return items.filter { seen.insert($0.id).inserted }
    }
}

extension Array {
    /// The element at `index`, nil when out of range.
    fileprivate func element(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
