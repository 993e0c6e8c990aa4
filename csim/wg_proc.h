/* wg_proc.h - child processes of the build step (verilator, make, g++):
 * run with output into a log file, capture a short output, show a log tail. */
#ifndef WG_PROC_H
#define WG_PROC_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Start argv (argv[0] looked up in PATH) with stdout and stderr appended to
 * log_fd (-1: /dev/null). The command line is written to the log first.
 * Returns the child's pid, or -1. */
pid_t wg_proc_start(char *const argv[], int log_fd);
/* Wait for a child: its exit status, 128+signal, or -1 when it did not start. */
int wg_proc_wait(pid_t pid);
/* wg_proc_start + wg_proc_wait. */
int wg_proc_run(char *const argv[], int log_fd);
/* Run argv (stdin /dev/null) from folder dir (NULL: here) and append its whole stdout to out;
 * its stderr goes to err_fd, or /dev/null (WG_PROC_ERR_NULL), or stays this process's
 * (WG_PROC_ERR_INHERIT). Returns the exit status as wg_proc_wait does (127: could not start). */
#define WG_PROC_ERR_NULL (-1)
#define WG_PROC_ERR_INHERIT (-2)
struct wg_buf;
int wg_proc_capture_buf(char *const argv[], const char *dir, int err_fd, struct wg_buf *out);
/* Run argv and keep its stdout (trailing newlines dropped) in buf; stderr to /dev/null.
 * Returns the exit status as wg_proc_wait does. */
int wg_proc_capture(char *const argv[], char *buf, size_t n);
/* Waiting for a child. It stays in this process group, so that a Ctrl-C at the terminal or a
 * kill of the job's group reaches it as it reaches warpgen. A SIGINT, SIGTERM or SIGHUP sent to
 * warpgen alone while it waits is passed on to the child and every process under it (SIGKILL
 * 10 s later if one is left), then raised again in warpgen. With a time limit: when it expires,
 * every process under the child (its children's children too: Yosys's ABC) gets SIGTERM, and
 * SIGKILL `grace` seconds later if it is still there; the status is then WG_PROC_TIMEOUT, as
 * timeout(1)'s. seconds <= 0: no limit. */
#define WG_PROC_TIMEOUT 124
/* wg_proc_wait with a limit of `seconds` from now. */
int wg_proc_wait_limit(pid_t pid, double seconds, double grace);
/* wg_proc_capture_buf with a limit. */
int wg_proc_capture_limit(char *const argv[], const char *dir, int err_fd, struct wg_buf *out, double seconds,
			  double grace);
/* Signal every process under pid (not pid itself) and return how many there were: found
 * through /proc, so that processes in other groups are found too. */
int wg_proc_signal_below(pid_t pid, int sig);
/* Print the last nlines lines of a text file to f, each indented by two spaces. */
void wg_proc_tail(const char *path, int nlines, FILE *f);

#ifdef __cplusplus
}
#endif

#endif
