// Written by scripts/lazy-functions from the objects that call them and the libraries' headers: run it again, rather
// than editing this, when the window calls a function of libadwaita, GTK, GdkPixbuf or GLib it did not call before.
#ifndef ADDMUSIC_GTK_FUNCTIONS_H
#define ADDMUSIC_GTK_FUNCTIONS_H

// Also function-like macros in the headers: the stand-ins take the function's name.
#undef g_object_ref
#undef g_object_ref_sink
#undef g_once_init_enter
#undef g_once_init_leave

// Each function: its library, (its return type,) its name, its parameters and the arguments that pass them
// on. R returns a value; V returns nothing.
#define GTK_FUNCTIONS(R, V)                                                                                           \
    V(ADWAITA, adw_action_row_add_suffix, (AdwActionRow *self, GtkWidget *widget), (self, widget))                     \
    R(ADWAITA, GType, adw_action_row_get_type, (void), ())                                                             \
    R(ADWAITA, GtkWidget *, adw_action_row_new, (void), ())                                                            \
    V(ADWAITA, adw_action_row_set_activatable_widget, (AdwActionRow *self, GtkWidget *widget), (self, widget))         \
    V(ADWAITA, adw_action_row_set_subtitle, (AdwActionRow *self, const char *subtitle), (self, subtitle))              \
    R(ADWAITA, AdwApplication *, adw_application_new,                                                                  \
      (const char *application_id, GApplicationFlags flags),                                                           \
      (application_id, flags))                                                                                         \
    R(ADWAITA, GType, adw_application_window_get_type, (void), ())                                                     \
    R(ADWAITA, GtkWidget *, adw_application_window_new, (GtkApplication *app), (app))                                  \
    V(ADWAITA, adw_application_window_set_content, (AdwApplicationWindow *self, GtkWidget *content), (self, content))  \
    R(ADWAITA, guint, adw_combo_row_get_selected, (AdwComboRow *self), (self))                                         \
    R(ADWAITA, GType, adw_combo_row_get_type, (void), ())                                                              \
    R(ADWAITA, GtkWidget *, adw_combo_row_new, (void), ())                                                             \
    V(ADWAITA, adw_combo_row_set_model, (AdwComboRow *self, GListModel *model), (self, model))                         \
    V(ADWAITA, adw_combo_row_set_selected, (AdwComboRow *self, guint position), (self, position))                      \
    R(ADWAITA, GType, adw_header_bar_get_type, (void), ())                                                             \
    R(ADWAITA, GtkWidget *, adw_header_bar_new, (void), ())                                                            \
    V(ADWAITA, adw_header_bar_pack_end, (AdwHeaderBar *self, GtkWidget *child), (self, child))                         \
    V(ADWAITA, adw_header_bar_pack_start, (AdwHeaderBar *self, GtkWidget *child), (self, child))                       \
    V(ADWAITA, adw_header_bar_set_show_end_title_buttons, (AdwHeaderBar *self, gboolean setting), (self, setting))     \
    V(ADWAITA, adw_header_bar_set_show_start_title_buttons, (AdwHeaderBar *self, gboolean setting), (self, setting))   \
    V(ADWAITA, adw_header_bar_set_title_widget, (AdwHeaderBar *self, GtkWidget *title_widget), (self, title_widget))   \
    V(ADWAITA, adw_init, (void), ())                                                                                   \
    V(ADWAITA, adw_message_dialog_add_response,                                                                        \
      (AdwMessageDialog *self, const char *id, const char *label),                                                     \
      (self, id, label))                                                                                               \
    R(ADWAITA, GType, adw_message_dialog_get_type, (void), ())                                                         \
    R(ADWAITA, GtkWidget *, adw_message_dialog_new,                                                                    \
      (GtkWindow *parent, const char *heading, const char *body),                                                      \
      (parent, heading, body))                                                                                         \
    V(ADWAITA, adw_message_dialog_set_close_response,                                                                  \
      (AdwMessageDialog *self, const char *response),                                                                  \
      (self, response))                                                                                                \
    V(ADWAITA, adw_message_dialog_set_default_response,                                                                \
      (AdwMessageDialog *self, const char *response),                                                                  \
      (self, response))                                                                                                \
    V(ADWAITA, adw_message_dialog_set_response_appearance,                                                             \
      (AdwMessageDialog *self, const char *response, AdwResponseAppearance appearance),                                \
      (self, response, appearance))                                                                                    \
    V(ADWAITA, adw_preferences_group_add, (AdwPreferencesGroup *self, GtkWidget *child), (self, child))                \
    R(ADWAITA, GType, adw_preferences_group_get_type, (void), ())                                                      \
    R(ADWAITA, GtkWidget *, adw_preferences_group_new, (void), ())                                                     \
    V(ADWAITA, adw_preferences_group_remove, (AdwPreferencesGroup *self, GtkWidget *child), (self, child))             \
    V(ADWAITA, adw_preferences_group_set_description,                                                                  \
      (AdwPreferencesGroup *self, const char *description),                                                            \
      (self, description))                                                                                             \
    V(ADWAITA, adw_preferences_group_set_header_suffix,                                                                \
      (AdwPreferencesGroup *self, GtkWidget *suffix),                                                                  \
      (self, suffix))                                                                                                  \
    V(ADWAITA, adw_preferences_group_set_title, (AdwPreferencesGroup *self, const char *title), (self, title))         \
    V(ADWAITA, adw_preferences_page_add, (AdwPreferencesPage *self, AdwPreferencesGroup *group), (self, group))        \
    R(ADWAITA, GType, adw_preferences_page_get_type, (void), ())                                                       \
    R(ADWAITA, GtkWidget *, adw_preferences_page_new, (void), ())                                                      \
    R(ADWAITA, GType, adw_preferences_row_get_type, (void), ())                                                        \
    V(ADWAITA, adw_preferences_row_set_title, (AdwPreferencesRow *self, const char *title), (self, title))             \
    V(ADWAITA, adw_preferences_window_add, (AdwPreferencesWindow *self, AdwPreferencesPage *page), (self, page))       \
    R(ADWAITA, GType, adw_preferences_window_get_type, (void), ())                                                     \
    R(ADWAITA, GtkWidget *, adw_preferences_window_new, (void), ())                                                    \
    V(ADWAITA, adw_preferences_window_set_search_enabled,                                                              \
      (AdwPreferencesWindow *self, gboolean search_enabled),                                                           \
      (self, search_enabled))                                                                                          \
    R(ADWAITA, AdwToast *, adw_toast_new, (const char *title), (title))                                                \
    V(ADWAITA, adw_toast_overlay_add_toast, (AdwToastOverlay *self, AdwToast *toast), (self, toast))                   \
    R(ADWAITA, GType, adw_toast_overlay_get_type, (void), ())                                                          \
    R(ADWAITA, GtkWidget *, adw_toast_overlay_new, (void), ())                                                         \
    V(ADWAITA, adw_toast_overlay_set_child, (AdwToastOverlay *self, GtkWidget *child), (self, child))                  \
    V(ADWAITA, adw_toast_set_button_label, (AdwToast *self, const char *button_label), (self, button_label))           \
    V(ADWAITA, adw_toast_set_timeout, (AdwToast *self, guint timeout), (self, timeout))                                \
    V(ADWAITA, adw_toast_set_title, (AdwToast *self, const char *title), (self, title))                                \
    R(ADWAITA, AdwViewStackPage *, adw_view_stack_add_titled,                                                          \
      (AdwViewStack *self, GtkWidget *child, const char *name, const char *title),                                     \
      (self, child, name, title))                                                                                      \
    R(ADWAITA, GType, adw_view_stack_get_type, (void), ())                                                             \
    R(ADWAITA, const char *, adw_view_stack_get_visible_child_name, (AdwViewStack *self), (self))                      \
    R(ADWAITA, GtkWidget *, adw_view_stack_new, (void), ())                                                            \
    V(ADWAITA, adw_view_stack_page_set_icon_name, (AdwViewStackPage *self, const char *icon_name), (self, icon_name))  \
    V(ADWAITA, adw_view_stack_set_visible_child_name, (AdwViewStack *self, const char *name), (self, name))            \
    R(ADWAITA, GType, adw_view_switcher_get_type, (void), ())                                                          \
    R(ADWAITA, GtkWidget *, adw_view_switcher_new, (void), ())                                                         \
    V(ADWAITA, adw_view_switcher_set_policy, (AdwViewSwitcher *self, AdwViewSwitcherPolicy policy), (self, policy))    \
    V(ADWAITA, adw_view_switcher_set_stack, (AdwViewSwitcher *self, AdwViewStack *stack), (self, stack))               \
    R(ADWAITA, GType, adw_window_get_type, (void), ())                                                                 \
    R(ADWAITA, GtkWidget *, adw_window_new, (void), ())                                                                \
    V(ADWAITA, adw_window_set_content, (AdwWindow *self, GtkWidget *content), (self, content))                         \
    R(GIO, GType, g_action_get_type, (void), ())                                                                       \
    V(GIO, g_action_map_add_action, (GActionMap *action_map, GAction *action), (action_map, action))                   \
    R(GIO, GType, g_action_map_get_type, (void), ())                                                                   \
    V(GIO, g_application_activate, (GApplication *application), (application))                                         \
    R(GIO, GDBusConnection *, g_application_get_dbus_connection, (GApplication *application), (application))           \
    R(GIO, gboolean, g_application_get_is_remote, (GApplication *application), (application))                          \
    R(GIO, GType, g_application_get_type, (void), ())                                                                  \
    V(GIO, g_application_open,                                                                                         \
      (GApplication *application, GFile **files, gint n_files, const gchar *hint),                                     \
      (application, files, n_files, hint))                                                                             \
    V(GIO, g_application_quit, (GApplication *application), (application))                                             \
    R(GIO, gboolean, g_application_register,                                                                           \
      (GApplication *application, GCancellable *cancellable, GError **error),                                          \
      (application, cancellable, error))                                                                               \
    R(GIO, int, g_application_run, (GApplication *application, int argc, char **argv), (application, argc, argv))      \
    V(GIO, g_application_send_notification,                                                                            \
      (GApplication *application, const gchar *id, GNotification *notification),                                       \
      (application, id, notification))                                                                                 \
    V(GIO, g_application_withdraw_notification, (GApplication *application, const gchar *id), (application, id))       \
    R(GLIB, GBytes *, g_bytes_new, (gconstpointer data, gsize size), (data, size))                                     \
    R(GLIB, GBytes *, g_bytes_new_take, (gpointer data, gsize size), (data, size))                                     \
    V(GLIB, g_bytes_unref, (GBytes *bytes), (bytes))                                                                   \
    V(GIO, g_dbus_connection_call,                                                                                     \
      (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,      \
       const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,           \
       gint timeout_msec, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data),                \
      (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec,    \
       cancellable, callback, user_data))                                                                              \
    R(GIO, GVariant *, g_dbus_connection_call_finish,                                                                  \
      (GDBusConnection *connection, GAsyncResult *res, GError **error),                                                \
      (connection, res, error))                                                                                        \
    R(GIO, gboolean, g_dbus_connection_flush_sync,                                                                     \
      (GDBusConnection *connection, GCancellable *cancellable, GError **error),                                        \
      (connection, cancellable, error))                                                                                \
    V(GLIB, g_error_free, (GError *error), (error))                                                                    \
    R(GIO, char *, g_file_get_path, (GFile *file), (file))                                                             \
    R(GIO, char *, g_file_get_uri, (GFile *file), (file))                                                              \
    R(GIO, gboolean, g_file_has_uri_scheme, (GFile *file, const char *uri_scheme), (file, uri_scheme))                 \
    R(GIO, GIcon *, g_file_icon_new, (GFile *file), (file))                                                            \
    R(GIO, GFile *, g_file_new_for_commandline_arg, (const char *arg), (arg))                                          \
    R(GIO, GFile *, g_file_new_for_path, (const char *path), (path))                                                   \
    V(GLIB, g_free, (gpointer mem), (mem))                                                                             \
    R(GIO, GType, g_icon_get_type, (void), ())                                                                         \
    R(GLIB, guint, g_idle_add_full,                                                                                    \
      (gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify),                                     \
      (priority, function, data, notify))                                                                              \
    R(GLIB, const gchar *, g_intern_static_string, (const gchar *string), (string))                                    \
    R(GIO, gpointer, g_list_model_get_item, (GListModel *list, guint position), (list, position))                      \
    R(GIO, GType, g_list_model_get_item_type, (GListModel *list), (list))                                              \
    R(GIO, guint, g_list_model_get_n_items, (GListModel *list), (list))                                                \
    R(GIO, GType, g_list_model_get_type, (void), ())                                                                   \
    V(GIO, g_list_model_items_changed,                                                                                 \
      (GListModel *list, guint position, guint removed, guint added),                                                  \
      (list, position, removed, added))                                                                                \
    R(GLIB, gboolean, g_main_context_acquire, (GMainContext *context), (context))                                      \
    R(GLIB, GMainContext *, g_main_context_default, (void), ())                                                        \
    R(GLIB, gboolean, g_main_context_iteration, (GMainContext *context, gboolean may_block), (context, may_block))     \
    V(GLIB, g_main_context_release, (GMainContext *context), (context))                                                \
    R(GLIB, gpointer, g_malloc0_n, (gsize n_blocks, gsize n_block_bytes), (n_blocks, n_block_bytes))                   \
    R(GLIB, gchar *, g_markup_escape_text, (const gchar *text, gssize length), (text, length))                         \
    R(GIO, GInputStream *, g_memory_input_stream_new_from_bytes, (GBytes *bytes), (bytes))                             \
    V(GIO, g_notification_add_button,                                                                                  \
      (GNotification *notification, const gchar *label, const gchar *detailed_action),                                 \
      (notification, label, detailed_action))                                                                          \
    R(GIO, GNotification *, g_notification_new, (const gchar *title), (title))                                         \
    V(GIO, g_notification_set_body, (GNotification *notification, const gchar *body), (notification, body))            \
    V(GIO, g_notification_set_icon, (GNotification *notification, GIcon *icon), (notification, icon))                  \
    R(GOBJECT, GObject *, g_object_new_with_properties,                                                                \
      (GType object_type, guint n_properties, const char **names, const GValue *values),                               \
      (object_type, n_properties, names, values))                                                                      \
    R(GOBJECT, gpointer, g_object_ref, (gpointer object), (object))                                                    \
    R(GOBJECT, gpointer, g_object_ref_sink, (gpointer object), (object))                                               \
    V(GOBJECT, g_object_unref, (gpointer object), (object))                                                            \
    R(GLIB, gboolean, g_once_init_enter, (volatile void *location), (location))                                        \
    V(GLIB, g_once_init_leave, (volatile void *location, gsize result), (location, result))                            \
    V(GLIB, g_set_application_name, (const gchar *application_name), (application_name))                               \
    R(GOBJECT, gulong, g_signal_connect_data,                                                                          \
      (gpointer instance, const gchar *detailed_signal, GCallback c_handler, gpointer data,                            \
       GClosureNotify destroy_data, GConnectFlags connect_flags),                                                      \
      (instance, detailed_signal, c_handler, data, destroy_data, connect_flags))                                       \
    R(GOBJECT, guint, g_signal_handlers_disconnect_matched,                                                            \
      (gpointer instance, GSignalMatchType mask, guint signal_id, GQuark detail, GClosure *closure, gpointer func,     \
       gpointer data),                                                                                                 \
      (instance, mask, signal_id, detail, closure, func, data))                                                        \
    R(GIO, GSimpleAction *, g_simple_action_new,                                                                       \
      (const gchar *name, const GVariantType *parameter_type),                                                         \
      (name, parameter_type))                                                                                          \
    V(GLIB, g_slist_free, (GSList *list), (list))                                                                      \
    V(GLIB, g_slist_free_full, (GSList *list, GDestroyNotify free_func), (list, free_func))                            \
    R(GLIB, GSList *, g_slist_prepend, (GSList *list, gpointer data), (list, data))                                    \
    R(GLIB, gboolean, g_source_remove, (guint tag), (tag))                                                             \
    R(GLIB, guint, g_timeout_add_full,                                                                                 \
      (gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify),                     \
      (priority, interval, function, data, notify))                                                                    \
    R(GLIB, gpointer, g_try_malloc, (gsize n_bytes), (n_bytes))                                                        \
    V(GOBJECT, g_type_add_interface_static,                                                                            \
      (GType instance_type, GType interface_type, const GInterfaceInfo *info),                                         \
      (instance_type, interface_type, info))                                                                           \
    R(GOBJECT, GTypeClass *, g_type_check_class_cast, (GTypeClass *g_class, GType is_a_type), (g_class, is_a_type))    \
    R(GOBJECT, GTypeInstance *, g_type_check_instance_cast,                                                            \
      (GTypeInstance *instance, GType iface_type),                                                                     \
      (instance, iface_type))                                                                                          \
    R(GOBJECT, gboolean, g_type_check_instance_is_a,                                                                   \
      (GTypeInstance *instance, GType iface_type),                                                                     \
      (instance, iface_type))                                                                                          \
    R(GOBJECT, gboolean, g_type_check_value_holds, (const GValue *value, GType type), (value, type))                   \
    R(GOBJECT, gpointer, g_type_class_peek, (GType type), (type))                                                      \
    R(GOBJECT, GType, g_type_from_name, (const gchar *name), (name))                                                   \
    R(GOBJECT, GType, g_type_register_static_simple,                                                                   \
      (GType parent_type, const gchar *type_name, guint class_size, GClassInitFunc class_init, guint instance_size,    \
       GInstanceInitFunc instance_init, GTypeFlags flags),                                                             \
      (parent_type, type_name, class_size, class_init, instance_size, instance_init, flags))                           \
    R(GLIB, guint, g_unix_fd_add_full,                                                                                 \
      (gint priority, gint fd, GIOCondition condition, GUnixFDSourceFunc function, gpointer user_data,                 \
       GDestroyNotify notify),                                                                                         \
      (priority, fd, condition, function, user_data, notify))                                                          \
    R(GOBJECT, gpointer, g_value_get_boxed, (const GValue *value), (value))                                            \
    R(GOBJECT, const gchar *, g_value_get_string, (const GValue *value), (value))                                      \
    R(GOBJECT, guint, g_value_get_uint, (const GValue *value), (value))                                                \
    R(GOBJECT, GValue *, g_value_init, (GValue *value, GType g_type), (value, g_type))                                 \
    V(GOBJECT, g_value_set_string, (GValue *value, const gchar *v_string), (value, v_string))                          \
    V(GOBJECT, g_value_set_uint, (GValue *value, guint v_uint), (value, v_uint))                                       \
    V(GOBJECT, g_value_take_boxed, (GValue *value, gconstpointer v_boxed), (value, v_boxed))                           \
    V(GOBJECT, g_value_unset, (GValue *value), (value))                                                                \
    R(GLIB, gboolean, g_variant_get_boolean, (GVariant *value), (value))                                               \
    R(GLIB, GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_))                   \
    R(GLIB, const gchar **, g_variant_get_strv, (GVariant *value, gsize *length), (value, length))                     \
    R(GLIB, GVariant *, g_variant_new_string, (const gchar *string), (string))                                         \
    R(GLIB, GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children), (children, n_children))    \
    R(GLIB, GVariant *, g_variant_new_uint32, (guint32 value), (value))                                                \
    V(GLIB, g_variant_unref, (GVariant *value), (value))                                                               \
    R(GTK, GdkContentProvider *, gdk_content_provider_new_for_value, (const GValue *value), (value))                   \
    R(GTK, GdkDisplay *, gdk_display_get_default, (void), ())                                                          \
    R(GTK, GSList *, gdk_file_list_get_files, (GdkFileList *file_list), (file_list))                                   \
    R(GTK, GType, gdk_file_list_get_type, (void), ())                                                                  \
    R(GTK, GdkFileList *, gdk_file_list_new_from_list, (GSList *files), (files))                                       \
    R(GTK, const char *, gdk_keyval_name, (guint keyval), (keyval))                                                    \
    R(GTK, GdkTexture *, gdk_memory_texture_new,                                                                       \
      (int width, int height, GdkMemoryFormat format, GBytes *bytes, gsize stride),                                    \
      (width, height, format, bytes, stride))                                                                          \
    R(PIXBUF, GdkPixbuf *, gdk_pixbuf_new_from_stream_at_scale,                                                        \
      (GInputStream *stream, gint width, gint height, gboolean preserve_aspect_ratio, GCancellable *cancellable,       \
       GError **error),                                                                                                \
      (stream, width, height, preserve_aspect_ratio, cancellable, error))                                              \
    V(GTK, gdk_texture_download, (GdkTexture *texture, guchar *data, gsize stride), (texture, data, stride))           \
    R(GTK, int, gdk_texture_get_height, (GdkTexture *texture), (texture))                                              \
    R(GTK, int, gdk_texture_get_width, (GdkTexture *texture), (texture))                                               \
    R(GTK, GdkTexture *, gdk_texture_new_for_pixbuf, (GdkPixbuf *pixbuf), (pixbuf))                                    \
    R(GTK, GdkTexture *, gdk_texture_new_from_bytes, (GBytes *bytes, GError **error), (bytes, error))                  \
    R(GTK, GType, gsk_cairo_renderer_get_type, (void), ())                                                             \
    R(GTK, GskRenderer *, gsk_cairo_renderer_new, (void), ())                                                          \
    V(GTK, gsk_render_node_unref, (GskRenderNode *node), (node))                                                       \
    R(GTK, gboolean, gsk_renderer_realize,                                                                             \
      (GskRenderer *renderer, GdkSurface *surface, GError **error),                                                    \
      (renderer, surface, error))                                                                                      \
    R(GTK, GdkTexture *, gsk_renderer_render_texture,                                                                  \
      (GskRenderer *renderer, GskRenderNode *root, const graphene_rect_t *viewport),                                   \
      (renderer, root, viewport))                                                                                      \
    V(GTK, gsk_renderer_unrealize, (GskRenderer *renderer), (renderer))                                                \
    R(GTK, GType, gtk_accessible_get_type, (void), ())                                                                 \
    V(GTK, gtk_accessible_update_property_value,                                                                       \
      (GtkAccessible *self, int n_properties, GtkAccessibleProperty *properties, const GValue *values),                \
      (self, n_properties, properties, values))                                                                        \
    R(GTK, double, gtk_adjustment_get_page_size, (GtkAdjustment *adjustment), (adjustment))                            \
    R(GTK, double, gtk_adjustment_get_upper, (GtkAdjustment *adjustment), (adjustment))                                \
    R(GTK, double, gtk_adjustment_get_value, (GtkAdjustment *adjustment), (adjustment))                                \
    V(GTK, gtk_adjustment_set_value, (GtkAdjustment *adjustment, double value), (adjustment, value))                   \
    R(GTK, GtkWindow *, gtk_application_get_active_window, (GtkApplication *application), (application))               \
    R(GTK, GType, gtk_application_get_type, (void), ())                                                                \
    R(GTK, guint, gtk_application_inhibit,                                                                             \
      (GtkApplication *application, GtkWindow *window, GtkApplicationInhibitFlags flags, const char *reason),          \
      (application, window, flags, reason))                                                                            \
    V(GTK, gtk_application_uninhibit, (GtkApplication *application, guint cookie), (application, cookie))              \
    R(GTK, guint, gtk_bitset_get_nth, (const GtkBitset *self, guint nth), (self, nth))                                 \
    R(GTK, guint64, gtk_bitset_get_size, (const GtkBitset *self), (self))                                              \
    V(GTK, gtk_bitset_unref, (GtkBitset *self), (self))                                                                \
    V(GTK, gtk_box_append, (GtkBox *box, GtkWidget *child), (box, child))                                              \
    R(GTK, GType, gtk_box_get_type, (void), ())                                                                        \
    R(GTK, GtkWidget *, gtk_box_new, (GtkOrientation orientation, int spacing), (orientation, spacing))                \
    R(GTK, GObject *, gtk_builder_get_object, (GtkBuilder *builder, const char *name), (builder, name))                \
    R(GTK, GtkBuilder *, gtk_builder_new_from_string, (const char *string, gssize length), (string, length))           \
    R(GTK, const char *, gtk_button_get_icon_name, (GtkButton *button), (button))                                      \
    R(GTK, const char *, gtk_button_get_label, (GtkButton *button), (button))                                          \
    R(GTK, GType, gtk_button_get_type, (void), ())                                                                     \
    R(GTK, GtkWidget *, gtk_button_new_from_icon_name, (const char *icon_name), (icon_name))                           \
    R(GTK, GtkWidget *, gtk_button_new_with_label, (const char *label), (label))                                       \
    V(GTK, gtk_button_set_icon_name, (GtkButton *button, const char *icon_name), (button, icon_name))                  \
    V(GTK, gtk_button_set_label, (GtkButton *button, const char *label), (button, label))                              \
    R(GTK, GtkShortcutAction *, gtk_callback_action_new,                                                               \
      (GtkShortcutFunc callback, gpointer data, GDestroyNotify destroy),                                               \
      (callback, data, destroy))                                                                                       \
    V(GTK, gtk_css_provider_load_from_data,                                                                            \
      (GtkCssProvider *css_provider, const char *data, gssize length),                                                 \
      (css_provider, data, length))                                                                                    \
    R(GTK, GtkCssProvider *, gtk_css_provider_new, (void), ())                                                         \
    R(GTK, GtkDragSource *, gtk_drag_source_new, (void), ())                                                           \
    V(GTK, gtk_drag_source_set_actions, (GtkDragSource *source, GdkDragAction actions), (source, actions))             \
    R(GTK, GtkDropTarget *, gtk_drop_target_new, (GType type, GdkDragAction actions), (type, actions))                 \
    V(GTK, gtk_drop_target_set_gtypes, (GtkDropTarget *self, GType *types, gsize n_types), (self, types, n_types))     \
    R(GTK, const char *, gtk_editable_get_text, (GtkEditable *editable), (editable))                                   \
    R(GTK, GType, gtk_editable_get_type, (void), ())                                                                   \
    V(GTK, gtk_editable_set_text, (GtkEditable *editable, const char *text), (editable, text))                         \
    R(GTK, const char *, gtk_entry_get_placeholder_text, (GtkEntry *entry), (entry))                                   \
    R(GTK, GType, gtk_entry_get_type, (void), ())                                                                      \
    R(GTK, gboolean, gtk_entry_get_visibility, (GtkEntry *entry), (entry))                                             \
    R(GTK, GtkWidget *, gtk_entry_new, (void), ())                                                                     \
    V(GTK, gtk_entry_set_placeholder_text, (GtkEntry *entry, const char *text), (entry, text))                         \
    V(GTK, gtk_entry_set_visibility, (GtkEntry *entry, gboolean visible), (entry, visible))                            \
    R(GTK, GType, gtk_event_controller_get_type, (void), ())                                                           \
    R(GTK, GtkEventController *, gtk_event_controller_key_new, (void), ())                                             \
    V(GTK, gtk_event_controller_set_propagation_phase,                                                                 \
      (GtkEventController *controller, GtkPropagationPhase phase),                                                     \
      (controller, phase))                                                                                             \
    V(GTK, gtk_file_chooser_add_filter, (GtkFileChooser *chooser, GtkFileFilter *filter), (chooser, filter))           \
    R(GTK, GFile *, gtk_file_chooser_get_file, (GtkFileChooser *chooser), (chooser))                                   \
    R(GTK, GType, gtk_file_chooser_get_type, (void), ())                                                               \
    R(GTK, GtkFileChooserNative *, gtk_file_chooser_native_new,                                                        \
      (const char *title, GtkWindow *parent, GtkFileChooserAction action, const char *accept_label,                    \
       const char *cancel_label),                                                                                      \
      (title, parent, action, accept_label, cancel_label))                                                             \
    V(GTK, gtk_file_filter_add_pixbuf_formats, (GtkFileFilter *filter), (filter))                                      \
    R(GTK, GtkFileFilter *, gtk_file_filter_new, (void), ())                                                           \
    V(GTK, gtk_file_filter_set_name, (GtkFileFilter *filter, const char *name), (filter, name))                        \
    R(GTK, GType, gtk_grid_view_get_type, (void), ())                                                                  \
    R(GTK, GtkWidget *, gtk_grid_view_new, (GtkSelectionModel *model, GtkListItemFactory *factory), (model, factory))  \
    V(GTK, gtk_grid_view_set_max_columns, (GtkGridView *self, guint max_columns), (self, max_columns))                 \
    V(GTK, gtk_grid_view_set_model, (GtkGridView *self, GtkSelectionModel *model), (self, model))                      \
    R(GTK, GtkIconTheme *, gtk_icon_theme_get_for_display, (GdkDisplay *display), (display))                           \
    R(GTK, GtkIconPaintable *, gtk_icon_theme_lookup_icon,                                                             \
      (GtkIconTheme *self, const char *icon_name, const char **fallbacks, int size, int scale,                         \
       GtkTextDirection direction, GtkIconLookupFlags flags),                                                          \
      (self, icon_name, fallbacks, size, scale, direction, flags))                                                     \
    R(GTK, GdkPaintable *, gtk_image_get_paintable, (GtkImage *image), (image))                                        \
    R(GTK, int, gtk_image_get_pixel_size, (GtkImage *image), (image))                                                  \
    R(GTK, GType, gtk_image_get_type, (void), ())                                                                      \
    R(GTK, GtkWidget *, gtk_image_new_from_icon_name, (const char *icon_name), (icon_name))                            \
    V(GTK, gtk_image_set_from_icon_name, (GtkImage *image, const char *icon_name), (image, icon_name))                 \
    V(GTK, gtk_image_set_from_paintable, (GtkImage *image, GdkPaintable *paintable), (image, paintable))               \
    V(GTK, gtk_image_set_pixel_size, (GtkImage *image, int pixel_size), (image, pixel_size))                           \
    R(GTK, GType, gtk_inscription_get_type, (void), ())                                                                \
    R(GTK, GtkWidget *, gtk_inscription_new, (const char *text), (text))                                               \
    V(GTK, gtk_inscription_set_min_lines, (GtkInscription *self, guint min_lines), (self, min_lines))                  \
    V(GTK, gtk_inscription_set_nat_chars, (GtkInscription *self, guint nat_chars), (self, nat_chars))                  \
    V(GTK, gtk_inscription_set_nat_lines, (GtkInscription *self, guint nat_lines), (self, nat_lines))                  \
    V(GTK, gtk_inscription_set_text, (GtkInscription *self, const char *text), (self, text))                           \
    V(GTK, gtk_inscription_set_text_overflow,                                                                          \
      (GtkInscription *self, GtkInscriptionOverflow overflow),                                                         \
      (self, overflow))                                                                                                \
    V(GTK, gtk_inscription_set_wrap_mode, (GtkInscription *self, PangoWrapMode wrap_mode), (self, wrap_mode))          \
    V(GTK, gtk_inscription_set_xalign, (GtkInscription *self, float xalign), (self, xalign))                           \
    V(GTK, gtk_inscription_set_yalign, (GtkInscription *self, float yalign), (self, yalign))                           \
    R(GTK, const char *, gtk_label_get_text, (GtkLabel *self), (self))                                                 \
    R(GTK, GType, gtk_label_get_type, (void), ())                                                                      \
    R(GTK, GtkWidget *, gtk_label_new, (const char *str), (str))                                                       \
    V(GTK, gtk_label_set_ellipsize, (GtkLabel *self, PangoEllipsizeMode mode), (self, mode))                           \
    V(GTK, gtk_label_set_justify, (GtkLabel *self, GtkJustification jtype), (self, jtype))                             \
    V(GTK, gtk_label_set_single_line_mode, (GtkLabel *self, gboolean single_line_mode), (self, single_line_mode))      \
    V(GTK, gtk_label_set_text, (GtkLabel *self, const char *str), (self, str))                                         \
    V(GTK, gtk_label_set_wrap, (GtkLabel *self, gboolean wrap), (self, wrap))                                          \
    V(GTK, gtk_label_set_wrap_mode, (GtkLabel *self, PangoWrapMode wrap_mode), (self, wrap_mode))                      \
    R(GTK, GtkWidget *, gtk_list_item_get_child, (GtkListItem *self), (self))                                          \
    R(GTK, guint, gtk_list_item_get_position, (GtkListItem *self), (self))                                             \
    R(GTK, GType, gtk_list_item_get_type, (void), ())                                                                  \
    V(GTK, gtk_list_item_set_activatable, (GtkListItem *self, gboolean activatable), (self, activatable))              \
    V(GTK, gtk_list_item_set_child, (GtkListItem *self, GtkWidget *child), (self, child))                              \
    V(GTK, gtk_list_item_set_selectable, (GtkListItem *self, gboolean selectable), (self, selectable))                 \
    R(GTK, GType, gtk_list_view_get_type, (void), ())                                                                  \
    R(GTK, GtkWidget *, gtk_list_view_new, (GtkSelectionModel *model, GtkListItemFactory *factory), (model, factory))  \
    V(GTK, gtk_list_view_set_model, (GtkListView *self, GtkSelectionModel *model), (self, model))                      \
    R(GTK, GType, gtk_menu_button_get_type, (void), ())                                                                \
    R(GTK, GtkWidget *, gtk_menu_button_new, (void), ())                                                               \
    V(GTK, gtk_menu_button_set_icon_name,                                                                              \
      (GtkMenuButton *menu_button, const char *icon_name),                                                             \
      (menu_button, icon_name))                                                                                        \
    V(GTK, gtk_menu_button_set_popover, (GtkMenuButton *menu_button, GtkWidget *popover), (menu_button, popover))      \
    R(GTK, GtkMultiSelection *, gtk_multi_selection_new, (GListModel *model), (model))                                 \
    V(GTK, gtk_native_dialog_destroy, (GtkNativeDialog *self), (self))                                                 \
    R(GTK, GType, gtk_native_dialog_get_type, (void), ())                                                              \
    V(GTK, gtk_native_dialog_show, (GtkNativeDialog *self), (self))                                                    \
    R(GTK, GskRenderer *, gtk_native_get_renderer, (GtkNative *self), (self))                                          \
    R(GTK, GtkNoSelection *, gtk_no_selection_new, (GListModel *model), (model))                                       \
    R(GTK, GType, gtk_popover_get_type, (void), ())                                                                    \
    R(GTK, GtkWidget *, gtk_popover_new, (void), ())                                                                   \
    V(GTK, gtk_popover_popdown, (GtkPopover *popover), (popover))                                                      \
    V(GTK, gtk_popover_set_child, (GtkPopover *popover, GtkWidget *child), (popover, child))                           \
    R(GTK, GType, gtk_range_get_type, (void), ())                                                                      \
    R(GTK, double, gtk_range_get_value, (GtkRange *range), (range))                                                    \
    V(GTK, gtk_range_set_increments, (GtkRange *range, double step, double page), (range, step, page))                 \
    V(GTK, gtk_range_set_range, (GtkRange *range, double min, double max), (range, min, max))                          \
    V(GTK, gtk_range_set_value, (GtkRange *range, double value), (range, value))                                       \
    R(GTK, GType, gtk_scale_get_type, (void), ())                                                                      \
    R(GTK, GtkWidget *, gtk_scale_new_with_range,                                                                      \
      (GtkOrientation orientation, double min, double max, double step),                                               \
      (orientation, min, max, step))                                                                                   \
    V(GTK, gtk_scale_set_draw_value, (GtkScale *scale, gboolean draw_value), (scale, draw_value))                      \
    R(GTK, GType, gtk_scrolled_window_get_type, (void), ())                                                            \
    R(GTK, GtkAdjustment *, gtk_scrolled_window_get_vadjustment,                                                       \
      (GtkScrolledWindow *scrolled_window),                                                                            \
      (scrolled_window))                                                                                               \
    R(GTK, GtkWidget *, gtk_scrolled_window_new, (void), ())                                                           \
    V(GTK, gtk_scrolled_window_set_child,                                                                              \
      (GtkScrolledWindow *scrolled_window, GtkWidget *child),                                                          \
      (scrolled_window, child))                                                                                        \
    V(GTK, gtk_scrolled_window_set_policy,                                                                             \
      (GtkScrolledWindow *scrolled_window, GtkPolicyType hscrollbar_policy, GtkPolicyType vscrollbar_policy),          \
      (scrolled_window, hscrollbar_policy, vscrollbar_policy))                                                         \
    R(GTK, GtkWidget *, gtk_search_entry_new, (void), ())                                                              \
    R(GTK, GtkBitset *, gtk_selection_model_get_selection, (GtkSelectionModel *model), (model))                        \
    R(GTK, GtkBitset *, gtk_selection_model_get_selection_in_range,                                                    \
      (GtkSelectionModel *model, guint position, guint n_items),                                                       \
      (model, position, n_items))                                                                                      \
    R(GTK, GType, gtk_selection_model_get_type, (void), ())                                                            \
    R(GTK, gboolean, gtk_selection_model_is_selected, (GtkSelectionModel *model, guint position), (model, position))   \
    R(GTK, gboolean, gtk_selection_model_select_all, (GtkSelectionModel *model), (model))                              \
    R(GTK, gboolean, gtk_selection_model_select_item,                                                                  \
      (GtkSelectionModel *model, guint position, gboolean unselect_rest),                                              \
      (model, position, unselect_rest))                                                                                \
    R(GTK, gboolean, gtk_selection_model_select_range,                                                                 \
      (GtkSelectionModel *model, guint position, guint n_items, gboolean unselect_rest),                               \
      (model, position, n_items, unselect_rest))                                                                       \
    V(GTK, gtk_selection_model_selection_changed,                                                                      \
      (GtkSelectionModel *model, guint position, guint n_items),                                                       \
      (model, position, n_items))                                                                                      \
    R(GTK, gboolean, gtk_selection_model_set_selection,                                                                \
      (GtkSelectionModel *model, GtkBitset *selected, GtkBitset *mask),                                                \
      (model, selected, mask))                                                                                         \
    R(GTK, gboolean, gtk_selection_model_unselect_all, (GtkSelectionModel *model), (model))                            \
    R(GTK, gboolean, gtk_selection_model_unselect_item, (GtkSelectionModel *model, guint position), (model, position))  \
    R(GTK, gboolean, gtk_selection_model_unselect_range,                                                               \
      (GtkSelectionModel *model, guint position, guint n_items),                                                       \
      (model, position, n_items))                                                                                      \
    V(GTK, gtk_shortcut_controller_add_shortcut,                                                                       \
      (GtkShortcutController *self, GtkShortcut *shortcut),                                                            \
      (self, shortcut))                                                                                                \
    R(GTK, GType, gtk_shortcut_controller_get_type, (void), ())                                                        \
    R(GTK, GtkEventController *, gtk_shortcut_controller_new, (void), ())                                              \
    V(GTK, gtk_shortcut_controller_set_scope, (GtkShortcutController *self, GtkShortcutScope scope), (self, scope))    \
    R(GTK, GtkShortcut *, gtk_shortcut_new,                                                                            \
      (GtkShortcutTrigger *trigger, GtkShortcutAction *action),                                                        \
      (trigger, action))                                                                                               \
    R(GTK, GtkShortcutTrigger *, gtk_shortcut_trigger_parse_string, (const char *string), (string))                    \
    V(GTK, gtk_show_uri, (GtkWindow *parent, const char *uri, guint32 timestamp), (parent, uri, timestamp))            \
    R(GTK, GtkListItemFactory *, gtk_signal_list_item_factory_new, (void), ())                                         \
    R(GTK, GtkSingleSelection *, gtk_single_selection_new, (GListModel *model), (model))                               \
    V(GTK, gtk_single_selection_set_autoselect, (GtkSingleSelection *self, gboolean autoselect), (self, autoselect))   \
    V(GTK, gtk_single_selection_set_can_unselect,                                                                      \
      (GtkSingleSelection *self, gboolean can_unselect),                                                               \
      (self, can_unselect))                                                                                            \
    R(GTK, GskRenderNode *, gtk_snapshot_free_to_node, (GtkSnapshot *snapshot), (snapshot))                            \
    R(GTK, GtkSnapshot *, gtk_snapshot_new, (void), ())                                                                \
    R(GTK, GType, gtk_spin_button_get_type, (void), ())                                                                \
    R(GTK, double, gtk_spin_button_get_value, (GtkSpinButton *spin_button), (spin_button))                             \
    R(GTK, GtkWidget *, gtk_spin_button_new_with_range, (double min, double max, double step), (min, max, step))       \
    V(GTK, gtk_spin_button_set_value, (GtkSpinButton *spin_button, double value), (spin_button, value))                \
    R(GTK, GtkStackPage *, gtk_stack_add_named,                                                                        \
      (GtkStack *stack, GtkWidget *child, const char *name),                                                           \
      (stack, child, name))                                                                                            \
    R(GTK, GType, gtk_stack_get_type, (void), ())                                                                      \
    R(GTK, GtkWidget *, gtk_stack_new, (void), ())                                                                     \
    V(GTK, gtk_stack_set_transition_type, (GtkStack *stack, GtkStackTransitionType transition), (stack, transition))   \
    V(GTK, gtk_stack_set_visible_child_name, (GtkStack *stack, const char *name), (stack, name))                       \
    V(GTK, gtk_string_list_append, (GtkStringList *self, const char *string), (self, string))                          \
    R(GTK, GtkStringList *, gtk_string_list_new, (const char *const *strings), (strings))                              \
    R(GTK, GType, gtk_string_object_get_type, (void), ())                                                              \
    R(GTK, GtkStringObject *, gtk_string_object_new, (const char *string), (string))                                   \
    V(GTK, gtk_style_context_add_provider,                                                                             \
      (GtkStyleContext *context, GtkStyleProvider *provider, guint priority),                                          \
      (context, provider, priority))                                                                                   \
    V(GTK, gtk_style_context_add_provider_for_display,                                                                 \
      (GdkDisplay *display, GtkStyleProvider *provider, guint priority),                                               \
      (display, provider, priority))                                                                                   \
    R(GTK, gboolean, gtk_switch_get_active, (GtkSwitch *self), (self))                                                 \
    R(GTK, GType, gtk_switch_get_type, (void), ())                                                                     \
    R(GTK, GtkWidget *, gtk_switch_new, (void), ())                                                                    \
    V(GTK, gtk_switch_set_active, (GtkSwitch *self, gboolean is_active), (self, is_active))                            \
    R(GTK, GType, gtk_symbolic_paintable_get_type, (void), ())                                                         \
    V(GTK, gtk_symbolic_paintable_snapshot_symbolic,                                                                   \
      (GtkSymbolicPaintable *paintable, GdkSnapshot *snapshot, double width, double height, const GdkRGBA *colors,     \
       gsize n_colors),                                                                                                \
      (paintable, snapshot, width, height, colors, n_colors))                                                          \
    V(GTK, gtk_text_buffer_get_bounds,                                                                                 \
      (GtkTextBuffer *buffer, GtkTextIter *start, GtkTextIter *end),                                                   \
      (buffer, start, end))                                                                                            \
    R(GTK, char *, gtk_text_buffer_get_text,                                                                           \
      (GtkTextBuffer *buffer, const GtkTextIter *start, const GtkTextIter *end, gboolean include_hidden_chars),        \
      (buffer, start, end, include_hidden_chars))                                                                      \
    V(GTK, gtk_text_buffer_set_text, (GtkTextBuffer *buffer, const char *text, int len), (buffer, text, len))          \
    R(GTK, GtkTextBuffer *, gtk_text_view_get_buffer, (GtkTextView *text_view), (text_view))                           \
    R(GTK, GType, gtk_text_view_get_type, (void), ())                                                                  \
    R(GTK, GtkWidget *, gtk_text_view_new, (void), ())                                                                 \
    V(GTK, gtk_text_view_set_wrap_mode, (GtkTextView *text_view, GtkWrapMode wrap_mode), (text_view, wrap_mode))       \
    R(GTK, gboolean, gtk_toggle_button_get_active, (GtkToggleButton *toggle_button), (toggle_button))                  \
    R(GTK, GType, gtk_toggle_button_get_type, (void), ())                                                              \
    R(GTK, GtkWidget *, gtk_toggle_button_new, (void), ())                                                             \
    V(GTK, gtk_toggle_button_set_active,                                                                               \
      (GtkToggleButton *toggle_button, gboolean is_active),                                                            \
      (toggle_button, is_active))                                                                                      \
    R(GTK, gboolean, gtk_widget_activate_action_variant,                                                               \
      (GtkWidget *widget, const char *name, GVariant *args),                                                           \
      (widget, name, args))                                                                                            \
    V(GTK, gtk_widget_add_controller, (GtkWidget *widget, GtkEventController *controller), (widget, controller))       \
    V(GTK, gtk_widget_add_css_class, (GtkWidget *widget, const char *css_class), (widget, css_class))                  \
    R(GTK, guint, gtk_widget_add_tick_callback,                                                                        \
      (GtkWidget *widget, GtkTickCallback callback, gpointer user_data, GDestroyNotify notify),                        \
      (widget, callback, user_data, notify))                                                                           \
    R(GTK, GtkWidget *, gtk_widget_get_first_child, (GtkWidget *widget), (widget))                                     \
    R(GTK, gboolean, gtk_widget_get_focusable, (GtkWidget *widget), (widget))                                          \
    R(GTK, GdkFrameClock *, gtk_widget_get_frame_clock, (GtkWidget *widget), (widget))                                 \
    R(GTK, int, gtk_widget_get_height, (GtkWidget *widget), (widget))                                                  \
    R(GTK, GtkWidget *, gtk_widget_get_last_child, (GtkWidget *widget), (widget))                                      \
    R(GTK, gboolean, gtk_widget_get_mapped, (GtkWidget *widget), (widget))                                             \
    R(GTK, GtkNative *, gtk_widget_get_native, (GtkWidget *widget), (widget))                                          \
    R(GTK, GtkWidget *, gtk_widget_get_next_sibling, (GtkWidget *widget), (widget))                                    \
    R(GTK, GtkWidget *, gtk_widget_get_parent, (GtkWidget *widget), (widget))                                          \
    R(GTK, GtkRoot *, gtk_widget_get_root, (GtkWidget *widget), (widget))                                              \
    R(GTK, int, gtk_widget_get_scale_factor, (GtkWidget *widget), (widget))                                            \
    R(GTK, gboolean, gtk_widget_get_sensitive, (GtkWidget *widget), (widget))                                          \
    R(GTK, GtkStyleContext *, gtk_widget_get_style_context, (GtkWidget *widget), (widget))                             \
    R(GTK, GType, gtk_widget_get_type, (void), ())                                                                     \
    R(GTK, gboolean, gtk_widget_get_vexpand, (GtkWidget *widget), (widget))                                            \
    R(GTK, gboolean, gtk_widget_get_visible, (GtkWidget *widget), (widget))                                            \
    R(GTK, gboolean, gtk_widget_grab_focus, (GtkWidget *widget), (widget))                                             \
    V(GTK, gtk_widget_remove_css_class, (GtkWidget *widget, const char *css_class), (widget, css_class))               \
    V(GTK, gtk_widget_set_focusable, (GtkWidget *widget, gboolean focusable), (widget, focusable))                     \
    V(GTK, gtk_widget_set_halign, (GtkWidget *widget, GtkAlign align), (widget, align))                                \
    V(GTK, gtk_widget_set_hexpand, (GtkWidget *widget, gboolean expand), (widget, expand))                             \
    V(GTK, gtk_widget_set_margin_bottom, (GtkWidget *widget, int margin), (widget, margin))                            \
    V(GTK, gtk_widget_set_margin_end, (GtkWidget *widget, int margin), (widget, margin))                               \
    V(GTK, gtk_widget_set_margin_start, (GtkWidget *widget, int margin), (widget, margin))                             \
    V(GTK, gtk_widget_set_margin_top, (GtkWidget *widget, int margin), (widget, margin))                               \
    V(GTK, gtk_widget_set_sensitive, (GtkWidget *widget, gboolean sensitive), (widget, sensitive))                     \
    V(GTK, gtk_widget_set_size_request, (GtkWidget *widget, int width, int height), (widget, width, height))           \
    V(GTK, gtk_widget_set_tooltip_text, (GtkWidget *widget, const char *text), (widget, text))                         \
    V(GTK, gtk_widget_set_valign, (GtkWidget *widget, GtkAlign align), (widget, align))                                \
    V(GTK, gtk_widget_set_vexpand, (GtkWidget *widget, gboolean expand), (widget, expand))                             \
    V(GTK, gtk_widget_set_visible, (GtkWidget *widget, gboolean visible), (widget, visible))                           \
    R(GTK, gboolean, gtk_widget_translate_coordinates,                                                                 \
      (GtkWidget *src_widget, GtkWidget *dest_widget, double src_x, double src_y, double *dest_x, double *dest_y),     \
      (src_widget, dest_widget, src_x, src_y, dest_x, dest_y))                                                         \
    V(GTK, gtk_window_destroy, (GtkWindow *window), (window))                                                          \
    R(GTK, GListModel *, gtk_window_get_toplevels, (void), ())                                                         \
    R(GTK, GType, gtk_window_get_type, (void), ())                                                                     \
    R(GTK, gboolean, gtk_window_is_active, (GtkWindow *window), (window))                                              \
    R(GTK, GtkWidget *, gtk_window_new, (void), ())                                                                    \
    V(GTK, gtk_window_present, (GtkWindow *window), (window))                                                          \
    V(GTK, gtk_window_set_default_icon_name, (const char *name), (name))                                               \
    V(GTK, gtk_window_set_default_size, (GtkWindow *window, int width, int height), (window, width, height))           \
    V(GTK, gtk_window_set_modal, (GtkWindow *window, gboolean modal), (window, modal))                                 \
    V(GTK, gtk_window_set_title, (GtkWindow *window, const char *title), (window, title))                              \
    V(GTK, gtk_window_set_transient_for, (GtkWindow *window, GtkWindow *parent), (window, parent))

#endif
