import Dispatch
import Gtk

/// The picker's thumbnails, decoded once at the size they are shown and kept while it is open (at most a thousand
/// of each size): each is read and decoded on a queue of its own the first time a row asks for it — never in the
/// way of the rows a search reads — and the row is drawn again when it comes. On the main thread.
@MainActor
final class PickerArtwork {
    private let source: PickerSource?
    private let reads = DispatchQueue(label: "addmusic.picker.artwork")
    private var textures: [Key: Texture?] = [:]

    /// A thumbnail at a size.
    private struct Key: Hashable {
        var id: Int64
        var pixels: Int32
    }

    init(source: PickerSource?) { self.source = source }

    /// The picture of thumbnail `id`, `pixels` square at most, when it is here; otherwise nil (the placeholder),
    /// and once it is decoded `redraw` is called.
    func texture(_ id: Int64?, pixels: Int32, redraw: @escaping @MainActor () -> Void) -> Texture? {
        guard let id, let source else { return nil }
        let key = Key(id: id, pixels: pixels)
        if let known = textures[key] { return known }
        if textures.count > 1_000 { textures.removeAll() }
        textures[key] = .some(nil)  // asked for: the placeholder until it comes
        reads.async { [weak self] in
            let texture = source.thumbnail(id).flatMap { Texture(bytes: $0, fitting: pixels) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.textures[key] = texture
                    if texture != nil { redraw() }
                }
            }
        }
        return nil
    }
}
