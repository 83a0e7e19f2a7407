import CGtk

/// A decoded picture (a GdkTexture), made once and shown by any number of images. GdkTextures are immutable, so
/// one may be handed between threads.
public final class Texture: @unchecked Sendable {  // wraps an immutable GdkTexture
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

    /// The picture in `bytes` scaled to fit `pixels` square, keeping its shape: what a small row
    /// shows costs its own size in memory, not the picture's. Nil when it cannot be decoded.
    public init?(bytes: [UInt8], fitting pixels: Int32) {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        guard let stream = g_memory_input_stream_new_from_bytes(data) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_stream_at_scale(stream, pixels, pixels, 1, nil, &error) else {
            g_error_free(error)
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        pointer = gdk_texture_new_for_pixbuf(pixbuf)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
