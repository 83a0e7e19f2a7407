import Gtk

/// A view of many rows the picker fills a page at a time: a list of text rows, or a grid of covers.
@MainActor
protocol PickerRows: AnyObject {
    /// The view as a widget, to place in the page.
    var widget: Widget { get }
    func setRows(count: Int, text: @escaping (Int) -> String)
    func refreshRows(_ range: Range<Int>)
    func setArtwork(_ provider: @escaping (Int) -> Texture?)
    func setListLabel(_ label: String)
    func onActivate(_ action: @escaping (Int) -> Void)
    var selectedIndices: [Int] { get }
    func hideRows()
    func showRows()
}

extension TextList: PickerRows {
    var widget: Widget { self }
}

extension CoverGrid: PickerRows {
    var widget: Widget { self }
}
