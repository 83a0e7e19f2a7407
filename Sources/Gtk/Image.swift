import CGtk
import Foundation

/// A picture: an icon by name, or image bytes (PNG, JPEG, …) scaled to its pixel size.
public final class Image: Widget {
    /// An image showing the icon `iconName`, `pixelSize` pixels square.
    public init(iconName: String, pixelSize: Int32) {
        super.init(taking: gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(addmusic_gtk_image(object), pixelSize)
    }

    /// An image showing the icon `iconName` as a placeholder picture, `pixelSize` pixels square (`showPlaceholder`).
    public convenience init(placeholder iconName: String, pixelSize: Int32) {
        self.init(iconName: iconName, pixelSize: pixelSize)
        showPlaceholder(iconName)
    }

    /// The icon shown as a placeholder picture, if it is one, and whether the image follows its screen's scale.
    private var placeholder: String?
    private var followsScale = false

    /// Shows the icon `name`.
    public func setIconName(_ name: String) {
        placeholder = nil
        gtk_image_set_from_icon_name(addmusic_gtk_image(object), name)
    }

    /// Shows the symbolic icon `name` as the picture of something that has none (a song without artwork): drawn once,
    /// flat, in grey (`PlaceholderPicture`), so that the window's software renderer copies it rather than recolour
    /// it on every frame; drawn again when the image moves to a screen of another scale.
    public func showPlaceholder(_ name: String) {
        placeholder = name
        if !followsScale {
            followsScale = true
            Signal.connect(object, "notify::scale-factor") { [weak self] (_: gpointer) in
                guard let self, let name = self.placeholder else { return }
                self.showPlaceholder(name)
            }
        }
        PlaceholderPicture.show(name, in: pointer, pixels: gtk_image_get_pixel_size(addmusic_gtk_image(object)))
    }

    /// Shows the picture in `bytes`; false (and the picture unchanged) when GTK cannot decode it.
    @discardableResult
    public func setPicture(_ bytes: [UInt8]) -> Bool {
        guard let texture = Texture(bytes: bytes) else { return false }
        setTexture(texture)
        return true
    }

    /// Shows `texture`, scaled to the image's size.
    public func setTexture(_ texture: Texture) {
        placeholder = nil
        gtk_image_set_from_paintable(addmusic_gtk_image(object), texture.pointer)
    }
}
