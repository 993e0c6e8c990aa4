/* wg_dut.h - the design under test as seen from the harness: function
 * pointers. Either the Verilated model (libdut.so loaded with dlopen, its
 * shim API cosim/harness/wg_shim.h) or the native gate-level simulator of a netlist
 * (wg_netsim_dut.h), which needs its context (create_ctx). */
#ifndef WG_DUT_H
#define WG_DUT_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

typedef struct wg_shim wg_shim; /* one model instance (opaque, C++ side) */

typedef struct wg_dut_lib {
	void *so;                                       /* dlopen handle (NULL for the native simulator) */
	int traced;                                     /* built with --trace-fst */
	wg_shim *(*create)(uint64_t seed);              /* new model, random initial state */
	wg_shim *(*create_ctx)(void *ctx, uint64_t seed); /* the same with a context (used when set) */
	void *ctx;                                      /* create_ctx's context */
	void (*destroy)(wg_shim *s);
	void (*set_inputs)(wg_shim *s, const uint32_t *in); /* clk low, drive every input */
	void (*eval)(wg_shim *s);                       /* settle combinational logic */
	void (*get_outputs)(wg_shim *s, uint32_t *out); /* every output, masked */
	void (*tick)(wg_shim *s);                       /* rising clock edge */
	int (*trace_open)(wg_shim *s, const char *path);/* start an FST dump: 0 or -1 */
	void (*trace_close)(wg_shim *s);
	int (*finished)(wg_shim *s);                    /* $finish/$stop/$error seen */
} wg_dut_lib;

/* Load lib and check that its ports agree with layout L (frame sizes and
 * every port width). Returns 0, or -1 with a message in err. */
int wg_dut_load(wg_dut_lib *d, const char *lib, const wg_layout *L, char *err, size_t n);
/* A new instance (create_ctx when set, else create); NULL on failure. */
wg_shim *wg_dut_create(const wg_dut_lib *d, uint64_t seed);

#endif
