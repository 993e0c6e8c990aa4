/* cmd_gen.c - `warpgen gen BLOCK`: write the Verilog and the manifest. */
#include <stdio.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"

int wg_cmd_gen(int argc, char **argv)
{
	wg_opts o;
	wg_opts_parse(&o, "gen", argc, argv, WG_OPT_SET | WG_OPT_OUT | WG_OPT_NAME | WG_OPT_QUIET);
	if (o.help) {
		printf("usage: warpgen gen BLOCK [--set NAME=VALUE]... [-o DIR] [--name TOP] [-q]\n"
		       "writes DIR/TOP.v and DIR/TOP.manifest.json (default DIR: out/gen/BLOCK/CONFIG)\n\n");
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	char dir[4096], err[1024];
	if (o.outdir)
		snprintf(dir, sizeof dir, "%s", o.outdir);
	else
		wg_default_dir(o.block, o.p, dir, sizeof dir);
	if (wg_mkdirs(dir, err, sizeof err) != 0)
		wg_die("gen", 2, "output folder (-o): %s", err);
	if (wg_generate(o.block, o.p, o.top, dir, err, sizeof err) != 0)
		wg_die("gen", 2, "%s", err);
	if (!o.quiet)
		printf("%s/%s.v\n%s/%s.manifest.json\n", dir, o.top, dir, o.top);
	return 0;
}
