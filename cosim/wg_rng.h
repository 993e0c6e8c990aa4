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

#endif
