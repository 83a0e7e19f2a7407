import CGtk

/// Shows one of its children at a time, each known by a name, with a short cross-fade between them.
public final class Stack: Widget {
    private var children: [Widget] = []

    /// An empty stack.
    public init() {
        super.init(taking: gtk_stack_new())
        gtk_stack_set_transition_type(addmusic_gtk_stack(object), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    /// Adds `child` under `name`; the first child added is shown until another is chosen.
    public func add(_ child: Widget, name: String) {
        children.append(child)
        gtk_stack_add_named(addmusic_gtk_stack(object), child.pointer, name)
    }

    /// The name of the child shown.
    public var visibleName: String {
        get { gtk_stack_get_visible_child_name(addmusic_gtk_stack(object)).map { String(cString: $0) } ?? "" }
        set { gtk_stack_set_visible_child_name(addmusic_gtk_stack(object), newValue) }
    }
}
