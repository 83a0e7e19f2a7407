import CGtk
import Foundation
import GtkLibraries

/// The libadwaita application: one per process, run on the main thread until its last window closes. Unique on
/// the session bus: a second launch finds the first there (`register()`) and hands it its files (`forward`) instead
/// of running. Without a session bus each launch runs alone.
public final class Application {
    let pointer: UnsafeMutablePointer<AdwApplication>
    private var windows: [ApplicationWindow] = []

    /// Why libadwaita and GTK 4 cannot be opened, or nil once they are open. The process opens them on its first
    /// call of GTK (GtkLibraries), not at launch; asking first turns a missing library into a message.
    public static var librariesMissing: String? {
        addmusic_gtk_libraries_open().map { String(cString: $0) }
    }

    /// An application with the reverse-DNS `id` ("org.addmusic.AddMusic") that opens files.
    public init(id: String) {
        SoftwareRendering.chooseBeforeTheDisplayOpens()
        adw_init()
        g_set_application_name("AddMusic")  // the name notifications carry
        pointer = adw_application_new(id, G_APPLICATION_HANDLES_OPEN)
        gtk_window_set_default_icon_name(id)  // the icon the desktop entry names
    }

    var gApplication: UnsafeMutablePointer<GApplication> {
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

    /// Calls `action` once, as the application ends (after its main loop, before it is gone).
    public func onShutdown(_ action: @escaping () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(pointer), "shutdown", action)
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
