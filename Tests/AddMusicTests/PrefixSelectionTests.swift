import CGtk
import Testing

/// `addmusic_prefix_selection` (Sources/CGtk/prefix_selection.h): the model a list or grid view is given, which shows
/// it the first rows of the real selection up to a limit and passes the selection through both ways.
@Suite struct PrefixSelectionTests {
    /// A row model of `count` rows, a selection of several over it and a prefix over that (each one reference).
    private func models(rows count: guint) -> (rows: OpaquePointer, selection: OpaquePointer, prefix: OpaquePointer) {
        let rows = addmusic_row_model_new()!
        addmusic_row_model_resize(rows, count)
        g_object_ref(UnsafeMutableRawPointer(rows))  // the selection takes the one it is given
        let selection = addmusic_gtk_selection_model(UnsafeMutableRawPointer(gtk_multi_selection_new(rows)))!
        return (rows, selection, addmusic_prefix_selection_new(selection)!)
    }

    private func release(_ models: (rows: OpaquePointer, selection: OpaquePointer, prefix: OpaquePointer)) {
        for model in [models.prefix, models.selection, models.rows] { g_object_unref(UnsafeMutableRawPointer(model)) }
    }

    private func count(_ model: OpaquePointer) -> guint {
        g_list_model_get_n_items(addmusic_g_list_model(UnsafeMutableRawPointer(model)))
    }

    @Test func aLimitShowsOnlyTheFirstRowsAndTheRowsFollowTheModelUnderIt() {
        let models = models(rows: 100)
        defer { release(models) }
        #expect(count(models.prefix) == 100)
        addmusic_prefix_selection_set_limit(models.prefix, 30)
        #expect(count(models.prefix) == 30)
        let list = addmusic_g_list_model(UnsafeMutableRawPointer(models.prefix))
        let last = g_list_model_get_item(list, 29)
        #expect(last != nil)
        if let last { g_object_unref(last) }
        #expect(g_list_model_get_item(list, 30) == nil)
        addmusic_row_model_resize(models.rows, 10)
        #expect(count(models.prefix) == 10)
        addmusic_row_model_resize(models.rows, 500)
        #expect(count(models.prefix) == 30)
        addmusic_prefix_selection_set_limit(models.prefix, 50)
        #expect(count(models.prefix) == 50)
        addmusic_prefix_selection_set_limit(models.prefix, guint.max)
        #expect(count(models.prefix) == 500)
        addmusic_row_model_resize(models.rows, 7)
        #expect(count(models.prefix) == 7)
    }

    @Test func theSelectionPassesThroughBothWaysAndCoversRowsPastTheLimit() {
        let models = models(rows: 100)
        defer { release(models) }
        addmusic_prefix_selection_set_limit(models.prefix, 30)
        // Picked in the view: the real selection has it.
        _ = gtk_selection_model_select_item(models.prefix, 5, 1)
        #expect(gtk_selection_model_is_selected(models.selection, 5) != 0)
        // Select All in the view selects every row, also those it is not shown yet.
        _ = gtk_selection_model_select_all(models.prefix)
        #expect(gtk_selection_model_is_selected(models.selection, 99) != 0)
        // Changed underneath: the view reads it.
        _ = gtk_selection_model_unselect_item(models.selection, 12)
        #expect(gtk_selection_model_is_selected(models.prefix, 12) == 0)
        #expect(gtk_selection_model_is_selected(models.prefix, 13) != 0)
        // Lowering and raising the limit keeps what was picked past it.
        addmusic_prefix_selection_set_limit(models.prefix, 10)
        addmusic_prefix_selection_set_limit(models.prefix, guint.max)
        #expect(gtk_selection_model_is_selected(models.prefix, 99) != 0)
        #expect(gtk_selection_model_is_selected(models.prefix, 12) == 0)
    }
}
