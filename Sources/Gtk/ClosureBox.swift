import CGtk

/// A Swift closure handed to C as `gpointer` user data: retained when handed over, released by GLib's destroy
/// notification (`releaseBox`), once. Every signal, idle, timeout and shortcut callback of this module uses it.
final class ClosureBox<Action> {
    let action: Action
    init(_ action: Action) { self.action = action }

    /// A retained box for `action`, as user data.
    static func retained(_ action: Action) -> gpointer { Unmanaged.passRetained(ClosureBox(action)).toOpaque() }

    /// The closure in the box at `data`, still retained.
    static func action(_ data: gpointer) -> Action {
        Unmanaged<ClosureBox<Action>>.fromOpaque(data).takeUnretainedValue().action
    }
}

/// Releases a box made by `ClosureBox.retained` (any of its kinds): the destroy notification for signal handlers.
let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The same, for GLib's sources and GTK's callback actions (a GDestroyNotify).
let releaseBoxData: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
