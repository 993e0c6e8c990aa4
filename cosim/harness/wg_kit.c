/* wg_kit.c - the runner of directed cases (wg_kit.h): one case function
 * called to drive a cycle, again to check it, and once at the end. */
#include "wg_kit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void wg_case_fail(wg_cyc *c, const char *fmt, ...)
{
	if (c->fail)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	c->fail = c->msg;
}

int wg_first_err(char *err, size_t n, long cyc, const char *fmt, va_list ap)
{
	if (err[0])
		return 0;
	int k = snprintf(err, n, "cycle %ld: ", cyc);
	vsnprintf(err + k, n - (size_t)k, fmt, ap);
	return 1;
}

const char *wg_case_start(wg_case_runner *r, const wg_case_def *def, size_t nin, wg_prologue_fn prologue,
			  long pro_len, char *err, size_t n)
{
	if (!def->run) {
		snprintf(err, n, "case %s has no function (wg_case_def.run)", def->name);
		return err;
	}
	if (nin > WG_KIT_MAX_IN) {
		snprintf(err, n, "case %s: the input frame has %zu words, more than the kit's %d", def->name, nin,
			 WG_KIT_MAX_IN);
		return err;
	}
	memset(&r->c, 0, sizeof r->c);
	r->run = def->run;
	r->prologue = prologue;
	r->pro_len = prologue ? pro_len : 0;
	r->nin = nin;
	r->c.len = -1;
	r->c.key = -1;
	return NULL;
}

/* Set up the call for cycle cyc in phase ph. */
static void enter(wg_case_runner *r, wg_phase ph, long cyc, uint32_t *in, const uint32_t *out,
		  const uint32_t *driven, const void *model)
{
	r->c.phase = ph;
	r->c.cyc = cyc;
	r->c.t = cyc - r->pro_len;
	r->c.in = in;
	r->c.out = out;
	r->c.driven = driven;
	r->c.model = model;
}

int wg_case_drive(wg_case_runner *r, void *st, const void *model, uint32_t *in, long cyc)
{
	if (cyc < r->pro_len) {
		r->prologue(st, in, cyc);
		return 1;
	}
	enter(r, WG_DRIVE, cyc, in, NULL, NULL, model);
	r->run(st, &r->c);
	return r->c.len < 0 || r->c.t < r->c.len;
}

const char *wg_case_check(wg_case_runner *r, void *st, const void *model, const uint32_t *in, const uint32_t *out,
			  long cyc, char *buf, size_t n)
{
	if (cyc < r->pro_len)
		return NULL;
	memcpy(r->scratch, in, r->nin * sizeof *in);
	enter(r, WG_CHECK, cyc, r->scratch, out, in, model);
	r->run(st, &r->c);
	if (!r->c.fail)
		return NULL;
	snprintf(buf, n, "%s", r->c.fail);
	return buf;
}

const char *wg_case_finish(wg_case_runner *r, void *st, long *key, char *buf, size_t n)
{
	enter(r, WG_FINISH, r->c.cyc, r->scratch, NULL, NULL, NULL);
	r->run(st, &r->c);
	*key = r->c.key;
	if (!r->c.fail)
		return NULL;
	snprintf(buf, n, "%s", r->c.fail);
	return buf;
}
