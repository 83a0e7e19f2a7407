import CGtk

/// Children shown one at a time by name, sliding from one to the next (a GtkStack without a switcher): a list and
/// what opens from it.
public final class SwapStack: Widget {
    private var children: [Widget] = []

    public init() {
        super.init(taking: gtk_stack_new())
        gtk_stack_set_transition_type(addmusic_gtk_stack(object), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
        gtk_widget_set_vexpand(pointer, 1)
    }

    /// Adds `child` named `name` (the first added is shown first).
    public func add(_ child: Widget, name: String) {
        children.append(child)
        gtk_stack_add_named(addmusic_gtk_stack(object), child.pointer, name)
    }

    /// Shows the child named `name`.
    public func show(_ name: String) { gtk_stack_set_visible_child_name(addmusic_gtk_stack(object), name) }
}
