/* wg_timing.c - critical path with ABC's `stime -p` on the flattened netlist
 * mapped to a Liberty library; parsing of ABC's report; the paper clocks
 * and the delay scaling rule. Flow and choices: docs/user-guide.md
 * ("Timing"), ../shared/TOOLCHAIN.md §8.4. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "wg_timing.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wg_area.h"
#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_scale.h"
#include "wg_vtool.h"
#include "wg_yosys.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ------------------------------------------------------------ parsing */

void wg_stime_free(wg_stime *t)
{
	for (int i = 0; i < t->npath; i++)
		free(t->path[i].cell);
	free(t->path);
	memset(t, 0, sizeof *t);
}

/* The last occurrence of s in text, or NULL. */
static const char *last_of(const char *text, const char *s)
{
	const char *hit = NULL;
	for (const char *p = strstr(text, s); p; p = strstr(p + 1, s))
		hit = p;
	return hit;
}

/* The number after "KEY =" (spaces allowed) in [line, eol), or -1 on failure. */
static int num_after(const char *line, const char *eol, const char *key, double *v)
{
	const char *k = strstr(line, key);
	if (!k || k >= eol)
		return -1;
	k += strlen(key);
	while (*k == ' ')
		k++;
	if (*k != '=')
		return -1;
	char *end;
	*v = strtod(k + 1, &end);
	return end == k + 1 || end > eol ? -1 : 0;
}

/* "pi33 (\mark_i [5])." -> "mark_i [5]": the text between the first '(' and
 * the last ')' of [s, eol), without Yosys's leading backslash. */
static int point_name(const char *s, const char *eol, char *buf, size_t n)
{
	const char *open = memchr(s, '(', (size_t)(eol - s));
	const char *close = NULL;
	for (const char *p = eol - 1; p > s; p--)
		if (*p == ')') {
			close = p;
			break;
		}
	if (!open || !close || close <= open)
		return -1;
	open++;
	if (*open == '\\')
		open++;
	size_t len = (size_t)(close - open);
	if (len == 0 || len >= n)
		return -1;
	memcpy(buf, open, len);
	buf[len] = '\0';
	return 0;
}

static const char *eol_of(const char *s)
{
	const char *e = strchr(s, '\n');
	return e ? e : s + strlen(s);
}

int wg_stime_parse(const char *text, wg_stime *t, char *err, size_t n)
{
	memset(t, 0, sizeof *t);
	const char *h = last_of(text, "WireLoad = \"");
	if (!h) {
		snprintf(err, n, "no ABC `stime` report (no \"WireLoad =\" line)");
		return -1;
	}
	const char *eol = eol_of(h);
	const char *q = strchr(h + 12, '"');
	if (!q || q > eol || (size_t)(q - (h + 12)) >= sizeof t->wireload) {
		snprintf(err, n, "ABC stime: unreadable WireLoad name");
		return -1;
	}
	memcpy(t->wireload, h + 12, (size_t)(q - (h + 12)));
	double g;
	if (num_after(h, eol, "Gates", &g) != 0 || num_after(h, eol, "Area", &t->area) != 0 ||
	    num_after(h, eol, "Delay", &t->delay_ps) != 0) {
		snprintf(err, n, "ABC stime: the summary line lacks Gates, Area or Delay");
		return -1;
	}
	t->gates = (long)g;
	const char *unit = strstr(h, "Delay");
	unit = unit ? strchr(unit, '=') : NULL;
	if (unit) {
		strtod(unit + 1, (char **)&unit);
		while (*unit == ' ')
			unit++;
	}
	if (!unit || strncmp(unit, "ps", 2) != 0) {
		snprintf(err, n, "ABC stime: the delay is not in ps");
		return -1;
	}
	int cap = 0, seen_start = 0;
	for (const char *line = eol; *line; line = eol) {
		if (*line == '\n')
			line++;
		eol = eol_of(line);
		const char *s = line;
		if (strncmp(s, "ABC: ", 5) == 0)
			s += 5;
		if (strncmp(s, "Path ", 5) == 0) {
			int idx, id, fin, fout;
			char cell[256];
			if (sscanf(s, "Path %d -- %d : %d %d %255s", &idx, &id, &fin, &fout, cell) != 5 || idx != t->npath) {
				snprintf(err, n, "ABC stime: unreadable path line %d", t->npath);
				wg_stime_free(t);
				return -1;
			}
			double df;
			if (num_after(s, eol, "Df", &df) != 0) {
				snprintf(err, n, "ABC stime: path line %d has no Df", idx);
				wg_stime_free(t);
				return -1;
			}
			if (t->npath == cap) {
				cap = cap ? 2 * cap : 16;
				wg_tcell *np = realloc(t->path, (size_t)cap * sizeof *np);
				if (!np) {
					snprintf(err, n, "out of memory");
					wg_stime_free(t);
					return -1;
				}
				t->path = np;
			}
			wg_tcell *c = &t->path[t->npath];
			c->cell = malloc(strlen(cell) + 1);
			if (!c->cell) {
				snprintf(err, n, "out of memory");
				wg_stime_free(t);
				return -1;
			}
			strcpy(c->cell, cell);
			c->fanin = fin;
			c->fanout = fout;
			c->arrival = df;
			c->delay = t->npath ? df - t->path[t->npath - 1].arrival : df;
			t->npath++;
		} else if (strncmp(s, "Start-point = ", 14) == 0) {
			const char *e = strstr(s, "End-point = ");
			if (!e || e > eol || point_name(s, e, t->start, sizeof t->start) != 0 ||
			    point_name(e, eol, t->end, sizeof t->end) != 0) {
				snprintf(err, n, "ABC stime: unreadable Start-point / End-point line");
				wg_stime_free(t);
				return -1;
			}
			seen_start = 1;
			break;
		}
	}
	if (!seen_start || t->npath == 0) {
		snprintf(err, n, "ABC stime: %s", t->npath ? "no Start-point line" : "no critical path printed (stime -p)");
		wg_stime_free(t);
		return -1;
	}
	if (strcmp(t->path[0].cell, "pi") != 0) {
		snprintf(err, n, "ABC stime: the path does not begin at a primary input (\"%s\")", t->path[0].cell);
		wg_stime_free(t);
		return -1;
	}
	return 0;
}

void wg_net_base(const char *net, char *buf, size_t n)
{
	if (*net == '\\')
		net++;
	size_t len = strcspn(net, " [");
	if (len >= n)
		len = n - 1;
	memcpy(buf, net, len);
	buf[len] = '\0';
}

wg_tp_kind wg_tpoint_kind(const wg_block *b, const char *net, int is_end)
{
	char base[256];
	wg_net_base(net, base, sizeof base);
	if (!is_end && strcmp(base, "clk_i") == 0)
		return WG_TP_IN;
	for (int i = 0; i < b->nports; i++)
		if (strcmp(b->ports[i].name, base) == 0)
			return b->ports[i].dir == WG_IN ? WG_TP_IN : WG_TP_OUT;
	return WG_TP_REG;
}

const char *wg_tp_kind_name(wg_tp_kind k)
{
	return k == WG_TP_IN ? "input port" : k == WG_TP_OUT ? "output port" : "register";
}

/* ------------------------------------------------------------ paper clocks */

/* The cycle each paper gives, at its node. Gebhart, Jeon and Sethia ch. V
 * give both; Xie and Jooya give the clock but no node: the spec's decision
 * A29 (../shared/spec/tfet-and-sync-power-gating.md, 40 nm, GTX480-class)
 * is used and marked assumed. Sethia ch. III-IV (Equalizer, Mascar) give no
 * clock (the GTX480 700 MHz in the spec is GPGPU-Sim's, not the thesis's). */
static const wg_paper_clock paper_clocks[] = {
	{"rfc", "Gebhart ISCA'11", 1000.0, 40, 0, "[P] §4.3: 40 nm standard cells, clock target 1 GHz at 0.9 V"},
	{"sched2l", "Gebhart ISCA'11", 1000.0, 40, 0, "[P] §4.3: 40 nm standard cells, clock target 1 GHz at 0.9 V"},
	{"sm_rfc", "Gebhart ISCA'11", 1000.0, 40, 0, "[P] §4.3: 40 nm standard cells, clock target 1 GHz at 0.9 V"},
	{"rename", "Jeon & Annavaram 2014", 1250.0, 40, 0,
	 "[S] §6.1: a typical 1.25 ns cycle of a 40 nm GPGPU; §8.1: CACTI at 40 nm"},
	{"prefetch_table", "Sethia 2015 ch. V", 1000.0, 65, 0, "Tab. 5.3(a): 1 GHz; §5.4.1: TSMC 65 nm"},
	{"memra", "Xie et al. 2017", 1000.0, 40, 1, "Table 1: core (SM) 1 GHz; node not given: 40 nm (spec A29)"},
	{"tuba", "Xie et al. 2017", 1000.0, 40, 1, "Table 1: core (SM) 1 GHz; node not given: 40 nm (spec A29)"},
	{"hrf_sm", "Xie et al. 2017", 1000.0, 40, 1, "Table 1: core (SM) 1 GHz; node not given: 40 nm (spec A29)"},
	{"slg", "Jooya & Baniasadi DATE'13", 1000.0 / 1.3, 40, 1,
	 "Table I: shader clock 1.3 GHz; node not given: 40 nm (spec A29)"},
	{"sm_slg", "Jooya & Baniasadi DATE'13", 1000.0 / 1.3, 40, 1,
	 "Table I: shader clock 1.3 GHz; node not given: 40 nm (spec A29)"},
};

const wg_paper_clock *wg_paper_clock_find(const char *block)
{
	for (size_t i = 0; i < sizeof paper_clocks / sizeof paper_clocks[0]; i++)
		if (strcmp(paper_clocks[i].block, block) == 0)
			return &paper_clocks[i];
	return NULL;
}

double wg_lib_node_nm(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (strstr(base, "sky130"))
		return 130;
	if (strstr(base, "osu018"))
		return 180;
	if (strstr(base, "gf180"))
		return 180;
	if (strstr(base, "NangateOpenCellLibrary") || strstr(base, "nangate45"))
		return 45;
	return 0;
}

/* ------------------------------------------------------------ runs */

void wg_timing_default_liberty(char *buf, size_t n)
{
	struct stat st;
	snprintf(buf, n, "%s/../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib", wg_root());
	if (stat(buf, &st) == 0 && S_ISREG(st.st_mode))
		return;
	wg_area_default_liberty(buf, n);
	if (stat(buf, &st) == 0 && S_ISREG(st.st_mode))
		return;
	buf[0] = '\0';
}

void wg_timing_free(wg_timing_result *r)
{
	wg_stime_free(&r->st);
}

/* `key : value;` of a Liberty file's library group, as written ("" when absent). */
static void lib_attr(const char *text, const char *key, char *buf, size_t n)
{
	buf[0] = '\0';
	size_t kl = strlen(key);
	for (const char *p = strstr(text, key); p; p = strstr(p + 1, key)) {
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *s = p + kl;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != ':')
			continue;
		s++;
		while (*s == ' ' || *s == '\t' || *s == '"')
			s++;
		size_t len = strcspn(s, "\";\n");
		if (len >= n)
			len = n - 1;
		memcpy(buf, s, len);
		buf[len] = '\0';
		while (len && buf[len - 1] == ' ')
			buf[--len] = '\0';
		char *end;
		double v = strtod(buf, &end);
		if (end != buf && *end == '\0')
			snprintf(buf, n, "%g", v); /* "1.8000000000" -> "1.8" */
		return;
	}
}

/* ABC's script: TOOLCHAIN §8.4's recipe (Yosys turns {D} into -D and ',' into ' '). */
#define WG_ABC_TIMING_SCRIPT                                                                                        \
	"+strash;&get,-n;&fraig,-x;&put;scorr;dc2;dretime;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer;upsize,{D};"    \
	"dnsize,{D};stime,-p"

static void timing_script(wg_buf *o, const wg_block *b, const char *lib)
{
	wg_buf_printf(o, "# warpgen timing: the step-1 netlist of `warpgen area`, flattened, mapped to a Liberty\n"
			 "# library, ABC's static timing (stime -p). Generated: do not edit.\n");
	wg_buf_printf(o, "read_rtlil ../synth.il\n");
	wg_buf_printf(o, "hierarchy -top %s\n", b->name);
	wg_buf_printf(o, "# Flat: a path crosses submodule boundaries; ABC sees all logic between the flops.\n");
	wg_buf_printf(o, "flatten\n");
	wg_buf_printf(o, "hierarchy -top %s\n", b->name);
	wg_buf_printf(o, "# ev_o (per-cycle event counts for the energy model, not the paper's hardware) is\n"
			 "# left out: it stops being a port and opt_clean removes the logic that only feeds it.\n");
	wg_buf_printf(o, "delete -output %s/ev_o\n", b->name);
	wg_buf_printf(o, "opt_clean\n");
	wg_buf_printf(o, "dfflibmap -liberty %s\n", lib);
	wg_buf_printf(o, "# -D 1: a delay target no design meets, so the mapping is delay-driven throughout.\n");
	wg_buf_printf(o, "tee -q -o stime.txt abc -D 1 -liberty %s -script %s\n", lib, WG_ABC_TIMING_SCRIPT);
}

int wg_timing_run(const wg_block *b, const long *p, const char *liberty, wg_timing_result *r, int *code, char *err,
		  size_t n)
{
	memset(r, 0, sizeof *r);
	*code = 2;
	char abs_lib[PATH_MAX];
	if (!liberty || !liberty[0]) {
		snprintf(err, n, "no Liberty file: ../shared/liberty/ has no sky130 file and the OSU 0.18 um "
				 "library is not unpacked (`make deps`); give --liberty FILE");
		return -1;
	}
	if (!realpath(liberty, abs_lib)) {
		snprintf(err, n, "--liberty %s: %s", liberty, strerror(errno));
		return -1;
	}
	size_t liblen = 0;
	char *libtext = wg_read_file(abs_lib, &liblen, err, n);
	if (!libtext)
		return -1;
	if (!strstr(libtext, "library")) {
		snprintf(err, n, "--liberty %s: not a Liberty file (no library group)", liberty);
		free(libtext);
		return -1;
	}
	snprintf(r->lib_path, sizeof r->lib_path, "%s", liberty);
	char proc[64], volt[64], temp[64], cond[96];
	lib_attr(libtext, "default_operating_conditions", cond, sizeof cond);
	lib_attr(libtext, "nom_process", proc, sizeof proc);
	lib_attr(libtext, "nom_voltage", volt, sizeof volt);
	lib_attr(libtext, "nom_temperature", temp, sizeof temp);
	lib_attr(libtext, "time_unit", r->time_unit, sizeof r->time_unit);
	wg_fmt(r->corner, sizeof r->corner, "%s (nom_process %s, nom_voltage %s V, nom_temperature %s C)",
		 cond[0] ? cond : "default", proc[0] ? proc : "?", volt[0] ? volt : "?", temp[0] ? temp : "?");

	/* Step 1: `warpgen area`'s generic synthesis (cached there by content), without waiting for
	 * its transistor count. */
	wg_area_result ar;
	unsigned long long nkey;
	if (wg_area_netlist(b, p, &ar, &nkey, code, err, n) != 0) {
		wg_area_free(&ar);
		free(libtext);
		return -1;
	}
	snprintf(r->dir, sizeof r->dir, "%s", ar.dir);
	snprintf(r->yosys_version, sizeof r->yosys_version, "%s", ar.yosys_version);
	r->flop_bits = ar.flop_bits;
	r->synth_seconds = ar.synth_seconds;
	r->synth_cached = ar.synth_cached;
	wg_area_free(&ar);
	*code = 1;

	/* Step 2: flatten, map, time. Key: Yosys, script, the netlist's identity, Liberty text. */
	wg_buf script = {0};
	timing_script(&script, b, abs_lib);
	uint64_t key = wg_fnv_part(WG_FNV_INIT, r->yosys_version, strlen(r->yosys_version));
	key = wg_fnv_part(key, script.s, strlen(script.s));
	key = wg_fnv_part(key, (const char *)&nkey, sizeof nkey);
	key = wg_fnv_part(key, libtext, liblen);
	free(libtext);
	char tag[200], step[220], txt[240];
	wg_area_lib_tag(abs_lib, tag, sizeof tag);
	snprintf(step, sizeof step, "timing-%s", tag);
	snprintf(txt, sizeof txt, "timing-%s.txt", tag);
	const char *outs[] = {"stime.txt", NULL}, *names[] = {txt, NULL};
	int rc = 0;
	if (wg_yosys_cached(r->dir, step, key, names))
		r->abc_cached = 1;
	else
		rc = wg_yosys_step(r->dir, step, script.s, key, outs, names, &r->abc_seconds, code, err, n);
	wg_buf_free(&script);
	if (rc != 0)
		return -1;
	char path[PATH_MAX + 300];
	snprintf(path, sizeof path, "%s/%s", r->dir, txt);
	char *text = wg_read_file(path, NULL, err, n);
	if (!text)
		return -1;
	char e2[512];
	rc = wg_stime_parse(text, &r->st, e2, sizeof e2);
	free(text);
	if (rc != 0) {
		snprintf(err, n, "%s: %s", path, e2);
		return -1;
	}
	r->start_kind = wg_tpoint_kind(b, r->st.start, 0);
	r->end_kind = wg_tpoint_kind(b, r->st.end, 1);
	return 0;
}
