/* vf_manager_cover.h - functional coverage points of Equalizer's frequency
 * manager: the corner cases of docs/vf_manager.md (spec §2.6, §2.12 #7, #8,
 * #11; A-EQ-9, A-EQ-10) as conditions on one cycle's inputs and the C
 * model's state. */
#ifndef VF_MANAGER_COVER_H
#define VF_MANAGER_COVER_H

#include <stdint.h>

#include "vf_manager.h"
#include "wg_stim.h"

#define VFM_NCOV_POINTS 18 /* entries of vfm_cov_points */
extern const wg_cov_point vfm_cov_points[VFM_NCOV_POINTS];

/* req_i's SMS fields of EQ_VF_BITS (3) bits read from / written to a frame in one pass over its
 * words (the stimulus, its check and cover do it every cycle; wg_elem_get/put a field at a time cost
 * vf_manager's plain co-simulation loop about 430 instructions a cycle of 3,460). Bits past the
 * port's width are left as they are, as wg_put leaves them. */
static inline void vfm_req_unpack(const wg_layout *L, const uint32_t *f, int sms, uint8_t *req)
{
	const uint32_t *w = f + L->off[VFM_REQ_I];
	uint64_t acc = 0;
	unsigned nb = 0;
	for (int k = 0; k < sms; k++) {
		if (nb < 3) { /* the next word holds the rest of this field */
			acc |= (uint64_t)*w++ << nb;
			nb += 32;
		}
		req[k] = (uint8_t)(acc & 7u);
		acc >>= 3;
		nb -= 3;
	}
}

static inline void vfm_req_pack(const wg_layout *L, uint32_t *f, int sms, const uint8_t *req)
{
	uint32_t *w = f + L->off[VFM_REQ_I];
	uint64_t acc = 0;
	unsigned nb = 0;
	for (int k = 0; k < sms; k++) {
		acc |= (uint64_t)(req[k] & 7u) << nb;
		nb += 3;
		if (nb >= 32) {
			*w++ = (uint32_t)acc;
			acc >>= 32;
			nb -= 32;
		}
	}
	if (nb)
		*w = (*w & ~(uint32_t)((1u << nb) - 1u)) | (uint32_t)acc;
}

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs). */
void vfm_cover(const wg_layout *L, const vfm_model *m, const uint32_t *in, uint64_t *hits);

#endif
