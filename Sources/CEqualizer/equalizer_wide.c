#include "addmusic_equalizer.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Four bands of two channels a vector: lane pair p of group g is band 4g + p, (left, right). Each step every band
 * filters the frame the band before it filtered one step earlier (band k: frame step - k), so the groups are
 * independent within a step; each band is a biquad in transposed direct form II. */

enum { most_groups = 3, lanes = 8 };

struct addmusic_eq_wide {
    int groups;
    /* Per group: b0, b1, b2, a1, a2; then the state: the last output, z1, z2. */
    float coefficients[most_groups][5][lanes] __attribute__((aligned(32)));
    float state[most_groups][3][lanes] __attribute__((aligned(32)));
};

int addmusic_eq_wide_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

addmusic_eq_wide *addmusic_eq_wide_create(const float *coefficients, int bands) {
    if (bands < 1 || bands > most_groups * 4) return NULL;
    addmusic_eq_wide *cascade = aligned_alloc(32, sizeof(addmusic_eq_wide));
    if (!cascade) return NULL;
    memset(cascade, 0, sizeof *cascade);
    cascade->groups = (bands + 3) / 4;
    for (int group = 0; group < cascade->groups; group++) {
        for (int pair = 0; pair < 4; pair++) {
            int band = group * 4 + pair;
            /* Past the last band: one that passes its input through. */
            float pass[5] = {1, 0, 0, 0, 0};
            const float *source = band < bands ? coefficients + band * 5 : pass;
            for (int field = 0; field < 5; field++) {
                cascade->coefficients[group][field][pair * 2] = source[field];
                cascade->coefficients[group][field][pair * 2 + 1] = source[field];
            }
        }
    }
    return cascade;
}

void addmusic_eq_wide_free(addmusic_eq_wide *cascade) { free(cascade); }

/* One step of group `g`: `x` in, the new output, z1 and z2 out. */
__attribute__((target("avx2,fma"), always_inline)) static inline void step(
    __m256 x, __m256 b0, __m256 b1, __m256 b2, __m256 a1, __m256 a2, __m256 *out, __m256 *z1, __m256 *z2) {
    __m256 y = _mm256_fmadd_ps(b0, x, *z1);
    *z1 = _mm256_fnmadd_ps(a1, y, _mm256_fmadd_ps(b1, x, *z2));
    *z2 = _mm256_fnmadd_ps(a2, y, _mm256_mul_ps(b2, x));
    *out = y;
}

/* The input of a group: its outputs moved up a band, the lowest band fed `below` (pair 0 of `below`). */
__attribute__((target("avx2,fma"), always_inline)) static inline __m256 shifted(__m256 out, __m256d below) {
    __m256d rotated = _mm256_permute4x64_pd(_mm256_castps_pd(out), _MM_SHUFFLE(2, 1, 0, 3));
    return _mm256_castpd_ps(_mm256_blend_pd(rotated, below, 1));
}

/* Pair 3 of `out` moved to pair 0 (the last band's output, for the group after). */
__attribute__((target("avx2,fma"), always_inline)) static inline __m256d top(__m256 out) {
    return _mm256_permute4x64_pd(_mm256_castps_pd(out), _MM_SHUFFLE(3, 3, 3, 3));
}

__attribute__((target("avx2,fma"), always_inline)) static inline __m256d load_frame(
    const float *first, long frame, long frames, long stride, int paired) {
    if (frame >= frames) return _mm256_setzero_pd();
    const float *at = first + frame * stride;
    return _mm256_castps_pd(_mm256_setr_ps(at[0], paired ? at[1] : 0, 0, 0, 0, 0, 0, 0));
}

__attribute__((target("avx2,fma"), always_inline)) static inline void store_frame(
    float *first, long frame, long stride, int paired, __m256 out) {
    __m128 high = _mm256_extractf128_ps(out, 1);
    float *at = first + frame * stride;
    at[0] = _mm_cvtss_f32(_mm_movehl_ps(high, high));
    if (paired) at[1] = _mm_cvtss_f32(_mm_shuffle_ps(high, high, _MM_SHUFFLE(3, 3, 3, 3)));
}

/* The run for `groups` groups, each kept in registers. */
__attribute__((target("avx2,fma"), always_inline)) static inline void run(
    addmusic_eq_wide *cascade, const int groups, float *first, long frames, long stride, int paired) {
    __m256 b0[most_groups], b1[most_groups], b2[most_groups], a1[most_groups], a2[most_groups];
    __m256 out[most_groups], z1[most_groups], z2[most_groups];
    for (int g = 0; g < groups; g++) {
        b0[g] = _mm256_load_ps(cascade->coefficients[g][0]);
        b1[g] = _mm256_load_ps(cascade->coefficients[g][1]);
        b2[g] = _mm256_load_ps(cascade->coefficients[g][2]);
        a1[g] = _mm256_load_ps(cascade->coefficients[g][3]);
        a2[g] = _mm256_load_ps(cascade->coefficients[g][4]);
        out[g] = _mm256_load_ps(cascade->state[g][0]);
        z1[g] = _mm256_load_ps(cascade->state[g][1]);
        z2[g] = _mm256_load_ps(cascade->state[g][2]);
    }
    const long depth = groups * 4;
    const long steps = frames + depth - 1;
    for (long s = 0; s < steps; s++) {
        __m256d frame = load_frame(first, s, frames, stride, paired);
        /* Band k moves only while it has a frame (0 <= s - k < frames): the first and last steps of a call. */
        const int edge = s < depth - 1 || s >= frames;
        for (int g = groups - 1; g >= 0; g--) {
            __m256 x = shifted(out[g], g == 0 ? frame : top(out[g - 1]));
            __m256 y, n1 = z1[g], n2 = z2[g];
            step(x, b0[g], b1[g], b2[g], a1[g], a2[g], &y, &n1, &n2);
            if (edge) {
                float keep[lanes] __attribute__((aligned(32)));
                for (int pair = 0; pair < 4; pair++) {
                    long frameOfBand = s - (g * 4 + pair);
                    float moving = frameOfBand >= 0 && frameOfBand < frames ? -1.0f : 0.0f;
                    keep[pair * 2] = moving;
                    keep[pair * 2 + 1] = moving;
                }
                __m256 mask = _mm256_load_ps(keep);
                y = _mm256_blendv_ps(out[g], y, mask);
                n1 = _mm256_blendv_ps(z1[g], n1, mask);
                n2 = _mm256_blendv_ps(z2[g], n2, mask);
            }
            out[g] = y;
            z1[g] = n1;
            z2[g] = n2;
        }
        if (s >= depth - 1) store_frame(first, s - (depth - 1), stride, paired, out[groups - 1]);
    }
    for (int g = 0; g < groups; g++) {
        _mm256_store_ps(cascade->state[g][0], out[g]);
        _mm256_store_ps(cascade->state[g][1], z1[g]);
        _mm256_store_ps(cascade->state[g][2], z2[g]);
    }
}

__attribute__((target("avx2,fma"))) void addmusic_eq_wide_run(
    addmusic_eq_wide *cascade, float *first, long frames, long stride, int paired) {
    if (frames <= 0) return;
    switch (cascade->groups) {
    case 1: run(cascade, 1, first, frames, stride, paired); break;
    case 2: run(cascade, 2, first, frames, stride, paired); break;
    default: run(cascade, 3, first, frames, stride, paired); break;
    }
}

#else
/* Other processors have no wide path: the Swift wavefront runs the bands. */
int addmusic_eq_wide_available(void) { return 0; }
addmusic_eq_wide *addmusic_eq_wide_create(const float *coefficients, int bands) { return NULL; }
void addmusic_eq_wide_free(addmusic_eq_wide *cascade) {}
void addmusic_eq_wide_run(addmusic_eq_wide *cascade, float *first, long frames, long stride, int paired) {}
#endif
