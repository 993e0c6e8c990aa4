/* wg_vtool.c - argument vectors, Verilator install facts, locks, time, hashing. */
#include "wg_vtool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_proc.h"
#include "wg_root.h"

void wg_argv_add(wg_argv *a, const char *fmt, ...)
{
	if (a->n >= WG_ARGV_MAX) {
		fprintf(stderr, "warpgen: internal error: too many build arguments\n");
		exit(3);
	}
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = wg_xcalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

void wg_argv_free(wg_argv *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	a->n = 0;
	a->v[0] = NULL;
}

/* Verilator's version and root. Asking the `verilator` script (Perl, which runs verilator_bin
 * through two shells) costs about 0.08 CPU-s a question, and every co-simulation asked both: 0.16
 * CPU-s, most of a cached directed case's CPU, in each of make test's 400-odd runs. So the answers
 * are kept in <out>/cache/verilator.facts, under a key made of what the script's answers depend on:
 * the `verilator` first in PATH and the verilator_bin beside it (device, inode, size, mtime) and
 * the variables VERILATOR_ROOT and VERILATOR_BIN. An upgrade, another Verilator first in PATH or
 * another environment changes the key, and the script is asked again. */
typedef struct vtool_facts {
	char version[256]; /* `verilator --version`, "" when it cannot run */
	char root[1024];   /* `verilator --getenv VERILATOR_ROOT`, "" when it cannot run */
} vtool_facts;

/* Appends "path dev:ino:size:mtime" of path (or "path -" when it is not there). */
static void vtool_stat(wg_buf *k, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		wg_buf_printf(k, "%s %llu:%llu:%lld:%lld.%09ld\n", path, (unsigned long long)st.st_dev,
			      (unsigned long long)st.st_ino, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			      (long)st.st_mtim.tv_nsec);
	else
		wg_buf_printf(k, "%s -\n", path);
}

/* The key of the answers (see above), or -1 when no `verilator` is in PATH. */
static int vtool_key(wg_buf *k)
{
	const char *path = getenv("PATH"), *vr = getenv("VERILATOR_ROOT"), *vb = getenv("VERILATOR_BIN");
	char dir[4096], file[4200];
	for (const char *p = path ? path : ""; *p;) {
		size_t n = strcspn(p, ":");
		snprintf(dir, sizeof dir, "%.*s", (int)(n ? n : 1), n ? p : ".");
		snprintf(file, sizeof file, "%s/verilator", dir);
		if (access(file, X_OK) == 0) {
			wg_buf_printf(k, "warpgen verilator facts 1\nVERILATOR_ROOT=%s\nVERILATOR_BIN=%s\n", vr ? vr : "-",
				      vb ? vb : "-");
			vtool_stat(k, file);
			snprintf(file, sizeof file, "%s/verilator_bin", dir);
			vtool_stat(k, file);
			return 0;
		}
		p += n + (p[n] == ':');
	}
	return -1;
}

static void vtool_ask(vtool_facts *f)
{
	char *version[] = {"verilator", "--version", NULL};
	char *root[] = {"verilator", "--getenv", "VERILATOR_ROOT", NULL};
	if (wg_proc_capture(version, f->version, sizeof f->version) != 0)
		f->version[0] = '\0';
	if (wg_proc_capture(root, f->root, sizeof f->root) != 0)
		f->root[0] = '\0';
}

/* The facts, from the file when its key is the current one, else asked (and the file written). */
static const vtool_facts *vtool_facts_get(void)
{
	static vtool_facts f; /* asked once per process: the tool, not the C models */
	static int known;
	if (known)
		return &f;
	known = 1;
	wg_buf key = {0};
	char dir[4096], path[4200], err[256];
	snprintf(dir, sizeof dir, "%s/cache", wg_out_dir());
	snprintf(path, sizeof path, "%s/verilator.facts", dir);
	if (vtool_key(&key) != 0) {
		vtool_ask(&f);
		wg_buf_free(&key);
		return &f;
	}
	char *text = wg_read_file(path, NULL, err, sizeof err);
	size_t kn = key.len;
	if (text && strncmp(text, key.s, kn) == 0 && sscanf(text + kn, "version %255[^\n]\nroot %1023[^\n]\n", f.version, f.root) == 2) {
		free(text);
		wg_buf_free(&key);
		return &f;
	}
	free(text);
	memset(&f, 0, sizeof f);
	vtool_ask(&f);
	if (f.version[0] && f.root[0] && wg_mkdirs(dir, err, sizeof err) == 0) { /* (an answer is kept, not a failure) */
		wg_buf_printf(&key, "version %s\nroot %s\n", f.version, f.root);
		(void)wg_write_atomic(path, key.s, key.len, err, sizeof err); /* unwritable: asked next time */
	}
	wg_buf_free(&key);
	return &f;
}

const char *wg_vtool_version(void)
{
	return vtool_facts_get()->version;
}

const char *wg_vtool_root(void)
{
	const char *r = vtool_facts_get()->root;
	return r[0] ? r : NULL;
}

void wg_vtool_cxxflags(wg_argv *a, int traced)
{
	const char *vr = wg_vtool_root();
	wg_argv_add(a, "-std=gnu++17");
	wg_argv_add(a, "-O2");
	wg_argv_add(a, "-fPIC");
	wg_argv_add(a, "-faligned-new");
	wg_argv_add(a, "-fcf-protection=none");
	wg_argv_add(a, "-Wno-unused-parameter");
	wg_argv_add(a, "-I%s/include", vr ? vr : "/usr/share/verilator");
	wg_argv_add(a, "-I%s/include/vltstd", vr ? vr : "/usr/share/verilator");
	wg_argv_add(a, "-DVM_COVERAGE=0");
	wg_argv_add(a, "-DVM_SC=0");
	wg_argv_add(a, "-DVM_TRACE=%d", traced);
	wg_argv_add(a, "-DVM_TRACE_FST=%d", traced);
	wg_argv_add(a, "-DVM_TRACE_VCD=0");
}

int wg_lock(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
	while (fcntl(fd, F_SETLKW, &fl) != 0) {
		if (errno == EINTR)
			continue;
		close(fd);
		return -1;
	}
	return fd;
}

void wg_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

double wg_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t wg_fnv_part(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= 0;
	h *= 0x100000001b3ULL;
	return h;
}
