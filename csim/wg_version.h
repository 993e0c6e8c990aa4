/* wg_version.h - the version of warpgen and of its library, libwarpgen (one
 * number for both: the Makefile reads the three fields below for the shared
 * library's soname, libwarpgen.so.MAJOR, and file name, .so.MAJOR.MINOR.PATCH,
 * and for warpgen.pc). */
#ifndef WG_VERSION_H
#define WG_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define WARPGEN_VERSION_MAJOR 1
#define WARPGEN_VERSION_MINOR 0
#define WARPGEN_VERSION_PATCH 0

#define WG_VERSION_STR_(x) #x
#define WG_VERSION_STR(x) WG_VERSION_STR_(x)
/* "MAJOR.MINOR.PATCH", a string literal */
#define WARPGEN_VERSION                                                                                  \
	WG_VERSION_STR(WARPGEN_VERSION_MAJOR) "." WG_VERSION_STR(WARPGEN_VERSION_MINOR) "." WG_VERSION_STR( \
		WARPGEN_VERSION_PATCH)
/* One comparable number: MAJOR * 10000 + MINOR * 100 + PATCH (1.0.0 = 10000). */
#define WARPGEN_VERSION_NUMBER (WARPGEN_VERSION_MAJOR * 10000 + WARPGEN_VERSION_MINOR * 100 + WARPGEN_VERSION_PATCH)

/* The version the library (or program) was built as: WARPGEN_VERSION of that
 * build, which a program compares with the WARPGEN_VERSION it was compiled
 * against to detect a header / library mismatch. */
const char *warpgen_version(void);

#ifdef __cplusplus
}
#endif

#endif
