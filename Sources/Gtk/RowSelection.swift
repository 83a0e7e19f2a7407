import CGtk

/// What a list or a grid of many rows shares: a model that knows only how many rows there are, a selection of
/// several rows over it (GtkMultiSelection; or of one, GtkSingleSelection), and where each row's text and picture come from, asked for by position
/// as the row comes into view.
final class RowSelection {
    private(set) var rows: OpaquePointer
    private(set) var selection: OpaquePointer
    private let single: Bool
    /// Row index → its text.
    var text: (Int) -> String = { _ in "" }
    /// Row index → its picture (nil for the placeholder), when the rows have pictures.
    var picture: ((Int) -> Texture?)?
    /// Shows a new selection model in the view (which takes a reference of its own), when the rows are replaced.
    var attach: ((OpaquePointer) -> Void)?
    /// Whether the view is given an empty model while it is not shown (`hide()`), and where it was scrolled to then,
    /// until it is scrolled back there.
    private var hidden = false
    private var scrollBack: Double?
    /// The empty model a hidden view shows (made the first time), and the view's vertical adjustment.
    private var empty: OpaquePointer?
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?

    /// Above this many rows, before or after, a change of every row gives the view new models rather than telling it
    /// of the change: told that 100,000 rows changed, GTK 4.8's list looks at each new row (80–170 ms on the main
    /// thread); given a new model it only makes the rows it shows.
    private static let replaceAbove = 2_000

    /// Rows of which several can be selected; with `single`, one at most (none at first).
    init(single: Bool = false) {
        self.single = single
        (rows, selection) = Self.models(single: single, count: 0)
    }

    deinit {
        if let empty { g_object_unref(UnsafeMutableRawPointer(empty)) }
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(rows))
    }

    /// A row model of `count` rows and a selection over it, each with a reference of ours.
    private static func models(single: Bool, count: Int) -> (OpaquePointer, OpaquePointer) {
        let rows = addmusic_row_model_new()!
        addmusic_row_model_set_count(rows, guint(clamping: count))
        // The selection model takes ownership of the model it is given: keep a reference of our own.
        g_object_ref(UnsafeMutableRawPointer(rows))
        guard single else { return (rows, gtk_multi_selection_new(rows)) }
        let one = gtk_single_selection_new(rows)!
        gtk_single_selection_set_autoselect(one, 0)
        gtk_single_selection_set_can_unselect(one, 1)
        return (rows, one)
    }

    /// The selection.
    var model: OpaquePointer { addmusic_gtk_selection_model(UnsafeMutableRawPointer(selection)) }

    /// The selection with a new reference, for a view to take (a list or grid view owns the model it is given).
    func modelForView() -> OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(selection))
        return model
    }

    /// Replaces every row (and clears the selection): `count` rows, row `i` reading `text(i)`. Many rows: new models
    /// for the view (it shows the first row again).
    func setRows(count: Int, text: @escaping (Int) -> String) {
        self.text = text
        scrollBack = nil  // new rows are shown from the first
        let old = Int(g_list_model_get_n_items(rows))
        guard let attach, max(old, count) > Self.replaceAbove else {
            addmusic_row_model_set_count(rows, guint(clamping: count))
            return
        }
        let (oldRows, oldSelection) = (rows, selection)
        (rows, selection) = Self.models(single: single, count: count)
        if !hidden { attach(model) }
        g_object_unref(UnsafeMutableRawPointer(oldSelection))
        g_object_unref(UnsafeMutableRawPointer(oldRows))
    }

    /// Follows the view's scrolled window, so that `show()` scrolls back to where `hide()` left it.
    func follow(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        let window = addmusic_gtk_scrolled_window(UnsafeMutableRawPointer(scrolled))
        guard let adjustment = gtk_scrolled_window_get_vadjustment(window) else { return }
        self.adjustment = adjustment
        // Told each time the view measures its rows again: once they reach as far, it scrolls back.
        Signal.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in self?.scrollBackWhenLaidOut() }
    }

    /// Gives the view an empty model while it is not shown: GTK drops the row widgets it keeps (up to 200 a view, some
    /// 3–4 MB with their pictures). The rows, their text and the selection stay here for `show()`.
    func hide() {
        guard !hidden, let attach else { return }
        hidden = true
        scrollBack = adjustment.map { gtk_adjustment_get_value($0) }
        if empty == nil, let none = gtk_no_selection_new(addmusic_row_model_new()) {
            empty = addmusic_gtk_selection_model(UnsafeMutableRawPointer(none))
        }
        if let empty { attach(empty) }
    }

    /// Shows the rows again, scrolled where they were.
    func show() {
        guard hidden, let attach else { return }
        hidden = false
        attach(model)
        scrollBackWhenLaidOut()
    }

    private func scrollBackWhenLaidOut() {
        guard !hidden, let target = scrollBack, let adjustment else { return }
        guard gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) >= target else { return }
        scrollBack = nil
        gtk_adjustment_set_value(adjustment, target)
    }

    /// Draws the rows in `range` again.
    func refresh(_ range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0 else { return }
        addmusic_row_model_refresh(rows, guint(range.lowerBound), guint(range.count))
    }

    /// The indices of the rows selected, in order.
    var selectedIndices: [Int] {
        guard let set = gtk_selection_model_get_selection(model) else { return [] }
        defer { gtk_bitset_unref(set) }
        let count = gtk_bitset_get_size(set)
        return (0..<count).map { Int(gtk_bitset_get_nth(set, guint($0))) }
    }

    /// Selects every row.
    func selectAll() { gtk_selection_model_select_all(model) }

    /// Sets `image` to the picture of row `position`, or to the placeholder icon.
    func bindPicture(_ image: UnsafeMutablePointer<GtkWidget>, position: Int, placeholder: String) {
        if let texture = picture?(position) {
            gtk_image_set_from_paintable(addmusic_gtk_image(UnsafeMutableRawPointer(image)), texture.pointer)
        } else {
            gtk_image_set_from_icon_name(addmusic_gtk_image(UnsafeMutableRawPointer(image)), placeholder)
        }
    }
}
