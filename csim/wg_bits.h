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

/* Write the low n bits (0 < n <= 64) of v at bit lsb of w. */
static inline void wg_put(uint32_t *w, unsigned lsb, unsigned n, uint64_t v)
{
	if ((lsb & 31u) + n <= 32u) { /* within one word: the common case */
		uint32_t mask = (uint32_t)wg_ones64(n) << (lsb & 31u);
		w[lsb >> 5] = (w[lsb >> 5] & ~mask) | (((uint32_t)v << (lsb & 31u)) & mask);
		return;
	}
	unsigned done = 0;
	while (done < n) {
		unsigned bit = lsb + done, off = bit & 31u, take = 32u - off;
		if (take > n - done)
			take = n - done;
		uint32_t mask = take == 32u ? 0xffffffffu : ((1u << take) - 1u) << off;
		uint32_t part = (uint32_t)(v >> done) << off;
		w[bit >> 5] = (w[bit >> 5] & ~mask) | (part & mask);
		done += take;
	}
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

/* Number of set bits of x. */
static inline unsigned wg_popc64(uint64_t x)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_popcountll((unsigned long long)x);
#else
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
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
