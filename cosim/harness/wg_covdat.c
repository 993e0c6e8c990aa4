/* wg_covdat.c - a coverage data file's toggle counts from the first reset edge on.
 *
 * Verilator's toggle coverage counts every change of a bit, and the first ones of a run are not
 * stimulus: the model starts with random values (--x-initial unique), the coverage shadow of each
 * signal with other random values, and the reset edge moves every reset register to its reset
 * value. A bit that is constant at the configuration thus counts one or two toggles. The cov
 * shim writes the counters at the first reset edge beside the run's data (PATH.reset); this file
 * subtracts them from the toggle points of the final data (lines, branches untouched: a reset arm
 * runs only in reset and is code the stimulus reached). The data file format (verilated_cov.cpp):
 * a header line, then one line `C '<key>' <count>` per point; a toggle point's key holds
 * "\001page\002v_toggle/". */
#include "wg_covdat.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_vtool.h"

/* One toggle point of the mark: its key (the text between the quotes) and its count. */
typedef struct {
	char *key;      /* owned; NULL: empty slot */
	uint64_t count; /* the count at the first reset edge */
} mark_slot;

typedef struct {
	mark_slot *slot; /* open addressing, a power of two */
	size_t cap;      /* slots */
	size_t n;        /* used */
} mark_map;

/* The key lies inside its line, followed by "' count": the tag found past its end is not in it. */
static int is_toggle(const char *key, size_t n)
{
	const char *t = strstr(key, "\001page\002v_toggle/");
	return t && t < key + n;
}

/* Split "C '<key>' <count>": the key's start and length and the count; 0 when the line is not a point. */
static int parse(const char *line, const char **key, size_t *klen, uint64_t *count)
{
	if (strncmp(line, "C '", 3) != 0)
		return 0;
	const char *end = strrchr(line, '\'');
	if (!end || end < line + 3)
		return 0;
	char *stop;
	errno = 0;
	unsigned long long c = strtoull(end + 1, &stop, 10);
	if (errno || stop == end + 1)
		return 0;
	*key = line + 3;
	*klen = (size_t)(end - (line + 3));
	*count = c;
	return 1;
}

static size_t slot_of(const mark_map *m, const char *key, size_t n)
{
	size_t i = (size_t)wg_fnv_part(WG_FNV_INIT, key, n) & (m->cap - 1);
	while (m->slot[i].key && (strlen(m->slot[i].key) != n || memcmp(m->slot[i].key, key, n) != 0))
		i = (i + 1) & (m->cap - 1);
	return i;
}

static int map_put(mark_map *m, const char *key, size_t n, uint64_t count)
{
	if (2 * (m->n + 1) > m->cap) { /* grow: load at most one half */
		mark_map g = {calloc(m->cap ? 2 * m->cap : 1024, sizeof *g.slot), m->cap ? 2 * m->cap : 1024, 0};
		if (!g.slot)
			return -1;
		for (size_t i = 0; i < m->cap; i++)
			if (m->slot[i].key)
				g.slot[slot_of(&g, m->slot[i].key, strlen(m->slot[i].key))] = m->slot[i];
		g.n = m->n;
		free(m->slot);
		*m = g;
	}
	size_t i = slot_of(m, key, n);
	if (!m->slot[i].key) {
		if (!(m->slot[i].key = strndup(key, n)))
			return -1;
		m->n++;
	}
	m->slot[i].count = count;
	return 0;
}

static void map_free(mark_map *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->slot[i].key);
	free(m->slot);
}

static int read_mark(const char *path, mark_map *m, char *err, size_t en)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, en, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		const char *key;
		size_t n;
		uint64_t c;
		if (parse(line, &key, &n, &c) && is_toggle(key, n) && map_put(m, key, n, c) != 0) {
			snprintf(err, en, "out of memory reading %s", path);
			rc = -1;
		}
	}
	free(line);
	fclose(f);
	return rc;
}

int wg_covdat_since_reset(const char *dat, const char *mark, char *err, size_t en)
{
	mark_map m = {0};
	if (read_mark(mark, &m, err, en) != 0) {
		map_free(&m);
		return -1;
	}
	char tmp[4096 + 16];
	snprintf(tmp, sizeof tmp, "%s.sub%ld", dat, (long)getpid());
	FILE *in = fopen(dat, "r"), *out = in ? fopen(tmp, "w") : NULL;
	if (!in || !out) {
		snprintf(err, en, "cannot %s %s: %s", in ? "write" : "read", in ? tmp : dat, strerror(errno));
		if (in)
			fclose(in);
		map_free(&m);
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, in) > 0) {
		const char *key;
		size_t n;
		uint64_t c;
		if (m.cap && parse(line, &key, &n, &c) && is_toggle(key, n)) {
			size_t i = slot_of(&m, key, n);
			uint64_t before = m.slot[i].key ? m.slot[i].count : 0;
			fprintf(out, "C '%.*s' %llu\n", (int)n, key, (unsigned long long)(c > before ? c - before : 0));
		} else {
			fputs(line, out);
		}
	}
	free(line);
	map_free(&m);
	int bad = ferror(in);
	fclose(in);
	if (fclose(out) != 0 || bad || rename(tmp, dat) != 0) {
		snprintf(err, en, "cannot rewrite %s: %s", dat, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
