import Foundation
import MediaLibrary
import Testing

/// `addmusic playlist smart …` makes, shows, edits and deletes smart playlists kept as files; `library playlist`
/// and `play --playlist` take them by name; a file edited by hand into nonsense is named with its line, and
/// nothing is lost (B-H9).
@Suite struct SmartPlaylistCommandTests {
    /// Five songs: two Jazz (one rated 4 by its tag), a Blues, a Rock, one without a genre.
    private func library() throws -> (Fixtures, [String: String]) {
        let fixtures = try Fixtures()
        let songs: [(String, String?, String?)] = [
            ("Blue in Green", "Jazz", "4"), ("So What", "Jazz", nil), ("Hoochie Coochie Man", "Blues", nil),
            ("Paranoid", "Rock", nil), ("Untitled", nil, nil),
        ]
        for (index, (title, genre, rating)) in songs.enumerated() {
            var tags = ["title": title, "artist": "Artist \(index)", "track": "\(index + 1)"]
            if let genre { tags["genre"] = genre }
            if let rating { tags["rating"] = rating }
            try fixtures.tone("\(index).flac", frequency: 300 + 60 * index, seconds: 0.3, tags: tags)
        }
        let environment = fixtures.environment()
        #expect(
            try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment).status
                == 0)
        return (fixtures, environment)
    }

    private func run(_ arguments: [String], _ environment: [String: String], status: Int32 = 0) throws -> String {
        let result = try Fixtures.run(Fixtures.addmusic, arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.output)\(result.errorOutput)")
        return status == 0 ? result.output : result.errorOutput
    }

    private func titles(_ playlist: String, _ environment: [String: String]) throws -> [String] {
        let json = try run(["library", "playlist", playlist, "--json"], environment)
        let records = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return records.compactMap { $0["title"] as? String }
    }

    @Test func aSmartPlaylistMadeOnTheCommandLineHoldsExactlyTheSongsItsRulesMatch() throws {
        let (fixtures, environment) = try library()
        defer { withExtendedLifetime(fixtures) {} }
        let made = try run(
            [
                "playlist", "smart", "create", "Evening", "--rule", "genre is jazz", "--rule", "rating >= 4", "--limit",
                "50",
                "--order", "random",
            ], environment)
        #expect(made == "Made the smart playlist “Evening”: it holds 1 song now.\n")
        #expect(try titles("Evening", environment) == ["Blue in Green"])
        let file = fixtures.root + "/data-home/addmusic/playlists/Evening.smart"
        #expect(
            try String(contentsOfFile: file, encoding: .utf8) == """
                # AddMusic smart playlist
                match = all
                rule = genre is jazz
                rule = rating >= 4
                limit = 50 songs
                order = random

                """)
        // Any of the rules, then one rule more, then the second one out; shown as its file says it.
        _ = try run(["playlist", "smart", "edit", "Evening", "--match", "any", "--order", "title"], environment)
        #expect(try titles("Evening", environment) == ["Blue in Green", "So What"])
        _ = try run(["playlist", "smart", "edit", "Evening", "--add-rule", "genre starts with blu"], environment)
        #expect(try titles("Evening", environment) == ["Blue in Green", "Hoochie Coochie Man", "So What"])
        _ = try run(["playlist", "smart", "edit", "Evening", "--remove-rule", "2", "--limit", "none"], environment)
        #expect(
            try run(["playlist", "smart", "show", "Evening"], environment) == """
                Evening · smart playlist
                match = any
                rule = genre is jazz
                rule = genre starts with blu
                limit = none
                order = title
                3 songs

                """)
        let listed = try run(["playlist", "smart", "list"], environment)
        #expect(
            listed.contains("Top Rated · 1 song · built in\n") && listed.hasSuffix("Evening · 3 songs\n"), "\(listed)")
        // Played by name, as the built-in ones are.
        let played = try run(["play", "--playlist", "Evening", "--output", "null:fast"], environment)
        #expect(played.contains("So What"), "\(played)")
        _ = try run(["playlist", "smart", "delete", "Evening"], environment)
        #expect(!FileManager.default.fileExists(atPath: file))
        _ = try run(["library", "playlist", "Evening"], environment, status: 2)
    }

    @Test func theBuiltInSmartPlaylistsAreEditedLikeOthersAndDeletingTheEditBringsTheirRulesBack() throws {
        let (fixtures, environment) = try library()
        defer { withExtendedLifetime(fixtures) {} }
        #expect(
            try run(["playlist", "smart", "show", "top rated"], environment) == """
                top rated · smart playlist
                match = all
                rule = rating >= 4
                limit = 100 songs
                order = top rated
                1 song

                """)
        _ = try run(["playlist", "smart", "edit", "Top Rated", "--rule", "rating >= 0", "--limit", "2"], environment)
        #expect(try titles("Top Rated", environment).count == 2)
        #expect(
            try run(["playlist", "smart", "delete", "Top Rated"], environment)
                == "“Top Rated” has its built-in rules again.\n")
        #expect(try titles("Top Rated", environment) == ["Blue in Green"])
        let refused = try run(["playlist", "smart", "delete", "Top Rated"], environment, status: 1)
        #expect(refused.contains("is built in"), "\(refused)")
    }

    @Test func badRulesAndAFileEditedIntoNonsenseAreNamedAndNothingIsLost() throws {
        let (fixtures, environment) = try library()
        defer { withExtendedLifetime(fixtures) {} }
        let unknown = try run(["playlist", "smart", "create", "X", "--rule", "mood is calm"], environment, status: 1)
        #expect(unknown.contains("No field is named “mood”. The fields: title, artist"), "\(unknown)")
        let wrongKind = try run(
            ["playlist", "smart", "create", "X", "--rule", "rating >= lots"], environment, status: 1)
        #expect(wrongKind.contains("“rating” cannot be “lots”: give a number of stars from 0 to 5."), "\(wrongKind)")
        let order = try run(["playlist", "smart", "create", "X", "--order", "loudest"], environment, status: 1)
        #expect(order.contains("“order” cannot be “loudest”. It takes random, library"), "\(order)")
        let playlists = fixtures.root + "/data-home/addmusic/playlists"
        #expect(!FileManager.default.fileExists(atPath: playlists + "/X.smart"))

        _ = try run(["playlist", "smart", "create", "Jazz", "--rule", "genre is Jazz"], environment)
        _ = try run(["playlist", "smart", "create", "Rock", "--rule", "genre is Rock"], environment)
        let file = playlists + "/Jazz.smart"
        let nonsense = "match = all\nrule = genre is Jazz\nrule = genre sounds like \u{1B}]0;pwned\u{07}Jazz\n"
        try Data(nonsense.utf8).write(to: URL(fileURLWithPath: file))
        let said = try run(["library", "playlist", "Jazz"], environment, status: 1)
        #expect(said.contains("\(file), line 3: After “genre” comes no operator at “sounds like"), "\(said)")
        #expect(!said.contains("\u{1B}"), "the escape sequence reached the terminal: \(said)")
        let edit = try run(["playlist", "smart", "edit", "Jazz", "--limit", "5"], environment, status: 1)
        #expect(edit.contains("line 3"), "\(edit)")
        // The file stays as it was; the other playlists still work, and the listing names the broken one.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == nonsense)
        #expect(try titles("Rock", environment) == ["Paranoid"])
        // Listed in their order, the broken one with its line named.
        let smartListed = try run(["playlist", "smart", "list"], environment).split(separator: "\n")
        #expect(smartListed.suffix(2).first?.hasPrefix("Jazz · \(file), line 3: ") == true, "\(smartListed)")
        #expect(smartListed.last == "Rock · 1 song", "\(smartListed)")
        let listed = try run(["library", "playlists"], environment)
        #expect(
            listed.contains("Jazz · ") && listed.contains("line 3") && listed.contains("Rock · 1 entry"), "\(listed)")
        // A name taken by an ordinary playlist is refused.
        _ = try run(["playlist", "create", "Mine"], environment)
        let taken = try run(["playlist", "smart", "create", "Mine"], environment, status: 1)
        #expect(taken.contains("A playlist named “Mine” exists already."), "\(taken)")
    }

    @Test func inGermanAWrongRuleIsSaidInGerman() throws {
        let fixtures = try Fixtures()
        defer { withExtendedLifetime(fixtures) {} }
        let environment = fixtures.environment(language: "de_DE.UTF-8")
        let said = try run(["playlist", "smart", "create", "X", "--rule", "rating contains 4"], environment, status: 1)
        #expect(said.contains("„rating“ kennt „contains“ nicht."), "\(said)")
    }
}
