/* rename_kernel.h - synthetic kernels for the renaming table (spec
 * renaming-table.md §6): structured code (straight-line blocks, if/else
 * with divergence, nested, loops), the compiler-side liveness pass that
 * places the release hints (pir bits on last reads, pbr lists at
 * reconvergence and loop exits, spec §6.2 steps 1-9), the exemption pass
 * (§2.7, §6.2 step 10), and a per-warp walker that turns the kernel into the
 * dynamic sequence the rename stage sees (pbr, pir, instructions, exit).
 *
 * Everything is deterministic in the seed. No global state.
 *
 * Code layout (8-byte words, byte PCs, blocks in program order from PC 0):
 * a block is its pbr words, then per chunk of up to 18 instructions one pir
 * word followed by the chunk's instructions (spec §6.2 step 9). */
#ifndef RN_KERNEL_H
#define RN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define RNK_NONE 63            /* "no register" */
#define RNK_MAX_INSNS 4096     /* static instructions of one kernel */
#define RNK_MAX_BLOCKS 1024    /* basic blocks */
#define RNK_MAX_PBR 63         /* registers released at one block start (split into pbrs of 9) */
#define RNK_MAX_DEPTH 8        /* nesting of if/loop */
#define RNK_CHUNK 18           /* instructions covered by one pir */

/* Instruction classes (latency is the environment's choice). */
enum { RNK_ALU = 0, RNK_SFU = 1, RNK_LD = 2 /* long latency */, RNK_ST = 3 /* no destination */ };

typedef struct rnk_insn {
	uint8_t src[3];        /* source registers, RNK_NONE = none */
	uint8_t dst;           /* destination, RNK_NONE = none */
	uint8_t rel;           /* pir bits: bit j releases src[j] after this read */
	uint8_t cls;           /* RNK_ALU, RNK_SFU, RNK_LD, RNK_ST */
	uint8_t partial;       /* 1: write inside a divergent region (does not kill, spec §6.2 step 3) */
} rnk_insn;

typedef struct rnk_block {
	int first, n;          /* instructions [first, first + n), n >= 1 */
	uint8_t pbr[RNK_MAX_PBR]; /* registers released at the block start (pbr words of 9) */
	int npbr;              /* how many */
	uint32_t pc;           /* byte PC (multiple of 8) of the block's first word: pbr word m at
	                          pc + 8m, chunk k's pir at pc + 8 (ceil(npbr/9) + 19k) */
} rnk_block;

/* Shape of the synthetic code (one profile per Table 3 workload, or knobs). */
typedef struct rnk_shape {
	int regs;              /* N: registers per thread (incl. address/condition), 1..62 */
	int warps;             /* W: resident warps */
	int rt_entries;        /* table capacity for the exemption pass (W*R <= rt_entries) */
	int insns;             /* target static instructions (1..2048) */
	int if_pct;            /* % of constructs that are if/else */
	int loop_pct;          /* % of constructs that are loops */
	int div_pct;           /* % of dynamic branch instances that diverge (both paths run) */
	int trip;              /* mean loop trip count */
	int ld_pct;            /* % long-latency loads */
	int long_pct;          /* % of registers that are long-lived (defined early, read late) */
	int reuse_pct;         /* % of reads that re-read a recently written value (short lifetimes) */
	int rewrite_pct;       /* % of writes that rewrite a register this or the previous instruction
	                          read (dct8x8, spec §10.2); 0 = default 6 (added field, last) */
	int uses;              /* 1: a temporary's value is read a bounded number of times (1, 2 or 3:
	                          70/20/10 %, Gebhart ISCA'11 Fig. 2a) and then dead; writes go to a dead
	                          temporary first; 0: any defined temporary may be read again until
	                          it is rewritten (added field, last); 2: as 1, and regs - gpr of the
	                          temporaries are address/condition registers (below) */
	int gpr;               /* Table 3's count in parentheses, the general-purpose registers (0: all
	                          regs). With uses = 2, min(regs - gpr, temporaries - 2) temporaries are
	                          address/condition registers ($ofs, $p in PTXPlus): a value written to
	                          one is read once, by the next instruction, then dead; the other reads
	                          never pick one (added field, last) */
} rnk_shape;

/* Static statistics of the hint pass (after exemption). */
typedef struct rnk_hstats {
	int pir_bits;          /* pir release bits set */
	int pbr_regs;          /* registers listed in pbrs */
	int pbr_words;         /* pbr words (ceil(k/9) per block) */
	int deferred;          /* last reads (slot not live-out) whose release went to a pbr */
	int dropped;           /* deferred registers dropped at the target (live-in there) */
	int pir_words;         /* pir words (one per chunk) */
	uint32_t code_bytes;   /* static code size incl. pir/pbr words */
} rnk_hstats;

typedef struct rnk_kernel {
	rnk_shape shape;       /* what it was built from */
	int nregs;             /* N */
	int nexempt;           /* E: registers R..N-1 are exempt (renumbered to the top) */
	int ninsns, nblocks;   /* sizes */
	rnk_insn insn[RNK_MAX_INSNS];
	rnk_block block[RNK_MAX_BLOCKS];
	int dup_hint_pct;      /* % of instructions whose pir flags (rnk_sent_rel) also carry bits the
	                          block ignores (A13, A14); rnk_build sets 0, the caller may change it */
	/* ---- private below ---- */
	/* the structured program the walker follows: lists of nodes (a list starts
	 * and ends with a block node; an if/loop node follows a block node, its
	 * condition / pre-header block, and is followed by one, its join / exit) */
	int nnodes;
	struct rnk_node {
		uint8_t kind;          /* RNK_N_BLOCK, RNK_N_IF, RNK_N_LOOP */
		int block;             /* block: basic block index */
		int a, b;              /* if: then/else list heads (b -1: no else); loop: body list (a) */
		int next;              /* next node in its list, -1 at the end */
		int join;              /* if / loop: block where control reconverges / exits */
	} node[RNK_MAX_BLOCKS * 2];
	int root;                  /* first node */
	uint64_t seed;             /* the seed it was built from */
	rnk_hstats hs;             /* hint statistics */
	int life[64];              /* per register (final ids): max static def->release distance */
	uint8_t orig[64];          /* final id -> generator's id (exemption renumbering) */
} rnk_kernel;

enum { RNK_N_BLOCK = 0, RNK_N_IF = 1, RNK_N_LOOP = 2 };

/* Build a kernel from a shape and a seed; runs liveness, hints and the
 * exemption pass. Returns NULL or a one-line error in err. k: caller's memory. */
const char *rnk_build(rnk_kernel *k, const rnk_shape *s, uint64_t seed, char *err, size_t n);

/* The compiler passes alone on a kernel whose shape (regs, warps,
 * rt_entries), insn[] (src, dst, cls, partial; rel ignored), block[] (first,
 * n) and node structure the caller filled (hand-built kernels in tests):
 * liveness, pir/pbr hints, exemption, PCs. NULL or an error. */
const char *rnk_finish(rnk_kernel *k, char *err, size_t n);

/* The pir flags of instruction i as the kernel's pir word carries them: its
 * release bits (rel), and, for dup_hint_pct % of the instructions (chosen by a
 * hash of the kernel's seed and i, the same for every warp: the flag cache
 * holds one word per PC), bits the block must ignore (docs/rename.md step 3):
 * a renamable source that is the instruction's destination (spec §11 C7, A13:
 * not released) and the earlier slots of a register released in its last slot
 * (C8, A14: released once). rel itself stays the compiler's (rnk_check). */
uint8_t rnk_sent_rel(const rnk_kernel *k, int i);

/* Table 3 workload profiles (spec §5.1): name, # warps, # registers (outside
 * count) and a code shape; NULL-terminated by name. */
typedef struct rnk_profile {
	const char *name;      /* e.g. "matrixMul" */
	int warps, regs;       /* Table 3 # Warps, # Regs/Kernel */
	rnk_shape shape;       /* code shape used for it (assumed: the paper gives none) */
} rnk_profile;
const rnk_profile *rnk_profiles(int *n);

/* The dynamic sequence of one warp. */
enum { RNK_EV_PBR = 0, RNK_EV_PIR = 1, RNK_EV_INSN = 2, RNK_EV_EXIT = 3, RNK_EV_END = 4 };
typedef struct rnk_event {
	int kind;              /* RNK_EV_* */
	uint8_t reg[9];        /* PBR: up to 9 registers, RNK_NONE pads */
	uint32_t pc;           /* PIR: tag = the pir word's byte PC / 8 (distinct per chunk) */
	uint64_t flags;        /* PIR: 54-bit payload (slot i, source j at bit 3i+j) */
	int insn;              /* INSN: static index */
} rnk_event;

typedef struct rnk_walker {
	const rnk_kernel *k;   /* the kernel */
	uint64_t rng;          /* this warp's branch/trip decisions */
	int sp;                /* stack depth */
	struct rnk_frame {
		int node;              /* list frame: next node to run (-1: list done); else the if/loop */
		int phase;             /* RNK_F_LIST, or if: 0 start, 1 then ran (else next), 2 done;
		                          loop: RNK_F_LOOP */
		int count;             /* loop iterations left */
		uint32_t mask;         /* active lanes of this frame */
		uint32_t other;        /* if: lanes of the else part still to run */
	} stk[RNK_MAX_DEPTH * 2 + 2];
	int blk;               /* basic block being emitted, -1 none */
	int pos;               /* position inside it: pbr words, then chunks of 18 with a pir each */
	int done;              /* EXIT emitted */
	uint32_t mask;         /* active lanes of the block being emitted (for checkers) */
	long branches, diverged; /* if instances met, of which divergent */
} rnk_walker;
enum { RNK_F_LIST = 8, RNK_F_LOOP = 9 };

/* Start warp `warp`'s walk (its decisions come from seed and warp). */
void rnk_walk_init(rnk_walker *wk, const rnk_kernel *k, uint64_t seed, int warp);
/* Next dynamic event; RNK_EV_END after EXIT. */
void rnk_walk_next(rnk_walker *wk, rnk_event *ev);

/* Self-check of the hints over `warps` walked warps (walk seed `seed`):
 * per warp, a release unmaps, a write maps (and makes the written lanes
 * valid), a read of an unmapped register or of a lane whose value was
 * destroyed by a release is a failure; exempt registers are never released;
 * the pir payloads match the instructions' bits; EXIT exactly once. Fills
 * the dynamic counts. NULL or the first failure. */
typedef struct rnk_dstats {
	long insns;            /* dynamic instructions */
	long pir_words;        /* pir words met */
	long pbr_words;        /* pbr words met */
	long pbr_regs;         /* registers listed in them */
	long rel_pir;          /* mapped registers released by a pir bit */
	long rel_pbr;          /* mapped registers released by a pbr */
	long pbr_noop;         /* pbr-listed registers that were not mapped */
	long swept;            /* renamable registers still mapped at EXIT (hardware sweep) */
	long allocs;           /* writes to an unmapped renamable register */
	long branches, diverged; /* if instances, of which divergent */
} rnk_dstats;
const char *rnk_check(const rnk_kernel *k, int warps, uint64_t seed, rnk_dstats *st, char *err,
		      size_t n);

#endif
