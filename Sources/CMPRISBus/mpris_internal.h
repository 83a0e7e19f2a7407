#ifndef ADDMUSIC_MPRIS_INTERNAL_H
#define ADDMUSIC_MPRIS_INTERNAL_H
/// What the MPRIS object's interfaces share: the object, its lock and the helpers of each file.
/// Everything under `lock` may be written from any thread; the bus and the messages it holds are the bus thread's.
#include "mpris_bus.h"

#include <pthread.h>
#include <systemd/sd-bus.h>

#define OBJECT_PATH "/org/mpris/MediaPlayer2"
#define NO_TRACK "/org/mpris/MediaPlayer2/TrackList/NoTrack"

/// A copy of the state whose strings it owns.
typedef struct {
    addmusic_mpris_state fields;
} owned_state;

/// A TrackList signal waiting for the bus thread, with copies of what it says.
typedef struct {
    addmusic_mpris_track_signal kind;
    owned_state track;  // TRACK_ADDED and TRACK_CHANGED: the track; TRACK_REMOVED: its id in `fields.track_id`
    char *after;        // TRACK_ADDED: the track before it, or NO_TRACK
    char **ids;         // TRACKS_REPLACED: the list's ids, and the track playing (`after`, NO_TRACK for none)
    size_t id_count;
} pending_signal;

/// An answer to a GetPlaylists request, waiting for the bus thread.
typedef struct {
    uint64_t token;
    addmusic_mpris_playlist *playlists;  // owned copies
    size_t count;
    char *failure;
} playlists_answer;

/// A GetPlaylists request waiting for its answer (the bus thread's own).
typedef struct {
    uint64_t token;
    sd_bus_message *message;
} playlists_request;

struct addmusic_mpris {
    sd_bus *bus;
    sd_bus_slot *root_slot, *player_slot, *tracklist_slot, *playlists_slot;
    int wake;  // an eventfd: state changed, a seek happened, or stop
    pthread_mutex_t lock;
    owned_state current, published;
    int has_seek, stopping;
    int64_t seek_position;
    char *identity, *desktop_entry, *bus_name;
    int can_raise;
    addmusic_mpris_handler handler;
    addmusic_mpris_position position;
    addmusic_mpris_playlists_request playlists_request;
    void *context;
    // TrackList, under `lock`.
    owned_state *tracks;
    size_t track_count;
    pending_signal *signals;
    size_t signal_count;
    // Playlists: the answers and the counts under `lock`; the requests the bus thread's.
    playlists_answer *answers;
    size_t answer_count;
    playlists_request *requests;
    size_t request_count;
    uint64_t next_token;
    uint32_t playlist_count, published_playlist_count;
    addmusic_mpris_playlist active, published_active;  // owned; id NULL: none
};

char *mpris_copy(const char *text);
void mpris_release(owned_state *state);
void mpris_assign(owned_state *state, const addmusic_mpris_state *from);
int mpris_same(const char *a, const char *b);
void mpris_wake(addmusic_mpris *mpris);
/// Appends the metadata of `s` (a{sv}); empty when it has no track id.
int mpris_append_metadata(sd_bus_message *reply, const addmusic_mpris_state *s);
/// Asks the app to carry out `what`, and answers `message` (when there is one) or refuses.
int mpris_command(sd_bus_message *message, addmusic_mpris *mpris, addmusic_mpris_command what, int64_t number,
                  double real, const char *text, const char *second, sd_bus_error *error);

extern const sd_bus_vtable mpris_tracklist_vtable[];
extern const sd_bus_vtable mpris_playlists_vtable[];
/// On the bus thread: sends the TrackList's pending signals.
void mpris_tracklist_publish(addmusic_mpris *mpris);
/// On the bus thread: replies to the answered GetPlaylists requests, announces the playlists' changes.
void mpris_playlists_publish(addmusic_mpris *mpris);
/// Frees what the TrackList and the Playlists hold.
void mpris_tracklist_free(addmusic_mpris *mpris);
void mpris_playlists_free(addmusic_mpris *mpris);
#endif
