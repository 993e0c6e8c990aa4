/* fz_main.c - libFuzzer's entry points for the one program of every harness (tests/fuzz.sh links
 * it once as $OUT/fuzz/bin/fz_all, and fz_NAME links to it): the name it runs under picks the
 * harness, so that one link serves them all (a link costs as much as a harness's test). */
#include "fz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

static const struct {
	const char *name;                    /* fz_NAME */
	int (*fn)(const uint8_t *, size_t); /* its harness */
} harnesses[] = {
	{"fz_liberty", fz_liberty}, {"fz_libfunc", fz_libfunc}, {"fz_blif", fz_blif},   {"fz_stat", fz_stat},
	{"fz_ptable", fz_ptable},   {"fz_json", fz_json},       {"fz_rgjob", fz_rgjob}, {"fz_opts", fz_opts},
};

static int (*chosen)(const uint8_t *, size_t);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *me = *argc > 0 ? strrchr((*argv)[0], '/') : NULL;
	me = me ? me + 1 : *argc > 0 ? (*argv)[0] : "";
	for (size_t i = 0; i < sizeof harnesses / sizeof harnesses[0]; i++)
		if (strcmp(me, harnesses[i].name) == 0)
			chosen = harnesses[i].fn;
	if (!chosen) {
		fprintf(stderr, "fz_all: run me as fz_NAME (a link made by tests/fuzz.sh build), not as '%s'\n", me);
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return chosen(data, size);
}
