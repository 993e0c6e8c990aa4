/* wg_report.h - what a co-simulation run prints and writes: the PASS line
 * and event/energy table, the mismatch report (Nyuzi style: one line per
 * differing port, both sides), the replay command and the JSON result. */
#ifndef WG_REPORT_H
#define WG_REPORT_H

#include <stdio.h>

#include "wg_cli.h"
#include "wg_energy.h"
#include "wg_harness.h"

#define WG_PATH 4096

typedef struct wg_run_info {
	const wg_opts *o;            /* the command line: block, parameters, seed, case, knobs, rtl */
	const wg_layout *L;          /* frame layout */
	char config[1024];           /* configuration for people ("default", "ENTRIES=4 ...") */
	char config_path[1024];      /* the same as a folder name */
	long cycles_req;             /* --cycles, or the default; -1: directed case without --cycles */
	char rtl_abs[WG_PATH - 64];       /* absolute --rtl path, or "" */
	int energy_ok;               /* em is valid */
	wg_energy_model em;          /* energy per event and leakage */
	char energy_note[1024];       /* why em is not valid */
	char wave_fst[WG_PATH];      /* --wave dump written, or "" */
	char wave_gtkw[WG_PATH];     /* its save file, or "" */
	char win_fst[WG_PATH];       /* failure window dump written, or "" */
	char win_gtkw[WG_PATH];      /* its save file, or "" */
	int model_only;              /* --model-only: the C model and the stimulus's checks, no RTL */
	char gate_args[WG_PATH];     /* " --gate ..." for the replay command, or "" */
	char gparams[2048];          /* --rtl: the -G flags of its top (wg_rtlcheck), or "" */
	char model_vcd[WG_PATH];     /* the C model's trace written (wg_mvcd.h), or "" */
} wg_run_info;

/* One differing port of a failing cycle. */
typedef struct wg_port_diff {
	int port;                    /* port index */
	int hi, lo;                  /* highest and lowest differing bit */
	int nwin;                    /* differing 64-bit windows (wide ports) */
} wg_port_diff;

/* Ports whose bits differ between out_c and out_v, in port order; returns
 * how many (at most max). */
int wg_diff_ports(const wg_block *b, const wg_layout *L, const uint32_t *oc, const uint32_t *ov,
		  wg_port_diff *d, int max);
/* Bits [lo, lo+n) of a frame port as 0x... hex, ceil(n/4) digits. */
void wg_hex(const uint32_t *port_words, int lsb, int n, char *buf, size_t size);

/* The command that reproduces the run (only non-default settings). */
void wg_replay_cmd(const wg_run_info *ri, char *buf, size_t n);
/* Failure report on stdout: MISMATCH block, or FAIL / INTERNAL ERROR line,
 * with the last inputs. */
void wg_report_failure(const wg_run_info *ri, const wg_harness_res *r);
/* After it: the waveform files written and the exact replay command. */
void wg_report_followup(const wg_run_info *ri);
/* PASS line, then (unless -q) the event and energy table. */
void wg_report_pass(const wg_run_info *ri, const wg_harness_res *r);
/* --json FILE, written atomically. Returns 0, or -1 with a message. */
int wg_report_json(const wg_run_info *ri, const wg_harness_res *r, const char *path, char *err, size_t n);

#endif
