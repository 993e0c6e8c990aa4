/* wg_mismatch.c - the failure report: differing ports with their bit
 * ranges and both values, the last inputs, the replay command. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "wg_bits.h"
#include "wg_gen.h"
#include "wg_report.h"

#define WIN_MAX 4          /* 64-bit windows printed per wide port */
#define INPUT_HEX_BITS 256 /* wider input values are shown by their low bits */

void wg_hex(const uint32_t *w, int lsb, int n, char *buf, size_t size)
{
	size_t used = 0;
	int digits = (n + 3) / 4;
	if (size < 4)
		return;
	buf[used++] = '0';
	buf[used++] = 'x';
	for (int d = digits - 1; d >= 0 && used + 1 < size; d--) {
		int nb = n - 4 * d < 4 ? n - 4 * d : 4;
		unsigned v = (unsigned)wg_get(w, (unsigned)(lsb + 4 * d), (unsigned)nb);
		buf[used++] = "0123456789abcdef"[v];
	}
	buf[used] = '\0';
}

int wg_diff_ports(const wg_block *b, const wg_layout *L, const uint32_t *oc, const uint32_t *ov, wg_port_diff *d,
		  int max)
{
	int nd = 0;
	for (int i = 0; i < b->nports && nd < max; i++) {
		if (b->ports[i].dir != WG_OUT)
			continue;
		const uint32_t *a = oc + L->off[i], *v = ov + L->off[i];
		int hi = -1, lo = -1, nwin = 0, lastwin = -1;
		for (int bit = 0; bit < L->width[i]; bit++) {
			if (wg_bit(a, (unsigned)bit) == wg_bit(v, (unsigned)bit))
				continue;
			if (lo < 0)
				lo = bit;
			hi = bit;
			if (bit / 64 != lastwin) {
				lastwin = bit / 64;
				nwin++;
			}
		}
		if (hi >= 0)
			d[nd++] = (wg_port_diff){.port = i, .hi = hi, .lo = lo, .nwin = nwin};
	}
	return nd;
}

/* "expected(C model)=0x.. actual(RTL)=0x.." for bits [lo, lo+n) of port i. */
static void values(const wg_layout *L, const wg_harness_res *r, int i, int lo, int n, char *buf, size_t size)
{
	char e[80], a[80];
	wg_hex(r->out_c + L->off[i], lo, n, e, sizeof e);
	wg_hex(r->out_v + L->off[i], lo, n, a, sizeof a);
	snprintf(buf, size, "expected(C model)=%s actual(RTL)=%s", e, a);
}

/* One differing port: narrow ports show the whole value; wide ports show the
 * differing 64-bit-aligned windows, the first on the same line. */
static void port_lines(const wg_run_info *ri, const wg_harness_res *r, const wg_port_diff *d, const char *lead)
{
	const wg_block *b = ri->o->block;
	const wg_layout *L = ri->L;
	int w = L->width[d->port];
	char val[256];
	printf("%sport=%s bits=[%d:%d]", lead, b->ports[d->port].name, d->hi, d->lo);
	if (w <= 64) {
		values(L, r, d->port, 0, w, val, sizeof val);
		printf(" %s\n", val);
		return;
	}
	int shown = 0;
	for (int win = 0; win * 64 < w; win++) {
		int lo = win * 64, n = w - lo < 64 ? w - lo : 64;
		const uint32_t *a = r->out_c + L->off[d->port], *v = r->out_v + L->off[d->port];
		if (wg_get(a, (unsigned)lo, (unsigned)n) == wg_get(v, (unsigned)lo, (unsigned)n))
			continue;
		if (shown == WIN_MAX) {
			printf("    ... %d more differing 64-bit windows of %s\n", d->nwin - WIN_MAX, b->ports[d->port].name);
			break;
		}
		values(L, r, d->port, lo, n, val, sizeof val);
		printf("%swindow=[%d:%d] %s\n", shown ? "    " : " ", lo + n - 1, lo, val);
		shown++;
	}
}

static void inputs(const wg_run_info *ri, const wg_harness_res *r)
{
	const wg_block *b = ri->o->block;
	const wg_layout *L = ri->L;
	char val[INPUT_HEX_BITS / 4 + 8];
	long last = r->fail_cycle;
	for (long c = last - (WG_HIST - 1); c <= last; c++) {
		if (c < 0 || r->hist_cyc[c % WG_HIST] != c)
			continue;
		const uint32_t *in = r->hist + (size_t)(c % WG_HIST) * (size_t)L->nwords[WG_IN];
		int any = 0;
		printf("  inputs cycle %ld:", c);
		for (int i = 0; i < b->nports; i++) {
			if (b->ports[i].dir != WG_IN)
				continue;
			const uint32_t *pw = in + L->off[i];
			int w = L->width[i], nz = 0;
			for (int k = 0; k < (w + 31) / 32; k++)
				nz |= pw[k] != 0;
			if (!nz)
				continue;
			int n = w > INPUT_HEX_BITS ? INPUT_HEX_BITS : w;
			wg_hex(pw, 0, n, val, sizeof val);
			printf(" %s=%s%s", b->ports[i].name, w > n ? "(low bits)" : "", val);
			any = 1;
		}
		printf("%s\n", any ? "" : " (all zero)");
	}
}

void wg_replay_cmd(const wg_run_info *ri, char *buf, size_t n)
{
	const wg_opts *o = ri->o;
	const wg_block *b = o->block;
	long base[WG_MAX_PARAMS];
	char v[64], cwd[WG_PATH], err[256];
	wg_params_default(b, base);
	if (o->case_idx >= 0) /* --case re-applies these */
		wg_params_apply(b, base, o->stim->cases[o->case_idx].params, err, sizeof err);
	int at_root = getcwd(cwd, sizeof cwd) && strcmp(cwd, wg_root()) == 0;
	size_t used = (size_t)snprintf(buf, n, "%s%sbin/warpgen cosim %s", at_root ? "" : wg_root(), at_root ? "" : "/",
				       b->name);
#define ADD(...) (used += (size_t)snprintf(buf + used, used < n ? n - used : 0, __VA_ARGS__))
	for (int i = 0; i < b->nparams; i++)
		if (o->p[i] != base[i])
			ADD(" --set %s=%s", b->params[i].name, wg_param_text(&b->params[i], o->p[i], v, sizeof v));
	for (int k = 0; k < o->stim->nknobs; k++)
		if (o->knobs[k] != o->stim->knobs[k].def)
			ADD(" --knob %s=%s", o->stim->knobs[k].name, wg_param_text(&o->stim->knobs[k], o->knobs[k], v, sizeof v));
	ADD(" --seed %llu", (unsigned long long)o->seed);
	if (ri->cycles_req >= 0)
		ADD(" --cycles %ld", ri->cycles_req);
	if (o->case_idx >= 0)
		ADD(" --case %s", o->stim->cases[o->case_idx].name);
	if (ri->gate_args[0])
		ADD("%s", ri->gate_args);
	else if (ri->rtl_abs[0])
		ADD(" --rtl %s", ri->rtl_abs);
	if (ri->model_only) /* the C model and the stimulus's checks alone, as the run was */
		ADD(" --model-only");
#undef ADD
}

static void head(const wg_run_info *ri, const char *word, const wg_harness_res *r)
{
	const wg_opts *o = ri->o;
	printf("%s %s %s", word, o->block->name, ri->config);
	if (o->case_idx >= 0)
		printf(" case=%s", o->stim->cases[o->case_idx].name);
	printf(" seed=%llu cycle=%ld", (unsigned long long)o->seed, r->fail_cycle);
}

void wg_report_failure(const wg_run_info *ri, const wg_harness_res *r)
{
	if (r->verdict == WG_V_MISMATCH) {
		wg_port_diff d[WG_MAX_PORTS];
		int nd = wg_diff_ports(ri->o->block, ri->L, r->out_c, r->out_v, d, WG_MAX_PORTS);
		head(ri, "MISMATCH", r);
		if (nd == 0)
			printf(" (the frames differ only above a port's width: a bug in the C model's frame packing)\n");
		else
			port_lines(ri, r, &d[0], " ");
		for (int k = 1; k < nd; k++)
			port_lines(ri, r, &d[k], "  also ");
		inputs(ri, r);
	} else if (r->verdict == WG_V_PROTOCOL || r->verdict == WG_V_NORESET) {
		head(ri, "INTERNAL ERROR", r);
		printf(": %s%s\n", r->verdict == WG_V_PROTOCOL ? "the stimulus broke the protocol: " : "", r->msg);
		if (r->fail_cycle >= 0)
			inputs(ri, r);
	} else {
		head(ri, "FAIL", r);
		printf(" %s: %s\n", wg_verdict_name(r->verdict), r->msg);
		if (r->verdict == WG_V_ASSERT || r->verdict == WG_V_CHECK)
			inputs(ri, r);
	}
	const wg_opts *o = ri->o;
	const char *want = o->case_idx >= 0 ? o->stim->cases[o->case_idx].expect_fail : NULL;
	if (!want)
		return;
	if ((r->verdict == WG_V_CHECK || r->verdict == WG_V_PROTOCOL) && strstr(r->msg, want))
		printf("  EXPECTED: %s is a negative case: its check must fail with '%s', and it did; this FAIL\n"
		       "  (exit 1) is the case's expected result, not a bug in the design\n",
		       o->stim->cases[o->case_idx].name, want);
	else
		printf("  note: %s is a negative case, but this is not the failure it expects (a CHECK or protocol failure with '%s')\n",
		       o->stim->cases[o->case_idx].name, want);
}

void wg_report_followup(const wg_run_info *ri)
{
	char cmd[8192];
	wg_replay_cmd(ri, cmd, sizeof cmd);
	if (ri->win_fst[0])
		printf("  wave window: %s\n  gtkwave %s %s\n", ri->win_fst, ri->win_fst, ri->win_gtkw);
	if (ri->model_vcd[0])
		printf("  C model (inputs, expected outputs)%s: %s\n  gtkwave %s\n",
		       ri->win_fst[0] ? ", the window's cycles" : "", ri->model_vcd, ri->model_vcd);
	if (ri->wave_fst[0])
		printf("  wave: %s\n  gtkwave %s %s\n", ri->wave_fst, ri->wave_fst, ri->wave_gtkw);
	printf("  replay: %s\n", cmd);
}
