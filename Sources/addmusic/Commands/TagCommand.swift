import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic tag FILE… [--title T] [--artist A]… [--album …] [--album-artist …]… [--genre …]… [--year Y]
/// [--track N[/M]] [--disc N[/M]] [--composer …]… [--compilation yes|no] [--lyrics FILE|TEXT] [--cover IMAGE |
/// --no-cover] [--rating 0-5]`: writes the tags into each file through `TagWriter` (an empty value removes the
/// field; an option given twice gives two values), then updates the index (the song keeps its id and statistics)
/// and, with the system player, asks the daemon to read the file again. `addmusic tag FILE… --json` shows the files'
/// tags. A rating goes into the index, and into the file only with `ratings-in-files = on`. Exit status 1 when a
/// file could not be written (the others are).
struct TagCommand {
    let arguments: Arguments
    let text = Localizer.app

    /// The options that set a field, and the field.
    static let fieldOptions: [(option: String, field: TagChanges.Field)] = [
        ("title", .title), ("artist", .artist), ("album", .album), ("album-artist", .albumArtist), ("genre", .genre),
        ("year", .year), ("track", .track), ("disc", .disc), ("composer", .composer),
    ]

    func run() throws -> Int32 {
        let files = arguments.words.map(LibraryPath.absolute)
        guard !files.isEmpty else { throw CommandError.failure(text.string("tag.usage")) }
        if arguments.flag("json") { return try show(files) }
        let preferences = try Preferences(playerFlag: arguments.value("player"))
        let changes = try self.changes(ratingsInFiles: preferences.ratingsInFiles)
        let rating = try self.rating()
        guard !changes.isEmpty || rating != nil else { throw CommandError.failure(text.string("tag.nothing")) }
        let library = try MusicLibrary()
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
        var status: Int32 = 0
        var written: [LibraryPath] = []
        for file in files {
            let outcome: TagWriter.Outcome
            if changes.isEmpty {
                outcome = TagWriter.Outcome(path: file, followedLink: false)
            } else {
                do {
                    outcome = try TagWriter.write(changes, to: file)
                } catch {
                    printError(
                        text.string(
                            "tag.failed", TerminalSafeText.make(file.description),
                            TagWriteText.reason(error, text: text)))
                    status = 1
                    continue
                }
            }
            if outcome.followedLink, !roots.contains(where: { outcome.path.isInside($0) }) {
                printError(
                    text.string(
                        "tag.followedLink", TerminalSafeText.make(file.description),
                        TerminalSafeText.make(outcome.path.description)))
            }
            written.append(outcome.path)
            print(text.string("tag.written", TerminalSafeText.make(outcome.path.description)))
        }
        let updated = try update(
            written, rewritten: !changes.isEmpty, rating: rating, library: library, preferences: preferences)
        return updated ? status : 1
    }

    /// The changes the options ask for.
    private func changes(ratingsInFiles: Bool) throws -> TagChanges {
        var changes = TagChanges()
        for (option, field) in Self.fieldOptions where !arguments.values(option).isEmpty {
            changes.fields[field] = arguments.values(option).filter { !$0.isEmpty }
        }
        for (option, field) in [("track", TagChanges.Field.track), ("disc", .disc)] {
            for value in changes.fields[field] ?? [] where !TagForm.isNumberPair(value) {
                throw CommandError.failure(text.string("tag.badNumber", option, TerminalSafeText.make(value)))
            }
        }
        if let compilation = arguments.value("compilation") {
            switch compilation {
            case "yes": changes.fields[.compilation] = ["1"]
            case "no": changes.fields[.compilation] = []
            default: throw CommandError.failure(text.string("tag.usage"))
            }
        }
        if let lyrics = arguments.value("lyrics") {
            // A file's text when the value names a readable file, else the value itself.
            let fromFile =
                FileManager.default.isReadableFile(atPath: lyrics)
                ? (try? String(contentsOfFile: lyrics, encoding: .utf8)) : nil
            changes.fields[.lyrics] = (fromFile ?? lyrics).isEmpty ? [] : [fromFile ?? lyrics]
        }
        if arguments.flag("no-cover") {
            changes.cover = .remove
        } else if let cover = arguments.value("cover") {
            guard let data = FileManager.default.contents(atPath: cover), data.count <= 16 * 1024 * 1024 else {
                throw CommandError.failure(text.string("tag.badCover", TerminalSafeText.make(cover)))
            }
            changes.cover = .set(Array(data))
        }
        if ratingsInFiles, let rating = try rating() { changes.rating = rating }
        return changes
    }

    /// The rating asked for, 0–5.
    private func rating() throws -> Int? {
        guard let value = arguments.value("rating") else { return nil }
        guard let stars = Int(value), (0...5).contains(stars) else {
            throw CommandError.failure(text.string("tag.badNumber", "rating", TerminalSafeText.make(value)))
        }
        return stars
    }

    /// The index and the daemon through `TagEditor` (each folder of an indexed song written is rescanned once: the
    /// songs keep their ids and statistics; the daemon reads the files again), then the rating, into the index and,
    /// with the system player, the daemon's stickers. Returns whether everything was brought up to date.
    private func update(
        _ paths: [LibraryPath], rewritten: Bool, rating: Int?, library: MusicLibrary, preferences: Preferences
    ) throws -> Bool {
        let daemon = preferences.playerKind == .system && !paths.isEmpty ? SystemMusicPlayer() : nil
        defer { daemon?.shutDown() }
        let items = paths.map { MediaItem(id: 0, path: $0, title: $0.stem) }
        let editor = TagEditor(library: library, daemon: daemon, text: text)
        let problems =
            rewritten
            ? editor.update(items.map { TagEditor.Target(path: $0.path, daemonURI: daemon?.daemonURI(for: $0)) })
            : []
        problems.forEach { printError($0) }
        guard let rating else { return problems.isEmpty }
        for path in paths {
            if let song = try library.item(atPath: path) { _ = try library.setRating(rating, of: song.id) }
        }
        if let daemon {
            let recorder = StatisticsRecorder(player: daemon, library: library)
            for item in items { try recorder.setRating(rating, of: item) }
        }
        return problems.isEmpty
    }

    /// Shows each file's tags as JSON: the song as the library reads it, and every tag TagLib finds.
    private func show(_ files: [LibraryPath]) throws -> Int32 {
        var records: [TagRecord] = []
        var status: Int32 = 0
        for file in files {
            do {
                records.append(TagRecord(song: SongRecord(try MediaItem.unindexed(file)), tags: try FileTags(file)))
            } catch {
                printError(text.string("tag.unreadable", TerminalSafeText.make(file.description)))
                status = 1
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(records), as: UTF8.self))
        return status
    }
}

/// A file's tags as `addmusic tag --json` prints them.
struct TagRecord: Encodable {
    var song: SongRecord
    var tags: FileTags
}
