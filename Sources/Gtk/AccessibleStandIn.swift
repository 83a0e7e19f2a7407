import CGtk
import Foundation

/// A window that is never shown, kept last among GTK's windows while a window of the application is hidden.
///
/// GTK 4.8 answers an assistive technology (a screen reader, the accessibility tree the desktop tests drive) that
/// asks the application for its window at an index past the windows showing — as a child count read just before a
/// window went tells it to — with the last window it keeps. A hidden window has lost its accessible object (GTK drops
/// it when the window is unmapped), so GTK builds that answer with no object path and the process dies, a NULL
/// GVariant in `g_variant_is_trusted`. The stand-in's accessible object is published (a change of its focusable flag
/// makes GTK publish it, which for a window never shown says nothing on the bus), so that answer names it instead: a
/// window that is not showing.
enum AccessibleStandIn {
    nonisolated(unsafe) private static var window: UnsafeMutablePointer<GtkWidget>?

    /// Makes the stand-in the last of GTK's windows (a new one when a window was made after it).
    static func keepLast() {
        let toplevels = gtk_window_get_toplevels()
        let count = g_list_model_get_n_items(toplevels)
        if let window, count > 0, let last = g_list_model_get_item(toplevels, count - 1) {
            g_object_unref(last)
            if last == UnsafeMutableRawPointer(window) { return }
            gtk_window_destroy(addmusic_gtk_window(UnsafeMutableRawPointer(window)))
        }
        guard let standIn = gtk_window_new() else { return }
        let focusable = gtk_widget_get_focusable(standIn)
        gtk_widget_set_focusable(standIn, focusable == 0 ? 1 : 0)
        gtk_widget_set_focusable(standIn, focusable)
        window = standIn
    }
}
