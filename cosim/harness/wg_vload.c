/* wg_vload.c - build (or find) a configuration's model and load it. */
#include <stdio.h>

#include "wg_dut.h"
#include "wg_vbuild.h"

int wg_vbuild_load(const wg_vbuild_req *rq, wg_vbuild_res *rs, wg_dut_lib *d)
{
	char err[1024];
	if (wg_vbuild(rq, rs) != 0)
		return -1;
	if (wg_dut_load(d, rs->lib, rq->L, err, sizeof err) != 0) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		return -1;
	}
	if (d->traced != (rq->flavour == WG_FLAVOUR_FST)) {
		fprintf(stderr, "warpgen cosim: %s is not the %s flavour\n", rs->lib, wg_flavour_name(rq->flavour));
		return -1;
	}
	return 0;
}
