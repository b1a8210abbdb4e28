/* profile.h - PGMPITuneLib performance profiles (seed 002, Listing 1), pure C, no MPI:
 *
 *   # pgtune profile
 *   MPI_Scatter
 *   1024 # nb. of processes
 *   2 # nb. of mock-up impl.
 *   2 scatter_as_bcast
 *   3 scatter_as_scatterv
 *   8 # nb. of ranges
 *   1 1 2 # byte_range_start byte_range_end alg_id
 *   ...
 *
 * '#' starts a comment to the end of the line. A profile applies to communicators of its
 * size only; its ranges (bytes per process, inclusive) are sorted at load and looked up by
 * binary search. irr_prof_parse never crashes on bad input: it returns a message saying
 * what is wrong and where (the caller then keeps the default). */
#ifndef IRR_PMPI_PROFILE_H
#define IRR_PMPI_PROFILE_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IRR_PROF_NAME = 64 };
typedef struct irr_prof_range {
  long long lo, hi;
  int alg; /* index into the profile's names */
} irr_prof_range;
typedef struct irr_prof {
  char coll[IRR_PROF_NAME]; /* e.g. "MPI_Scatter" */
  int p;
  int nalg, nrange;
  char (*name)[IRR_PROF_NAME]; /* mock-up names, by position */
  irr_prof_range *r;           /* sorted by lo, disjoint */
} irr_prof;

/* next token of text at *pos (comments skipped); 0 at the end */
static inline int irr__prof_tok(const char *t, size_t *pos, char *out, size_t cap, int *line) {
  size_t i = *pos, n = 0;
  for (;;) {
    while (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n') { if (t[i] == '\n') ++*line; i++; }
    if (t[i] == '#') { while (t[i] && t[i] != '\n') i++; continue; }
    break;
  }
  if (!t[i]) { *pos = i; return 0; }
  while (t[i] && t[i] != ' ' && t[i] != '\t' && t[i] != '\r' && t[i] != '\n' && t[i] != '#') {
    if (n + 1 < cap) out[n++] = t[i];
    i++;
  }
  out[n] = '\0';
  *pos = i;
  return 1;
}
static inline int irr__prof_num(const char *s, long long *v) {
  char *end;
  if (!*s) return 0;
  *v = strtoll(s, &end, 10);
  return *end == '\0';
}
static inline int irr__prof_cmp(const void *a, const void *b) {
  long long x = ((const irr_prof_range *)a)->lo, y = ((const irr_prof_range *)b)->lo;
  return x < y ? -1 : x > y;
}

static inline void irr_prof_free(irr_prof *pr) {
  free(pr->name);
  free(pr->r);
  pr->name = NULL, pr->r = NULL;
}

/* Parse one profile from text. 0 on success; else -1 and err says why (line number). */
static inline int irr_prof_parse(const char *text, irr_prof *pr, char *err, size_t errcap) {
  size_t pos = 0;
  int line = 1, i, *ids = NULL;
  long long v, w, x;
  char tok[256];
  memset(pr, 0, sizeof *pr);
#define IRR__PF(...) do { snprintf(err, errcap, __VA_ARGS__); goto bad; } while (0)
  if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line)) IRR__PF("empty profile");
  if (strncmp(tok, "MPI_", 4) != 0 || strlen(tok) >= IRR_PROF_NAME) IRR__PF("line %d: expected a collective name like MPI_Scatter, got '%s'", line, tok);
  strcpy(pr->coll, tok);
  if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &v) || v < 1 || v > 1 << 30)
    IRR__PF("line %d: expected the number of processes", line);
  pr->p = (int)v;
  if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &v) || v < 0 || v > 1024)
    IRR__PF("line %d: expected the number of mock-ups (0..1024)", line);
  pr->nalg = (int)v;
  pr->name = (char (*)[IRR_PROF_NAME])calloc((size_t)pr->nalg + 1, IRR_PROF_NAME);
  ids = (int *)calloc((size_t)pr->nalg + 1, sizeof(int));
  if (!pr->name || !ids) IRR__PF("out of memory");
  for (i = 0; i < pr->nalg; i++) {
    if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &v) || v < 0 || v > 1 << 20)
      IRR__PF("line %d: expected a mock-up id", line);
    ids[i] = (int)v;
    if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || strlen(tok) >= IRR_PROF_NAME) IRR__PF("line %d: expected a mock-up name", line);
    strcpy(pr->name[i], tok);
  }
  if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &v) || v < 0 || v > 1 << 24)
    IRR__PF("line %d: expected the number of ranges", line);
  pr->nrange = (int)v;
  pr->r = (irr_prof_range *)calloc((size_t)pr->nrange + 1, sizeof(irr_prof_range));
  if (!pr->r) IRR__PF("out of memory");
  for (i = 0; i < pr->nrange; i++) {
    int a, k;
    if (!irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &v) ||
        !irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &w) ||
        !irr__prof_tok(text, &pos, tok, sizeof tok, &line) || !irr__prof_num(tok, &x))
      IRR__PF("line %d: expected a range 'start end alg_id' (%d of %d)", line, i + 1, pr->nrange);
    if (v < 0 || w < v) IRR__PF("line %d: bad byte range %lld..%lld", line, v, w);
    for (a = -1, k = 0; k < pr->nalg; k++)
      if (ids[k] == x) a = k;
    if (a < 0) IRR__PF("line %d: range uses mock-up id %lld, which the profile does not list", line, x);
    pr->r[i].lo = v, pr->r[i].hi = w, pr->r[i].alg = a;
  }
  if (irr__prof_tok(text, &pos, tok, sizeof tok, &line)) IRR__PF("line %d: unexpected '%s' after the last range", line, tok);
  qsort(pr->r, (size_t)pr->nrange, sizeof *pr->r, irr__prof_cmp);
  for (i = 1; i < pr->nrange; i++)
    if (pr->r[i].lo <= pr->r[i - 1].hi) IRR__PF("ranges %lld..%lld and %lld..%lld overlap", pr->r[i - 1].lo, pr->r[i - 1].hi, pr->r[i].lo, pr->r[i].hi);
  free(ids);
  return 0;
bad:
#undef IRR__PF
  free(ids);
  irr_prof_free(pr);
  return -1;
}

/* The position (in pr->name) of the mock-up for msize bytes, or -1 (default): O(log ranges). */
static inline int irr_prof_find(const irr_prof *pr, long long msize) {
  int lo = 0, hi = pr->nrange - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (msize < pr->r[mid].lo) hi = mid - 1;
    else if (msize > pr->r[mid].hi) lo = mid + 1;
    else return pr->r[mid].alg;
  }
  return -1;
}
/* The mock-up name for msize bytes, or NULL (default). */
static inline const char *irr_prof_lookup(const irr_prof *pr, long long msize) {
  int a = irr_prof_find(pr, msize);
  return a < 0 ? NULL : pr->name[a];
}

/* Read a whole file (NULL if it cannot). */
static inline char *irr_prof_slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  long n;
  if (!f) return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n < (1L << 26) && fseek(f, 0, SEEK_SET) == 0 &&
      (buf = (char *)malloc((size_t)n + 1)) != NULL) {
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    else buf[n] = '\0';
  }
  fclose(f);
  return buf;
}
#endif
