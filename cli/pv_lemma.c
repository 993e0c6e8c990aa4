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
 *   equal SIGNAL while COND       equal whenever COND holds on both sides
 * SIGNAL is a name of the flattened design (a memory word as Yosys's memory_map names it:
 * g_bank[0].rtp_q[1]); one "[*]" in it stands for every word of that array the netlist has
 * (index 0, 1, ...); NAME/P stands for the P equal words of the packed vector NAME (P a number
 * or a parameter of the block: addr_q/ENTRIES is entry i's bits [i*w +: w]). COND is one
 * operand, set when not zero: a name, NAME[k] (its bit k), NAME[*] (its bit of the word's
 * index), NAME/P (the word's own word of NAME) or NAME/P[k] (bit k of that word); or a Verilog
 * expression of operands, numbers, $i (the word's index) and ! ~ & | ^ = < > ( ), taken as
 * written (phase_o != 2'd0 && entry_o == $i). A name may be a port of the block. Widths are
 * read from the netlist's declarations; a name it lacks is an error. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"

/* Width of the signal `name` declared in the Yosys-written netlist nl (wire/reg/input/output,
 * "[H:L]" or one bit; an escaped identifier "\name "), or 0 when it has none; *port: 1 an
 * input, 2 an output, else 0 (port may be NULL). */
static int net_decl(const char *nl, const char *name, int *port)
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
		if (strncmp(s, name, len) == 0 && (s[len] == ';' || s[len] == ' ')) {
			if (port)
				*port = k == 2 ? 1 : k == 3 ? 2 : 0;
			return (hi > lo ? hi - lo : lo - hi) + 1;
		}
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

/* One signal of both sides: wires wg_lg_K / wg_ln_K in the miter top (keep: (* keep *), so
 * that the Yosys script's first passes do not narrow a wire whose lemma reads only some of its
 * bits before it is connected), connected by the Yosys
 * script to u_gold.NAME / u_gate.NAME after flattening; a port of the block (port: 1 input,
 * 2 output) to the miter top's own wires instead (pv_wrap.c: the input NAME, the outputs
 * gold_NAME / gate_NAME), as flattening leaves no u_gold.NAME for a port. Returns K. */
static int signal(wg_buf *decl, wg_buf *ys, int *nsig, const char *name, int w, int port, int keep)
{
	int k = (*nsig)++;
	wg_buf_printf(decl, "  %swire [%d:0] wg_lg_%d, wg_ln_%d;  // %s\n", keep ? "(* keep *) " : "", w - 1, k, k, name);
	if (port == 1)
		wg_buf_printf(decl, "  assign wg_lg_%d = %s;\n  assign wg_ln_%d = %s;\n", k, name, k, name);
	else if (port == 2)
		wg_buf_printf(decl, "  assign wg_lg_%d = gold_%s;\n  assign wg_ln_%d = gate_%s;\n", k, name, k, name);
	else
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

/* The number of words of NAME/P: P a number, or the value of the block's parameter P at p;
 * 0 when neither. */
static long word_count(const char *P, const wg_block *b, const long *p)
{
	if (isdigit((unsigned char)*P))
		return P[strspn(P, "0123456789")] ? 0 : atol(P);
	int k = b && *P ? wg_param_index(b, P) : -1;
	return k >= 0 && p ? p[k] : 0;
}

#define LM_NAME "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
#define LM_MAXOP 16

/* A signal as a lemma writes it: NAME, NAME/P, then [k] or [*] (the word's index). */
typedef struct lm_ref {
	char name[256]; /* the flattened design's name */
	char text[320]; /* as written, for messages and labels */
	int w;          /* its width in the netlist */
	long words;     /* NAME/P: P, else 0 */
	int bit;        /* -1 none, -2 [*], else [k] */
	int k;          /* its wires wg_lg_k / wg_ln_k; -1 for $i */
	int port;       /* 1 an input of the block, 2 an output, else 0 */
} lm_ref;

/* Read a reference at *s (advanced past it): NAME ([A-Za-z0-9_.], and [digits] before a '.': a
 * generate block's index), then /P, then [k] or [*]. 0, or -1 when it is malformed. */
static int read_ref(const char **s, lm_ref *r)
{
	const char *st = *s, *c = *s;
	for (;;) {
		c += strspn(c, LM_NAME ".");
		size_t d = c[0] == '[' ? strspn(c + 1, "0123456789") : 0;
		if (!d || c[1 + d] != ']' || c[2 + d] != '.')
			break;
		c += 2 + d;
	}
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%.*s", (int)(c - st), st);
	r->bit = -1;
	r->k = -1;
	char P[64] = "";
	if (*c == '/') {
		size_t m = strspn(c + 1, LM_NAME);
		snprintf(P, sizeof P, "%.*s", (int)m, c + 1);
		c += 1 + m;
		r->words = -1; /* resolved by the caller */
		if (!*P)
			return -1;
	}
	if (*c == '[') {
		size_t d = strspn(c + 1, "0123456789");
		if (c[1] == '*' && c[2] == ']')
			r->bit = -2, c += 3;
		else if (d && c[1 + d] == ']')
			r->bit = atoi(c + 1), c += 2 + d;
		else
			return -1;
	}
	snprintf(r->text, sizeof r->text, "%.*s", (int)(c - st), st);
	if (*P)
		snprintf(r->name + strlen(r->name), sizeof r->name - strlen(r->name), "/%s", P);
	*s = c;
	return r->name[0] ? 0 : -1;
}

/* Resolve r against the netlist: its width and word count; split NAME/P off r->name. 0, or -1
 * and a message. */
static int resolve(lm_ref *r, const char *nl, const wg_block *b, const long *p, const char *file, int ln, char *err,
		   size_t n)
{
	char *slash = strchr(r->name, '/');
	char P[64] = "";
	if (slash) {
		snprintf(P, sizeof P, "%s", slash + 1);
		*slash = 0;
	}
	r->w = net_decl(nl, r->name, &r->port);
	if (r->w == 0) {
		snprintf(err, n, "%s line %d: %s: no such signal in the netlist", file, ln, r->text);
		return -1;
	}
	if (*P) {
		r->words = word_count(P, b, p);
		if (r->words < 1 || r->w % r->words != 0) {
			snprintf(err, n, "%s line %d: %s: %s is not a number or parameter that divides its %d bits", file,
				 ln, r->text, P, r->w);
			return -1;
		}
	}
	if (r->bit >= (r->words ? r->w / (int)r->words : r->w)) {
		snprintf(err, n, "%s line %d: %s: bit out of range", file, ln, r->text);
		return -1;
	}
	return 0;
}

/* A COND: operands and the text around them (spans of the condition as written). */
typedef struct lm_cond {
	int nop;                      /* operands */
	lm_ref op[LM_MAXOP];          /* operands; k == -1: $i */
	int lit_at[LM_MAXOP + 1];     /* text before operand i (the last: after the last) */
	int lit_len[LM_MAXOP + 1];
	int single;                   /* one operand alone: set when not zero (|) */
} lm_cond;

/* Parse cond, registering each operand's signal once. 0, or -1 and a message. */
static int parse_cond(const char *cond, lm_cond *c, const char *nl, const wg_block *b, const long *p, wg_buf *decl,
		      wg_buf *ys, int *nsig, int keep, const char *file, int ln, char *err, size_t n)
{
	memset(c, 0, sizeof *c);
	const char *s = cond;
	for (;;) {
		const char *lit = s;
		for (;;) { /* the text up to the next operand: operators, spaces, numbers (3, 2'd0) */
			if (*s && (isspace((unsigned char)*s) || strchr("!~&|^=<>()", *s)))
				s++;
			else if (isdigit((unsigned char)*s) || *s == '\'')
				s += strspn(s, "0123456789abcdefABCDEFhdobxzHDOBXZsS_'");
			else
				break;
		}
		c->lit_at[c->nop] = (int)(lit - cond);
		c->lit_len[c->nop] = (int)(s - lit);
		if (!*s)
			break;
		if (c->nop == LM_MAXOP) {
			snprintf(err, n, "%s line %d: more than %d operands in the condition", file, ln, LM_MAXOP);
			return -1;
		}
		lm_ref *r = &c->op[c->nop];
		if (s[0] == '$' && s[1] == 'i' && (!s[2] || !strchr(LM_NAME, s[2]))) {
			memset(r, 0, sizeof *r);
			r->k = -1;
			snprintf(r->text, sizeof r->text, "$i");
			s += 2;
		} else if (!(isalpha((unsigned char)*s) || *s == '_') || read_ref(&s, r) != 0) {
			snprintf(err, n, "%s line %d: VALID %s: a name, NAME[k], NAME[*], NAME/P, NAME/P[k] or an expression of them", file, ln, cond);
			return -1;
		} else {
			if (resolve(r, nl, b, p, file, ln, err, n) != 0)
				return -1;
			for (int j = 0; j < c->nop && r->k < 0; j++)
				if (c->op[j].k >= 0 && strcmp(c->op[j].name, r->name) == 0)
					r->k = c->op[j].k;
			if (r->k < 0)
				r->k = signal(decl, ys, nsig, r->name, r->w, r->port, keep);
		}
		c->nop++;
	}
	c->single = c->nop == 1 && c->op[0].k >= 0 && c->lit_len[0] == 0 && c->lit_len[1] == 0;
	if (c->nop == 0) {
		snprintf(err, n, "%s line %d: `while` needs a condition", file, ln);
		return -1;
	}
	return 0;
}

/* The select of reference r for word i (-1: no word) into buf: "", "[k]", "[hi:lo]". 0, or -1
 * and a message (r needs a word index and there is none, or word i is past its end). */
static int select_of(const lm_ref *r, int i, char *buf, size_t bn, const char *file, int ln, char *err, size_t n)
{
	int ww = r->words ? r->w / (int)r->words : r->w, lo = 0;
	*buf = 0;
	if (r->words || r->bit == -2) {
		if (i < 0) {
			snprintf(err, n, "%s line %d: %s: VALID[*] needs an array SIGNAL[*] or a packed SIGNAL/P", file, ln,
				 r->text);
			return -1;
		}
		if (r->words ? i >= r->words : i >= r->w) {
			snprintf(err, n, "%s line %d: word %d has no %s in %s (%d bits)", file, ln, i, r->words ? "word" : "bit",
				 r->text, r->w);
			return -1;
		}
	}
	if (r->words)
		lo = i * ww;
	if (r->bit == -2)
		snprintf(buf, bn, "[%d]", lo + i);
	else if (r->bit >= 0)
		snprintf(buf, bn, "[%d]", lo + r->bit);
	else if (r->words)
		snprintf(buf, bn, "[%d:%d]", lo + ww - 1, lo);
	return 0;
}

/* COND for word i on one side (g: 'g' gold, 'n' gate) into o. 0, or -1 and a message. */
static int render_cond(const lm_cond *c, const char *cond, int i, char g, wg_buf *o, const char *file, int ln,
		       char *err, size_t n)
{
	if (c->single) {
		char sel[48];
		if (select_of(&c->op[0], i, sel, sizeof sel, file, ln, err, n) != 0)
			return -1;
		wg_buf_printf(o, "|wg_l%c_%d%s", g, c->op[0].k, sel);
		return 0;
	}
	for (int j = 0; j <= c->nop; j++) {
		wg_buf_printf(o, "%.*s", c->lit_len[j], cond + c->lit_at[j]);
		if (j == c->nop)
			break;
		char sel[48];
		if (c->op[j].k < 0) {
			if (i < 0) {
				snprintf(err, n, "%s line %d: $i needs an array SIGNAL[*] or a packed SIGNAL/P", file, ln);
				return -1;
			}
			wg_buf_printf(o, "%d", i);
		} else if (select_of(&c->op[j], i, sel, sizeof sel, file, ln, err, n) != 0)
			return -1;
		else
			wg_buf_printf(o, "wg_l%c_%d%s", g, c->op[j].k, sel);
	}
	return 0;
}

int pv_lemmas(const char *text, const char *nl, const char *file, const wg_block *b, const long *p, wg_buf *vlog,
	      wg_buf *ys, int *count, char *err, size_t n)
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
		char kind[32], sig[512], wh[32];
		int f = sscanf(lines[ln], "%31s %511s %31s", kind, sig, wh);
		if (f <= 0)
			continue;
		char *cond = NULL; /* the rest of the line after `while`, blanks off both ends */
		if (f == 3) {
			cond = lines[ln];
			for (int tok = 0; tok < 3; tok++) {
				cond += strspn(cond, " \t");
				cond += strcspn(cond, " \t");
			}
			cond += strspn(cond, " \t");
			size_t cl = strlen(cond);
			while (cl && isspace((unsigned char)cond[cl - 1]))
				cond[--cl] = 0;
		}
		if (strcmp(kind, "equal") != 0 || f == 1 || (f == 3 && (strcmp(wh, "while") != 0 || !*cond))) {
			snprintf(err, n, "%s line %d: expected `equal SIGNAL` or `equal SIGNAL while COND`", file, ln);
			rc = -1;
			break;
		}
		/* the forms beyond NAME, NAME[*] and one operand NAME, NAME[k] or NAME[*] read parts of
		 * their wires: (* keep *) on them (the older forms' miters stay as they were) */
		int keep = strchr(sig, '/') || (cond && cond[strspn(cond, LM_NAME ".[]*")]);
		lm_cond c;
		if (cond && parse_cond(cond, &c, nl, b, p, &decl, ys, &nsig, keep, file, ln, err, n) != 0) {
			rc = -1;
			break;
		}
		/* SIGNAL: NAME, NAME with one [*] (an array's words), or NAME/P (a packed vector's words) */
		lm_ref pk = {0};
		int arr = strstr(sig, "[*]") != NULL, packed = strchr(sig, '/') != NULL;
		if (packed) {
			const char *s = sig;
			if (read_ref(&s, &pk) != 0 || *s || pk.bit != -1) {
				snprintf(err, n, "%s line %d: %s: SIGNAL/P is a name and a word count", file, ln, sig);
				rc = -1;
				break;
			}
			if (resolve(&pk, nl, b, p, file, ln, err, n) != 0) {
				rc = -1;
				break;
			}
			pk.k = signal(&decl, ys, &nsig, pk.name, pk.w, pk.port, 1);
		}
		for (int i = 0; i < (packed ? (int)pk.words : arr ? 4096 : 1); i++) {
			char name[600], lab[700], sel[48] = "";
			int k = pk.k, word = packed || arr ? i : -1;
			if (packed) {
				snprintf(name, sizeof name, "%s[%d]", pk.name, i);
				select_of(&pk, i, sel, sizeof sel, file, ln, err, n);
			} else {
				instance(sig, i, name, sizeof name);
				int port = 0, w = net_decl(nl, name, &port);
				if (w == 0 && (i == 0 || !arr)) {
					snprintf(err, n, "%s line %d: %s: no such signal in the netlist", file, ln, name);
					rc = -1;
				}
				if (w == 0)
					break;
				k = signal(&decl, ys, &nsig, name, w, port, keep);
			}
			label(ln, name, lab, sizeof lab);
			if (!cond) {
				wg_buf_printf(&as, "      %s: assert (wg_lg_%d%s == wg_ln_%d%s);\n", lab, k, sel, k, sel);
			} else {
				wg_buf cg = {0}, cn = {0};
				if (render_cond(&c, cond, word, 'g', &cg, file, ln, err, n) != 0 ||
				    render_cond(&c, cond, word, 'n', &cn, file, ln, err, n) != 0) {
					wg_buf_free(&cg);
					wg_buf_free(&cn);
					rc = -1;
					break;
				}
				wg_buf_printf(&as, "      %s: assert (!((%s) && (%s)) || wg_lg_%d%s == wg_ln_%d%s);\n", lab, cg.s,
					      cn.s, k, sel, k, sel);
				wg_buf_free(&cg);
				wg_buf_free(&cn);
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
