import Gtk
import Testing

/// The pictures the window shows (covers, thumbnails) are converted once, when decoded, to the pixel format GTK's
/// software renderer draws in, and keep their size and colours.
struct PictureFormatTests {
    /// A PNG of two pixels: opaque red, then blue at alpha 128.
    static let redThenHalfBlue: [UInt8] = [
        137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0, 244, 34,
        127, 138, 0, 0, 0, 14, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 0, 66, 13, 0, 15, 122, 3, 126, 119, 233,
        127, 151, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
    ]

    @Test func aPictureDecodedForTheWindowKeepsItsSizeAndColours() throws {
        for decoded in [Texture(bytes: Self.redThenHalfBlue), Texture(bytes: Self.redThenHalfBlue, fitting: 2)] {
            let picture = try #require(decoded)
            #expect(picture.width == 2 && picture.height == 1)
            // Blue, green, red, alpha, premultiplied (this machine is little-endian).
            #expect(picture.pixels() == [0, 0, 255, 255, 128, 0, 0, 128])
        }
        #expect(Texture(bytes: Array(Self.redThenHalfBlue.prefix(30))) == nil)
        #expect(Texture(bytes: Array(Self.redThenHalfBlue.prefix(30)), fitting: 2) == nil)
    }
}
