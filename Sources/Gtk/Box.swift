import CGtk
import Foundation

/// Lays children out in a row or a column.
public final class Box: Widget {
    private var children: [Widget] = []

    /// A vertical (or horizontal) box with `spacing` points between children.
    public init(vertical: Bool = true, spacing: Int32 = 12) {
        super.init(taking: gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
    }

    /// A window's column: `header` above `body`.
    convenience init(header: Widget, body: Widget) {
        self.init(vertical: true, spacing: 0)
        append(header)
        append(body)
    }

    /// Adds `child` at the end; the box keeps it.
    public func append(_ child: Widget) {
        children.append(child)
        gtk_box_append(addmusic_gtk_box(object), child.pointer)
    }
}
