import Foundation
import Testing

/// The lyrics panel (B-N3) on the largest timed `.lrc` read: 50,000 time stamps beside every song. The first song
/// plays, the panel opens with its toggle and highlights the line sung, with labels only for the lines in view (not
/// one a line), that line in the panel's middle; as the song plays the highlighted line moves on and is brought to the
/// middle again; closed, the artwork is back. On X11 and on Wayland (a headless weston, the toggle pressed through the
/// accessibility tree). Driven by Tests/desktop/lyrics_panel.py.
@Suite(.serialized) struct WindowLyricsTests {
    @Test(arguments: DisplayServer.allCases)
    func aTimedLrcOf50000StampsShowsOnlyTheLinesInViewAndFollowsTheSong(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        let size = try run.addTimedLyrics(stamps: 50_000)
        #expect(size < 512 * 1024, "the .lrc is read only up to 512 KiB: \(size) bytes")
        run.environment["ADDMUSIC_UI_TRACE"] = run.fixtures.root + "/ui-trace"
        let steps = try run.drive(driver: "lyrics_panel.py")
        if let stall = steps.split(separator: "\n").first(where: { $0.hasPrefix("info:") }) {
            print("\(display): \(stall)")
        }
    }
}
