/* reexec_q_energy.h - what other files use of the re-execution queue's
 * energy rules (reexec_q_energy.c; the tests): a queue event's cost in L1
 * accesses and the model function. The rules themselves: wg_energy_reexec_q. */
#ifndef REEXEC_Q_ENERGY_H
#define REEXEC_Q_ENERGY_H

#include <stddef.h>

#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A queue event's cost in L1 accesses: rows (reexec_q, <event>_queue_accesses) x
 * (reexec_q, access_energy_vs_l1) = 0.03 (Sethia §4.4.2). Returns 0 or -1 with a message. */
int rq_energy_l1_units(const wg_ptable *t, const char *event, double *units, char *err, size_t n);
/* Every event n/g (no pJ in the thesis) with its relative basis, unless the table gives
 * the event's row or 'l1 access_energy' a value; leakage n/g. */
int reexec_q_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			  size_t n);

#ifdef __cplusplus
}
#endif

#endif
