/* wg_buf.h - a growable text buffer for generated files and reports. */
#ifndef WG_BUF_H
#define WG_BUF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wg_buf {
	char *s;      /* NUL-terminated text */
	size_t len;   /* bytes used, without the NUL */
	size_t cap;   /* bytes allocated */
} wg_buf;

/* calloc / realloc that end the program (exit 3, one line) when memory runs out. */
void *wg_xcalloc(size_t n);
void *wg_xrealloc(void *p, size_t n);

void wg_buf_printf(wg_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void wg_buf_put(wg_buf *b, const char *s, size_t n);
/* Append s as a JSON string literal, quotes included. */
void wg_buf_json_str(wg_buf *b, const char *s);
void wg_buf_free(wg_buf *b);

/* Read a whole file; NULL and a message in err when it cannot. Caller frees. */
char *wg_read_file(const char *path, size_t *len, char *err, size_t n);
/* Split t into lines in place (each '\n' becomes '\0'): returns v[1..*n] (v[0] unused; free v,
 * not the lines). */
char **wg_split_lines(char *t, int *n);
/* The temporary name a file is written under before it is renamed into place
 * (unique per process, next to the file so that the rename is atomic). */
void wg_tmp_name(const char *path, char *buf, size_t n);
/* Write through a temporary name and rename, so that no partial file is ever
 * seen. Returns 0, or -1 and a message in err. */
int wg_write_atomic(const char *path, const char *data, size_t len, char *err, size_t n);
/* Add MEMBERS ("\"name\": value, ...") at the end of the JSON object in the file PATH, through
 * wg_write_atomic (a run's record gains a section: the gate-level one, the coverage points).
 * Returns 0, or -1 and a message (the file unreadable, or not ending in an object). */
int wg_json_file_append(const char *path, const char *members, char *err, size_t n);
/* mkdir -p. Returns 0, or -1 and a message. */
int wg_mkdirs(const char *path, char *err, size_t n);
/* path made absolute against the current folder (a leading "./" dropped), so
 * that replay commands and build folders do not depend on where a run started. */
void wg_abs_path(const char *path, char *buf, size_t n);
/* snprintf into a fixed-size buffer that may cut (paths, names). */
void wg_fmt(char *dst, size_t n, const char *f, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif
