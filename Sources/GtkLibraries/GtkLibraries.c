// The window's libraries are opened the first time one of their functions is called, not when a process starts.
//
// Every command is the one binary, and most never open a window: `addmusic library playlist mix`, `addmusic rate`,
// `addmusic playlist import`, the terminal player. Linked the usual way, each of them would load libadwaita,
// GTK 4, GLib and what they need (pango, cairo, harfbuzz, graphene, GdkPixbuf, Wayland's and X11's clients, …) and
// bind their symbols at launch: about half of a 15 ms start on a machine like ours. So the window's calls go to
// stand-ins of the same name and type (GtkFunctions.h lists them; scripts/lazy-functions gtk writes it): on
// the first call of any of them the libraries are opened once, by the soname of the versions these headers
// describe, and each stand-in then calls the library's own function. A library that cannot be opened ends the
// process with a message, as a missing library ends it at launch when linked; the window asks first
// (addmusic_gtk_libraries_open) so as to say so in the user's language.
#include <LazyLibraries.h>
#include <adwaita.h>
#include <dlfcn.h>
#include <glib-unix.h>

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

// The pointers, the opening and the stand-ins (LazyLibraries.h). As when linked: global (GTK's modules and
// GtkBuilder look symbols up in the process's global scope), and each library's calls bound when its own flags say
// (GTK's at once, some of its dependencies' as they are first made).
LAZY_LOADER(GTK_FUNCTIONS, LIBRARY_COUNT, RTLD_LAZY | RTLD_GLOBAL, "the window's libraries (libadwaita, GTK 4)", )

const char *addmusic_gtk_libraries_open(void) { return lazy_open(); }
