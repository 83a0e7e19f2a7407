#ifndef ADDMUSIC_CGTK_PREFIX_SELECTION_H
#define ADDMUSIC_CGTK_PREFIX_SELECTION_H
#include <gtk/gtk.h>
#include "object_type.h"

/// A selection model that shows a view the first `limit` rows of another one (all of them while the limit is
/// G_MAXUINT), passing the selection through both ways. GTK 4.8's list and grid views make a widget for each row in
/// view and around it, up to some 200, and make them all at once when rows arrive: given this model, a view makes
/// only `limit` rows' widgets, and its owner raises the limit a few rows at a time so that no frame waits for all of
/// them. Registered once per process (`addmusic_object_type`).
typedef struct {
    GObject parent;
    GtkSelectionModel *inner;
    guint limit;
    /// How many rows the views were last told of.
    guint shown;
} AddmusicPrefixSelection;
typedef struct {
    GObjectClass parent_class;
} AddmusicPrefixSelectionClass;

static inline guint addmusic_prefix_selection_count(AddmusicPrefixSelection *self) {
    return MIN(self->limit, g_list_model_get_n_items(G_LIST_MODEL(self->inner)));
}
static inline GType addmusic_prefix_selection_item_type(GListModel *list) {
    return g_list_model_get_item_type(G_LIST_MODEL(((AddmusicPrefixSelection *)list)->inner));
}
static inline guint addmusic_prefix_selection_n_items(GListModel *list) {
    return ((AddmusicPrefixSelection *)list)->shown;
}
static inline gpointer addmusic_prefix_selection_get_item(GListModel *list, guint position) {
    AddmusicPrefixSelection *self = (AddmusicPrefixSelection *)list;
    return position < self->shown ? g_list_model_get_item(G_LIST_MODEL(self->inner), position) : NULL;
}
static inline void addmusic_prefix_selection_list_init(gpointer interface, gpointer data) {
    GListModelInterface *list = interface;
    list->get_item_type = addmusic_prefix_selection_item_type;
    list->get_n_items = addmusic_prefix_selection_n_items;
    list->get_item = addmusic_prefix_selection_get_item;
}

#define ADDMUSIC_INNER(model) (((AddmusicPrefixSelection *)(model))->inner)
static inline gboolean addmusic_prefix_is_selected(GtkSelectionModel *model, guint position) {
    return gtk_selection_model_is_selected(ADDMUSIC_INNER(model), position);
}
static inline GtkBitset *addmusic_prefix_selection_in_range(GtkSelectionModel *model, guint position, guint n) {
    return gtk_selection_model_get_selection_in_range(ADDMUSIC_INNER(model), position, n);
}
static inline gboolean addmusic_prefix_select_item(GtkSelectionModel *model, guint position, gboolean only) {
    return gtk_selection_model_select_item(ADDMUSIC_INNER(model), position, only);
}
static inline gboolean addmusic_prefix_unselect_item(GtkSelectionModel *model, guint position) {
    return gtk_selection_model_unselect_item(ADDMUSIC_INNER(model), position);
}
static inline gboolean addmusic_prefix_select_range(GtkSelectionModel *model, guint position, guint n, gboolean only) {
    return gtk_selection_model_select_range(ADDMUSIC_INNER(model), position, n, only);
}
static inline gboolean addmusic_prefix_unselect_range(GtkSelectionModel *model, guint position, guint n) {
    return gtk_selection_model_unselect_range(ADDMUSIC_INNER(model), position, n);
}
static inline gboolean addmusic_prefix_select_all(GtkSelectionModel *model) {
    return gtk_selection_model_select_all(ADDMUSIC_INNER(model));
}
static inline gboolean addmusic_prefix_unselect_all(GtkSelectionModel *model) {
    return gtk_selection_model_unselect_all(ADDMUSIC_INNER(model));
}
static inline gboolean addmusic_prefix_set_selection(GtkSelectionModel *model, GtkBitset *selected, GtkBitset *mask) {
    return gtk_selection_model_set_selection(ADDMUSIC_INNER(model), selected, mask);
}
#undef ADDMUSIC_INNER
static inline void addmusic_prefix_selection_selection_init(gpointer interface, gpointer data) {
    GtkSelectionModelInterface *selection = interface;
    selection->is_selected = addmusic_prefix_is_selected;
    selection->get_selection_in_range = addmusic_prefix_selection_in_range;
    selection->select_item = addmusic_prefix_select_item;
    selection->unselect_item = addmusic_prefix_unselect_item;
    selection->select_range = addmusic_prefix_select_range;
    selection->unselect_range = addmusic_prefix_unselect_range;
    selection->select_all = addmusic_prefix_select_all;
    selection->unselect_all = addmusic_prefix_unselect_all;
    selection->set_selection = addmusic_prefix_set_selection;
}

/// The inner model's rows changed: the views hear of the change as far as it reaches into the rows they are shown
/// (exactly as told while no limit cuts the rows, before or after; else as every row from `position` on replaced).
static inline void addmusic_prefix_selection_inner_changed(GListModel *inner, guint position, guint removed,
                                                           guint added, gpointer data) {
    AddmusicPrefixSelection *self = data;
    guint before = self->shown, total = g_list_model_get_n_items(inner), after = addmusic_prefix_selection_count(self);
    self->shown = after;
    if (before == total - added + removed && after == total) {
        if (removed || added) g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
    } else if (position < before || position < after) {
        g_list_model_items_changed(G_LIST_MODEL(self), position, before > position ? before - position : 0,
                                   after > position ? after - position : 0);
    }
}
static inline void addmusic_prefix_selection_inner_selection_changed(GtkSelectionModel *inner, guint position,
                                                                     guint n, gpointer data) {
    AddmusicPrefixSelection *self = data;
    if (position < self->shown) {
        gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(self), position, MIN(n, self->shown - position));
    }
}
static inline void addmusic_prefix_selection_finalize(GObject *object) {
    AddmusicPrefixSelection *self = (AddmusicPrefixSelection *)object;
    g_signal_handlers_disconnect_matched(self->inner, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
    g_object_unref(self->inner);
    G_OBJECT_CLASS(g_type_class_peek(G_TYPE_OBJECT))->finalize(object);
}
static inline void addmusic_prefix_selection_class_init(gpointer class, gpointer data) {
    G_OBJECT_CLASS(class)->finalize = addmusic_prefix_selection_finalize;
}
static inline GType addmusic_prefix_selection_get_type(void) {
    static gsize registered = 0;
    if (g_once_init_enter(&registered)) {
        const AddmusicInterface interfaces[] = {{G_TYPE_LIST_MODEL, addmusic_prefix_selection_list_init},
                                                {GTK_TYPE_SELECTION_MODEL, addmusic_prefix_selection_selection_init}};
        g_once_init_leave(&registered, addmusic_object_type("AddmusicPrefixSelection",
                                                            sizeof(AddmusicPrefixSelectionClass),
                                                            addmusic_prefix_selection_class_init,
                                                            sizeof(AddmusicPrefixSelection), interfaces, 2));
    }
    return registered;
}
/// A new model showing every row of `inner` until a limit is set (one reference, the caller's; it keeps one of
/// `inner`).
static inline GtkSelectionModel *addmusic_prefix_selection_new(GtkSelectionModel *inner) {
    AddmusicPrefixSelection *self =
        (AddmusicPrefixSelection *)g_object_new_with_properties(addmusic_prefix_selection_get_type(), 0, NULL, NULL);
    self->inner = g_object_ref(inner);
    self->limit = G_MAXUINT;
    self->shown = g_list_model_get_n_items(G_LIST_MODEL(inner));
    g_signal_connect_data(inner, "items-changed", G_CALLBACK(addmusic_prefix_selection_inner_changed), self, NULL, 0);
    g_signal_connect_data(inner, "selection-changed",
                          G_CALLBACK(addmusic_prefix_selection_inner_selection_changed), self, NULL, 0);
    return GTK_SELECTION_MODEL(self);
}
/// The most rows the views are shown (G_MAXUINT: all), telling them of the rows that came or went.
static inline void addmusic_prefix_selection_set_limit(GtkSelectionModel *model, guint limit) {
    AddmusicPrefixSelection *self = (AddmusicPrefixSelection *)model;
    guint before = self->shown;
    self->limit = limit;
    guint after = addmusic_prefix_selection_count(self);
    self->shown = after;
    if (before != after) {
        guint kept = MIN(before, after);
        g_list_model_items_changed(G_LIST_MODEL(self), kept, before - kept, after - kept);
    }
}
static inline guint addmusic_prefix_selection_get_limit(GtkSelectionModel *model) {
    return ((AddmusicPrefixSelection *)model)->limit;
}
#endif
