/* fz_liberty.c - libFuzzer harness of the Liberty reader (power_tables/wg_liberty.c,
 * wg_lib_syntax.c): any text is a library or one "NAME:LINE: reason" line; a library
 * read is walked through every look-up the energy sum uses. */
#include "fz.h"
#include "wg_liberty.h"

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_exact(data, size), err[512];
	wg_lib lib;
	if (wg_lib_parse(&lib, "fuzz.lib", text, size, err, sizeof err) != 0) {
		fz_check_msg("wg_lib_parse", err);
		free(text);
		return 0;
	}
	for (int c = 0; c < lib.ncells; c++) {
		const wg_lib_cell *cell = &lib.cells[c];
		(void)wg_lib_cell_find(&lib, cell->name);
		(void)wg_lib_first_output(cell);
		(void)wg_lib_clock_pin(cell);
		(void)wg_lib_clock_energy(cell, 0.1, 1.8);
		for (int p = 0; p < cell->npins; p++) {
			(void)wg_lib_pin_find(cell, cell->pins[p].name);
			(void)wg_lib_pin_energy(&cell->pins[p], 0.1, 0.01);
			(void)wg_lib_pin_energy(&cell->pins[p], 1e9, -1e9);
		}
		wg_lib_act row = {.cell = cell->name, .pin = NULL, .instances = 2, .toggles = 10, .load_pf = -1};
		wg_lib_run run = {.vdd = 0, .slew_ns = 0, .cycles = 100, .period_ns = 1};
		wg_lib_energy e;
		if (wg_lib_activity(&lib, &row, 1, &run, &e, err, sizeof err) != 0)
			fz_check_msg("wg_lib_activity", err);
	}
	wg_lib_free(&lib);
	free(text);
	return 0;
}

int fz_liberty(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
