#ifndef ADDMUSIC_CGTK_OBJECT_TYPE_H
#define ADDMUSIC_CGTK_OBJECT_TYPE_H
#include <glib-object.h>

/// An interface a GObject type of ours implements: its type and the function that fills its table.
typedef struct {
    GType type;
    GInterfaceInitFunc init;
} AddmusicInterface;

/// The GObject subclass `name` with `interfaces`, registered the first time any copy of its `get_type` asks and
/// looked up by name after: these headers' functions are inline, and each Swift file that calls them gets its own
/// copy (with its own `static` variables), so no one copy can hold the type for the process.
static inline GType addmusic_object_type(const char *name, guint class_size, GClassInitFunc class_init,
                                         guint instance_size, const AddmusicInterface *interfaces, guint count) {
    GType type = g_type_from_name(name);
    if (type != 0) return type;
    type = g_type_register_static_simple(G_TYPE_OBJECT, g_intern_static_string(name), class_size, class_init,
                                         instance_size, NULL, 0);
    for (guint index = 0; index < count; index++) {
        const GInterfaceInfo info = {interfaces[index].init, NULL, NULL};
        g_type_add_interface_static(type, interfaces[index].type, &info);
    }
    return type;
}
#endif
