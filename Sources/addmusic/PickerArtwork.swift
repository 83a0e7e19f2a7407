import Dispatch
import Gtk

/// The picker's thumbnails, decoded once and kept while it is open (at most a couple of thousand): each is read and
/// decoded on the picker's reading queue the first time a row asks for it, and the row is drawn again when it comes.
/// On the main thread.
@MainActor
final class PickerArtwork {
    private let source: PickerSource?
    private let reads: DispatchQueue
    private var textures: [Int64: Texture?] = [:]

    init(source: PickerSource?, reads: DispatchQueue) {
        self.source = source
        self.reads = reads
    }

    /// The picture of thumbnail `id` when it is here; otherwise nil (the placeholder), and once it is decoded
    /// `redraw` is called.
    func texture(_ id: Int64?, redraw: @escaping @MainActor () -> Void) -> Texture? {
        guard let id, let source else { return nil }
        if let known = textures[id] { return known }
        if textures.count > 2_000 { textures.removeAll() }
        textures[id] = .some(nil)  // asked for: the placeholder until it comes
        reads.async { [weak self] in
            let texture = source.thumbnail(id).flatMap(Texture.init(bytes:))
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.textures[id] = texture
                    if texture != nil { redraw() }
                }
            }
        }
        return nil
    }
}
