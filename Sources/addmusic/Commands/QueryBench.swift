import Foundation
import MediaLibrary
import MediaModel

/// `addmusic library queries --bench RUNS`: times the first page (100 rows) of each ready-made `MediaQuery` RUNS
/// times on the index as it is and prints `query=NAME rows=N median_ms=X p99_ms=Y` lines (for bench/media-query).
/// Songs are timed as songs, the others as collections; playlists are the music folders' and the user's; then smart
/// playlists of two rules and Top Rated.
struct QueryBench {
    let arguments: Arguments

    func run(_ library: MusicLibrary, runs: Int) throws -> Int32 {
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
        let queries: [(String, MediaQuery)] = [
            ("songs", .songs()), ("albums", .albums()), ("artists", .artists()), ("genres", .genres()),
            ("composers", .composers()), ("compilations", .compilations()),
            ("playlists", .playlists(libraryRoots: roots)),
        ]
        for (name, query) in queries {
            try time(name, runs: runs) {
                query.groupingType == .title
                    ? try library.items(matching: query, limit: 100).count
                    : try library.collections(matching: query, limit: 100).count
            }
        }
        // Smart playlists of two rules (B-H9), 100 songs each: genre and year in the library's order, and either
        // of them in a random order (every song that passes is ordered before the first 100 are kept).
        let rules = [try SmartRule(parsing: "genre is jazz"), try SmartRule(parsing: "year >= 2000")]
        let smart: [(String, SmartRules)] = [
            ("smart-all", SmartRules(match: .all, rules: rules, limit: .songs(100), order: .library)),
            ("smart-any-random", SmartRules(match: .any, rules: rules, limit: .songs(100), order: .random)),
            ("top-rated", SmartPlaylist.topRated.rules),
        ]
        for (name, definition) in smart {
            try time(name, runs: runs) { try library.songs(matching: definition).count }
        }
        // The same without a limit as the picker opens it: every song's id, then the first page read whole.
        let unlimited = SmartRules(match: .all, rules: rules, order: .library)
        try time("smart-all-ids", runs: runs) { try library.songIDs(matching: unlimited).count }
        try time("smart-all-first-page", runs: runs) {
            try library.items(ids: Array(try library.songIDs(matching: unlimited).prefix(200))).count
        }
        return 0
    }

    /// Times `body` RUNS times and prints its line.
    private func time(_ name: String, runs: Int, _ body: () throws -> Int) throws {
        var times: [Double] = []
        var rows = 0
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            rows = try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        let p99 = times[min(times.count - 1, Int(clamping: Double(times.count) * 0.99, rounding: .up) - 1)]
        Swift.print(
            String(format: "query=%@ rows=%d median_ms=%.3f p99_ms=%.3f", name, rows, times[times.count / 2], p99))
    }
}
