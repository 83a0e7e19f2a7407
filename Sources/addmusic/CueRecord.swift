/// Where a track of a cue sheet lies, as `--json` prints it: its audio file, and its start and end in seconds (no
/// end: to the end of the file).
struct CueRecord: Encodable {
    var file: String
    var start: Double
    var end: Double?
}
