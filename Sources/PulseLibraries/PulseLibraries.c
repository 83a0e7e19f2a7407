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
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>

#include "PulseLibraries.h"

#include "PulseFunctions.h"

enum { PULSE, LIBRARY_COUNT };

// libpulse's soname has been libpulse.so.0 since its first release.
static const char *const sonames[LIBRARY_COUNT] = {"libpulse.so.0"};

// The pointers, the opening and the stand-ins (LazyLibraries.h).
LAZY_LOADER(PULSE_FUNCTIONS, LIBRARY_COUNT, RTLD_NOW | RTLD_LOCAL, "the audio server's library (libpulse)", )

const char *addmusic_pulse_library_open(void) { return lazy_open(); }
