/* rg_progress.c - the live line on a terminal, a line every few percent in a log (rg_progress.h). */
#include "rg_progress.h"

#include <string.h>

void rg_progress_hms(double secs, char *buf, size_t n)
{
	long s = secs < 0 ? 0 : (long)(secs + 0.5);
	if (s >= 3600)
		snprintf(buf, n, "%ldh%02ldm", s / 3600, s % 3600 / 60);
	else if (s >= 60)
		snprintf(buf, n, "%ldm%02lds", s / 60, s % 60);
	else
		snprintf(buf, n, "%lds", s);
}

void rg_progress_start(rg_progress *p, FILE *out, int tty, int quiet, const rg_set *set, double now)
{
	memset(p, 0, sizeof *p);
	p->out = out;
	p->tty = tty;
	p->quiet = quiet;
	p->total = set->njobs;
	p->t0 = now;
	for (int i = 0; i < set->njobs; i++)
		p->wtotal += rg_job_weight(&set->jobs[i]);
}

/* "12/40 done, 11 passed, 1 failed, 3m10s left" */
static void status(const rg_progress *p, double now, char *buf, size_t n)
{
	char left[32] = "?";
	if (p->wdone > 0 && p->done < p->total)
		rg_progress_hms((now - p->t0) * (p->wtotal - p->wdone) / p->wdone, left, sizeof left);
	int pct = p->total ? (int)(100.0 * p->done / p->total) : 100;
	if (p->done == p->total)
		snprintf(buf, n, "%d/%d done (100 %%), %d passed, %d failed", p->done, p->total, p->passed, p->failed);
	else
		snprintf(buf, n, "%d/%d done (%d %%), %d passed, %d failed, %s left", p->done, p->total, pct, p->passed,
			 p->failed, left);
}

static void clear_live(rg_progress *p)
{
	if (p->live)
		fputs("\r\033[K", p->out);
	p->live = 0;
}

void rg_progress_result(rg_progress *p, const rg_set *set, const rg_result *r, double now)
{
	const rg_job *j = &set->jobs[r->job];
	char line[256];
	p->done++;
	p->wdone += rg_job_weight(j);
	if (r->verdict == RG_PASS)
		p->passed++;
	else
		p->failed++;
	if (r->verdict != RG_PASS) {
		clear_live(p);
		fprintf(p->out, "%s %s: %s\n  replay: %s\n", rg_verdict_name(r->verdict), j->name, r->first_mismatch,
			r->replay);
	}
	if (!p->quiet) {
		status(p, now, line, sizeof line);
		if (p->tty) {
			fprintf(p->out, "\r%s\033[K", line);
			p->live = 1;
		} else {
			int step = p->total ? (int)((long long)p->done * 100 / p->total / RG_PROGRESS_STEP_PCT) : 0;
			if (step > p->step || p->done == p->total) {
				fprintf(p->out, "regress: %s\n", line);
				p->step = step;
			}
		}
	}
	fflush(p->out);
}

void rg_progress_end(rg_progress *p)
{
	if (p->live)
		fputs("\n", p->out);
	p->live = 0;
	fflush(p->out);
}
