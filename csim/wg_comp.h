/* wg_comp.h - composing blocks through their descriptors.
 *
 * A composition is a block (a wg_block like any other: parameters, ports,
 * energy events, C model, generated Verilog) made of instances of other
 * blocks connected by wires. Its C model is the instances' C models run
 * together; its Verilog is the instances' generated modules under a
 * generated top; its storage and energy are the instances' sums. Nothing of
 * an instance is written twice. Contract: docs/composition.md. */
#ifndef WG_COMP_H
#define WG_COMP_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WG_COMP_MAX_INST 8        /* instance entries in a descriptor */
#define WG_COMP_MAX_COPIES 40     /* instances after arrays are expanded (copies) */
#define WG_COMP_MAX_WIRES 96

/* One instance: a block, and its parameters as a binding list
 * "CHILD_PARAM=VALUE,..." where VALUE is a parameter name of the
 * composition or an integer/enum literal; child parameters not named keep
 * their defaults. An enum composition parameter bound to an enum child
 * parameter passes its choice by name. */
typedef struct wg_comp_inst {
	const char *name;            /* instance name: Verilog u_<name>, event prefix "<name>." */
	const wg_block *block;       /* the instance's block */
	const char *bind;            /* parameter binding */
	/* NULL: one instance. Else an instance array: the name of a composition
	 * parameter whose value is the number of copies (1..WG_COMP_MAX_COPIES in
	 * all). All copies have the same parameters; a wire endpoint "name.port"
	 * means the copies' ports concatenated (copy 0 in the least significant
	 * bits); an event "name.ev" counts the sum over the copies. Verilog:
	 * one module <top>_<name>, instances u_<name>_0, u_<name>_1, ... */
	const char *count;
} wg_comp_inst;

/* One wire: from a source to a sink. An endpoint is "inst.port" (an
 * instance's port) or "port" (a port of the composition). Sources are
 * composition inputs, instance outputs or a constant "0"/"1" (every bit;
 * instance inputs only); sinks are instance inputs or composition outputs.
 * Widths must match. Every instance input is driven exactly once (rst_i
 * implicitly by the composition's rst_i, ev_o implicitly concatenated),
 * every instance output is read at least once, every composition port is
 * used. */
typedef struct wg_comp_wire {
	const char *from;
	const char *to;
} wg_comp_wire;

typedef struct wg_comp {
	const wg_comp_inst *inst;
	int ninst;
	const wg_comp_wire *wires;
	int nwires;
	/* Optional (NULL when none): a rule between the composition's own
	 * parameters, checked before the instances' own checks so that the
	 * message names the composition's parameters. */
	const char *(*check)(const long *p, char *buf, size_t n);
} wg_comp;

/* Parameters of instance entry k (wg_comp.inst[k]; every copy of an array
 * has them) for composition parameters p (child array of WG_MAX_PARAMS).
 * NULL, or a one-line error in buf. */
const char *wg_comp_child_params(const wg_block *b, int k, const long *p, long *child, char *buf, size_t n);
/* Copies of instance entry k at p: 1 without a count, else the count's
 * value; -1 when k or the count is not legal. */
int wg_comp_copies(const wg_block *b, int k, const long *p);
/* Structural and parameter check of the whole composition at p (bindings,
 * children's own checks, wire widths, driven-once rule, events). NULL or a
 * one-line error. Used as the composition block's check(). */
const char *wg_comp_check(const wg_block *b, const long *p, char *buf, size_t n);


/* The instance k's model inside a composition model (for stimulus and
 * statistics code that reads an instance's state), and its last input and
 * output frames of this cycle. NULL when k is out of range. k counts copies:
 * instance entries in order, an array's copies consecutively (with arrays,
 * k is not the index in wg_comp.inst; see wg_comp_ncopies). */
const void *wg_comp_child(const void *model, int k);
const uint32_t *wg_comp_child_in(const void *model, int k);
const uint32_t *wg_comp_child_out(const void *model, int k);
const wg_layout *wg_comp_child_layout(const void *model, int k);
/* Number of copies (children) in the model, and the first copy of instance
 * entry i (wg_comp.inst[i]). */
int wg_comp_ncopies(const void *model);
int wg_comp_first_copy(const void *model, int i);
/* Evaluation passes of the model's last eval (1 when nothing fed back). */
int wg_comp_passes(const void *model);

/* Generic implementations behind a composition's wg_block (see WG_COMP_BLOCK). */
void wg_comp_widths(const wg_block *b, const long *p, int *port_w, int *event_w);
long wg_comp_storage_bits(const wg_block *b, const long *p);
size_t wg_comp_model_size(const wg_block *b, const long *p);
void wg_comp_model_init(const wg_block *b, void *m, const long *p, const wg_layout *L);
int wg_comp_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void wg_comp_model_tick(void *m, const uint32_t *in);
const uint64_t *wg_comp_model_counts(const void *m);

/* Define the const wg_block SYM of a composition: PARAMS, PORTS and EVENTS
 * are arrays (their sizes are taken with sizeof), COMP a wg_comp object.
 * The block's callbacks get no block pointer, so small static trampolines
 * pass &SYM to the generic functions above. */
#define WG_COMP_BLOCK(SYM, NAME, SUMMARY, PARAMS, PORTS, EVENTS, COMP)                       \
	extern const wg_block SYM;                                                           \
	static const char *SYM##_check(const long *p, char *buf, size_t n)                   \
	{                                                                                    \
		return wg_comp_check(&SYM, p, buf, n);                                       \
	}                                                                                    \
	static void SYM##_widths(const long *p, int *port_w, int *event_w)                  \
	{                                                                                    \
		wg_comp_widths(&SYM, p, port_w, event_w);                                    \
	}                                                                                    \
	static long SYM##_storage_bits(const long *p)                                        \
	{                                                                                    \
		return wg_comp_storage_bits(&SYM, p);                                        \
	}                                                                                    \
	static size_t SYM##_model_size(const long *p)                                        \
	{                                                                                    \
		return wg_comp_model_size(&SYM, p);                                          \
	}                                                                                    \
	static void SYM##_model_init(void *m, const long *p, const wg_layout *L)             \
	{                                                                                    \
		wg_comp_model_init(&SYM, m, p, L);                                           \
	}                                                                                    \
	const wg_block SYM = {                                                               \
		.name = (NAME),                                                              \
		.summary = (SUMMARY),                                                        \
		.template_file = NULL,                                                       \
		.comp = &(COMP),                                                             \
		.params = (PARAMS),                                                          \
		.nparams = (int)(sizeof(PARAMS) / sizeof((PARAMS)[0])),                      \
		.ports = (PORTS),                                                            \
		.nports = (int)(sizeof(PORTS) / sizeof((PORTS)[0])),                         \
		.events = (EVENTS),                                                          \
		.nevents = (int)(sizeof(EVENTS) / sizeof((EVENTS)[0])),                      \
		.check = SYM##_check,                                                        \
		.widths = SYM##_widths,                                                      \
		.storage_bits = SYM##_storage_bits,                                          \
		.model_size = SYM##_model_size,                                              \
		.model_init = SYM##_model_init,                                              \
		.model_eval = wg_comp_model_eval,                                            \
		.model_tick = wg_comp_model_tick,                                            \
		.model_counts = wg_comp_model_counts,                                        \
	}

#ifdef __cplusplus
}
#endif

#endif
