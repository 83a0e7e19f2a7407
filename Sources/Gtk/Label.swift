import CGtk
import Foundation

/// A line or paragraph of text; text is shown as text (no markup is interpreted).
public final class Label: Widget {
    /// A label reading `text`.
    public init(_ text: String = "") {
        super.init(taking: gtk_label_new(text))
        gtk_label_set_wrap(addmusic_gtk_label(object), 1)
        gtk_label_set_justify(addmusic_gtk_label(object), GTK_JUSTIFY_CENTER)
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_label_get_text(addmusic_gtk_label(object))) }
        set { gtk_label_set_text(addmusic_gtk_label(object), newValue) }
    }
}
