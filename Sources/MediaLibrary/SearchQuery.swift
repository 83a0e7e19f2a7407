/// Turns what a person types into an FTS5 query: every word becomes a quoted prefix term, all required.
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
        guard !words.isEmpty else { return nil }
        return words.prefix(16).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " ")
    }
}
