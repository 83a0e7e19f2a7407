import Foundation

/// The tag fixtures of `Tests/Tags/make-tag-fixtures` (ffmpeg for the audio, mutagen for the tags), made on demand,
/// with what each must read as (`expected.json`).
enum TagFixtures {
    /// One fixture file and what it must give.
    struct Entry: Decodable {
        var file: String
        var expect: Expected
        /// The length of a full decode, in seconds, where it is checked.
        var decoded: Double?
    }

    /// The fields a file must read as (nil: not checked, or absent).
    struct Expected: Decodable {
        var title: String?
        var artist: [String]?
        var album: String?
        var albumartist: [String]?
        var genre: [String]?
        var composer: [String]?
        var year: Int?
        var track: Int?
        var disc: Int?
        var bpm: Int?
        var titleSort: String?
        var artistSort: String?
        var lyrics: String?
        var rating: Double?
        var musicBrainzTrack: String?
        var artwork: Bool?
    }

    static var generator: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
            + "/Tags/make-tag-fixtures"
    }

    /// Makes the set `kind` ("corpus", "cases", "writable") in `directory`; returns what each file must give.
    static func make(_ kind: String, in directory: String) throws -> [Entry] {
        let result = try Fixtures.run("/usr/bin/python3", [generator, kind, directory])
        guard result.status == 0 else {
            throw FixtureError(message: "make-tag-fixtures \(kind) failed: \(result.errorOutput)")
        }
        guard kind != "writable" else { return [] }
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json"))
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    /// What mutagen reads from `path` (the fields AddMusic reads).
    static func mutagenRead(_ path: String) throws -> Expected {
        let result = try Fixtures.run("/usr/bin/python3", [generator, "read", path])
        guard result.status == 0 else { throw FixtureError(message: "mutagen could not read \(path)") }
        return try JSONDecoder().decode(Expected.self, from: Data(result.output.utf8))
    }
}
