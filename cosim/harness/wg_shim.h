/* wg_shim.h - the C++ shim around a Verilated model: its source text,
 * generated from the block descriptor and the frame layout.
 *
 * The shim is the only C++ in warpgen. It is compiled inside the build step
 * (wg_vbuild.c) into libdut.so together with the Verilated model, and it
 * exposes this fixed C API (loaded by wg_dut.c with dlopen):
 *
 *   int  wg_shim_abi(void);                  WG_SHIM_ABI of the generator
 *   int  wg_shim_nwords(int dir);            frame words, dir 0 = inputs, 1 = outputs
 *   int  wg_shim_nports(void);               ports (clk_i not counted)
 *   int  wg_shim_port_width(int i);          bits of port i (descriptor order)
 *   int  wg_shim_traced(void);               1 when built with --trace-fst
 *   wg_shim *wg_shim_create(uint64_t seed);  random initial state from seed
 *   void wg_shim_destroy(wg_shim *s);
 *   void wg_shim_set_inputs(wg_shim *s, const uint32_t *in);   clk low, drive inputs
 *   void wg_shim_eval(wg_shim *s);           settle; dump at cycle*1000 ps
 *   void wg_shim_get_outputs(wg_shim *s, uint32_t *out);
 *   void wg_shim_tick(wg_shim *s);           rising edge at cycle*1000+500 ps
 *   int  wg_shim_trace_open(wg_shim *s, const char *path);    0, or -1
 *   void wg_shim_trace_close(wg_shim *s);
 *   int  wg_shim_finished(wg_shim *s);       RTL ran $finish/$stop/$error
 *
 * The cov flavour's shim (wg_shim_source_flavour with cov = 1) adds
 *   int  wg_shim_cov_file(const char *path); wg_shim_destroy writes the coverage data there
 * (looked up with dlsym by `cosim --coverage`; not part of the ABI above).
 *
 * Time: 1 cycle = 1 ns (`--timescale 1ns/1ps`, so dumps count picoseconds). */
#ifndef WG_SHIM_H
#define WG_SHIM_H

#include "wg_desc.h"

/* Bumped whenever the C API above changes. */
#define WG_SHIM_ABI 1

/* The shim source (caller frees). Deterministic for a given block, layout
 * and top name; the same text serves the untraced and the traced build. */
char *wg_shim_source(const wg_block *b, const wg_layout *L, const char *top);
/* The same, with cov = 1 the cov flavour's text (wg_shim_cov_file and the write in
 * wg_shim_destroy); cov = 0 gives wg_shim_source's text byte for byte. */
char *wg_shim_source_flavour(const wg_block *b, const wg_layout *L, const char *top, int cov);

#endif
