/// What one probe of a file (opening it, reading its header, tags and pictures, and the packets that fill in its
/// stream parameters) may spend: a deadline, and caps on the bytes read.
///
/// Files can claim anything: a zero-filled 2 GB `.mp3` makes FFmpeg read (and hold, in its parser) the whole file
/// looking for a frame, and a tag of a million entries takes FFmpeg minutes to parse. FFmpeg checks the budget on
/// every read of the file (its interrupt callback) and in its own long loops; a probe stuck where FFmpeg checks
/// nothing is abandoned by the library's watchdog after the same deadline.
package struct ProbeBudget: Sendable {
    /// Seconds the probe may take.
    package var seconds: Double
    /// Bytes that opening may read: the header with its tags and embedded pictures.
    package var maximumHeaderBytes: Int64
    /// Bytes that may be read after opening, as packets, to learn what the header did not say.
    package var maximumPacketBytes: Int64

    /// A budget of `seconds`, `maximumHeaderBytes` while opening and `maximumPacketBytes` after.
    package init(seconds: Double, maximumHeaderBytes: Int64, maximumPacketBytes: Int64) {
        self.seconds = seconds
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumPacketBytes = maximumPacketBytes
    }

    /// 2 s, a 64 MiB header and 16 MiB of packets (three times FFmpeg's own 5 MB probe size): a thousand times
    /// what an ordinary song's probe takes. A song whose picture is up to about 60 MB is still read (the picture
    /// then left out, being over 24 MiB); a header larger than 64 MiB gives the file up.
    package static let standard = ProbeBudget(
        seconds: 2, maximumHeaderBytes: 64 * 1024 * 1024, maximumPacketBytes: 16 * 1024 * 1024)

    /// For opening a song to play it: the same caps, and 10 s, as a file on slow media (a disk spinning up, a
    /// network share) may take longer to open than to scan later; there is no watchdog on the decoder's thread.
    package static let playback = ProbeBudget(
        seconds: 10, maximumHeaderBytes: 64 * 1024 * 1024, maximumPacketBytes: 16 * 1024 * 1024)
}
