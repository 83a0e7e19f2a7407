import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic playlist smart list|show|create|edit|delete …`: smart playlists, their rules kept as files
/// (`SmartPlaylists`), their songs those of the library's index, or of the music daemon's database and stickers with
/// `--player system` (B-H9).
struct SmartPlaylistCommand {
    let arguments: Arguments
    let text = Localizer.app
    let playlists = SmartPlaylists()

    /// Carries out the action named by the next word. A `SmartPlaylistError` is said by the command's caller
    /// (`SmartPlaylistText`).
    func run(_ arguments: inout Arguments) throws {
        guard let action = arguments.popWord() else { throw CommandError.failure(text.string("smart.needAction")) }
        switch action {
        case "list": try list()
        case "show": try show(try PlaylistCommand.popName(&arguments, "smart show"))
        case "create": try create(try PlaylistCommand.popName(&arguments, "smart create"), arguments)
        case "edit": try edit(try PlaylistCommand.popName(&arguments, "smart edit"), arguments)
        case "delete":
            let name = try PlaylistCommand.popName(&arguments, "smart delete")
            let builtIn = SmartPlaylist(name: name) != nil
            try playlists.delete(name)
            print(text.string(builtIn ? "smart.restored" : "smart.deleted", safe(name)))
        default: throw CommandError.unknownCommand("playlist smart " + action)
        }
    }

    /// One line a smart playlist, in `SmartPlaylists.names()` order: its name and its songs now, or why its file
    /// cannot be read (with `--json`, the readable ones).
    private func list() throws {
        var records: [SmartPlaylistRecord] = []
        var lines: [String] = []
        for name in playlists.names() {
            do {
                let rules = try playlists.rules(of: name)
                let record = SmartPlaylistRecord(
                    name: name, rules: rules, builtIn: playlists.isBuiltInUnchanged(name),
                    songs: try songs(of: rules).count)
                records.append(record)
                let built = record.builtIn ? " · " + text.string("smart.builtInTag") : ""
                lines.append(safe(name) + " · " + text.count("count.songs", record.songs ?? 0) + built)
            } catch let error as SmartPlaylistError {
                lines.append(safe(name) + " · " + SmartPlaylistText.describe(error))
            }
        }
        if arguments.flag("json") {
            printJSON(records)
        } else {
            for line in lines { print(line) }
        }
    }

    /// The definition of `name`, as its file says it, and how many songs it holds now.
    private func show(_ name: String) throws {
        let rules = try playlists.rules(of: name)
        let count = try songs(of: rules).count
        if arguments.flag("json") {
            printJSON(
                SmartPlaylistRecord(name: name, rules: rules, builtIn: playlists.isBuiltInUnchanged(name), songs: count)
            )
            return
        }
        print(safe(name) + " · " + text.string("playlist.smart"))
        for line in rules.encoded.split(separator: "\n") where !line.hasPrefix("#") { print(safe(String(line))) }
        print(text.count("count.songs", count))
    }

    /// `create NAME [--match all|any] [--rule RULE]… [--limit N|N minutes] [--order ORDER]`.
    private func create(_ name: String, _ arguments: Arguments) throws {
        var rules = SmartRules()
        try apply(arguments, to: &rules)
        try playlists.create(name, rules: rules, otherPlaylists: UserPlaylists().names())
        print(text.string("smart.created", safe(name), text.count("count.songs", try songs(of: rules).count)))
    }

    /// `edit NAME`: `--rule` replaces the rules (all given), `--add-rule` appends one, `--remove-rule N` takes the
    /// Nth out; `--match`, `--limit` (`none` for no limit) and `--order` replace theirs.
    private func edit(_ name: String, _ arguments: Arguments) throws {
        var rules = try playlists.rules(of: name)
        let removed = try arguments.values("remove-rule").map { written -> Int in
            guard let position = Int(written), position >= 1, position <= rules.rules.count else {
                throw CommandError.failure(text.string("smart.badRulePosition", safe(written), rules.rules.count))
            }
            return position
        }
        for position in Set(removed).sorted(by: >) { rules.rules.remove(at: position - 1) }
        try apply(arguments, to: &rules)
        rules.rules += try arguments.values("add-rule").map(parsed)
        try playlists.save(name, rules: rules)
        print(text.string("smart.edited", safe(name), text.count("count.songs", try songs(of: rules).count)))
    }

    /// Takes `--match`, `--rule` (all of them, replacing the rules), `--limit` and `--order` into `rules`.
    private func apply(_ arguments: Arguments, to rules: inout SmartRules) throws {
        if let match = arguments.value("match") {
            guard let found = SmartRules.Match(rawValue: match.lowercased()) else {
                throw SmartPlaylistError.badSetting(key: "match", value: match)
            }
            rules.match = found
        }
        let written = arguments.values("rule")
        if !written.isEmpty { rules.rules = try written.map(parsed) }
        if let limit = arguments.value("limit") {
            if limit.lowercased() == "none" {
                rules.limit = nil
            } else {
                guard let found = SmartLimit(parsing: limit) else {
                    throw SmartPlaylistError.badSetting(key: "limit", value: limit)
                }
                rules.limit = found
            }
        }
        if let order = arguments.value("order") {
            guard let found = SmartOrder(name: order) else {
                throw SmartPlaylistError.badSetting(key: "order", value: order)
            }
            rules.order = found
        }
        guard rules.rules.count <= SmartRules.maximumRules else {
            throw CommandError.failure(text.string("smart.tooManyRules", SmartRules.maximumRules))
        }
    }

    private func parsed(_ rule: String) throws -> SmartRule {
        guard arguments.isUTF8(rule) else { throw SmartPlaylistError.badValue(field: .title, value: rule) }
        return try SmartRule(parsing: rule)
    }

    /// The songs of a smart playlist of `rules` now: the index's, or the daemon's with `--player system`.
    private func songs(of rules: SmartRules) throws -> [MediaItem] {
        guard arguments.value("player") == "system" else { return try MusicLibrary().songs(matching: rules) }
        do {
            return try DaemonSmartPlaylists().songs(matching: rules)
        } catch let error as MPDError {
            return try withDaemon { () throws(MPDError) -> [MediaItem] in throw error }
        }
    }

    private func safe(_ text: String) -> String { TerminalSafeText.make(text) }
}
