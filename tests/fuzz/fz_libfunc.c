/* fz_libfunc.c - libFuzzer harness of the Liberty function-string parser
 * (power_tables/wg_lib_func.c): any string parses or gives one line; a parsed
 * function is evaluated at a few variable assignments. */
#include "fz.h"
#include "wg_liberty.h"

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_str(data, size), err[512];
	wg_lib_func f;
	if (wg_lib_func_parse(&f, text, err, sizeof err) != 0) {
		fz_check_msg("wg_lib_func_parse", err);
		free(text);
		return 0;
	}
	if (f.nvars < 0 || f.nvars > WG_LIB_FUNC_MAXVARS || f.root < 0 || f.root >= f.nnodes)
		abort();
	for (int i = 0; i < f.nvars; i++)
		if (wg_lib_func_var(&f, f.vars[i]) != i)
			abort();
	const uint64_t vals[] = {0, ~0ull, 0x5555555555555555ull, 0x0123456789abcdefull};
	for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
		int v = wg_lib_func_eval(&f, vals[k]);
		if (v != 0 && v != 1)
			abort();
	}
	wg_lib_func_free(&f);
	free(text);
	return 0;
}

int fz_libfunc(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
