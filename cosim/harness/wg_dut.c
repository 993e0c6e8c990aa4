/* wg_dut.c - dlopen libdut.so and check it against the frame layout. */
#include "wg_dut.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "wg_shim.h"

/* dlsym into a function pointer without the object/function pointer cast. */
static int sym(void *so, const char *name, void *fp, size_t size, char *err, size_t n)
{
	void *p = dlsym(so, name);
	if (!p) {
		snprintf(err, n, "libdut.so has no %s (stale build?)", name);
		return -1;
	}
	memcpy(fp, &p, size);
	return 0;
}

#define SYM(field, name) sym(d->so, name, &d->field, sizeof d->field, err, n)

int wg_dut_load(wg_dut_lib *d, const char *lib, const wg_layout *L, char *err, size_t n)
{
	int (*abi)(void), (*nwords)(int), (*nports)(void), (*width)(int), (*traced)(void);
	memset(d, 0, sizeof *d);
	d->so = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (!d->so) {
		snprintf(err, n, "cannot load %s: %s", lib, dlerror());
		return -1;
	}
	if (sym(d->so, "wg_shim_abi", &abi, sizeof abi, err, n) || sym(d->so, "wg_shim_nwords", &nwords, sizeof nwords, err, n) ||
	    sym(d->so, "wg_shim_nports", &nports, sizeof nports, err, n) ||
	    sym(d->so, "wg_shim_port_width", &width, sizeof width, err, n) ||
	    sym(d->so, "wg_shim_traced", &traced, sizeof traced, err, n))
		goto bad;
	if (abi() != WG_SHIM_ABI) {
		snprintf(err, n, "%s: shim ABI %d, expected %d", lib, abi(), WG_SHIM_ABI);
		goto bad;
	}
	if (nwords(0) != L->nwords[WG_IN] || nwords(1) != L->nwords[WG_OUT] || nports() != L->nports) {
		snprintf(err, n, "%s: frames of %d/%d words and %d ports, layout says %d/%d and %d", lib, nwords(0),
			 nwords(1), nports(), L->nwords[WG_IN], L->nwords[WG_OUT], L->nports);
		goto bad;
	}
	for (int i = 0; i < L->nports; i++)
		if (width(i) != L->width[i]) {
			snprintf(err, n, "%s: port %d is %d bits, layout says %d", lib, i, width(i), L->width[i]);
			goto bad;
		}
	d->traced = traced();
	if (SYM(create, "wg_shim_create") || SYM(destroy, "wg_shim_destroy") || SYM(set_inputs, "wg_shim_set_inputs") ||
	    SYM(eval, "wg_shim_eval") || SYM(get_outputs, "wg_shim_get_outputs") || SYM(tick, "wg_shim_tick") ||
	    SYM(trace_open, "wg_shim_trace_open") || SYM(trace_close, "wg_shim_trace_close") ||
	    SYM(finished, "wg_shim_finished"))
		goto bad;
	return 0;
bad: /* loaded but not usable: unload it (the process may go on, e.g. to a failure window) */
	dlclose(d->so);
	d->so = NULL;
	return -1;
}

wg_shim *wg_dut_create(const wg_dut_lib *d, uint64_t seed)
{
	return d->create_ctx ? d->create_ctx(d->ctx, seed) : d->create(seed);
}
