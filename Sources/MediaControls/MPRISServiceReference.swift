import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// Lets the C callbacks reach the service without keeping it alive; set on one thread, read on the bus thread.
final class MPRISServiceReference: @unchecked Sendable {  // `weakService` behind `lock`
    let lock = NSLock()
    private weak var weakService: MPRISService?

    var service: MPRISService? {
        get { lock.withLock { weakService } }
        set { lock.withLock { weakService = newValue } }
    }
}
