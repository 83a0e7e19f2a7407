import CGtk

/// A decoded picture (a GdkTexture), made once and shown by any number of images. GdkTextures are immutable, so
/// one may be handed between threads.
public final class Texture: @unchecked Sendable {  // wraps an immutable GdkTexture
    let pointer: OpaquePointer

    /// The picture in `bytes` (PNG, JPEG, …); nil when GTK cannot decode it.
    public convenience init?(bytes: [UInt8]) {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(data, &error) else {
            g_error_free(error)
            return nil
        }
        self.init(converting: texture)
    }

    /// The picture in `bytes` scaled to fit `pixels` square, keeping its shape: what a small row
    /// shows costs its own size in memory, not the picture's. Nil when it cannot be decoded.
    public convenience init?(bytes: [UInt8], fitting pixels: Int32) {
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
        self.init(converting: gdk_texture_new_for_pixbuf(pixbuf))
    }

    /// A picture made elsewhere (its one reference, which this object releases).
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// `decoded` (its one reference, released here) in the pixel format cairo draws in, or as it is when it cannot
    /// be converted.
    private convenience init(converting decoded: OpaquePointer) {
        guard let converted = Self.inDrawingFormat(decoded) else {
            self.init(taking: decoded)
            return
        }
        g_object_unref(UnsafeMutableRawPointer(decoded))
        self.init(taking: converted)
    }

    /// A copy of `texture` in the pixel format cairo draws in (nil when memory for it runs out). A pixbuf's texture
    /// is in another (RGB, alpha not premultiplied), which GTK's software renderer converts pixel by pixel each time
    /// it draws the picture; converted once here, off the main thread, it is copied as it is. Costs a fourth byte per
    /// pixel for a picture without alpha.
    private static func inDrawingFormat(_ texture: OpaquePointer) -> OpaquePointer? {
        let width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture)
        let stride = Int(width) * 4, size = gsize(stride * Int(height))
        guard width > 0, height > 0, let pixels = g_try_malloc(size) else { return nil }
        gdk_texture_download(texture, pixels.assumingMemoryBound(to: guchar.self), gsize(stride))
        let bytes = g_bytes_new_take(pixels, size)
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(width, height, addmusic_gdk_memory_default(), bytes, gsize(stride))
    }

    /// Its size in pixels.
    public var width: Int { Int(gdk_texture_get_width(pointer)) }
    public var height: Int { Int(gdk_texture_get_height(pointer)) }

    /// Its pixels in cairo's format: four bytes each, premultiplied, in the machine's order of a 32-bit ARGB word
    /// (blue, green, red, alpha on a little-endian machine).
    package func pixels() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(pointer, $0.baseAddress, gsize(width * 4)) }
        return bytes
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
