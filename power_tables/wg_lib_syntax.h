/* wg_lib_syntax.h - private to the Liberty reader (wg_liberty.c, wg_lib_syntax.c):
 * the tokenizer and statement reader, the parser state, value helpers. */
#ifndef WG_LIB_SYNTAX_H
#define WG_LIB_SYNTAX_H

#include <stddef.h>

#include "wg_liberty.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { WG_LIB_T_EOF = 0, WG_LIB_T_WORD = 1, WG_LIB_T_STR = 2 }; /* punctuation tokens are their character */

typedef struct wg_lib_tok {
	int t;         /* WG_LIB_T_EOF, WG_LIB_T_WORD, WG_LIB_T_STR or the punctuation character */
	const char *p; /* text (inside the quotes for a string) */
	size_t n;      /* length */
	int line;      /* line where it starts */
} wg_lib_tok;

enum { WG_LIB_ST_EOF, WG_LIB_ST_END, WG_LIB_ST_ATTR, WG_LIB_ST_COMPLEX, WG_LIB_ST_GROUP };

typedef struct wg_lib_stmt {
	int kind;       /* WG_LIB_ST_* */
	wg_lib_tok name; /* attribute / group name */
	wg_lib_tok val;  /* simple attribute's value */
	int line;       /* line of the name */
} wg_lib_stmt;

typedef struct wg_lib_prs {
	const char *name;   /* file name for messages */
	const char *s;      /* read position */
	const char *end;    /* end of text */
	int line;           /* line at s */
	char *err;          /* message buffer */
	size_t en;          /* its size */
	int failed;         /* an error was recorded */
	wg_lib_tok la;      /* look-ahead token */
	int has_la;         /* la is valid */
	wg_lib_tok *args;   /* arguments of the last complex attribute / group head (malloc) */
	int nargs, cargs;   /* count / capacity */
	wg_lib *lib;        /* the model being built */
	wg_lib_arena *A;    /* its memory */
	/* library-level state */
	wg_lib_template *tpl; int ntpl, ctpl;   /* templates */
	wg_lib_cell *cells; int ncells, ccells; /* cells */
	char defcond[128];  /* default_operating_conditions */
	char conds[16][128]; double condv[16]; int nconds; /* operating_conditions name, voltage */
	int have_nom;       /* nom_voltage given */
} wg_lib_prs;

/* A unit suffix ("ns") and its size in the canonical unit (1). */
typedef struct wg_lib_unit_sfx {
	const char *s; /* suffix */
	double f;      /* its size in the canonical unit */
} wg_lib_unit_sfx;

/* wg_lib_syntax.c */
wg_lib_arena *wg_lib_arena_new(void);              /* an empty arena, or NULL */
void *wg_lib_arena_alloc(wg_lib_arena *a, size_t n); /* zeroed, 16-aligned; NULL when out of memory */
void wg_lib_arena_free(wg_lib_arena *a);
/* Record "NAME:LINE: reason" (the first error only); returns -1. */
int wg_lib_fail(wg_lib_prs *P, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A token for messages: 'word', "string", '(' or end of file. */
const char *wg_lib_tdesc(const wg_lib_tok *t, char *buf, size_t n);
int wg_lib_teq(const wg_lib_tok *t, const char *s);
/* The next statement of a group body; P->args holds a complex attribute's or group's arguments. */
int wg_lib_next_stmt(wg_lib_prs *P, wg_lib_stmt *st);
/* Next statement of group gname opened at line open: -1 error / end of file, 1 at '}', 0 otherwise. */
int wg_lib_body_stmt(wg_lib_prs *P, wg_lib_stmt *st, const char *gname, int open);
int wg_lib_skip_group(wg_lib_prs *P, const wg_lib_tok *name, int open);
/* Skip st if it opened a group (its body is checked, not stored). */
int wg_lib_group_skip_stmt(wg_lib_prs *P, const wg_lib_stmt *st);
/* Values: a token copied into the arena (continuations dropped), numbers, booleans. */
char *wg_lib_tok_dup(wg_lib_prs *P, const wg_lib_tok *t);
int wg_lib_tok_num(wg_lib_prs *P, const wg_lib_tok *t, const char *what, double *v);
int wg_lib_attr_num(wg_lib_prs *P, const wg_lib_stmt *st, double *v);
int wg_lib_attr_bool(const wg_lib_stmt *st);
/* All numbers of the current arguments into an arena array. */
int wg_lib_args_nums(wg_lib_prs *P, const char *what, double **out, int *cnt, int *rows);
int wg_lib_unit_val(wg_lib_prs *P, const wg_lib_tok *t, const char *what, const wg_lib_unit_sfx *sfx, double *v);
extern const wg_lib_unit_sfx WG_LIB_U_TIME[], WG_LIB_U_VOLT[], WG_LIB_U_CAP[], WG_LIB_U_LEAK[], WG_LIB_U_CUR[],
	WG_LIB_U_RES[];
/* input_transition_time -> SLEW, total_output_net_capacitance -> LOAD, else OTHER. */
wg_lib_var wg_lib_var_kind(const wg_lib_tok *t);

#ifdef __cplusplus
}
#endif

#endif
