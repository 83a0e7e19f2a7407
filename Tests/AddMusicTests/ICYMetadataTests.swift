import MediaModel
import Testing

/// The title in a Shoutcast/Icecast metadata block, as servers write it, including titles that hold quotes and
/// semicolons of their own.
@Suite struct ICYMetadataTests {
    @Test func theStreamTitleIsReadFromABlockAsServersWriteIt() {
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='Artista - Uno';") == "Artista - Uno")
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='Artista - Uno';StreamUrl='http://x/';") == "Artista - Uno")
        #expect(ICYMetadata.streamTitle(in: "StreamUrl='';StreamTitle='B';") == "B")
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='';") == "")
        #expect(ICYMetadata.streamTitle(in: "StreamUrl='http://x/';") == nil)
        #expect(ICYMetadata.streamTitle(in: "") == nil)
    }

    @Test func aTitleWithItsOwnQuotesAndSemicolonsIsKeptWhole() {
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='Guns N' Roses - Don't Cry';") == "Guns N' Roses - Don't Cry")
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='A';B - it';s';StreamUrl='';") == "A';B - it';s")
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='Unterminated") == "Unterminated")
        #expect(ICYMetadata.streamTitle(in: "StreamTitle='Ends in a quote'") == "Ends in a quote")
    }

    @Test func controlCharactersInATitleAreKeptForTheInterfaceToShowAsText() {
        let title = ICYMetadata.streamTitle(in: "StreamTitle='\u{1B}[2JCleared \u{07}';")
        #expect(title == "\u{1B}[2JCleared \u{07}")
        #expect(TerminalSafeText.make(title ?? "") == "\u{241B}[2JCleared \u{2407}")
    }
}
