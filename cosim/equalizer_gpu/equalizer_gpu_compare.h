/* equalizer_gpu_compare.h - `warpgen stats equalizer_gpu --compare` (equalizer_gpu_compare.c). */
#ifndef EQG_COMPARE_H
#define EQG_COMPARE_H

/* argv[0] is the block name; returns the exit code (0, 1 a check failed or REVERSED, 2 bad input). */
int eqs_compare_main(int argc, char **argv);

#endif
