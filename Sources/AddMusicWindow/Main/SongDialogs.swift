import AddMusicCore
import Gtk
import MediaModel

/// The dialogs the main window opens about songs and playlists, one of each at a time: the song details (B-H10),
/// "Add to Playlist…" and the playlists window (B-Y6). The queue view and the picker reach the first two through
/// `actions`; each passing state goes to the open ones with `show(_:)`. On the main thread.
@MainActor
final class SongDialogs {
    private let controller: AppController
    private let text: Localizer
    private var details: SongDetailsWindow?
    private var addToPlaylist: AddToPlaylistWindow?
    private var playlists: PlaylistsWindow?

    init(controller: AppController, text: Localizer) {
        self.controller = controller
        self.text = text
    }

    /// The details and "Add to Playlist…" for a view listing songs.
    var actions: SongActions {
        SongActions(
            details: { [weak self] items, parent in self?.showDetails(of: items, over: parent) },
            addToPlaylist: { [weak self] items, parent in self?.addToPlaylist(of: items, over: parent) })
    }

    /// Opens the details of `items` over `parent`.
    func showDetails(of items: [MediaItem], over parent: Widget) {
        guard !items.isEmpty else { return }
        details?.close()
        details = SongDetailsWindow(parent: parent, items: items, controller: controller, text: text)
    }

    /// Opens "Add to Playlist…" for `items` over `parent`.
    func addToPlaylist(of items: [MediaItem], over parent: Widget) {
        guard !items.isEmpty else { return }
        addToPlaylist?.close()
        addToPlaylist = AddToPlaylistWindow(parent: parent, items: items, controller: controller, text: text)
    }

    /// Opens the playlists over `parent`.
    func showPlaylists(over parent: Widget) {
        playlists?.close()
        playlists = PlaylistsWindow(parent: parent, controller: controller, text: text) { [weak self] in
            self?.playlists?.close()
            self?.playlists = nil
        }
    }

    /// Passing messages over the open dialogs; the details and the playlists read again what a change touched.
    func show(_ state: MainScreenState) {
        details?.show(state)
        playlists?.show(state)
    }
}
