// Written by scripts/lazy-functions from the objects that call them and the libraries' headers: run it again, rather
// than editing this, when the MPRIS object calls a function of libsystemd it did not call before.
#ifndef ADDMUSIC_BUS_FUNCTIONS_H
#define ADDMUSIC_BUS_FUNCTIONS_H

// Each function: its library, (its return type,) its name, its parameters and the arguments that pass them
// on. R returns a value; V returns nothing.
#define BUS_FUNCTIONS(R, V)                                                                                           \
    R(SYSTEMD, int, sd_bus_add_object_vtable,                                                                          \
      (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable,          \
       void *userdata),                                                                                                \
      (bus, slot, path, interface, vtable, userdata))                                                                  \
    R(SYSTEMD, int, sd_bus_emit_properties_changed_strv,                                                               \
      (sd_bus *bus, const char *path, const char *interface, char **names),                                            \
      (bus, path, interface, names))                                                                                   \
    R(SYSTEMD, int, sd_bus_emit_signalv,                                                                               \
      (sd_bus *bus, const char *path, const char *interface, const char *member, const char *types, va_list ap),       \
      (bus, path, interface, member, types, ap))                                                                       \
    R(SYSTEMD, int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message))    \
    R(SYSTEMD, int, sd_bus_error_set_errno, (sd_bus_error *e, int error), (e, error))                                  \
    R(SYSTEMD, int, sd_bus_flush, (sd_bus *bus), (bus))                                                                \
    R(SYSTEMD, sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus))                                               \
    R(SYSTEMD, int, sd_bus_get_events, (sd_bus *bus), (bus))                                                           \
    R(SYSTEMD, int, sd_bus_get_fd, (sd_bus *bus), (bus))                                                               \
    R(SYSTEMD, int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec))                    \
    R(SYSTEMD, int, sd_bus_message_appendv, (sd_bus_message *m, const char *types, va_list ap), (m, types, ap))        \
    R(SYSTEMD, int, sd_bus_message_close_container, (sd_bus_message *m), (m))                                          \
    R(SYSTEMD, int, sd_bus_message_enter_container,                                                                    \
      (sd_bus_message *m, char type, const char *contents),                                                            \
      (m, type, contents))                                                                                             \
    R(SYSTEMD, int, sd_bus_message_exit_container, (sd_bus_message *m), (m))                                           \
    R(SYSTEMD, const char *, sd_bus_message_get_member, (sd_bus_message *m), (m))                                      \
    R(SYSTEMD, int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m))           \
    R(SYSTEMD, int, sd_bus_message_new_signal,                                                                         \
      (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member),                  \
      (bus, m, path, interface, member))                                                                               \
    R(SYSTEMD, int, sd_bus_message_open_container,                                                                     \
      (sd_bus_message *m, char type, const char *contents),                                                            \
      (m, type, contents))                                                                                             \
    R(SYSTEMD, int, sd_bus_message_readv, (sd_bus_message *m, const char *types, va_list ap), (m, types, ap))          \
    R(SYSTEMD, sd_bus_message *, sd_bus_message_ref, (sd_bus_message *m), (m))                                         \
    R(SYSTEMD, sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m))                                       \
    R(SYSTEMD, int, sd_bus_open_user, (sd_bus **ret), (ret))                                                           \
    R(SYSTEMD, int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))                                       \
    R(SYSTEMD, int, sd_bus_release_name, (sd_bus *bus, const char *name), (bus, name))                                 \
    R(SYSTEMD, int, sd_bus_reply_method_errno,                                                                         \
      (sd_bus_message *call, int error, const sd_bus_error *e),                                                        \
      (call, error, e))                                                                                                \
    R(SYSTEMD, int, sd_bus_reply_method_errorfv,                                                                       \
      (sd_bus_message *call, const char *name, const char *format, va_list ap),                                        \
      (call, name, format, ap))                                                                                        \
    R(SYSTEMD, int, sd_bus_reply_method_returnv,                                                                       \
      (sd_bus_message *call, const char *types, va_list ap),                                                           \
      (call, types, ap))                                                                                               \
    R(SYSTEMD, int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags))          \
    R(SYSTEMD, int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie))                 \
    R(SYSTEMD, sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot))

#endif
