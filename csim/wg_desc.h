/* wg_desc.h - the one descriptor of a block.
 *
 * Each block (rfc, ...) has one wg_block describing its parameters, ports,
 * energy events and C cycle model. The generator, the C model configuration,
 * the Verilator shim, the stimulus, the docs and the reports are all driven
 * from it. A parameter set is a plain array of long values, one per
 * parameter, in descriptor order; enum parameters hold the index of the
 * chosen name. */
#ifndef WG_DESC_H
#define WG_DESC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WG_MAX_PARAMS 32
#define WG_MAX_PORTS 96 /* hrf_sm: four blocks, every output exported: 77 */
#define WG_MAX_EVENTS 32

typedef struct wg_param_def {
	const char *name;            /* upper-case name, also the Verilog parameter */
	long def;                    /* default: the paper's value */
	long min, max;               /* legal range; for enums 0..nchoices-1 */
	const char *const *choices;  /* enum value names (NULL-terminated) or NULL */
	const char *help;            /* one-line meaning */
	const char *source;          /* where the default comes from (paper, section) */
	int hide_default;            /* 1: added to a released block; at its default it is left out of
	                              * the generated Verilog's header, so the configurations that
	                              * predate it keep their bytes (the manifest lists it) */
} wg_param_def;

typedef enum { WG_IN = 0, WG_OUT = 1 } wg_dir;

typedef struct wg_port_def {
	const char *name;            /* Verilog port name (_i / _o suffix) */
	wg_dir dir;                  /* direction */
	const char *group;           /* wave/doc group: "lookup", "write", ... */
	const char *help;            /* one-line meaning */
} wg_port_def;

typedef struct wg_event_def {
	const char *name;            /* e.g. "rfc_read" */
	const char *help;            /* what one event is, physically */
} wg_event_def;

struct wg_layout;
struct wg_comp;

/* One named part of a block's storage, for the manifest's breakdown. */
typedef struct wg_storage_part {
	const char *name;            /* e.g. "table ids" */
	long bits;                   /* flip-flop bits */
	const char *paper;           /* the paper's accounting this part reproduces, or NULL (our addition) */
} wg_storage_part;
#define WG_MAX_STORAGE_PARTS 24

/* One signal of a C model's key state, for the model trace (cosim/harness/wg_mvcd.h, the
 * `model_state` scope): named like the RTL register that holds it where there is one, so
 * the two show side by side in GTKWave. */
typedef struct wg_state_def {
	const char *name;            /* e.g. "valid_q"; element i of an array is "valid_q[i]" in the trace */
	int width;                   /* bits of one element, 1..WG_STATE_MAX_BITS */
	int count;                   /* elements (1: a plain register; a per-slot array: the slots) */
	/* Element i's value in the model m, LSB first, in (width + 63) / 64 words (zeroed
	 * by the caller); only reads m. */
	void (*get)(const void *m, int i, uint64_t *words);
} wg_state_def;
#define WG_MAX_STATE 16
#define WG_STATE_MAX_BITS 1024

typedef struct wg_block {
	const char *name;            /* block name used on the command line */
	const char *summary;         /* one line for `warpgen list` */
	const char *template_file;   /* file name under rtl_templates/ (NULL for a composition) */
	const struct wg_comp *comp;  /* a composition of other blocks (wg_comp.h), or NULL */
	const wg_param_def *params;
	int nparams;
	const wg_port_def *ports;    /* clk_i is implicit; rst_i is ports[0] */
	int nports;
	const wg_event_def *events;  /* packed into the ev_o output, LSB first */
	int nevents;
	/* Cross-parameter constraints: NULL when consistent, else a message
	 * naming the parameters and the legal relation (written to buf). */
	const char *(*check)(const long *p, char *buf, size_t n);
	/* Port widths (bits, >= 1; 0 = the port is absent in this configuration:
	 * the template leaves it out with {{if ...}}) and per-cycle event-count
	 * field widths. */
	void (*widths)(const long *p, int *port_w, int *event_w);
	/* Flip-flop bits the design needs (data + tags + state); Yosys must agree. */
	long (*storage_bits)(const long *p);
	/* Optional (NULL): the same bits by part; returns the number of parts
	 * written (<= WG_MAX_STORAGE_PARTS). Their sum is storage_bits(p). */
	int (*storage_parts)(const long *p, wg_storage_part *parts);
	/* ---- the C cycle model, driven through port frames ---- */
	size_t (*model_size)(const long *p);                  /* bytes of one model */
	void (*model_init)(void *m, const long *p, const struct wg_layout *L); /* m: zeroed */
	/* Outputs for the current state and inputs. Returns 0, or -1 on a
	 * protocol violation with a one-line reason in err. */
	int (*model_eval)(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
	void (*model_tick)(void *m, const uint32_t *in);      /* the clock edge */
	const uint64_t *(*model_counts)(const void *m);       /* nevents cumulative counts */
	/* Optional (NULL: none): the C model's key state for configuration p, written to defs;
	 * returns their number (<= WG_MAX_STATE). */
	int (*model_state)(const long *p, wg_state_def *defs);
} wg_block;

/* Where each port lives in the input or output frame of one configuration. */
typedef struct wg_layout {
	int nports;
	int width[WG_MAX_PORTS];     /* bits */
	int off[WG_MAX_PORTS];       /* word offset in its direction's frame */
	int nwords[2];               /* frame sizes in words: [WG_IN], [WG_OUT] */
	int nevents;
	int ev_w[WG_MAX_EVENTS];     /* bits of each event field in ev_o */
	int ev_lsb[WG_MAX_EVENTS];   /* bit position of each event field in ev_o */
	int ev_port;                 /* index of the ev_o port, -1 if none */
} wg_layout;

/* ---- parameters ---- */
void wg_params_default(const wg_block *b, long *p);
int wg_param_index(const wg_block *b, const char *name);
/* Parse "NAME=VALUE" into p. Returns NULL or a one-line error in buf. */
const char *wg_param_set(const wg_block *b, long *p, const char *assign, char *buf, size_t n);
/* Apply a list "NAME=VALUE,NAME=VALUE" (a directed case's overrides). NULL or
 * a one-line error in buf. */
const char *wg_params_apply(const wg_block *b, long *p, const char *list, char *buf, size_t n);
/* Range and cross-parameter check of a whole set. NULL or message in buf. */
const char *wg_params_check(const wg_block *b, const long *p, char *buf, size_t n);
/* 0 when the generated header leaves parameter d at value v out (hide_default). */
static inline int wg_param_in_header(const wg_param_def *d, long v)
{
	return !(d->hide_default && v == d->def);
}
/* Value as text: number, or the enum choice name. */
const char *wg_param_text(const wg_param_def *d, long v, char *buf, size_t n);
/* The parameters that differ from the defaults, or "default": a short stable
 * configuration name. as_path: "ACTIVE_WARPS-4_ENTRIES-2" (a folder name),
 * else "ACTIVE_WARPS=4 ENTRIES=2" (for people). */
void wg_config_name(const wg_block *b, const long *p, int as_path, char *buf, size_t n);
/* Legal range as text: "1..64" or "FIFO|LRU". */
const char *wg_param_range(const wg_param_def *d, char *buf, size_t n);

/* ---- ports and frames ---- */
void wg_layout_init(wg_layout *L, const wg_block *b, const long *p);
int wg_port_index(const wg_block *b, const char *name);

/* ---- registry (csim/wg_registry.c, generated list of blocks) ---- */
const wg_block *wg_block_find(const char *name);
const wg_block *const *wg_blocks(int *n);
/* Position of b in wg_blocks() (the order of the generated list), or -1. */
int wg_block_index(const wg_block *b);

#ifdef __cplusplus
}
#endif

#endif
