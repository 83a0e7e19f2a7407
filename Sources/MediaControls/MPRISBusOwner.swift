import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// The MPRIS object on the bus, left when the last of the service and its bus thread lets it go. The bus thread
/// alone runs it; other threads only post to it (under its own lock).
final class MPRISBusOwner: @unchecked Sendable {  // an immutable pointer, used on the bus thread
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { addmusic_mpris_close(pointer) }
}
