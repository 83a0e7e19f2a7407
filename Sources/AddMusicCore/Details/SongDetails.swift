import Foundation
import MediaLibrary
import MediaModel

/// What the window's details of a song show (B-H10): the song as the player knows it, its file on this machine and
/// every tag TagLib reads there (with its audio properties and cover), and its play statistics. Read off the main
/// thread by `AppController.readDetails(of:_:)`.
public struct SongDetails: Sendable {
    /// The song as the player or the library knows it.
    public var item: MediaItem
    /// Its file on this machine; nil for a stream, or a daemon's song whose file is not here.
    public var path: LibraryPath?
    /// The daemon's URI for the song, with the system player.
    public var daemonURI: String?
    /// The file's tags; nil when there is no file here or it could not be read (`problem` says why).
    public var tags: FileTags?
    /// Why the tags could not be read, in the user's language.
    public var problem: String?
    /// Where the player keeps them; nil where unknown.
    public var statistics: PlayStatistics?

    public init(
        item: MediaItem, path: LibraryPath?, daemonURI: String? = nil, tags: FileTags?, problem: String? = nil,
        statistics: PlayStatistics? = nil
    ) {
        self.item = item
        self.path = path
        self.daemonURI = daemonURI
        self.tags = tags
        self.problem = problem
        self.statistics = statistics
    }

    /// Whether its tags can be edited: its file is here and was read.
    /// A track of a cue sheet is not: its tags are the sheet's, and the file's belong to the whole album.
    public var isEditable: Bool { path != nil && tags != nil && item.segment == nil }

    /// The lyrics: the file's tag, else what the library found (a .lrc beside it).
    public var lyrics: String? { tags?.first("LYRICS", "UNSYNCEDLYRICS") ?? item.lyrics }

    /// The file's cover, else none.
    public var cover: [UInt8]? { tags?.cover }

    /// One titled group of lines.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var lines: [Line]
    }

    /// A name and its value, both ready to show (bounded, without control characters).
    public struct Line: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The groups shown, in order: the file, its tags (every property, the lyrics apart), ReplayGain, statistics.
    public func sections(text: Localizer = .app) -> [Section] {
        [fileSection(text), tagSection(text), replayGainSection(text), statisticsSection(text)].compactMap { $0 }
    }

    private func line(_ key: String, _ value: String, _ text: Localizer) -> Line {
        Line(name: text.string(key), value: DetailText.shown(value))
    }

    private func fileSection(_ text: Localizer) -> Section? {
        var lines: [Line] = []
        if let url = item.streamURL {
            lines.append(line("details.address", url, text))
        } else {
            lines.append(line("details.path", (path ?? item.path).description, text))
        }
        if let problem { lines.append(line("details.problem", problem, text)) }
        let audio = tags?.audio
        let format = [tags?.format, audio?.codec ?? item.codec].compactMap { $0 }.filter { !$0.isEmpty }
        if !format.isEmpty { lines.append(line("details.format", format.joined(separator: " · "), text)) }
        let sampleRate = audio?.sampleRate ?? item.sampleRate
        if sampleRate > 0 {
            lines.append(line("details.sampleRate", text.string("details.hertz", Double(sampleRate) / 1000), text))
        }
        if let bits = audio?.bitsPerSample, bits > 0 {
            lines.append(line("details.bitDepth", text.count("details.bits", bits), text))
        }
        let channels = audio?.channels ?? item.channels
        if channels > 0 { lines.append(line("details.channels", text.count("details.channelCount", channels), text)) }
        let bitRate = audio?.bitRate ?? item.bitRate / 1000
        if bitRate > 0 { lines.append(line("details.bitRate", text.string("details.kilobits", bitRate), text)) }
        let seconds = audio.map(\.seconds).flatMap { $0 > 0 ? $0 : nil } ?? item.duration
        if seconds > 0 { lines.append(line("details.duration", ClockText.of(seconds), text)) }
        return Section(title: text.string("details.file"), lines: lines)
    }

    private func tagSection(_ text: Localizer) -> Section? {
        guard let properties = tags?.properties else { return nil }
        let lines = properties.keys.sorted().filter { $0 != "LYRICS" && $0 != "UNSYNCEDLYRICS" }.map { key in
            Line(
                name: DetailText.shown(key),
                value: DetailText.shown(properties[key, default: []].joined(separator: "; ")))
        }
        return lines.isEmpty ? nil : Section(title: text.string("details.tags"), lines: lines)
    }

    private func replayGainSection(_ text: Localizer) -> Section? {
        let gain = item.replayGain
        guard !gain.isEmpty else { return nil }
        var lines: [Line] = []
        func decibels(_ value: Double) -> String { String(format: "%+.2f dB", value) }
        func peak(_ value: Double) -> String { String(format: "%.6f", value) }
        if let value = gain.trackGain { lines.append(line("details.trackGain", decibels(value), text)) }
        if let value = gain.trackPeak { lines.append(line("details.trackPeak", peak(value), text)) }
        if let value = gain.albumGain { lines.append(line("details.albumGain", decibels(value), text)) }
        if let value = gain.albumPeak { lines.append(line("details.albumPeak", peak(value), text)) }
        return Section(title: text.string("details.replayGain"), lines: lines)
    }

    private func statisticsSection(_ text: Localizer) -> Section? {
        guard let statistics else { return nil }
        var lines = [
            line("details.plays", String(statistics.playCount), text),
            line("details.skips", String(statistics.skipCount), text),
        ]
        if let last = statistics.lastPlayed { lines.append(line("details.lastPlayed", DetailText.date(last), text)) }
        if let added = statistics.dateAdded { lines.append(line("details.dateAdded", DetailText.date(added), text)) }
        let stars = min(max(statistics.rating ?? 0, 0), 5)
        lines.append(
            line(
                "details.rating",
                String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars), text))
        return Section(title: text.string("details.statistics"), lines: lines)
    }
}
