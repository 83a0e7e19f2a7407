import MediaModel

/// Turns what a person types into an FTS5 query: every word, folded as the index folds its text
/// (`TextFolding.searchText`), becomes a quoted prefix term, all required. A word the folding splits (a run of CJK
/// characters) stays one phrase: its characters must follow each other, the last one as a prefix.
enum SearchQuery {
    /// The MATCH expression for `text`, or nil when it holds no word.
    static func match(for text: String) -> String? {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        let terms = words.prefix(16).map(TextFolding.searchText).filter { term in
            term.contains { $0.isLetter || $0.isNumber }
        }
        guard !terms.isEmpty else { return nil }
        return terms.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " ")
    }
}
