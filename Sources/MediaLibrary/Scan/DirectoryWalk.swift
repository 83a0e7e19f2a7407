import MediaModel

/// The first pass of a scan: every folder under the roots, how many audio files they hold, and the problems met.
///
/// Follows symbolic links, visits each folder once (by device and inode) and reports links that loop or dangle.
struct DirectoryWalk {
    private(set) var directories: [LibraryPath] = []
    private(set) var audioFiles = 0
    private(set) var ignored = 0
    private(set) var problems: [ScanProblem] = []
    /// Roots and folders that could not be listed (unmounted, refused): what the index holds under them is kept.
    private(set) var unreachable: [LibraryPath] = []

    /// Walks `roots`; `found` is called with each folder as soon as it is listed, and the audio files counted so far.
    init(roots: [LibraryPath], found: ((LibraryPath, Int) -> Void)? = nil) {
        var visited = Set<[UInt64]>()
        for root in roots {
            switch DirectoryReader.kind(of: root) {
            case .directory(let device, let inode):
                guard visited.insert([device, inode]).inserted else { continue }
                visit(root, visited: &visited, found: found)
            case .permissionDenied:
                problems.append(ScanProblem(path: root, reason: .permissionDenied))
                unreachable.append(root)
            case .brokenSymlink:
                problems.append(ScanProblem(path: root, reason: .unreadableFolder("No such file or directory")))
                unreachable.append(root)
            case .symlinkLoop: problems.append(ScanProblem(path: root, reason: .symlinkLoop))
            case .file, .other: problems.append(ScanProblem(path: root, reason: .unreadableFolder("Not a directory")))
            }
        }
    }

    private mutating func visit(
        _ start: LibraryPath, visited: inout Set<[UInt64]>, found: ((LibraryPath, Int) -> Void)?
    ) {
        var pending = [start]
        while let directory = pending.popLast() {
            let entries: [DirectoryReader.Entry]
            switch DirectoryReader.entries(of: directory, statFiles: false) {
            case .success(let list): entries = list
            case .failure(let error):
                let reason: ScanProblem.Reason =
                    error.isPermissionDenied ? .permissionDenied : .unreadableFolder(error.description)
                problems.append(ScanProblem(path: directory, reason: reason))
                unreachable.append(directory)
                continue
            }
            directories.append(directory)
            var children: [LibraryPath] = []
            for entry in entries {
                let path = directory.appending(entry.name)
                switch entry.kind {
                case .directory(let device, let inode):
                    if visited.insert([device, inode]).inserted {
                        children.append(path)
                    } else if entry.isSymlink {
                        problems.append(ScanProblem(path: path, reason: .symlinkLoop))
                    }
                case .file:
                    if AudioFileTypes.isAudio(path) { audioFiles += 1 } else { ignored += 1 }
                case .brokenSymlink: problems.append(ScanProblem(path: path, reason: .brokenSymlink))
                case .symlinkLoop: problems.append(ScanProblem(path: path, reason: .symlinkLoop))
                case .permissionDenied: problems.append(ScanProblem(path: path, reason: .permissionDenied))
                case .other: ignored += 1
                }
            }
            found?(directory, audioFiles)
            pending.append(contentsOf: children.sorted().reversed())
        }
    }
}
