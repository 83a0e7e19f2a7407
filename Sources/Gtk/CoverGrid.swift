import CGtk

/// A scrolling grid of pictures with a caption under each (an album's cover and its title and artist) in which
/// several can be selected: a GtkGridView over the same kind of model as `TextList`, so a grid of 10,000 albums
/// costs only what is on screen.
public final class CoverGrid: Widget {
    private let rows = RowSelection(firstRows: 30)  // the picker shows 7 columns of 3 rows
    private let view: UnsafeMutablePointer<GtkWidget>

    /// An empty grid whose pictures are `pictureSize` pixels square.
    public init(pictureSize: Int32) {
        let rows = self.rows
        let factory = gtk_signal_list_item_factory_new()!
        Signal.connect(UnsafeMutableRawPointer(factory), "setup") { item in
            let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(cell, 6) }
            let image = gtk_image_new_from_icon_name(Self.placeholder)!
            gtk_image_set_pixel_size(addmusic_gtk_image(UnsafeMutableRawPointer(image)), pictureSize)
            gtk_box_append(addmusic_gtk_box(UnsafeMutableRawPointer(cell)), image)
            // Three lines of up to 14 characters, centred (the title, wrapped, then the artist): a GtkInscription,
            // whose size does not depend on its text, so that the cells made and filled are never measured for their
            // text (a wrapped label was, each time).
            let label = gtk_inscription_new("")!
            let caption = addmusic_gtk_inscription(UnsafeMutableRawPointer(label))
            gtk_inscription_set_nat_chars(caption, 14)
            gtk_inscription_set_min_lines(caption, 3)
            gtk_inscription_set_nat_lines(caption, 3)
            gtk_inscription_set_wrap_mode(caption, PANGO_WRAP_WORD_CHAR)
            gtk_inscription_set_xalign(caption, 0.5)
            gtk_inscription_set_yalign(caption, 0)
            gtk_inscription_set_text_overflow(caption, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
            gtk_box_append(addmusic_gtk_box(UnsafeMutableRawPointer(cell)), label)
            gtk_list_item_set_child(addmusic_gtk_list_item(item), cell)
        }
        rows.fillRows(of: UnsafeMutableRawPointer(factory)) { rows, item in
            let listItem = addmusic_gtk_list_item(item)
            guard let cell = gtk_list_item_get_child(listItem), let image = gtk_widget_get_first_child(cell),
                let label = gtk_widget_get_last_child(cell)
            else { return }
            let position = Int(gtk_list_item_get_position(listItem))
            gtk_inscription_set_text(addmusic_gtk_inscription(UnsafeMutableRawPointer(label)), rows.text(position))
            rows.bindPicture(image, position: position, placeholder: Self.placeholder, pixels: pictureSize)
        }
        let view = gtk_grid_view_new(rows.modelForView(), factory)!
        rows.attach = { gtk_grid_view_set_model(addmusic_gtk_grid_view(UnsafeMutableRawPointer(view)), $0) }
        gtk_grid_view_set_max_columns(addmusic_gtk_grid_view(UnsafeMutableRawPointer(view)), 8)
        self.view = view  // owned by the scrolled window, which this object owns
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(addmusic_gtk_scrolled_window(UnsafeMutableRawPointer(scrolled)), view)
        gtk_widget_set_vexpand(scrolled, 1)
        rows.follow(scrolled)
        super.init(taking: scrolled)
    }

    private static let placeholder = "media-optical-symbolic"

    /// Replaces every cell (and clears the selection): `count` cells, cell `i` captioned `text(i)`.
    public func setRows(count: Int, text: @escaping (Int) -> String) { rows.setRows(count: count, text: text) }

    /// Shows the cells in `range` again (their pictures arrived).
    public func refreshRows(_ range: Range<Int>) { rows.refresh(range) }

    /// Names the grid for assistive technologies ("Albums").
    public func setListLabel(_ label: String) { addmusic_set_accessible_label(UnsafeMutableRawPointer(view), label) }

    /// Where the cells' pictures come from (cell index → picture, nil for the placeholder).
    public func setArtwork(_ provider: @escaping (Int) -> Texture?) { rows.picture = provider }

    /// Lets GTK drop the widgets of the rows while the view is not shown; the rows and their selection stay.
    public func hideRows() { rows.hide() }

    /// Shows the rows again after `hideRows()`, scrolled where they were.
    public func showRows() { rows.show() }

    /// The indices of the cells selected, in order.
    public var selectedIndices: [Int] { rows.selectedIndices }

    /// Calls `action` with a cell's index when it is activated (double-clicked, or Enter on it).
    public func onActivate(_ action: @escaping (Int) -> Void) {
        Signal.connect(UnsafeMutableRawPointer(view), "activate") { (position: Int32) in action(Int(position)) }
    }
}
