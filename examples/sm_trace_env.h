/* sm_trace_env.h - a tiny SM front end for the examples: reads an instruction
 * trace and produces, cycle by cycle, what a two-level scheduler and a
 * register file cache expect from the rest of the pipeline (scoreboard
 * verdicts, the sources of the instruction in TAG, results at write-back).
 * Header-only, C11 and C++17; shared by examples/sm_trace.c,
 * examples/gpgpusim_glue.cc and tests/lib/lib_api.c so that all three run the
 * same trace with the same timing.
 *
 * Trace: one instruction per line, in each warp's program order; '#' starts a
 * comment.
 *   WARP alu DST SRC...   result DST after ENV_ALU_LAT cycles (0 to 3 sources)
 *   WARP ld  DST SRC...   a long-latency load: DST after ENV_LD_LAT cycles,
 *                         written around the cache (wr_bypass_i); the first
 *                         later instruction reading DST is compiler-marked
 *   WARP exit             the warp's last instruction
 * Registers are rN (0 <= N < 64); a source written "rN!" is its last use
 * (lu_last_i). Warps are 0..W-1 with every warp ending in exit.
 *
 * Timing: an instruction issues when none of its sources has a write
 * outstanding (EXIT: when none of the warp's writes is outstanding); its
 * sources are looked up the next cycle (TAG); results return in issue order
 * of their due cycle, one per cycle (the MRF has one write port). */
#ifndef SM_TRACE_ENV_H
#define SM_TRACE_ENV_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENV_MAX_WARPS 64
#define ENV_MAX_INSTR 128 /* per warp */
#define ENV_NREGS 64
#define ENV_ALU_LAT 6     /* issue -> write-back, cycles */
#define ENV_LD_LAT 30
#define ENV_WBQ 256       /* write-back queue, a power of two > ENV_LD_LAT + writes in flight */

enum { ENV_ALU, ENV_LD, ENV_EXIT };

typedef struct env_instr {
	int kind;      /* ENV_ALU, ENV_LD or ENV_EXIT */
	int dst;       /* destination register, -1 for EXIT */
	int nsrc;      /* sources, 0..3 */
	int src[3];    /* source registers */
	unsigned last; /* bit p: source p is a last use */
	int marked;    /* the first consumer of a load's result */
} env_instr;

typedef struct env_wb {
	int valid, warp, reg, bypass; /* one result at the MRF write port */
} env_wb;

typedef struct sm_env {
	int warps;                                /* warps in the trace */
	int len[ENV_MAX_WARPS];                   /* instructions per warp */
	int pc[ENV_MAX_WARPS];                    /* next instruction per warp */
	env_instr prog[ENV_MAX_WARPS][ENV_MAX_INSTR]; /* the trace, per warp */
	int pend[ENV_MAX_WARPS][ENV_NREGS];       /* writes outstanding per register */
	int pend_ld[ENV_MAX_WARPS][ENV_NREGS];    /* of which loads */
	int npend[ENV_MAX_WARPS];                 /* writes outstanding per warp */
	env_wb wbq[ENV_WBQ];                      /* results by due cycle (mod ENV_WBQ) */
	int tag_valid;                            /* an instruction in TAG this cycle */
	env_instr tag;                            /* it */
	uint64_t cycle;                           /* cycles since the reset cycle */
	long ninstr, nsrc;                        /* trace totals: instructions, source operands */
} sm_env;

/* Inputs of the scheduler for this cycle (per-warp bit vectors). */
typedef struct env_sched_in {
	uint64_t rdy, mark, llp, fin; /* bar_i and launch_i stay 0 in these examples */
} env_sched_in;

/* Read the trace at path. 0, or -1 with "PATH:LINE: reason" in err. */
static inline int env_load(sm_env *e, const char *path, char *err, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int ln = 0;
	memset(e, 0, sizeof *e);
	if (!f) {
		snprintf(err, n, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		char *hash = strchr(line, '#');
		char kind[8], tok[16];
		int w, r, used = 0;
		ln++;
		if (hash)
			*hash = '\0';
		if (sscanf(line, "%d %7s%n", &w, kind, &used) < 2)
			continue; /* blank or comment */
		if (w < 0 || w >= ENV_MAX_WARPS || e->len[w] >= ENV_MAX_INSTR) {
			snprintf(err, n, "%s:%d: warp %d out of range 0..%d or too long", path, ln, w, ENV_MAX_WARPS - 1);
			fclose(f);
			return -1;
		}
		env_instr *in = &e->prog[w][e->len[w]];
		memset(in, 0, sizeof *in);
		in->dst = -1;
		in->kind = !strcmp(kind, "alu") ? ENV_ALU : !strcmp(kind, "ld") ? ENV_LD : !strcmp(kind, "exit") ? ENV_EXIT : -1;
		if (in->kind < 0) {
			snprintf(err, n, "%s:%d: unknown instruction '%s' (alu, ld, exit)", path, ln, kind);
			fclose(f);
			return -1;
		}
		for (char *at = line + used; sscanf(at, "%15s%n", tok, &used) == 1; at += used) {
			char bang = 0;
			if (sscanf(tok, "r%d%c", &r, &bang) < 1 || r < 0 || r >= ENV_NREGS || (bang && bang != '!') ||
			    in->kind == ENV_EXIT || (in->dst >= 0 && in->nsrc == 3)) {
				snprintf(err, n, "%s:%d: bad operand '%s' (rN, 0 <= N < %d; 1 destination, 0..3 sources)", path,
					 ln, tok, ENV_NREGS);
				fclose(f);
				return -1;
			}
			if (in->dst < 0) {
				in->dst = r;
				continue;
			}
			in->last |= (unsigned)(bang == '!') << in->nsrc;
			in->src[in->nsrc++] = r;
		}
		if (in->kind != ENV_EXIT && in->dst < 0) {
			snprintf(err, n, "%s:%d: %s needs a destination register", path, ln, kind);
			fclose(f);
			return -1;
		}
		e->nsrc += in->nsrc;
		e->ninstr++;
		e->len[w]++;
		if (w + 1 > e->warps)
			e->warps = w + 1;
	}
	fclose(f);
	for (int w = 0; w < e->warps; w++) {
		if (!e->len[w] || e->prog[w][e->len[w] - 1].kind != ENV_EXIT) {
			snprintf(err, n, "%s: warp %d does not end with exit", path, w);
			return -1;
		}
		/* compiler marks: the first later reader of each load's result */
		for (int i = 0; i < e->len[w]; i++) {
			if (e->prog[w][i].kind != ENV_LD)
				continue;
			for (int j = i + 1, done = 0; j < e->len[w] && !done; j++) {
				for (int p = 0; p < e->prog[w][j].nsrc; p++)
					done |= e->prog[w][j].src[p] == e->prog[w][i].dst;
				e->prog[w][j].marked |= done;
				done |= e->prog[w][j].dst == e->prog[w][i].dst;
			}
		}
	}
	return 0;
}

/* The scheduler's per-warp inputs for this cycle. */
static inline void env_sched_inputs(const sm_env *e, env_sched_in *s)
{
	memset(s, 0, sizeof *s);
	for (int w = 0; w < e->warps; w++) {
		if (e->pc[w] >= e->len[w])
			continue; /* exited: not resident, every bit 0 */
		const env_instr *in = &e->prog[w][e->pc[w]];
		int busy = in->kind == ENV_EXIT ? e->npend[w] > 0 : 0, ld = 0;
		for (int p = 0; p < in->nsrc; p++) {
			busy |= e->pend[w][in->src[p]] > 0;
			ld |= e->pend_ld[w][in->src[p]] > 0;
		}
		uint64_t bit = (uint64_t)1 << w;
		s->rdy |= busy ? 0 : bit;
		s->mark |= in->marked ? bit : 0;
		s->llp |= ld ? bit : 0;
		s->fin |= in->kind == ENV_EXIT ? bit : 0;
	}
}

/* The sources of the instruction in TAG: lu_en_i, lu_reg_i (REG_BITS each), lu_last_i. */
static inline void env_lookup(const sm_env *e, unsigned *en, unsigned reg[3], unsigned *last)
{
	*en = 0;
	*last = 0;
	for (int p = 0; p < 3; p++)
		reg[p] = 0;
	if (!e->tag_valid)
		return;
	for (int p = 0; p < e->tag.nsrc; p++)
		reg[p] = (unsigned)e->tag.src[p];
	*en = (1u << e->tag.nsrc) - 1;
	*last = e->tag.last;
}

/* The result at the MRF write port this cycle. */
static inline env_wb env_writeback(const sm_env *e)
{
	return e->wbq[e->cycle % ENV_WBQ];
}

/* End of the cycle: the scheduler issued warp `warp` (when `issued`); the
 * result written this cycle retires; the issued instruction enters TAG. */
static inline void env_step(sm_env *e, int issued, int warp)
{
	env_wb *wb = &e->wbq[e->cycle % ENV_WBQ];
	if (wb->valid) {
		e->pend[wb->warp][wb->reg]--;
		e->pend_ld[wb->warp][wb->reg] -= wb->bypass;
		e->npend[wb->warp]--;
		memset(wb, 0, sizeof *wb);
	}
	e->tag_valid = 0;
	if (issued) {
		env_instr *in = &e->prog[warp][e->pc[warp]++];
		if (in->kind != ENV_EXIT) {
			uint64_t due = e->cycle + (in->kind == ENV_LD ? ENV_LD_LAT : ENV_ALU_LAT);
			while (e->wbq[due % ENV_WBQ].valid)
				due++; /* one write port: the next free cycle */
			env_wb *q = &e->wbq[due % ENV_WBQ];
			q->valid = 1;
			q->warp = warp;
			q->reg = in->dst;
			q->bypass = in->kind == ENV_LD;
			e->pend[warp][in->dst]++;
			e->pend_ld[warp][in->dst] += q->bypass;
			e->npend[warp]++;
			e->tag_valid = 1;
			e->tag = *in;
		}
	}
	e->cycle++;
}

/* Every warp has exited (its EXIT issued, so no write is outstanding). */
static inline int env_done(const sm_env *e)
{
	for (int w = 0; w < e->warps; w++)
		if (e->pc[w] < e->len[w])
			return 0;
	return 1;
}

#endif
