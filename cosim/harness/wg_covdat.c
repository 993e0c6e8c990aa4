/* wg_covdat.c - a coverage data file: its point lines and keys (wg_covdat_point, wg_covdat_field), and
 * its toggle counts from the first reset edge on.
 *
 * Verilator's toggle coverage counts every change of a bit, and the first ones of a run are not
 * stimulus: the model starts with random values (--x-initial unique), the coverage shadow of each
 * signal with other random values, and the reset edge moves every reset register to its reset
 * value. A bit that is constant at the configuration thus counts one or two toggles. The cov
 * shim writes the counters at the first reset edge beside the run's data (PATH.reset); this file
 * subtracts them from the toggle points of the final data (lines, branches untouched: a reset arm
 * runs only in reset and is code the stimulus reached). The data file format (verilated_cov.cpp):
 * a header line, then one line `C '<key>' <count>` per point; a toggle point's key holds
 * "\001page\002v_toggle/". Both files are written by the same model, whose points are fixed when
 * it is built, and Verilator writes them in the order of a std::map on the key: the n-th line of
 * the mark is the n-th point of the data. The walk checks that, key by key. */
#include "wg_covdat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int wg_covdat_point(const char *line, const char **key, size_t *klen, unsigned long long *count)
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

int wg_covdat_field(const char *key, size_t klen, const char *f, char *v, size_t n)
{
	size_t fl = strlen(f);
	const char *z = key + klen;
	for (const char *s = memchr(key, '\001', klen); s; s = memchr(s + 1, '\001', (size_t)(z - s - 1)))
		if ((size_t)(z - s) > fl + 1 && memcmp(s + 1, f, fl) == 0 && s[1 + fl] == '\002') {
			const char *a = s + 2 + fl, *e = memchr(a, '\001', (size_t)(z - a));
			if (!e)
				e = z;
			snprintf(v, n, "%.*s", (int)(e - a), a);
			return 0;
		}
	return -1;
}

/* A toggle point: its page is v_toggle/MODULE. */
static int is_toggle(const char *key, size_t n)
{
	char page[16];
	return wg_covdat_field(key, n, "page", page, sizeof page) == 0 && strncmp(page, "v_toggle/", 9) == 0;
}

int wg_covdat_since_reset(const char *dat, const char *mark, char *err, size_t en)
{
	char tmp[4096 + 16];
	snprintf(tmp, sizeof tmp, "%s.sub%ld", dat, (long)getpid());
	FILE *mf = fopen(mark, "r");
	if (!mf) {
		snprintf(err, en, "cannot read %s: %s", mark, strerror(errno));
		return -1;
	}
	FILE *in = fopen(dat, "r");
	if (!in) {
		snprintf(err, en, "cannot read %s: %s", dat, strerror(errno));
		fclose(mf);
		return -1;
	}
	FILE *out = fopen(tmp, "w");
	if (!out) {
		snprintf(err, en, "cannot write %s: %s", tmp, strerror(errno));
		fclose(in);
		fclose(mf);
		return -1;
	}
	char *line = NULL, *mline = NULL;
	size_t cap = 0, mcap = 0;
	long n = 0;
	int rc = 0;
	while (rc == 0 && getline(&line, &cap, in) > 0) {
		n++;
		int got = getline(&mline, &mcap, mf) > 0;
		const char *key, *mkey;
		size_t k, mk;
		unsigned long long c, mc;
		int pt = wg_covdat_point(line, &key, &k, &c);
		if (pt && !(got && wg_covdat_point(mline, &mkey, &mk, &mc) && mk == k && memcmp(mkey, key, k) == 0)) {
			snprintf(err, en, "%s and %s differ at line %ld: not the same model's points", dat, mark, n);
			rc = -1;
		} else if (pt && is_toggle(key, k)) {
			fprintf(out, "C '%.*s' %llu\n", (int)k, key, c > mc ? c - mc : 0);
		} else {
			fputs(line, out);
		}
	}
	free(line);
	free(mline);
	int bad = ferror(in);
	fclose(in);
	fclose(mf);
	if (fclose(out) != 0 || bad || rc != 0 || rename(tmp, dat) != 0) {
		if (rc == 0)
			snprintf(err, en, "cannot rewrite %s: %s", dat, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
