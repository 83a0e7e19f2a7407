import CGtk

/// libadwaita's preferences window: one page of titled groups of rows; changes apply as they are made.
public final class PreferencesWindow: Widget {
    private let page: Widget
    private var groups: [PreferencesGroup] = []

    /// A preferences window above `parent`, titled `title`.
    public init(parent: Widget, title: String) {
        page = Widget(taking: adw_preferences_page_new())
        super.init(taking: adw_preferences_window_new())
        gtk_window_set_transient_for(addmusic_gtk_window(object), addmusic_gtk_window(parent.object))
        gtk_window_set_modal(addmusic_gtk_window(object), 1)
        gtk_window_set_title(addmusic_gtk_window(object), title)
        adw_preferences_window_set_search_enabled(addmusic_adw_preferences_window(object), 0)
        adw_preferences_window_add(
            addmusic_adw_preferences_window(object), addmusic_adw_preferences_page(page.object))
    }

    /// Adds `group` below the others.
    public func add(_ group: PreferencesGroup) {
        groups.append(group)
        adw_preferences_page_add(
            addmusic_adw_preferences_page(page.object), addmusic_adw_preferences_group(group.object))
    }

    public func present() { gtk_window_present(addmusic_gtk_window(object)) }
}

/// A titled group of rows in a preferences window.
public final class PreferencesGroup: Widget {
    private var rows: [Widget] = []

    /// A group titled `title` (with `description` under it, if any).
    public init(title: String, description: String? = nil) {
        super.init(taking: adw_preferences_group_new())
        adw_preferences_group_set_title(addmusic_adw_preferences_group(object), title)
        if let description {
            adw_preferences_group_set_description(addmusic_adw_preferences_group(object), description)
        }
    }

    /// Adds `row` at the end.
    public func add(_ row: Widget) {
        rows.append(row)
        adw_preferences_group_add(addmusic_adw_preferences_group(object), row.pointer)
    }

    /// Takes `row` out.
    public func remove(_ row: Widget) {
        guard let index = rows.firstIndex(where: { $0 === row }) else { return }
        adw_preferences_group_remove(addmusic_adw_preferences_group(object), row.pointer)
        rows.remove(at: index)
    }

    /// Puts `widget` at the group's header, after its title (a button that adds rows).
    public func setHeaderSuffix(_ widget: Widget) {
        rows.append(widget)
        adw_preferences_group_set_header_suffix(addmusic_adw_preferences_group(object), widget.pointer)
    }
}

/// A row with a title, an optional subtitle, and controls at its end.
public final class ActionRow: Widget {
    private var suffixes: [Widget] = []

    public init(title: String, subtitle: String? = nil) {
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), Self.escape(title))
        if let subtitle { adw_action_row_set_subtitle(addmusic_adw_action_row(object), Self.escape(subtitle)) }
    }

    /// Puts `widget` at the row's end.
    public func addSuffix(_ widget: Widget) {
        suffixes.append(widget)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), widget.pointer)
    }

    /// Row titles are markup in libadwaita 1.2: text goes in escaped (a folder named "Rock & Roll").
    static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

/// A row with an on/off switch at its end.
public final class SwitchRow: Widget {
    private let toggle: Widget

    public init(title: String, isOn: Bool) {
        toggle = Widget(taking: gtk_switch_new())
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        gtk_switch_set_active(addmusic_gtk_switch(toggle.object), isOn ? 1 : 0)
        gtk_widget_set_valign(toggle.pointer, GTK_ALIGN_CENTER)
        toggle.setAccessibleLabel(title)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), toggle.pointer)
        adw_action_row_set_activatable_widget(addmusic_adw_action_row(object), toggle.pointer)
    }

    /// Whether it is on.
    public var isOn: Bool { gtk_switch_get_active(addmusic_gtk_switch(toggle.object)) != 0 }

    /// Calls `action` with the new position each time it is switched.
    public func onToggle(_ action: @escaping (Bool) -> Void) {
        Signal.connect(toggle.object, "notify::active") { [weak self] (_: gpointer) in
            guard let self else { return }
            action(self.isOn)
        }
    }
}

/// A row offering one of several choices in a drop-down (libadwaita's combo row).
public final class ChoiceRow: Widget {
    public init(title: String, choices: [String], selected: Int) {
        super.init(taking: adw_combo_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        let list = gtk_string_list_new(nil)!
        for choice in choices { gtk_string_list_append(list, choice) }
        adw_combo_row_set_model(addmusic_adw_combo_row(object), addmusic_g_list_model(UnsafeMutableRawPointer(list)))
        g_object_unref(UnsafeMutableRawPointer(list))  // the row holds it
        adw_combo_row_set_selected(addmusic_adw_combo_row(object), guint(selected))
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

/// A row with a number field at its end (a spin button), within a range and in steps.
public final class NumberRow: Widget {
    private let field: Widget

    public init(title: String, value: Double, range: ClosedRange<Double>, step: Double) {
        field = Widget(taking: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        gtk_spin_button_set_value(addmusic_gtk_spin_button(field.object), value)
        gtk_widget_set_valign(field.pointer, GTK_ALIGN_CENTER)
        field.setAccessibleLabel(title)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), field.pointer)
    }

    /// The number shown.
    public var value: Double { gtk_spin_button_get_value(addmusic_gtk_spin_button(field.object)) }

    /// Calls `action` with the new number each time it changes.
    public func onChange(_ action: @escaping (Double) -> Void) {
        Signal.connect(field.object, "value-changed") { [weak self] in
            guard let self else { return }
            action(self.value)
        }
    }
}

/// The system's dialog for choosing a folder (through the desktop portal where there is one).
public final class FolderChooser {
    private let dialog: OpaquePointer

    /// A folder chooser above `parent`, titled `title`, its button reading `accept`.
    public init(parent: Widget, title: String, accept: String, cancel: String) {
        dialog = gtk_file_chooser_native_new(
            title, addmusic_gtk_window(parent.object), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept, cancel)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(dialog)) }

    /// Shows it; `action` gets the chosen folder's path (not called when cancelled). The chooser keeps itself
    /// until it answers.
    public func present(_ action: @escaping (String) -> Void) {
        let native = addmusic_gtk_native_dialog(UnsafeMutableRawPointer(dialog))
        // The handler holds the chooser until it answers; destroying the dialog drops its handlers, and so the
        // chooser, once the answer is handled.
        Signal.connect(UnsafeMutableRawPointer(dialog), "response") { [self] (response: Int32) in
            defer { gtk_native_dialog_destroy(native) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(addmusic_gtk_file_chooser(UnsafeMutableRawPointer(self.dialog)))
            else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            action(String(cString: path))
        }
        gtk_native_dialog_show(native)
    }
}
