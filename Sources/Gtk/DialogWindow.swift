import CGtk
import Foundation

/// A separate window above another (a dialog): its own header bar and content; closing it (also from the title
/// bar) calls `onClose`.
public final class DialogWindow: Widget {
    private var parts: [Widget] = []

    /// A modal window above `parent`, titled `title`.
    public init(parent: Widget, title: String, width: Int32, height: Int32) {
        super.init(taking: adw_window_new())
        gtk_window_set_title(addmusic_gtk_window(object), title)
        gtk_window_set_modal(addmusic_gtk_window(object), 1)
        gtk_window_set_transient_for(addmusic_gtk_window(object), addmusic_gtk_window(parent.object))
        gtk_window_set_default_size(addmusic_gtk_window(object), width, height)
    }

    /// Shows `body` below `header`.
    public func setContent(header: Widget, body: Widget) {
        let column = Box(header: header, body: body)
        parts = [column]
        adw_window_set_content(addmusic_adw_window(object), column.pointer)
    }

    /// Calls `action` when the user closes the window from its title bar (Escape, the close button).
    public func onCloseRequest(_ action: @escaping () -> Void) {
        Signal.connectAnswering(object, "close-request") {
            action()
            return false  // let it close
        }
    }

    public func present() { gtk_window_present(addmusic_gtk_window(object)) }

    /// Closes it for good.
    public func close() { gtk_window_destroy(addmusic_gtk_window(object)) }
}
