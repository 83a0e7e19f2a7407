import CGtk

/// Moving a list's rows by dragging: each row a drag source carrying its position (for this process only) and a
/// drop target telling which row was dropped on, and on which half. A list adds it to its rows only once it opts in
/// (`TextList.onRowDropped`), so other lists' rows cost nothing more.
final class RowDrag {
    /// Called on the main thread with the position of the row dragged, the row dropped on, and whether on its
    /// lower half; nil until the list opts in.
    var action: ((_ from: Int, _ onto: Int, _ lowerHalf: Bool) -> Void)?

    /// Makes `row`, the child of the list item `item`, a row to drag and to drop on. The row owns both controllers.
    func attach(to row: UnsafeMutablePointer<GtkWidget>, item: gpointer) {
        let listItem = addmusic_gtk_list_item(item)
        let source = addmusic_row_drag_source_new()!
        let prepare: addmusic_prepare_signal = { _, _, _, data in
            guard let data, let position = ClosureBox<() -> Int?>.action(data)(), let value = guint(exactly: position)
            else { return nil }
            return addmusic_content_uint(value)
        }
        let position: () -> Int? = { Self.position(listItem) }
        addmusic_signal_connect_prepare(
            UnsafeMutableRawPointer(source), prepare, ClosureBox.retained(position), releaseBox)
        gtk_widget_add_controller(row, addmusic_gtk_event_controller(UnsafeMutableRawPointer(source)))

        let target = addmusic_row_drop_target_new()!
        let drop: addmusic_drop_signal = { _, value, _, y, data in
            guard let data, let value else { return 0 }
            return ClosureBox<(UnsafePointer<GValue>, Double) -> Bool>.action(data)(value, y) ? 1 : 0
        }
        let dropped: (UnsafePointer<GValue>, Double) -> Bool = { [self] value, y in
            guard let from = Self.draggedRow(value), let onto = Self.position(listItem), let action else {
                return false
            }
            action(from, onto, y > Double(gtk_widget_get_height(row)) / 2)
            return true
        }
        addmusic_signal_connect_drop(UnsafeMutableRawPointer(target), drop, ClosureBox.retained(dropped), releaseBox)
        gtk_widget_add_controller(row, addmusic_gtk_event_controller(UnsafeMutableRawPointer(target)))
    }

    /// The position of the row dragged, as its drag carries it; nil for any other value.
    static func draggedRow(_ value: UnsafePointer<GValue>) -> Int? {
        addmusic_value_holds_uint(value) != 0 ? Int(g_value_get_uint(value)) : nil
    }

    /// The row the list item shows now; nil when it shows none (GTK_INVALID_LIST_POSITION).
    private static func position(_ item: OpaquePointer?) -> Int? {
        let position = gtk_list_item_get_position(item)
        return position == guint.max ? nil : Int(position)
    }
}
