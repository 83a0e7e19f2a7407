import Foundation
import MediaLibrary
import Testing

/// `addmusic play` records plays in the library; `rate` sets ratings; `library songs --sort` and the smart
/// playlists of `library playlists` and `play --playlist` follow them (B-H1, B-H4, B-H5, B-H6).
@Suite struct StatisticsCommandTests {
    @Test func playRecordsPlaysThatSortingAndSmartPlaylistsFollow() throws {
        let fixtures = try Fixtures()
        for (index, title) in ["Uno", "Dos", "Tres"].enumerated() {
            try fixtures.tone(
                "Album/\(index + 1).flac", frequency: 300 + index * 100, seconds: 0.5,
                tags: ["title": title, "artist": "Artista", "album": "Números", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        let environment = fixtures.environment()
        func run(_ arguments: [String]) throws -> String {
            let result = try Fixtures.run(Fixtures.addmusic, arguments, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
            return result.output
        }
        _ = try run(["library", "scan", fixtures.music])
        _ = try run(["play", fixtures.music + "/Album/2.flac", "--output", "null:fast"])
        let album = fixtures.music + "/Album/"
        _ = try run(["play", album + "2.flac", album + "3.flac", "--output", "null:fast"])
        let mostPlayed = try run(["library", "songs", "--sort", "most-played"])
        #expect(
            mostPlayed.split(separator: "\n").map { $0.components(separatedBy: " · ")[0] } == [
                "Artista — Dos", "Artista — Tres", "Artista — Uno",
            ])
        let neverPlayed = try run(["library", "songs", "--sort", "never-played"])
        #expect(neverPlayed.hasPrefix("Artista — Uno") && neverPlayed.split(separator: "\n").count == 1)

        #expect(try run(["rate", fixtures.music + "/Album/1.flac", "5"]) == "★★★★★ Artista — Uno\n")
        // Every song's statistics in --json, and as text with --stats.
        let records = try JSONSerialization.jsonObject(with: Data(try run(["library", "songs", "--json"]).utf8))
        let songs = Dictionary(
            uniqueKeysWithValues: ((records as? [[String: Any]]) ?? []).map { ($0["title"] as? String ?? "", $0) })
        #expect(songs.mapValues { $0["playCount"] as? Int } == ["Uno": 0, "Dos": 2, "Tres": 1])
        #expect(songs.mapValues { $0["skipCount"] as? Int } == ["Uno": 0, "Dos": 0, "Tres": 0])
        #expect(songs.mapValues { $0["rating"] as? Int } == ["Uno": 5, "Dos": nil, "Tres": nil])
        for (title, song) in songs {
            let added = (song["dateAdded"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
            #expect(abs(added?.timeIntervalSinceNow ?? 1e9) < 600, "\(title): \(song)")
            let last = (song["lastPlayed"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
            #expect((last != nil) == (title != "Uno"), "\(title): \(song)")
        }
        let searched = try JSONSerialization.jsonObject(
            with: Data(try run(["library", "search", "Dos", "--json"]).utf8))
        #expect(((searched as? [[String: Any]])?.first?["playCount"] as? Int) == 2)
        let smart = try JSONSerialization.jsonObject(
            with: Data(try run(["library", "playlist", "Top Rated", "--json"]).utf8))
        #expect(((smart as? [[String: Any]])?.first?["rating"] as? Int) == 5)
        let lines = try run(["library", "songs", "--stats"]).split(separator: "\n")
        let uno = try #require(lines.first { $0.hasPrefix("Artista — Uno") })
        #expect(uno.contains(" · ★★★★★ · 0 plays · added "), "\(uno)")
        let dos = try #require(lines.first { $0.hasPrefix("Artista — Dos") })
        #expect(dos.contains(" · 2 plays, last played 20"), "\(dos)")
        let playlists = try run(["library", "playlists", "--music-dir", fixtures.music])
        #expect(playlists.contains("Top Rated · 1 "), "\(playlists)")
        #expect(playlists.contains("Most Played · 2 "), "\(playlists)")
        // A smart playlist's songs, numbered, by its English name in any case.
        let mostPlayedList = try run(["library", "playlist", "most played"]).split(separator: "\n")
        #expect(
            mostPlayedList.map { $0.components(separatedBy: " (")[0] } == ["1. Artista — Dos", "2. Artista — Tres"])
        let played = try run(["play", "--playlist", "Top Rated", "--output", "null:fast"])
        #expect(played == "Uno — Artista\n")
        #expect(try run(["library", "songs", "--sort", "recently-played", "--limit", "1"]).hasPrefix("Artista — Uno"))

        let bad = try Fixtures.run(
            Fixtures.addmusic, ["library", "songs", "--sort", "loudest"], environment: environment)
        #expect(bad.status == 2 && bad.errorOutput.contains("most-played"), "\(bad.errorOutput)")
        let badRating = try Fixtures.run(
            Fixtures.addmusic, ["rate", fixtures.music + "/Album/1.flac", "6"], environment: environment)
        #expect(badRating.status == 2)
    }
}
