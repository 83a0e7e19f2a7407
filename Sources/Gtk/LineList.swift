import CGtk

/// A scrolling column of lines of text, centred and wrapped, one of which may be marked (bold, the others dimmed, and
/// described to assistive technologies) and brought to the middle of the view: a GtkListView over a model that knows
/// only how many lines there are, so only the lines in view (and the few GTK keeps beside them) have a label, and
/// 50,000 lines cost what a screenful does. A line's text is asked for by position as it comes into view.
public final class LineList: Widget {
    /// The model: a count of rows (`addmusic_row_model`), one reference of ours.
    private let rows: OpaquePointer
    private let view: UnsafeMutablePointer<GtkWidget>
    private let state = State()

    /// What the rows show, shared with the factory's handlers (which the view owns).
    private final class State {
        /// Line index → its text.
        var text: (Int) -> String = { _ in "" }
        /// Whether the lines that are not marked are dimmed.
        var dimmed = false
        var marked: Int?
        var markedDescription = ""
        /// The list items (GtkListItem) bound to a line now.
        var bound = Set<UnsafeMutableRawPointer>()
        /// The label described to assistive technologies as the marked line, if any (a row bound now: forgotten when
        /// its row is unbound).
        var described: UnsafeMutablePointer<GtkWidget>?

        /// Shows line `position` in the label of `item`.
        func fill(_ item: UnsafeMutableRawPointer) {
            let listItem = addmusic_gtk_list_item(item)
            guard let label = gtk_list_item_get_child(listItem) else { return }
            let position = Int(gtk_list_item_get_position(listItem))
            gtk_label_set_text(addmusic_gtk_label(UnsafeMutableRawPointer(label)), text(position))
            let isMarked = position == marked
            if isMarked {
                gtk_widget_remove_css_class(label, "dim-label")
                gtk_widget_add_css_class(label, "heading")
            } else {
                gtk_widget_remove_css_class(label, "heading")
                if dimmed {
                    gtk_widget_add_css_class(label, "dim-label")
                } else {
                    gtk_widget_remove_css_class(label, "dim-label")
                }
            }
            // Only the label that shows the marked line is described: the others are told only when they lose it
            // (each change reaches assistive technologies, and a view binds up to 200 rows at once).
            if isMarked {
                if let described, described != label {
                    addmusic_set_accessible_description(UnsafeMutableRawPointer(described), "")
                }
                addmusic_set_accessible_description(UnsafeMutableRawPointer(label), markedDescription)
                described = label
            } else if described == label {
                addmusic_set_accessible_description(UnsafeMutableRawPointer(label), "")
                described = nil
            }
        }

        /// The label showing line `index`, when one does.
        func label(of index: Int) -> UnsafeMutablePointer<GtkWidget>? {
            for item in bound where Int(gtk_list_item_get_position(addmusic_gtk_list_item(item))) == index {
                return gtk_list_item_get_child(addmusic_gtk_list_item(item))
            }
            return nil
        }
    }

    /// An empty list.
    public init() {
        rows = addmusic_row_model_new()!
        // The selection takes the reference it is given: keep one of our own.
        g_object_ref(UnsafeMutableRawPointer(rows))
        let selection = gtk_no_selection_new(rows)!
        let factory = gtk_signal_list_item_factory_new()!
        let state = self.state
        Signal.connect(UnsafeMutableRawPointer(factory), "setup") { item in
            let listItem = addmusic_gtk_list_item(item)
            // Lines are read, not chosen: no hover highlight, no activation.
            gtk_list_item_set_activatable(listItem, 0)
            gtk_list_item_set_selectable(listItem, 0)
            let label = gtk_label_new("")!
            let text = addmusic_gtk_label(UnsafeMutableRawPointer(label))
            gtk_label_set_wrap(text, 1)
            gtk_label_set_wrap_mode(text, PANGO_WRAP_WORD_CHAR)
            gtk_label_set_justify(text, GTK_JUSTIFY_CENTER)
            gtk_widget_set_margin_top(label, 2)
            gtk_widget_set_margin_bottom(label, 2)
            gtk_widget_set_margin_start(label, 12)
            gtk_widget_set_margin_end(label, 12)
            gtk_list_item_set_child(listItem, label)
        }
        Signal.connect(UnsafeMutableRawPointer(factory), "bind") { item in
            state.bound.insert(item)
            state.fill(item)
        }
        Signal.connect(UnsafeMutableRawPointer(factory), "unbind") { item in
            state.bound.remove(item)
            // The row may be made into another line, or unmade: it is described as nothing until then.
            if let label = gtk_list_item_get_child(addmusic_gtk_list_item(item)), label == state.described {
                addmusic_set_accessible_description(UnsafeMutableRawPointer(label), "")
                state.described = nil
            }
        }
        // The view takes the selection and the factory.
        view = gtk_list_view_new(addmusic_gtk_selection_model(UnsafeMutableRawPointer(selection)), factory)!
        _ = Self.styleInstalled
        gtk_widget_add_css_class(view, "addmusic-lines")
        let scrolled = gtk_scrolled_window_new()!
        let window = addmusic_gtk_scrolled_window(UnsafeMutableRawPointer(scrolled))
        gtk_scrolled_window_set_child(window, view)
        gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        super.init(taking: scrolled)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(rows)) }

    /// The lines are drawn on what is behind them, as text is, not on a list's own background: a rule for the
    /// display, loaded once for every list of lines (the display keeps the provider).
    private static let styleInstalled: Bool = {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "listview.addmusic-lines { background: none; color: inherit; }", -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)  // the display keeps it
        return true
    }()

    /// Names the list for assistive technologies ("Lyrics").
    public func setListLabel(_ label: String) { addmusic_set_accessible_label(UnsafeMutableRawPointer(view), label) }

    /// Replaces every line: `count` lines, line `i` reading `text(i)`, none marked, the lines dimmed when `dimmed`
    /// (lines of which one will be marked), shown from the first.
    public func setLines(count: Int, dimmed: Bool, text: @escaping (Int) -> String) {
        state.text = text
        state.dimmed = dimmed
        state.marked = nil
        centering = nil
        // Only the rows added or removed at the end are told to the view: the others keep their labels, filled anew.
        addmusic_row_model_resize(rows, guint(clamping: count))
        if let adjustment { gtk_adjustment_set_value(adjustment, 0) }
        for item in state.bound where Int(gtk_list_item_get_position(addmusic_gtk_list_item(item))) < count {
            state.fill(item)
        }
    }

    /// Marks line `index` (nil: none), which assistive technologies read described as `description`.
    public func mark(_ index: Int?, description: String) {
        let old = state.marked
        state.marked = index
        state.markedDescription = description
        for item in state.bound {
            let position = Int(gtk_list_item_get_position(addmusic_gtk_list_item(item)))
            if position == old || position == index { state.fill(item) }
        }
    }

    /// Scrolls so that line `index` sits in the middle of the view, as near as the list's ends allow, once GTK has
    /// laid out what changed (a frame or two later): a line far from the view is first brought into it. Asked while
    /// the list is not shown, it gives up after a few frames.
    public func center(_ index: Int) {
        guard index >= 0, index < Int(g_list_model_get_n_items(rows)) else { return }
        centering = Centering(index: index)
        guard !ticking else { return }
        ticking = true
        let tick: () -> Bool = { [weak self] in self?.centerStep() ?? false }
        gtk_widget_add_tick_callback(
            view,
            { _, _, data in
                guard let data else { return 0 }
                return ClosureBox<() -> Bool>.action(data)() ? 1 : 0
            }, ClosureBox.retained(tick), releaseBoxData)
    }

    /// The view's vertical adjustment (its scroll position).
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrolled_window_get_vadjustment(addmusic_gtk_scrolled_window(object))
    }

    /// A line to centre: which, the frames seen since the last change to the view, and whether it was brought into
    /// view already.
    private struct Centering {
        var index: Int
        var frames = 0
        var broughtIntoView = false
    }
    private var centering: Centering?
    /// Whether the tick callback that centres is installed.
    private var ticking = false

    /// One frame's step of centering (at the frame's start, before its layout): true to be called again next frame.
    private func centerStep() -> Bool {
        guard var step = centering, let adjustment else {
            ticking = false
            return false
        }
        step.frames += 1
        // Changes made since the last frame are laid out in this one: their places are known from the next.
        if step.frames < 2 {
            centering = step
            return true
        }
        if centerShown(step.index, adjustment: adjustment) {
            centering = nil
            ticking = false
            return false
        }
        if !step.broughtIntoView {
            gtk_widget_activate_action_variant(view, "list.scroll-to-item", g_variant_new_uint32(guint32(step.index)))
            step.broughtIntoView = true
            step.frames = 0
        } else if step.frames > 10 {
            // Not shown: nothing to centre in.
            centering = nil
            ticking = false
            return false
        }
        centering = step
        return true
    }

    /// Centres line `index` when a label shows it and has its place; false otherwise.
    private func centerShown(_ index: Int, adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Bool {
        var x = 0.0
        var y = 0.0
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0, let label = state.label(of: index), gtk_widget_get_mapped(label) != 0,
            gtk_widget_get_height(label) > 0, gtk_widget_translate_coordinates(label, view, 0, 0, &x, &y) != 0
        else {
            return false
        }
        // The view places its rows relative to what it shows: `y` is from the top of the visible part.
        let value = gtk_adjustment_get_value(adjustment)
        let upper = gtk_adjustment_get_upper(adjustment)
        let target = value + y + Double(gtk_widget_get_height(label)) / 2 - page / 2
        gtk_adjustment_set_value(adjustment, min(max(target, 0), max(upper - page, 0)))
        return true
    }
}
