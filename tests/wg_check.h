/* wg_check.h - the unit tests' check macro: one line per failed check,
 * "N passed, M failed" at the end, exit status 1 on any failure. */
#ifndef WG_CHECK_H
#define WG_CHECK_H

#include <stdio.h>

static int wg_passed, wg_failed;

#define CHECK(cond)                                                                 \
	do {                                                                        \
		if (cond) {                                                         \
			wg_passed++;                                                \
		} else {                                                            \
			wg_failed++;                                                \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);      \
		}                                                                   \
	} while (0)

/* Integer equality, printing both values when they differ. */
#define CHECK_EQ(a, b)                                                                          \
	do {                                                                                    \
		long long a_ = (long long)(a), b_ = (long long)(b);                             \
		if (a_ == b_) {                                                                 \
			wg_passed++;                                                            \
		} else {                                                                        \
			wg_failed++;                                                            \
			printf("FAIL %s:%d: %s == %s (%lld != %lld)\n", __FILE__, __LINE__, #a, \
			       #b, a_, b_);                                                     \
		}                                                                               \
	} while (0)

static inline int wg_check_done(void)
{
	printf("%d passed, %d failed\n", wg_passed, wg_failed);
	return wg_failed != 0;
}

#endif
