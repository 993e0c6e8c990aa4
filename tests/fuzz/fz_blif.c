/* fz_blif.c - libFuzzer harness of the BLIF reader (cosim/gate/wg_blif.c): any text is a
 * netlist or one "NAME:LINE: reason" line; a netlist read is checked for indexes in range. */
#include "fz.h"
#include "wg_blif.h"

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_str(data, size), err[512];
	wg_nl nl;
	if (wg_nl_read_blif(&nl, text, "fuzz.blif", err, sizeof err) != 0) {
		fz_check_msg("wg_nl_read_blif", err);
		free(text);
		return 0;
	}
	for (long c = 0; c < nl.ncells; c++) {
		const wg_nl_cell *cl = &nl.cells[c];
		if (cl->out < 0 || cl->out >= nl.nnets || cl->type < 0 || cl->type >= nl.ntypes || cl->nin > WG_NL_MAXIN)
			abort();
		for (int i = 0; i < cl->nin; i++)
			if (cl->in[i] < 0 || cl->in[i] >= nl.nnets)
				abort();
	}
	for (long i = 0; i < nl.ninputs; i++)
		(void)wg_nl_find(&nl, nl.name[nl.inputs[i]]);
	for (long i = 0; i < nl.noutputs; i++)
		(void)wg_nl_port_bit(&nl, nl.name[nl.outputs[i]], 0, 1);
	(void)wg_nl_port_bit(&nl, "x", 3, 8);
	wg_nl_free(&nl);
	free(text);
	return 0;
}

int fz_blif(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
