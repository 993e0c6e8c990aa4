/* fz_rgjob.c - libFuzzer harness of the regression job-file parser (cli/rg_job.c
 * rg_jobs_from_file, docs/regress.md): any file is a job set or one "FILE:LINE: ..."
 * line; a set read is grouped into units and every job's replay line is built. */
#define _GNU_SOURCE
#include "fz.h"
#include "rg.h"

#include <sys/mman.h>
#include <unistd.h>

int fz_rgjob(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("fz_rgjob", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	char err[512];
	rg_set set;
	if (rg_jobs_from_file(path, &set, err, sizeof err) != 0) {
		fz_check_msg("rg_jobs_from_file", err);
		return 0;
	}
	char line[4096];
	for (int i = 0; i < set.njobs; i++) {
		(void)rg_job_block(&set.jobs[i]);
		(void)rg_job_weight(&set.jobs[i]);
		rg_replay_line(&set, i, line, sizeof line);
	}
	rg_unit *units = NULL;
	int nu = rg_units(&set, 1e6, &units);
	if (nu < 0 || nu > set.njobs)
		abort();
	free(units);
	rg_set_free(&set);
	return 0;
}
