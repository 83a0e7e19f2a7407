import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The tag editor's parts below the window (B-H10): `TagForm` shows what songs share and writes only what the user
/// changed; `TagEditor` writes several files, and its undo puts back each file's own tags and cover, the audio bit
/// for bit what it was; a file that cannot be written is named and left as it was; the controller ends an edit with
/// one message carrying Undo.
@Suite struct TagEditorTests {
    private func decodedAudio(_ path: String) throws -> String {
        try Fixtures.run(
            "/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a:0", "-f", "md5", "-"]
        ).output
    }

    @Test func theFormShowsWhatTheSongsShareAndWritesOnlyWhatWasChanged() throws {
        let fixtures = try Fixtures()
        let first = try fixtures.tone(
            "a.flac", tags: ["title": "One", "artist": "Ana", "album": "Shared", "track": "1", "date": "2001"])
        let second = try fixtures.tone(
            "b.mp3", tags: ["title": "Two", "artist": "Ben", "album": "Shared", "track": "2", "date": "2001"])
        let form = TagForm([try FileTags(LibraryPath(first)), try FileTags(LibraryPath(second))])
        #expect(form.shownText(.album) == "Shared" && !form.differs(.album))
        #expect(form.shownText(.year) == "2001")
        #expect(form.differs(.title) && form.differs(.artist) && form.differs(.track))
        #expect(form.shownText(.composer) == "" && !form.differs(.composer))
        // Nothing typed: nothing to write; a differing field left empty keeps each song's.
        let untouched = try form.changes(
            typed: [.title: "", .album: "Shared", .artist: "", .year: " 2001 "], lyrics: "", cover: .keep)
        #expect(untouched.isEmpty)
        // A shared field changed, a differing one given one value for all, a list split at ";", a field emptied.
        let changes = try form.changes(
            typed: [.album: "New Album", .artist: "Cleo", .genre: "Jazz; Soul", .year: ""], lyrics: nil, cover: .remove)
        #expect(changes.fields == [.album: ["New Album"], .artist: ["Cleo"], .genre: ["Jazz", "Soul"], .year: []])
        #expect(changes.cover == .remove)
        #expect(throws: TagFormError.notANumber(.track, "three")) {
            try form.changes(typed: [.track: "three"], lyrics: nil, cover: .keep)
        }
        #expect(try form.changes(typed: [.track: "3/12"], lyrics: nil, cover: .keep).fields == [.track: ["3/12"]])
    }

    @Test func anEditOfEveryFormatIsUndoneToEachFilesOwnTagsAndCoverWithTheAudioKept() throws {
        let fixtures = try Fixtures()
        _ = try TagFixtures.make("writable", in: fixtures.music)
        let cover = try fixtures.picture(fixtures.root + "/cover.png", width: 48, height: 48)
        let coverBytes = Array(try Data(contentsOf: URL(fileURLWithPath: cover)))
        let paths = try FileManager.default.contentsOfDirectory(atPath: fixtures.music).sorted().map {
            LibraryPath(fixtures.music + "/" + $0)
        }
        let before = try paths.map { try FileTags($0, withCover: true) }
        let audio = try paths.map { try decodedAudio($0.description) }
        let editor = TagEditor(library: nil, daemon: nil)
        let changes = TagChanges(
            fields: [.album: ["Édition 二"], .genre: ["Jazz", "Soul"], .track: ["7/9"], .lyrics: ["la la"]],
            cover: .set(coverBytes))
        let edit = editor.write(paths.map { (TagEditor.Target(path: $0), changes) })
        #expect(edit.failures.isEmpty, "\(edit.failures.map { "\($0.target.path): \($0.error)" })")
        #expect(edit.written.count == paths.count)
        for path in paths {
            let read = try TagFixtures.mutagenRead(path.description)
            #expect(read.album == "Édition 二" && read.genre == ["Jazz", "Soul"] && read.track == 7, "\(path)")
        }
        let undone = editor.undo(edit.written)
        #expect(undone.failures.isEmpty, "\(undone.failures.map { "\($0.target.path): \($0.error)" })")
        for (index, path) in paths.enumerated() {
            let after = try FileTags(path, withCover: true)
            for field in [TagChanges.Field.album, .genre, .track, .lyrics] {
                #expect(after.values(of: field) == before[index].values(of: field), "\(path): \(field)")
            }
            #expect(after.cover == before[index].cover, "\(path): the cover")
            let read = try TagFixtures.mutagenRead(path.description)
            #expect(read.album != "Édition 二", "\(path)")
            #expect(try decodedAudio(path.description) == audio[index], "\(path): the audio changed")
        }
    }

    @Test func aFileThatCannotBeWrittenIsNamedAndTheOthersAreWrittenAndIndexed() throws {
        let fixtures = try Fixtures()
        let locked = try fixtures.tone("a/locked.flac", tags: ["title": "Locked", "album": "Old"])
        let open = try fixtures.tone("b/open.flac", tags: ["title": "Open", "album": "Old"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.item(atPath: LibraryPath(open))).id
        chmod(locked, 0o444)
        let lockedBytes = try Data(contentsOf: URL(fileURLWithPath: locked))
        let outcome = TagEditor(library: library, daemon: nil).write(
            [locked, open].map { (TagEditor.Target(path: LibraryPath($0)), TagChanges(fields: [.album: ["New"]])) })
        #expect(outcome.failures.map(\.target.path) == [LibraryPath(locked)])
        #expect(outcome.failures.first?.error == .readOnlyFile)
        #expect(try Data(contentsOf: URL(fileURLWithPath: locked)) == lockedBytes)
        #expect(outcome.written.map(\.target.path) == [LibraryPath(open)])
        // The index is brought up to date at once, the song keeping its id.
        let indexed = try #require(try library.item(atPath: LibraryPath(open)))
        #expect(indexed.album == "New" && indexed.id == id)
        #expect(outcome.problems.isEmpty)
    }

    @Test func theControllerEndsAnEditWithOneMessageWhoseUndoPutsTheTagsBack() throws {
        let harness = try ControllerHarness(songs: 2, seconds: 1, heard: false)
        let items = harness.items
        let read = Locked<[SongDetails]?>(nil)
        harness.controller.onMainActor { controller in
            controller.readDetails(of: items) { details in read.withLock { $0 = details } }
        }
        #expect(Fixtures.waitUntil(seconds: 10) { read.withLock { $0 } != nil })
        let details = try #require(read.withLock { $0 })
        #expect(details.count == 2 && details.allSatisfy(\.isEditable))
        #expect(details[0].tags?.audio.sampleRate == 44100 && details[0].statistics?.playCount == 0)
        let shown = details[0].sections().flatMap(\.lines)
        #expect(shown.contains { $0.name == "Sample rate" && $0.value == "44.1 kHz" })
        #expect(shown.contains { $0.name == "ALBUM" && $0.value == "Album" })
        harness.controller.onMainActor { $0.editTags(of: details, changes: TagChanges(fields: [.album: ["Renamed"]])) }
        #expect(harness.waitFor { $0.message?.action != nil })
        let message = try #require(harness.state.message)
        #expect(message.text == "Tags saved in 2 songs.")
        #expect(try items.allSatisfy { try TagFixtures.mutagenRead($0.path.description).album == "Renamed" })
        #expect(try harness.library.songs().allSatisfy { $0.album == "Renamed" })
        let action = try #require(message.action?.action)
        harness.controller.onMainActor { $0.perform(action) }
        #expect(harness.waitFor { $0.message?.text == "Tags of 2 songs put back." && $0.message?.action == nil })
        #expect(try items.allSatisfy { try TagFixtures.mutagenRead($0.path.description).album == "Album" })
        #expect(try harness.library.songs().allSatisfy { $0.album == "Album" })
        // An undo runs once.
        harness.controller.onMainActor { $0.perform(action) }
        #expect(try items.allSatisfy { try TagFixtures.mutagenRead($0.path.description).album == "Album" })
    }
}
