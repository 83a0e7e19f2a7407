import Foundation
import MediaLibrary
import MediaModel

/// `addmusic bench-open LOCATION…`, a measuring aid for `bench/hostile` (not in `--help`): reads the locations as
/// one open of the window reads them (`OpenedItems`, with the library when there is one) and prints
/// `open_ms songs problems`, the time the open took and what it found. Its peak memory is the process's.
struct OpenBenchCommand {
    let arguments: Arguments

    func run() throws -> Int32 {
        let library = try? MusicLibrary(readOnly: true)
        let start = DispatchTime.now()
        let opened = OpenedItems(locations: arguments.words, library: library)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        print(String(format: "%.1f", milliseconds), opened.items.count, opened.problems.count)
        return 0
    }
}
