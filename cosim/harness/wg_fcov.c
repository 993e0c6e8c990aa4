/* wg_fcov.c - functional coverage report: table, --list and JSON. */
#include "wg_fcov.h"

#include <stdlib.h>
#include <string.h>

static int npoints(const wg_stim_def *s, const wg_harness_res *r)
{
	if (!s->cover || s->ncov <= 0 || !r->cov_hits)
		return 0;
	return r->ncov < s->ncov ? r->ncov : s->ncov;
}

static int name_width(const wg_stim_def *s)
{
	int w = 5;
	for (int k = 0; k < s->ncov; k++) {
		int l = (int)strlen(s->cov[k].name);
		w = l > w ? l : w;
	}
	return w;
}

int wg_fcov_missed(const wg_stim_def *s, const wg_harness_res *r)
{
	int n = npoints(s, r), miss = 0;
	for (int k = 0; k < n; k++)
		miss += r->cov_hits[k] == 0;
	return miss;
}

void wg_fcov_print(FILE *f, const wg_stim_def *s, const wg_harness_res *r)
{
	int n = npoints(s, r);
	if (!n)
		return;
	int w = name_width(s);
	fprintf(f, "\nfunctional coverage: %d of %d points hit in %ld cycles\n", n - wg_fcov_missed(s, r), n, r->cycles);
	fprintf(f, "  %-*s  %12s  %s\n", w, "POINT", "HITS", "CORNER CASE");
	for (int k = 0; k < n; k++) {
		char hits[24];
		if (r->cov_hits[k])
			snprintf(hits, sizeof hits, "%llu", (unsigned long long)r->cov_hits[k]);
		else
			snprintf(hits, sizeof hits, "never");
		fprintf(f, "  %-*s  %12s  %s\n", w, s->cov[k].name, hits, s->cov[k].desc);
	}
}

void wg_fcov_list(FILE *f, const wg_stim_def *s)
{
	if (!s->cover || s->ncov <= 0)
		return;
	int w = name_width(s);
	/* indented by four: tests/decl.sh takes "  name ..." lines of --list for directed cases */
	fprintf(f, "functional coverage points of %s (%d, counted in every run):\n", s->block->name, s->ncov);
	fprintf(f, "    %-*s  %s\n", w, "POINT", "CORNER CASE");
	for (int k = 0; k < s->ncov; k++)
		fprintf(f, "    %-*s  %s\n", w, s->cov[k].name, s->cov[k].desc);
}

void wg_fcov_json_buf(wg_buf *j, const wg_stim_def *s, const wg_harness_res *r)
{
	int n = npoints(s, r);
	wg_buf_printf(j, "\"coverage\": [");
	for (int k = 0; k < n; k++) {
		wg_buf_printf(j, "%s\n    {\"name\": ", k ? "," : "");
		wg_buf_json_str(j, s->cov[k].name);
		wg_buf_printf(j, ", \"hits\": %llu}", (unsigned long long)r->cov_hits[k]);
	}
	wg_buf_printf(j, "%s]", n ? "\n  " : "");
}

int wg_fcov_json(const wg_stim_def *s, const wg_harness_res *r, const char *path, char *err, size_t n)
{
	if (!npoints(s, r))
		return 0;
	wg_buf j = {0};
	wg_fcov_json_buf(&j, s, r);
	int rc = wg_json_file_append(path, j.s, err, n);
	wg_buf_free(&j);
	return rc;
}
