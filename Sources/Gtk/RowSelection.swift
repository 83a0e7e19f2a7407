import CGtk

/// What a list or a grid of many rows shares: a model that knows only how many rows there are, a selection of
/// several rows over it (GtkMultiSelection; or of one, GtkSingleSelection), and where each row's text and picture
/// come from, asked for by position as the row comes into view.
///
/// New rows are shown in the row widgets GTK already made: the model tells the view only of the rows added or
/// removed at its end, and the rows bound to a widget are filled again. (Told that every row changed, or given a new
/// model, GTK 4.8's view unmakes its up to 200 row widgets and makes them anew, their style and accessible objects
/// too: most of a search's time on a big library.)
///
/// Nor are those widgets made all at once: the view is shown the selection through a prefix of it
/// (`addmusic_prefix_selection`), which lets it see `firstRows` more rows than it has widgets for, then `moreRows`
/// more each time the main loop is idle, until it has made as many as it keeps. Made at once, 200 rows' widgets took
/// 20–96 ms of the main thread (a page of the picker shown, a group opened; bench/picker's stalls). A hidden view's
/// widgets are unmade the same way, `fewerRows` at a time, after the frame that shows what replaced it.
final class RowSelection {
    private let rows: OpaquePointer
    private let selection: OpaquePointer
    /// What the view is given: the selection's first rows, as many as it may make widgets for now.
    private let prefix: OpaquePointer
    /// Whether the prefix is being moved (raised while shown, lowered while hidden) when the main loop is idle.
    private var stepping = false
    /// Row index → its text.
    var text: (Int) -> String = { _ in "" }
    /// Row index → its picture (nil for the placeholder), when the rows have pictures.
    var picture: ((Int) -> Texture?)?
    /// Shows a new selection model in the view (which takes a reference of its own), when the rows are replaced.
    var attach: ((OpaquePointer) -> Void)?
    /// Whether the view is not shown (`hide()`: its widgets are being unmade, then it is given the empty model), and
    /// where it was scrolled to then, until it is scrolled back there.
    private var hidden = false
    private var scrollBack: Double?
    /// Whether the view has been given the empty model (a hidden view's widgets all unmade), and how many steps of
    /// unmaking its widgets the view has taken since it was hidden.
    private var showsEmpty = false
    private var shrinkSteps = 0
    /// The empty model a hidden view shows (made the first time), and the view's vertical adjustment.
    private var empty: OpaquePointer?
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?

    /// The list items (GtkListItem) bound to a row now, and how the view shows a list item's row in its widgets.
    private var bound = Set<UnsafeMutableRawPointer>()
    private var fill: (RowSelection, UnsafeMutableRawPointer) -> Void = { _, _ in }

    /// Rows of which several can be selected; with `single`, one at most (none at first). The view is let make
    /// `firstRows` row widgets at once (enough to fill it), the rest a few at a time.
    init(single: Bool = false, firstRows: Int) {
        self.firstRows = guint(firstRows)
        rows = addmusic_row_model_new()!
        // The selection model takes ownership of the model it is given: keep a reference of our own.
        g_object_ref(UnsafeMutableRawPointer(rows))
        guard single else {
            let many = gtk_multi_selection_new(rows)!
            selection = many
            prefix = addmusic_prefix_selection_new(addmusic_gtk_selection_model(UnsafeMutableRawPointer(many)))!
            return
        }
        let one = gtk_single_selection_new(rows)!
        gtk_single_selection_set_autoselect(one, 0)
        gtk_single_selection_set_can_unselect(one, 1)
        selection = one
        prefix = addmusic_prefix_selection_new(addmusic_gtk_selection_model(UnsafeMutableRawPointer(one)))!
    }

    deinit {
        if let empty { g_object_unref(UnsafeMutableRawPointer(empty)) }
        g_object_unref(UnsafeMutableRawPointer(prefix))
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(rows))
    }

    /// The selection.
    var model: OpaquePointer { addmusic_gtk_selection_model(UnsafeMutableRawPointer(selection)) }

    /// Calls `action` when the row selected changes (rows of one selection: `init(single: true)`).
    func onSelectedChange(_ action: @escaping () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(selection), "notify::selected") { (_: gpointer) in action() }
    }

    /// The selection's prefix with a new reference, for a view to take (a list or grid view owns the model it is
    /// given).
    func modelForView() -> OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(prefix))
        return prefix
    }

    /// Has the rows of the view that `factory` makes filled by `fill` (given these rows, and the GtkListItem, whose
    /// position is its row), and notes which are bound.
    func fillRows(
        of factory: UnsafeMutableRawPointer, with fill: @escaping (RowSelection, UnsafeMutableRawPointer) -> Void
    ) {
        self.fill = fill
        Signal.connect(factory, "bind") { [weak self] item in
            guard let self else { return }
            bound.insert(item)
            fill(self, item)
        }
        Signal.connect(factory, "unbind") { [weak self] item in self?.bound.remove(item) }
    }

    /// Replaces every row (and clears the selection): `count` rows, row `i` reading `text(i)`, shown from the first
    /// unless `fromFirst` is false (then the view stays where it was scrolled).
    func setRows(count: Int, fromFirst: Bool = true, text: @escaping (Int) -> String) {
        self.text = text
        gtk_selection_model_unselect_all(model)
        if !hidden { limitWidgets(adding: count) }
        addmusic_row_model_resize(rows, guint(clamping: count))
        if fromFirst {
            scrollBack = nil
            if let adjustment { gtk_adjustment_set_value(adjustment, 0) }
        }
        refill { _ in true }
    }

    /// Rows the view may make widgets for at once (enough to fill it), more each time the main loop is idle, and how
    /// many it keeps (GTK 4.8's list view: 200; a grid view's few more are made with the rest); and how many of its
    /// widgets a hidden view unmakes each time the main loop is idle.
    private let firstRows: guint
    private static let moreRows: guint = 20
    private static let keptRows: guint = 200
    private static let fewerRows = 40

    /// Before the view is shown `count` rows: when they are more than it has widgets for, and it has fewer than it
    /// keeps, it is let see `firstRows` more now and the rest later.
    private func limitWidgets(adding count: Int) {
        let shown = g_list_model_get_n_items(addmusic_g_list_model(UnsafeMutableRawPointer(prefix)))
        guard shown < Self.keptRows, guint(clamping: count) > shown + firstRows else { return }
        addmusic_prefix_selection_set_limit(prefix, shown + firstRows)
        stepWhenIdle()
    }

    /// Moves the prefix's limit each time the main loop is idle (after GTK's frame, which has a higher priority):
    /// while the view is shown, up until it has made the widgets it keeps; while it is hidden, down until it has
    /// unmade them all.
    private func stepWhenIdle() {
        guard !stepping else { return }
        stepping = true
        MainThread.whileIdle { [weak self] in
            guard let self else { return false }
            let more = hidden ? shrink() : grow()
            if !more { stepping = false }
            return more
        }
    }

    /// Lets the view see `moreRows` more rows; once it has made the widgets it keeps, every row (and false).
    private func grow() -> Bool {
        let limit = addmusic_prefix_selection_get_limit(prefix)
        guard limit < Self.keptRows, limit < g_list_model_get_n_items(rows) else {
            addmusic_prefix_selection_set_limit(prefix, guint.max)
            return false
        }
        addmusic_prefix_selection_set_limit(prefix, limit + Self.moreRows)
        return true
    }

    /// Takes from the hidden view the rows of its `fewerRows` last widgets (wherever it was scrolled), so that GTK
    /// unmakes those; with no more than that left, gives it the empty model (and false). As many steps as it takes to
    /// unmake the widgets a view keeps, at most: a view scrolled far down may make widgets for the rows above those
    /// it unmakes, and the empty model then takes the rest at once.
    private func shrink() -> Bool {
        let positions = bound.map { gtk_list_item_get_position(addmusic_gtk_list_item($0)) }.sorted()
        shrinkSteps += 1
        guard positions.count > Self.fewerRows, shrinkSteps <= Int(Self.keptRows) / Self.fewerRows else {
            if let empty = emptyModel() {
                attach?(empty)
                showsEmpty = true
            }
            return false
        }
        addmusic_prefix_selection_set_limit(prefix, positions[positions.count - Self.fewerRows])
        return true
    }

    /// Fills again each bound list item whose row passes `test`.
    private func refill(_ test: (Int) -> Bool) {
        let count = Int(g_list_model_get_n_items(rows))
        for item in bound {
            let position = Int(gtk_list_item_get_position(addmusic_gtk_list_item(item)))
            if position < count, test(position) { fill(self, item) }
        }
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
    /// 3–4 MB with their pictures), a few at a time when the main loop is idle; a view with none yet is given it at
    /// once, so that rows set meanwhile make none. The rows, their text and the selection stay here for `show()`.
    func hide() {
        guard !hidden, let attach else { return }
        hidden = true
        shrinkSteps = 0
        scrollBack = adjustment.map { gtk_adjustment_get_value($0) }
        guard bound.isEmpty, let empty = emptyModel() else { return stepWhenIdle() }
        attach(empty)
        showsEmpty = true
    }

    /// The empty model a hidden view is given, made the first time.
    private func emptyModel() -> OpaquePointer? {
        if empty == nil, let none = gtk_no_selection_new(addmusic_row_model_new()) {
            empty = addmusic_gtk_selection_model(UnsafeMutableRawPointer(none))
        }
        return empty
    }

    /// Shows the rows again, scrolled where they were: their widgets made anew, a few at a time.
    func show() {
        guard hidden, let attach else { return }
        hidden = false
        // Shown again before all its widgets were unmade, the view keeps those it still has.
        let kept = showsEmpty ? 0 : g_list_model_get_n_items(addmusic_g_list_model(UnsafeMutableRawPointer(prefix)))
        addmusic_prefix_selection_set_limit(prefix, max(kept, firstRows))
        if showsEmpty { attach(prefix) }
        showsEmpty = false
        stepWhenIdle()
        scrollBackWhenLaidOut()
    }

    private func scrollBackWhenLaidOut() {
        guard !hidden, let target = scrollBack, let adjustment else { return }
        guard gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) >= target else { return }
        scrollBack = nil
        gtk_adjustment_set_value(adjustment, target)
    }

    /// Shows the rows in `range` again, asking for their text and pictures afresh.
    func refresh(_ range: Range<Int>) { refill { range.contains($0) } }

    /// The indices of the rows selected, in order.
    var selectedIndices: [Int] {
        guard let set = gtk_selection_model_get_selection(model) else { return [] }
        defer { gtk_bitset_unref(set) }
        let count = gtk_bitset_get_size(set)
        return (0..<count).map { Int(gtk_bitset_get_nth(set, guint($0))) }
    }

    /// Selects every row.
    func selectAll() { gtk_selection_model_select_all(model) }

    /// Sets `image`, `pixels` square, to the picture of row `position`, or to the placeholder icon drawn flat
    /// (`PlaceholderPicture`), unless it shows it already: GTK measures the image again each time it is given one.
    func bindPicture(_ image: UnsafeMutablePointer<GtkWidget>, position: Int, placeholder: String, pixels: Int32) {
        PlaceholderPicture.show(placeholder, in: image, pixels: pixels, preferring: picture?(position))
    }
}
