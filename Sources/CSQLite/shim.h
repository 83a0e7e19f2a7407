#ifndef ADDMUSIC_CSQLITE_SHIM_H
#define ADDMUSIC_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro that does not import: it tells SQLite to copy bound text and blobs.
static inline sqlite3_destructor_type addmusic_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
