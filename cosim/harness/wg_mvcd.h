/* wg_mvcd.h - the C model's side of a run as a VCD: clk_i, every input port and the C model's
 * (expected) outputs, one value change per cycle, on the same time axis as the RTL's FST
 * (inputs at cycle x 1000 ps with clk_i low, the rising edge at + 500 ps). Written beside a
 * mismatch window and by `cosim --model-only --wave`. */
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
} wg_mvcd;

/* Open PATH and write the header. 0, or -1 (nothing open). */
int wg_mvcd_open(wg_mvcd *v, const char *path, const wg_block *b, const wg_layout *L);
/* The frames of cycle cyc: in, and the C model's outputs oc. */
void wg_mvcd_cycle(wg_mvcd *v, long cyc, const uint32_t *in, const uint32_t *oc);
/* Close (no-op when not open). */
void wg_mvcd_close(wg_mvcd *v);

#endif
