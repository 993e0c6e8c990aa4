/* pv_lemma.c - a block's strengthening lemmas for `warpgen prove --netlist`
 * (rtl_templates/<block>_lemmas.txt, or --lemmas F): relations between the RTL's and the
 * netlist's internal signals that the miter proves together with its outputs. They are
 * assertions, never assumptions: a proof shows every one of them and every output holds in
 * every reachable state, so a lemma that does not hold gives a counterexample (or no verdict),
 * never a wrong "proven". What they buy: induction (scorr, pdr) gets the fact it cannot find by
 * itself (docs/cosim.md "Strengthening lemmas").
 *
 * One lemma a line ('#' starts a comment; the file goes through the template's {{if}} sections):
 *   equal SIGNAL                  the signal is equal on both sides
 *   equal SIGNAL while VALID      equal whenever VALID is set on both sides
 * SIGNAL is a name of the flattened design (a memory word as Yosys's memory_map names it:
 * g_bank[0].rtp_q[1]); one "[*]" in it stands for every word of that array the netlist has
 * (index 0, 1, ...). VALID is a name, NAME[k] (its bit k) or NAME[*] (its bit of the word's
 * index). Widths are read from the netlist's declarations; a name it lacks is an error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"

/* Width of the signal `name` declared in the Yosys-written netlist nl (wire/reg/input/output,
 * "[H:L]" or one bit; an escaped identifier "\name "), or 0 when it has none. */
static int net_width(const char *nl, const char *name)
{
	size_t len = strlen(name);
	for (const char *l = nl; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *s = l;
		while (*s == ' ')
			s++;
		static const char *const kw[] = {"wire ", "reg ", "input ", "output ", NULL};
		int k = 0;
		while (kw[k] && strncmp(s, kw[k], strlen(kw[k])) != 0)
			k++;
		if (!kw[k])
			continue;
		s += strlen(kw[k]);
		int hi = 0, lo = 0;
		if (*s == '[') {
			if (sscanf(s, "[%d:%d]", &hi, &lo) != 2)
				continue;
			s = strchr(s, ']') + 1;
			while (*s == ' ')
				s++;
		}
		if (*s == '\\')
			s++;
		if (strncmp(s, name, len) == 0 && (s[len] == ';' || s[len] == ' '))
			return (hi > lo ? hi - lo : lo - hi) + 1;
	}
	return 0;
}

/* name with "[*]" replaced by "[i]". */
static void instance(const char *name, int i, char *buf, size_t n)
{
	const char *st = strstr(name, "[*]");
	if (!st)
		snprintf(buf, n, "%s", name);
	else
		snprintf(buf, n, "%.*s[%d]%s", (int)(st - name), name, i, st + 3);
}

/* One signal of both sides: wires wg_lg_K / wg_ln_K in the miter top, connected by the Yosys
 * script to u_gold.NAME / u_gate.NAME after flattening. Returns K. */
static int signal(wg_buf *decl, wg_buf *ys, int *nsig, const char *name, int w)
{
	int k = (*nsig)++;
	wg_buf_printf(decl, "  wire [%d:0] wg_lg_%d, wg_ln_%d;  // %s\n", w - 1, k, k, name);
	wg_buf_printf(ys, "connect -set wg_lg_%d u_gold.%s\nconnect -set wg_ln_%d u_gate.%s\n", k, name, k, name);
	return k;
}

/* label lm<line>_<name with every other character than [A-Za-z0-9_] as '_'> */
static void label(int line, const char *name, char *buf, size_t n)
{
	int k = snprintf(buf, n, "lm%d_", line);
	for (const char *c = name; *c && k >= 0 && (size_t)k + 1 < n; c++)
		buf[k++] = (char)((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ? *c : '_');
	if (k >= 0 && (size_t)k < n)
		buf[k] = 0;
}

int pv_lemmas(const char *text, const char *nl, const char *file, wg_buf *vlog, wg_buf *ys, int *count, char *err,
	      size_t n)
{
	char *t = strdup(text);
	if (!t) {
		snprintf(err, n, "out of memory");
		return -1;
	}
	int nl_lines = 0, nsig = 0, rc = 0;
	char **lines = wg_split_lines(t, &nl_lines);
	wg_buf decl = {0}, as = {0};
	*count = 0;
	for (int ln = 1; ln <= nl_lines && rc == 0; ln++) {
		char *hash = strchr(lines[ln], '#');
		if (hash)
			*hash = 0;
		char kind[32], sig[512], wh[32], val[512], extra[8];
		int f = sscanf(lines[ln], "%31s %511s %31s %511s %7s", kind, sig, wh, val, extra);
		if (f <= 0)
			continue;
		if (strcmp(kind, "equal") != 0 || (f != 2 && f != 4) || (f == 4 && strcmp(wh, "while") != 0)) {
			snprintf(err, n, "%s line %d: expected `equal SIGNAL` or `equal SIGNAL while VALID`", file, ln);
			rc = -1;
			break;
		}
		const char *vst = f == 4 ? strchr(val, '[') : NULL;
		int vbit = -1; /* -1 the whole VALID, -2 the word's index, else that bit */
		if (vst)
			vbit = strcmp(vst, "[*]") == 0 ? -2 : atoi(vst + 1);
		if (vst && vbit != -2 && (vbit < 0 || vst[strspn(vst + 1, "0123456789") + 1] != ']')) {
			snprintf(err, n, "%s line %d: VALID %s: a name, NAME[k] or NAME[*]", file, ln, val);
			rc = -1;
			break;
		}
		if (vbit == -2 && !strstr(sig, "[*]")) {
			snprintf(err, n, "%s line %d: %s: VALID[*] needs an array SIGNAL[*]", file, ln, val);
			rc = -1;
			break;
		}
		char vname[512];
		snprintf(vname, sizeof vname, "%.*s", vst ? (int)(vst - val) : (int)strlen(val), val);
		int vk = -1, vw = 0;
		if (f == 4) {
			vw = net_width(nl, vname);
			if (vw == 0 || vbit >= vw) {
				snprintf(err, n, "%s line %d: %s: %s", file, ln, val,
					 vw ? "bit out of range" : "no such signal in the netlist");
				rc = -1;
				break;
			}
			vk = signal(&decl, ys, &nsig, vname, vw);
		}
		int arr = strstr(sig, "[*]") != NULL;
		for (int i = 0; i < (arr ? 4096 : 1); i++) {
			char name[600], lab[700];
			instance(sig, i, name, sizeof name);
			int w = net_width(nl, name);
			if (w == 0 && (i == 0 || !arr)) {
				snprintf(err, n, "%s line %d: %s: no such signal in the netlist", file, ln, name);
				rc = -1;
			}
			if (w == 0)
				break;
			int k = signal(&decl, ys, &nsig, name, w);
			label(ln, name, lab, sizeof lab);
			if (f == 2) {
				wg_buf_printf(&as, "      %s: assert (wg_lg_%d == wg_ln_%d);\n", lab, k, k);
			} else {
				char sel[32] = "";
				int b = vbit == -2 ? i : vbit;
				if (b >= vw) {
					snprintf(err, n, "%s line %d: %s: word %d has no bit in %s (%d bits)", file, ln, sig, i, vname, vw);
					rc = -1;
					break;
				}
				if (b >= 0)
					snprintf(sel, sizeof sel, "[%d]", b);
				wg_buf_printf(&as, "      %s: assert (!((|wg_lg_%d%s) && (|wg_ln_%d%s)) || wg_lg_%d == wg_ln_%d);\n", lab,
					      vk, sel, vk, sel, k, k);
			}
			(*count)++;
		}
	}
	if (rc == 0 && *count) {
		wg_buf_printf(vlog, "  // ---- strengthening lemmas (%s): proven with the outputs, never assumed ----\n", file);
		wg_buf_printf(vlog, "%s  always @* begin\n    if (wg_armed) begin\n%s    end\n  end\n", decl.s, as.s);
	}
	wg_buf_free(&decl);
	wg_buf_free(&as);
	free(lines);
	free(t);
	return rc;
}
