#ifndef ADDMUSIC_GTK_LIBRARIES_H
#define ADDMUSIC_GTK_LIBRARIES_H

/* Opens libadwaita, GTK 4 and GdkPixbuf now (once per process; any thread), so that a window about to start can
 * say clearly that they are missing rather than end at its first call of GTK. Returns NULL when they are open, else
 * why not (dlerror's text, kept for the process's life). */
const char *addmusic_gtk_libraries_open(void);

#endif
