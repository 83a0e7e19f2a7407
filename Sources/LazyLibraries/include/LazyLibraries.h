#ifndef ADDMUSIC_LAZY_LIBRARIES_H
#define ADDMUSIC_LAZY_LIBRARIES_H

/* Libraries opened the first time one of their functions is called, not when a process starts (FFmpeg's in
 * CFFmpeg, the window's in GtkLibraries, libpulse in PulseLibraries, libsystemd in BusLibraries). A loader lists its functions as an X-macro of entries
 * R(library, type, name, parameters, arguments) and V(library, name, parameters, arguments), and with that list:
 *   LAZY_POINTER / LAZY_VOID_POINTER    a pointer per function, of the type its header declares;
 *   LAZY_RESOLVE / LAZY_VOID_RESOLVE    inside a function returning void: fills each pointer from the handle
 *                                       `libraries[library]`, or keeps why in `failure` and returns;
 *   LAZY_STAND_IN / LAZY_VOID_STAND_IN  the functions themselves, hidden (linked into our binary only, so the
 *                                       libraries' calls among themselves never come through here): each calls the
 *                                       loader's `ready()` (which opens the libraries once, or ends the process
 *                                       with why), then passes the call on.
 * LAZY_LOADER makes a loader of all that: given its list, how many libraries `sonames` names (an array the loader
 * defines before it), dlopen's flags, what the libraries are called in the message that ends the process when they
 * cannot be opened, and a statement run once they are open (`failure` set and `return` to refuse them; empty for
 * none), it defines the pointers, `libraries`, `failure`, `lazy_open()` (opens them once, from any thread; NULL when
 * they are open, else why not), `ready()` and the stand-ins. */

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Opens `count` libraries by soname with dlopen's `flags`, their handles into `handles`; NULL when all opened,
 * else why the first that did not failed (dlerror's text, kept for the process's life). */
const char *addmusic_lazy_open(const char *const *sonames, void **handles, int count, int flags);

/* The address of `name` in `handle`, or NULL with why in `*failure` (kept for the process's life). */
void *addmusic_lazy_symbol(void *handle, const char *name, const char **failure);

#define LAZY_POINTER(library, type, name, parameters, arguments) static __typeof__(&name) library_##name;
#define LAZY_VOID_POINTER(library, name, parameters, arguments) static __typeof__(&name) library_##name;

#define LAZY_RESOLVE(library, type, name, parameters, arguments)                                                       \
    if ((library_##name = (__typeof__(&name))addmusic_lazy_symbol(libraries[library], #name, &failure)) == NULL)      \
        return;
#define LAZY_VOID_RESOLVE(library, name, parameters, arguments) LAZY_RESOLVE(library, void, name, parameters, arguments)

#define LAZY_STAND_IN(library, type, name, parameters, arguments)                                                      \
    __attribute__((visibility("hidden"))) type name parameters {                                                       \
        ready();                                                                                                       \
        return library_##name arguments;                                                                               \
    }
#define LAZY_VOID_STAND_IN(library, name, parameters, arguments)                                                       \
    __attribute__((visibility("hidden"))) void name parameters {                                                       \
        ready();                                                                                                       \
        library_##name arguments;                                                                                      \
    }

#define LAZY_LOADER(FUNCTIONS, count, flags, what, check)                                                              \
    FUNCTIONS(LAZY_POINTER, LAZY_VOID_POINTER)                                                                         \
    static void *libraries[count];                                                                                     \
    static pthread_once_t opened = PTHREAD_ONCE_INIT;                                                                  \
    static const char *failure;                                                                                        \
    static void open_libraries(void) {                                                                                 \
        if ((failure = addmusic_lazy_open(sonames, libraries, count, flags)) != NULL) return;                          \
        check FUNCTIONS(LAZY_RESOLVE, LAZY_VOID_RESOLVE)                                                               \
    }                                                                                                                  \
    static const char *lazy_open(void) {                                                                               \
        pthread_once(&opened, open_libraries);                                                                         \
        return failure;                                                                                                \
    }                                                                                                                  \
    static void ready(void) {                                                                                          \
        if (lazy_open() != NULL) {                                                                                     \
            fprintf(stderr, "addmusic: %s could not be loaded: %s\n", what, failure);                                 \
            abort();                                                                                                   \
        }                                                                                                              \
    }                                                                                                                  \
    FUNCTIONS(LAZY_STAND_IN, LAZY_VOID_STAND_IN)

#endif
