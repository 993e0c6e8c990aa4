/* wg_buf.c - growable text, whole-file reads and atomic writes. */
#define _POSIX_C_SOURCE 200809L
#include "wg_buf.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void out_of_memory(size_t n)
{
	fprintf(stderr, "warpgen: out of memory (%zu bytes)\n", n);
	exit(3);
}

void *wg_xcalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *wg_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

static void wg_buf_reserve(wg_buf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	b->s = wg_xrealloc(b->s, cap);
	b->cap = cap;
}

void wg_buf_put(wg_buf *b, const char *s, size_t n)
{
	wg_buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void wg_buf_printf(wg_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	wg_buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void wg_buf_json_str(wg_buf *b, const char *s)
{
	wg_buf_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			wg_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			wg_buf_printf(b, "\\u%04x", c);
		else
			wg_buf_put(b, (const char *)s, 1);
	}
	wg_buf_put(b, "\"", 1);
}

void wg_buf_free(wg_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

char *wg_read_file(const char *path, size_t *len, char *err, size_t n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, n, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	wg_buf b = {0};
	char chunk[65536];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		wg_buf_put(&b, chunk, got);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, n, "cannot read %s", path);
		wg_buf_free(&b);
		return NULL;
	}
	if (!b.s)
		wg_buf_put(&b, "", 0);
	if (len)
		*len = b.len;
	return b.s;
}

void wg_tmp_name(const char *path, char *buf, size_t n)
{
	snprintf(buf, n, "%s.tmp.%ld", path, (long)getpid());
}

int wg_write_atomic(const char *path, const char *data, size_t len, char *err, size_t n)
{
	char tmp[4096];
	wg_tmp_name(path, tmp, sizeof tmp);
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	size_t put = fwrite(data, 1, len, f);
	int bad = put != len || fflush(f) != 0;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path) != 0) {
		snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int wg_mkdirs(const char *path, char *err, size_t n)
{
	char p[4096];
	snprintf(p, sizeof p, "%s", path);
	for (char *s = p + 1;; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST) {
				snprintf(err, n, "cannot create folder %s: %s", p, strerror(errno));
				return -1;
			}
			*s = c;
			if (c == '\0')
				break;
		}
	}
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode) || access(path, W_OK) != 0) {
		snprintf(err, n, "output folder %s is not a writable folder", path);
		return -1;
	}
	return 0;
}

void wg_abs_path(const char *path, char *buf, size_t n)
{
	char cwd[2048];
	if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
		snprintf(buf, n, "%s", path);
	else
		snprintf(buf, n, "%s/%s", cwd, path[0] == '.' && path[1] == '/' ? path + 2 : path);
}

void wg_fmt(char *dst, size_t n, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	vsnprintf(dst, n, f, ap);
	va_end(ap);
}

int wg_json_file_append(const char *path, const char *members, char *err, size_t n)
{
	char *text = wg_read_file(path, NULL, err, n);
	if (!text)
		return -1;
	char *end = strrchr(text, '}');
	if (!end) {
		snprintf(err, n, "%s: not a JSON object", path);
		free(text);
		return -1;
	}
	while (end > text && isspace((unsigned char)end[-1]))
		end--;
	wg_buf j = {0};
	wg_buf_printf(&j, "%.*s,\n  %s\n}\n", (int)(end - text), text, members);
	free(text);
	int rc = wg_write_atomic(path, j.s, strlen(j.s), err, n);
	wg_buf_free(&j);
	return rc;
}

char **wg_split_lines(char *t, int *n)
{
	int cap = 64, k = 0;
	char **v = wg_xcalloc((size_t)cap * sizeof *v);
	for (char *s = t; *s;) {
		char *nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		if (++k >= cap) {
			cap *= 2;
			v = wg_xrealloc(v, (size_t)cap * sizeof *v);
		}
		v[k] = s;
		if (!nl)
			break;
		s = nl + 1;
	}
	*n = k;
	return v;
}
