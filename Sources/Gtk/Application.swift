import CGtk
import Foundation

/// The libadwaita application: one per process, run on the main thread until its last window closes. Unique on
/// the session bus: a second launch finds the first there (`register()`) and hands it its files (`forward`) instead
/// of running. Without a session bus each launch runs alone.
public final class Application {
    let pointer: UnsafeMutablePointer<AdwApplication>
    private var windows: [ApplicationWindow] = []

    /// An application with the reverse-DNS `id` ("org.addmusic.AddMusic") that opens files.
    public init(id: String) {
        SoftwareRendering.chooseBeforeTheDisplayOpens()
        adw_init()
        pointer = adw_application_new(id, G_APPLICATION_HANDLES_OPEN)
        gtk_window_set_default_icon_name(id)  // the icon the desktop entry names
    }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        addmusic_g_application(UnsafeMutableRawPointer(pointer))
    }

    /// Registers the id on the session bus; true when another process holds it already (this one is then a remote
    /// of that one, and should `forward` and end). Waits for the bus's answer: once, at launch.
    public func register() -> Bool {
        g_application_register(gApplication, nil, nil)
        return g_application_get_is_remote(gApplication) != 0
    }

    /// Hands `locations` (paths as typed, URIs, URLs) to the running instance's `onOpen`, or with none brings its
    /// window up (its `onActivate`); returns once the message has left.
    public func forward(_ locations: [String]) {
        var pointers = locations.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
                addmusic_application_forward(gApplication, rebound.baseAddress, Int32(clamping: locations.count))
            }
        }
        forwarded = true
    }

    /// Calls `action` with the locations another launch (or the file manager) asks to open: local paths, else
    /// URIs.
    public func onOpen(_ action: @escaping ([String]) -> Void) {
        let callback: addmusic_open_signal = { _, files, count, _, data in
            guard let data, let files else { return }
            var locations: [String] = []
            for index in 0..<Int(max(count, 0)) {
                guard let file = files[index], let location = addmusic_file_location(file) else { continue }
                locations.append(String(cString: location))
                g_free(location)
            }
            ClosureBox<([String]) -> Void>.action(data)(locations)
        }
        addmusic_signal_connect_open(
            UnsafeMutableRawPointer(pointer), callback, ClosureBox.retained(action), releaseBox)
    }

    /// Asks the desktop not to suspend while music plays, saying `reason`; returns the cookie for `uninhibit`
    /// (0 when the desktop has no session manager to ask).
    public func inhibitSuspend(_ window: ApplicationWindow, reason: String) -> UInt32 {
        gtk_application_inhibit(
            addmusic_gtk_application(UnsafeMutableRawPointer(pointer)), addmusic_gtk_window(window.object),
            GTK_APPLICATION_INHIBIT_SUSPEND, reason)
    }

    /// Ends the inhibition `cookie` (from `inhibitSuspend`).
    public func uninhibit(_ cookie: UInt32) {
        gtk_application_uninhibit(addmusic_gtk_application(UnsafeMutableRawPointer(pointer)), cookie)
    }

    /// Set once `forward` has spoken for this launch: the object is then never finalized (GTK warns of an
    /// application finalized without having run), the process ending soon after.
    private var forwarded = false

    deinit { if !forwarded { g_object_unref(pointer) } }

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

    /// Activates the application as another launch would: its `onActivate` brings the window up.
    public func activate() { g_application_activate(gApplication) }

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

/// CSS of one widget, for styles libadwaita does not have (the moving background). Loading it again restyles only
/// that widget, not every widget of the display.
public final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    /// A style sheet for `widget` alone.
    public init(for widget: Widget) {
        provider = gtk_css_provider_new()
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(widget.pointer), OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    deinit { g_object_unref(provider) }

    /// Replaces the style sheet's rules with `css`.
    public func load(_ css: String) { gtk_css_provider_load_from_data(provider, css, -1) }
}
