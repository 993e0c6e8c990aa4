/* wg_version.c - the version function; and, in the installed library only
 * (compiled with WG_DATADIR by `make install`), where the library finds the
 * power tables its energy rules read.
 *
 * The repository's build takes wg_root() from wg_root.c (the tool's root from
 * its own path, out/bin/warpgen). An installed library cannot: the program is
 * the user's simulator. So the library is linked without wg_root.c and with
 * this file compiled with -DWG_DATADIR='"PREFIX/share/warpgen"', the folder
 * that holds power_tables/ (docs/library.md "Energy"). */
#include "wg_version.h"

const char *warpgen_version(void)
{
	return WARPGEN_VERSION;
}

#ifdef WG_DATADIR
#include <stdlib.h>

#include "wg_root.h"

/* $WARPGEN_HOME when set (a checkout's power_tables/), else the install's. */
const char *wg_root(void)
{
	const char *env = getenv("WARPGEN_HOME");
	return env && *env ? env : WG_DATADIR;
}
#endif
