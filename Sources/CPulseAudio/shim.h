#ifndef ADDMUSIC_CPULSEAUDIO_SHIM_H
#define ADDMUSIC_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>

/// PA_STREAM_IS_GOOD and PA_CONTEXT_IS_GOOD are function-like macros: whether a state can still become (or is) ready.
static inline int addmusic_pa_context_is_good(pa_context_state_t state) { return PA_CONTEXT_IS_GOOD(state); }
static inline int addmusic_pa_stream_is_good(pa_stream_state_t state) { return PA_STREAM_IS_GOOD(state); }

#endif
