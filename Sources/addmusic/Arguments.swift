/// The command line, split into words and options (`--name value`, `--name=value`, `--flag`).
struct Arguments {
    /// Words that are not options, in order.
    private(set) var words: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The words and values whose bytes were not valid UTF-8 (as the repaired text Swift made of them, with U+FFFD).
    private let notUTF8: Set<String>

    /// Options that take a value; every other `--name` is a flag.
    static let valued: Set<String> = [
        "music-dir", "limit", "offset", "bench", "player", "output", "album", "artist", "genre", "composer", "search",
        "loops", "name", "playlist", "sort", "title", "album-artist", "year", "track", "disc", "compilation", "lyrics",
        "cover", "rating", "rule", "add-rule", "remove-rule", "match", "order", "eq",
        "crossfade", "server", "token", "api-key", "api-secret", "sleep",
    ]

    /// `notUTF8`: the arguments whose bytes were not valid UTF-8, as `Arguments.notUTF8InCommandLine()` finds them.
    init(_ arguments: [String], notUTF8: Set<String> = []) throws(CommandError) {
        self.notUTF8 = notUTF8
        var rest = arguments[...]
        while let word = rest.popFirst() {
            if word == "--" {
                words += rest
                break
            }
            guard word.hasPrefix("--"), word.count > 2 else {
                if word == "-h" { flags.insert("help") } else { words.append(word) }
                continue
            }
            let body = word.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                options[String(body[..<equals]), default: []].append(String(body[body.index(after: equals)...]))
            } else if Self.valued.contains(String(body)) {
                guard let value = rest.popFirst() else { throw .missingValue(String(body)) }
                options[String(body), default: []].append(value)
            } else {
                flags.insert(String(body))
            }
        }
    }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Every value of `--name`.
    func values(_ name: String) -> [String] { options[name] ?? [] }
    /// The last value of `--name`.
    func value(_ name: String) -> String? { options[name]?.last }

    /// The integer value of `--name`, or `defaultValue`.
    func integer(_ name: String, default defaultValue: Int) throws(CommandError) -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), number >= 0 else { throw .badNumber(name, text) }
        return number
    }

    /// Whether `word` (a word or a value of this command line) came as valid UTF-8. Swift decodes the command line
    /// with repair, so `$'\xff'` and `$'\xfe'` both read as "\u{FFFD}": text that must name one thing (a playlist)
    /// asks this first.
    func isUTF8(_ word: String) -> Bool { !notUTF8.contains(word) }

    /// The arguments of this process (its name left out) whose bytes are not valid UTF-8, as repaired text.
    static func notUTF8InCommandLine() -> Set<String> {
        var found: Set<String> = []
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            found.insert(String(cString: raw))
        }
        return found
    }

    /// Drops the first word (a subcommand's name) and returns it.
    mutating func popWord() -> String? { words.isEmpty ? nil : words.removeFirst() }
}
