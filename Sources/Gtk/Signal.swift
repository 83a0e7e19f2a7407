import CGtk

/// Connects GObject signals to Swift closures: the closure is retained as the handler's data and released by
/// GLib when the handler goes (with its object), never leaked and never freed twice.
public enum Signal {
    private final class Box {
        let action: () -> Void
        init(_ action: @escaping () -> Void) { self.action = action }
    }

    /// Calls `action` on the main thread each time `instance` emits `name` (a signal without arguments of its own,
    /// such as "clicked" or "activate").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping () -> Void) -> UInt {
        let data = Unmanaged.passRetained(Box(action)).toOpaque()
        let callback: addmusic_void_signal = { _, data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().action()
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        return UInt(addmusic_signal_connect(instance, name, callback, data, release))
    }

    private final class ObjectBox {
        let action: (gpointer) -> Void
        init(_ action: @escaping (gpointer) -> Void) { self.action = action }
    }

    /// Calls `action` with the signal's object argument each time `instance` emits `name` ("setup", "bind").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping (gpointer) -> Void) -> UInt {
        let data = Unmanaged.passRetained(ObjectBox(action)).toOpaque()
        let callback: addmusic_object_signal = { _, argument, data in
            guard let argument, let data else { return }
            Unmanaged<ObjectBox>.fromOpaque(data).takeUnretainedValue().action(argument)
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<ObjectBox>.fromOpaque(data).release()
        }
        return UInt(addmusic_signal_connect_object(instance, name, callback, data, release))
    }

    /// Calls `action` each time `instance` emits `name`, a signal answered with true (handled) or false.
    @discardableResult
    public static func connectAnswering(_ instance: gpointer, _ name: String, _ action: @escaping () -> Bool) -> UInt {
        let answering = Unmanaged.passRetained(AnswerBox(action)).toOpaque()
        let callback: addmusic_bool_signal = { _, data in
            guard let data else { return 0 }
            return Unmanaged<AnswerBox>.fromOpaque(data).takeUnretainedValue().action() ? 1 : 0
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnswerBox>.fromOpaque(data).release()
        }
        return UInt(addmusic_signal_connect_bool(instance, name, callback, answering, release))
    }

    private final class AnswerBox {
        let action: () -> Bool
        init(_ action: @escaping () -> Bool) { self.action = action }
    }
    private final class IntBox {
        let action: (Int32) -> Void
        init(_ action: @escaping (Int32) -> Void) { self.action = action }
    }

    /// Calls `action` with the signal's int argument each time `instance` emits `name` (a native dialog's
    /// "response").
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ action: @escaping (Int32) -> Void) -> UInt {
        let data = Unmanaged.passRetained(IntBox(action)).toOpaque()
        let callback: addmusic_int_signal = { _, argument, data in
            guard let data else { return }
            Unmanaged<IntBox>.fromOpaque(data).takeUnretainedValue().action(argument)
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<IntBox>.fromOpaque(data).release()
        }
        return UInt(addmusic_signal_connect_int(instance, name, callback, data, release))
    }
}
