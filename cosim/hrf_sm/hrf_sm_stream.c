/* hrf_sm_stream.c - per-warp instruction streams with register lifetimes
 * (hrf_sm_stream.h; docs/hrf_sm.md "Streams").
 *
 * Generation keeps the warp's live values (written, not yet dead) in write
 * order. Each new value gets its number of reads when written: 1 (70 %: P1
 * §4.1.2.2 quoting [4], "70 % of register values are read only once"), 2
 * (20 %) or 3..6 (10 %). An ALU instruction reads 0..2 live values, or 2..3
 * when the live values reach the profile's target share of the registers (then
 * its first source is read for the last time, so the live count hovers at the
 * target); a load reads one (its address). A source is the most recently
 * written live value with probability 1/2 (dependences close by: a load's
 * consumer follows it), else a uniform one. The destination is a register
 * with no live value. Invariant before each instruction: at least one free
 * register (live + pending-release <= regs - 1), kept by forcing a last use
 * (an ALU instruction's first source, a load's address) when only one is
 * free or the live values reach the target, and by ending a divergent region
 * when at most two are. */
#include "hrf_sm_stream.h"

#include <stdio.h>
#include <string.h>

#include "wg_kit.h"

#define HXS_REGION_MIN 2
#define HXS_REGION_SPAN 5 /* regions of 2..6 instructions, 4 on average */

typedef struct gen_state {
	uint64_t rng;
	int regs;
	uint8_t live[HXS_MAX_REGS];   /* live registers in write order */
	int nlive;
	uint8_t rem[HXS_MAX_REGS + 1]; /* reads left of the register's value */
	uint8_t nread[HXS_MAX_REGS + 1]; /* reads so far of the register's value */
	uint64_t livemask;
	uint64_t pend;                /* last uses inside the open region, released at its end */
} gen_state;

static void drop_live(gen_state *g, int idx)
{
	int r = g->live[idx];
	memmove(&g->live[idx], &g->live[idx + 1], (size_t)(g->nlive - idx - 1));
	g->nlive--;
	g->livemask &= ~(UINT64_C(1) << r);
}

/* Read one live value not in `taken`; force: its last read. Returns the register. */
static int read_one(gen_state *g, uint64_t taken, int force, int in_region, hxs_insn *in, int slot, hxs_sum *sum)
{
	int cand[HXS_MAX_REGS], nc = 0;
	for (int i = 0; i < g->nlive; i++)
		if (!((taken >> g->live[i]) & 1))
			cand[nc++] = i;
	int idx = wg_pct(&g->rng, 50) ? cand[nc - 1] : cand[wg_pick(&g->rng, nc)];
	int r = g->live[idx];
	in->src[slot] = (uint8_t)r;
	if (force)
		g->rem[r] = 1;
	g->rem[r]--;
	g->nread[r]++;
	if (sum)
		sum->reads++;
	if (g->rem[r] == 0) {
		if (sum) {
			sum->last++;
			sum->once += g->nread[r] == 1;
		}
		if (in_region)
			g->pend |= UINT64_C(1) << r;
		else
			in->last |= (uint8_t)(1u << slot);
		drop_live(g, idx);
	}
	return r;
}

static uint8_t draw_reads(gen_state *g)
{
	long d = wg_pick(&g->rng, 100);
	if (d < 70)
		return 1;
	if (d < 90)
		return 2;
	return (uint8_t)(3 + wg_pick(&g->rng, 4));
}

void hxs_gen(const hxp_profile *p, int ilen, uint64_t seed, long blk, int j, hxs_insn *out, hxs_sum *sum)
{
	gen_state g;
	memset(&g, 0, sizeof g);
	g.rng = wg_rng_seed(seed ^ wg_rng_seed((uint64_t)blk * 64u + (uint64_t)j + 1u));
	g.regs = p->regs;
	if (sum)
		memset(sum, 0, sizeof *sum);
	int target = p->regs * p->live_pct / 100;
	if (target > p->regs - 2)
		target = p->regs - 2;
	if (target < 1)
		target = 1;
	/* region starts per mille, so that about div_pct % of the instructions are inside one */
	long start_pm = p->div_pct <= 0 ? 0 : (1000L * p->div_pct) / (4L * (100 - p->div_pct));
	int region_left = 0;
	for (int i = 0; i < ilen; i++) {
		hxs_insn *in = &out[i];
		memset(in, 0, sizeof *in);
		in->dst = in->src[0] = in->src[1] = in->src[2] = HXS_NONE;
		int free_n = g.regs - g.nlive - (int)wg_popc64(g.pend);
		if (region_left > 0 && free_n <= 2)
			region_left = 0;
		if (region_left == 0 && g.pend) {
			in->rel = g.pend;
			g.pend = 0;
			free_n = g.regs - g.nlive;
		}
		int load = 0;
		if (region_left == 0 && !in->rel && free_n > 3 && start_pm && wg_pick(&g.rng, 1000) < start_pm)
			region_left = HXS_REGION_MIN + (int)wg_pick(&g.rng, HXS_REGION_SPAN);
		int in_region = region_left > 0;
		if (in_region) {
			region_left--;
			in->div = 1;
		} else {
			load = wg_pct(&g.rng, p->ld_pct);
		}
		in->kind = load ? HXS_LOAD : HXS_ALU;
		/* the destination: a register with no value (chosen before the reads free any) */
		uint64_t busy = g.livemask | g.pend;
		int fr[HXS_MAX_REGS], nf = 0;
		for (int r = 0; r < g.regs; r++)
			if (!((busy >> r) & 1))
				fr[nf++] = r;
		int dst = fr[wg_pick(&g.rng, nf)];
		/* the sources */
		int n, force = 0;
		if (load) {
			n = 1;
			force = g.nlive >= target || free_n == 1; /* its address dies here: a register stays free */
		} else if (g.nlive >= target || free_n == 1) {
			n = 2 + (int)wg_pick(&g.rng, 2);
			force = 1;
		} else {
			n = (int)wg_pick(&g.rng, 3);
		}
		if (n > g.nlive)
			n = g.nlive;
		uint64_t taken = 0;
		if (sum)
			sum->live_sum += g.nlive;
		for (int k = 0; k < n; k++) {
			int r = read_one(&g, taken, force && k == 0, in_region, in, k, sum);
			taken |= UINT64_C(1) << r;
		}
		/* the new value */
		in->dst = (uint8_t)dst;
		g.rem[dst] = draw_reads(&g);
		g.nread[dst] = 0;
		g.live[g.nlive++] = (uint8_t)dst;
		g.livemask |= UINT64_C(1) << dst;
		if (load) {
			if (wg_pct(&g.rng, p->hit_pct))
				in->pieces = 0;
			else if (wg_pct(&g.rng, p->unc_pct))
				in->pieces = (uint8_t)(2 + wg_pick(&g.rng, p->unc_max - 1));
			else
				in->pieces = 1;
		}
		if (sum) {
			sum->insns++;
			sum->values++;
			sum->div += in->div;
			if (load) {
				sum->loads++;
				sum->misses += in->pieces > 0;
				sum->uncoalesced += in->pieces > 1;
				sum->pieces += in->pieces;
			}
			if (g.nlive > sum->live_max)
				sum->live_max = g.nlive;
		}
	}
	hxs_insn *ex = &out[ilen];
	memset(ex, 0, sizeof *ex);
	ex->kind = HXS_EXIT;
	ex->dst = ex->src[0] = ex->src[1] = ex->src[2] = HXS_NONE;
	ex->rel = g.pend;
}

const char *hxs_check(const hxs_insn *s, int ilen, int regs, char *buf, unsigned n)
{
	uint64_t live = 0;
	for (int i = 0; i <= ilen; i++) {
		const hxs_insn *in = &s[i];
		if ((in->kind == HXS_EXIT) != (i == ilen)) {
			snprintf(buf, n, "instruction %d: EXIT %s", i, i == ilen ? "missing at the end" : "before the end");
			return buf;
		}
		if ((in->rel & live) != in->rel) {
			snprintf(buf, n, "instruction %d: a reconvergence release of a register with no live value", i);
			return buf;
		}
		live &= ~in->rel;
		for (int k = 0; k < 3; k++) {
			int r = in->src[k];
			if (r == HXS_NONE)
				continue;
			if (r >= regs || !((live >> r) & 1)) {
				snprintf(buf, n, "instruction %d: source r%d holds no live value", i, r);
				return buf;
			}
			for (int q = 0; q < k; q++)
				if (in->src[q] == r) {
					snprintf(buf, n, "instruction %d: source r%d read twice", i, r);
					return buf;
				}
		}
		uint64_t live_before = live;
		if (in->kind != HXS_EXIT && (in->dst >= regs || ((live_before >> in->dst) & 1))) {
			snprintf(buf, n, "instruction %d: destination r%d %s", i, in->dst,
				 in->dst >= regs ? "out of range" : "holds a live value (its own source included)");
			return buf;
		}
		if (in->last && in->div) {
			snprintf(buf, n, "instruction %d: a release hint inside a divergent region (A13)", i);
			return buf;
		}
		if (in->kind == HXS_LOAD && in->div) {
			snprintf(buf, n, "instruction %d: a load inside a divergent region", i);
			return buf;
		}
		if (in->kind != HXS_LOAD && in->pieces) {
			snprintf(buf, n, "instruction %d: transactions on a non-load", i);
			return buf;
		}
		for (int k = 0; k < 3; k++)
			if ((in->last >> k) & 1) {
				if (in->src[k] == HXS_NONE) {
					snprintf(buf, n, "instruction %d: a release hint on an absent source", i);
					return buf;
				}
				live &= ~(UINT64_C(1) << in->src[k]);
			}
		if (in->kind == HXS_EXIT)
			break;
		int d = in->dst;
		if (d >= regs || ((live >> d) & 1)) {
			snprintf(buf, n, "instruction %d: destination r%d %s", i, d, d >= regs ? "out of range" : "holds a live value");
			return buf;
		}
		/* (a register whose release waits for the reconvergence is still live here: covered above) */
		live |= UINT64_C(1) << d;
	}
	return NULL;
}
