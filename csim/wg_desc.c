/* wg_desc.c - parameter handling and frame layout shared by every block. */
#include "wg_desc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wg_params_default(const wg_block *b, long *p)
{
	for (int i = 0; i < b->nparams; i++)
		p[i] = b->params[i].def;
}

int wg_param_index(const wg_block *b, const char *name)
{
	for (int i = 0; i < b->nparams; i++)
		if (strcmp(b->params[i].name, name) == 0)
			return i;
	return -1;
}

const char *wg_param_range(const wg_param_def *d, char *buf, size_t n)
{
	if (d->choices) {
		size_t used = 0;
		buf[0] = '\0';
		for (int i = 0; d->choices[i]; i++)
			used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s",
						 i ? "|" : "", d->choices[i]);
	} else {
		snprintf(buf, n, "%ld..%ld", d->min, d->max);
	}
	return buf;
}

const char *wg_param_text(const wg_param_def *d, long v, char *buf, size_t n)
{
	if (d->choices && v >= d->min && v <= d->max)
		snprintf(buf, n, "%s", d->choices[v]);
	else
		snprintf(buf, n, "%ld", v);
	return buf;
}

const char *wg_param_set(const wg_block *b, long *p, const char *assign, char *buf, size_t n)
{
	const char *eq = strchr(assign, '=');
	char name[64], range[128];
	if (!eq || eq == assign || (size_t)(eq - assign) >= sizeof name) {
		snprintf(buf, n, "--set expects NAME=VALUE, got '%s'", assign);
		return buf;
	}
	memcpy(name, assign, (size_t)(eq - assign));
	name[eq - assign] = '\0';
	int i = wg_param_index(b, name);
	if (i < 0) {
		size_t used = (size_t)snprintf(buf, n, "%s: unknown parameter %s (parameters:", b->name, name);
		for (int k = 0; k < b->nparams && used < n; k++)
			used += (size_t)snprintf(buf + used, n - used, " %s", b->params[k].name);
		if (used < n)
			snprintf(buf + used, n - used, ")");
		return buf;
	}
	const wg_param_def *d = &b->params[i];
	const char *val = eq + 1;
	if (d->choices) {
		for (int k = 0; d->choices[k]; k++)
			if (strcmp(d->choices[k], val) == 0) {
				p[i] = k;
				return NULL;
			}
		snprintf(buf, n, "%s: %s=%s is not one of %s", b->name, name, val,
			 wg_param_range(d, range, sizeof range));
		return buf;
	}
	char *end;
	errno = 0;
	long v = strtol(val, &end, 0);
	if (*val == '\0' || *end != '\0' || errno) {
		snprintf(buf, n, "%s: %s=%s is not a number (legal range %s)", b->name, name, val,
			 wg_param_range(d, range, sizeof range));
		return buf;
	}
	if (v < d->min || v > d->max) {
		snprintf(buf, n, "%s: %s=%ld is out of range (legal range %s)", b->name, name, v,
			 wg_param_range(d, range, sizeof range));
		return buf;
	}
	p[i] = v;
	return NULL;
}

const char *wg_params_apply(const wg_block *b, long *p, const char *list, char *buf, size_t n)
{
	while (list && *list) {
		char one[128];
		size_t len = strcspn(list, ",");
		snprintf(one, sizeof one, "%.*s", (int)len, list);
		if (wg_param_set(b, p, one, buf, n))
			return buf;
		list += len + (list[len] == ',');
	}
	return NULL;
}

const char *wg_params_check(const wg_block *b, const long *p, char *buf, size_t n)
{
	char range[128];
	for (int i = 0; i < b->nparams; i++) {
		const wg_param_def *d = &b->params[i];
		if (p[i] < d->min || p[i] > d->max) {
			snprintf(buf, n, "%s: %s=%ld is out of range (legal range %s)", b->name, d->name, p[i],
				 wg_param_range(d, range, sizeof range));
			return buf;
		}
	}
	return b->check ? b->check(p, buf, n) : NULL;
}

void wg_config_name(const wg_block *b, const long *p, int as_path, char *buf, size_t n)
{
	size_t used = 0;
	char v[64];
	buf[0] = '\0';
	for (int i = 0; i < b->nparams; i++) {
		if (p[i] == b->params[i].def)
			continue;
		used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s%s%s",
					 used ? (as_path ? "_" : " ") : "", b->params[i].name, as_path ? "-" : "=",
					 wg_param_text(&b->params[i], p[i], v, sizeof v));
	}
	if (used == 0)
		snprintf(buf, n, "default");
}

int wg_port_index(const wg_block *b, const char *name)
{
	for (int i = 0; i < b->nports; i++)
		if (strcmp(b->ports[i].name, name) == 0)
			return i;
	return -1;
}

void wg_layout_init(wg_layout *L, const wg_block *b, const long *p)
{
	memset(L, 0, sizeof *L);
	L->nports = b->nports;
	L->nevents = b->nevents;
	b->widths(p, L->width, L->ev_w);
	for (int i = 0; i < b->nports; i++) {
		int d = b->ports[i].dir;
		L->off[i] = L->nwords[d];
		L->nwords[d] += (L->width[i] + 31) / 32;
	}
	int lsb = 0;
	for (int e = 0; e < b->nevents; e++) {
		L->ev_lsb[e] = lsb;
		lsb += L->ev_w[e];
	}
	L->ev_port = wg_port_index(b, "ev_o");
}
