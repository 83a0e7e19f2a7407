import CGtk
import Foundation

/// A picture: an icon by name, or image bytes (PNG, JPEG, …) scaled to its pixel size.
public final class Image: Widget {
    /// An image showing the icon `iconName`, `pixelSize` pixels square.
    public init(iconName: String, pixelSize: Int32) {
        super.init(taking: gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(addmusic_gtk_image(object), pixelSize)
    }

    /// Shows the icon `name`.
    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(addmusic_gtk_image(object), name) }

    /// Shows the picture in `bytes`; false (and the picture unchanged) when GTK cannot decode it.
    @discardableResult
    public func setPicture(_ bytes: [UInt8]) -> Bool {
        guard let texture = Texture(bytes: bytes) else { return false }
        setTexture(texture)
        return true
    }

    /// Shows `texture`, scaled to the image's size.
    public func setTexture(_ texture: Texture) {
        gtk_image_set_from_paintable(addmusic_gtk_image(object), texture.pointer)
    }
}
