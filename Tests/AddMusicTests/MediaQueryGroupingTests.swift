import Foundation
import MediaLibrary
import MediaModel
import Testing

/// `MediaQuery`'s groupings and ready-made queries on real files: the collections in A–Z order (following sort keys
/// and skipping "The", "A", "An"), their counts and representative songs, their songs, and paging.
@Suite struct MediaQueryGroupingTests {
    private func names(_ library: MusicLibrary, _ query: MediaQuery) throws -> [String] {
        try library.collections(matching: query).map { "\($0.name) \($0.count)" }
    }

    @Test func readyMadeQueriesListTheirCollectionsInSortKeyOrderWithCounts() throws {
        let library = try QueryLibrary().library
        #expect(
            try library.items(matching: .songs()).map(\.title) == [
                "99 Problems", "Another Day", "Bachelorette", "Come Together", "Excursions", "Jóga", "Something",
                "Zebra Crossing",
            ])
        #expect(
            try names(library, .albums()) == [
                "Abbey Road 2", "The Black Album 1", "Homogenic 2", "The Low End Theory 1", "Now Hits 2",
            ])
        #expect(
            try names(library, .artists()) == [
                "Alpha 1", "The Beatles 2", "Beta 1", "Björk 2", "Jay-Z 1", "A Tribe Called Quest 1",
            ])
        #expect(
            try names(library, .albumArtists()) == [
                "The Beatles 2", "Björk 2", "Jay-Z 1", "A Tribe Called Quest 1", "Various Artists 2",
            ])
        // Genres and composers group case-insensitively and sort by the folded name ("Åsa" among the a's).
        // A genre's name is spelled as its representative song spells it ("Rock" or "rock").
        #expect(
            try names(library, .genres()).map { $0.lowercased() } == ["electronic 2", "hip-hop 2", "pop 1", "rock 3"])
        #expect(try library.collections(matching: .genres()).allSatisfy { $0.name == $0.representativeItem?.genre })
        #expect(
            try names(library, .composers()) == [
                "Åsa Öberg 1", "Björk 2", "George Harrison 1", "John Lennon 1", "Shawn Carter 1",
            ])
        #expect(try names(library, .compilations()) == ["Now Hits 2"])
        #expect(try library.collectionCount(matching: .albums()) == 5)
        #expect(try library.collectionCount(matching: .genres()) == 4)
        #expect(try library.itemCount(matching: .compilations()) == 2)
    }

    @Test func aCollectionsQueryListsItsSongsAndItsRepresentativeIsOneOfThem() throws {
        let library = try QueryLibrary().library
        for query in [MediaQuery.albums(), .artists(), .albumArtists(), .genres(), .composers(), .compilations()] {
            for collection in try library.collections(matching: query) {
                let songs = try library.items(matching: collection.itemsQuery)
                #expect(songs.count == collection.count, "\(query.groupingType) \(collection.name)")
                #expect(songs.contains { $0 == collection.representativeItem }, "\(collection.name)")
            }
        }
        let rock = try #require(try library.collections(matching: .genres()).last)
        #expect(
            try library.items(matching: rock.itemsQuery).map(\.title) == ["Come Together", "Something", "Another Day"])
        let abbey = try #require(try library.collections(matching: .albums()).first)
        #expect(try library.items(matching: abbey.itemsQuery).map(\.trackNumber) == [1, 2])
    }

    @Test func predicatesNarrowTheCollectionsAndTheirCounts() throws {
        let library = try QueryLibrary().library
        var query = MediaQuery.genres()
        query.addFilterPredicate(MediaPropertyPredicate(value: 2001, forProperty: .year))
        #expect(try names(library, query) == ["Pop 1", "Rock 1"])
        var albums = MediaQuery.albums()
        albums.addFilterPredicate(MediaPropertyPredicate(value: "beatles", forProperty: .artist, comparison: .contains))
        #expect(try names(library, albums) == ["Abbey Road 2"])
    }

    @Test func pagesOfCollectionsAndSongsFollowTheSameOrder() throws {
        let library = try QueryLibrary().library
        let all = try library.collections(matching: .artists()).map(\.name)
        let paged = try (0..<3).flatMap { page in
            try library.collections(matching: .artists(), offset: page * 2, limit: 2).map(\.name)
        }
        #expect(paged == all)
        #expect(
            try library.items(matching: .songs(), offset: 6, limit: 5).map(\.title) == ["Something", "Zebra Crossing"])
    }

    @Test func playlistsAreTheLibrarysFilesAndTheUsersOwn() throws {
        let songs = try QueryLibrary()
        let fixtures = songs.fixtures
        try fixtures.file(
            "Mix.m3u8", bytes: Array("#EXTM3U\nbeatles/2.flac\nnow/1.flac\nnowhere.flac\n".utf8))
        let user = UserPlaylists(folder: fixtures.root + "/playlists")
        try user.create("Favourites", entries: [PlaylistEntry(location: fixtures.music + "/bjork/1.flac")])
        let query = MediaQuery.playlists(libraryRoots: fixtures.roots, userFolder: user.folder)
        let playlists = try songs.library.collections(matching: query)
        #expect(playlists.map { "\($0.name) \($0.count)" } == ["Favourites 1", "Mix 2"])
        #expect(playlists.map { $0.representativeItem?.title } == ["Jóga", "Something"])
        #expect(try songs.library.items(matching: query).map(\.title) == ["Jóga", "Something", "Zebra Crossing"])
        #expect(
            try songs.library.items(matching: playlists[1].itemsQuery).map(\.title) == ["Something", "Zebra Crossing"])
        var pop = query
        pop.addFilterPredicate(MediaPropertyPredicate(value: "pop", forProperty: .genre))
        #expect(try songs.library.collections(matching: pop).map { "\($0.name) \($0.count)" } == ["Mix 1"])
        #expect(try songs.library.sections(matching: query).map(\.title) == ["F", "M"])
    }
}
