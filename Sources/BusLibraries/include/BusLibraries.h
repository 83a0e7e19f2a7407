#ifndef ADDMUSIC_BUS_LIBRARIES_H
#define ADDMUSIC_BUS_LIBRARIES_H

/* Opens libsystemd (its sd-bus) now (once per process; any thread). Returns NULL when it is open, else why not
 * (dlerror's text, kept for the process's life). The MPRIS object asks before it connects, and goes without the bus
 * when the library is missing. */
const char *addmusic_bus_library_open(void);

#endif
