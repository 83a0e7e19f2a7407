import Gtk
import MediaModel

/// What a view listing songs opens over itself for the songs chosen there: their details (B-H10) and "Add to
/// Playlist…" (B-Y6), each given the songs and the window to open over. On the main thread.
struct SongActions {
    let details: ([MediaItem], Widget) -> Void
    let addToPlaylist: ([MediaItem], Widget) -> Void
}
