import Foundation
import MediaLibrary
import MediaModel

/// The smart playlists on the shelf (B-H9): listed beside the others for both players, their songs matched on the
/// index or on the daemon's database and stickers, made and edited from their rules, renamed, duplicated, deleted
/// (Undo puts the rules back). Their rules are the same files whichever player plays.
extension PlaylistShelf {
    /// The smart playlists' names: the built-in ones first, then the user's; none on a daemon without stickers.
    func smartNames() -> [String] {
        if case .daemon(let address) = store,
            (try? DaemonSmartPlaylists(address: address, definitions: smart).isAvailable()) != true
        {
            return []
        }
        return smart.names()
    }

    /// The songs `rules` match now (those of the playlist `name`, when it is a built-in one never edited: on the
    /// daemon these come from the stickers alone).
    public func songs(matching rules: SmartRules, named name: String? = nil) throws -> [MediaItem] {
        switch store {
        case .files(_, _, let library):
            guard let library else { return [] }
            return try library.songs(matching: rules)
        case .daemon(let address):
            let daemon = DaemonSmartPlaylists(address: address, definitions: smart)
            if let name, smart.isBuiltInUnchanged(name) { return try daemon.songs(named: name) }
            return try daemon.songs(matching: rules)
        }
    }

    /// The rules of the smart playlist `name`.
    public func rules(of name: String) throws -> SmartRules { try smart.rules(of: name) }

    /// Saves `rules` as the smart playlist `name`: a new one when `replacing` is nil (never over a playlist of
    /// either kind), else in place of the smart playlist `replacing`, renamed to `name` when the names differ.
    public func saveSmart(_ name: String, rules: SmartRules, replacing: String?) throws {
        let others = try ordinaryNames()
        guard let replacing else {
            try smart.create(name, rules: rules, otherPlaylists: others)
            return
        }
        if replacing != name { try smart.rename(replacing, to: name, otherPlaylists: others) }
        try smart.save(name, rules: rules)
    }

    /// Renames the smart playlist `name` (a built-in one keeps its name).
    public func renameSmart(_ name: String, to newName: String) throws {
        try smart.rename(name, to: newName, otherPlaylists: try ordinaryNames())
    }

    /// Deletes the smart playlist `name` (an edited built-in one gets its own rules back); its rules are kept in
    /// what is returned, for `restore`.
    public func deleteSmart(_ name: String) throws -> Deleted {
        let rules = try smart.rules(of: name)
        try smart.delete(name)
        return Deleted(name: name, shelf: self, entries: [], uris: [], rules: rules)
    }

    /// Brings back a deleted smart playlist's rules (refused when a playlist of its name was made since; an edited
    /// built-in one gets its edited rules again).
    func restoreSmart(_ name: String, rules: SmartRules) throws {
        if SmartPlaylist(name: name) != nil {
            guard smart.isBuiltInUnchanged(name) else { throw SmartPlaylistError.alreadyExists(name) }
            try smart.save(name, rules: rules)
        } else {
            try smart.create(name, rules: rules, otherPlaylists: try ordinaryNames())
        }
    }

    /// Copies the smart playlist `name`'s rules to a new one named `newName`.
    func duplicateSmart(_ name: String, as newName: String) throws {
        try smart.create(newName, rules: try smart.rules(of: name), otherPlaylists: try ordinaryNames())
    }
}
