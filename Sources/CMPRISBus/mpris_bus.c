#define _GNU_SOURCE
#include "mpris_internal.h"

#include <BusLibraries.h>

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#define ROOT_INTERFACE "org.mpris.MediaPlayer2"
#define PLAYER_INTERFACE "org.mpris.MediaPlayer2.Player"

char *mpris_copy(const char *text) { return text ? strdup(text) : NULL; }

void mpris_release(owned_state *state) {
    addmusic_mpris_state *s = &state->fields;
    const char **strings[] = {&s->playback_status, &s->loop_status, &s->track_id, &s->art_url, &s->title,
                              &s->artist, &s->album, &s->album_artist, &s->genre, &s->url};
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++) {
        free((char *)*strings[i]);
        *strings[i] = NULL;
    }
}

void mpris_assign(owned_state *state, const addmusic_mpris_state *from) {
    mpris_release(state);
    state->fields = *from;
    addmusic_mpris_state *s = &state->fields;
    s->playback_status = mpris_copy(from->playback_status);
    s->loop_status = mpris_copy(from->loop_status);
    s->track_id = mpris_copy(from->track_id);
    s->art_url = mpris_copy(from->art_url);
    s->title = mpris_copy(from->title);
    s->artist = mpris_copy(from->artist);
    s->album = mpris_copy(from->album);
    s->album_artist = mpris_copy(from->album_artist);
    s->genre = mpris_copy(from->genre);
    s->url = mpris_copy(from->url);
}

int mpris_same(const char *a, const char *b) { return (a == NULL && b == NULL) || (a && b && !strcmp(a, b)); }

void mpris_wake(addmusic_mpris *mpris) {
    uint64_t one = 1;
    ssize_t written = write(mpris->wake, &one, sizeof one);
    (void)written;  // a full counter still wakes the loop
}

// MARK: Root interface

static int get_string(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    if (!strcmp(property, "Identity")) return sd_bus_message_append(reply, "s", mpris->identity);
    return sd_bus_message_append(reply, "s", mpris->desktop_entry);
}

static int get_root_flag(sd_bus *bus, const char *path, const char *interface, const char *property,
                         sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    int value = 0;
    if (!strcmp(property, "CanQuit")) value = 1;
    if (!strcmp(property, "CanRaise")) value = mpris->can_raise;
    if (!strcmp(property, "HasTrackList")) value = 1;
    return sd_bus_message_append(reply, "b", value);
}

static int get_uri_schemes(sd_bus *bus, const char *path, const char *interface, const char *property,
                           sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    return sd_bus_message_append(reply, "as", 1, "file");
}

static int get_mime_types(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    return sd_bus_message_append(reply, "as", 9, "audio/mpeg", "audio/flac", "audio/ogg", "audio/x-vorbis+ogg",
                                 "audio/opus", "audio/mp4", "audio/aac", "audio/x-wav", "audio/x-aiff");
}

int mpris_command(sd_bus_message *message, addmusic_mpris *mpris, addmusic_mpris_command what, int64_t number,
                  double real, const char *text, const char *second, sd_bus_error *error) {
    int result = mpris->handler(mpris->context, what, number, real, text, second);
    if (result < 0) return sd_bus_error_set_errno(error, result);
    return message ? sd_bus_reply_method_return(message, "") : 0;
}

static int method_root(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *member = sd_bus_message_get_member(message);
    return mpris_command(message, userdata, !strcmp(member, "Raise") ? ADDMUSIC_MPRIS_RAISE : ADDMUSIC_MPRIS_QUIT, 0, 0,
                   NULL, NULL, error);
}

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", method_root, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", method_root, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Identity", "s", get_string, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("DesktopEntry", "s", get_string, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanQuit", "b", get_root_flag, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanRaise", "b", get_root_flag, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("HasTrackList", "b", get_root_flag, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", get_uri_schemes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", get_mime_types, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END,
};

// MARK: Player interface

int mpris_append_metadata(sd_bus_message *reply, const addmusic_mpris_state *s) {
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (r < 0 || !s->track_id) return r < 0 ? r : sd_bus_message_close_container(reply);
    r = sd_bus_message_append(reply, "{sv}", "mpris:trackid", "o", s->track_id);
    if (r >= 0 && s->length_us > 0) r = sd_bus_message_append(reply, "{sv}", "mpris:length", "x", s->length_us);
    if (r >= 0 && s->art_url) r = sd_bus_message_append(reply, "{sv}", "mpris:artUrl", "s", s->art_url);
    if (r >= 0 && s->title) r = sd_bus_message_append(reply, "{sv}", "xesam:title", "s", s->title);
    if (r >= 0 && s->artist) r = sd_bus_message_append(reply, "{sv}", "xesam:artist", "as", 1, s->artist);
    if (r >= 0 && s->album) r = sd_bus_message_append(reply, "{sv}", "xesam:album", "s", s->album);
    if (r >= 0 && s->album_artist)
        r = sd_bus_message_append(reply, "{sv}", "xesam:albumArtist", "as", 1, s->album_artist);
    if (r >= 0 && s->track_number > 0)
        r = sd_bus_message_append(reply, "{sv}", "xesam:trackNumber", "i", s->track_number);
    if (r >= 0 && s->disc_number > 0)
        r = sd_bus_message_append(reply, "{sv}", "xesam:discNumber", "i", s->disc_number);
    if (r >= 0 && s->genre) r = sd_bus_message_append(reply, "{sv}", "xesam:genre", "as", 1, s->genre);
    if (r >= 0 && s->url) r = sd_bus_message_append(reply, "{sv}", "xesam:url", "s", s->url);
    if (r >= 0 && s->user_rating >= 0)
        r = sd_bus_message_append(reply, "{sv}", "xesam:userRating", "d", s->user_rating);
    if (r >= 0 && s->use_count >= 0) r = sd_bus_message_append(reply, "{sv}", "xesam:useCount", "i", s->use_count);
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int get_player(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    if (!strcmp(property, "Position")) return sd_bus_message_append(reply, "x", mpris->position(mpris->context));
    pthread_mutex_lock(&mpris->lock);
    const addmusic_mpris_state *s = &mpris->current.fields;
    int r;
    if (!strcmp(property, "PlaybackStatus")) r = sd_bus_message_append(reply, "s", s->playback_status);
    else if (!strcmp(property, "LoopStatus")) r = sd_bus_message_append(reply, "s", s->loop_status);
    else if (!strcmp(property, "Shuffle")) r = sd_bus_message_append(reply, "b", s->shuffle);
    else if (!strcmp(property, "Volume")) r = sd_bus_message_append(reply, "d", s->volume);
    else if (!strcmp(property, "Metadata")) r = mpris_append_metadata(reply, s);
    else if (!strcmp(property, "CanGoNext")) r = sd_bus_message_append(reply, "b", s->can_go_next);
    else if (!strcmp(property, "CanGoPrevious")) r = sd_bus_message_append(reply, "b", s->can_go_previous);
    else if (!strcmp(property, "CanPlay")) r = sd_bus_message_append(reply, "b", s->can_play);
    else if (!strcmp(property, "CanPause")) r = sd_bus_message_append(reply, "b", s->can_pause);
    else if (!strcmp(property, "CanSeek")) r = sd_bus_message_append(reply, "b", s->can_seek);
    else if (!strcmp(property, "CanControl")) r = sd_bus_message_append(reply, "b", 1);
    else r = sd_bus_message_append(reply, "d", 1.0);  // Rate, MinimumRate, MaximumRate
    pthread_mutex_unlock(&mpris->lock);
    return r;
}

static int set_player(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *value, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    int r;
    if (!strcmp(property, "LoopStatus")) {
        const char *loop = NULL;
        if ((r = sd_bus_message_read(value, "s", &loop)) < 0) return r;
        return mpris_command(NULL, mpris, ADDMUSIC_MPRIS_SET_LOOP, 0, 0, loop, NULL, error);
    }
    if (!strcmp(property, "Shuffle")) {
        int shuffle = 0;
        if ((r = sd_bus_message_read(value, "b", &shuffle)) < 0) return r;
        return mpris_command(NULL, mpris, ADDMUSIC_MPRIS_SET_SHUFFLE, shuffle, 0, NULL, NULL, error);
    }
    if (!strcmp(property, "Volume")) {
        double volume = 0;
        if ((r = sd_bus_message_read(value, "d", &volume)) < 0) return r;
        return mpris_command(NULL, mpris, ADDMUSIC_MPRIS_SET_VOLUME, 0, volume, NULL, NULL, error);
    }
    double rate = 1;  // Rate: only 1.0 is played; 0.0 pauses, as the specification asks of a player given it
    if ((r = sd_bus_message_read(value, "d", &rate)) < 0) return r;
    if (rate == 0.0) return mpris_command(NULL, mpris, ADDMUSIC_MPRIS_PAUSE, 0, 0, NULL, NULL, error);
    if (isnan(rate)) return sd_bus_error_set(error, SD_BUS_ERROR_INVALID_ARGS, "The rate is not a number");
    return rate == 1.0 ? 0 : sd_bus_error_set(error, SD_BUS_ERROR_NOT_SUPPORTED, "Only the rate 1.0 is played");
}

static int method_player(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *member = sd_bus_message_get_member(message);
    static const struct {
        const char *name;
        addmusic_mpris_command command;
    } plain[] = {
        {"Play", ADDMUSIC_MPRIS_PLAY}, {"Pause", ADDMUSIC_MPRIS_PAUSE},   {"PlayPause", ADDMUSIC_MPRIS_PLAY_PAUSE},
        {"Stop", ADDMUSIC_MPRIS_STOP}, {"Next", ADDMUSIC_MPRIS_NEXT},     {"Previous", ADDMUSIC_MPRIS_PREVIOUS},
    };
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++) {
        if (!strcmp(member, plain[i].name)) return mpris_command(message, userdata, plain[i].command, 0, 0, NULL, NULL, error);
    }
    int r;
    if (!strcmp(member, "Seek")) {
        int64_t offset = 0;
        if ((r = sd_bus_message_read(message, "x", &offset)) < 0) return r;
        return mpris_command(message, userdata, ADDMUSIC_MPRIS_SEEK, offset, 0, NULL, NULL, error);
    }
    if (!strcmp(member, "SetPosition")) {
        const char *track = NULL;
        int64_t position = 0;
        if ((r = sd_bus_message_read(message, "ox", &track, &position)) < 0) return r;
        return mpris_command(message, userdata, ADDMUSIC_MPRIS_SET_POSITION, position, 0, track, NULL, error);
    }
    const char *uri = NULL;  // OpenUri
    if ((r = sd_bus_message_read(message, "s", &uri)) < 0) return r;
    return mpris_command(message, userdata, ADDMUSIC_MPRIS_OPEN_URI, 0, 0, uri, NULL, error);
}

#define CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE
static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Seek", "x", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetPosition", "ox", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("OpenUri", "s", "", method_player, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", get_player, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("LoopStatus", "s", get_player, set_player, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Rate", "d", get_player, set_player, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Shuffle", "b", get_player, set_player, 0, CHANGES),
    SD_BUS_PROPERTY("Metadata", "a{sv}", get_player, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", get_player, set_player, 0, CHANGES),
    SD_BUS_PROPERTY("Position", "x", get_player, 0, 0),  // announced by Seeked, not PropertiesChanged
    SD_BUS_PROPERTY("MinimumRate", "d", get_player, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("MaximumRate", "d", get_player, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanGoNext", "b", get_player, 0, CHANGES),
    SD_BUS_PROPERTY("CanGoPrevious", "b", get_player, 0, CHANGES),
    SD_BUS_PROPERTY("CanPlay", "b", get_player, 0, CHANGES),
    SD_BUS_PROPERTY("CanPause", "b", get_player, 0, CHANGES),
    SD_BUS_PROPERTY("CanSeek", "b", get_player, 0, CHANGES),
    SD_BUS_PROPERTY("CanControl", "b", get_player, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END,
};

// MARK: Life

int addmusic_mpris_open(const char *name, const char *identity, const char *desktop_entry, int can_raise,
                        addmusic_mpris_handler handler, addmusic_mpris_position position,
                        addmusic_mpris_playlists_request playlists, void *context, addmusic_mpris **out) {
    // libsystemd is opened here, not at launch (BusLibraries): without it there is no bus to publish on.
    if (addmusic_bus_library_open() != NULL) return -ELIBACC;
    addmusic_mpris *mpris = calloc(1, sizeof *mpris);
    if (!mpris) return -ENOMEM;
    pthread_mutex_init(&mpris->lock, NULL);
    mpris->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    mpris->identity = strdup(identity);
    mpris->desktop_entry = strdup(desktop_entry);
    mpris->can_raise = can_raise;
    mpris->handler = handler;
    mpris->position = position;
    mpris->playlists_request = playlists;
    mpris->context = context;
    addmusic_mpris_state empty = {
        .playback_status = "Stopped", .loop_status = "None", .volume = 1, .user_rating = -1, .use_count = -1};
    mpris_assign(&mpris->current, &empty);
    mpris_assign(&mpris->published, &empty);
    int r = mpris->wake < 0 ? -errno : 0;
    if (r >= 0) r = sd_bus_open_user(&mpris->bus);
    if (r >= 0)
        r = sd_bus_add_object_vtable(mpris->bus, &mpris->root_slot, OBJECT_PATH, ROOT_INTERFACE, root_vtable, mpris);
    if (r >= 0)
        r = sd_bus_add_object_vtable(mpris->bus, &mpris->player_slot, OBJECT_PATH, PLAYER_INTERFACE, player_vtable,
                                     mpris);
    if (r >= 0)
        r = sd_bus_add_object_vtable(mpris->bus, &mpris->tracklist_slot, OBJECT_PATH,
                                     "org.mpris.MediaPlayer2.TrackList", mpris_tracklist_vtable, mpris);
    if (r >= 0)
        r = sd_bus_add_object_vtable(mpris->bus, &mpris->playlists_slot, OBJECT_PATH,
                                     "org.mpris.MediaPlayer2.Playlists", mpris_playlists_vtable, mpris);
    if (r >= 0) {
        if (asprintf(&mpris->bus_name, "org.mpris.MediaPlayer2.%s", name) < 0) mpris->bus_name = NULL;
        r = mpris->bus_name ? sd_bus_request_name(mpris->bus, mpris->bus_name, 0) : -ENOMEM;
        if (r == -EEXIST) {  // another AddMusic has the name: the spec's per-instance name
            free(mpris->bus_name);
            if (asprintf(&mpris->bus_name, "org.mpris.MediaPlayer2.%s.instance%d", name, (int)getpid()) < 0)
                mpris->bus_name = NULL;
            r = mpris->bus_name ? sd_bus_request_name(mpris->bus, mpris->bus_name, 0) : -ENOMEM;
        }
    }
    if (r < 0) {
        addmusic_mpris_close(mpris);
        return r;
    }
    *out = mpris;
    return 0;
}

/// Announces what changed since the last announcement, and a pending seek.
static void publish(addmusic_mpris *mpris) {
    const char *names[16];
    size_t count = 0;
    pthread_mutex_lock(&mpris->lock);
    const addmusic_mpris_state *a = &mpris->published.fields, *b = &mpris->current.fields;
    if (!mpris_same(a->playback_status, b->playback_status)) names[count++] = "PlaybackStatus";
    if (!mpris_same(a->loop_status, b->loop_status)) names[count++] = "LoopStatus";
    if (a->shuffle != b->shuffle) names[count++] = "Shuffle";
    if (a->volume != b->volume) names[count++] = "Volume";
    if (!mpris_same(a->track_id, b->track_id) || a->length_us != b->length_us || !mpris_same(a->art_url, b->art_url) ||
        !mpris_same(a->title, b->title) || !mpris_same(a->artist, b->artist) || !mpris_same(a->album, b->album) ||
        !mpris_same(a->album_artist, b->album_artist) || !mpris_same(a->genre, b->genre) || !mpris_same(a->url, b->url) ||
        a->track_number != b->track_number || a->disc_number != b->disc_number ||
        a->user_rating != b->user_rating || a->use_count != b->use_count)
        names[count++] = "Metadata";
    if (a->can_go_next != b->can_go_next) names[count++] = "CanGoNext";
    if (a->can_go_previous != b->can_go_previous) names[count++] = "CanGoPrevious";
    if (a->can_play != b->can_play) names[count++] = "CanPlay";
    if (a->can_pause != b->can_pause) names[count++] = "CanPause";
    if (a->can_seek != b->can_seek) names[count++] = "CanSeek";
    names[count] = NULL;
    mpris_assign(&mpris->published, b);
    int seeked = mpris->has_seek;
    int64_t position = mpris->seek_position;
    mpris->has_seek = 0;
    pthread_mutex_unlock(&mpris->lock);
    if (count > 0)
        sd_bus_emit_properties_changed_strv(mpris->bus, OBJECT_PATH, PLAYER_INTERFACE, (char **)names);
    if (seeked) sd_bus_emit_signal(mpris->bus, OBJECT_PATH, PLAYER_INTERFACE, "Seeked", "x", position);
}

int addmusic_mpris_run(addmusic_mpris *mpris) {
    for (;;) {
        int r;
        while ((r = sd_bus_process(mpris->bus, NULL)) > 0) {}
        if (r < 0) return r;
        uint64_t timeout_us = UINT64_MAX;
        sd_bus_get_timeout(mpris->bus, &timeout_us);
        int timeout_ms = -1;
        if (timeout_us != UINT64_MAX) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            int64_t left = (int64_t)timeout_us - ((int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000);
            timeout_ms = left <= 0 ? 0 : (int)((left + 999) / 1000);
        }
        struct pollfd fds[2] = {
            {.fd = sd_bus_get_fd(mpris->bus), .events = (short)sd_bus_get_events(mpris->bus)},
            {.fd = mpris->wake, .events = POLLIN},
        };
        if (poll(fds, 2, timeout_ms) < 0 && errno != EINTR) return -errno;
        if (fds[1].revents & POLLIN) {
            uint64_t counter;
            ssize_t got = read(mpris->wake, &counter, sizeof counter);
            (void)got;
            pthread_mutex_lock(&mpris->lock);
            int stopping = mpris->stopping;
            pthread_mutex_unlock(&mpris->lock);
            if (stopping) return 0;
            // The list first: a client told of a new mpris:trackid finds it in the list it holds.
            mpris_tracklist_publish(mpris);
            publish(mpris);
            mpris_playlists_publish(mpris);
            sd_bus_flush(mpris->bus);
        }
    }
}

void addmusic_mpris_update(addmusic_mpris *mpris, const addmusic_mpris_state *state) {
    pthread_mutex_lock(&mpris->lock);
    mpris_assign(&mpris->current, state);
    pthread_mutex_unlock(&mpris->lock);
    mpris_wake(mpris);
}

void addmusic_mpris_seeked(addmusic_mpris *mpris, int64_t position_us) {
    pthread_mutex_lock(&mpris->lock);
    mpris->has_seek = 1;
    mpris->seek_position = position_us;
    pthread_mutex_unlock(&mpris->lock);
    mpris_wake(mpris);
}

void addmusic_mpris_stop(addmusic_mpris *mpris) {
    pthread_mutex_lock(&mpris->lock);
    mpris->stopping = 1;
    pthread_mutex_unlock(&mpris->lock);
    mpris_wake(mpris);
}

void addmusic_mpris_close(addmusic_mpris *mpris) {
    if (!mpris) return;
    sd_bus_slot_unref(mpris->root_slot);
    sd_bus_slot_unref(mpris->player_slot);
    sd_bus_slot_unref(mpris->tracklist_slot);
    sd_bus_slot_unref(mpris->playlists_slot);
    mpris_playlists_free(mpris);  // before the bus: it holds the requests' messages
    if (mpris->bus) {
        if (mpris->bus_name) sd_bus_release_name(mpris->bus, mpris->bus_name);
        sd_bus_flush_close_unref(mpris->bus);
    }
    if (mpris->wake >= 0) close(mpris->wake);
    mpris_tracklist_free(mpris);
    mpris_release(&mpris->current);
    mpris_release(&mpris->published);
    free(mpris->identity);
    free(mpris->desktop_entry);
    free(mpris->bus_name);
    pthread_mutex_destroy(&mpris->lock);
    free(mpris);
}

const char *addmusic_mpris_bus_name(addmusic_mpris *mpris) { return mpris->bus_name; }
