/* wg_rng.h - the stimulus generators' random numbers: xorshift64* (Vigna),
 * one 64-bit state, deterministic for a given seed on every platform. */
#ifndef WG_RNG_H
#define WG_RNG_H

#include <stdint.h>

/* A non-zero state from any seed. */
static inline uint64_t wg_rng_seed(uint64_t seed)
{
	uint64_t x = seed * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x632BE59BD9B4E019);
	return x ? x : 1;
}

/* The next 64 random bits; advances *s. */
static inline uint64_t wg_rng_next(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * UINT64_C(2685821657736338717);
}

/* A mask of the bits of `within`, each set with probability pct %: one draw
 * per bit position up to the highest bit of `within`. */
static inline uint64_t wg_rng_mask(uint64_t *s, int pct, uint64_t within)
{
	uint64_t x = 0;
	for (int b = 0; b < 64 && (within >> b); b++)
		if ((int)(wg_rng_next(s) % 100) < pct)
			x |= UINT64_C(1) << b;
	return x & within;
}

#endif
