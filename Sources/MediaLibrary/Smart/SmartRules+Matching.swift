import Foundation
import MediaModel

extension SmartRule {
    /// Whether a song with `statistics` passes the rule at `now` (the same test its SQL makes in the index, for songs
    /// held outside it, as the music daemon's).
    public func matches(_ item: MediaItem, _ statistics: PlayStatistics, now: Date) -> Bool {
        switch (field.kind, value) {
        case (.text, .text(let wanted)):
            let texts = Self.texts(of: field, in: item)
            let passes: Bool
            if field == .format {
                passes = texts.contains { $0.lowercased() == wanted.lowercased() }
            } else {
                let key = TextFolding.key(wanted)
                passes = texts.contains { text in
                    let folded = TextFolding.key(text)
                    return switch comparison {
                    case .is, .isNot: folded == key
                    case .startsWith: folded.hasPrefix(key)
                    default: folded.contains(key)
                    }
                }
            }
            return comparison.isNegative ? !passes : passes
        case (.date, .number(let days)):
            let date = field == .lastPlayed ? statistics.lastPlayed : statistics.dateAdded
            let cutoff = now.timeIntervalSince1970 - Double(days) * 86_400
            let within = date.map { $0.timeIntervalSince1970 >= cutoff } ?? false
            return comparison == .inTheLast ? within : !within
        case (_, .number(let wanted)):
            guard let number = Self.number(of: field, in: item, statistics) else { return comparison == .isNot }
            return switch comparison {
            case .is: number == wanted
            case .isNot: number != wanted
            case .greater: number > wanted
            case .less: number < wanted
            case .atLeast: number >= wanted
            case .atMost: number <= wanted
            default: false
            }
        default: return false
        }
    }

    /// The texts of a text field (a song's genres and composers are several; a missing tag is none).
    private static func texts(of field: SmartField, in item: MediaItem) -> [String] {
        let one: String?
        switch field {
        case .title: one = item.title
        case .artist: one = item.artist
        case .album: one = item.album
        case .albumArtist: one = item.albumArtist
        case .comment: one = item.comment
        case .format: one = item.path.pathExtension.isEmpty ? nil : item.path.pathExtension
        case .genre: return item.genres
        case .composer: return item.composers
        default: one = nil
        }
        return one.map { [$0] } ?? []
    }

    /// The number a number or duration field holds (nil: the song has none, as a song without a year).
    private static func number(of field: SmartField, in item: MediaItem, _ statistics: PlayStatistics) -> Int64? {
        switch field {
        case .year: item.year.map(Int64.init)
        case .rating: Int64(statistics.rating ?? 0)
        case .playCount: Int64(statistics.playCount)
        case .skipCount: Int64(statistics.skipCount)
        case .duration: item.duration.isFinite ? Int64(item.duration) : 0
        default: nil
        }
    }
}

extension SmartRules {
    /// Whether a song with `statistics` passes the rules at `now` (all of them, or any, as `match` says).
    public func matches(_ item: MediaItem, _ statistics: PlayStatistics, now: Date) -> Bool {
        guard !rules.isEmpty else { return true }
        return match == .all
            ? rules.allSatisfy { $0.matches(item, statistics, now: now) }
            : rules.contains { $0.matches(item, statistics, now: now) }
    }

    /// The songs of `songs` the playlist holds, in its order, as many as its limit keeps: the evaluation for songs
    /// held outside the index (the music daemon's, with their stickers). Ties keep the order they came in.
    public func select(from songs: [(item: MediaItem, statistics: PlayStatistics)], now: Date) -> [MediaItem] {
        var passing = songs.filter { matches($0.item, $0.statistics, now: now) }
        if order == .random {
            passing.shuffle()
        } else {
            let keyed = passing.enumerated().map { (offset: $0.offset, song: $0.element) }
            passing = keyed.sorted { first, second in
                switch Self.compare(first.song, second.song, by: order) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: first.offset < second.offset
                }
            }.map(\.song)
        }
        let kept = limit?.count(of: passing.map(\.item.duration)) ?? passing.count
        return passing.prefix(kept).map(\.item)
    }

    /// How two songs compare in `order` (as its SQL orders them, the index's keys aside: text is folded here).
    private static func compare(
        _ first: (item: MediaItem, statistics: PlayStatistics), _ second: (item: MediaItem, statistics: PlayStatistics),
        by order: SmartOrder
    ) -> ComparisonResult {
        let (a, b) = (first.item, second.item)
        let (s, t) = (first.statistics, second.statistics)
        func text(_ value: String?) -> String { TextFolding.key(value ?? "") }
        func library() -> [SortKey] {
            [
                .text(text(a.artist), text(b.artist)), .text(text(a.album), text(b.album)),
                .number(Double(a.discNumber ?? 1), Double(b.discNumber ?? 1)),
                .number(Double(a.trackNumber ?? 0), Double(b.trackNumber ?? 0)), .text(text(a.title), text(b.title)),
            ]
        }
        func time(_ date: Date?) -> Double { date?.timeIntervalSince1970 ?? -.infinity }
        let keys: [SortKey] =
            switch order {
            case .random, .library: library()
            case .title: [.text(text(a.title), text(b.title))]
            case .album: [.text(text(a.album), text(b.album))] + library().suffix(3)
            case .year:
                [.number(Double(a.year ?? .max), Double(b.year ?? .max))] + library()
            case .mostPlayed:
                [.number(Double(t.playCount), Double(s.playCount)), .number(time(t.lastPlayed), time(s.lastPlayed))]
            case .leastPlayed:
                [.number(Double(s.playCount), Double(t.playCount)), .number(time(s.lastPlayed), time(t.lastPlayed))]
            case .recentlyPlayed: [.number(time(t.lastPlayed), time(s.lastPlayed))]
            case .recentlyAdded: [.number(time(t.dateAdded), time(s.dateAdded))]
            case .topRated:
                [
                    .number(Double(t.rating ?? 0), Double(s.rating ?? 0)),
                    .number(Double(t.playCount), Double(s.playCount)),
                ]
            case .longest: [.number(b.duration, a.duration)]
            case .shortest: [.number(a.duration, b.duration)]
            }
        for key in keys {
            let result = key.result
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    /// One term of an order: two values, the first song's and the second's (swapped for a descending term).
    private enum SortKey {
        case text(String, String)
        case number(Double, Double)

        var result: ComparisonResult {
            switch self {
            case .text(let a, let b): a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
            case .number(let a, let b): a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
            }
        }
    }
}
