/* wg_json.h - a small JSON reader for warpgen's own result files. */
#ifndef WG_JSON_H
#define WG_JSON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { WG_J_NULL, WG_J_BOOL, WG_J_NUM, WG_J_STR, WG_J_ARR, WG_J_OBJ } wg_jtype;

typedef struct wg_json {
	wg_jtype type;          /* kind of value */
	double num;             /* WG_J_NUM, WG_J_BOOL (0/1) */
	char *str;              /* WG_J_STR: the text */
	char *key;              /* member name when inside an object, else NULL */
	struct wg_json *kids;   /* WG_J_ARR / WG_J_OBJ: array of n values */
	int n;                  /* number of kids */
} wg_json;

/* Parse text; NULL and "line L: message" in err on malformed input. */
wg_json *wg_json_parse(const char *text, char *err, size_t n);
void wg_json_free(wg_json *j);
/* Member of an object (NULL when absent or j is not an object). */
const wg_json *wg_json_get(const wg_json *j, const char *key);
/* Path of member names separated by '.', e.g. "energy.total_pj". */
const wg_json *wg_json_path(const wg_json *j, const char *path);
double wg_json_num(const wg_json *j, double def);
const char *wg_json_str(const wg_json *j, const char *def);

#ifdef __cplusplus
}
#endif

#endif
