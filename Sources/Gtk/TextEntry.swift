import CGtk

/// A one-line text field with a placeholder, which also names it for assistive technologies.
public final class TextEntry: Widget {
    /// An empty field showing `placeholder` until something is typed.
    public init(placeholder: String) {
        super.init(taking: gtk_entry_new())
        gtk_entry_set_placeholder_text(addmusic_gtk_entry(object), placeholder)
        gtk_widget_set_hexpand(pointer, 1)
        setAccessibleLabel(placeholder)
    }

    /// A field reading `text`, named `accessibleLabel` for assistive technologies, showing `placeholder` while
    /// empty.
    public convenience init(text: String, placeholder: String, accessibleLabel: String) {
        self.init(placeholder: placeholder)
        self.text = text
        setAccessibleLabel(accessibleLabel)
    }

    /// The text typed.
    public var text: String {
        get { String(cString: gtk_editable_get_text(addmusic_gtk_editable(object))) }
        set { gtk_editable_set_text(addmusic_gtk_editable(object), newValue) }
    }

    /// What the field shows while it is empty.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(addmusic_gtk_entry(object)).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(addmusic_gtk_entry(object), newValue) }
    }

    /// Whether the text typed is hidden (a password, a token): shown as dots, never copied out.
    public var isSecret: Bool {
        get { gtk_entry_get_visibility(addmusic_gtk_entry(object)) == 0 }
        set { gtk_entry_set_visibility(addmusic_gtk_entry(object), newValue ? 0 : 1) }
    }

    /// Calls `action` when Enter is pressed in the field.
    public func onActivate(_ action: @escaping () -> Void) { Signal.connect(object, "activate", action) }
}
