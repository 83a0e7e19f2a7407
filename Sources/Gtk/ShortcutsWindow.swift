import CGtk
import Foundation

/// GTK's window listing keyboard shortcuts, in groups, each shortcut with its keys and what it does.
public final class ShortcutsWindow: Widget {
    /// A shortcut as the window lists it: GTK's key notation ("<Control>o") and its title.
    public struct Entry {
        public var keys: String
        public var title: String
        public init(keys: String, title: String) {
            self.keys = keys
            self.title = title
        }
    }

    /// A window above `parent` listing `groups` (a title and its shortcuts each).
    public init(parent: Widget, groups: [(title: String, entries: [Entry])]) {
        // GtkShortcutsWindow is made to be described in GtkBuilder's XML; the text goes in escaped.
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"visible\">1</property>"
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(Markup.escaped(group.title))"
            xml += "</property>"
            for entry in group.entries {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += "<property name=\"accelerator\">\(Markup.escaped(entry.keys))</property>"
                xml += "<property name=\"title\">\(Markup.escaped(entry.title))</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let window = gtk_builder_get_object(builder, "window")!
        super.init(taking: addmusic_gtk_widget(UnsafeMutableRawPointer(window)))
        gtk_window_set_transient_for(addmusic_gtk_window(object), addmusic_gtk_window(parent.object))
    }

    public func present() { gtk_window_present(addmusic_gtk_window(object)) }

}
