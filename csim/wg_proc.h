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
/* Print the last nlines lines of a text file to f, each indented by two spaces. */
void wg_proc_tail(const char *path, int nlines, FILE *f);

#ifdef __cplusplus
}
#endif

#endif
