/* wg_bits.h - bit-field access on port frames.
 *
 * A frame is an array of 32-bit words holding every input (or every output)
 * port of a block, each port starting on a word boundary (see wg_layout).
 * Bit i of a port is bit (i % 32) of word (i / 32) of that port. Bits above a
 * port's width are always zero. */
#ifndef WG_BITS_H
#define WG_BITS_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The low n bits set (0 <= n <= 64). */
static inline uint64_t wg_ones64(long n)
{
	return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

/* Read n bits (0 < n <= 64) starting at bit lsb of w: at most three words,
 * each read only when one of the n bits is in it. */
static inline uint64_t wg_get(const uint32_t *w, unsigned lsb, unsigned n)
{
	unsigned i = lsb >> 5, o = lsb & 31u;
	uint64_t v = w[i] >> o;
	if (n > 32u - o)
		v |= (uint64_t)w[i + 1] << (32u - o);
	if (n > 64u - o)
		v |= (uint64_t)w[i + 2] << (64u - o);
	return v & wg_ones64(n);
}

/* Write the low n bits (0 < n <= 64) of v at bit lsb of w: at most three
 * words, each written only when one of the n bits is in it. */
static inline void wg_put(uint32_t *w, unsigned lsb, unsigned n, uint64_t v)
{
	unsigned i = lsb >> 5, o = lsb & 31u;
	uint64_t m = wg_ones64(n);
	w[i] = (w[i] & ~(uint32_t)(m << o)) | ((uint32_t)(v << o) & (uint32_t)(m << o));
	if (n > 32u - o) {
		w[i + 1] = (w[i + 1] & ~(uint32_t)(m >> (32u - o))) | ((uint32_t)(v >> (32u - o)) & (uint32_t)(m >> (32u - o)));
		if (n > 64u - o)
			w[i + 2] = (w[i + 2] & ~(uint32_t)(m >> (64u - o))) |
				   ((uint32_t)(v >> (64u - o)) & (uint32_t)(m >> (64u - o)));
	}
}

/* A writer of consecutive fields from bit 0 of p onward, a word at a time
 * (n fields in one pass instead of n wg_put calls: a per-warp port packed
 * every cycle). wg_bitw_put appends the low w bits (w <= 32) of v;
 * wg_bitw_end writes the last partial word, keeping its bits past the end. */
typedef struct wg_bitw {
	uint32_t *p;  /* the next word to write */
	uint64_t acc; /* bits not yet written, from bit 0 */
	unsigned nb;  /* how many */
} wg_bitw;

static inline void wg_bitw_put(wg_bitw *b, unsigned w, uint64_t v)
{
	b->acc |= (v & wg_ones64(w)) << b->nb;
	b->nb += w;
	if (b->nb >= 32) {
		*b->p++ = (uint32_t)b->acc;
		b->acc >>= 32;
		b->nb -= 32;
	}
}

static inline void wg_bitw_end(wg_bitw *b)
{
	if (b->nb)
		*b->p = (*b->p & ~(uint32_t)wg_ones64(b->nb)) | (uint32_t)b->acc;
}

static inline unsigned wg_bit(const uint32_t *w, unsigned i)
{
	return (w[i >> 5] >> (i & 31u)) & 1u;
}

static inline void wg_setbit(uint32_t *w, unsigned i, unsigned v)
{
	uint32_t m = 1u << (i & 31u);
	w[i >> 5] = v ? (w[i >> 5] | m) : (w[i >> 5] & ~m);
}

/* Copy n bits from src (starting at bit 0) to dst at bit lsb. */
static inline void wg_copy_in(uint32_t *dst, unsigned lsb, const uint32_t *src, unsigned n)
{
	if ((lsb & 31u) == 0 && (n & 31u) == 0) {
		memcpy(dst + (lsb >> 5), src, (n >> 5) * sizeof *src);
		return;
	}
	for (unsigned i = 0; i < n; i += 32)
		wg_put(dst, lsb + i, n - i < 32 ? n - i : 32, src[i >> 5]);
}

/* Copy n bits of src starting at bit lsb into dst (starting at bit 0). */
static inline void wg_copy_out(uint32_t *dst, const uint32_t *src, unsigned lsb, unsigned n)
{
	if ((lsb & 31u) == 0 && (n & 31u) == 0) {
		memcpy(dst, src + (lsb >> 5), (n >> 5) * sizeof *src);
		return;
	}
	for (unsigned i = 0; i < n; i += 32)
		dst[i >> 5] = (uint32_t)wg_get(src, lsb + i, n - i < 32 ? n - i : 32);
}

/* Index of the lowest set bit of x (x != 0). */
static inline unsigned wg_ctz64(uint64_t x)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_ctzll((unsigned long long)x);
#else
	unsigned n = 0;
	while (!(x & 1u))
		x >>= 1, n++;
	return n;
#endif
}

/* Number of set bits of x: the machine's instruction when the build targets
 * it (-mpopcnt), else a SWAR count (a dozen operations inline, where
 * __builtin_popcountll calls libgcc's __popcountdi2; issue 29). The C models
 * and the co-simulation count bits with this, not the builtin (a 32-bit
 * value too: zero-extended, same count). */
static inline unsigned wg_popc64(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
	return (unsigned)__builtin_popcountll((unsigned long long)x);
#else
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* ceil(log2(n)) for n >= 1; 0 for n == 1 (same as Verilog $clog2). */
static inline unsigned wg_clog2(unsigned long n)
{
	unsigned b = 0;
	while ((1ul << b) < n)
		b++;
	return b;
}

/* Width of an index field that must be at least one bit wide (port widths). */
static inline unsigned wg_idxw(unsigned long n)
{
	unsigned b = wg_clog2(n);
	return b ? b : 1u;
}

#ifdef __cplusplus
}
#endif

#endif
