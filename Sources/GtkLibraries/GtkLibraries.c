// The window's libraries are opened the first time one of their functions is called, not when a process starts.
//
// Every command is the one binary, and most never open a window: `addmusic library playlist mix`, `addmusic rate`,
// `addmusic playlist import`, the terminal player. Linked the usual way, each of them would load libadwaita,
// GTK 4, GLib and what they need (pango, cairo, harfbuzz, graphene, GdkPixbuf, Wayland's and X11's clients, …) and
// bind their symbols at launch: about half of a 15 ms start on a machine like ours. So the window's calls go to
// stand-ins of the same name and type (GtkFunctions.h lists them; scripts/gtk-functions writes it): on
// the first call of any of them the libraries are opened once, by the soname of the versions these headers
// describe, and each stand-in then calls the library's own function. A library that cannot be opened ends the
// process with a message, as a missing library ends it at launch when linked; the window asks first
// (addmusic_gtk_libraries_open) so as to say so in the user's language.
#include <adwaita.h>
#include <dlfcn.h>
#include <glib-unix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "GtkLibraries.h"

#include "GtkFunctions.h"

// The stand-ins define functions the headers declare, some of them deprecated in later versions.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

enum { ADWAITA, GTK, PIXBUF, GIO, GOBJECT, GLIB, LIBRARY_COUNT };

// The sonames of libadwaita 1, GTK 4, GdkPixbuf 2.0 and GLib 2.0's three (the majors these headers are for; each
// name's number is the ABI's, which has stayed the same since those majors began).
static const char *const sonames[LIBRARY_COUNT] = {
    "libadwaita-1.so.0", "libgtk-4.so.1",      "libgdk_pixbuf-2.0.so.0",
    "libgio-2.0.so.0",   "libgobject-2.0.so.0", "libglib-2.0.so.0",
};

// One pointer per function, of the type its header declares, filled when the libraries are opened.
#define POINTER(library, type, name, parameters, arguments) static __typeof__(&name) library_##name;
#define VOID_POINTER(library, name, parameters, arguments) static __typeof__(&name) library_##name;
GTK_FUNCTIONS(POINTER, VOID_POINTER)

static void *libraries[LIBRARY_COUNT];
static pthread_once_t opened = PTHREAD_ONCE_INIT;
/// Why the libraries could not be opened (dlerror's text), or NULL.
static const char *failure;

static void keep_failure(void) {
    const char *why = dlerror();
    failure = strdup(why ? why : "unknown error");
}

#define RESOLVE(library, type, name, parameters, arguments)                                                            \
    if ((library_##name = (__typeof__(&name))dlsym(libraries[library], #name)) == NULL) {                              \
        keep_failure();                                                                                                \
        return;                                                                                                        \
    }
#define VOID_RESOLVE(library, name, parameters, arguments) RESOLVE(library, void, name, parameters, arguments)

// As when linked: global (GTK's modules and GtkBuilder look symbols up in the process's global scope), and each
// library's calls bound when its own flags say (GTK's at once, some of its dependencies' as they are first made).
static void open_libraries(void) {
    for (int library = 0; library < LIBRARY_COUNT; library++) {
        if ((libraries[library] = dlopen(sonames[library], RTLD_LAZY | RTLD_GLOBAL)) == NULL) {
            keep_failure();
            return;
        }
    }
    GTK_FUNCTIONS(RESOLVE, VOID_RESOLVE)
}

const char *addmusic_gtk_libraries_open(void) {
    pthread_once(&opened, open_libraries);
    return failure;
}

/// Opens the libraries for a stand-in's call; one that cannot be opened ends the process with why.
static void open_or_end(void) {
    if (addmusic_gtk_libraries_open() != NULL) {
        fprintf(stderr, "addmusic: the window's libraries (libadwaita, GTK 4) could not be loaded: %s\n", failure);
        abort();
    }
}

// The functions themselves: open the libraries once, then pass the call on. Hidden: linked into our own binary
// only, so the libraries' calls among themselves never come through here.
#define TRAMPOLINE(library, type, name, parameters, arguments)                                                         \
    __attribute__((visibility("hidden"))) type name parameters {                                                       \
        open_or_end();                                                                                                 \
        return library_##name arguments;                                                                               \
    }
#define VOID_TRAMPOLINE(library, name, parameters, arguments)                                                          \
    __attribute__((visibility("hidden"))) void name parameters {                                                       \
        open_or_end();                                                                                                 \
        library_##name arguments;                                                                                      \
    }
GTK_FUNCTIONS(TRAMPOLINE, VOID_TRAMPOLINE)
