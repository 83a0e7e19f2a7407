/// Windows-1252, the code page Windows wrote playlists in: Latin-1 but for 0x80–0x9F, where it has printable
/// characters (€, the curly quotes, the dashes, …) instead of C1 controls. Its five unassigned bytes there stay the C1
/// controls of the same number, as Windows itself maps them, so no byte is lost.
enum Windows1252 {
    /// `bytes` decoded, one character a byte.
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let code = byte >= 0x80 && byte <= 0x9F ? high[Int(byte - 0x80)] : UInt32(byte)
            scalars.append(Unicode.Scalar(code) ?? Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    /// The code points of 0x80–0x9F (https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1252.TXT).
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
