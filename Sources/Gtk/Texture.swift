import CGtk

/// A decoded picture (a GdkTexture), made once and shown by any number of images. GdkTextures are immutable, so
/// one may be handed between threads.
public final class Texture: @unchecked Sendable {
    let pointer: OpaquePointer

    /// The picture in `bytes` (PNG, JPEG, …); nil when GTK cannot decode it.
    public init?(bytes: [UInt8]) {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(data, &error) else {
            g_error_free(error)
            return nil
        }
        pointer = texture
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
