// libpulse is opened the first time one of its functions is called, not when a process starts.
//
// Most commands never play on our engine: `addmusic library playlist mix`, `addmusic rate`, the shell completions,
// `addmusic play --output null`. Linked the usual way, each of them would load libpulse and the ~25 libraries it
// needs (libsndfile and its codecs, D-Bus, libsystemd, X11's client) and bind their symbols at launch: about 2 ms
// of every start on a machine like ours. So the output's calls go to stand-ins of the same name and type
// (PulseFunctions.h lists them; scripts/lazy-functions pulse writes it): on the first call of any of them libpulse
// is opened once, by the soname of the major version these headers describe, and each stand-in then calls the
// library's own function. A library that cannot be opened ends the process with a message, as a missing library
// ends it at launch when linked.
#include <LazyLibraries.h>
#include <dlfcn.h>
#include <pthread.h>
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>
#include <stdio.h>
#include <stdlib.h>

#include "PulseLibraries.h"

#include "PulseFunctions.h"

enum { PULSE, LIBRARY_COUNT };

// libpulse's soname has been libpulse.so.0 since its first release.
static const char *const sonames[LIBRARY_COUNT] = {"libpulse.so.0"};

// One pointer per function, filled when the library is opened; the functions themselves open it on the first call
// of any (LazyLibraries.h).
PULSE_FUNCTIONS(LAZY_POINTER, LAZY_VOID_POINTER)

static void *libraries[LIBRARY_COUNT];
static pthread_once_t opened = PTHREAD_ONCE_INIT;
/// Why the library could not be opened, or NULL.
static const char *failure;

static void open_libraries(void) {
    if ((failure = addmusic_lazy_open(sonames, libraries, LIBRARY_COUNT, RTLD_NOW | RTLD_LOCAL)) != NULL) return;
    PULSE_FUNCTIONS(LAZY_RESOLVE, LAZY_VOID_RESOLVE)
}

const char *addmusic_pulse_library_open(void) {
    pthread_once(&opened, open_libraries);
    return failure;
}

/// Opens the library for a stand-in's call; if it cannot be opened, ends the process with why.
static void ready(void) {
    if (addmusic_pulse_library_open() != NULL) {
        fprintf(stderr, "addmusic: the audio server's library (libpulse) could not be loaded: %s\n", failure);
        abort();
    }
}

PULSE_FUNCTIONS(LAZY_STAND_IN, LAZY_VOID_STAND_IN)
