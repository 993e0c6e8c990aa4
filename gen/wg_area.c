/* wg_area.c - Yosys area runs: scripts, caching, `stat` parsing, Liberty
 * numbers. The flow and its reasons are in docs/energy-model.md ("Area"). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "wg_area.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_liberty.h"
#include "wg_proc.h"
#include "wg_vtool.h"
#include "wg_yosys.h"

static unsigned long long fnv_str(unsigned long long h, const char *s)
{
	return wg_fnv_part(h, s, strlen(s)); /* s and a NUL: "ab"+"c" != "a"+"bc" */
}

/* ------------------------------------------------------------------ stat */

void wg_stat_free(wg_stat *s)
{
	for (int i = 0; i < s->ntypes; i++)
		free(s->types[i].type);
	free(s->types);
	memset(s, 0, sizeof *s);
}

long wg_stat_count(const wg_stat *s, const char *type)
{
	for (int i = 0; i < s->ntypes; i++)
		if (strcmp(s->types[i].type, type) == 0)
			return s->types[i].count;
	return 0;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

int wg_cell_is_flop(const char *t)
{
	return starts(t, "$_DFF") || starts(t, "$_SDFF") || starts(t, "$_ALDFF");
}

int wg_cell_is_latch(const char *t)
{
	return starts(t, "$_DLATCH") || starts(t, "$_SR_");
}

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The section of the whole design: the last "=== design hierarchy ===", or
 * the only module section of a flat design. */
static const char *design_section(const char *text, char *err, size_t n)
{
	const char *h = NULL, *s = text, *last = NULL;
	int nmod = 0;
	while ((s = strstr(s, "=== ")) != NULL) {
		if (starts(s, "=== design hierarchy ==="))
			h = s;
		else
			nmod++;
		last = s;
		s += 4;
	}
	if (h)
		return h;
	if (nmod == 1)
		return last;
	snprintf(err, n, "Yosys stat output has %d module sections and no design hierarchy section", nmod);
	return NULL;
}

int wg_stat_parse(const char *text, wg_stat *st, char *err, size_t n)
{
	memset(st, 0, sizeof *st);
	st->transistors = -1;
	st->chip_area = -1;
	st->cells = -1;
	const char *sec = design_section(text, err, n);
	if (!sec)
		return -1;
	int cap = 0, in_cells = 0;
	for (const char *line = strchr(sec, '\n'); line && *line; line = strchr(line, '\n')) {
		line++;
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		char buf[512];
		if (len >= sizeof buf)
			len = sizeof buf - 1;
		memcpy(buf, line, len);
		buf[len] = '\0';
		const char *s = skip_ws(buf);
		if (starts(s, "=== "))
			break;
		if (*s == '\0') {
			in_cells = 0;
			continue;
		}
		if (starts(s, "Number of cells:")) {
			st->cells = strtol(s + 16, NULL, 10);
			in_cells = 1;
			continue;
		}
		if (starts(s, "Estimated number of transistors:")) {
			char *end;
			st->transistors = strtol(s + 32, &end, 10);
			st->transistors_partial = *end == '+';
			in_cells = 0;
			continue;
		}
		if (starts(s, "Chip area for")) {
			const char *colon = strrchr(s, ':');
			if (colon)
				st->chip_area = strtod(colon + 1, NULL);
			in_cells = 0;
			continue;
		}
		if (in_cells) {
			/* "  TYPE   COUNT" */
			char type[400];
			long cnt;
			if (sscanf(s, "%399s %ld", type, &cnt) != 2) {
				in_cells = 0;
				continue;
			}
			if (st->ntypes == cap) {
				cap = cap ? 2 * cap : 32;
				wg_cellcount *nt = realloc(st->types, (size_t)cap * sizeof *nt);
				if (!nt) {
					snprintf(err, n, "out of memory");
					wg_stat_free(st);
					return -1;
				}
				st->types = nt;
			}
			st->types[st->ntypes].type = malloc(strlen(type) + 1);
			if (!st->types[st->ntypes].type) {
				snprintf(err, n, "out of memory");
				wg_stat_free(st);
				return -1;
			}
			strcpy(st->types[st->ntypes].type, type);
			st->types[st->ntypes++].count = cnt;
		}
	}
	if (st->cells < 0) {
		snprintf(err, n, "no \"Number of cells\" line in the Yosys stat output");
		wg_stat_free(st);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ runs */

void wg_area_default_liberty(char *buf, size_t n)
{
	/* unpacked by `make deps` into the checkout's out/, whatever --out says */
	snprintf(buf, n, "%s/out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib", wg_root());
}

void wg_area_free(wg_area_result *r)
{
	wg_stat_free(&r->generic);
	wg_stat_free(&r->cmos);
	wg_stat_free(&r->lib);
}

static int parse_file(const char *dir, const char *name, wg_stat *st, char *err, size_t n)
{
	char path[PATH_MAX + 300], e2[600];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	char *text = wg_read_file(path, NULL, err, n);
	if (!text)
		return -1;
	int rc = wg_stat_parse(text, st, e2, sizeof e2);
	free(text);
	if (rc != 0)
		snprintf(err, n, "%s: %s", path, e2);
	return rc;
}

/* The scripts. Each runs inside a work folder one level below dir. */
static void netlist_lines(wg_buf *o, const wg_block *b)
{
	wg_buf_printf(o, "read_verilog ../%s.v\n", b->name);
	wg_buf_printf(o, "hierarchy -check -top %s\n", b->name);
	wg_buf_printf(o, "synth -top %s\n", b->name);
	wg_buf_printf(o, "tee -q -o generic.txt stat\n");
	wg_buf_printf(o, "write_rtlil synth.il\n");
}

static void synth_script(wg_buf *o, const wg_block *b, const long *p, int fast)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf_printf(o, "# warpgen area, step 1: generic synthesis of %s (%s). Generated: do not edit.\n", b->name, cfg);
	wg_buf_printf(o, "# Hierarchical (no -flatten): each distinct submodule, e.g. the lane bank, is\n"
			 "# synthesized and mapped once; stat multiplies it by its instance count.\n");
	netlist_lines(o, b);
	wg_buf_printf(o, "# Technology-independent transistor count: every flop becomes a plain\n"
			 "# D flip-flop ($_DFF_P_), logic maps to NAND/NOR/NOT (TOOLCHAIN §5).\n");
	wg_buf_printf(o, "dfflegalize -cell $_DFF_P_ 01\n");
	wg_buf_printf(o, "abc -g cmos2%s\n", fast ? " -script +" WG_AREA_ABC_FAST_G : "");
	wg_buf_printf(o, "opt_clean\n");
	wg_buf_printf(o, "tee -q -o cmos.txt stat -tech cmos\n");
}

/* Step 1 without the transistor count (wg_area_netlist): the same synthesis, so the same netlist.
 * (The count stays in step 1: ABC maps the netlist Yosys holds in memory, and mapping it again
 * from synth.il gives another count, 4,250 against 4,528 transistors on wrc WARPS=4.) */
static void netlist_script(wg_buf *o, const wg_block *b, const long *p)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf_printf(o, "# warpgen area, step 1 without the transistor count: generic synthesis of %s (%s).\n"
			 "# Generated: do not edit.\n", b->name, cfg);
	netlist_lines(o, b);
}

static void lib_script(wg_buf *o, const wg_block *b, const char *lib, int fast)
{
	wg_buf_printf(o, "# warpgen area, step 2: map the step-1 netlist to a Liberty library. Generated: do not edit.\n");
	wg_buf_printf(o, "read_rtlil ../synth.il\n");
	wg_buf_printf(o, "hierarchy -top %s\n", b->name);
	wg_buf_printf(o, "dfflibmap -liberty %s\n", lib);
	wg_buf_printf(o, "abc -liberty %s%s\n", lib, fast ? " -script +" WG_AREA_ABC_FAST_LIB : "");
	wg_buf_printf(o, "opt_clean\n");
	wg_buf_printf(o, "tee -q -o lib.txt stat -liberty %s\n", lib);
}

void wg_area_lib_tag(const char *abs, char *buf, size_t n)
{
	const char *base = strrchr(abs, '/');
	base = base ? base + 1 : abs;
	char name[128];
	wg_fmt(name, sizeof name, "%s", base);
	char *dot = strstr(name, ".lib");
	if (dot)
		*dot = '\0';
	for (char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			*c = '_';
	snprintf(buf, n, "%s-%08llx", name, (unsigned long long)(fnv_str(WG_FNV_INIT, abs) & 0xffffffffull));
}

/* Both flows: the result's folder out/area/<block>/<config> and Yosys's
 * version (part of every cache key). */
static int area_begin(const wg_block *b, const long *p, wg_area_result *r, int *code, char *err, size_t n)
{
	memset(r, 0, sizeof *r);
	r->storage_bits = b->storage_bits(p);
	*code = 2;
	char cfg[1024];
	wg_config_name(b, p, 1, cfg, sizeof cfg);
	snprintf(r->dir, sizeof r->dir, "%s/area/%s/%s", wg_out_dir(), b->name, cfg);
	if (wg_yosys_version(r->yosys_version, sizeof r->yosys_version) != 0) {
		*code = 1; /* a tool failure, not bad input */
		snprintf(err, n, "yosys not found or not working (`yosys -V` failed): install it with `make deps`");
		return -1;
	}
	return 0;
}

/* Both flows: generate the configuration into r->dir and return its Verilog
 * text (the cache key's last part), or NULL with a message. From here on a
 * failure is the tool's (*code = 1), not bad input. */
static char *area_verilog(const wg_block *b, const long *p, wg_area_result *r, int *code, char *err, size_t n)
{
	if (wg_generate(b, p, b->name, r->dir, err, n) != 0)
		return NULL;
	*code = 1;
	char vpath[PATH_MAX + 300];
	snprintf(vpath, sizeof vpath, "%s/%s.v", r->dir, b->name);
	return wg_read_file(vpath, NULL, err, n);
}

/* Both flows' Yosys step: reuse its cached outputs or run it (r->synth_*); with only_cached,
 * return 1 instead of running it. */
static int area_step(wg_area_result *r, const char *step, const char *script, unsigned long long key,
		     const char *const *outs, int only_cached, int *code, char *err, size_t n)
{
	if (wg_yosys_cached(r->dir, step, key, outs)) {
		r->synth_cached = 1;
		r->synth_cached_at = wg_yosys_cached_at(r->dir, step);
		return 0;
	}
	if (only_cached)
		return 1;
	return wg_yosys_step(r->dir, step, script, key, outs, outs, &r->synth_seconds, code, err, n);
}

/* r->flop_bits and r->latch_bits from r->generic */
static int count_flops(wg_area_result *r, char *err, size_t n)
{
	for (int i = 0; i < r->generic.ntypes; i++) {
		const wg_cellcount *c = &r->generic.types[i];
		if (wg_cell_is_flop(c->type))
			r->flop_bits += c->count;
		else if (wg_cell_is_latch(c->type))
			r->latch_bits += c->count;
		else if (c->type[0] == '$' && c->type[1] != '_') {
			snprintf(err, n, "%s/generic.txt: word-level cell %s left after synth: cannot count its bits",
				 r->dir, c->type);
			return -1;
		}
	}
	return 0;
}

static int area_run(const wg_block *b, const long *p, const char *liberty, int abc_fast, int only_cached,
		    wg_area_result *r, int *code, char *err, size_t n)
{
	if (area_begin(b, p, r, code, err, n) != 0)
		return -1;
	r->abc_fast = abc_fast;
	char abs_lib[PATH_MAX];
	char *libtext = NULL;
	size_t liblen = 0;
	if (liberty) {
		if (!realpath(liberty, abs_lib)) {
			snprintf(err, n, "cannot read %s: %s (--liberty FILE, or --liberty none)", liberty, strerror(errno));
			return -1;
		}
		libtext = wg_read_file(abs_lib, &liblen, err, n);
		if (!libtext)
			return -1;
		snprintf(r->lib_path, sizeof r->lib_path, "%s", liberty);
	}
	char *verilog = area_verilog(b, p, r, code, err, n);
	if (!verilog) {
		free(libtext);
		return -1;
	}

	/* Step 1: synth, generic stat, RTLIL netlist, transistor count. */
	wg_buf script = {0};
	synth_script(&script, b, p, abc_fast);
	unsigned long long key = fnv_str(fnv_str(fnv_str(WG_FNV_INIT, r->yosys_version), script.s), verilog);
	free(verilog);
	static const char *const s_outs[] = {"generic.txt", "cmos.txt", "synth.il", NULL};
	int rc = area_step(r, "synth", script.s, key, s_outs, only_cached, code, err, n);
	wg_buf_free(&script);
	if (rc == 1) {
		free(libtext);
		return 1;
	}
	if (rc == 0)
		rc = parse_file(r->dir, "generic.txt", &r->generic, err, n);
	if (rc == 0)
		rc = parse_file(r->dir, "cmos.txt", &r->cmos, err, n);
	if (rc != 0) {
		free(libtext);
		return -1;
	}
	if (count_flops(r, err, n) != 0) {
		free(libtext);
		return -1;
	}
	r->cmos_flops = wg_stat_count(&r->cmos, "$_DFF_P_");
	if (!liberty)
		return 0;

	/* Step 2: Liberty mapping and area; leakage from the Liberty file. */
	char tag[200], step[220], txt[240];
	wg_area_lib_tag(abs_lib, tag, sizeof tag);
	snprintf(step, sizeof step, "lib-%s", tag);
	snprintf(txt, sizeof txt, "lib-%s.txt", tag);
	lib_script(&script, b, abs_lib, abc_fast);
	unsigned long long lkey = fnv_str(fnv_str(WG_FNV_INIT, r->yosys_version), script.s);
	lkey = wg_fnv_part(lkey, (const char *)&key, sizeof key);
	lkey = wg_fnv_part(lkey, libtext, liblen);
	const char *l_outs[] = {"lib.txt", NULL}, *l_names[] = {txt, NULL};
	const char *l_check[] = {txt, NULL};
	rc = 0;
	if (wg_yosys_cached(r->dir, step, lkey, l_check)) {
		r->lib_cached = 1;
	} else if (only_cached) {
		wg_buf_free(&script);
		free(libtext);
		return 1;
	} else
		rc = wg_yosys_step(r->dir, step, script.s, lkey, l_outs, l_names, &r->lib_seconds, code, err, n);
	wg_buf_free(&script);
	if (rc == 0)
		rc = parse_file(r->dir, txt, &r->lib, err, n);
	wg_lib lib = {0};
	if (rc == 0) {
		char e2[600];
		rc = wg_lib_parse(&lib, liberty, libtext, liblen, e2, sizeof e2);
		if (rc != 0)
			snprintf(err, n, "%s", e2);
	}
	free(libtext);
	if (rc != 0)
		return -1;
	r->have_lib = 1;
	r->area_um2 = r->lib.chip_area;
	snprintf(r->leak_unit, sizeof r->leak_unit, "%s", lib.unit_text[3][0] ? lib.unit_text[3] : "1nW (default)");
	double leak = 0;
	for (int i = 0; i < r->lib.ntypes; i++) {
		const wg_cellcount *c = &r->lib.types[i];
		const wg_lib_cell *lc = wg_lib_cell_find(&lib, c->type);
		if (lc && lc->seq != WG_LIB_COMB)
			r->lib_flops += c->count;
		if (lc)
			leak += lc->leakage_nw * (double)c->count; /* power_tables/wg_liberty.h: the cell's leakage, nW */
		else
			r->leak_missing += c->count;
	}
	r->have_leak = r->leak_missing < r->lib.cells;
	r->leak_nw = leak;
	wg_lib_free(&lib);
	if (r->area_um2 < 0) {
		snprintf(err, n, "%s/%s: no \"Chip area\" line (does the Liberty file give cell areas?)", r->dir, txt);
		return -1;
	}
	return 0;
}

int wg_area_run(const wg_block *b, const long *p, const char *liberty, int abc_fast, wg_area_result *r, int *code,
		char *err, size_t n)
{
	return area_run(b, p, liberty, abc_fast, 0, r, code, err, n);
}

int wg_area_cached(const wg_block *b, const long *p, const char *liberty, int abc_fast, wg_area_result *r,
		   int *code, char *err, size_t n)
{
	return area_run(b, p, liberty, abc_fast, 1, r, code, err, n);
}

/* ---- the flip-flop check alone ---- */

int wg_area_netlist(const wg_block *b, const long *p, wg_area_result *r, unsigned long long *key, int *code,
		    char *err, size_t n)
{
	if (area_begin(b, p, r, code, err, n) != 0)
		return -1;
	char *verilog = area_verilog(b, p, r, code, err, n);
	if (!verilog)
		return -1;
	wg_buf full = {0}, script = {0};
	synth_script(&full, b, p, 0);
	netlist_script(&script, b, p);
	unsigned long long skey = fnv_str(fnv_str(fnv_str(WG_FNV_INIT, r->yosys_version), full.s), verilog);
	*key = fnv_str(fnv_str(fnv_str(WG_FNV_INIT, r->yosys_version), script.s), verilog);
	free(verilog);
	wg_buf_free(&full);
	static const char *const s_outs[] = {"generic.txt", "cmos.txt", "synth.il", NULL};
	static const char *const n_outs[] = {"generic.txt", "synth.il", NULL};
	int rc = 0;
	if (wg_yosys_cached(r->dir, "synth", skey, s_outs) || wg_yosys_cached(r->dir, "netlist", *key, n_outs))
		r->synth_cached = 1;
	else
		rc = wg_yosys_step(r->dir, "netlist", script.s, *key, n_outs, n_outs, &r->synth_seconds, code, err, n);
	wg_buf_free(&script);
	if (rc == 0)
		rc = parse_file(r->dir, "generic.txt", &r->generic, err, n);
	return rc == 0 ? count_flops(r, err, n) : -1;
}

static void flops_script(wg_buf *o, const wg_block *b, const long *p)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf_printf(o, "# warpgen area --flops-only: the flip-flop synthesis of %s (%s). Generated: do not edit.\n", b->name,
		      cfg);
	wg_buf_printf(o, "read_verilog ../%s.v\n", b->name);
	wg_buf_printf(o, "hierarchy -check -top %s\n", b->name);
	wg_buf_printf(o, "%s\n", WG_AREA_FLOPS_FLOW);
	wg_buf_printf(o, "tee -q -o coarse.txt stat -width\n");
}

/* "$sdffe_10" -> 10 when the type is a word-level flip-flop (or latch when
 * latch != 0), else 0. */
static long word_cell_width(const char *type, int latch)
{
	const char *u = strrchr(type, '_');
	if (type[0] != '$' || !u || u == type + 1)
		return 0;
	char base[64];
	size_t len = (size_t)(u - type);
	if (len >= sizeof base)
		return 0;
	memcpy(base, type, len);
	base[len] = '\0';
	int is_latch = strstr(base, "dlatch") != NULL;
	int is_flop = !is_latch && strstr(base, "dff") != NULL;
	if (latch ? !is_latch : !is_flop)
		return 0;
	char *end;
	long w = strtol(u + 1, &end, 10);
	return *end == '\0' && w > 0 ? w : 0;
}

int wg_area_flops(const wg_block *b, const long *p, wg_area_result *r, int *code, char *err, size_t n)
{
	if (area_begin(b, p, r, code, err, n) != 0)
		return -1;
	char *verilog = area_verilog(b, p, r, code, err, n);
	if (!verilog)
		return -1;
	wg_buf script = {0};
	flops_script(&script, b, p);
	unsigned long long key = fnv_str(fnv_str(fnv_str(WG_FNV_INIT, r->yosys_version), script.s), verilog);
	free(verilog);
	static const char *const outs[] = {"coarse.txt", NULL};
	int rc = area_step(r, "flops", script.s, key, outs, 0, code, err, n);
	wg_buf_free(&script);
	if (rc == 0)
		rc = parse_file(r->dir, "coarse.txt", &r->generic, err, n);
	if (rc != 0)
		return -1;
	for (int i = 0; i < r->generic.ntypes; i++) {
		const wg_cellcount *c = &r->generic.types[i];
		r->flop_bits += word_cell_width(c->type, 0) * c->count;
		r->latch_bits += word_cell_width(c->type, 1) * c->count;
		if (wg_cell_is_flop(c->type))
			r->flop_bits += c->count;
		else if (wg_cell_is_latch(c->type))
			r->latch_bits += c->count;
	}
	return 0;
}
