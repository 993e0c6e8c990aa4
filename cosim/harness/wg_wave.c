/* wg_wave.c - GTKWave save files, dump signal names, FST header clean-up. */
#include "wg_wave.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_vbuild.h"
#include "wg_gen.h"

#define GTKW_NAMED_MARKERS 26  /* A..Z in GTKWave 3.3 */
#define GTKW_WAVE_PX 900       /* width of the wave pane for [size] 1280 x 720, SST closed */
#define GTKW_PX_PER_FRAME 200  /* GTKWave's pixelsperframe */
#define GTKW_FLAG_HEX "@22"    /* TR_HEX | TR_RJUSTIFY */
#define GTKW_FLAG_BIN "@28"    /* TR_BIN | TR_RJUSTIFY */
#define GTKW_COMMENT_W 48     /* comment line length */
#define GTKW_ABOUT_LINES 4    /* lines of the scenario's description */
#define GTKW_FLAG_DEC "@24"    /* TR_DEC | TR_RJUSTIFY */
#define GTKW_FLAG_COMMENT "@200" /* TR_BLANK: a comment line */
#define GTKW_FLAG_GRP_BEGIN "@800200" /* TR_BLANK | TR_GRP_BEGIN: an open group starts */
#define GTKW_FLAG_GRP_END "@1000200"  /* TR_BLANK | TR_GRP_END: it ends */

/* FST header (gtkwave fstapi.c): the date is 119 bytes at offset 202. */
#define FST_HDR_OFFS_DATE 202
#define FST_HDR_DATE_SIZE 119

/* ---- names from the trace declarations ---- */

/* One declaration line: `tracep->declBus(c+3,"name",-1,...,false,-1, 7,0);`.
 * Fills name and range as GTKWave names the signal: "" for declBit, "[7:0]", and "[0]" for a
 * one-bit bus (`[W-1:0]` at W=1); returns 1, or 0 for other lines. */
static int parse_decl(const char *line, char *name, size_t nn, char *range, size_t nr, int *width, int *param)
{
	const char *d = strstr(line, "->decl");
	if (!d)
		return 0;
	const char *q1 = strchr(d, '"'), *q2 = q1 ? strchr(q1 + 1, '"') : NULL;
	if (!q2 || (size_t)(q2 - q1 - 1) >= nn)
		return 0;
	snprintf(name, nn, "%.*s", (int)(q2 - q1 - 1), q1 + 1);
	*param = strstr(line, "PARAMETER") != NULL;
	range[0] = '\0';
	*width = 1;
	if (strncmp(d, "->declBit(", 10) == 0)
		return 1;
	const char *end = strstr(q2, ");");
	if (!end)
		return 0;
	const char *c2 = end, *c1;
	while (c2 > q2 && *c2 != ',')
		c2--;
	c1 = c2 - 1;
	while (c1 > q2 && *c1 != ',')
		c1--;
	long msb = strtol(c1 + 1, NULL, 10), lsb = strtol(c2 + 1, NULL, 10);
	if (msb == lsb) /* one bit declared [0:0]: GTKWave names it a_i[0] and shows no a_i[0:0] */
		snprintf(range, nr, "[%ld]", msb);
	else
		snprintf(range, nr, "[%ld:%ld]", msb, lsb);
	*width = (int)(msb > lsb ? msb - lsb + 1 : lsb - msb + 1);
	return 1;
}

/* Whether the registers of scope path scope[2..depth] are the design's state: the top module's
 * own, its generate blocks' (any named scope but an instance), and a composition's instances
 * (u_NAME at depth 2) with their generate blocks. */
static int scopes_read(char scope[][64], int depth, int comp)
{
	for (int d = 2; d <= depth; d++)
		if (strncmp(scope[d], "u_", 2) == 0 && !(comp && d == 2))
			return 0;
	return 1;
}

int wg_trace_names_read(wg_trace_names *t, const char *decl_cpp, const wg_block *b)
{
	char err[256], name[112], range[32];
	int width, param, depth = 0, seen[WG_MAX_PORTS] = {0}, nseen = 0;
	memset(t, 0, sizeof *t);
	char *text = wg_read_file(decl_cpp, NULL, err, sizeof err);
	if (!text)
		return -1;
	int loop_n = 0; /* inside `for (int i = 0; i < N; ++i)`: N (unpacked array elements) */
	/* Scope names by depth: [1] is the top module; below it the generate blocks' scopes
	 * ("g_sched[0]", "g_idx") and, for a composition, its instances ("u_<inst>", depth 2): their
	 * registers are state too, named by the path below the top ("u_wrc.g_sched[0].g_idx.gv_q"). */
	char scope[8][64] = {{0}};
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		const char *f = strstr(line, "for (int i = 0; i < ");
		if (f) {
			loop_n = atoi(f + 20);
		} else if (loop_n && strchr(line, '}') && !strstr(line, "->decl")) {
			loop_n = 0;
		} else if (strstr(line, "pushNamePrefix(")) {
			depth++;
			const char *q = strchr(strstr(line, "pushNamePrefix("), '"');
			if (depth < 8) {
				snprintf(scope[depth], sizeof scope[depth], "%s", q ? q + 1 : "");
				scope[depth][strcspn(scope[depth], " \"")] = '\0';
			}
		} else if (strstr(line, "popNamePrefix(")) {
			depth -= atoi(strstr(line, "popNamePrefix(") + 14);
		} else if (parse_decl(line, name, sizeof name, range, sizeof range, &width, &param)) {
			if (depth == 0) { /* TOP.<port>, the same declaration as TOP.<top>.<port> */
				for (int i = 0; i < b->nports; i++)
					if (!seen[i] && strcmp(b->ports[i].name, name) == 0) {
						snprintf(t->port_range[i], sizeof t->port_range[i], "%s", range);
						seen[i] = 1;
						nseen++;
					}
			} else if (depth >= 1 && depth < 8 && scopes_read(scope, depth, b->comp != NULL) && !param &&
				   t->nstate < WG_WAVE_MAX_STATE) {
				int plain = !strpbrk(name, "[( "); /* the declared name itself, before its scopes */
				char path[256] = ""; /* "u_rfc.", "g_sched[0].g_idx.": the scopes below the top */
				size_t pl = 0;
				for (int d = 2; d <= depth && pl < sizeof path; d++)
					pl += (size_t)snprintf(path + pl, sizeof path - pl, "%s.", scope[d]);
				if (pl && pl + strlen(name) < sizeof name) {
					size_t nl0 = strlen(name);
					memmove(name + pl, name, nl0 + 1);
					memcpy(name, path, pl);
				}
				size_t len = strlen(name);
				const char *arr = strstr(line, "true,(i+");
				if (len > 2 && strcmp(name + len - 2, "_q") == 0 && plain) {
					/* an unpacked array dumps one signal per element: name[k][msb:lsb] */
					int first = arr ? atoi(arr + 8) : 0, count = arr && loop_n ? loop_n : 1;
					for (int k = 0; k < count && t->nstate < WG_WAVE_MAX_STATE; k++) {
						if (arr)
							snprintf(t->state[t->nstate], sizeof t->state[0], "%s[%d]%s", name,
								 first + k, range);
						else
							snprintf(t->state[t->nstate], sizeof t->state[0], "%s%s", name, range);
						t->state_w[t->nstate++] = width;
					}
				}
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	t->found = nseen == b->nports;
	return t->found ? 0 : -1;
}

/* ---- the same names from the generated Verilog (no Verilator) ---- */

static int is_word(const char *s, size_t i, const char *w, size_t wl)
{
	return strncmp(s + i, w, wl) == 0 && (i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')) &&
	       !(isalnum((unsigned char)s[i + wl]) || s[i + wl] == '_');
}

static void add_state(wg_trace_names *t, const char *prefix, const char *name, size_t len, int array)
{
	if (t->nstate < WG_WAVE_MAX_STATE && strlen(prefix) + len + 3 <= sizeof t->state[0])
		snprintf(t->state[t->nstate++], sizeof t->state[0], "%.*s%.*s%s", (int)(sizeof t->state[0] - 3), prefix,
			 (int)len, name, array ? "[]" : "");
}

/* A module-scope declaration line (reg, logic or wire, one line up to ';'): its names ending in _q. */
static void decl_line(wg_trace_names *t, const char *prefix, char *s)
{
	while (*s == ' ')
		s++;
	if (strncmp(s, "(*", 2) == 0 && strstr(s, "*)")) { /* (* fsm_encoding = "none" *) reg ... */
		s = strstr(s, "*)") + 2;
		while (*s == ' ')
			s++;
	}
	size_t kw = strncmp(s, "reg", 3) == 0 ? 3 : strncmp(s, "logic", 5) == 0 ? 5 : strncmp(s, "wire", 4) == 0 ? 4 : 0;
	if (!kw || !(s[kw] == ' ' || s[kw] == '[') || !strchr(s, ';'))
		return;
	*strchr(s, ';') = '\0';
	if (strchr(s, '='))
		*strchr(s, '=') = '\0'; /* `wire a_q = {b_q, c_q}`: the declared name only */
	s += kw;
	for (;;) { /* signed and the packed ranges */
		while (*s == ' ')
			s++;
		if (strncmp(s, "signed", 6) == 0)
			s += 6;
		else if (*s == '[' && strchr(s, ']'))
			s = strchr(s, ']') + 1;
		else
			break;
	}
	for (char *item = s; item && *item;) { /* name [unpacked]... [= expr], ... */
		char *comma = strchr(item, ',');
		if (comma)
			*comma = '\0';
		while (*item == ' ')
			item++;
		size_t len = strspn(item, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$");
		const char *after = item + len;
		while (*after == ' ')
			after++;
		if (len > 2 && strncmp(item + len - 2, "_q", 2) == 0)
			add_state(t, prefix, item, len, *after == '[');
		item = comma ? comma + 1 : NULL;
	}
}

/* The body of module `mod` in v (after its port list, up to endmodule), or NULL. */
static const char *module_body(const char *v, const char *mod, const char **end)
{
	size_t ml = strlen(mod);
	for (const char *m = strstr(v, "module "); m; m = strstr(m + 7, "module ")) {
		if ((m != v && m[-1] != '\n') || strncmp(m + 7, mod, ml) != 0 ||
		    (isalnum((unsigned char)m[7 + ml]) || m[7 + ml] == '_'))
			continue;
		const char *hdr = strstr(m, ");\n"), *e = strstr(m, "\nendmodule");
		if (!hdr || !e || hdr > e)
			return NULL;
		*end = e;
		return hdr + 3;
	}
	return NULL;
}

/* The named-block scopes open at a point of a module body: a generate block's label ("g_pc"; a
 * generate for's as "g_sched[]", any index), "" for an unnamed begin, "(" for a function or task. */
typedef struct scope_stack {
	int n;            /* open blocks */
	char name[16][64]; /* each one's label */
} scope_stack;

/* Open and close the blocks of one line (comment removed), in order. */
static void scope_line(scope_stack *st, const char *s)
{
	for (size_t i = 0; s[i]; i++) {
		int open = is_word(s, i, "begin", 5) ? 5 : is_word(s, i, "function", 8) ? 8 : is_word(s, i, "task", 4) ? 4 : 0;
		int close = is_word(s, i, "end", 3) || is_word(s, i, "endfunction", 11) || is_word(s, i, "endtask", 7);
		if (open) {
			char label[64] = "";
			const char *c = s + i + open;
			while (*c == ' ')
				c++;
			if (open != 5)
				snprintf(label, sizeof label, "(");
			else if (*c == ':' && sscanf(c + 1, " %59[A-Za-z0-9_]", label) == 1) {
				const char *f = strstr(s, "for");
				if (f && f < s + i && is_word(s, (size_t)(f - s), "for", 3))
					strcat(label, "[]"); /* a generate for: one scope per index */
			}
			if (st->n < 16)
				snprintf(st->name[st->n], sizeof st->name[0], "%s", label);
			st->n++;
			i += (size_t)open - 1;
		} else if (close && st->n > 0) {
			st->n--;
		}
	}
}

/* The _q names of module mod at module scope and inside its named (generate) blocks, each after
 * prefix and the blocks' labels ("g_sched[].g_idx.gv_q"); instance lines `MODULE u_NAME (` at module
 * scope into insts (module and instance names, at most ni). Returns the number of instances. */
static int module_names(wg_trace_names *t, const char *v, const char *mod, const char *prefix, char (*insts)[2][96],
			int ni)
{
	const char *end = NULL, *body = module_body(v, mod, &end);
	int k = 0;
	scope_stack st = {0};
	char line[1024];
	for (const char *l = body; l && l < end;) {
		const char *nl = strchr(l, '\n');
		size_t ll = (size_t)((nl ? nl : end) - l);
		snprintf(line, sizeof line, "%.*s", (int)(ll < sizeof line ? ll : sizeof line - 1), l);
		if (strstr(line, "//"))
			*strstr(line, "//") = '\0';
		char m[96], u[96], path[128];
		int named = st.n <= 16; /* every open block named (not a function or an unnamed begin) */
		size_t pl = (size_t)snprintf(path, sizeof path, "%s", prefix);
		for (int d = 0; named && d < st.n; d++) {
			named = st.name[d][0] && st.name[d][0] != '(';
			if (named && pl < sizeof path)
				pl += (size_t)snprintf(path + pl, sizeof path - pl, "%s.", st.name[d]);
		}
		if (st.n == 0 && sscanf(line, " %95[A-Za-z0-9_] %95[A-Za-z0-9_] (", m, u) == 2 &&
		    strncmp(u, "u_", 2) == 0 && strchr(line, '(') && k < ni) {
			snprintf(insts[k][0], sizeof insts[k][0], "%s", m);
			snprintf(insts[k][1], sizeof insts[k][1], "%s", u);
			k++;
		} else if (named && pl < sizeof path) {
			char copy[1024];
			snprintf(copy, sizeof copy, "%s", line);
			decl_line(t, path, copy);
		}
		scope_line(&st, line);
		l = nl ? nl + 1 : end;
	}
	return k;
}

int wg_trace_names_from_verilog(wg_trace_names *t, const char *v, const char *top, const wg_block *b)
{
	char insts[64][2][96], prefix[104];
	const char *end;
	memset(t, 0, sizeof *t);
	if (!module_body(v, top, &end))
		return -1;
	int ni = module_names(t, v, top, "", insts, 64);
	for (int i = 0; b->comp && i < ni; i++) {
		snprintf(prefix, sizeof prefix, "%s.", insts[i][1]);
		module_names(t, v, insts[i][0], prefix, NULL, 0);
	}
	return 0;
}

/* ---- the save file ---- */

const char *wg_wave_radix(const char *name, int width)
{
	static const char *const words[] = {"cnt",  "count", "age",  "idx", "ptr", "head",    "tail", "level", "used",
					    "num",  "warp",  "slot", "reg", "pid", "iter",    "owner", "credits", "occ", "pos"};
	if (width <= 1)
		return "bin";
	if (width > 16)
		return "hex";
	char base[112];
	snprintf(base, sizeof base, "%s", name);
	base[strcspn(base, "[.")] = '\0'; /* "owner_q[3][4:0]": the register's name */
	size_t len = strlen(base);
	if (len > 2 && base[len - 2] == '_' && strchr("ioq", base[len - 1]))
		base[len - 2] = '\0';
	const char *last = strrchr(base, '_') ? strrchr(base, '_') + 1 : base; /* "lu_slot": slot; "slot_free": free */
	for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
		if (strcmp(last, words[w]) == 0)
			return "dec";
	return "hex";
}

static void gtkw_signal(wg_buf *o, const char *top, const char *name_range, int w, const char **flags)
{
	const char *r = wg_wave_radix(name_range, w);
	const char *want = r[0] == 'b' ? GTKW_FLAG_BIN : r[0] == 'd' ? GTKW_FLAG_DEC : GTKW_FLAG_HEX;
	if (*flags != want) {
		wg_buf_printf(o, "%s\n", want);
		*flags = want;
	}
	wg_buf_printf(o, "TOP.%s.%s\n", top, name_range);
}

static void port_signal(wg_buf *o, const wg_gtkw_spec *s, int i, const char **flags)
{
	char nr[160];
	int w = s->L->width[i];
	if (s->names && s->names->found)
		snprintf(nr, sizeof nr, "%s%s", s->b->ports[i].name, s->names->port_range[i]);
	else if (w > 1)
		snprintf(nr, sizeof nr, "%s[%d:0]", s->b->ports[i].name, w - 1);
	else
		snprintf(nr, sizeof nr, "%s", s->b->ports[i].name);
	gtkw_signal(o, s->top, nr, w, flags);
}

/* A trace line with flags (a comment, a group's start or end) and text. */
static void blank(wg_buf *o, const char *flag, const char *text, const char **flags)
{
	if (*flags != flag)
		wg_buf_printf(o, "%s\n", flag);
	wg_buf_printf(o, "-%s\n", text);
	*flags = flag;
}

/* Ports of one direction, sub-headed by their descriptor group. */
static void direction(wg_buf *o, const wg_gtkw_spec *s, wg_dir dir, const char *title, const char **flags)
{
	const wg_block *b = s->b;
	blank(o, GTKW_FLAG_GRP_BEGIN, title, flags);
	for (int i = 0; i < b->nports; i++) {
		int first = 1, any = 0;
		for (int k = 0; k < i; k++)
			if (strcmp(b->ports[k].group, b->ports[i].group) == 0)
				first = 0;
		for (int k = i; k < b->nports; k++)
			if (strcmp(b->ports[k].group, b->ports[i].group) == 0 && b->ports[k].dir == dir)
				any = 1;
		if (!first || !any)
			continue;
		char sub[96];
		snprintf(sub, sizeof sub, "  %s", b->ports[i].group);
		blank(o, GTKW_FLAG_COMMENT, sub, flags);
		for (int k = i; k < b->nports; k++)
			if (strcmp(b->ports[k].group, b->ports[i].group) == 0 && b->ports[k].dir == dir &&
			    s->L->width[k] > 0) /* (0: absent in this configuration) */
				port_signal(o, s, k, flags);
	}
	blank(o, GTKW_FLAG_GRP_END, title, flags);
}

/* Comment traces: text wrapped at words into lines of at most
 * GTKW_COMMENT_W characters (GTKWave widens the signal pane to its longest
 * line), at most max lines, the last cut with "...". */
static void comment_text(wg_buf *o, const char *text, int max, const char **flags)
{
	char line[GTKW_COMMENT_W + 8];
	const char *c = text;
	for (int n = 0; n < max && *c; n++) {
		while (*c == ' ')
			c++;
		size_t len = strlen(c), k = len;
		if (len > GTKW_COMMENT_W) {
			k = GTKW_COMMENT_W;
			while (k > GTKW_COMMENT_W / 2 && c[k] != ' ')
				k--;
		}
		int last = n == max - 1 && k < len;
		if (last && k > GTKW_COMMENT_W - 4)
			k = GTKW_COMMENT_W - 4;
		while (k > 0 && k < len && ((unsigned char)c[k] & 0xC0) == 0x80)
			k--; /* never inside a UTF-8 character */
		size_t j = 0;
		for (size_t i = 0; i < k; i++)
			line[j++] = c[i] == '\n' || c[i] == '\t' ? ' ' : c[i];
		line[j] = '\0';
		if (last)
			strcat(line, " ...");
		blank(o, GTKW_FLAG_COMMENT, line, flags);
		c += k;
	}
}

/* One focus name (len characters at c): its port index (-1: none) and how many dumped registers it
 * names: every element whose name continues it with '[' or ends ("rank_q" gives rank_q[0][3:0],
 * rank_q[1][3:0], ...; "rank_q[1]" the one element). An array the Verilog text alone does not size
 * ("tag_q[]", wg_trace_names_from_verilog) takes "tag_q" and any "tag_q[k]"; a generate for's scope
 * ("g_sched[].g_idx.gv_q") any index in its place ("g_sched[1].g_idx.gv_q"). */
static int focus_is(const wg_trace_names *t, int k, const char *c, size_t len)
{
	const char *st = t->state[k], *q = c, *qe = c + len;
	if (!strstr(st, "[]"))
		return strncmp(st, c, len) == 0 && (st[len] == '[' || st[len] == '\0');
	/* "tag_q[]": "tag_q" or "tag_q[" digits "]"; "g_sched[].g_idx.gv_q": "g_sched[0].g_idx.gv_q" */
	for (const char *p = st; *p;) {
		if (p[0] == '[' && p[1] == ']') {
			if (p[2] == '\0' && q == qe)
				return 1; /* the whole array */
			if (q >= qe || *q != '[')
				return 0;
			const char *d = ++q;
			while (q < qe && *q >= '0' && *q <= '9')
				q++;
			if (q == d || q >= qe || *q != ']')
				return 0;
			q++;
			p += 2;
		} else if (q < qe && *p == *q) {
			p++;
			q++;
		} else {
			return 0;
		}
	}
	return q == qe;
}

static int focus_lookup(const wg_block *b, const wg_trace_names *t, const char *name, int *port)
{
	size_t len = strlen(name);
	int nst = 0;
	*port = -1;
	for (int i = 0; i < b->nports; i++)
		if (strcmp(b->ports[i].name, name) == 0)
			*port = i;
	for (int k = 0; t && *port < 0 && k < t->nstate; k++)
		nst += focus_is(t, k, name, len);
	return nst;
}

/* The next name of a focus list into name (size nn); c advances. 1, 0 at the end, -1 and err. */
static int focus_next(const char **c, char *name, size_t nn, const wg_block *b, char *err, size_t n)
{
	while (**c == ' ')
		(*c)++;
	size_t len = strcspn(*c, " ");
	if (!len)
		return 0;
	if (len >= nn) {
		snprintf(err, n, "%s: a focus signal name of %zu characters", b->name, len);
		return -1;
	}
	memcpy(name, *c, len);
	name[len] = '\0';
	*c += len;
	return 1;
}

int wg_focus_check(const wg_block *b, const char *focus, const wg_trace_names *t, char *err, size_t n)
{
	char name[96];
	int r, port;
	for (const char *c = focus ? focus : ""; (r = focus_next(&c, name, sizeof name, b, err, n)) > 0;)
		if (focus_lookup(b, t, name, &port) == 0 && port < 0) {
			snprintf(err, n, "%s: focus signal '%s' is neither a port nor a register of the top module", b->name,
				 name);
			return -1;
		}
	return r;
}

/* The group "focus": the declared signals, ports or registers, in order. 0, or -1 and err. */
static int focus_group(wg_buf *o, const wg_gtkw_spec *s, const char **flags, char *err, size_t n)
{
	char name[96];
	int opened = 0, r, port;
	if (wg_focus_check(s->b, s->focus, s->names, err, n) != 0)
		return -1;
	for (const char *c = s->focus; (r = focus_next(&c, name, sizeof name, s->b, err, n)) > 0;) {
		focus_lookup(s->b, s->names, name, &port);
		if (port >= 0 && s->L->width[port] == 0)
			continue; /* absent in this configuration */
		if (!opened)
			blank(o, GTKW_FLAG_GRP_BEGIN, "focus", flags);
		opened = 1;
		if (port >= 0)
			port_signal(o, s, port, flags);
		for (int k = 0; port < 0 && k < s->names->nstate; k++)
			if (focus_is(s->names, k, name, strlen(name)))
				gtkw_signal(o, s->top, s->names->state[k], s->names->state_w[k], flags);
	}
	if (opened)
		blank(o, GTKW_FLAG_GRP_END, "focus", flags);
	return r;
}

int wg_gtkw_write(const wg_gtkw_spec *s, char *err, size_t n)
{
	wg_buf o = {0};
	long long t0 = (long long)s->from * 1000, span = (long long)(s->to - s->from + 1) * 1000;
	/* GTKWave (calczoom): time per pixel = 2^-zoom / 200 */
	double zoom = -log2((double)span * GTKW_PX_PER_FRAME / GTKW_WAVE_PX);
	int nm = s->nmarkers < GTKW_NAMED_MARKERS ? s->nmarkers : GTKW_NAMED_MARKERS;
	long long mk = nm > 0 ? (long long)s->markers[0].cycle * 1000 : -1;

	wg_buf_printf(&o, "[*]\n[*] GTKWave save file written by warpgen %s\n[*] %s\n[*]\n", WARPGEN_VERSION,
		      s->title);
	wg_buf_printf(&o, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", s->fst, s->gtkw);
	wg_buf_printf(&o, "[timestart] %lld\n[size] 1280 720\n[pos] -1 -1\n", t0);
	wg_buf_printf(&o, "*%f %lld", zoom, mk);
	for (int i = 0; i < GTKW_NAMED_MARKERS; i++)
		wg_buf_printf(&o, " %lld", i < nm ? (long long)s->markers[i].cycle * 1000 : -1LL);
	wg_buf_printf(&o, "\n");
	for (int i = 0; i < nm; i++)
		wg_buf_printf(&o, "[markername] %c%s\n", 'A' + i, s->markers[i].name);
	wg_buf_printf(&o, "[treeopen] TOP.\n[treeopen] TOP.%s.\n", s->top);
	wg_buf_printf(&o, "[sst_width] 120\n[signals_width] 300\n[sst_expanded] 0\n[sst_vpaned_height] 200\n");

	const char *flags = NULL;
	if (s->about)
		comment_text(&o, s->about, GTKW_ABOUT_LINES, &flags);
	for (int i = 0; i < nm; i++) {
		char line[200];
		snprintf(line, sizeof line, "%c @ cycle %ld: %s", 'A' + i, s->markers[i].cycle, s->markers[i].name);
		comment_text(&o, line, 2, &flags);
	}
	gtkw_signal(&o, s->top, "clk_i", 1, &flags);
	if (s->focus && focus_group(&o, s, &flags, err, n) != 0) {
		wg_buf_free(&o);
		return -1;
	}
	direction(&o, s, WG_IN, "inputs", &flags);
	direction(&o, s, WG_OUT, "outputs", &flags);
	if (s->names && s->names->nstate > 0) {
		blank(&o, GTKW_FLAG_GRP_BEGIN, "key state", &flags);
		for (int k = 0; k < s->names->nstate; k++)
			gtkw_signal(&o, s->top, s->names->state[k], s->names->state_w[k], &flags);
		blank(&o, GTKW_FLAG_GRP_END, "key state", &flags);
	}
	wg_buf_printf(&o, "[pattern_trace] 1\n[pattern_trace] 0\n");
	int rc = wg_write_atomic(s->gtkw, o.s, o.len, err, n);
	wg_buf_free(&o);
	return rc;
}

wg_trace_names *wg_trace_names_of_build(const char *dir, const char *top, const wg_block *b)
{
	char decl[PATH_MAX + 256];
	wg_trace_names *names = wg_xcalloc(sizeof *names);
	snprintf(decl, sizeof decl, "%s/obj/V%s__Trace__0__Slow.cpp", dir, top);
	wg_trace_names_read(names, decl, b);
	return names;
}

int wg_fst_strip_date(const char *path)
{
	FILE *f = fopen(path, "r+b");
	if (!f)
		return -1;
	int tag = fgetc(f);
	int rc = -1;
	if (tag == 0 /* FST_BL_HDR */ && fseek(f, FST_HDR_OFFS_DATE, SEEK_SET) == 0) {
		char zero[FST_HDR_DATE_SIZE] = {0};
		rc = fwrite(zero, 1, sizeof zero, f) == sizeof zero ? 0 : -1;
	}
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}
