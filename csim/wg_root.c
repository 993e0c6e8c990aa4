/* wg_root.c - where the tool lives: the repository root and its out/ folder
 * (or the folder of --out / $WARPGEN_OUT). */
#define _POSIX_C_SOURCE 200809L
#include "wg_root.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *wg_root(void)
{
	static char root[PATH_MAX]; /* computed once; the tool, not the C models */
	if (root[0])
		return root;
	const char *env = getenv("WARPGEN_HOME");
	if (env && *env) {
		snprintf(root, sizeof root, "%s", env);
		return root;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0) {
		snprintf(root, sizeof root, ".");
		return root;
	}
	exe[n] = '\0';
	for (int up = 0; up < 3; up++) { /* <root>/out/bin/warpgen */
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
	}
	snprintf(root, sizeof root, "%s", exe[0] ? exe : "/");
	return root;
}

const char *wg_out_dir(void)
{
	static char out[PATH_MAX + 8];
	if (out[0])
		return out;
	const char *env = getenv("WARPGEN_OUT"); /* --out DIR sets it (cli/warpgen.c), absolute */
	if (env && *env)
		snprintf(out, sizeof out, "%s", env);
	else
		snprintf(out, sizeof out, "%s/out", wg_root());
	return out;
}

int wg_out_given(void)
{
	const char *env = getenv("WARPGEN_OUT");
	return env && *env;
}

const char *wg_root_rel(const char *path)
{
	const char *root = wg_root();
	size_t n = strlen(root);
	if (strncmp(path, root, n) == 0 && path[n] == '/')
		return path + n + 1;
	return path;
}
