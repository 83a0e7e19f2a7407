#include "LazyLibraries.h"
#include <dlfcn.h>
#include <string.h>

/// dlerror's text, kept (dlerror's own is overwritten by the next call).
static const char *kept_error(void) {
    const char *why = dlerror();
    const char *kept = strdup(why ? why : "unknown error");
    return kept ? kept : "out of memory";
}

const char *addmusic_lazy_open(const char *const *sonames, void **handles, int count, int flags) {
    for (int library = 0; library < count; library++) {
        if ((handles[library] = dlopen(sonames[library], flags)) == NULL) return kept_error();
    }
    return NULL;
}

void *addmusic_lazy_symbol(void *handle, const char *name, const char **failure) {
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) *failure = kept_error();
    return symbol;
}
