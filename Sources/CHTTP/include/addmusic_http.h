#ifndef ADDMUSIC_HTTP_H
#define ADDMUSIC_HTTP_H

#include <stddef.h>

/* HTTP and HTTPS requests through libcurl, opened on the first request (dlopen of libcurl.so.4), so a process that
 * sends nothing never maps it and the libraries it brings. Any thread; no signals; every wait bounded. */

#ifdef __cplusplus
extern "C" {
#endif

/* What a request got: the status (0 when no answer came), the body (at most `addmusic_http_most_body` bytes, NUL
 * after it) and, when no answer came, why. */
typedef struct addmusic_http_reply {
    long status;
    char *body;
    size_t length;
    char error[256];
} addmusic_http_reply;

enum { addmusic_http_most_body = 1024 * 1024 };

/* Sends `method` ("GET" or "POST") to `url` (http or https only) with `count` header lines ("Name: value") and, for a
 * POST, `length` bytes of `body`; gives up after `timeout` seconds in all. Returns 0 when the server answered (with
 * any status), -1 when none did (`reply->error` says why: libcurl missing, no connection, the time up). Free the
 * reply with `addmusic_http_reply_free`, whatever was returned. */
int addmusic_http_send(const char *method, const char *url, const char *const *headers, int count, const char *body,
                       size_t length, long timeout, addmusic_http_reply *reply);

void addmusic_http_reply_free(addmusic_http_reply *reply);

#ifdef __cplusplus
}
#endif

#endif
