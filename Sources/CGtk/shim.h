#ifndef ADDMUSIC_CGTK_SHIM_H
#define ADDMUSIC_CGTK_SHIM_H
#include <adwaita.h>
#include <glib-unix.h>
#include "object_type.h"
#include "prefix_selection.h"

/// libdispatch's hooks for a main loop of another kind (Foundation's run loop uses the same two): the descriptor
/// that becomes readable when work waits on the main queue, and the call that runs that work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/// Checked casts: GTK_WIDGET() and its kin are macros.
static inline GtkWidget *addmusic_gtk_widget(gpointer object) { return GTK_WIDGET(object); }
static inline GtkWindow *addmusic_gtk_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkBox *addmusic_gtk_box(gpointer object) { return GTK_BOX(object); }
static inline GtkButton *addmusic_gtk_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkLabel *addmusic_gtk_label(gpointer object) { return GTK_LABEL(object); }
static inline GtkInscription *addmusic_gtk_inscription(gpointer object) { return GTK_INSCRIPTION(object); }
static inline GtkRange *addmusic_gtk_range(gpointer object) { return GTK_RANGE(object); }
static inline GtkScale *addmusic_gtk_scale(gpointer object) { return GTK_SCALE(object); }
static inline GtkImage *addmusic_gtk_image(gpointer object) { return GTK_IMAGE(object); }
static inline GtkSymbolicPaintable *addmusic_gtk_symbolic_paintable(gpointer object) {
    return GTK_SYMBOLIC_PAINTABLE(object);
}
static inline GtkApplication *addmusic_gtk_application(gpointer object) { return GTK_APPLICATION(object); }
static inline GApplication *addmusic_g_application(gpointer object) { return G_APPLICATION(object); }
static inline GActionMap *addmusic_g_action_map(gpointer object) { return G_ACTION_MAP(object); }
static inline GAction *addmusic_g_action(gpointer object) { return G_ACTION(object); }
static inline GIcon *addmusic_g_icon(gpointer object) { return G_ICON(object); }
static inline AdwHeaderBar *addmusic_adw_header_bar(gpointer object) { return ADW_HEADER_BAR(object); }
static inline AdwApplicationWindow *addmusic_adw_application_window(gpointer object) {
    return ADW_APPLICATION_WINDOW(object);
}

/// g_signal_connect is a macro over g_signal_connect_data; signals without arguments beyond the instance.
typedef void (*addmusic_void_signal)(gpointer instance, gpointer data);
static inline gulong addmusic_signal_connect(gpointer instance, const char *name, addmusic_void_signal callback,
                                             gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, name, G_CALLBACK(callback), data, notify, 0);
}

static inline GListModel *addmusic_g_list_model(gpointer object) { return G_LIST_MODEL(object); }
static inline GtkSelectionModel *addmusic_gtk_selection_model(gpointer object) { return GTK_SELECTION_MODEL(object); }
static inline GtkListItem *addmusic_gtk_list_item(gpointer object) { return GTK_LIST_ITEM(object); }
static inline GtkStringObject *addmusic_gtk_string_object(gpointer object) { return GTK_STRING_OBJECT(object); }
static inline GtkScrolledWindow *addmusic_gtk_scrolled_window(gpointer object) { return GTK_SCROLLED_WINDOW(object); }
static inline GtkEditable *addmusic_gtk_editable(gpointer object) { return GTK_EDITABLE(object); }
static inline GtkStack *addmusic_gtk_stack(gpointer object) { return GTK_STACK(object); }
static inline GtkGridView *addmusic_gtk_grid_view(gpointer object) { return GTK_GRID_VIEW(object); }
static inline GtkListView *addmusic_gtk_list_view(gpointer object) { return GTK_LIST_VIEW(object); }
static inline GtkEntry *addmusic_gtk_entry(gpointer object) { return GTK_ENTRY(object); }
static inline GtkTextView *addmusic_gtk_text_view(gpointer object) { return GTK_TEXT_VIEW(object); }
static inline AdwViewStack *addmusic_adw_view_stack(gpointer object) { return ADW_VIEW_STACK(object); }
static inline AdwViewSwitcher *addmusic_adw_view_switcher(gpointer object) { return ADW_VIEW_SWITCHER(object); }
static inline AdwWindow *addmusic_adw_window(gpointer object) { return ADW_WINDOW(object); }
static inline AdwMessageDialog *addmusic_adw_message_dialog(gpointer object) { return ADW_MESSAGE_DIALOG(object); }

/// Signals with one object argument (a list item factory's "setup" and "bind").
typedef void (*addmusic_object_signal)(gpointer instance, gpointer argument, gpointer data);
static inline gulong addmusic_signal_connect_object(gpointer instance, const char *name,
                                                    addmusic_object_signal callback, gpointer data,
                                                    GClosureNotify notify) {
    return g_signal_connect_data(instance, name, G_CALLBACK(callback), data, notify, 0);
}

/// Signals that answer with a gboolean (a window's "close-request").
typedef gboolean (*addmusic_bool_signal)(gpointer instance, gpointer data);
static inline gulong addmusic_signal_connect_bool(gpointer instance, const char *name, addmusic_bool_signal callback,
                                                  gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, name, G_CALLBACK(callback), data, notify, 0);
}

/// An event controller's "key-pressed" (keyval, keycode, modifiers), answered with whether it was handled.
typedef gboolean (*addmusic_key_signal)(gpointer instance, guint keyval, guint keycode, GdkModifierType state,
                                        gpointer data);
static inline gulong addmusic_signal_connect_key(gpointer instance, const char *name, addmusic_key_signal callback,
                                                 gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, name, G_CALLBACK(callback), data, notify, 0);
}

/// One text property told to assistive technologies (gtk_accessible_update_property is variadic, and GTK's functions
/// are called through stand-ins of fixed parameters: Sources/GtkLibraries).
static inline void addmusic_set_accessible_text(gpointer widget, GtkAccessibleProperty property, const char *text) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    g_value_set_string(&value, text);
    gtk_accessible_update_property_value(GTK_ACCESSIBLE(widget), 1, &property, &value);
    g_value_unset(&value);
}
/// The label of `widget` for assistive technologies.
static inline void addmusic_set_accessible_label(gpointer widget, const char *label) {
    addmusic_set_accessible_text(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}
/// The description of `widget` for assistive technologies (empty: none).
static inline void addmusic_set_accessible_description(gpointer widget, const char *description) {
    addmusic_set_accessible_text(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}
static inline GtkToggleButton *addmusic_gtk_toggle_button(gpointer object) { return GTK_TOGGLE_BUTTON(object); }
static inline GtkMenuButton *addmusic_gtk_menu_button(gpointer object) { return GTK_MENU_BUTTON(object); }
static inline GtkPopover *addmusic_gtk_popover(gpointer object) { return GTK_POPOVER(object); }
static inline GtkShortcutController *addmusic_gtk_shortcut_controller(gpointer object) {
    return GTK_SHORTCUT_CONTROLLER(object);
}
static inline GtkEventController *addmusic_gtk_event_controller(gpointer object) { return GTK_EVENT_CONTROLLER(object); }
static inline GtkSwitch *addmusic_gtk_switch(gpointer object) { return GTK_SWITCH(object); }
static inline GtkSpinButton *addmusic_gtk_spin_button(gpointer object) { return GTK_SPIN_BUTTON(object); }
static inline GtkFileChooser *addmusic_gtk_file_chooser(gpointer object) { return GTK_FILE_CHOOSER(object); }
static inline GtkNativeDialog *addmusic_gtk_native_dialog(gpointer object) { return GTK_NATIVE_DIALOG(object); }
static inline AdwToastOverlay *addmusic_adw_toast_overlay(gpointer object) { return ADW_TOAST_OVERLAY(object); }
static inline AdwPreferencesWindow *addmusic_adw_preferences_window(gpointer object) {
    return ADW_PREFERENCES_WINDOW(object);
}
static inline AdwPreferencesPage *addmusic_adw_preferences_page(gpointer object) { return ADW_PREFERENCES_PAGE(object); }
static inline AdwPreferencesGroup *addmusic_adw_preferences_group(gpointer object) {
    return ADW_PREFERENCES_GROUP(object);
}
static inline AdwPreferencesRow *addmusic_adw_preferences_row(gpointer object) { return ADW_PREFERENCES_ROW(object); }
static inline AdwActionRow *addmusic_adw_action_row(gpointer object) { return ADW_ACTION_ROW(object); }
static inline AdwComboRow *addmusic_adw_combo_row(gpointer object) { return ADW_COMBO_ROW(object); }

/// The pixel format cairo draws in (GDK_MEMORY_DEFAULT is a macro): a picture in it is copied as it is when the
/// software renderer draws it, where any other is converted pixel by pixel on every frame.
static inline GdkMemoryFormat addmusic_gdk_memory_default(void) { return GDK_MEMORY_DEFAULT; }

/// Signals with one int argument (a native dialog's "response").
typedef void (*addmusic_int_signal)(gpointer instance, gint argument, gpointer data);
static inline gulong addmusic_signal_connect_int(gpointer instance, const char *name, addmusic_int_signal callback,
                                                 gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, name, G_CALLBACK(callback), data, notify, 0);
}
/// A list model of `count` rows whose items are made as GTK asks for them (empty string objects: a row's text and
/// picture are bound by its position), so a list of 100,000 rows costs nothing until rows are shown. GObject types
/// are declared with macros, hence C; the type is registered once per process (`addmusic_object_type`).
typedef struct {
    GObject parent;
    guint count;
} AddmusicRowModel;
typedef struct {
    GObjectClass parent_class;
} AddmusicRowModelClass;

static inline GType addmusic_row_model_item_type(GListModel *list) { return GTK_TYPE_STRING_OBJECT; }
static inline guint addmusic_row_model_n_items(GListModel *list) { return ((AddmusicRowModel *)list)->count; }
static inline gpointer addmusic_row_model_get_item(GListModel *list, guint position) {
    return position < ((AddmusicRowModel *)list)->count ? gtk_string_object_new("") : NULL;
}
static inline void addmusic_row_model_interface_init(gpointer interface, gpointer data) {
    GListModelInterface *list = interface;
    list->get_item_type = addmusic_row_model_item_type;
    list->get_n_items = addmusic_row_model_n_items;
    list->get_item = addmusic_row_model_get_item;
}
static inline GType addmusic_row_model_get_type(void) {
    static gsize registered = 0;
    if (g_once_init_enter(&registered)) {
        const AddmusicInterface interfaces[] = {{G_TYPE_LIST_MODEL, addmusic_row_model_interface_init}};
        g_once_init_leave(&registered, addmusic_object_type("AddmusicRowModel", sizeof(AddmusicRowModelClass), NULL,
                                                            sizeof(AddmusicRowModel), interfaces, 1));
    }
    return registered;
}
/// A new model of no rows (one reference, the caller's).
static inline GListModel *addmusic_row_model_new(void) {
    return G_LIST_MODEL(g_object_new_with_properties(addmusic_row_model_get_type(), 0, NULL, NULL));
}
/// Sets the number of rows to `count`, telling views only of the rows added or removed at the end: the rows before
/// keep their widgets, and their owner shows the new rows in them.
static inline void addmusic_row_model_resize(GListModel *model, guint count) {
    AddmusicRowModel *self = (AddmusicRowModel *)model;
    guint old = self->count, kept = MIN(old, count);
    self->count = count;
    if (old != count) g_list_model_items_changed(model, kept, old - kept, count - kept);
}
/// GApplication's "open": the files, their count and the hint.
typedef void (*addmusic_open_signal)(gpointer instance, GFile **files, gint count, const char *hint, gpointer data);
static inline gulong addmusic_signal_connect_open(gpointer instance, addmusic_open_signal callback, gpointer data,
                                                  GClosureNotify notify) {
    return g_signal_connect_data(instance, "open", G_CALLBACK(callback), data, notify, 0);
}
/// Where a GFile is, as the app opens it: its local path, else its URI (a web stream's URL, another scheme's).
/// The caller frees it.
static inline char *addmusic_file_location(GFile *file) {
    if (!g_file_has_uri_scheme(file, "http") && !g_file_has_uri_scheme(file, "https")) {
        char *path = g_file_get_path(file);
        if (path) return path;
    }
    return g_file_get_uri(file);
}
/// Hands `count` locations (paths or URIs, as typed) to the primary instance's "open", or activates it with none.
static inline void addmusic_application_forward(GApplication *application, const char *const *locations, int count) {
    if (count == 0) {
        g_application_activate(application);
    } else {
        GFile **files = g_new0(GFile *, count);
        for (int index = 0; index < count; index++) files[index] = g_file_new_for_commandline_arg(locations[index]);
        g_application_open(application, files, count, "");
        for (int index = 0; index < count; index++) g_object_unref(files[index]);
        g_free(files);
    }
    GDBusConnection *bus = g_application_get_dbus_connection(application);
    if (bus) g_dbus_connection_flush_sync(bus, NULL, NULL);
}

/// A drop target taking a list of files or a text (a URL dragged from a browser), copied.
static inline GtkDropTarget *addmusic_file_drop_target_new(void) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INVALID, GDK_ACTION_COPY);
    GType types[] = {GDK_TYPE_FILE_LIST, G_TYPE_STRING};
    gtk_drop_target_set_gtypes(target, types, 2);
    return target;
}
/// GtkDropTarget's "drop": the value dropped and where.
typedef gboolean (*addmusic_drop_signal)(gpointer instance, const GValue *value, double x, double y, gpointer data);
static inline gulong addmusic_signal_connect_drop(gpointer instance, addmusic_drop_signal callback, gpointer data,
                                                  GClosureNotify notify) {
    return g_signal_connect_data(instance, "drop", G_CALLBACK(callback), data, notify, 0);
}
/// Whether `value` holds a file list (else it may hold a string).
static inline gboolean addmusic_value_holds_file_list(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST);
}
static inline gboolean addmusic_value_holds_string(const GValue *value) { return G_VALUE_HOLDS_STRING(value); }
/// The files of a file-list value, as GTK keeps them (not to be freed).
static inline GSList *addmusic_value_files(const GValue *value) {
    GdkFileList *list = g_value_get_boxed(value);
    return list ? gdk_file_list_get_files(list) : NULL;
}
/// A file-list value of the files at `locations` (as typed), for a drop made without a pointer; unset by the caller.
static inline void addmusic_value_init_file_list(GValue *value, const char *const *locations, int count) {
    GSList *files = NULL;
    for (int index = count - 1; index >= 0; index--)
        files = g_slist_prepend(files, g_file_new_for_commandline_arg(locations[index]));
    g_value_init(value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed(value, gdk_file_list_new_from_list(files));
    g_slist_free_full(files, g_object_unref);
}
/// A drag source moving a row, and the content it carries: the row's position (a guint, for this process only).
static inline GtkDragSource *addmusic_row_drag_source_new(void) {
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
    return source;
}
static inline GdkContentProvider *addmusic_content_uint(guint number) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_UINT);
    g_value_set_uint(&value, number);
    GdkContentProvider *provider = gdk_content_provider_new_for_value(&value);
    g_value_unset(&value);
    return provider;
}
/// GtkDragSource's "prepare": the content the drag starting at (x, y) carries.
typedef GdkContentProvider *(*addmusic_prepare_signal)(gpointer instance, double x, double y, gpointer data);
static inline gulong addmusic_signal_connect_prepare(gpointer instance, addmusic_prepare_signal callback,
                                                     gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, "prepare", G_CALLBACK(callback), data, notify, 0);
}
/// A drop target taking a row moved within the same list (a guint position).
static inline GtkDropTarget *addmusic_row_drop_target_new(void) {
    return gtk_drop_target_new(G_TYPE_UINT, GDK_ACTION_MOVE);
}
static inline gboolean addmusic_value_holds_uint(const GValue *value) { return G_VALUE_HOLDS_UINT(value); }
#endif
