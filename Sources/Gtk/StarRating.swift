import CGtk

/// A star rating control: five star buttons, the stars up to the rating filled (`StarButtons`). A click on star N
/// rates N stars, on the rating's own star none.
public final class StarRating: Widget {
    /// A control whose stars are named `labels` ("1 star" … "5 stars"), hidden until `rating` is set.
    public init(labels: [String]) {
        let action = Action()
        self.action = action
        super.init(taking: StarButtons.make(labels: labels) { action.handler?($0) })
        StarButtons.show(nil, on: pointer)
    }

    /// What a click calls (the buttons' handlers hold it, not this widget).
    private let action: Action

    private final class Action {
        var handler: ((Int) -> Void)?
    }

    /// The stars shown, 0–5; nil hides the control.
    public var rating: Int? {
        get { gtk_widget_get_visible(pointer) != 0 ? StarButtons.rating(of: pointer) : nil }
        set { StarButtons.show(newValue, on: pointer) }
    }

    /// Calls `action` with the stars a click asks for (0: none).
    public func onRate(_ action: @escaping (Int) -> Void) { self.action.handler = action }
}
