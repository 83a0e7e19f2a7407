#define _GNU_SOURCE
#include "mpris_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/// The Playlists interface. GetPlaylists is answered later: the app reads the playlists off the bus thread (files,
/// the index, the daemon) and hands the answer back (`addmusic_mpris_answer_playlists`), which the bus thread sends.
#define PLAYLISTS_INTERFACE "org.mpris.MediaPlayer2.Playlists"
/// GetPlaylists requests waiting for the app at once; more are refused.
#define MOST_WAITING_REQUESTS 64

static void free_playlist(addmusic_mpris_playlist *playlist) {
    free((char *)playlist->id);
    free((char *)playlist->name);
    free((char *)playlist->icon);
    playlist->id = playlist->name = playlist->icon = NULL;
}

static addmusic_mpris_playlist copy_playlist(const addmusic_mpris_playlist *from) {
    addmusic_mpris_playlist copy = {.id = mpris_copy(from->id ? from->id : "/"),
                                    .name = mpris_copy(from->name ? from->name : ""),
                                    .icon = mpris_copy(from->icon ? from->icon : "")};
    return copy;
}

static int append_playlist(sd_bus_message *message, const addmusic_mpris_playlist *playlist) {
    if (!playlist->id) return sd_bus_message_append(message, "(oss)", "/", "", "");
    return sd_bus_message_append(message, "(oss)", playlist->id, playlist->name, playlist->icon);
}

static int get_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                        sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    if (!strcmp(property, "Orderings")) return sd_bus_message_append(reply, "as", 2, "Alphabetical", "UserDefined");
    pthread_mutex_lock(&mpris->lock);
    int r;
    if (!strcmp(property, "PlaylistCount")) {
        r = sd_bus_message_append(reply, "u", mpris->playlist_count);
    } else {  // ActivePlaylist: (b(oss)), the struct "/" when there is none
        r = sd_bus_message_open_container(reply, 'r', "b(oss)");
        if (r >= 0) r = sd_bus_message_append(reply, "b", mpris->active.id != NULL);
        if (r >= 0) r = append_playlist(reply, &mpris->active);
        if (r >= 0) r = sd_bus_message_close_container(reply);
    }
    pthread_mutex_unlock(&mpris->lock);
    return r;
}

static int method_activate(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *id = NULL;
    int r = sd_bus_message_read(message, "o", &id);
    if (r < 0) return r;
    return mpris_command(message, userdata, ADDMUSIC_MPRIS_ACTIVATE_PLAYLIST, 0, 0, id, NULL, error);
}

static int method_get_playlists(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    addmusic_mpris *mpris = userdata;
    uint32_t index = 0, count = 0;
    const char *ordering = NULL;
    int reverse = 0;
    int r = sd_bus_message_read(message, "uusb", &index, &count, &ordering, &reverse);
    if (r < 0) return r;
    if (mpris->request_count >= MOST_WAITING_REQUESTS)
        return sd_bus_error_set(error, SD_BUS_ERROR_LIMITS_EXCEEDED, "Too many playlist requests are waiting");
    playlists_request *grown = realloc(mpris->requests, (mpris->request_count + 1) * sizeof *grown);
    if (!grown) return -ENOMEM;
    mpris->requests = grown;
    uint64_t token = ++mpris->next_token;
    grown[mpris->request_count++] = (playlists_request){.token = token, .message = sd_bus_message_ref(message)};
    mpris->playlists_request(mpris->context, token, index, count, ordering, reverse);
    return 1;  // answered when the app's answer comes
}

const sd_bus_vtable mpris_playlists_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("ActivatePlaylist", "o", "", method_activate, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("GetPlaylists", "uusb", "a(oss)", method_get_playlists, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("PlaylistChanged", "(oss)", 0),
    SD_BUS_PROPERTY("PlaylistCount", "u", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Orderings", "as", get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("ActivePlaylist", "(b(oss))", get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_VTABLE_END,
};

void addmusic_mpris_answer_playlists(addmusic_mpris *mpris, uint64_t token, const addmusic_mpris_playlist *playlists,
                                     size_t count, const char *failure) {
    playlists_answer answer = {.token = token, .failure = mpris_copy(failure)};
    answer.playlists = calloc(count ? count : 1, sizeof *answer.playlists);
    for (size_t i = 0; answer.playlists && i < count; i++) answer.playlists[i] = copy_playlist(&playlists[i]);
    answer.count = answer.playlists ? count : 0;
    if (!answer.playlists && !answer.failure) answer.failure = strdup("Out of memory");
    pthread_mutex_lock(&mpris->lock);
    playlists_answer *grown = realloc(mpris->answers, (mpris->answer_count + 1) * sizeof *grown);
    if (grown) {
        mpris->answers = grown;
        grown[mpris->answer_count++] = answer;
    }
    pthread_mutex_unlock(&mpris->lock);
    if (!grown) {
        for (size_t i = 0; i < answer.count; i++) free_playlist(&answer.playlists[i]);
        free(answer.playlists);
        free(answer.failure);
    }
    mpris_wake(mpris);
}

void addmusic_mpris_set_playlists(addmusic_mpris *mpris, uint32_t count, const addmusic_mpris_playlist *active) {
    pthread_mutex_lock(&mpris->lock);
    mpris->playlist_count = count;
    free_playlist(&mpris->active);
    if (active) mpris->active = copy_playlist(active);
    pthread_mutex_unlock(&mpris->lock);
    mpris_wake(mpris);
}

/// Sends `answer` to the request with its token (none: it was answered or dropped already).
static void reply(addmusic_mpris *mpris, const playlists_answer *answer) {
    size_t at = 0;
    while (at < mpris->request_count && mpris->requests[at].token != answer->token) at++;
    if (at == mpris->request_count) return;
    sd_bus_message *request = mpris->requests[at].message, *message = NULL;
    memmove(&mpris->requests[at], &mpris->requests[at + 1], (mpris->request_count - at - 1) * sizeof *mpris->requests);
    mpris->request_count--;
    if (answer->failure) {
        sd_bus_reply_method_errorf(request, SD_BUS_ERROR_FAILED, "%s", answer->failure);
    } else {
        int r = sd_bus_message_new_method_return(request, &message);
        if (r >= 0) r = sd_bus_message_open_container(message, 'a', "(oss)");
        for (size_t i = 0; r >= 0 && i < answer->count; i++) r = append_playlist(message, &answer->playlists[i]);
        if (r >= 0) r = sd_bus_message_close_container(message);
        if (r >= 0) r = sd_bus_send(NULL, message, NULL);
        if (r < 0) sd_bus_reply_method_errno(request, r, NULL);
        sd_bus_message_unref(message);
    }
    sd_bus_message_unref(request);
}

void mpris_playlists_publish(addmusic_mpris *mpris) {
    pthread_mutex_lock(&mpris->lock);
    playlists_answer *answers = mpris->answers;
    size_t count = mpris->answer_count;
    mpris->answers = NULL;
    mpris->answer_count = 0;
    const char *names[3];
    size_t changed = 0;
    if (mpris->playlist_count != mpris->published_playlist_count) names[changed++] = "PlaylistCount";
    if (!mpris_same(mpris->active.id, mpris->published_active.id) ||
        !mpris_same(mpris->active.name, mpris->published_active.name))
        names[changed++] = "ActivePlaylist";
    names[changed] = NULL;
    mpris->published_playlist_count = mpris->playlist_count;
    free_playlist(&mpris->published_active);
    if (mpris->active.id) mpris->published_active = copy_playlist(&mpris->active);
    pthread_mutex_unlock(&mpris->lock);
    for (size_t i = 0; i < count; i++) {
        reply(mpris, &answers[i]);
        for (size_t j = 0; j < answers[i].count; j++) free_playlist(&answers[i].playlists[j]);
        free(answers[i].playlists);
        free(answers[i].failure);
    }
    free(answers);
    if (changed > 0)
        sd_bus_emit_properties_changed_strv(mpris->bus, OBJECT_PATH, PLAYLISTS_INTERFACE, (char **)names);
}

void mpris_playlists_free(addmusic_mpris *mpris) {
    for (size_t i = 0; i < mpris->request_count; i++) sd_bus_message_unref(mpris->requests[i].message);
    free(mpris->requests);
    mpris->requests = NULL;
    mpris->request_count = 0;
    for (size_t i = 0; i < mpris->answer_count; i++) {
        for (size_t j = 0; j < mpris->answers[i].count; j++) free_playlist(&mpris->answers[i].playlists[j]);
        free(mpris->answers[i].playlists);
        free(mpris->answers[i].failure);
    }
    free(mpris->answers);
    mpris->answers = NULL;
    mpris->answer_count = 0;
    free_playlist(&mpris->active);
    free_playlist(&mpris->published_active);
}
