import CGtk

/// The picture of a row or a cell with no artwork of its own: a symbolic icon drawn once, flat, at the size shown,
/// in a grey that reads on a light style and a dark one alike, and kept.
///
/// Shown as an icon, GTK's software renderer (cairo, on a machine without a GPU) recolours the symbolic icon pixel by
/// pixel on every frame it is drawn in: about 0.3 ms for one 96-pixel cover, and 43 % of the picker's drawing while
/// its pages were shown one after another (a profile of bench/picker's main thread). A flat picture in the renderer's
/// own pixel format is copied instead. On the main thread.
enum PlaceholderPicture {
    private struct Key: Hashable {
        var iconName: String
        var pixels: Int32
    }
    nonisolated(unsafe) private static var drawn: [Key: Texture] = [:]
    /// Grey: a contrast of about 3.5:1 against Adwaita's light backgrounds and 4.5:1 against its dark ones.
    private static let grey = GdkRGBA(red: 0.53, green: 0.53, blue: 0.53, alpha: 1)

    /// Shows icon `iconName` in `image`, `pixels` points square at the image's scale, or `texture` in its place when
    /// there is one; as the icon itself when it cannot be drawn. Nothing is set when the image shows it already: GTK
    /// measures an image again each time it is given a picture.
    static func show(
        _ iconName: String, in image: UnsafeMutablePointer<GtkWidget>, pixels: Int32, preferring texture: Texture? = nil
    ) {
        let view = addmusic_gtk_image(UnsafeMutableRawPointer(image))
        let scale = max(1, gtk_widget_get_scale_factor(image))
        guard let shown = texture ?? Self.texture(iconName: iconName, pixels: pixels * scale) else {
            return gtk_image_set_from_icon_name(view, iconName)
        }
        if gtk_image_get_paintable(view) != shown.pointer { gtk_image_set_from_paintable(view, shown.pointer) }
    }

    /// Icon `iconName` drawn `pixels` square (nil when the icon theme has no such icon or it cannot be drawn).
    private static func texture(iconName: String, pixels: Int32) -> Texture? {
        let key = Key(iconName: iconName, pixels: pixels)
        if let known = drawn[key] { return known }
        guard let texture = draw(iconName, pixels: pixels) else { return nil }
        drawn[key] = texture
        return texture
    }

    private static func draw(_ iconName: String, pixels: Int32) -> Texture? {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
            let icon = gtk_icon_theme_lookup_icon(
                theme, iconName, nil, pixels, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        var colours = [grey, grey, grey, grey]  // the foreground, then the error, warning and success colours
        gtk_symbolic_paintable_snapshot_symbolic(
            addmusic_gtk_symbolic_paintable(UnsafeMutableRawPointer(icon)), snapshot, Double(pixels),
            Double(pixels), &colours, gsize(colours.count))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gsk_cairo_renderer_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(renderer)) }
        var error: UnsafeMutablePointer<GError>?
        guard gsk_renderer_realize(renderer, nil, &error) != 0 else {
            g_error_free(error)
            return nil
        }
        defer { gsk_renderer_unrealize(renderer) }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(pixels), height: Float(pixels)))
        // The cairo renderer's picture is in cairo's pixel format, which it copies as it is when it draws it.
        return gsk_renderer_render_texture(renderer, node, &bounds).map(Texture.init(taking:))
    }
}
