/// Turns a playlist's name into a safe file name and back, so that any name a user types names exactly one file in
/// the playlists folder: `%`, `/`, control characters (NUL included) and a leading `.` are written as `%XX` escapes
/// (`AC/DC` is the file `AC%2FDC.m3u8`), and read back to the same name.
public enum PlaylistName {
    /// The longest file name most Linux file systems take, in bytes.
    static let maximumFileNameBytes = 255

    /// The file name (without extension) for `name`.
    /// - Throws: `PlaylistError.badName` for a blank name, or one whose file name, or the name of the temporary file it
    ///   is written through, would be too long.
    public static func fileStem(for name: String) throws(PlaylistError) -> String {
        guard !name.allSatisfy(\.isWhitespace) else { throw .badName(name) }
        var stem = ""
        var first = true
        for scalar in name.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || scalar == "%" || scalar == "/" || (first && scalar == ".") {
                stem += "%" + String(value, radix: 16, uppercase: true).leftPadded
            } else {
                stem.unicodeScalars.append(scalar)
            }
            first = false
        }
        // The file is written as a temporary file beside it first (`PlaylistFile.replace`), whose name is longer.
        let longest = stem.utf8.count + ".m3u8".utf8.count + AtomicFile.temporaryNameExtraBytes
        guard longest <= maximumFileNameBytes else { throw .badName(name) }
        return stem
    }

    /// The name a file stem stands for (`%XX` escapes decoded; anything else as it is).
    public static func name(fileStem: String) -> String {
        guard fileStem.contains("%") else { return fileStem }
        return String(decoding: PlaylistLocation.percentDecoded(Substring(fileStem)), as: UTF8.self)
    }
}

extension String {
    /// Two hex digits.
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
