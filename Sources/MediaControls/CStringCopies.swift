import Foundation

/// C copies of strings handed to the bus's C functions, freed together once the call has copied them.
final class CStringCopies {
    private var copies: [UnsafeMutablePointer<CChar>?] = []

    /// A C copy of `text` that lives as long as this; nil for nil.
    func c(_ text: String?) -> UnsafePointer<CChar>? {
        guard let text else { return nil }
        let copy = strdup(text)
        copies.append(copy)
        return UnsafePointer(copy)
    }

    deinit {
        for copy in copies { free(copy) }
    }
}
