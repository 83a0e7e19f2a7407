#define _GNU_SOURCE
#include "mpris_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/// The TrackList interface: the queue as published by the app (`addmusic_mpris_set_tracks`), its methods handed to
/// the app, its signals sent by the bus thread in the order the changes were made.
#define TRACKLIST_INTERFACE "org.mpris.MediaPlayer2.TrackList"
/// Signals kept for a bus thread that is behind; past this they become one TrackListReplaced.
#define MOST_PENDING_SIGNALS 4096
/// GetTracksMetadata looks up at most this many ids of one call (the list published holds at most 1000).
#define MOST_ASKED_TRACKS 1000

static void free_signal(pending_signal *signal) {
    mpris_release(&signal->track);
    free(signal->after);
    for (size_t i = 0; i < signal->id_count; i++) free(signal->ids[i]);
    free(signal->ids);
    memset(signal, 0, sizeof *signal);
}

static void free_signals(pending_signal *signals, size_t count) {
    for (size_t i = 0; i < count; i++) free_signal(&signals[i]);
    free(signals);
}

static int get_tracks(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    int r = sd_bus_message_open_container(reply, 'a', "o");
    pthread_mutex_lock(&mpris->lock);
    for (size_t i = 0; r >= 0 && i < mpris->track_count; i++)
        r = sd_bus_message_append(reply, "o", mpris->tracks[i].fields.track_id);
    pthread_mutex_unlock(&mpris->lock);
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int get_can_edit(sd_bus *bus, const char *path, const char *interface, const char *property,
                        sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    return sd_bus_message_append(reply, "b", 1);
}

/// The metadata of each track asked that the list holds, in the order asked; ids it does not hold are left out, and so
/// are those past the first MOST_ASKED_TRACKS (read, not looked up: a call asking for millions costs no search).
static int method_get_tracks_metadata(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    sd_bus_message *reply = NULL;
    size_t asked = 0;
    int r = sd_bus_message_new_method_return(message, &reply);
    if (r >= 0) r = sd_bus_message_enter_container(message, 'a', "o");
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "a{sv}");
    const char *id = NULL;
    // One version of the list for the whole answer.
    pthread_mutex_lock(&mpris->lock);
    while (r >= 0 && (r = sd_bus_message_read(message, "o", &id)) > 0) {
        if (asked++ >= MOST_ASKED_TRACKS) continue;
        for (size_t i = 0; i < mpris->track_count; i++) {
            if (!strcmp(mpris->tracks[i].fields.track_id, id)) {
                r = mpris_append_metadata(reply, &mpris->tracks[i].fields);
                break;
            }
        }
    }
    pthread_mutex_unlock(&mpris->lock);
    if (r >= 0) r = sd_bus_message_exit_container(message);
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int method_tracklist(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *member = sd_bus_message_get_member(message);
    const char *track = NULL;
    int r;
    if (!strcmp(member, "AddTrack")) {
        const char *uri = NULL;
        int play = 0;
        if ((r = sd_bus_message_read(message, "sob", &uri, &track, &play)) < 0) return r;
        return mpris_command(message, userdata, ADDMUSIC_MPRIS_ADD_TRACK, play, 0, uri, track, error);
    }
    if ((r = sd_bus_message_read(message, "o", &track)) < 0) return r;
    addmusic_mpris_command what = !strcmp(member, "GoTo") ? ADDMUSIC_MPRIS_GO_TO : ADDMUSIC_MPRIS_REMOVE_TRACK;
    return mpris_command(message, userdata, what, 0, 0, track, NULL, error);
}

const sd_bus_vtable mpris_tracklist_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("GetTracksMetadata", "ao", "aa{sv}", method_get_tracks_metadata, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("AddTrack", "sob", "", method_tracklist, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("RemoveTrack", "o", "", method_tracklist, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("GoTo", "o", "", method_tracklist, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("TrackListReplaced", "aoo", 0),
    SD_BUS_SIGNAL("TrackAdded", "a{sv}o", 0),
    SD_BUS_SIGNAL("TrackRemoved", "o", 0),
    SD_BUS_SIGNAL("TrackMetadataChanged", "oa{sv}", 0),
    SD_BUS_PROPERTY("Tracks", "ao", get_tracks, 0, SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION),
    SD_BUS_PROPERTY("CanEditTracks", "b", get_can_edit, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END,
};

/// A TrackListReplaced of the list now held (under `lock`).
static pending_signal replaced(const addmusic_mpris *mpris, const char *current) {
    pending_signal signal = {.kind = ADDMUSIC_MPRIS_TRACKS_REPLACED, .after = strdup(current ? current : NO_TRACK)};
    signal.ids = calloc(mpris->track_count ? mpris->track_count : 1, sizeof *signal.ids);
    for (size_t i = 0; signal.ids && i < mpris->track_count; i++) {
        signal.ids[i] = strdup(mpris->tracks[i].fields.track_id);
        signal.id_count = i + 1;
    }
    return signal;
}

void addmusic_mpris_set_tracks(addmusic_mpris *mpris, const addmusic_mpris_state *tracks, size_t count,
                               const char *current, const addmusic_mpris_track_change *changes, size_t change_count) {
    owned_state *copies = calloc(count ? count : 1, sizeof *copies);
    if (!copies) return;
    int complete = 1;
    for (size_t i = 0; i < count; i++) {
        mpris_assign(&copies[i], &tracks[i]);
        if (!copies[i].fields.track_id) copies[i].fields.track_id = strdup(NO_TRACK);
        if (!copies[i].fields.track_id) complete = 0;
    }
    if (!complete) {  // out of memory: the list published stays as it was
        for (size_t i = 0; i < count; i++) mpris_release(&copies[i]);
        free(copies);
        return;
    }
    pthread_mutex_lock(&mpris->lock);
    for (size_t i = 0; i < mpris->track_count; i++) mpris_release(&mpris->tracks[i]);
    free(mpris->tracks);
    mpris->tracks = copies;
    mpris->track_count = count;
    size_t total = mpris->signal_count + change_count;
    pending_signal *grown = total <= MOST_PENDING_SIGNALS ? realloc(mpris->signals, (total ? total : 1) * sizeof *grown) : NULL;
    if (!grown) {  // too many waiting (or no memory): the whole list once instead
        free_signals(mpris->signals, mpris->signal_count);
        mpris->signals = calloc(1, sizeof *mpris->signals);
        mpris->signal_count = 0;
        if (mpris->signals) mpris->signals[mpris->signal_count++] = replaced(mpris, current);
    } else {
        mpris->signals = grown;
        for (size_t i = 0; i < change_count; i++) {
            const addmusic_mpris_track_change *change = &changes[i];
            pending_signal signal = {.kind = change->kind};
            int32_t index = change->index;
            int valid = index >= 0 && (size_t)index < count;
            switch (change->kind) {
            case ADDMUSIC_MPRIS_TRACKS_REPLACED: signal = replaced(mpris, current); break;
            case ADDMUSIC_MPRIS_TRACK_ADDED:
                if (!valid) continue;
                mpris_assign(&signal.track, &tracks[index]);
                signal.after = strdup(index > 0 && tracks[index - 1].track_id ? tracks[index - 1].track_id : NO_TRACK);
                break;
            case ADDMUSIC_MPRIS_TRACK_CHANGED:
                if (!valid) continue;
                mpris_assign(&signal.track, &tracks[index]);
                break;
            case ADDMUSIC_MPRIS_TRACK_REMOVED:
                if (!change->track_id) continue;
                signal.track.fields.track_id = strdup(change->track_id);
                break;
            }
            mpris->signals[mpris->signal_count++] = signal;
        }
    }
    pthread_mutex_unlock(&mpris->lock);
    mpris_wake(mpris);
}

static int send_signal(sd_bus *bus, const pending_signal *signal) {
    static const char *names[] = {"TrackListReplaced", "TrackAdded", "TrackRemoved", "TrackMetadataChanged"};
    sd_bus_message *message = NULL;
    int r = sd_bus_message_new_signal(bus, &message, OBJECT_PATH, TRACKLIST_INTERFACE, names[signal->kind]);
    const addmusic_mpris_state *track = &signal->track.fields;
    switch (signal->kind) {
    case ADDMUSIC_MPRIS_TRACKS_REPLACED:
        if (r >= 0) r = sd_bus_message_open_container(message, 'a', "o");
        for (size_t i = 0; r >= 0 && i < signal->id_count; i++) r = sd_bus_message_append(message, "o", signal->ids[i]);
        if (r >= 0) r = sd_bus_message_close_container(message);
        if (r >= 0) r = sd_bus_message_append(message, "o", signal->after);
        break;
    case ADDMUSIC_MPRIS_TRACK_ADDED:
        if (r >= 0) r = mpris_append_metadata(message, track);
        if (r >= 0) r = sd_bus_message_append(message, "o", signal->after);
        break;
    case ADDMUSIC_MPRIS_TRACK_REMOVED:
        if (r >= 0) r = sd_bus_message_append(message, "o", track->track_id);
        break;
    case ADDMUSIC_MPRIS_TRACK_CHANGED:
        if (r >= 0) r = sd_bus_message_append(message, "o", track->track_id);
        if (r >= 0) r = mpris_append_metadata(message, track);
        break;
    }
    if (r >= 0) r = sd_bus_send(bus, message, NULL);
    sd_bus_message_unref(message);
    return r;
}

void mpris_tracklist_publish(addmusic_mpris *mpris) {
    pthread_mutex_lock(&mpris->lock);
    pending_signal *signals = mpris->signals;
    size_t count = mpris->signal_count;
    mpris->signals = NULL;
    mpris->signal_count = 0;
    pthread_mutex_unlock(&mpris->lock);
    for (size_t i = 0; i < count; i++) send_signal(mpris->bus, &signals[i]);
    if (count > 0) {
        char *changed[] = {"Tracks", NULL};
        sd_bus_emit_properties_changed_strv(mpris->bus, OBJECT_PATH, TRACKLIST_INTERFACE, changed);
    }
    free_signals(signals, count);
}

void mpris_tracklist_free(addmusic_mpris *mpris) {
    for (size_t i = 0; i < mpris->track_count; i++) mpris_release(&mpris->tracks[i]);
    free(mpris->tracks);
    mpris->tracks = NULL;
    mpris->track_count = 0;
    free_signals(mpris->signals, mpris->signal_count);
    mpris->signals = NULL;
    mpris->signal_count = 0;
}
