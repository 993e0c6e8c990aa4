/* wg_proc.c - fork/exec with output to a log file, output capture, log tails. */
#include "wg_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wg_buf.h"

static void log_cmdline(char *const argv[], int log_fd)
{
	wg_buf b = {0};
	wg_buf_put(&b, "$", 1);
	for (int i = 0; argv[i]; i++)
		wg_buf_printf(&b, " %s", argv[i]);
	wg_buf_put(&b, "\n", 1);
	if (write(log_fd, b.s, b.len) < 0) {
		/* the log is best effort: the command still runs */
	}
	wg_buf_free(&b);
}

pid_t wg_proc_start(char *const argv[], int log_fd)
{
	if (log_fd >= 0)
		log_cmdline(argv, log_fd);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid != 0)
		return pid; /* parent, or -1 */
	int fd = log_fd >= 0 ? log_fd : open("/dev/null", O_WRONLY);
	int in = open("/dev/null", O_RDONLY);
	if (in >= 0)
		dup2(in, 0);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	execvp(argv[0], argv);
	dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int wg_proc_wait(pid_t pid)
{
	if (pid < 0)
		return -1;
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

int wg_proc_run(char *const argv[], int log_fd)
{
	return wg_proc_wait(wg_proc_start(argv, log_fd));
}

int wg_proc_capture_buf(char *const argv[], const char *dir, int err_fd, wg_buf *out)
{
	int p[2];
	wg_buf_put(out, "", 0); /* (a NUL-terminated text even when nothing comes) */
	if (pipe(p) != 0)
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		dup2(p[1], 1);
		close(p[1]);
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0)
			dup2(nul, 0);
		if (err_fd >= 0)
			dup2(err_fd, 2);
		else if (err_fd == WG_PROC_ERR_NULL && nul >= 0)
			dup2(nul, 2);
		if (dir && chdir(dir) != 0) {
			dprintf(2, "cannot enter %s: %s\n", dir, strerror(errno));
			_exit(127);
		}
		execvp(argv[0], argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	for (;;) {
		char tmp[4096];
		ssize_t got = read(p[0], tmp, sizeof tmp);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		wg_buf_put(out, tmp, (size_t)got);
	}
	close(p[0]);
	return wg_proc_wait(pid);
}

int wg_proc_capture(char *const argv[], char *buf, size_t n)
{
	wg_buf b = {0};
	int rc = wg_proc_capture_buf(argv, NULL, WG_PROC_ERR_NULL, &b);
	size_t used = b.len < n ? b.len : (n ? n - 1 : 0);
	while (used > 0 && (b.s[used - 1] == '\n' || b.s[used - 1] == '\r'))
		used--;
	if (n)
		snprintf(buf, n, "%.*s", (int)used, b.s);
	wg_buf_free(&b);
	return rc;
}

void wg_proc_tail(const char *path, int nlines, FILE *f)
{
	char err[256];
	size_t len;
	char *t = wg_read_file(path, &len, err, sizeof err);
	if (!t) {
		fprintf(f, "  (%s)\n", err);
		return;
	}
	size_t start = len;
	int seen = 0;
	while (start > 0) {
		if (t[start - 1] == '\n' && start != len && ++seen >= nlines)
			break;
		start--;
	}
	for (char *line = t + start; *line;) {
		char *nl = strchr(line, '\n');
		size_t l = nl ? (size_t)(nl - line) : strlen(line);
		fprintf(f, "  %.*s\n", (int)l, line);
		line += l + (nl != NULL);
	}
	free(t);
}
