import Foundation
import Testing

@testable import AddMusicCore

/// The `Localizable.strings` reader: comments skipped, escapes read, non-Latin text kept, and a line without its
/// semicolon or with one string only adding nothing.
@Suite struct StringsFileParserTests {
    @Test func keysAndValuesAreReadWithTheirEscapesAndCommentsAreSkipped() {
        let text = """
            /* a comment with "quotes"; and a semicolon */
            "plain" = "Plain";
            // "commented" = "out";
            "escaped" = "Say \\"hi\\"\\nthen\\ttab \\\\ done";
            "Grüße" = "Grüße, 你好 — ½";
            "lonely";
            "a" = "b" "c";
            "last" = "Last";
            """
        let table = StringsFileParser.parse(text)
        #expect(table["plain"] == "Plain")
        #expect(table["commented"] == nil)
        #expect(table["escaped"] == "Say \"hi\"\nthen\ttab \\ done")
        #expect(table["Grüße"] == "Grüße, 你好 — ½")
        #expect(table["lonely"] == nil && table["a"] == nil)
        #expect(table["last"] == "Last")
        #expect(table.count == 4)
    }

    @Test func theAppsTablesReadWholeAndAlike() throws {
        let bundle = try #require(Localizer.resourceBundle)
        var keys: [String: Set<String>] = [:]
        for language in ["en", "de", "fr"] {
            let path = bundle.bundlePath + "/\(language).lproj/Localizable.strings"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let table = StringsFileParser.parse(text)
            // Every entry of the file is read: one semicolon ends each, and none is inside a string or comment.
            let entries = text.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix(";") }.count
            #expect(table.count == entries, "\(language): \(table.count) of \(entries)")
            keys[language] = Set(table.keys)
        }
        #expect(keys["de"] == keys["en"] && keys["fr"] == keys["en"])
    }
}
