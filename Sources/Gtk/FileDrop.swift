import CGtk
import Foundation

/// Takes files and folders dropped on a widget (GTK's drop target for a file list), and text (a URL dragged from a
/// browser), handing them on as `Dropped`. The widget owns the target.
public final class FileDrop {
    /// What a drop brought.
    public enum Dropped: Equatable, Sendable {
        /// Files and folders (local paths), or the URIs of those that have none.
        case locations([String])
        /// Text, as dropped.
        case text(String)
    }

    /// Lets `widget` take drops, each handed to `action` (on the main thread, as it lands).
    public init(on widget: Widget, _ action: @escaping (Dropped) -> Void) {
        guard let target = addmusic_file_drop_target_new() else { return }
        let callback: addmusic_drop_signal = { _, value, _, _, data in
            guard let data, let value, let dropped = FileDrop.dropped(value) else { return 0 }
            ClosureBox<(Dropped) -> Void>.action(data)(dropped)
            return 1
        }
        addmusic_signal_connect_drop(UnsafeMutableRawPointer(target), callback, ClosureBox.retained(action), releaseBox)
        gtk_widget_add_controller(widget.pointer, addmusic_gtk_event_controller(UnsafeMutableRawPointer(target)))
    }

    /// What the dropped `value` holds: a file list's locations, or a string; nil for anything else.
    public static func dropped(_ value: UnsafePointer<GValue>) -> Dropped? {
        if addmusic_value_holds_file_list(value) != 0 {
            var locations: [String] = []
            let files = addmusic_value_files(value)
            var node = files
            while let current = node {
                if let file = current.pointee.data, let location = addmusic_file_location(OpaquePointer(file)) {
                    locations.append(String(cString: location))
                    g_free(location)
                }
                node = current.pointee.next
            }
            g_slist_free(files)
            return .locations(locations)
        }
        if addmusic_value_holds_string(value) != 0, let text = g_value_get_string(value) {
            return .text(String(cString: text))
        }
        return nil
    }

    /// What a drop of the files at `locations` (as typed) brings, read back through the value GTK hands a drop
    /// target: the same path a drop takes from there.
    public static func droppedFiles(_ locations: [String]) -> Dropped? {
        var value = GValue()
        var pointers = locations.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
                addmusic_value_init_file_list(&value, rebound.baseAddress, Int32(clamping: locations.count))
            }
        }
        defer { g_value_unset(&value) }
        return dropped(&value)
    }
}
