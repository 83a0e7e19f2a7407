#include "addmusic_secret.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The parts of GLib's and libsecret's public ABI used here, declared here so that building needs neither one's
   headers (libsecret-1.so.0 and the GLib it loads are found when first used, as libcurl is in CHTTP). */
typedef struct {
    unsigned int domain;
    int code;
    char *message;
} glib_error;
typedef struct glib_list {
    void *data;
    struct glib_list *next;
    struct glib_list *previous;
} glib_list;
typedef struct {
    const char *name;
    int type; /* SECRET_SCHEMA_ATTRIBUTE_STRING: 0 */
} secret_schema_attribute;
typedef struct {
    const char *name;
    int flags; /* SECRET_SCHEMA_NONE: 0 */
    secret_schema_attribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} secret_schema;
enum { secret_search_load_secrets = 1 << 3 };

static const secret_schema schema = {"org.addmusic.AddMusic.Secret", 0, {{"name", 0}, {NULL, 0}}, 0,
                                     NULL, NULL, NULL, NULL, NULL, NULL, NULL};

static struct {
    void *(*hash_table_new)(unsigned int (*)(const void *), int (*)(const void *, const void *));
    int (*hash_table_insert)(void *, void *, void *);
    void (*hash_table_unref)(void *);
    unsigned int (*str_hash)(const void *);
    int (*str_equal)(const void *, const void *);
    void (*error_free)(glib_error *);
    void (*list_free)(glib_list *);
    void (*object_unref)(void *);
    void *(*cancellable_new)(void);
    void (*cancellable_cancel)(void *);
    int (*storev_sync)(const secret_schema *, void *, const char *, const char *, const char *, void *, glib_error **);
    int (*clearv_sync)(const secret_schema *, void *, void *, glib_error **);
    glib_list *(*search_sync)(void *, const secret_schema *, void *, int, void *, glib_error **);
    void *(*item_get_secret)(void *);
    const char *(*value_get_text)(void *);
    void (*value_unref)(void *);
    int ready;
} lib;

static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define FIND(field, name)                                                                                             \
    *(void **)&lib.field = dlsym(library, name);                                                                       \
    if (!lib.field) return;
    FIND(hash_table_new, "g_hash_table_new")
    FIND(hash_table_insert, "g_hash_table_insert")
    FIND(hash_table_unref, "g_hash_table_unref")
    FIND(str_hash, "g_str_hash")
    FIND(str_equal, "g_str_equal")
    FIND(error_free, "g_error_free")
    FIND(list_free, "g_list_free")
    FIND(object_unref, "g_object_unref")
    FIND(cancellable_new, "g_cancellable_new")
    FIND(cancellable_cancel, "g_cancellable_cancel")
    FIND(storev_sync, "secret_password_storev_sync")
    FIND(clearv_sync, "secret_password_clearv_sync")
    FIND(search_sync, "secret_service_search_sync")
    FIND(item_get_secret, "secret_item_get_secret")
    FIND(value_get_text, "secret_value_get_text")
    FIND(value_unref, "secret_value_unref")
#undef FIND
    lib.ready = 1;
}

/* A call's deadline: a thread that cancels the call's GCancellable when the time is up and the call has not ended.
   Freed by the last of its two holders (the call and the thread). */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t ended;
    int finished;
    int cancelled;
    int holders;
    void *cancellable;
    struct timespec until;
} deadline;

static void release(deadline *limit) {
    pthread_mutex_lock(&limit->lock);
    int last = --limit->holders == 0;
    pthread_mutex_unlock(&limit->lock);
    if (!last) return;
    lib.object_unref(limit->cancellable);
    pthread_cond_destroy(&limit->ended);
    pthread_mutex_destroy(&limit->lock);
    free(limit);
}

static void *watch(void *argument) {
    deadline *limit = argument;
    pthread_mutex_lock(&limit->lock);
    int waited = 0;
    while (!limit->finished && waited != ETIMEDOUT)
        waited = pthread_cond_timedwait(&limit->ended, &limit->lock, &limit->until);
    limit->cancelled = !limit->finished;
    pthread_mutex_unlock(&limit->lock);
    if (limit->cancelled) lib.cancellable_cancel(limit->cancellable);
    release(limit);
    return NULL;
}

static deadline *start_deadline(int timeout_ms) {
    deadline *limit = calloc(1, sizeof *limit);
    if (!limit) return NULL;
    pthread_mutex_init(&limit->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&limit->ended, &attributes);
    pthread_condattr_destroy(&attributes);
    clock_gettime(CLOCK_MONOTONIC, &limit->until);
    limit->until.tv_sec += timeout_ms / 1000;
    limit->until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (limit->until.tv_nsec >= 1000000000L) {
        limit->until.tv_sec += 1;
        limit->until.tv_nsec -= 1000000000L;
    }
    limit->cancellable = lib.cancellable_new();
    limit->holders = 2;
    pthread_t thread;
    pthread_attr_t thread_attributes;
    pthread_attr_init(&thread_attributes);
    pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &thread_attributes, watch, limit) != 0) limit->holders = 1; /* no deadline */
    pthread_attr_destroy(&thread_attributes);
    return limit;
}

/* Ends the call's deadline; whether it had cancelled the call. */
static int finish_deadline(deadline *limit) {
    pthread_mutex_lock(&limit->lock);
    limit->finished = 1;
    int cancelled = limit->cancelled;
    pthread_cond_signal(&limit->ended);
    pthread_mutex_unlock(&limit->lock);
    release(limit);
    return cancelled;
}

/* Writes why the call failed into `error`, and frees `failure`. */
static int failed(glib_error *failure, int cancelled, int timeout_ms, char *error, size_t error_size) {
    if (cancelled)
        snprintf(error, error_size, "the keyring did not answer within %d s", timeout_ms / 1000);
    else
        snprintf(error, error_size, "%s", failure && failure->message ? failure->message : "the keyring refused");
    if (failure) lib.error_free(failure);
    return addmusic_secret_failed;
}

static int ready(char *error, size_t error_size) {
    pthread_once(&opened, open_library);
    if (lib.ready) return 1;
    snprintf(error, error_size, "libsecret (libsecret-1.so.0) cannot be loaded");
    return 0;
}

/* The start of every call: the library loaded, the call's deadline begun (into `limit`) and the attributes that name
   `name`, which the caller unrefs; NULL, `error` saying why, when the library or the deadline cannot be had. */
static void *begin(const char *name, int timeout_ms, deadline **limit, char *error, size_t error_size) {
    if (!ready(error, error_size)) return NULL;
    *limit = start_deadline(timeout_ms);
    if (!*limit) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    void *attributes = lib.hash_table_new(lib.str_hash, lib.str_equal);
    lib.hash_table_insert(attributes, (void *)"name", (void *)name);
    return attributes;
}

int addmusic_secret_store(const char *name, const char *label, const char *value, int timeout_ms, char *error,
                          size_t error_size) {
    deadline *limit = NULL;
    void *attributes = begin(name, timeout_ms, &limit, error, error_size);
    if (!attributes) return addmusic_secret_failed;
    glib_error *failure = NULL;
    int stored = lib.storev_sync(&schema, attributes, "default", label, value, limit->cancellable, &failure);
    lib.hash_table_unref(attributes);
    int cancelled = finish_deadline(limit);
    return stored ? addmusic_secret_done : failed(failure, cancelled, timeout_ms, error, error_size);
}

int addmusic_secret_lookup(const char *name, int timeout_ms, char **value, char *error, size_t error_size) {
    *value = NULL;
    deadline *limit = NULL;
    void *attributes = begin(name, timeout_ms, &limit, error, error_size);
    if (!attributes) return addmusic_secret_failed;
    glib_error *failure = NULL;
    /* Without SECRET_SEARCH_UNLOCK: a locked item is not read (that would ask the user, at any moment). */
    glib_list *items =
        lib.search_sync(NULL, &schema, attributes, secret_search_load_secrets, limit->cancellable, &failure);
    lib.hash_table_unref(attributes);
    int cancelled = finish_deadline(limit);
    int outcome = failure ? failed(failure, cancelled, timeout_ms, error, error_size) : addmusic_secret_absent;
    for (glib_list *item = items; item; item = item->next) {
        void *secret = outcome == addmusic_secret_absent ? lib.item_get_secret(item->data) : NULL;
        const char *text = secret ? lib.value_get_text(secret) : NULL;
        if (text) {
            *value = strdup(text);
            outcome = *value ? addmusic_secret_done : addmusic_secret_failed;
            if (!*value) snprintf(error, error_size, "out of memory");
        }
        if (secret) lib.value_unref(secret);
        lib.object_unref(item->data);
    }
    if (items) lib.list_free(items);
    return outcome;
}

int addmusic_secret_clear(const char *name, int timeout_ms, char *error, size_t error_size) {
    deadline *limit = NULL;
    void *attributes = begin(name, timeout_ms, &limit, error, error_size);
    if (!attributes) return addmusic_secret_failed;
    glib_error *failure = NULL;
    lib.clearv_sync(&schema, attributes, limit->cancellable, &failure);
    lib.hash_table_unref(attributes);
    int cancelled = finish_deadline(limit);
    /* Cleared, or nothing to clear: both leave nothing kept. */
    return failure ? failed(failure, cancelled, timeout_ms, error, error_size) : addmusic_secret_done;
}
