/* wg_wave.c - GTKWave save files, dump signal names, FST header clean-up. */
#include "wg_wave.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_gen.h"

#define GTKW_NAMED_MARKERS 26  /* A..Z in GTKWave 3.3 */
#define GTKW_WAVE_PX 1000      /* width of the wave pane for [size] 1600 x 900 */
#define GTKW_PX_PER_FRAME 200  /* GTKWave's pixelsperframe */
#define GTKW_FLAG_HEX "@22"    /* TR_HEX | TR_RJUSTIFY */
#define GTKW_FLAG_BIN "@28"    /* TR_BIN | TR_RJUSTIFY */
#define GTKW_FLAG_COMMENT "@200" /* TR_BLANK: a comment line */

/* FST header (gtkwave fstapi.c): the date is 119 bytes at offset 202. */
#define FST_HDR_OFFS_DATE 202
#define FST_HDR_DATE_SIZE 119

/* ---- names from the trace declarations ---- */

/* One declaration line: `tracep->declBus(c+3,"name",-1,...,false,-1, 7,0);`.
 * Fills name and range ("" for declBit); returns 1, or 0 for other lines. */
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
	snprintf(range, nr, "[%ld:%ld]", msb, lsb);
	*width = (int)(msb > lsb ? msb - lsb + 1 : lsb - msb + 1);
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
	/* Scope names by depth: [1] is the top module; for a composition, the
	 * registers of its instances (depth 2, "u_<inst>") are state too. */
	char scope[4][64] = {{0}};
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
			if (depth < 4) {
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
			} else if ((depth == 1 || (depth == 2 && b->comp && strncmp(scope[2], "u_", 2) == 0)) && !param &&
				   t->nstate < WG_WAVE_MAX_STATE) {
				if (depth == 2) { /* "u_rfc.st_q": the instance's scope, then the name */
					size_t sl = strlen(scope[2]), nl0 = strlen(name);
					if (sl + 1 + nl0 < sizeof name) {
						memmove(name + sl + 1, name, nl0 + 1);
						memcpy(name, scope[2], sl);
						name[sl] = '.';
					}
				}
				size_t len = strlen(name);
				const char *arr = strstr(line, "true,(i+");
				if (len > 2 && strcmp(name + len - 2, "_q") == 0 && !strpbrk(name, "[( ")) {
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

/* ---- the save file ---- */

static void gtkw_signal(wg_buf *o, const char *top, const char *name_range, int w, const char **flags)
{
	const char *want = w > 1 ? GTKW_FLAG_HEX : GTKW_FLAG_BIN;
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

static void comment(wg_buf *o, const char *text, const char **flags)
{
	wg_buf_printf(o, "%s\n-%s\n", GTKW_FLAG_COMMENT, text);
	*flags = GTKW_FLAG_COMMENT;
}

static void group(wg_buf *o, const wg_gtkw_spec *s, const char *g, const char **flags)
{
	const wg_block *b = s->b;
	comment(o, g, flags);
	for (int dir = WG_IN; dir <= WG_OUT; dir++)
		for (int i = 0; i < b->nports; i++)
			if ((int)b->ports[i].dir == dir && strcmp(b->ports[i].group, g) == 0)
				port_signal(o, s, i, flags);
}

int wg_gtkw_write(const wg_gtkw_spec *s, char *err, size_t n)
{
	const wg_block *b = s->b;
	wg_buf o = {0};
	long long t0 = (long long)s->from * 1000, span = (long long)(s->to - s->from + 1) * 1000;
	/* GTKWave (calczoom): time per pixel = 2^-zoom / 200 */
	double zoom = -log2((double)span * GTKW_PX_PER_FRAME / GTKW_WAVE_PX);
	long long mk = s->marker >= 0 ? (long long)s->marker * 1000 : -1;

	wg_buf_printf(&o, "[*]\n[*] GTKWave save file written by warpgen %s\n[*] %s\n[*]\n", WARPGEN_VERSION,
		      s->title);
	wg_buf_printf(&o, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", s->fst, s->gtkw);
	wg_buf_printf(&o, "[timestart] %lld\n[size] 1600 900\n[pos] -1 -1\n", t0);
	wg_buf_printf(&o, "*%f %lld", zoom, mk);
	for (int i = 0; i < GTKW_NAMED_MARKERS; i++)
		wg_buf_printf(&o, " %lld", i == 0 && s->marker_name ? mk : -1LL);
	wg_buf_printf(&o, "\n");
	if (s->marker >= 0 && s->marker_name)
		wg_buf_printf(&o, "[markername] A%s\n", s->marker_name);
	wg_buf_printf(&o, "[treeopen] TOP.\n[treeopen] TOP.%s.\n", s->top);
	wg_buf_printf(&o, "[sst_width] 220\n[signals_width] 300\n[sst_expanded] 1\n[sst_vpaned_height] 260\n");

	const char *flags = NULL;
	comment(&o, "clock", &flags);
	gtkw_signal(&o, s->top, "clk_i", 1, &flags);
	for (int i = 0; i < b->nports; i++) {
		int first = 1;
		for (int k = 0; k < i; k++)
			if (strcmp(b->ports[k].group, b->ports[i].group) == 0)
				first = 0;
		if (first)
			group(&o, s, b->ports[i].group, &flags);
	}
	if (s->names && s->names->nstate > 0) {
		comment(&o, "state (registers of the top module)", &flags);
		for (int k = 0; k < s->names->nstate; k++)
			gtkw_signal(&o, s->top, s->names->state[k], s->names->state_w[k], &flags);
	}
	wg_buf_printf(&o, "[pattern_trace] 1\n[pattern_trace] 0\n");
	int rc = wg_write_atomic(s->gtkw, o.s, o.len, err, n);
	wg_buf_free(&o);
	return rc;
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
