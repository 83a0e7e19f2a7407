// Threads: `run()` is called on the caller's thread, which writes the index. It starts one thread that walks the
// folders, one per core that compare each folder with the index ("producers"), and one per core that open changed
// files through FFmpeg ("readers"). They meet in queues; nothing else is shared but a few locked values.
import CFFmpeg
import Foundation
import MediaModel

/// One scan of a set of roots into the index: walk, compare, read what changed, write, forget what is gone.
final class LibraryScanner {
    private let databasePath: String
    private let roots: [LibraryPath]
    private let progress: ((ScanProgress) -> Void)?
    private let started = Date()

    init(databasePath: String, roots: [LibraryPath], progress: ((ScanProgress) -> Void)?) {
        self.databasePath = databasePath
        self.roots = roots
        self.progress = progress
    }

    /// Runs the scan to the end on the calling thread.
    /// - Throws: `SQLiteError` when the index cannot be written.
    func run() throws -> ScanSummary {
        var summary = ScanSummary()
        let writer = try ScanWriter(databasePath: databasePath)
        let knownHashes = Locked(try writer.artworkHashes())
        let covers = Locked([LibraryPath: CoverOutcome]())

        let directories = BoundedQueue<LibraryPath>(capacity: Int.max)
        let jobs = BoundedQueue<ScanJob>(capacity: 256)
        let results = BoundedQueue<ScanResult>(capacity: 512)
        // Should writing fail, closing the queues lets the other threads run out instead of waiting forever.
        defer {
            directories.close()
            jobs.close()
            results.close()
        }

        let walked = startWalk(into: directories)
        startProducers(directories: directories, jobs: jobs, results: results)
        startReaders(jobs: jobs, results: results, knownHashes: knownHashes, covers: covers)
        let finish = try write(results, with: writer, walked: walked, summary: &summary)
        // Every producer has ended, so the walk that fed them has too.
        guard let walk = walked.withLock({ $0.walk }) else {
            throw ScanFailure(message: "the folder walk did not finish")
        }
        try complete(summary: &summary, walk: walk, finish: finish, writer: writer)
        return summary
    }

    /// What the walk has counted so far, and the walk itself once it has ended.
    private typealias WalkState = Locked<(audioFiles: Int, walk: DirectoryWalk?)>

    /// Starts the thread that walks the roots and hands each folder to `directories` as soon as it is listed.
    ///
    /// Comparing starts at once; the walk counts audio files as it goes, and the progress total is final once it
    /// ends (a few hundredths of a second for 10,000 files).
    private func startWalk(into directories: BoundedQueue<LibraryPath>) -> WalkState {
        let walked = WalkState((0, nil))
        let roots = self.roots
        let walker = Thread {
            let walk = DirectoryWalk(roots: roots) { directory, audioFiles in
                directories.put(directory)
                walked.withLock { $0.audioFiles = audioFiles }
            }
            walked.withLock { $0 = (walk.audioFiles, walk) }
            directories.close()
        }
        walker.name = "addmusic.scan.walk"
        walker.start()
        return walked
    }

    /// Starts one comparing thread per core; the last to end closes `jobs` and sends everyone's `Finish`.
    private func startProducers(
        directories: BoundedQueue<LibraryPath>, jobs: BoundedQueue<ScanJob>, results: BoundedQueue<ScanResult>
    ) {
        let databasePath = self.databasePath
        let producerCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let producersLeft = Locked((count: producerCount, finish: ScanProducer.Finish(missing: [], failure: nil)))
        for index in 0..<producerCount {
            let producer = Thread {
                let finish = ScanProducer.run(
                    databasePath: databasePath, directories: directories, jobs: jobs, results: results)
                let all = producersLeft.withLock { state -> ScanProducer.Finish? in
                    state.count -= 1
                    state.finish.missing += finish.missing
                    state.finish.failure = state.finish.failure ?? finish.failure
                    return state.count == 0 ? state.finish : nil
                }
                if let all {
                    jobs.close()
                    results.put(.finished(all))
                }
            }
            producer.name = "addmusic.scan.compare.\(index)"
            producer.start()
        }
    }

    /// Starts one reading thread per core; the last to end sends `.readersDone`.
    private func startReaders(
        jobs: BoundedQueue<ScanJob>, results: BoundedQueue<ScanResult>, knownHashes: Locked<Set<String>>,
        covers: Locked<[LibraryPath: CoverOutcome]>
    ) {
        let readerCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let readersLeft = Locked(readerCount)
        for index in 0..<readerCount {
            let reader = Thread {
                let runner = ProbeRunner()
                while let job = jobs.take() {
                    results.put(ScanReader.read(job, knownHashes: knownHashes, covers: covers, runner: runner))
                }
                let last = readersLeft.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                if last { results.put(.readersDone) }
            }
            reader.name = "addmusic.scan.read.\(index)"
            reader.start()
        }
    }

    /// Writes every result into the index until the producers and the readers are all done, reporting progress
    /// at most ten times a second; returns the producers' `Finish`.
    private func write(
        _ results: BoundedQueue<ScanResult>, with writer: ScanWriter, walked: WalkState, summary: inout ScanSummary
    ) throws -> ScanProducer.Finish? {
        var done = 0
        var finish: ScanProducer.Finish?
        var readersDone = false
        var lastReport = Date.distantPast
        try writer.begin()
        while !(readersDone && finish != nil) {
            guard let result = results.take(timeout: 0.25) else {
                try writer.commitIfDue(force: true)
                continue
            }
            switch result {
            case .finished(let value): finish = value
            case .readersDone: readersDone = true
            default:
                done += try writer.apply(result, summary: &summary)
                try writer.commitIfDue(force: false)
            }
            if let progress, Date().timeIntervalSince(lastReport) > 0.1 {
                lastReport = Date()
                let total = walked.withLock { $0.audioFiles }
                progress(
                    ScanProgress(done: done, total: max(total, done), elapsed: lastReport.timeIntervalSince(started)))
            }
        }
        return finish
    }

    /// Forgets what the walk no longer found, commits, and fills in the summary's totals and final progress.
    private func complete(
        summary: inout ScanSummary, walk: DirectoryWalk, finish: ScanProducer.Finish?, writer: ScanWriter
    ) throws {
        summary.ignored = walk.ignored
        summary.unreadable += walk.problems
        if let finish {
            try writer.finish(
                finish, roots: roots, visited: Set(walk.directories.map(\.bytes)), unreachable: walk.unreachable,
                summary: &summary)
        }
        try writer.commitIfDue(force: true)
        summary.unreadable.sort { $0.path < $1.path }
        summary.warnings.sort { $0.path < $1.path }
        summary.seconds = Date().timeIntervalSince(started)
        progress?(ScanProgress(done: walk.audioFiles, total: walk.audioFiles, elapsed: summary.seconds))
    }
}
