/* rename_stim.c - stimulus for the register renaming table `rename`: the
 * synthetic SM of rename_env.c in random mode (checks data every cycle), and the
 * directed cases of spec §11 (docs/rename.md), each a short script of port
 * commands with checks of its own.
 *
 * A script is a string of steps separated by ';', one step per cycle unless
 * it holds; the commands of a step are separated by ',':
 *   Z               reset            L kw kr ke      kernel launch
 *   A w r           allocation request on the next port
 *   P w pc flags    pir (flags in hex)
 *   I w s0 s1 s2 d  instruction (63 = none)     B w r...   pbr (up to 9)
 *   X w             exit             R w             operand reads done
 *   -               idle             *CMD            only in the step's first cycle
 *   !op !pir !alc   hold the step until op_ready_o / pir_ready_o / every request granted
 *   #k              tag k: the case's check looks at the steps by tag */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "rename_env.h"
#include "wg_bits.h"
#include "wg_stim.h"

enum {
	C_FREE_ALLOC,
	C_TWO_ALLOC,
	C_ONE_FREE,
	C_FULL,
	C_FOUR_OPS,
	C_YOUNGER,
	C_SRC_DST,
	C_TWICE,
	C_UNMAPPED,
	C_EXIT,
	C_LAUNCH,
	C_EXEMPT,
	C_PBR9,
	C_FC_PINNED,
	C_LONG_BLOCK,
	C_DOMAIN,
	C_WEAR,
	C_OVERSUB,
	C_BURST,
	C_RESET,
	C_BAD_HINT,
	C_COMMIT_REL,
	C_PBR_WRITE,
	RS_NCASES
};

#define SMALL "WARPS=4,REGS=8,RT_ENTRIES=32,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2"
#define WIDE "WARPS=4,REGS=16,RT_ENTRIES=64,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2"
#define FC3 "WARPS=4,REGS=8,RT_ENTRIES=32,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=3,EXEMPT=2"
#define SM16 "WARPS=16,PHYS_REGS=128,RT_ENTRIES=512,SUBARRAYS=2,EXEMPT=8,FC_ENTRIES=16"

static const wg_case_def rs_cases[RS_NCASES] = {
	[C_FREE_ALLOC] = {"free_and_alloc_same_cycle",
		"a pbr frees id 0 while a request allocates: id 0 is not granted that cycle (start-of-cycle snapshot), "
		"it is granted the next cycle",
		"spec §11 C1, A10", SMALL ",POLICY=LOWEST_FIRST"},
	[C_TWO_ALLOC] = {"two_allocs_one_cycle",
		"two requests in one table bank: the second is refused and granted on retry; two in different banks: "
		"both granted, distinct ids",
		"spec §11 C2, A9", SMALL},
	[C_ONE_FREE] = {"one_free_two_requests",
		"one free id, two requests: one grant, one refusal (no duplicate); the refused one gets the id a pbr frees",
		"spec §11 C3", WIDE},
	[C_FULL] = {"full_table_stall",
		"every id occupied: a request is refused while the released id waits in the pending-free list for the "
		"operand read; granted the cycle after the free commits, with that id",
		"spec §11 C4, C24, §2.8, A28", WIDE},
	[C_FOUR_OPS] = {"four_operands_one_bank",
		"three sources and the destination in one table bank: served one per cycle (op_wait_o = 1 for 3 cycles), "
		"the ids latched over the cycles are right",
		"spec §11 C5", WIDE},
	[C_YOUNGER] = {"younger_write_after_release",
		"a younger write to r0 after an older release of r0 still in the operand collector gets a fresh id; the "
		"old id stays powered and is freed only after both reads",
		"spec §11 C6, §2.6, A5", SMALL},
	[C_SRC_DST] = {"source_is_destination",
		"add r0, r0 with r0's release bit set: not released, mapping kept, written in place",
		"spec §11 C7, A13", SMALL},
	[C_TWICE] = {"same_register_twice",
		"r1 in two source slots, both release bits set: released once, exactly one free",
		"spec §11 C8, A14", SMALL},
	[C_UNMAPPED] = {"release_unmapped",
		"a pir release of an unmapped register and a pbr of unmapped registers: no-op, nothing freed",
		"spec §11 C9, A15", SMALL},
	[C_EXIT] = {"exit_sweep",
		"a warp exits with 5 leftover mappings: the sweep takes ceil(R/RT_BANKS) cycles and frees all; another "
		"warp's allocation in the sweep is unaffected",
		"spec §11 C11, A16", SMALL},
	[C_LAUNCH] = {"kernel_launch",
		"launch reserves exactly the kw*ke exempt ids; a relaunch clears the table, the cursors and the flag cache",
		"spec §11 C12", SMALL},
	[C_EXEMPT] = {"exempt_register",
		"exempt registers: computed id w*ke + (r-R), never released by pir or pbr, never allocated",
		"spec §11 C13, §2.7, A21", SMALL},
	[C_PBR9] = {"pbr_nine_registers",
		"a pbr of 9 slots (5 mapped, 3 unmapped, one empty; 4 in one bank) waits for the operand reads, then "
		"takes 4 cycles and frees the 5 mapped ones",
		"spec §11 C14, A17", WIDE},
	[C_FC_PINNED] = {"flag_cache_pinned",
		"three entries pinned by three warps' cursors: the fourth warp's miss stalls (its own cursor, on a "
		"shared entry, is dropped) until an exit unpins one; a hit is taken at once; a warp's own cursor "
		"does not pin (its miss may evict its own entry)",
		"spec §11 C16, A18", FC3},
	[C_LONG_BLOCK] = {"block_longer_than_18",
		"18 instructions use pir slots 0..17 (slot 17's flag releases), the cursor is invalid after the 18th, the "
		"next pir restarts at slot 0",
		"spec §11 C17", SMALL},
	[C_DOMAIN] = {"domain_free_and_alloc",
		"the last register of a gating domain freed and another granted in it the same cycle: dom_on_o stays 1; "
		"freed then granted the next cycle: stays 1 too",
		"spec §11 C19, C18", SMALL ",POLICY=LOWEST_FIRST"},
	[C_WEAR] = {"wear_level_wrap",
		"WEAR_LEVEL: every grant is the first free id at or after last + SUB_REGS (mod PHYS_REGS); the search "
		"wraps around the top",
		"spec §11 C23, A8", SMALL ",POLICY=WEAR_LEVEL"},
	[C_OVERSUB] = {"oversubscribed_kernel",
		"kernels with kw*kr > PHYS_REGS: allocations are refused for lack of a free id and the stalls resolve (the "
		"kernels complete, data checked)",
		"spec §2.8, §11 C4, A28", SM16},
	[C_BURST] = {"load_burst_allocations",
		"long-latency loads return in bursts: every allocation port busy in one cycle, bank refusals retried, "
		"data checked",
		"spec §11 C2, C20, A9", SM16 ",ALLOC_PORTS=4"},
	[C_RESET] = {"reset_mid_kernel",
		"a reset in the middle of a kernel empties the block; a fresh launch runs to completion, data checked",
		"spec §11 C12", SM16},
	[C_COMMIT_REL] = {"commit_and_release_same_cycle",
		"warp 0's pending free commits in the cycle one of its instructions releases another register: only the "
		"start-of-cycle entries are freed, the new one waits for its operand read",
		"spec §2.6, A5, §11 C6", SMALL},
	[C_BAD_HINT] = {"early_release_detected",
		"negative: every pir flag set (a release while the value is still needed): the data check must fail",
		"spec §2.3.3, §11 C6", SM16, .expect_fail = "data: warp 0 reads"},
	[C_PBR_WRITE] = {"pbr_then_write",
		"a pbr of r0 and r1 waits for the warp's operand read, frees both ids; the next instruction writes r0: "
		"its destination is unmapped (new), the write is granted a free id and r0 maps to it, one id occupied",
		"spec §11 C15, C14", SMALL},
};

/* Environment presets of the env-driven cases: knobs, cycles, forced reset. */
static const struct rs_preset {
	const char *knobs;
	long cycles;
	long reset_at;
} rs_presets[RS_NCASES] = {
	[C_OVERSUB] = {"OVERSUB_PCT=100,REGS_MIN=20,REGS_MAX=40,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 60000, -1},
	[C_BURST] = {"BURST_PCT=100,LD_PCT=40,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50,ALC_BLOCK_PCT=0", 30000, -1},
	[C_RESET] = {"RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 30000, 3000},
	[C_BAD_HINT] = {"BAD_HINT=1,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 30000, -1},
};

#define RS_PROG 16384
#define RS_STEPS 512
enum { H_NONE, H_OP, H_PIR, H_ALC };

typedef struct rs_stim {
	const wg_layout *L;         /* frame layout */
	rn_cfg c;                   /* configuration */
	int cs;                     /* directed case, or -1 */
	long end;                   /* env cases: cycles to run */
	long key;                   /* waveform marker */
	/* script */
	char prog[RS_PROG];         /* the steps */
	int step_off[RS_STEPS];     /* start of each step in prog */
	int nsteps;
	int t;                      /* current step */
	int first;                  /* the next cycle is its step's first */
	int cfirst;                 /* this cycle is its step's first */
	int cur, tag;               /* this cycle's step and its tag (-1: none) */
	int hold;                   /* this cycle's hold rule */
	rn_in in;                   /* this cycle's inputs */
	rn_out out;                 /* this cycle's outputs */
	/* case bookkeeping */
	int pmap[RN_MAX_WARPS][64]; /* last granted id of (w, r), -1 */
	long seen[8];               /* counters of checked events */
	int a[8];                   /* scratch */
	long frees;                 /* ev free summed */
	int last;                   /* WEAR_LEVEL reference: last grant */
	rn_env *env;                /* random / env cases (after this struct) */
} rs_stim;

static size_t head_size(void) { return (sizeof(rs_stim) + 15u) & ~(size_t)15u; }
static size_t rs_size(const long *p) { return head_size() + rne_size(p); }

/* ---- scripts ---- */

static void add(rs_stim *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(rs_stim *s, const char *fmt, ...)
{
	size_t len = strlen(s->prog);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->prog + len, sizeof s->prog - len, fmt, ap);
	va_end(ap);
}

/* Map registers (w, r) for r in [r0, r1) one per cycle (same-bank safe). */
static void add_map(rs_stim *s, int w, int r0, int r1)
{
	for (int r = r0; r < r1; r++)
		add(s, "A %d %d !alc;", w, r);
}

static void build(rs_stim *s)
{
	s->prog[0] = 0;
	add(s, "Z;");
	switch (s->cs) {
	case C_FREE_ALLOC:
		add(s, "L 4 8 0; A 0 0 !alc #1; B 0 0, A 1 1 !op #2; A 2 1 !alc #3; - #4; -");
		break;
	case C_TWO_ALLOC:
		add(s, "L 4 8 0; A 0 0, A 1 0 #1; A 1 0 !alc #2; A 2 1, A 3 2 #3; -");
		break;
	case C_ONE_FREE:
		add(s, "L 4 16 0;");
		add_map(s, 0, 0, 16);
		add_map(s, 1, 0, 15);
		add(s, "A 2 0, A 2 1 #1; B 0 0 !op #2; A 2 1 !alc #3; -");
		break;
	case C_FULL:
		add(s, "L 4 16 0;");
		add_map(s, 0, 0, 16);
		add_map(s, 1, 0, 16);
		add(s, "P 0 8 1 !pir; I 0 0 63 63 63 !op #1; A 0 0 #2; A 0 0 #2; A 0 0 #2; A 0 0, R 0 #3; A 0 0 #4;"
		       " A 0 0 !alc #5; -");
		break;
	case C_FOUR_OPS:
		add(s, "L 4 16 0; A 0 0 !alc; A 0 4 !alc; A 0 8 !alc; A 0 12 !alc; P 0 8 0 !pir;"
		       " I 0 0 4 8 12 !op #1; R 0; -");
		break;
	case C_YOUNGER:
		add(s, "L 4 8 0; A 0 0 !alc; P 0 8 1 !pir; I 0 0 63 63 63 !op #1; I 0 63 63 63 0 !op #2; A 0 0 !alc #3;"
		       " R 0 #4; R 0 #4; - #5; - #6");
		break;
	case C_SRC_DST:
		add(s, "L 4 8 0; A 0 0 !alc; P 0 8 1 !pir; I 0 0 63 63 0 !op #1; R 0; - #2; - #2");
		break;
	case C_TWICE:
		add(s, "L 4 8 0; A 0 1 !alc; A 0 2 !alc; P 0 8 3 !pir; I 0 1 1 63 63 !op #1; R 0; - #2; - #3");
		break;
	case C_UNMAPPED:
		add(s, "L 4 8 0; P 0 8 1 !pir; I 0 2 63 63 63 !op #1; R 0; B 0 3 5 !op #2; - #3; -");
		break;
	case C_EXIT:
		add(s, "L 4 8 0; A 1 0, A 1 1 !alc; A 1 2, A 1 5 !alc; A 1 7 !alc; A 0 3 !alc; X 1, *A 2 0 !op #1; - #2");
		break;
	case C_LAUNCH:
		add(s, "L 4 8 2 #1; - #2; A 0 0, A 1 1 !alc; P 0 8 0 !pir #3; I 0 63 63 63 63 !op; L 2 6 1 #4; - #5;"
		       " P 0 8 0 !pir #6; -");
		break;
	case C_EXEMPT:
		add(s, "L 4 8 2; A 0 0 !alc #1; P 1 8 1 !pir; I 1 6 63 63 7 !op #2; R 1; B 1 6 7 !op #3; - #4");
		break;
	case C_PBR9:
		add(s, "L 4 16 0; A 0 0, A 0 1 !alc; A 0 4, A 0 5 !alc; A 0 8 !alc; P 0 8 0 !pir; I 0 63 63 63 63 !op;"
		       " B 0 0 1 2 4 8 5 9 12 63 #1; B 0 0 1 2 4 8 5 9 12 63, R 0 #1; B 0 0 1 2 4 8 5 9 12 63 !op #2;"
		       " - #3");
		break;
	case C_FC_PINNED:
		add(s, "L 4 8 0; P 0 8 0 !pir #6; P 1 16 0 !pir #6; P 2 24 0 !pir #6; P 3 8 0 !pir #9; P 3 32 0 #1; P 3 32 0 #1;"
		       " X 1, P 3 32 0 #2; X 1, P 3 32 0 !op #2; P 3 32 0 !pir #3; P 2 8 0 !pir #5; P 0 40 0 !pir #4;"
		       " P 3 48 0 !pir #7; - #8");
		break;
	case C_LONG_BLOCK:
		add(s, "L 4 8 0; A 0 0 !alc; A 0 1 !alc; P 0 8 %llx !pir #7;", (unsigned long long)(UINT64_C(1) << 51));
		for (int i = 0; i < 17; i++)
			add(s, "I 0 63 63 63 63%s !op #1;", i ? ", *R 0" : "");
		add(s, "I 0 0 63 63 63, *R 0 !op #2; R 0 #3; P 0 16 1 !pir; I 0 1 63 63 63 !op #4; R 0; -");
		break;
	case C_DOMAIN:
		add(s, "L 4 8 0; A 0 0, A 0 1 !alc; A 0 2, A 0 3 !alc; B 0 0, *A 1 0 !op #1; - #2; B 1 0 !op #3;"
		       " A 2 0 !alc #4; - #5");
		break;
	case C_WEAR: {
		add(s, "L 4 8 0;");
		int n = 0;
		for (int w = 0; w < 4; w++)
			for (int r = 0; r < 8; r++)
				if (n++ < 24)
					add(s, "A %d %d !alc #1;", w, r);
		add(s, "B 0 0 2 4 6 !op;");
		for (int r = 0; r < 8; r += 2)
			add(s, "A 0 %d !alc #1;", r);
		for (int r = 0; r < 8; r++)
			add(s, "A 3 %d !alc #1;", r);
		add(s, "-");
		break;
	}
	case C_COMMIT_REL:
		add(s, "L 4 8 0; A 0 0, A 0 1 !alc; P 0 8 9 !pir; I 0 0 63 63 63 !op; R 0; I 0 1 63 63 63 !op #1; - #2;"
		       " R 0 #3; - #4; - #5");
		break;
	case C_PBR_WRITE:
		add(s, "L 4 8 0; A 0 0 !alc; A 0 1 !alc; P 0 8 0 !pir; I 0 0 63 63 63 !op; B 0 0 1 #1; B 0 0 1, R 0 #1;"
		       " B 0 0 1 !op #2; I 0 63 63 63 0 !op #3; A 0 0 !alc #4; - #5");
		break;
	default:
		break;
	}
	/* split into steps */
	s->nsteps = 0;
	int len = (int)strlen(s->prog);
	for (int i = 0, st = 0; i <= len && s->nsteps < RS_STEPS; i++)
		if (i == len || s->prog[i] == ';') {
			s->step_off[s->nsteps++] = st;
			st = i + 1;
		}
}

static int skip_ws(const char *p, int i)
{
	while (p[i] == ' ')
		i++;
	return i;
}

/* Drive step t (first: its first cycle) into in; sets hold and tag. */
static void drive_step(rs_stim *s, int t, int first, rn_in *in)
{
	const char *p = s->prog + s->step_off[t];
	int k = 0, i = 0;
	s->hold = H_NONE;
	s->tag = -1;
	for (int j = 0; j < RN_PBR_SLOTS; j++)
		in->op_reg[j] = RN_NONE;
	in->op_dst = RN_NONE;
	while (p[i] && p[i] != ';') {
		i = skip_ws(p, i);
		int once = 0;
		if (p[i] == '*') {
			once = 1;
			i++;
		}
		char c = p[i];
		if (!c || c == ';')
			break;
		i++;
		long v[12];
		int nv = 0;
		if (c == '!') {
			s->hold = p[i] == 'o' ? H_OP : p[i + 1] == 'i' ? H_PIR : H_ALC;
			while (p[i] >= 'a' && p[i] <= 'z')
				i++;
		} else if (c == '#') {
			s->tag = (int)strtol(p + i, NULL, 10);
			while (p[i] >= '0' && p[i] <= '9')
				i++;
		} else {
			for (;;) {
				i = skip_ws(p, i);
				if (!(p[i] >= '0' && p[i] <= '9') && !(p[i] >= 'a' && p[i] <= 'f'))
					break;
				char *e;
				int base = c == 'P' && nv == 2 ? 16 : 10;
				v[nv++] = strtol(p + i, &e, base);
				i = (int)(e - p);
				if (nv == 12)
					break;
			}
		}
		i = skip_ws(p, i);
		if (p[i] == ',')
			i++;
		if (once && !first)
			continue;
		switch (c) {
		case 'Z':
			in->rst = 1;
			break;
		case 'L':
			in->kl_valid = 1;
			in->kl_warps = (unsigned)v[0];
			in->kl_regs = (unsigned)v[1];
			in->kl_exempt = (unsigned)v[2];
			break;
		case 'A':
			in->alc_valid[k] = 1;
			in->alc_warp[k] = (unsigned)v[0];
			in->alc_reg[k] = (unsigned)v[1];
			k++;
			break;
		case 'P':
			in->pir_valid = 1;
			in->pir_warp = (unsigned)v[0];
			in->pir_pc = (uint32_t)v[1];
			in->pir_flags = (uint64_t)v[2];
			break;
		case 'I':
			in->op_valid = 1;
			in->op_kind = RN_OP_INSN;
			in->op_warp = (unsigned)v[0];
			for (int j = 0; j < 3; j++)
				in->op_reg[j] = (unsigned)v[1 + j];
			in->op_dst = (unsigned)v[4];
			break;
		case 'B':
			in->op_valid = 1;
			in->op_kind = RN_OP_PBR;
			in->op_warp = (unsigned)v[0];
			for (int j = 0; j + 1 < nv && j < RN_PBR_SLOTS; j++)
				in->op_reg[j] = (unsigned)v[1 + j];
			break;
		case 'X':
			in->op_valid = 1;
			in->op_kind = RN_OP_EXIT;
			in->op_warp = (unsigned)v[0];
			break;
		case 'R':
			in->rd_done = 1;
			in->rd_warp = (unsigned)v[0];
			break;
		default:
			break;
		}
	}
}

/* ---- init / next / observe ---- */

static const char *rs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			   uint64_t seed, char *err, size_t n)
{
	rs_stim *s = st;
	long k[RNE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	rn_cfg_from_params(&s->c, p);
	s->cs = case_idx;
	s->key = -1;
	s->env = (rn_env *)((char *)st + head_size());
	for (int w = 0; w < RN_MAX_WARPS; w++)
		for (int r = 0; r < 64; r++)
			s->pmap[w][r] = -1;
	s->last = s->c.phys - s->c.phys / s->c.subarrays;
	int env_case = case_idx >= 0 && rs_presets[case_idx].knobs;
	if (case_idx < 0 || env_case) {
		if (env_case) {
			wg_block kb = {.name = "knob", .params = rne_knobs, .nparams = RNE_NKNOBS};
			if (wg_params_apply(&kb, k, rs_presets[case_idx].knobs, err, n))
				return err;
			s->end = rs_presets[case_idx].cycles;
		}
		const char *msg = rne_init(s->env, p, k, NULL, seed, err, n);
		if (msg)
			return msg;
		if (env_case && rs_presets[case_idx].reset_at >= 0)
			rne_force_reset(s->env, rs_presets[case_idx].reset_at);
		return NULL;
	}
	/* scripted cases name warps 0..3 and registers up to 15 */
	if (s->c.warps < 4 || s->c.lookup_ports != 4 || s->c.rt_banks != 4 || s->c.rf_banks != 4 ||
	    s->c.alloc_ports < 2 || s->c.fc_entries != (case_idx == C_FC_PINNED ? 3 : 4) || s->c.phys != 32 ||
	    s->c.subarrays != 2) {
		snprintf(err, n, "rename: the scripted cases need WARPS>=4, LOOKUP_PORTS=4, RT_BANKS=4, RF_BANKS=4, "
				 "ALLOC_PORTS>=2, FC_ENTRIES=4 (3 for flag_cache_pinned), PHYS_REGS=32, SUBARRAYS=2 (their scripts "
				 "name ids and banks)");
		return err;
	}
	build(s);
	return NULL;
}

static int env_mode(const rs_stim *s) { return s->cs < 0 || rs_presets[s->cs].knobs; }

static int rs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	rs_stim *s = st;
	memset(&s->in, 0, sizeof s->in);
	if (env_mode(s)) {
		if (s->cs >= 0 && cyc >= s->end)
			return 0;
		rne_drive(s->env, model, &s->in, cyc);
	} else {
		if (s->t >= s->nsteps)
			return 0;
		s->cur = s->t;
		s->cfirst = s->first;
		drive_step(s, s->t, s->first, &s->in);
	}
	rne_pack_in(s->L, &s->c, &s->in, in);
	return 1;
}

static void rs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	rs_stim *s = st;
	(void)in;
	rne_unpack_out(s->L, &s->c, out, &s->out);
	if (env_mode(s)) {
		rne_observe(s->env, model, &s->in, &s->out, cyc);
		return;
	}
	const rn_out *o = &s->out;
	int done = 1;
	if (s->hold == H_OP)
		done = (int)o->op_ready;
	else if (s->hold == H_PIR)
		done = (int)o->pir_ready;
	else if (s->hold == H_ALC)
		for (int k = 0; k < s->c.alloc_ports; k++)
			done &= !s->in.alc_valid[k] || o->alc_gnt[k];
	s->frees += o->ev[RN_EV_FREE];
	if (done) {
		s->t++;
		s->first = 1;
	} else {
		s->first = 0;
	}
}

/* ---- checks of the scripted cases ---- */

static int on(const uint64_t *v, int i) { return (int)((v[i >> 6] >> (i & 63)) & 1u); }
static int dom(const rs_stim *s, int p) { return rn_dom_of(&s->c, p); }

static void key(rs_stim *s, long cyc)
{
	if (s->key < 0)
		s->key = cyc;
}

/* WEAR_LEVEL reference: first free id at or after (last + SUB_REGS) mod P, circular. */
static int wear_ref(const rs_stim *s, const rn_model *m, int *wrapped)
{
	int P = s->c.phys, start = (s->last + P / s->c.subarrays) % P;
	for (int i = 0; i < P; i++) {
		int p = (start + i) % P;
		if (!rn_occupied(m, p)) {
			*wrapped = p < start;
			return p;
		}
	}
	return -1;
}

static const char *case_check(rs_stim *s, const rn_model *m, long cyc, char *buf, size_t n)
{
	const rn_in *in = &s->in;
	const rn_out *o = &s->out;
	int tag = s->tag, first = s->cfirst;
	/* every case: a grant names a free id; granted ids are remembered */
	for (int k = 0; k < s->c.alloc_ports; k++)
		if (in->alc_valid[k] && o->alc_gnt[k]) {
			EXPECT(!rn_occupied(m, (int)o->alc_pid[k]), "port %d granted id %u, which is occupied", k,
			       o->alc_pid[k]);
			EXPECT(on(o->reg_on, (int)o->alc_pid[k]), "granted id %u is not powered in its allocation cycle (C18)",
			       o->alc_pid[k]);
		}
	switch (s->cs) {
	case C_FREE_ALLOC:
		if (tag == 1)
			EXPECT(o->alc_pid[0] == 0, "LOWEST_FIRST: the first grant is id 0, got %u", o->alc_pid[0]);
		if (tag == 2) {
			EXPECT(o->op_ready && o->ev[RN_EV_FREE] == 1, "the pbr of (w0, r0) must free id 0 in its first cycle");
			EXPECT(o->alc_gnt[0] && o->alc_pid[0] == 1,
			       "the id freed this cycle must not be granted (start-of-cycle snapshot): expected id 1, got %s%u",
			       o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
			EXPECT(on(o->reg_on, 0), "id 0 is powered up to and including the cycle its free commits");
			key(s, cyc);
		}
		if (tag == 3)
			EXPECT(o->alc_gnt[0] && o->alc_pid[0] == 0, "id 0, freed last cycle, must be granted now (got %u)",
			       o->alc_pid[0]);
		if (tag == 4)
			EXPECT(rn_lookup(m, 2, 1) == 0 && rn_lookup(m, 1, 1) == 1, "mappings: (w2, r1) -> 0, (w1, r1) -> 1");
		break;
	case C_TWO_ALLOC:
		if (tag == 1) {
			EXPECT(o->alc_gnt[0] && !o->alc_gnt[1],
			       "two requests in table bank 0 in one cycle: port 0 granted, port 1 refused (one install per bank)");
			EXPECT(o->ev[RN_EV_ALLOC_STALL] == 1, "the refusal counts as one alloc_stall");
			key(s, cyc);
		}
		if (tag == 2)
			EXPECT(o->alc_gnt[0] && (int)o->alc_pid[0] != s->pmap[0][0], "the retry is granted a different id");
		if (tag == 3)
			EXPECT(o->alc_gnt[0] && o->alc_gnt[1] && o->alc_pid[0] != o->alc_pid[1],
			       "two requests in different banks: both granted, distinct ids (cascaded mask)");
		break;
	case C_ONE_FREE:
		if (tag == 1) {
			EXPECT(rn_occ_count(m) == 31, "setup: 31 ids occupied, got %d", rn_occ_count(m));
			EXPECT(o->alc_gnt[0] && !o->alc_gnt[1], "one free id, two requests: port 0 granted, port 1 refused");
			s->a[0] = (int)o->alc_pid[0];
			key(s, cyc);
		}
		if (tag == 2) {
			EXPECT(o->ev[RN_EV_FREE] == 1 && rn_occ_count(m) == 32, "the pbr frees (w0, r0) with every id occupied");
			s->a[1] = s->pmap[0][0];
		}
		if (tag == 3)
			EXPECT(o->alc_gnt[0] && (int)o->alc_pid[0] == s->a[1], "the retry gets the freed id %d, got %u",
			       s->a[1], o->alc_pid[0]);
		break;
	case C_FULL:
		EXPECT(rn_occ_count(m) <= 32, "occupancy above PHYS_REGS");
		if (tag == 1) {
			EXPECT(rn_occ_count(m) == 32, "setup: every id occupied");
			EXPECT(o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][0], "r0 is released at rename");
			s->a[0] = (int)o->op_src_pid[0];
		}
		if (tag >= 2 && tag <= 4) {
			EXPECT(!o->alc_gnt[0] && o->ev[RN_EV_ALLOC_STALL] == 1,
			       "every id occupied (the released one pending): the request must be refused");
			EXPECT(rn_occupied(m, s->a[0]), "the released id stays occupied until its operand read");
			EXPECT(o->ev[RN_EV_FREE] == (tag == 4), "the pending free commits the cycle after the read (%s)",
			       tag == 4 ? "now" : "not yet");
			key(s, cyc);
		}
		if (tag == 5)
			EXPECT(o->alc_gnt[0] && (int)o->alc_pid[0] == s->a[0], "after the free, the request gets id %d (got %u)",
			       s->a[0], o->alc_pid[0]);
		break;
	case C_FOUR_OPS:
		if (tag == 1) {
			if (first)
				s->a[0] = 0;
			s->a[0]++;
			EXPECT(o->ev[RN_EV_RT_READ] == 1, "one table read per cycle (one bank)");
			if (s->a[0] < 4) {
				EXPECT(!o->op_ready && o->op_wait == RN_WAIT_BANK, "cycle %d of 4 in one bank: op_wait_o = 1",
				       s->a[0]);
			} else {
				EXPECT(o->op_ready, "four lookups in one bank complete in the 4th cycle");
				EXPECT((int)o->op_src_pid[0] == s->pmap[0][0] && (int)o->op_src_pid[1] == s->pmap[0][4] &&
					       (int)o->op_src_pid[2] == s->pmap[0][8],
				       "source ids latched over the cycles are wrong");
				EXPECT((int)o->op_dst_pid == s->pmap[0][12] && !o->op_dst_new, "destination r12 is mapped to %d",
				       s->pmap[0][12]);
				key(s, cyc);
			}
		}
		break;
	case C_YOUNGER:
		if (tag == 1) {
			EXPECT(o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][0], "I releases r0");
			s->a[0] = (int)o->op_src_pid[0];
		}
		if (tag == 2)
			EXPECT(o->op_dst_new, "J's destination r0 is unmapped after I's rename: new");
		if (tag == 3) {
			EXPECT(o->alc_gnt[0] && (int)o->alc_pid[0] != s->a[0], "J gets a fresh id, not I's %d", s->a[0]);
			key(s, cyc);
		}
		if (tag >= 3 && tag <= 4)
			EXPECT(on(o->reg_on, s->a[0]) && o->ev[RN_EV_FREE] == 0,
			       "I's old id %d stays occupied and powered while reads are in flight", s->a[0]);
		if (tag == 5)
			EXPECT(o->ev[RN_EV_FREE] == 1 && on(o->reg_on, s->a[0]), "the pending free commits after both reads");
		if (tag == 6)
			EXPECT(!rn_occupied(m, s->a[0]) && !on(o->reg_on, s->a[0]), "I's old id is free and off");
		break;
	case C_SRC_DST:
		if (tag == 1) {
			EXPECT(!o->op_rel[0], "a source that is also the destination is not released");
			EXPECT(!o->op_dst_new && o->op_dst_pid == o->op_src_pid[0] && (int)o->op_dst_pid == s->pmap[0][0],
			       "the destination is written in place");
			key(s, cyc);
		}
		if (tag == 2)
			EXPECT(s->frees == 0 && rn_lookup(m, 0, 0) == s->pmap[0][0], "r0 stays mapped, nothing freed");
		break;
	case C_TWICE:
		if (tag == 1) {
			EXPECT(o->op_rel[0] && !o->op_rel[1], "r1 in two slots with release bits: released once (slot 0)");
			key(s, cyc);
		}
		if (tag == 2)
			EXPECT(s->frees == 1 && rn_lookup(m, 0, 1) < 0, "exactly one free (%ld)", s->frees);
		if (tag == 3)
			EXPECT(s->frees == 1 && rn_occ_count(m) == 1, "one free, r2 still occupied (%d ids)", rn_occ_count(m));
		break;
	case C_UNMAPPED:
		if (tag == 1) {
			EXPECT(!o->op_rel[0] && o->op_src_pid[0] == 0, "a release of unmapped r2: no release, id 0");
			key(s, cyc);
		}
		EXPECT(s->frees == 0 && rn_occ_count(m) == 0, "a release of an unmapped register frees nothing");
		break;
	case C_EXIT:
		if (tag == 1) {
			if (first)
				s->a[0] = 0;
			s->a[0]++;
			EXPECT(o->op_ready == (s->a[0] == 2), "R=8 in 4 banks: the sweep takes 2 cycles (cycle %d)", s->a[0]);
			if (first)
				EXPECT(o->alc_gnt[0], "another warp's allocation during the sweep is granted");
			if (o->op_ready) {
				EXPECT(s->frees == 5, "the sweep frees the 5 leftovers (freed %ld)", s->frees);
				key(s, cyc);
			}
		}
		if (tag == 2) {
			for (int r = 0; r < 8; r++)
				EXPECT(rn_lookup(m, 1, r) < 0, "w1's r%d still mapped after its exit", r);
			EXPECT(rn_lookup(m, 0, 3) == s->pmap[0][3] && rn_lookup(m, 2, 0) == s->pmap[2][0],
			       "other warps' mappings unaffected by the sweep");
		}
		break;
	case C_LAUNCH:
		if (tag == 2 || tag == 5) {
			int res = tag == 2 ? 8 : 2;
			for (int p = 0; p < 32; p++)
				EXPECT(on(o->reg_on, p) == (p < res) && rn_occupied(m, p) == (p < res),
				       "after launch exactly ids 0..%d are reserved (id %d)", res - 1, p);
			key(s, cyc);
		}
		if (tag == 3)
			EXPECT(!o->pir_hit, "first pir of pc 8 misses");
		if (tag == 5)
			EXPECT(rn_lookup(m, 0, 0) < 0 && !rn_cursor(m, 0, NULL, NULL), "relaunch clears mappings and cursors");
		if (tag == 6)
			EXPECT(!o->pir_hit, "the flag cache is invalidated by the relaunch: pc 8 misses");
		break;
	case C_EXEMPT:
		if (tag == 1)
			EXPECT(o->alc_pid[0] >= 8, "the reserved exempt ids 0..7 are never allocated (got %u)", o->alc_pid[0]);
		if (tag == 2) {
			EXPECT(o->op_src_pid[0] == 2 && !o->op_rel[0], "exempt (w1, r6): id 1*2+0 = 2, never released");
			EXPECT(o->op_dst_pid == 3 && !o->op_dst_new, "exempt (w1, r7): id 3, not new");
			key(s, cyc);
		}
		EXPECT(s->frees == 0, "nothing is freed");
		if (tag == 4)
			EXPECT(rn_occ_count(m) == 9, "8 reserved + 1 allocated");
		break;
	case C_PBR9:
		if (tag == 1)
			EXPECT(!o->op_ready && o->op_wait == RN_WAIT_OC, "the pbr waits for the warp's operand reads");
		if (tag == 2) {
			if (first)
				s->a[0] = 0;
			s->a[0]++;
			EXPECT(o->op_ready == (s->a[0] == 4), "4 registers in bank 0: 4 cycles (cycle %d)", s->a[0]);
			if (!o->op_ready)
				EXPECT(o->op_wait == RN_WAIT_BANK, "op_wait_o = 1 while banks serialise");
			key(s, cyc);
		}
		if (tag == 3) {
			EXPECT(s->frees == 5 && rn_occ_count(m) == 0, "the 5 mapped registers are freed (%ld)", s->frees);
		}
		break;
	case C_FC_PINNED: {
		int e = -1;
		if (tag == 6)
			EXPECT(o->pir_ready && !o->pir_hit, "3 misses fill the 3 entries");
		if (tag == 1 || tag == 2) {
			EXPECT(!o->pir_ready, "every entry pinned by another warp's cursor: w3's pir miss stalls");
			key(s, cyc);
		}
		if (tag == 9)
			EXPECT(o->pir_ready && o->pir_hit, "w3 hits w0's entry 0 (shared)");
		if (tag == 2)
			EXPECT(!rn_cursor(m, 3, NULL, NULL), "the refused pir dropped w3's cursor (it pins nothing)");
		if (tag == 3)
			EXPECT(o->pir_ready && !o->pir_hit, "after w1's exit, the miss takes its entry");
		if (tag == 5)
			EXPECT(o->pir_ready && o->pir_hit, "a pir of a cached pc (8, w0's entry) hits at once");
		if (tag == 4)
			EXPECT(o->pir_ready && !o->pir_hit, "w0's miss: entries 0 (w2) and 1 (w3) pinned, entry 2 is free to go");
		if (tag == 7)
			EXPECT(o->pir_ready && !o->pir_hit, "w3's miss: its own entry 1 does not pin, it is the victim");
		if (tag == 8) {
			EXPECT(rn_cursor(m, 3, &e, NULL) && e == 1, "w3's pir refilled its own entry 1 (got %d)", e);
			EXPECT(rn_cursor(m, 0, &e, NULL) && e == 2, "w0's cursor on entry 2 (got %d)", e);
		}
		break;
	}
	case C_LONG_BLOCK:
		if (tag == 7)
			s->a[0] = 0;
		if (tag == 1 || tag == 2) {
			int e, sl;
			EXPECT(rn_cursor(m, 0, &e, &sl) && sl == s->a[0], "before instruction %d the cursor is at slot %d",
			       s->a[0], s->a[0]);
			EXPECT(o->op_rel[0] == (tag == 2), "slot %d's flag", s->a[0]);
			s->a[0]++;
		}
		if (tag == 3) {
			EXPECT(!rn_cursor(m, 0, NULL, NULL), "after the 18th instruction the cursor is invalid");
			key(s, cyc);
		}
		if (tag == 4)
			EXPECT(o->op_rel[0], "after the new pir, slot 0's flag releases r1");
		break;
	case C_DOMAIN:
		if (tag == 1) {
			EXPECT(o->ev[RN_EV_FREE] == 1 && o->alc_gnt[0] && o->alc_pid[0] == 4,
			       "id 0 freed and id 4 (same domain) granted in one cycle");
			EXPECT(dom(s, 0) == dom(s, 4), "ids 0 and 4 share a domain");
			EXPECT((o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d stays on (free and grant in one cycle)", dom(s, 0));
			key(s, cyc);
		}
		if (tag == 2 || tag == 3)
			EXPECT((o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d holds id 4: on", dom(s, 0));
		if (tag == 4) {
			EXPECT(o->alc_gnt[0] && o->alc_pid[0] == 0, "id 0 granted (domain of the id freed last cycle)");
			EXPECT((o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d is on in the grant cycle", dom(s, 0));
		}
		if (tag == 5)
			EXPECT((o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d holds id 0: on", dom(s, 0));
		break;
	case C_WEAR:
		if (tag == 1 && in->alc_valid[0]) {
			int wrapped = 0, want = wear_ref(s, m, &wrapped);
			EXPECT(o->alc_gnt[0] && (int)o->alc_pid[0] == want,
			       "WEAR_LEVEL: first free id at or after (%d + SUB_REGS) mod PHYS_REGS is %d, granted %u", s->last,
			       want, o->alc_pid[0]);
			s->last = (int)o->alc_pid[0];
			if (wrapped) {
				s->seen[0]++;
				key(s, cyc);
			}
		}
		break;
	case C_COMMIT_REL:
		if (tag == 1) {
			EXPECT(o->op_ready && o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][1], "I2 releases r1");
			EXPECT(o->ev[RN_EV_FREE] == 1, "the pending free of r0 commits this cycle (oc_q = 0 at the start)");
			key(s, cyc);
		}
		if (tag >= 2 && tag <= 3) {
			unsigned pd[RN_MAX_PF];
			int np = rn_pending(m, 0, pd);
			EXPECT(np == 1 && (int)pd[0] == s->pmap[0][1] && rn_occupied(m, s->pmap[0][1]),
			       "r1's id %d, released in the commit cycle, must stay pending and occupied until its read "
			       "(pending %d)", s->pmap[0][1], np);
			EXPECT(o->ev[RN_EV_FREE] == 0, "nothing is freed before r1's operand read");
		}
		if (tag == 4)
			EXPECT(o->ev[RN_EV_FREE] == 1, "r1's id is freed the cycle after its read");
		if (tag == 5)
			EXPECT(rn_occ_count(m) == 0, "both ids free");
		break;
	case C_PBR_WRITE:
		if (tag == 1) {
			EXPECT(!o->op_ready && o->op_wait == RN_WAIT_OC, "the pbr waits for the warp's operand read of r0");
			EXPECT(s->frees == 0, "nothing is freed before the read");
		}
		if (tag == 3) {
			EXPECT(s->frees == 2 && rn_lookup(m, 0, 0) < 0 && rn_lookup(m, 0, 1) < 0 && rn_occ_count(m) == 0,
			       "the pbr freed the ids of r0 and r1 (freed %ld)", s->frees);
			EXPECT(o->op_ready && o->op_dst_new, "the write right after the pbr sees r0 unmapped: new destination");
			key(s, cyc);
		}
		if (tag == 4) {
			EXPECT(o->alc_gnt[0], "the write of r0 is granted an id");
			s->a[0] = (int)o->alc_pid[0];
		}
		if (tag == 5)
			EXPECT(rn_lookup(m, 0, 0) == s->a[0] && rn_occ_count(m) == 1 && s->frees == 2,
			       "r0 maps to its new id %d, the only occupied one", s->a[0]);
		break;
	default:
		break;
	}
	return NULL;
}

static const char *rs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	rs_stim *s = st;
	(void)in;
	(void)out;
	if (env_mode(s)) {
		long ec;
		const char *e = rne_error(s->env, &ec);
		if (e) {
			snprintf(buf, n, "%s", e);
			return buf;
		}
		if (s->cs == C_RESET && cyc == rs_presets[C_RESET].reset_at + 1) {
			EXPECT(!rn_running(model) && rn_occ_count(model) == 0, "after the reset no kernel runs and nothing is occupied");
			s->seen[0]++;
			if (s->key < 0)
				s->key = cyc;
		}
		if (s->cs == C_BURST) {
			const rne_view *v = rne_now(s->env);
			if (v->nalc == s->c.alloc_ports) {
				s->seen[0]++;
				if (s->key < 0)
					s->key = cyc;
			}
			if (v->nalc > v->ngnt)
				s->seen[1]++;
		}
		return NULL;
	}
	const char *msg = case_check(s, model, cyc, buf, n);
	/* remember grants after the checks (they compare with the previous mapping) */
	for (int k = 0; k < s->c.alloc_ports; k++)
		if (s->in.alc_valid[k] && s->out.alc_gnt[k])
			s->pmap[s->in.alc_warp[k]][s->in.alc_reg[k]] = (int)s->out.alc_pid[k];
	return msg;
}

static const char *rs_finish(void *st, long *key_cycle, char *buf, size_t n)
{
	rs_stim *s = st;
	*key_cycle = s->key;
	if (env_mode(s)) {
		const rne_stats *t = rne_get_stats(s->env);
		switch (s->cs) {
		case C_OVERSUB:
			EXPECT(t->oversub > 0, "no kernel was launched with kw*kr > PHYS_REGS");
			EXPECT(t->alc_stalls > 0, "no allocation was refused");
			EXPECT(t->kernels_done > t->launches / 2 || t->kernels_done >= 2,
			       "kernels did not complete (%llu of %llu)", (unsigned long long)t->kernels_done,
			       (unsigned long long)t->launches);
			break;
		case C_BURST:
			EXPECT(s->seen[0], "no cycle used every allocation port");
			EXPECT(s->seen[1], "no allocation request was refused and retried");
			EXPECT(t->kernels_done >= 1, "no kernel completed");
			break;
		case C_RESET:
			EXPECT(s->seen[0] && t->resets == 1, "the reset was not checked");
			EXPECT(t->kernels_done >= 1, "no kernel completed after the reset");
			break;
		case C_BAD_HINT:
			EXPECT(0, "the early releases were not detected by the data check");
			break;
		default:
			break;
		}
		return NULL;
	}
	switch (s->cs) {
	case C_WEAR:
		EXPECT(s->seen[0], "no WEAR_LEVEL search wrapped around the top");
		break;
	default:
		break;
	}
	EXPECT(s->key >= 0, "the case's key event never happened");
	return NULL;
}

const wg_stim_def wg_stim_rename = {
	.block = &wg_block_rename,
	.knobs = rne_knobs,
	.nknobs = RNE_NKNOBS,
	.cases = rs_cases,
	.ncases = RS_NCASES,
	.size = rs_size,
	.init = rs_init,
	.next = rs_next,
	.observe = rs_observe,
	.check = rs_check,
	.finish = rs_finish,
};
