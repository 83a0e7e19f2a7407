import CGtk
import Foundation

/// A scrolling list of text rows in which several can be selected (or one): a GtkListView over a model that knows
/// only how many rows there are, through a GtkMultiSelection (or GtkSingleSelection). A row's text (and picture) is
/// asked for by position as the row comes into view, so a list of 100,000 rows costs only what is on screen.
public final class TextList: Widget {
    private let rows: RowSelection
    private let view: UnsafeMutablePointer<GtkWidget>
    /// Moving rows by dragging, added to the rows made once `onRowDropped` was called.
    private let drag = RowDrag()

    /// An empty list; with `artworkSize`, each row starts with a picture that many pixels square. With `single`,
    /// one row at most is selected (none at first).
    public init(artworkSize: Int32? = nil, single: Bool = false) {
        // 16 rows fill the picker's list (about 13 rows of text in view, or 9½ with pictures); each row more made in
        // the frame that shows the list costs it about half a millisecond, and a taller window gets the rest a frame
        // later.
        rows = RowSelection(single: single, firstRows: 16)
        let rows = self.rows
        let drag = self.drag
        let factory = gtk_signal_list_item_factory_new()!
        Signal.connect(UnsafeMutableRawPointer(factory), "setup") { item in
            // The row's height comes from its children's margins, so that the whole row takes a drop.
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
            gtk_widget_set_margin_start(row, 12)
            if let artworkSize {
                let image = gtk_image_new_from_icon_name(Self.placeholder)!
                gtk_widget_set_margin_top(image, 6)
                gtk_widget_set_margin_bottom(image, 6)
                gtk_image_set_pixel_size(addmusic_gtk_image(UnsafeMutableRawPointer(image)), artworkSize)
                gtk_box_append(addmusic_gtk_box(UnsafeMutableRawPointer(row)), image)
            }
            // A GtkInscription, not a label: its size does not depend on its text, so new text is only drawn (for
            // the rows in view), never measured for each of the up to 200 rows the view keeps.
            let label = gtk_inscription_new("")!
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_widget_set_hexpand(label, 1)
            gtk_inscription_set_text_overflow(
                addmusic_gtk_inscription(UnsafeMutableRawPointer(label)), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
            gtk_box_append(addmusic_gtk_box(UnsafeMutableRawPointer(row)), label)
            gtk_list_item_set_child(addmusic_gtk_list_item(item), row)
            if drag.action != nil { drag.attach(to: row, item: item) }
        }
        rows.fillRows(of: UnsafeMutableRawPointer(factory)) { rows, item in
            let listItem = addmusic_gtk_list_item(item)
            guard let box = gtk_list_item_get_child(listItem), let label = gtk_widget_get_last_child(box) else {
                return
            }
            let position = Int(gtk_list_item_get_position(listItem))
            gtk_inscription_set_text(addmusic_gtk_inscription(UnsafeMutableRawPointer(label)), rows.text(position))
            guard let artworkSize, let image = gtk_widget_get_first_child(box) else { return }
            rows.bindPicture(image, position: position, placeholder: Self.placeholder, pixels: artworkSize)
        }
        let view = gtk_list_view_new(rows.modelForView(), factory)!
        rows.attach = { gtk_list_view_set_model(addmusic_gtk_list_view(UnsafeMutableRawPointer(view)), $0) }
        self.view = view  // owned by the scrolled window, which this object owns
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(addmusic_gtk_scrolled_window(UnsafeMutableRawPointer(scrolled)), view)
        gtk_widget_set_vexpand(scrolled, 1)
        rows.follow(scrolled)
        super.init(taking: scrolled)
    }

    private static let placeholder = "audio-x-generic-symbolic"

    /// Replaces every row (and clears the selection): `count` rows, row `i` reading `text(i)`, shown from the first.
    public func setRows(count: Int, text: @escaping (Int) -> String) { rows.setRows(count: count, text: text) }

    /// Shows the rows in `range` again, asking for their text and pictures afresh (they arrived since they were
    /// first shown).
    public func refreshRows(_ range: Range<Int>) { rows.refresh(range) }

    /// Replaces every row with `rows` (and clears the selection), shown from the first unless `fromFirst` is false.
    public func setRows(_ rows: [String], fromFirst: Bool = true) {
        self.rows.setRows(count: rows.count, fromFirst: fromFirst) { rows.indices.contains($0) ? rows[$0] : "" }
    }

    /// Names the list for assistive technologies ("Songs").
    public func setListLabel(_ label: String) { addmusic_set_accessible_label(UnsafeMutableRawPointer(view), label) }

    /// Where the rows' pictures come from (row index → picture, nil for the placeholder).
    public func setArtwork(_ provider: @escaping (Int) -> Texture?) { rows.picture = provider }

    /// Calls `action` with a row's index when it is activated (double-clicked, or Enter on it).
    public func onActivate(_ action: @escaping (Int) -> Void) {
        Signal.connect(UnsafeMutableRawPointer(view), "activate") { (position: Int32) in
            action(Int(UInt32(bitPattern: position)))
        }
    }

    /// Lets the user move rows by dragging one onto another: calls `action` with the row dragged, the row dropped
    /// on, and whether on its lower half. Called before the list shows its first rows (rows made before have no drag).
    public func onRowDropped(_ action: @escaping (_ from: Int, _ onto: Int, _ lowerHalf: Bool) -> Void) {
        drag.action = action
    }

    /// Calls `action` when the row selected changes, by the user or by `select` (a list made with `single`).
    public func onSelectionChange(_ action: @escaping () -> Void) { rows.onSelectedChange(action) }

    /// Selects row `index` alone.
    public func select(_ index: Int) {
        guard index >= 0, let position = guint(exactly: index) else { return }
        gtk_selection_model_select_item(rows.model, position, 1)
    }

    /// Lets GTK drop the widgets of the rows while the view is not shown; the rows and their selection stay.
    public func hideRows() { rows.hide() }

    /// Shows the rows again after `hideRows()`, scrolled where they were.
    public func showRows() { rows.show() }

    /// The indices of the rows selected, in order.
    public var selectedIndices: [Int] { rows.selectedIndices }

    /// Selects every row.
    public func selectAll() { rows.selectAll() }
}
