import CGtk

/// Connects GObject signals to Swift closures: the closure is retained as the handler's data and released by
/// GLib when the handler goes (with its object), never leaked and never freed twice.
public enum Signal {
    /// Calls `action` on the main thread each time `instance` emits `name` (a signal without arguments of its own,
    /// such as "clicked" or "activate").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping () -> Void) -> UInt {
        let callback: addmusic_void_signal = { _, data in
            guard let data else { return }
            ClosureBox<() -> Void>.action(data)()
        }
        return UInt(addmusic_signal_connect(instance, name, callback, ClosureBox.retained(action), releaseBox))
    }

    /// Calls `action` with the signal's object argument each time `instance` emits `name` ("setup", "bind").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping (gpointer) -> Void) -> UInt {
        let callback: addmusic_object_signal = { _, argument, data in
            guard let argument, let data else { return }
            ClosureBox<(gpointer) -> Void>.action(data)(argument)
        }
        return UInt(addmusic_signal_connect_object(instance, name, callback, ClosureBox.retained(action), releaseBox))
    }

    /// Calls `action` with the signal's int argument each time `instance` emits `name` (a native dialog's
    /// "response").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping (Int32) -> Void) -> UInt {
        let callback: addmusic_int_signal = { _, argument, data in
            guard let data else { return }
            ClosureBox<(Int32) -> Void>.action(data)(argument)
        }
        return UInt(addmusic_signal_connect_int(instance, name, callback, ClosureBox.retained(action), releaseBox))
    }

    /// Calls `action` each time `instance` emits `name`, a signal answered with true (handled) or false.
    @discardableResult
    public static func connectAnswering(_ instance: gpointer, _ name: String, _ action: @escaping () -> Bool) -> UInt {
        let callback: addmusic_bool_signal = { _, data in
            guard let data else { return 0 }
            return ClosureBox<() -> Bool>.action(data)() ? 1 : 0
        }
        return UInt(addmusic_signal_connect_bool(instance, name, callback, ClosureBox.retained(action), releaseBox))
    }
}
