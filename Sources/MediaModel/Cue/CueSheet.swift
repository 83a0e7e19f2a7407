/// A cue sheet: the tracks of one or more audio files, each from its INDEX 01 to the next track's (the last to the
/// end of its file), as CD rippers write them beside a single-file album or inside it (the `CUESHEET` tag).
///
/// Read from UTF-8 (with or without a byte order mark) or, when the bytes are not UTF-8, Windows-1252, as Windows
/// rippers wrote them. Only what a player needs is kept: the sheet's and each track's title, performer and songwriter,
/// the genre, date, disc number and comment of `REM` lines, and each track's INDEX 01. Every text is held to
/// `maximumText` bytes and a sheet to `maximumTracks` tracks.
public struct CueSheet: Hashable, Sendable {
    public var title: String?
    public var performer: String?
    public var songwriter: String?
    public var genre: String?
    /// The year of `REM DATE`.
    public var year: Int?
    public var discNumber: Int?
    public var comment: String?
    /// The album's gain and peak of `REM REPLAYGAIN_ALBUM_GAIN` and `REM REPLAYGAIN_ALBUM_PEAK`.
    public var replayGain = ReplayGain()
    /// The audio files the sheet names, in order, each with its tracks.
    public var files: [File]

    /// One `FILE` of a sheet and the tracks in it.
    public struct File: Hashable, Sendable {
        /// The file's name as the sheet writes it (relative to the sheet's folder, or only a name).
        public var name: String
        public var tracks: [Track]
    }

    /// One track: its number, tags and where it starts in its file.
    public struct Track: Hashable, Sendable {
        public var number: Int
        public var title: String?
        public var performer: String?
        public var songwriter: String?
        /// The track's gain and peak of `REM REPLAYGAIN_TRACK_GAIN` and `REM REPLAYGAIN_TRACK_PEAK`.
        public var replayGain = ReplayGain()
        /// Where the track starts (its INDEX 01), in CD frames from the start of its file (`SongSegment.framesPerSecond`).
        public var start: Int
    }

    /// The most bytes a cue sheet is read from: real ones are a few kilobytes.
    public static let maximumBytes = 256 * 1024
    /// The most tracks a sheet holds (a CD has at most 99).
    public static let maximumTracks = 99
    /// The most bytes of UTF-8 a text of a sheet keeps.
    public static let maximumText = 4 * 1024

    /// The text of a cue sheet's bytes: UTF-8 without its byte order mark, else Windows-1252.
    public static func text(of bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self) ?? Windows1252.decode(body)
    }

    /// Reads the sheet in `bytes`.
    /// - Throws: `CueSheetError` when the sheet is too large, names no file or no track, or a track's time is
    ///   missing, malformed or before the track ahead of it.
    public init(bytes: [UInt8]) throws(CueSheetError) {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(bytes.count) }
        try self.init(text: Self.text(of: bytes))
    }

    /// Reads the sheet in `text` (see `init(bytes:)`).
    public init(text: String) throws(CueSheetError) {
        files = []
        var track: Track?
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let words = Self.words(of: rawLine)
            guard let command = words.first?.uppercased() else { continue }
            let argument = words.count > 1 ? Self.bounded(words[1]) : nil
            switch command {
            case "FILE":
                // A track whose INDEX 01 is still to come (its pregap ends the file before, as EAC writes it by
                // default) starts in this file.
                if track?.start ?? 0 >= 0 { try finish(&track) }
                guard let argument, !argument.isEmpty else { throw .malformed(line: lineNumber) }
                files.append(File(name: argument, tracks: []))
            case "TRACK":
                try finish(&track)
                guard !files.isEmpty else { throw .trackOutsideFile(line: lineNumber) }
                guard let number = argument.flatMap({ Int($0) }), (0...999).contains(number) else {
                    throw .malformed(line: lineNumber)
                }
                track = Track(number: number, start: -1)
            case "INDEX":
                guard words.count >= 3, let index = Int(words[1]) else { throw .malformed(line: lineNumber) }
                guard let frames = Self.frames(words[2]) else { throw .badTime(words[2], line: lineNumber) }
                if index == 1, track != nil { track!.start = frames }
            case "TITLE", "PERFORMER", "SONGWRITER":
                let value = argument.flatMap { $0.isEmpty ? nil : $0 }
                if track != nil {
                    if command == "TITLE" { track!.title = value }
                    if command == "PERFORMER" { track!.performer = value }
                    if command == "SONGWRITER" { track!.songwriter = value }
                } else {
                    if command == "TITLE" { title = value }
                    if command == "PERFORMER" { performer = value }
                    if command == "SONGWRITER" { songwriter = value }
                }
            case "REM" where words.count > 2:
                let value = Self.bounded(words[2...].joined(separator: " "))
                let number =
                    words[2].isEmpty || words[2].count > 20 ? nil : Double(words[2]).flatMap { $0.isFinite ? $0 : nil }
                switch words[1].uppercased() {
                case "REPLAYGAIN_TRACK_GAIN" where track != nil: track!.replayGain.trackGain = number
                case "REPLAYGAIN_TRACK_PEAK" where track != nil: track!.replayGain.trackPeak = number
                case "REPLAYGAIN_ALBUM_GAIN": replayGain.albumGain = number
                case "REPLAYGAIN_ALBUM_PEAK": replayGain.albumPeak = number
                case _ where track != nil: break
                case "GENRE": genre = value
                case "DATE": year = Int(value.prefix(4)).flatMap { (1...9999).contains($0) ? $0 : nil }
                case "DISCNUMBER": discNumber = Int(value).flatMap { (1...999).contains($0) ? $0 : nil }
                case "COMMENT": comment = value
                default: break
                }
            default:
                break
            }
        }
        try finish(&track)
        files.removeAll { $0.tracks.isEmpty }
        guard !files.isEmpty else { throw .noTracks }
    }

    /// Every track of the sheet, in order.
    public var tracks: [Track] { files.flatMap(\.tracks) }

    /// Adds the track read so far to the last file.
    private mutating func finish(_ track: inout Track?) throws(CueSheetError) {
        guard let done = track else { return }
        track = nil
        guard done.start >= 0 else { throw .noStart(track: done.number) }
        if let before = files[files.count - 1].tracks.last, done.start <= before.start {
            throw .outOfOrder(track: done.number)
        }
        guard tracks.count < Self.maximumTracks else { throw .tooManyTracks }
        files[files.count - 1].tracks.append(done)
    }

    /// "mm:ss:ff" (minutes, seconds, frames of 1/75 s) in frames; nil when malformed.
    static func frames(_ time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) }),
            let minutes = Int(parts[0]), let seconds = Int(parts[1]), let frames = Int(parts[2]),
            minutes >= 0, (0..<60).contains(seconds), (0..<SongSegment.framesPerSecond).contains(frames)
        else { return nil }
        return (minutes * 60 + seconds) * SongSegment.framesPerSecond + frames
    }

    /// A line's words: quoted text as one word without its quotes, the rest split at spaces and tabs.
    static func words(of line: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "\"" {
                if quoted {
                    words.append(current)
                    current = ""
                    inWord = false
                } else if inWord {
                    current.append(character)
                    continue
                }
                quoted.toggle()
                inWord = quoted
                continue
            }
            if !quoted && (character == " " || character == "\t" || character == "\r") {
                if inWord { words.append(current) }
                current = ""
                inWord = false
                continue
            }
            current.append(character)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    /// `text` within `maximumText` bytes, with control characters gone.
    private static func bounded(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
            bytes += UTF8.width(scalar)
            if bytes > maximumText { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
