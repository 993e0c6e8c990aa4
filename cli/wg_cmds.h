/* wg_cmds.h - the warpgen commands: each takes the arguments after its name
 * and returns the process exit code (0 ok, 1 check failed, 2 bad input). */
#ifndef WG_CMDS_H
#define WG_CMDS_H

int wg_cmd_list(int argc, char **argv);   /* cli/warpgen.c */
int wg_cmd_gen(int argc, char **argv);    /* cli/cmd_gen.c */
int wg_cmd_cosim(int argc, char **argv);  /* cli/cmd_cosim.c */
int wg_cmd_coverage(int argc, char **argv); /* cli/cmd_coverage.c */
int wg_cmd_wave(int argc, char **argv);   /* cli/cmd_wave.c */
int wg_cmd_bench(int argc, char **argv);  /* cli/cmd_bench.c */
int wg_cmd_stats(int argc, char **argv);  /* cosim/sm_rfc/sm_rfc_stats.c */
int wg_cmd_area(int argc, char **argv);   /* cli/cmd_area.c */
int wg_cmd_timing(int argc, char **argv); /* cli/cmd_timing.c */
int wg_cmd_energy(int argc, char **argv); /* cli/cmd_energy.c */
int wg_cmd_liberty(int argc, char **argv); /* cli/cmd_liberty.c */
int wg_cmd_report(int argc, char **argv); /* cli/cmd_report.c */
int wg_cmd_regress(int argc, char **argv); /* cli/cmd_regress.c */
int wg_cmd_prove(int argc, char **argv);  /* cli/cmd_prove.c */

#endif
