import CGtk

/// A row offering one of several choices in a drop-down (libadwaita's combo row).
public final class ChoiceRow: Widget {
    private var suffixes: [Widget] = []

    public init(title: String, choices: [String], selected: Int) {
        super.init(taking: adw_combo_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        setChoices(choices, selected: selected)
    }

    /// Offers `choices` instead, `selected` shown (told to `onChange`, as a choice the user made).
    public func setChoices(_ choices: [String], selected: Int) {
        let list = gtk_string_list_new(nil)!
        for choice in choices { gtk_string_list_append(list, choice) }
        adw_combo_row_set_model(addmusic_adw_combo_row(object), addmusic_g_list_model(UnsafeMutableRawPointer(list)))
        g_object_unref(UnsafeMutableRawPointer(list))  // the row holds it
        adw_combo_row_set_selected(addmusic_adw_combo_row(object), guint(selected))
    }

    /// Puts `widget` at the row's end, before the drop-down's arrow.
    public func addSuffix(_ widget: Widget) {
        suffixes.append(widget)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), widget.pointer)
    }

    /// The index of the choice shown.
    public var selected: Int { Int(adw_combo_row_get_selected(addmusic_adw_combo_row(object))) }

    /// Calls `action` with the index chosen each time the choice changes.
    public func onChange(_ action: @escaping (Int) -> Void) {
        Signal.connect(object, "notify::selected") { [weak self] (_: gpointer) in
            guard let self else { return }
            action(self.selected)
        }
    }
}
