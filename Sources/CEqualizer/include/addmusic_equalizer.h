#ifndef ADDMUSIC_EQUALIZER_H
#define ADDMUSIC_EQUALIZER_H

/* The equalizer's wide path: its bands over two interleaved channels as a wavefront of eight-lane vectors (four bands
 * of two channels each), with fused multiply-adds, for processors with AVX2 and FMA. Swift cannot compile one
 * function for a wider instruction set than the package's, so this small C target does, and the caller asks
 * `addmusic_eq_wide_available` first. The narrow path stays in Swift (`EqualizerPipeline`). */

#ifdef __cplusplus
extern "C" {
#endif

/* Whether this processor runs the wide path. */
int addmusic_eq_wide_available(void);

/* A cascade of `bands` (1 to 12) biquads for two channels; `coefficients` holds five floats a band, normalized by
 * a0: b0, b1, b2, a1, a2. NULL when out of memory or `bands` is out of range. */
typedef struct addmusic_eq_wide addmusic_eq_wide;
addmusic_eq_wide *addmusic_eq_wide_create(const float *coefficients, int bands);
void addmusic_eq_wide_free(addmusic_eq_wide *cascade);

/* Filters `frames` frames in place: the first channel at `first`, the second right after it when `paired`, a frame
 * every `stride` floats. Only call it when `addmusic_eq_wide_available()`. */
void addmusic_eq_wide_run(addmusic_eq_wide *cascade, float *first, long frames, long stride, int paired);

/* Multiplies `count` samples by `gain` in place and bends those past 0.9 of full scale smoothly towards it (never
 * past it): the equalizer's preamp and limit, in one pass (SSE; the bend only where a sample needs it). */
void addmusic_eq_gain_limit(float *samples, long count, float gain);

#ifdef __cplusplus
}
#endif

#endif
