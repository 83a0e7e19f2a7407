#ifndef ADDMUSIC_PULSE_LIBRARIES_H
#define ADDMUSIC_PULSE_LIBRARIES_H

/* Opens libpulse now (once per process; any thread). Returns NULL when it is open, else why not (dlerror's text,
 * kept for the process's life). The stand-ins call it on their first call; a caller may ask first to say so its
 * own way. */
const char *addmusic_pulse_library_open(void);

#endif
