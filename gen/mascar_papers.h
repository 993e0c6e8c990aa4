/* mascar_papers.h - Mascar's storage against Sethia Tab. 4.2, shared by the
 * composition and its parts (mascar_papers.c): wrc and reexec_q compare
 * their share of the same table through it. */
#ifndef MASCAR_PAPERS_H
#define MASCAR_PAPERS_H

#include "wg_papers_def.h"

/* The Tab. 4.2 rows of configuration c (table t: sethia2015.tsv): the
 * WST + WRC owner id against the parts wrcp, the queue against rqp (either
 * NULL: that row is left out), and Mascar's total when whole. */
void ms_papers_tab42(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c, const wg_json *wrcp,
		     const wg_json *rqp, int whole);

#endif
