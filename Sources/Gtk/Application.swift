import CGtk
import Foundation

/// The libadwaita application: one per process, run on the main thread until its last window closes.
public final class Application {
    let pointer: UnsafeMutablePointer<AdwApplication>
    private var windows: [ApplicationWindow] = []

    /// An application with the reverse-DNS `id` ("org.addmusic.AddMusic").
    public init(id: String) {
        adw_init()
        pointer = adw_application_new(id, G_APPLICATION_NON_UNIQUE)
        gtk_window_set_default_icon_name(id)  // the icon the desktop entry names
    }

    deinit { g_object_unref(pointer) }

    /// Calls `action` when the application starts (make and present the first window there).
    public func onActivate(_ action: @escaping () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(pointer), "activate", action)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        g_application_run(addmusic_g_application(UnsafeMutableRawPointer(pointer)), 0, nil)
    }

    /// Brings the window in front up.
    public func presentActiveWindow() {
        guard let window = gtk_application_get_active_window(addmusic_gtk_application(UnsafeMutableRawPointer(pointer)))
        else { return }
        gtk_window_present(window)
    }

    /// Ends `run()` (closing the windows).
    public func quit() { g_application_quit(addmusic_g_application(UnsafeMutableRawPointer(pointer))) }

    func keep(_ window: ApplicationWindow) { windows.append(window) }
}

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
}

/// Runs closures on the main thread, where GTK runs (through GLib's idle queue).
public enum MainThread {
    /// Runs `action` on the main thread soon, from any thread.
    public static func async(_ action: @escaping @Sendable () -> Void) {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                guard let data else { return 0 }
                ClosureBox<@Sendable () -> Void>.action(data)()
                return 0  // G_SOURCE_REMOVE: GLib then releases the box
            }, ClosureBox<@Sendable () -> Void>.retained(action), releaseBoxData)
    }
}

/// A repeating timer on the main thread (a GLib timeout), stopped when let go.
public final class MainThreadTimer {
    private let source: guint

    /// Calls `action` every `milliseconds` on the main thread.
    public init(milliseconds: UInt32, _ action: @escaping () -> Void) {
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return 0 }
                ClosureBox<() -> Void>.action(data)()
                return 1  // G_SOURCE_CONTINUE
            }, ClosureBox<() -> Void>.retained(action), releaseBoxData)
    }

    deinit { g_source_remove(source) }
}

/// Application-wide CSS, for styles libadwaita does not have (the moving background).
public final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    /// A style sheet added to the default display.
    public init() {
        provider = gtk_css_provider_new()
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    deinit { g_object_unref(provider) }

    /// Replaces the style sheet's rules with `css`.
    public func load(_ css: String) { gtk_css_provider_load_from_data(provider, css, -1) }
}
