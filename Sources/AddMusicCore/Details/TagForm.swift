import MediaLibrary
import MediaModel

/// The tag editor's fields for one song or several (B-H10): each field shows the value the songs share, or is
/// left empty as "keep each song's" where they differ; what the user typed becomes the `TagChanges` written to
/// every song. A field's several values show joined by "; " and are split there again.
public struct TagForm: Sendable, Equatable {
    /// What a field shows.
    public enum Value: Sendable, Equatable {
        /// Every song holds this text (empty: none has the field).
        case same(String)
        /// The songs differ: the field is empty, and left empty it keeps each song's own.
        case differs
    }

    /// The fields the editor offers, in its order.
    public static let fields: [TagChanges.Field] = [
        .title, .artist, .album, .albumArtist, .genre, .year, .track, .disc, .composer,
    ]

    /// The fields of several values each.
    static let listFields: Set<TagChanges.Field> = [.artist, .albumArtist, .genre, .composer]

    public private(set) var values: [TagChanges.Field: Value] = [:]
    public private(set) var lyrics: Value

    /// The form for `tags`, one song's or several songs'.
    public init(_ tags: [FileTags]) {
        func shared(_ texts: [String]) -> Value {
            guard let first = texts.first else { return .same("") }
            return texts.allSatisfy { $0 == first } ? .same(first) : .differs
        }
        for field in Self.fields {
            values[field] = shared(tags.map { $0.values(of: field).joined(separator: "; ") })
        }
        lyrics = shared(tags.map { $0.values(of: .lyrics).joined(separator: "\n") })
    }

    /// The text a field starts with.
    public func shownText(_ field: TagChanges.Field) -> String {
        if case .same(let text) = values[field] { return text }
        return ""
    }

    /// The lyrics the editor starts with.
    public var shownLyrics: String {
        if case .same(let text) = lyrics { return text }
        return ""
    }

    /// Whether the songs differ in `field`.
    public func differs(_ field: TagChanges.Field) -> Bool { values[field] == .differs }

    /// The changes for what the user left in the fields: a field whose text is what it showed is kept, and so is a
    /// field of differing songs left empty; any other text is written (an empty one removes the field).
    /// - Throws: `TagFormError` for a track, disc or year that is not a number.
    public func changes(typed: [TagChanges.Field: String], lyrics typedLyrics: String?, cover: TagChanges.Cover)
        throws(TagFormError) -> TagChanges
    {
        var changes = TagChanges(cover: cover)
        for field in Self.fields {
            guard let raw = typed[field] else { continue }
            let text = raw.trimmingWhitespace
            if text == shownText(field).trimmingWhitespace { continue }  // as shown; or left empty where they differ
            switch field {
            case .track, .disc:
                guard text.isEmpty || Self.isNumberPair(text) else { throw .notANumber(field, text) }
            case .year:
                guard text.isEmpty || (text.count <= 10 && text.first?.isNumber == true) else {
                    throw .notANumber(field, text)
                }
            default: break
            }
            changes.fields[field] =
                text.isEmpty
                ? []
                : Self.listFields.contains(field)
                    ? text.split(separator: ";").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty } : [text]
        }
        if let typedLyrics, typedLyrics != shownLyrics {
            changes.fields[.lyrics] = typedLyrics.trimmingWhitespace.isEmpty ? [] : [typedLyrics]
        }
        return changes
    }

    /// "3" or "3/12".
    public static func isNumberPair(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

/// Why the tag editor's fields cannot be written.
public enum TagFormError: Error, Equatable, Sendable {
    case notANumber(TagChanges.Field, String)
}

extension String {
    /// Without white space at either end.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
