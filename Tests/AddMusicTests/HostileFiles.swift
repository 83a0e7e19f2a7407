import Foundation

/// The hostile files of `Tests/Hostile/make-hostile-files` (a generator: nothing large is committed), made on demand
/// in a fixture's folder.
enum HostileFiles {
    /// The generator, found from this source file's place in the package.
    static var generator: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
            + "/Hostile/make-hostile-files"
    }

    /// Writes the hostile file `name` into `directory` and returns its path.
    @discardableResult
    static func make(_ name: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Fixtures.run("/usr/bin/python3", [generator, directory, name])
        guard result.status == 0 else {
            throw FixtureError(message: "make-hostile-files \(name) failed: \(result.errorOutput)")
        }
        return directory + "/" + name
    }
}
