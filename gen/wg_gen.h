/* wg_gen.h - the generator: Verilog from a template, and the manifest. */
#ifndef WG_GEN_H
#define WG_GEN_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_desc.h"
#include "wg_root.h"

/* The generated Verilog text (caller frees), or NULL and a message in err.
 * Deterministic: the same block, parameters and top name give the same bytes. */
char *wg_verilog(const wg_block *b, const long *p, const char *top, char *err, size_t n);
/* The parts of wg_verilog: the generated-file header comment (caller frees),
 * and the modules without it (a composition's instances use these). */
char *wg_verilog_header(const wg_block *b, const long *p, const char *top);
char *wg_verilog_modules(const wg_block *b, const long *p, const char *top, char *err, size_t n);
/* text (read from path, named in errors) with the template's {{if COND}} / {{else}} / {{end}}
 * sections selected for the block's parameters p, the directive lines dropped; placeholders
 * are left alone (caller frees; NULL and a message in err). The blocks' properties files
 * (rtl_templates/<block>_props.v) go through it, so they follow the template's sections. */
char *wg_template_sections(const wg_block *b, const long *p, const char *path, const char *text, char *err, size_t n);
/* The JSON manifest (caller frees). */
char *wg_manifest(const wg_block *b, const long *p, const char *top);
/* {"NAME": value, ...} for n parameter (or knob) definitions and their values:
 * numbers as numbers, enumerations as their names (the results' JSON files). */
void wg_json_params(wg_buf *o, const wg_param_def *defs, int n, const long *vals);
/* The opening of a result's JSON file: `{\n  "block": BLOCK,\n  "config": CONFIG` (the caller goes on
 * with ",\n  ..." and closes the object). */
void wg_json_result_head(wg_buf *o, const char *block, const char *config);
/* Default output folder: <out>/gen/<block>/<config>. */
void wg_default_dir(const wg_block *b, const long *p, char *buf, size_t n);
/* Write <dir>/<top>.v and <dir>/<top>.manifest.json, each atomically.
 * Returns 0, or -1 with a message (nothing half-written). */
int wg_generate(const wg_block *b, const long *p, const char *top, const char *dir, char *err, size_t n);

#endif
