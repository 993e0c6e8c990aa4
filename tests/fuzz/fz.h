/* fz.h - shared by the libFuzzer harnesses of tests/fuzz/ (built by tests/fuzz.sh):
 * the input as a C string, and stderr silenced while a parser runs (its one-line
 * messages are the expected answer to garbage; the sanitizers write to fd 2 directly,
 * so their reports still show). */
#ifndef FZ_H
#define FZ_H
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The harnesses (tests/fuzz/fz_NAME.c), one fuzz target each; fz_main.c picks one by the name the
 * program is run under (fz_NAME, a link to fz_all) and is libFuzzer's entry point. */
int fz_liberty(const uint8_t *data, size_t size);
int fz_libfunc(const uint8_t *data, size_t size);
int fz_blif(const uint8_t *data, size_t size);
int fz_stat(const uint8_t *data, size_t size);
int fz_ptable(const uint8_t *data, size_t size);
int fz_json(const uint8_t *data, size_t size);
int fz_rgjob(const uint8_t *data, size_t size);
int fz_opts(const uint8_t *data, size_t size);

/* The input as a NUL-terminated malloc'd copy (an embedded NUL ends the text early,
 * as it does for a file read with a C string API). */
static inline char *fz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The input as an exact-size copy with no terminator: a read past its end is caught by ASan. */
static inline char *fz_exact(const uint8_t *data, size_t size)
{
	char *s = malloc(size ? size : 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	return s;
}

static FILE *fz_saved_stderr;
static inline void fz_quiet(void)
{
	static FILE *null;
	if (!null)
		null = fopen("/dev/null", "w");
	fz_saved_stderr = stderr;
	if (null)
		stderr = null;
}
static inline void fz_loud(void)
{
	stderr = fz_saved_stderr;
}

/* An error message must be one line, and not empty. */
static inline void fz_check_msg(const char *what, const char *err)
{
	if (!err[0] || strchr(err, '\n')) {
		fprintf(stderr, "%s: the error message is %s: '%s'\n", what, err[0] ? "more than one line" : "empty", err);
		abort();
	}
}

/* Run fn on a worker thread with a 1 MB stack (warpgen's own is 8 MB): a parser that recurses
 * once per nesting level without a bound overflows it on an input a few tens of KB long, so the
 * reproducer of such a bug stays small. One thread for the whole run (a thread per input costs
 * ten times the parse under ASan). */
#define FZ_STACK (1u << 20)
static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int started, have, done;            /* the worker runs; an input waits; its run is over */
	int (*fn)(const uint8_t *, size_t); /* the harness body */
	const uint8_t *data;                /* its input */
	size_t size;
} fz_w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0, NULL, NULL, 0};

static void *fz_worker(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&fz_w.mu);
		while (!fz_w.have)
			pthread_cond_wait(&fz_w.cv, &fz_w.mu);
		fz_w.have = 0;
		pthread_mutex_unlock(&fz_w.mu);
		fz_w.fn(fz_w.data, fz_w.size);
		pthread_mutex_lock(&fz_w.mu);
		fz_w.done = 1;
		pthread_cond_broadcast(&fz_w.cv);
		pthread_mutex_unlock(&fz_w.mu);
	}
	return NULL;
}

static inline int fz_small_stack(int (*fn)(const uint8_t *, size_t), const uint8_t *data, size_t size)
{
	if (!fz_w.started) {
		pthread_attr_t at;
		pthread_t t;
		if (pthread_attr_init(&at) || pthread_attr_setstacksize(&at, FZ_STACK) ||
		    pthread_create(&t, &at, fz_worker, NULL))
			abort();
		pthread_attr_destroy(&at);
		fz_w.started = 1;
	}
	pthread_mutex_lock(&fz_w.mu);
	fz_w.fn = fn;
	fz_w.data = data;
	fz_w.size = size;
	fz_w.done = 0;
	fz_w.have = 1;
	pthread_cond_broadcast(&fz_w.cv);
	while (!fz_w.done)
		pthread_cond_wait(&fz_w.cv, &fz_w.mu);
	pthread_mutex_unlock(&fz_w.mu);
	return 0;
}
#endif
