/* fz_opts.c - libFuzzer harness of the command line (cosim/harness/wg_cli.c wg_opts_parse:
 * BLOCK, --set, --knob, --seed, --cycles, --case, ...; csim/wg_desc.c wg_param_set,
 * wg_params_apply, wg_params_check). The input is the argument list, one per line;
 * its first byte picks which options the command accepts. Bad input must end in
 * wg_die's exit 2 (caught here through the linker's --wrap=exit), never a crash, and a
 * parse that returns must leave every parameter inside its legal range. */
#include "fz.h"
#include "wg_cli.h"

#include <setjmp.h>

static jmp_buf fz_jmp;
static int fz_in_target, fz_code;
void __real_exit(int code) __attribute__((noreturn));
void __wrap_exit(int code) __attribute__((noreturn));
void __wrap_exit(int code)
{
	if (!fz_in_target)
		__real_exit(code);
	fz_code = code;
	longjmp(fz_jmp, 1);
}

#define FZ_MAXARGS 64

int fz_opts(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned allowed = data[0] * 0x41u; /* every option bit reachable from one byte */
	char *text = fz_str(data + 1, size - 1);
	char *argv[FZ_MAXARGS];
	int argc = 0;
	for (char *s = text; argc < FZ_MAXARGS;) {
		argv[argc++] = s;
		char *nl = memchr(s, '\n', (size_t)(text + size - 1 - s));
		if (!nl)
			break;
		*nl = '\0';
		s = nl + 1;
	}
	static volatile wg_opts o; /* volatile: read after the longjmp */
	fz_quiet();
	fz_in_target = 1;
	fz_code = -1;
	if (setjmp(fz_jmp) == 0)
		wg_opts_parse((wg_opts *)&o, "fuzz", argc, argv, allowed);
	fz_in_target = 0;
	fz_loud();
	if (fz_code >= 0 && fz_code != 2) {
		fprintf(stderr, "wg_opts_parse exited %d, not 2\n", fz_code);
		abort();
	}
	if (fz_code < 0 && !o.help && !o.block)
		abort();
	if (fz_code < 0 && !o.help) {
		char err[512];
		if (wg_params_check(o.block, (const long *)o.p, err, sizeof err) != NULL) {
			fprintf(stderr, "wg_opts_parse accepted parameters wg_params_check refuses: %s\n", err);
			abort();
		}
		/* the parameter list form of the same values (as a case's overrides are written) */
		char list[2048], buf[64], one[256];
		list[0] = '\0';
		for (int i = 0; i < o.block->nparams; i++) {
			snprintf(one, sizeof one, "%s%s=%s", i ? "," : "", o.block->params[i].name,
				 wg_param_text(&o.block->params[i], o.p[i], buf, sizeof buf));
			strncat(list, one, sizeof list - strlen(list) - 1);
		}
		long p[WG_MAX_PARAMS];
		wg_params_default(o.block, p);
		if (wg_params_apply(o.block, p, list, err, sizeof err) != NULL) {
			fprintf(stderr, "the parameters' own text '%s' does not read back: %s\n", list, err);
			abort();
		}
		for (int i = 0; i < o.block->nparams; i++)
			if (p[i] != o.p[i]) {
				fprintf(stderr, "'%s' reads back %s=%ld, not %ld\n", list, o.block->params[i].name, p[i], o.p[i]);
				abort();
			}
	}
	free(text);
	return 0;
}
