import CGtk
import Foundation

/// A top-level window of the application, with a header bar over its content.
public final class ApplicationWindow: Widget {
    private var parts: [Widget] = []

    /// A window of `application` titled `title`, of `width`×`height` points at first.
    public init(application: Application, title: String, width: Int32, height: Int32) {
        let window = adw_application_window_new(addmusic_gtk_application(UnsafeMutableRawPointer(application.pointer)))!
        super.init(taking: window)
        gtk_window_set_title(addmusic_gtk_window(object), title)
        gtk_window_set_default_size(addmusic_gtk_window(object), width, height)
        application.keep(self)
    }

    /// Shows `content` below `header`.
    public func setContent(header: HeaderBar, body: Widget) {
        // The body fills the window below the header. Left at its natural height, it was measured before the window
        // had its width, with its wrapping labels on fewer lines than they take; a body that clips (a toast overlay)
        // then cut its last line (on weston, the status caption down to its top two pixels) until a text change
        // measured it again.
        gtk_widget_set_vexpand(body.pointer, 1)
        let column = Box(header: header, body: body)
        parts = [column]
        adw_application_window_set_content(addmusic_adw_application_window(object), column.pointer)
    }

    /// Brings the window up.
    public func present() { gtk_window_present(addmusic_gtk_window(object)) }

    /// Whether the window is in front of the user: shown, and the one the desktop gives the keyboard to.
    public var isInFront: Bool {
        gtk_widget_get_visible(pointer) != 0 && gtk_window_is_active(addmusic_gtk_window(object)) != 0
    }

    /// Hides the window, keeping it (and what it shows) for `present` to bring back.
    public func hide() {
        gtk_widget_set_visible(pointer, 0)
        AccessibleStandIn.keepLast()
    }

    /// Calls `action` when the user closes the window: it answers true to keep the window (hidden, say), false to
    /// let it close.
    public func onCloseRequest(_ action: @escaping () -> Bool) {
        Signal.connectAnswering(object, "close-request", action)
    }
}
