import CGtk
import Foundation

/// CSS of one widget, for styles libadwaita does not have (the moving background). Loading it again restyles only
/// that widget, not every widget of the display.
public final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    /// A style sheet for `widget` alone.
    public init(for widget: Widget) {
        provider = gtk_css_provider_new()
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(widget.pointer), OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    deinit { g_object_unref(provider) }

    /// Replaces the style sheet's rules with `css`.
    public func load(_ css: String) { gtk_css_provider_load_from_data(provider, css, -1) }
}
