/* rename_kernel_check.c - rnk_check (rename_kernel.h): the self-check of a
 * synthetic kernel's release hints, static (every pir bit and pbr entry names
 * a renamable register, a pir bit is on the last slot reading it) and dynamic
 * (warps walked by the walker of rename_kernel.c: no read after a release, no
 * lane read whose value was released). */
#include <stdio.h>
#include <string.h>

#include "rename_kernel.h"
#include "wg_bits.h"

#define RB(r) ((uint64_t)1 << (r))
#define RNK_FULL 0xffffffffu

static const char *ck_static(const rnk_kernel *k, char *err, size_t n)
{
	int R = k->nregs - k->nexempt;
	for (int i = 0; i < k->ninsns; i++) {
		const rnk_insn *in = &k->insn[i];
		for (int j = 0; j < 3; j++) {
			if (!(in->rel & (1u << j)))
				continue;
			int r = in->src[j];
			if (r == RNK_NONE || r >= R || r == in->dst) {
				snprintf(err, n, "rn_kernel check: insn %d slot %d releases r%d (dst %d, R %d)",
					 i, j, r, in->dst, R);
				return err;
			}
			for (int j2 = j + 1; j2 < 3; j2++)
				if (in->src[j2] == r) {
					snprintf(err, n, "rn_kernel check: insn %d releases r%d in slot %d, "
							 "not its last slot %d", i, r, j, j2);
					return err;
				}
		}
		if (in->rel >> 3) {
			snprintf(err, n, "rn_kernel check: insn %d rel 0x%x", i, in->rel);
			return err;
		}
	}
	for (int b = 0; b < k->nblocks; b++)
		for (int q = 0; q < k->block[b].npbr; q++)
			if (k->block[b].pbr[q] >= R) {
				snprintf(err, n, "rn_kernel check: block %d pbr lists r%d (R %d)", b,
					 k->block[b].pbr[q], R);
				return err;
			}
	return NULL;
}

const char *rnk_check(const rnk_kernel *k, int warps, uint64_t seed, rnk_dstats *st, char *err,
		      size_t n)
{
	rnk_dstats z;
	if (!st)
		st = &z;
	memset(st, 0, sizeof *st);
	const char *e = ck_static(k, err, n);
	if (e)
		return e;
	int N = k->nregs, R = N - k->nexempt;
	for (int w = 0; w < warps; w++) {
		rnk_walker wk;
		rnk_event ev;
		uint64_t mapped = 0;
		uint32_t valid[64] = {0};
		uint64_t payload = 0;
		int slot = -1, nexit = 0;
		rnk_walk_init(&wk, k, seed, w);
		for (long steps = 0;; steps++) {
			if (steps > 100000000L) {
				snprintf(err, n, "rn_kernel check: warp %d: walk does not end", w);
				return err;
			}
			rnk_walk_next(&wk, &ev);
			if (ev.kind == RNK_EV_END)
				break;
			if (nexit) {
				snprintf(err, n, "rn_kernel check: warp %d: event %d after EXIT", w, ev.kind);
				return err;
			}
			if (ev.kind == RNK_EV_PBR) {
				st->pbr_words++;
				for (int q = 0; q < 9; q++) {
					int r = ev.reg[q];
					if (r == RNK_NONE)
						continue;
					if (r >= R) {
						snprintf(err, n, "rn_kernel check: warp %d: pbr lists r%d (R %d)", w, r, R);
						return err;
					}
					st->pbr_regs++;
					if (mapped & RB(r)) {
						mapped &= ~RB(r);
						valid[r] = 0;
						st->rel_pbr++;
					} else {
						st->pbr_noop++;
					}
				}
			} else if (ev.kind == RNK_EV_PIR) {
				st->pir_words++;
				if (ev.flags >> 54) {
					snprintf(err, n, "rn_kernel check: pir payload wider than 54 bits");
					return err;
				}
				payload = ev.flags;
				slot = 0;
			} else if (ev.kind == RNK_EV_INSN) {
				st->insns++;
				if (ev.insn < 0 || ev.insn >= k->ninsns || slot < 0 || slot >= RNK_CHUNK) {
					snprintf(err, n, "rn_kernel check: warp %d: insn %d without a pir (slot %d)", w,
						 ev.insn, slot);
					return err;
				}
				const rnk_insn *in = &k->insn[ev.insn];
				if (((payload >> (3 * slot)) & 7) != rnk_sent_rel(k, ev.insn)) {
					snprintf(err, n, "rn_kernel check: insn %d: pir slot %d flags %d, insn rel %d",
						 ev.insn, slot, (int)((payload >> (3 * slot)) & 7), rnk_sent_rel(k, ev.insn));
					return err;
				}
				slot++;
				uint32_t m = wk.mask;
				if (!m || (!in->partial && in->dst != RNK_NONE && m != RNK_FULL)) {
					snprintf(err, n, "rn_kernel check: warp %d insn %d: full write with lanes %08x",
						 w, ev.insn, m);
					return err;
				}
				for (int j = 0; j < 3; j++) {
					int r = in->src[j];
					if (r == RNK_NONE)
						continue;
					if (r < R && !(mapped & RB(r))) {
						snprintf(err, n, "rn_kernel check: warp %d insn %d reads r%d after its "
								 "release (or before any write)", w, ev.insn, r);
						return err;
					}
					if ((valid[r] & m) != m) {
						snprintf(err, n, "rn_kernel check: warp %d insn %d reads r%d in lanes "
								 "%08x whose value was released or never written", w,
							 ev.insn, r, m & ~valid[r]);
						return err;
					}
				}
				for (int j = 0; j < 3; j++)
					if ((in->rel & (1u << j)) && (mapped & RB(in->src[j]))) {
						mapped &= ~RB(in->src[j]);
						valid[in->src[j]] = 0;
						st->rel_pir++;
					}
				int d = in->dst;
				if (d != RNK_NONE) {
					if (d < R && !(mapped & RB(d))) {
						mapped |= RB(d);
						st->allocs++;
					}
					valid[d] = in->partial ? (valid[d] | m) : m;
				}
			} else if (ev.kind == RNK_EV_EXIT) {
				nexit++;
				st->swept += (long)wg_popc64(mapped);
			} else {
				snprintf(err, n, "rn_kernel check: unknown event %d", ev.kind);
				return err;
			}
		}
		if (nexit != 1) {
			snprintf(err, n, "rn_kernel check: warp %d: %d EXIT events", w, nexit);
			return err;
		}
		st->branches += wk.branches;
		st->diverged += wk.diverged;
	}
	return NULL;
}
