import MediaLibrary
import Foundation

let library = try MusicLibrary()
let summary = try library.scan(roots: CommandLine.arguments.dropFirst().map(LibraryPath.absolute))
print(summary)
