// libsystemd (for its sd-bus) is opened the first time one of its functions is called, not when a process starts.
//
// Only the window publishes the MPRIS object; the commands and the terminal player never touch the bus. Linked the
// usual way, every process would load libsystemd and what it needs (libgcrypt, liblzma, libzstd, liblz4, libcap)
// and bind their symbols at launch. So the MPRIS object's calls go to stand-ins of the same name and type
// (BusFunctions.h lists them; scripts/lazy-functions sd-bus writes it): the MPRIS object opens the library before it
// connects (addmusic_bus_library_open, going without the bus when it is missing), and each stand-in then calls the
// library's own function. A stand-in called with the library missing ends the process with a message, as a missing
// library ends it at launch when linked.
#include <LazyLibraries.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <systemd/sd-bus.h>

#include "BusLibraries.h"

#include "BusFunctions.h"

enum { SYSTEMD, LIBRARY_COUNT };

// libsystemd's soname has been libsystemd.so.0 since sd-bus became public (systemd 221).
static const char *const sonames[LIBRARY_COUNT] = {"libsystemd.so.0"};

// The pointers, the opening and the stand-ins (LazyLibraries.h). A library older than the vtables' format (systemd
// 243, which added sd_bus_object_vtable_format) would misread them: it is refused.
LAZY_LOADER(BUS_FUNCTIONS, LIBRARY_COUNT, RTLD_NOW | RTLD_LOCAL, "the session bus's library (libsystemd)",
            if (addmusic_lazy_symbol(libraries[SYSTEMD], "sd_bus_object_vtable_format", &failure) == NULL) return;)

const char *addmusic_bus_library_open(void) { return lazy_open(); }

// The vtables' first entry (SD_BUS_VTABLE_START) points at this constant of libsystemd's. The library never reads
// it (none of its code refers to it): the reference is there so that tables in the format of systemd 243 and later
// only link against a library that reads that format. Ours is opened rather than linked, so that is checked when it
// is opened (open_libraries), and the tables point here.
__attribute__((visibility("hidden"))) const unsigned sd_bus_object_vtable_format = 242;

// The functions of a variable number of arguments the MPRIS object calls, each passed on to the stand-in of the form
// that takes a va_list (the list holds those in their place).
#define FORWARD(call, last)                                                                                            \
    va_list arguments;                                                                                                 \
    va_start(arguments, last);                                                                                         \
    int result = call;                                                                                                 \
    va_end(arguments);                                                                                                 \
    return result;

__attribute__((visibility("hidden"))) int sd_bus_message_append(sd_bus_message *message, const char *types, ...) {
    FORWARD(sd_bus_message_appendv(message, types, arguments), types)
}

__attribute__((visibility("hidden"))) int sd_bus_message_read(sd_bus_message *message, const char *types, ...) {
    FORWARD(sd_bus_message_readv(message, types, arguments), types)
}

__attribute__((visibility("hidden"))) int sd_bus_reply_method_return(sd_bus_message *call, const char *types, ...) {
    FORWARD(sd_bus_reply_method_returnv(call, types, arguments), types)
}

__attribute__((visibility("hidden"))) int sd_bus_reply_method_errorf(sd_bus_message *call, const char *name,
                                                                     const char *format, ...) {
    FORWARD(sd_bus_reply_method_errorfv(call, name, format, arguments), format)
}

__attribute__((visibility("hidden"))) int sd_bus_emit_signal(sd_bus *bus, const char *path, const char *interface,
                                                             const char *member, const char *types, ...) {
    FORWARD(sd_bus_emit_signalv(bus, path, interface, member, types, arguments), types)
}
