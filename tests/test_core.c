/* test_core.c - frame bit access, parameter parsing and layout. */
#include <string.h>

#include "rfc.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_vtool.h"

static void bits(void)
{
	uint32_t w[4] = {0};
	wg_put(w, 30, 4, 0xf); /* straddles a word */
	CHECK(w[0] == 0xc0000000u && w[1] == 0x3u);
	CHECK(wg_get(w, 30, 4) == 0xf);
	CHECK(wg_get(w, 29, 6) == 0x1e);
	wg_put(w, 31, 1, 0);
	CHECK(wg_get(w, 30, 4) == 0xd);
	memset(w, 0, sizeof w);
	wg_put(w, 5, 64, UINT64_C(0x8000000000000001));
	CHECK(wg_get(w, 5, 64) == UINT64_C(0x8000000000000001));
	CHECK(wg_get(w, 0, 5) == 0 && wg_get(w, 69, 59) == 0); /* neighbours untouched */
	wg_put(w, 5, 64, ~UINT64_C(0));
	CHECK(w[0] == 0xffffffe0u && w[1] == 0xffffffffu && w[2] == 0x1fu);
	wg_put(w, 0, 3, 0xff); /* only n bits are written */
	CHECK(wg_get(w, 0, 8) == 0xe7);
	CHECK(wg_bit(w, 68) == 1 && wg_bit(w, 69) == 0);
	wg_setbit(w, 69, 1);
	CHECK(wg_bit(w, 69) == 1);
	uint32_t src[2] = {0x12345678u, 0x9u}, dst[4] = {0}, back[2] = {0};
	wg_copy_in(dst, 40, src, 36);
	CHECK(wg_get(dst, 40, 32) == 0x12345678u && wg_get(dst, 72, 4) == 0x9 && wg_get(dst, 76, 8) == 0);
	wg_copy_out(back, dst, 40, 36);
	CHECK(back[0] == src[0] && back[1] == src[1]);
	CHECK(wg_clog2(1) == 0 && wg_clog2(2) == 1 && wg_clog2(6) == 3 && wg_clog2(8) == 3 && wg_clog2(9) == 4);
	CHECK(wg_idxw(1) == 1 && wg_idxw(8) == 3);
	CHECK(wg_popc64(0) == 0 && wg_popc64(~UINT64_C(0)) == 64 && wg_popc64(UINT64_C(0x8000000000000001)) == 2);
	int popc_ok = 1; /* the SWAR count against one bit at a time, on a xorshift sequence */
	for (uint64_t x = UINT64_C(0x9e3779b97f4a7c15), i = 0; i < 1000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		unsigned n = 0;
		for (int b = 0; b < 64; b++)
			n += (unsigned)(x >> b) & 1u;
		popc_ok &= wg_popc64(x) == n && wg_popc64(x & 0xffffu) == n - wg_popc64(x & ~UINT64_C(0xffff));
	}
	CHECK(popc_ok);
}

static void params(void)
{
	const wg_block *b = &wg_block_rfc;
	long p[WG_MAX_PARAMS];
	char err[256], name[256];
	wg_params_default(b, p);
	CHECK(p[RFC_P_ENTRIES] == 6 && p[RFC_P_ACTIVE_WARPS] == 8);
	CHECK(wg_params_check(b, p, err, sizeof err) == NULL);
	wg_config_name(b, p, 1, name, sizeof name);
	CHECK(strcmp(name, "default") == 0);
	CHECK(wg_param_set(b, p, "ENTRIES=4", err, sizeof err) == NULL && p[RFC_P_ENTRIES] == 4);
	CHECK(wg_param_set(b, p, "ENTRIES=0x8", err, sizeof err) == NULL && p[RFC_P_ENTRIES] == 8);
	CHECK(wg_param_set(b, p, "REPLACEMENT=LRU", err, sizeof err) == NULL && p[RFC_P_REPLACEMENT] == RFC_LRU);
	wg_config_name(b, p, 1, name, sizeof name);
	CHECK(strcmp(name, "ENTRIES-8_REPLACEMENT-LRU") == 0);
	wg_config_name(b, p, 0, name, sizeof name);
	CHECK(strcmp(name, "ENTRIES=8 REPLACEMENT=LRU") == 0);
	/* both sides of each boundary */
	CHECK(wg_param_set(b, p, "ENTRIES=16", err, sizeof err) == NULL);
	CHECK(wg_param_set(b, p, "ENTRIES=17", err, sizeof err) != NULL && strstr(err, "legal range 1..16"));
	CHECK(wg_param_set(b, p, "ENTRIES=1", err, sizeof err) == NULL);
	CHECK(wg_param_set(b, p, "ENTRIES=0", err, sizeof err) != NULL);
	CHECK(wg_param_set(b, p, "ENTRIES=-1", err, sizeof err) != NULL);
	CHECK(wg_param_set(b, p, "ENTRIES=4x", err, sizeof err) != NULL && strstr(err, "not a number"));
	CHECK(wg_param_set(b, p, "ENTRIES=", err, sizeof err) != NULL);
	CHECK(wg_param_set(b, p, "=4", err, sizeof err) != NULL);
	CHECK(wg_param_set(b, p, "ENTRIES=99999999999999999999", err, sizeof err) != NULL);
	CHECK(wg_param_set(b, p, "NOPE=1", err, sizeof err) != NULL && strstr(err, "unknown parameter NOPE"));
	CHECK(wg_param_set(b, p, "REPLACEMENT=fifo", err, sizeof err) != NULL && strstr(err, "FIFO|LRU"));
	wg_params_default(b, p);
	p[RFC_P_WARPS] = 8;
	p[RFC_P_ACTIVE_WARPS] = 8;
	CHECK(wg_params_check(b, p, err, sizeof err) == NULL);
	p[RFC_P_ACTIVE_WARPS] = 9;
	CHECK(wg_params_check(b, p, err, sizeof err) != NULL && strstr(err, "ACTIVE_WARPS=9"));
	wg_params_default(b, p);
	p[RFC_P_ACTIVE_WARPS] = 32, p[RFC_P_ENTRIES] = 8; /* exactly the data-bit limit */
	CHECK(wg_params_check(b, p, err, sizeof err) == NULL);
	p[RFC_P_ENTRIES] = 9;
	CHECK(wg_params_check(b, p, err, sizeof err) != NULL && strstr(err, "262144"));
}

static void layout(void)
{
	const wg_block *b = &wg_block_rfc;
	long p[WG_MAX_PARAMS];
	wg_layout L;
	wg_params_default(b, p);
	wg_layout_init(&L, b, p);
	CHECK(L.width[RFC_WR_DATA_I] == 32 * 32);
	CHECK(L.width[RFC_RD_DATA_O] == 3 * 32 * 32);
	CHECK(L.width[RFC_LU_SLOT_I] == 3 && L.width[RFC_WR_WARP_I] == 5);
	CHECK(L.off[RFC_RST_I] == 0 && L.off[RFC_LU_VALID_I] == 1);
	CHECK(L.ev_port == RFC_EV_O);
	CHECK(L.ev_w[RFC_EV_TAG_LOOKUP] == 2 && L.ev_w[RFC_EV_FLUSH_WB] == 1);
	CHECK(L.ev_lsb[RFC_EV_RFC_READ] == 6);
	CHECK(L.width[RFC_EV_O] == 4 * 2 + 4);
	int words_in = 0;
	for (int i = 0; i < b->nports; i++)
		if (b->ports[i].dir == WG_IN)
			words_in += (L.width[i] + 31) / 32;
	CHECK(L.nwords[WG_IN] == words_in);
	/* storage: 8*6*1024 data + 48*(1+6+1+3) tags + 8*(2+5) slots + 3*3*(1+3+3) pipe */
	CHECK(b->storage_bits(p) == 49152 + 48 * 11 + 8 * 7 + 9 * 7);
	p[RFC_P_ENTRIES] = 1, p[RFC_P_LIVENESS] = 0; /* no rank/index bits, no dead bit */
	CHECK(b->storage_bits(p) == 8 * 1024 + 8 * 7 + 8 * 7 + 9 * 4);
}

static void hashing(void)
{
	/* FNV-1a 64 over parts, each closed by a NUL: cache keys of parts never collide by shifting */
	uint64_t h = wg_fnv_part(WG_FNV_INIT, "", 0);
	CHECK(h == ((WG_FNV_INIT ^ 0) * 0x100000001b3ULL));
	CHECK(wg_fnv_part(wg_fnv_part(WG_FNV_INIT, "ab", 2), "c", 1) !=
	      wg_fnv_part(wg_fnv_part(WG_FNV_INIT, "a", 1), "bc", 2));
	CHECK(wg_fnv_part(WG_FNV_INIT, "rfc", 3) == wg_fnv_part(WG_FNV_INIT, "rfc", 3));
}

int main(void)
{
	bits();
	hashing();
	params();
	layout();
	return wg_check_done();
}
