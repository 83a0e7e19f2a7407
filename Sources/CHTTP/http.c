#include "addmusic_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libcurl's functions, found once by `open_library`. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int ready;
} curl;

static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define FIND(field, name)                                                                                             \
    *(void **)&curl.field = dlsym(library, name);                                                                      \
    if (!curl.field) return;
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return;
    curl.ready = 1;
}

/* Appends what arrives to the reply, up to `addmusic_http_most_body` bytes; more ends the transfer. */
static size_t take(char *data, size_t size, size_t count, void *context) {
    addmusic_http_reply *reply = context;
    size_t bytes = size * count;
    if (reply->length + bytes > addmusic_http_most_body) return 0;
    char *grown = realloc(reply->body, reply->length + bytes + 1);
    if (!grown) return 0;
    memcpy(grown + reply->length, data, bytes);
    reply->body = grown;
    reply->length += bytes;
    reply->body[reply->length] = 0;
    return bytes;
}

int addmusic_http_send(const char *method, const char *url, const char *const *headers, int count, const char *body,
                       size_t length, long timeout, addmusic_http_reply *reply) {
    memset(reply, 0, sizeof *reply);
    pthread_once(&opened, open_library);
    if (!curl.ready) {
        snprintf(reply->error, sizeof reply->error, "libcurl (libcurl.so.4) cannot be loaded");
        return -1;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(reply->error, sizeof reply->error, "libcurl cannot start a request");
        return -1;
    }
    struct curl_slist *list = NULL;
    for (int index = 0; index < count; index++) list = curl.slist_append(list, headers[index]);
    char failure[CURL_ERROR_SIZE] = {0};
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT, timeout);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, timeout);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, take);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, reply);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, failure);
    if (strcmp(method, "POST") == 0) {
        curl.easy_setopt(handle, CURLOPT_POST, 1L);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body ? body : "");
    }
    CURLcode code = curl.easy_perform(handle);
    int result = 0;
    if (code == CURLE_OK) {
        curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &reply->status);
    } else {
        snprintf(reply->error, sizeof reply->error, "%s", failure[0] ? failure : curl.easy_strerror(code));
        reply->status = 0;
        result = -1;
    }
    curl.slist_free_all(list);
    curl.easy_cleanup(handle);
    return result;
}

void addmusic_http_reply_free(addmusic_http_reply *reply) {
    free(reply->body);
    reply->body = NULL;
    reply->length = 0;
}
