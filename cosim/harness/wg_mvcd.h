/* wg_mvcd.h - the C model's side of a run as a VCD: clk_i, every input port and the C model's
 * (expected) outputs, one value change per cycle, on the same time axis as the RTL's FST
 * (inputs at cycle x 1000 ps with clk_i low, the rising edge at + 500 ps). Written beside a
 * mismatch window and by `cosim --model-only --wave`. When the block's descriptor names its
 * model's key state (wg_block.model_state), those signals go in a `model_state` scope: the
 * value before the window's first edge at its first cycle, then each change at the rising
 * edge that makes it, as the RTL's _q registers change in its FST. */
#ifndef WG_MVCD_H
#define WG_MVCD_H

#include <stdint.h>
#include <stdio.h>

#include "wg_desc.h"

typedef struct wg_mvcd {
	FILE *f;                 /* the open file, or NULL */
	const wg_block *b;       /* ports */
	const wg_layout *L;      /* their frame places and widths */
	uint32_t *prev[2];       /* last frames written ([WG_IN], [WG_OUT]), NULL before the first */
	int nst;                 /* key-state signals (expanded arrays), 0 when none */
	wg_state_def sd[WG_MAX_STATE]; /* their definitions */
	int *st_def;             /* per signal: its definition in sd */
	int *st_elem;            /* per signal: the element */
	uint64_t *st_prev;       /* per signal: the last value written (st_nw words each) */
	uint64_t *st_cur;        /* scratch: one value */
	int st_nw;               /* words per value (the widest signal) */
	int st_started;          /* 1 once the state's first values are written */
} wg_mvcd;

/* Open PATH and write the header (p: the configuration, for the key state). 0, or -1
 * (nothing open). */
int wg_mvcd_open(wg_mvcd *v, const char *path, const wg_block *b, const wg_layout *L, const long *p);
/* The frames of cycle cyc: in, and the C model's outputs oc; model: the model before the
 * cycle's edge (its state is written at the first cycle only). */
void wg_mvcd_cycle(wg_mvcd *v, long cyc, const uint32_t *in, const uint32_t *oc, const void *model);
/* After the edge of the cycle last written: the key state that changed, at that edge's time. */
void wg_mvcd_edge(wg_mvcd *v, const void *model);
/* Close (no-op when not open). */
void wg_mvcd_close(wg_mvcd *v);

#endif
