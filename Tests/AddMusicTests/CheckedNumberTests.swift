import Foundation
import MediaModel
import Testing

/// Numbers from outside never trap on their way to an integer, and the sources convert floating point to integers
/// only through the checked helper.
struct CheckedNumberTests {
    @Test func conversionsClampAndNeverTrap() {
        #expect(Int(clamping: Double.nan) == 0)
        #expect(Int(clamping: Double.nan, nanValue: 7) == 7)
        #expect(Int(clamping: Double.infinity) == Int.max)
        #expect(Int(clamping: -Double.infinity) == Int.min)
        #expect(Int64(clamping: 1e15 * 1e6) == Int64.max)
        #expect(Int64(clamping: 9_223_372_036_854_775_807.0) == Int64.max)
        #expect(UInt64(clamping: -5.0) == 0)
        #expect(Int16(clamping: 40_000.0) == Int16.max)
        #expect(Int(clamping: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Int(clamping: -2.5) == -2)
        #expect(Int(checked: Double.nan) == nil)
        #expect(Int(checked: 1e19) == nil)
        #expect(Int(checked: 42.9) == 42)
    }

    @Test func timesFromOutsideAreCheckedIntoTheirRange() {
        #expect(MediaTime.duration(5.8e14) == nil)
        #expect(MediaTime.duration(-1) == nil)
        #expect(MediaTime.duration(.nan) == nil)
        #expect(MediaTime.duration(180) == 180)
        #expect(MediaTime.position(.nan) == 0)
        #expect(MediaTime.position(1e15) == MediaTime.maximumSeconds)
        #expect(MediaTime.position(-3) == 0)
        #expect(MediaTime.validPosition(1e15) == nil)
        // Past the checks, a time times a sample rate or 10^6 always fits 64 bits.
        #expect(MediaTime.maximumSeconds * 1e6 < Double(Int64.max))
        #expect(MediaTime.maximumSeconds * 768_000 < Double(Int64.max))
    }

    /// A conversion like `Int(seconds * 1e6)` or `Int(x.rounded())` traps on NaN or a huge value: none may remain.
    @Test func theSourcesConvertFloatingPointOnlyThroughTheCheckedHelper() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let raw = try NSRegularExpression(
            pattern:
                #"\b(U?Int(8|16|32|64)?|CInt|gint|guint)\((?!clamping:|checked:|bitPattern:|truncatingIfNeeded:|exactly:)[^()\n]*(\.rounded\(|Double\(|Float\(|\d\.\d|\de\d)"#
        )
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if raw.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
