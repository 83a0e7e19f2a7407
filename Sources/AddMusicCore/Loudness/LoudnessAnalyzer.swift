// Threads: `start` starts its own threads ("loudness N"), at the scheduler's idle class for `.idle`, and returns at
// once; each takes a song, measures it and writes what it measured, and calls `progress` there; the last to end
// calls `finished`. `stop` may come from any thread.
import AudioEngine
import FFmpegSupport
import Foundation
import MediaLibrary
import MediaModel

/// Measures the loudness of the library's songs not measured yet (B-P10), on threads of its own, and keeps each
/// measurement in the index as soon as it is made: killed at any moment, it loses at most the songs in hand, and the
/// next run goes on from there. Ends with the albums measured from their songs (`refreshAlbumLoudness`).
///
/// In the background (`priority: .idle`) its threads run at the scheduler's idle class (`SCHED_IDLE`): they get the
/// processor only when nothing else wants it, so playback and the window are never late because of them.
public final class LoudnessAnalyzer: Sendable {
    /// How its threads are scheduled.
    public enum Priority: Sendable {
        /// The scheduler's idle class: only when no other thread wants the processor.
        case idle
        /// As any thread of the process (on demand: `addmusic library analyze`).
        case normal
    }

    /// What a run did.
    public struct Report: Sendable {
        /// Songs measured.
        public var measured = 0
        /// Songs that could not be measured, with why (they are not tried again until their file changes).
        public var failed: [(path: LibraryPath, reason: String)] = []
        /// Whether `stop()` ended the run early.
        public var stopped = false
    }

    private let library: MusicLibrary
    private let threads: Int
    private let priority: Priority
    private let state = Locked(State())

    private struct State {
        var stopped = false
        var pending: [MusicLibrary.LoudnessJob] = []
        /// The songs taken in this run (by id and file), never handed out twice.
        var taken: Set<String> = []
        var report = Report()
        /// Threads still at work.
        var running = 0
        /// How far the library was at the start.
        var start: MusicLibrary.LoudnessProgress?
        /// What ended the run early.
        var failure: (any Error)?
    }

    /// An analyzer of `library` on `threads` threads (at least one) at `priority`.
    public init(library: MusicLibrary, threads: Int, priority: Priority) {
        self.library = library
        self.threads = max(1, threads)
        self.priority = priority
    }

    /// Asks a run to end after the songs in hand; returns at once.
    public func stop() { state.withLock { $0.stopped = true } }

    /// Measures every song still to measure, on the analyzer's threads; returns at once. `progress` is called on
    /// those threads after each song (and once at the start) with how far the library is; `finished` once, on the
    /// last thread to end, after the albums are measured, with what the run did or the index's failure
    /// (`SQLiteError`) that ended it. One run per analyzer.
    public func start(
        progress: @escaping @Sendable (MusicLibrary.LoudnessProgress) -> Void = { _ in },
        finished: @escaping @Sendable (Result<Report, any Error>) -> Void
    ) {
        state.withLock { $0.running = threads }
        for number in 0..<threads {
            let thread = Thread { [self] in
                if priority == .idle { Self.lowerToIdle() }
                do {
                    // Counted from the start rather than asked of the index after each song (a count over every
                    // song).
                    let start = try startProgress(telling: progress)
                    while let job = try next() {
                        try measure(job)
                        let done = state.withLock { $0.report.measured + $0.report.failed.count }
                        progress(
                            MusicLibrary.LoudnessProgress(
                                measured: min(start.total, start.measured + done), total: start.total))
                    }
                } catch {
                    state.withLock { $0.failure = $0.failure ?? error }
                    stop()
                }
                threadEnded(finished)
            }
            thread.name = "loudness \(number + 1)"
            thread.start()
        }
    }

    /// How far the library was when the run started, read by the first thread to ask (and told to `progress`).
    private func startProgress(telling progress: (MusicLibrary.LoudnessProgress) -> Void) throws
        -> MusicLibrary.LoudnessProgress
    {
        try state.withLock { state in
            if let start = state.start { return start }
            let start = try library.loudnessProgress()
            state.start = start
            progress(start)
            return start
        }
    }

    /// A thread is done: the last one measures the albums and tells `finished`.
    private func threadEnded(_ finished: (Result<Report, any Error>) -> Void) {
        let (last, failure) = state.withLock { state in
            state.running -= 1
            return (state.running == 0, state.failure)
        }
        guard last else { return }
        if let failure { return finished(.failure(failure)) }
        do {
            try library.refreshAlbumLoudness()
            finished(.success(state.withLock { $0.report }))
        } catch {
            finished(.failure(error))
        }
    }

    /// The next song to measure, nil when there is none or the run is stopped.
    private func next() throws -> MusicLibrary.LoudnessJob? {
        try state.withLock { state in
            if state.stopped {
                state.report.stopped = true
                return nil
            }
            if state.pending.isEmpty {
                // Songs in other threads' hands are still unmeasured: ask for enough to find new ones past them.
                let jobs = try library.songsToMeasure(limit: 32 + state.taken.count)
                state.pending = jobs.filter { !state.taken.contains(Self.key($0)) }
            }
            guard !state.pending.isEmpty else { return nil }
            let job = state.pending.removeFirst()
            state.taken.insert(Self.key(job))
            return job
        }
    }

    private static func key(_ job: MusicLibrary.LoudnessJob) -> String { "\(job.id) \(job.contentKey)" }

    /// Measures `job`'s song and keeps what it measured (or that it could not be measured).
    private func measure(_ job: MusicLibrary.LoudnessJob) throws {
        do {
            let file = job.audioFile
            let measured = try LoudnessAnalysis.measure(
                path: file.bytes, fileExtension: file.pathExtension, start: job.segment?.startSeconds ?? 0,
                end: job.segment?.endSeconds)
            try library.saveLoudness(
                of: job, integrated: measured.integrated, truePeak: measured.truePeak, histogram: measured.histogram)
            state.withLock { $0.report.measured += 1 }
        } catch let error as FFmpegError {
            try library.saveLoudness(of: job, integrated: nil, truePeak: nil, histogram: nil)
            state.withLock { $0.report.failed.append((job.path, error.description)) }
        } catch let error as EBUR128Error {
            try library.saveLoudness(of: job, integrated: nil, truePeak: nil, histogram: nil)
            state.withLock { $0.report.failed.append((job.path, error.description)) }
        }
    }

    /// Moves the calling thread to the scheduler's idle class (Linux's `SCHED_IDLE`, 5, which Glibc's module does
    /// not export), or to the lowest nice value where that is refused (on Linux, `setpriority` of process 0 sets the
    /// calling thread's).
    private static func lowerToIdle() {
        var parameters = sched_param()
        if pthread_setschedparam(pthread_self(), 5, &parameters) != 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
    }
}
