#ifndef ADDMUSIC_MPRIS_BUS_H
#define ADDMUSIC_MPRIS_BUS_H
#include <stddef.h>
#include <stdint.h>

/// The MPRIS 2.2 object (/org/mpris/MediaPlayer2, its root, Player, TrackList and Playlists interfaces) on the
/// session bus, through
/// libsystemd's sd-bus. sd-bus describes objects with tables built by macros, hence C; everything else is Swift's.
/// One thread runs the bus (`addmusic_mpris_run`); state updates come from any thread and are published from it.
typedef struct addmusic_mpris addmusic_mpris;

/// What a D-Bus client asked for.
typedef enum {
    ADDMUSIC_MPRIS_RAISE,
    ADDMUSIC_MPRIS_QUIT,
    ADDMUSIC_MPRIS_PLAY,
    ADDMUSIC_MPRIS_PAUSE,
    ADDMUSIC_MPRIS_PLAY_PAUSE,
    ADDMUSIC_MPRIS_STOP,
    ADDMUSIC_MPRIS_NEXT,
    ADDMUSIC_MPRIS_PREVIOUS,
    ADDMUSIC_MPRIS_SEEK,          /// number: the offset in µs
    ADDMUSIC_MPRIS_SET_POSITION,  /// text: the track id; number: the position in µs
    ADDMUSIC_MPRIS_OPEN_URI,      /// text: the URI
    ADDMUSIC_MPRIS_SET_LOOP,      /// text: "None", "Track" or "Playlist"
    ADDMUSIC_MPRIS_SET_SHUFFLE,   /// number: 0 or 1
    ADDMUSIC_MPRIS_SET_VOLUME,    /// real: the volume
    ADDMUSIC_MPRIS_ADD_TRACK,     /// text: the URI; second: the track to add after; number: 1 to play it now
    ADDMUSIC_MPRIS_REMOVE_TRACK,  /// text: the track id
    ADDMUSIC_MPRIS_GO_TO,         /// text: the track id
    ADDMUSIC_MPRIS_ACTIVATE_PLAYLIST,  /// text: the playlist id
} addmusic_mpris_command;

/// Called on the bus thread for each request; answers 0, or a negative errno to refuse it.
typedef int (*addmusic_mpris_handler)(void *context, addmusic_mpris_command command, int64_t number, double real,
                                      const char *text, const char *second);
/// Called on the bus thread when a client reads Position: the playing item's position in µs.
typedef int64_t (*addmusic_mpris_position)(void *context);
/// Called on the bus thread for GetPlaylists: `count` playlists from `index` in the `ordering`, reversed when
/// `reverse`; answered later, from any thread, by `addmusic_mpris_answer_playlists` with `token`.
typedef void (*addmusic_mpris_playlists_request)(void *context, uint64_t token, uint32_t index, uint32_t count,
                                                 const char *ordering, int reverse);

/// The player's state as published. Strings may be NULL (left out of the metadata); `track_id` NULL means no track.
typedef struct {
    const char *playback_status;
    const char *loop_status;
    int shuffle;
    double volume;
    int can_go_next, can_go_previous, can_play, can_pause, can_seek;
    const char *track_id;
    int64_t length_us;
    const char *art_url, *title, *artist, *album, *album_artist, *genre, *url;
    int32_t track_number, disc_number;
    /// xesam:userRating, 0–1 (negative: not known, left out); xesam:useCount (negative: left out).
    double user_rating;
    int32_t use_count;
} addmusic_mpris_state;

/// What a TrackList signal says, in the order the changes were made.
typedef enum {
    ADDMUSIC_MPRIS_TRACKS_REPLACED,  /// the whole list (TrackListReplaced)
    ADDMUSIC_MPRIS_TRACK_ADDED,      /// `index`: the track added, into the new list (TrackAdded)
    ADDMUSIC_MPRIS_TRACK_REMOVED,    /// `track_id`: the track removed (TrackRemoved)
    ADDMUSIC_MPRIS_TRACK_CHANGED,    /// `index`: the track whose metadata changed (TrackMetadataChanged)
} addmusic_mpris_track_signal;

/// One change of the track list. An added track follows the track before it in the new list (or NoTrack); the
/// changes are applied in order, so each names tracks the list holds when a client reads it.
typedef struct {
    addmusic_mpris_track_signal kind;
    int32_t index;
    const char *track_id;
} addmusic_mpris_track_change;

/// A playlist as the Playlists interface gives it: its object path, its name and an icon URI (may be empty).
typedef struct {
    const char *id, *name, *icon;
} addmusic_mpris_playlist;

/// Connects to the session bus, puts the object there and takes the name `org.mpris.MediaPlayer2.NAME` (or, when
/// another process has it, `org.mpris.MediaPlayer2.NAME.instancePID`). Returns 0 or a negative errno (-ELIBACC when
/// libsystemd cannot be loaded).
int addmusic_mpris_open(const char *name, const char *identity, const char *desktop_entry, int can_raise,
                        addmusic_mpris_handler handler, addmusic_mpris_position position,
                        addmusic_mpris_playlists_request playlists, void *context, addmusic_mpris **out);
/// Runs the bus until `addmusic_mpris_stop`; returns 0 or a negative errno.
int addmusic_mpris_run(addmusic_mpris *mpris);
/// Copies `state`; the bus thread announces what changed (PropertiesChanged).
void addmusic_mpris_update(addmusic_mpris *mpris, const addmusic_mpris_state *state);
/// The bus thread sends Seeked with `position_us`.
void addmusic_mpris_seeked(addmusic_mpris *mpris, int64_t position_us);
/// Publishes `tracks` (their `track_id` and metadata fields; copied) as the TrackList's tracks, with `current` the
/// track playing (NULL: none); the bus thread sends the signals `changes` describe, in order, and invalidates Tracks.
void addmusic_mpris_set_tracks(addmusic_mpris *mpris, const addmusic_mpris_state *tracks, size_t count,
                               const char *current, const addmusic_mpris_track_change *changes, size_t change_count);
/// Answers the GetPlaylists request `token` with `playlists` (copied), or with an error when `failure` is not NULL.
void addmusic_mpris_answer_playlists(addmusic_mpris *mpris, uint64_t token, const addmusic_mpris_playlist *playlists,
                                     size_t count, const char *failure);
/// Sets PlaylistCount and ActivePlaylist (`active` NULL: none); the bus thread announces what changed.
void addmusic_mpris_set_playlists(addmusic_mpris *mpris, uint32_t count, const addmusic_mpris_playlist *active);
/// Makes `addmusic_mpris_run` return.
void addmusic_mpris_stop(addmusic_mpris *mpris);
/// Leaves the bus and frees everything (after `addmusic_mpris_run` has returned, or when it never ran).
void addmusic_mpris_close(addmusic_mpris *mpris);
/// The bus name taken.
const char *addmusic_mpris_bus_name(addmusic_mpris *mpris);
#endif
