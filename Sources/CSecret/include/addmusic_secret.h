#ifndef ADDMUSIC_SECRET_H
#define ADDMUSIC_SECRET_H
#include <stddef.h>

/// The desktop's keyring: the Secret Service on the session bus (GNOME Keyring, KeePassXC, KWallet's bridge), through
/// libsecret, which is opened on the first call (dlopen of libsecret-1.so.0) so that commands that never touch a
/// secret load neither it nor GLib. Secrets are text, found by a name under AddMusic's schema
/// ("org.addmusic.AddMusic.Secret", attribute "name"). Each call blocks its thread (never the main thread's work) for
/// at most `timeout_ms`: a keyring that waits on a prompt nobody answers is given up on. On failure `error` holds
/// why, as text.

/// The calls' outcomes.
enum {
    addmusic_secret_done = 0,
    /// Nothing is kept under the name (a lookup), or it is kept locked (not read without asking the user).
    addmusic_secret_absent = 1,
    /// libsecret cannot be loaded, no Secret Service answers, or it refused or timed out: see `error`.
    addmusic_secret_failed = -1,
};

/// Keeps `value` under `name` in the default collection, labelled `label` (what the keyring's manager shows);
/// replaces what the name held.
int addmusic_secret_store(const char *name, const char *label, const char *value, int timeout_ms, char *error,
                          size_t error_size);

/// The value kept under `name`, into `*value` (malloc'd; the caller frees it) when found unlocked. Never prompts.
int addmusic_secret_lookup(const char *name, int timeout_ms, char **value, char *error, size_t error_size);

/// Forgets what is kept under `name` (done also when nothing was).
int addmusic_secret_clear(const char *name, int timeout_ms, char *error, size_t error_size);

#endif
