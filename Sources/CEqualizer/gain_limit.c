#include "addmusic_equalizer.h"

#include <math.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

/* `value` as it is up to 0.9 of full scale, then bent towards full scale with a hyperbolic tangent. */
static float limited(float value) {
    float magnitude = fabsf(value);
    if (magnitude <= 0.9f) return value;
    float bent = 0.9f + 0.1f * tanhf((magnitude - 0.9f) / 0.1f);
    return value < 0 ? -bent : bent;
}

void addmusic_eq_gain_limit(float *samples, long count, float gain) {
    long index = 0;
    float loudest = 0;
#if defined(__x86_64__) || defined(__i386__)
    const __m128 factor = _mm_set1_ps(gain);
    const __m128 magnitudeMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    __m128 peak = _mm_setzero_ps();
    for (; index + 4 <= count; index += 4) {
        __m128 value = _mm_mul_ps(_mm_loadu_ps(samples + index), factor);
        _mm_storeu_ps(samples + index, value);
        peak = _mm_max_ps(peak, _mm_and_ps(value, magnitudeMask));
    }
    float most[4];
    _mm_storeu_ps(most, peak);
    loudest = fmaxf(fmaxf(most[0], most[1]), fmaxf(most[2], most[3]));
#endif
    for (; index < count; index++) {
        samples[index] *= gain;
        loudest = fmaxf(loudest, fabsf(samples[index]));
    }
    /* Nearly always nothing is past the bend (or a NaN, which passes through as it is). */
    if (!(loudest > 0.9f)) return;
    for (long at = 0; at < count; at++) samples[at] = limited(samples[at]);
}
