// Written by scripts/lazy-functions from the objects that call them and the libraries' headers: run it again, rather
// than editing this, when the audio output calls a function of libpulse it did not call before.
#ifndef ADDMUSIC_PULSE_FUNCTIONS_H
#define ADDMUSIC_PULSE_FUNCTIONS_H

// Each function: its library, (its return type,) its name, its parameters and the arguments that pass them
// on. R returns a value; V returns nothing.
#define PULSE_FUNCTIONS(R, V)                                                                                         \
    R(PULSE, pa_channel_map *, pa_channel_map_init_extend,                                                             \
      (pa_channel_map *m, unsigned int channels, pa_channel_map_def_t def),                                            \
      (m, channels, def))                                                                                              \
    R(PULSE, int, pa_context_connect,                                                                                  \
      (pa_context *c, const char *server, pa_context_flags_t flags, const pa_spawn_api *api),                          \
      (c, server, flags, api))                                                                                         \
    V(PULSE, pa_context_disconnect, (pa_context *c), (c))                                                              \
    R(PULSE, int, pa_context_errno, (const pa_context *c), (c))                                                        \
    R(PULSE, pa_operation *, pa_context_get_sink_info_by_index,                                                        \
      (pa_context *c, uint32_t idx, pa_sink_info_cb_t cb, void *userdata),                                             \
      (c, idx, cb, userdata))                                                                                          \
    R(PULSE, pa_operation *, pa_context_get_sink_input_info,                                                           \
      (pa_context *c, uint32_t idx, pa_sink_input_info_cb_t cb, void *userdata),                                       \
      (c, idx, cb, userdata))                                                                                          \
    R(PULSE, pa_operation *, pa_context_get_sink_input_info_list,                                                      \
      (pa_context *c, pa_sink_input_info_cb_t cb, void *userdata),                                                     \
      (c, cb, userdata))                                                                                               \
    R(PULSE, pa_context_state_t, pa_context_get_state, (const pa_context *c), (c))                                     \
    R(PULSE, pa_context *, pa_context_new_with_proplist,                                                               \
      (pa_mainloop_api *mainloop, const char *name, const pa_proplist *proplist),                                      \
      (mainloop, name, proplist))                                                                                      \
    R(PULSE, pa_operation *, pa_context_set_sink_input_volume,                                                         \
      (pa_context *c, uint32_t idx, const pa_cvolume *volume, pa_context_success_cb_t cb, void *userdata),             \
      (c, idx, volume, cb, userdata))                                                                                  \
    V(PULSE, pa_context_set_state_callback,                                                                            \
      (pa_context *c, pa_context_notify_cb_t cb, void *userdata),                                                      \
      (c, cb, userdata))                                                                                               \
    V(PULSE, pa_context_set_subscribe_callback,                                                                        \
      (pa_context *c, pa_context_subscribe_cb_t cb, void *userdata),                                                   \
      (c, cb, userdata))                                                                                               \
    R(PULSE, pa_operation *, pa_context_subscribe,                                                                     \
      (pa_context *c, pa_subscription_mask_t m, pa_context_success_cb_t cb, void *userdata),                           \
      (c, m, cb, userdata))                                                                                            \
    V(PULSE, pa_context_unref, (pa_context *c), (c))                                                                   \
    R(PULSE, pa_cvolume *, pa_cvolume_set, (pa_cvolume *a, unsigned int channels, pa_volume_t v), (a, channels, v))    \
    R(PULSE, struct timeval *, pa_gettimeofday, (struct timeval *tv), (tv))                                            \
    V(PULSE, pa_operation_cancel, (pa_operation *o), (o))                                                              \
    R(PULSE, pa_operation_state_t, pa_operation_get_state, (const pa_operation *o), (o))                               \
    V(PULSE, pa_operation_unref, (pa_operation *o), (o))                                                               \
    V(PULSE, pa_proplist_free, (pa_proplist *p), (p))                                                                  \
    R(PULSE, const char *, pa_proplist_gets, (const pa_proplist *p, const char *key), (p, key))                        \
    R(PULSE, pa_proplist *, pa_proplist_new, (void), ())                                                               \
    R(PULSE, int, pa_proplist_sets, (pa_proplist *p, const char *key, const char *value), (p, key, value))             \
    R(PULSE, int, pa_stream_connect_playback,                                                                          \
      (pa_stream *s, const char *dev, const pa_buffer_attr *attr, pa_stream_flags_t flags, const pa_cvolume *volume,   \
       pa_stream *sync_stream),                                                                                        \
      (s, dev, attr, flags, volume, sync_stream))                                                                      \
    R(PULSE, pa_operation *, pa_stream_cork,                                                                           \
      (pa_stream *s, int b, pa_stream_success_cb_t cb, void *userdata),                                                \
      (s, b, cb, userdata))                                                                                            \
    R(PULSE, int, pa_stream_disconnect, (pa_stream *s), (s))                                                           \
    R(PULSE, pa_operation *, pa_stream_drain,                                                                          \
      (pa_stream *s, pa_stream_success_cb_t cb, void *userdata),                                                       \
      (s, cb, userdata))                                                                                               \
    R(PULSE, pa_operation *, pa_stream_flush,                                                                          \
      (pa_stream *s, pa_stream_success_cb_t cb, void *userdata),                                                       \
      (s, cb, userdata))                                                                                               \
    R(PULSE, uint32_t, pa_stream_get_device_index, (const pa_stream *s), (s))                                          \
    R(PULSE, const char *, pa_stream_get_device_name, (const pa_stream *s), (s))                                       \
    R(PULSE, uint32_t, pa_stream_get_index, (const pa_stream *s), (s))                                                 \
    R(PULSE, int, pa_stream_get_latency, (pa_stream *s, pa_usec_t *r_usec, int *negative), (s, r_usec, negative))      \
    R(PULSE, pa_stream_state_t, pa_stream_get_state, (const pa_stream *p), (p))                                        \
    R(PULSE, int, pa_stream_is_corked, (const pa_stream *s), (s))                                                      \
    R(PULSE, pa_stream *, pa_stream_new_with_proplist,                                                                 \
      (pa_context *c, const char *name, const pa_sample_spec *ss, const pa_channel_map *map, pa_proplist *p),          \
      (c, name, ss, map, p))                                                                                           \
    V(PULSE, pa_stream_set_event_callback, (pa_stream *p, pa_stream_event_cb_t cb, void *userdata), (p, cb, userdata))  \
    V(PULSE, pa_stream_set_moved_callback,                                                                             \
      (pa_stream *p, pa_stream_notify_cb_t cb, void *userdata),                                                        \
      (p, cb, userdata))                                                                                               \
    V(PULSE, pa_stream_set_state_callback,                                                                             \
      (pa_stream *s, pa_stream_notify_cb_t cb, void *userdata),                                                        \
      (s, cb, userdata))                                                                                               \
    V(PULSE, pa_stream_set_write_callback,                                                                             \
      (pa_stream *p, pa_stream_request_cb_t cb, void *userdata),                                                       \
      (p, cb, userdata))                                                                                               \
    V(PULSE, pa_stream_unref, (pa_stream *s), (s))                                                                     \
    R(PULSE, size_t, pa_stream_writable_size, (const pa_stream *p), (p))                                               \
    R(PULSE, int, pa_stream_write,                                                                                     \
      (pa_stream *p, const void *data, size_t nbytes, pa_free_cb_t free_cb, int64_t offset, pa_seek_mode_t seek),      \
      (p, data, nbytes, free_cb, offset, seek))                                                                        \
    R(PULSE, const char *, pa_strerror, (int error), (error))                                                          \
    R(PULSE, pa_volume_t, pa_sw_volume_from_linear, (double v), (v))                                                   \
    V(PULSE, pa_threaded_mainloop_free, (pa_threaded_mainloop *m), (m))                                                \
    R(PULSE, pa_mainloop_api *, pa_threaded_mainloop_get_api, (pa_threaded_mainloop *m), (m))                          \
    R(PULSE, int, pa_threaded_mainloop_in_thread, (pa_threaded_mainloop *m), (m))                                      \
    V(PULSE, pa_threaded_mainloop_lock, (pa_threaded_mainloop *m), (m))                                                \
    R(PULSE, pa_threaded_mainloop *, pa_threaded_mainloop_new, (void), ())                                             \
    V(PULSE, pa_threaded_mainloop_set_name, (pa_threaded_mainloop *m, const char *name), (m, name))                    \
    V(PULSE, pa_threaded_mainloop_signal, (pa_threaded_mainloop *m, int wait_for_accept), (m, wait_for_accept))        \
    R(PULSE, int, pa_threaded_mainloop_start, (pa_threaded_mainloop *m), (m))                                          \
    V(PULSE, pa_threaded_mainloop_stop, (pa_threaded_mainloop *m), (m))                                                \
    V(PULSE, pa_threaded_mainloop_unlock, (pa_threaded_mainloop *m), (m))                                              \
    V(PULSE, pa_threaded_mainloop_wait, (pa_threaded_mainloop *m), (m))                                                \
    R(PULSE, struct timeval *, pa_timeval_add, (struct timeval *tv, pa_usec_t v), (tv, v))

#endif
