/* irrtune - finds violations of the performance guidelines (seed 002) on this machine and
 * MPI library, and writes PGMPITuneLib profiles that the interception library
 * (libirrcoll_pmpi.so, IRRCOLL_PROFILES) uses.
 *
 *   mpiexec -n P ./irrtune [-c allgather,bcast,...] [-s 1,8,64,...] [-o DIR] [-t SECONDS]
 *                          [--rse 0.01] [--b1 5] [--b2 5] [-K 3] [--max 500] [--verify DIR]
 *   ./irrtune --help     (or -h) lists the options with their defaults; a bad one exits 2
 *
 * For every collective (-c; default: all with a mock-up), every message size (-s, bytes
 * per process; default 1, 2, 4, ... 65536) and every algorithm (the library's default and
 * each mock-up of IRR_Guide_table), it measures with the ReproMPI procedure: a
 * dissemination barrier (point-to-point, so no collective under test) before every
 * measurement, and a measurement's run time is the last rank's finish (the largest local
 * duration). The number of repetitions follows the NREP method of Section 4.2:
 *   1. at 1 byte, measure until the relative standard error of the mean is below --rse
 *      (default 1%); the time that took is t1 (at most --max measurements);
 *   2. at each other size, measure b1 times, and b2 more if the RSE is above 5%; l = the
 *      minimum; nrep = max(ceil(t1 / l), K), at most --max;
 *   3. measure nrep times; the medians decide.
 * Every series starts with one untimed call (first-use costs, e.g. a communicator's
 * context, and the previous algorithm's late traffic stay out of it).
 * A mock-up violates its guideline at a size when its median is at least 10% below the
 * default's AND its 75th percentile is below the default's 25th percentile (robust to
 * noise). The best violating mock-up per size goes into DIR/<collective>.prf (one file per
 * collective with a violation, for communicators of this size). -t caps the total time:
 * sizes not reached are left out (and said so). --verify DIR: measure the default against
 * the algorithm the profiles in DIR choose, and report every size where the default is
 * still 10% faster than the choice or the choice 10% slower than the best mock-up.
 * Output: CSV on stdout with a '#@key=value' header and one row per measurement
 * (collective,algorithm,msize,rep,seconds); a summary on stderr. Works under mpiexec and
 * under SimGrid SMPI (build with smpicc). Reductions use MPI_BYTE with MPI_BOR. */
#define _POSIX_C_SOURCE 200809L
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../pmpi/profile.h"
#include <math.h>


static int P, R;
static char *sbuf, *rbuf;
static int *cnt, *dsp;

/* one call of collective c with m bytes per process, by entry e (NULL: the library's) */
static int call(int c, const irr_gl_entry *e, int m) {
  MPI_Comm w = MPI_COMM_WORLD;
  MPI_Datatype b = MPI_BYTE;
  switch (c) {
  case IRR_GL_ALLGATHER: return e ? ((irr_gl_ag *)e->fn)(sbuf, m, b, rbuf, m, b, w) : MPI_Allgather(sbuf, m, b, rbuf, m, b, w);
  case IRR_GL_ALLTOALL: return e ? ((irr_gl_ag *)e->fn)(sbuf, m, b, rbuf, m, b, w) : MPI_Alltoall(sbuf, m, b, rbuf, m, b, w);
  case IRR_GL_ALLREDUCE: return e ? ((irr_gl_ar *)e->fn)(sbuf, rbuf, m, b, MPI_BOR, w) : MPI_Allreduce(sbuf, rbuf, m, b, MPI_BOR, w);
  case IRR_GL_REDUCE_SCATTER_BLOCK:
    return e ? ((irr_gl_ar *)e->fn)(sbuf, rbuf, m, b, MPI_BOR, w) : MPI_Reduce_scatter_block(sbuf, rbuf, m, b, MPI_BOR, w);
  case IRR_GL_SCAN: return e ? ((irr_gl_ar *)e->fn)(sbuf, rbuf, m, b, MPI_BOR, w) : MPI_Scan(sbuf, rbuf, m, b, MPI_BOR, w);
  case IRR_GL_BCAST: return e ? ((irr_gl_bc *)e->fn)(rbuf, m, b, 0, w) : MPI_Bcast(rbuf, m, b, 0, w);
  case IRR_GL_GATHER: return e ? ((irr_gl_g *)e->fn)(sbuf, m, b, rbuf, m, b, 0, w) : MPI_Gather(sbuf, m, b, rbuf, m, b, 0, w);
  case IRR_GL_SCATTER: return e ? ((irr_gl_g *)e->fn)(sbuf, m, b, rbuf, m, b, 0, w) : MPI_Scatter(sbuf, m, b, rbuf, m, b, 0, w);
  case IRR_GL_REDUCE: return e ? ((irr_gl_r *)e->fn)(sbuf, rbuf, m, b, MPI_BOR, 0, w) : MPI_Reduce(sbuf, rbuf, m, b, MPI_BOR, 0, w);
  default: break;
  }
  { /* the v-collectives: every block m bytes */
    int i;
    for (i = 0; i < P; i++) cnt[i] = m, dsp[i] = i * m;
    if (c == IRR_GL_GATHERV) return e ? ((irr_gl_gv *)e->fn)(sbuf, m, b, rbuf, cnt, dsp, b, 0, w) : MPI_Gatherv(sbuf, m, b, rbuf, cnt, dsp, b, 0, w);
    if (c == IRR_GL_SCATTERV) return e ? ((irr_gl_sv *)e->fn)(sbuf, cnt, dsp, b, rbuf, m, b, 0, w) : MPI_Scatterv(sbuf, cnt, dsp, b, rbuf, m, b, 0, w);
    if (c == IRR_GL_ALLGATHERV) return e ? ((irr_gl_agv *)e->fn)(sbuf, m, b, rbuf, cnt, dsp, b, w) : MPI_Allgatherv(sbuf, m, b, rbuf, cnt, dsp, b, w);
    if (c == IRR_GL_REDUCE_SCATTER) return e ? ((irr_gl_rs *)e->fn)(sbuf, rbuf, cnt, b, MPI_BOR, w) : MPI_Reduce_scatter(sbuf, rbuf, cnt, b, MPI_BOR, w);
  }
  return MPI_ERR_ARG;
}

/* ReproMPI's dissemination barrier, on point-to-point messages */
static void barrier(void) {
  int d, x = 0, y;
  for (d = 1; d < P; d *= 2)
    MPI_Sendrecv(&x, 1, MPI_INT, (R + d) % P, 9191, &y, 1, MPI_INT, (R - d + P) % P, 9191, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* n measurements into t[] (every rank gets the max over ranks of the local durations) */
static void measure(int c, const irr_gl_entry *e, int m, int n, double *t) {
  int k;
  for (k = 0; k < n; k++) {
    double t0;
    barrier();
    t0 = MPI_Wtime();
    call(c, e, m);
    t[k] = MPI_Wtime() - t0;
  }
  MPI_Allreduce(MPI_IN_PLACE, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
}
static double rse(const double *t, int n) {
  double s = 0, q = 0, mean;
  int i;
  if (n < 2) return 1;
  for (i = 0; i < n; i++) s += t[i];
  mean = s / n;
  for (i = 0; i < n; i++) q += (t[i] - mean) * (t[i] - mean);
  return mean > 0 ? sqrt(q / (n - 1)) / sqrt((double)n) / mean : 0;
}
static int dcmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double quant(double *t, int n, double q) { /* t sorted */
  int i = (int)(q * (n - 1) + 0.5);
  return t[i < 0 ? 0 : i >= n ? n - 1 : i];
}

typedef struct { double med, q25, q75; } stats;
typedef struct { double rse1, rse2; int b1, b2, K, max; } config;
static const config defaults = {0.01, 0.05, 5, 5, 3, 500};
static config cfg; /* defaults, then the command line's */

/* NREP: t1 from 1-byte runs, then nrep for m; the medians of nrep measurements */
static stats run(int c, const irr_gl_entry *e, int m, double t1, double *t) {
  stats st;
  int n = cfg.b1, nrep, k;
  double l;
  barrier();
  call(c, e, m); /* warm-up, untimed: first-use costs and the previous algorithm's traffic */
  measure(c, e, m, n, t);
  if (rse(t, n) > cfg.rse2 && cfg.b2 > 0) measure(c, e, m, cfg.b2, t + n), n += cfg.b2;
  for (l = t[0], k = 1; k < n; k++) l = t[k] < l ? t[k] : l;
  nrep = l > 0 ? (int)ceil(t1 / l) : cfg.max;
  if (nrep < cfg.K) nrep = cfg.K;
  if (nrep > cfg.max) nrep = cfg.max;
  measure(c, e, m, nrep, t);
  if (R == 0)
    for (k = 0; k < nrep; k++) printf("%s,%s,%d,%d,%.9e\n", IRR_Guide_coll_name((irr_gl_coll)c, 0), e ? e->name : "default", m, k, t[k]);
  qsort(t, (size_t)nrep, sizeof *t, dcmp);
  st.med = quant(t, nrep, 0.5), st.q25 = quant(t, nrep, 0.25), st.q75 = quant(t, nrep, 0.75);
  return st;
}
static double time1(int c, const irr_gl_entry *e, double *t) { /* step 1: until RSE < rse1 at 1 byte */
  int n = 0;
  double s = 0;
  while (n < cfg.max) {
    measure(c, e, 1, 1, t + n);
    s += t[n++];
    if (n >= 5 && rse(t, n) < cfg.rse1) break;
  }
  return s;
}

static int parse_list(const char *s, int *out, int cap) {
  int n = 0;
  while (s && *s && n < cap) {
    out[n++] = atoi(s);
    s = strchr(s, ',');
    if (s) s++;
  }
  return n;
}

static const irr_gl_entry *tab; /* IRR_Guide_table: every mock-up */
static int ne;

/* What the command line asks for besides cfg. */
typedef struct {
  int sizes[64], ns, verify;
  const char *outdir, *colls;
  double limit;
} opts;

/* Every option with its default; separate because --help, -h and a bad option print it. */
static void usage(FILE *f) {
  int c, i, n = 0;
  fprintf(f, "usage: mpiexec -n P irrtune [options]\n"
             "Measures each collective's default against its mock-ups (seed 002's performance\n"
             "guidelines) and writes a PGMPITuneLib profile per collective with a violation.\n"
             "  -c LIST       collectives, comma-separated (default: all with a mock-up:");
  for (c = 0; c < IRR_GL_NCOLL; c++) {
    int has = 0;
    for (i = 0; i < ne; i++) has |= (int)tab[i].coll == c;
    if (has) fprintf(f, "%s%s%s", n ? "," : "", n % 6 ? "" : "\n                  ", IRR_Guide_coll_name((irr_gl_coll)c, 0)), n++;
  }
  fprintf(f, ")\n"
             "  -s LIST       message sizes, bytes per process, comma-separated, at most 64\n"
             "                (default: 1,2,4,...,65536)\n"
             "  -o DIR        write the profiles DIR/<MPI name>.prf (default: none written)\n"
             "  -t SECONDS    total time limit; sizes not reached are left out (default: none)\n"
             "  --rse X       NREP step 1: measure 1 byte until the relative standard error of\n"
             "                the mean is below X (default: %g)\n"
             "  --b1 N        NREP step 2: measurements per size, at least 2 (default: %d)\n"
             "  --b2 N        NREP step 2: more if the RSE is above %g%% (default: %d)\n"
             "  -K N          at least N measurements per size (default: %d)\n"
             "  --max N       at most N measurements per series, at least b1 + b2 + 5 (default: %d)\n"
             "  --verify DIR  measure the choice of the profiles in DIR against the default and\n"
             "                every mock-up; report sizes where one of them is still 10%% faster\n"
             "  -h, --help    show this text and exit\n"
             "Output: CSV on stdout (collective,algorithm,msize,rep,seconds), a summary on stderr.\n",
          defaults.rse1, defaults.b1, 100 * defaults.rse2, defaults.b2, defaults.K, defaults.max);
}

/* Read the options into *o and cfg; separate so that main reads as steps. Returns -1 to go
   on, or the exit status: 0 after --help, 2 for an unknown option or a missing value. */
static int parse_args(int argc, char **argv, opts *o) {
  int i, k;
  memset(o, 0, sizeof *o);
  o->limit = 1e30;
  cfg = defaults;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      if (R == 0) usage(stdout);
      return 0;
    }
    if (!strcmp(a, "-c") && v) o->colls = v, i++;
    else if (!strcmp(a, "-s") && v) o->ns = parse_list(v, o->sizes, 64), i++;
    else if (!strcmp(a, "-o") && v) o->outdir = v, i++;
    else if (!strcmp(a, "-t") && v) o->limit = atof(v), i++;
    else if (!strcmp(a, "--rse") && v) cfg.rse1 = atof(v), i++;
    else if (!strcmp(a, "--b1") && v) cfg.b1 = atoi(v), i++;
    else if (!strcmp(a, "--b2") && v) cfg.b2 = atoi(v), i++;
    else if (!strcmp(a, "-K") && v) cfg.K = atoi(v), i++;
    else if (!strcmp(a, "--max") && v) cfg.max = atoi(v), i++;
    else if (!strcmp(a, "--verify") && v) o->outdir = v, o->verify = 1, i++;
    else {
      if (R == 0) {
        fprintf(stderr, "irrtune: unknown option or missing value: '%s'\n", a);
        usage(stderr);
      }
      return 2;
    }
  }
  if (cfg.b1 < 2) cfg.b1 = 2;
  if (cfg.max < cfg.b1 + cfg.b2 + 5) cfg.max = cfg.b1 + cfg.b2 + 5;
  if (o->ns == 0)
    for (k = 1; k <= 65536; k *= 2) o->sizes[o->ns++] = k;
  return -1;
}

/* The collectives to measure: those with a mock-up that -c names; separate from the
   option parsing because it needs the table. Returns how many went into want. */
static int pick_colls(const char *colls, int *want) {
  int c, i, n = 0;
  for (c = 0; c < IRR_GL_NCOLL; c++) {
    int has = 0;
    for (i = 0; i < ne; i++) has |= (int)tab[i].coll == c;
    if (has && (!colls || strstr(colls, IRR_Guide_coll_name((irr_gl_coll)c, 0)))) want[n++] = c;
  }
  return n;
}

/* --verify at size m: the profile's choice ch (NULL: the default, whose stats are d) against
   the default and every other mock-up; separate: the verify mode's one decision. Returns 1
   if the choice is still beaten by 10%. */
static int verify_size(int c, int m, double t1, double *t, const int *ids, int nm, const irr_prof *pr, stats d) {
  const char *nm2 = pr ? irr_prof_lookup(pr, m) : NULL;
  const irr_gl_entry *ch = nm2 ? IRR_Guide_find((irr_gl_coll)c, nm2) : NULL;
  stats cs = ch ? run(c, ch, m, t1, t) : d, best = {0, 0, 0}, mk;
  int bi = -1, j;
  for (j = 0; j < nm; j++) { /* is some other mock-up still 10% faster than the choice? */
    if (&tab[ids[j]] == ch) continue;
    mk = run(c, &tab[ids[j]], m, t1, t);
    if (mk.med <= 0.9 * cs.med && mk.q75 < cs.q25 && (bi < 0 || mk.med < best.med)) bi = ids[j], best = mk;
  }
  if (R == 0) {
    if (bi >= 0) fprintf(stderr, "  %6d B: REMAINING violation: %s %.3g s vs chosen %s %.3g s\n", m, tab[bi].name, best.med,
                         ch ? ch->name : "default", cs.med);
    if (ch && cs.med > 1.1 * d.med) fprintf(stderr, "  %6d B: the choice %s is slower than the default (%.3g vs %.3g s)\n", m,
                                           ch->name, cs.med, d.med);
  }
  return bi >= 0 || (ch && cs.med > 1.1 * d.med);
}

/* Tuning at size m: the best mock-up that violates its guideline against the default
   (stats d), or -1; separate: the tune mode's one decision. Returns its table index. */
static int tune_size(int c, int m, double t1, double *t, const int *ids, int nm, stats d) {
  stats best = {0, 0, 0}, mk;
  int bi = -1, j;
  for (j = 0; j < nm; j++) {
    mk = run(c, &tab[ids[j]], m, t1, t);
    if (mk.med <= 0.9 * d.med && mk.q75 < d.q25 && (bi < 0 || mk.med < best.med)) bi = ids[j], best = mk;
  }
  if (R == 0 && bi >= 0) fprintf(stderr, "  %6d B: %s violates %s: %.3g s vs default %.3g s (%.2fx)\n", m, tab[bi].name,
                                 tab[bi].guideline, best.med, d.med, d.med / best.med);
  return bi;
}

/* DIR/<mn>.prf: one range per size with a violation (found[s] >= 0), its best mock-up; nf
   of them. Separate: the profile format in one place (pmpi/profile.h reads it). */
static void write_profile(const opts *o, const char *mn, const int *found, int nf) {
  char path[4096];
  FILE *f;
  int used[64], nu = 0, u, s;
  snprintf(path, sizeof path, "%s/%s.prf", o->outdir, mn);
  if (!(f = fopen(path, "w"))) {
    fprintf(stderr, "irrtune: cannot write %s\n", path);
    return;
  }
  for (s = 0; s < o->ns; s++) {
    if (found[s] < 0) continue;
    for (u = 0; u < nu && used[u] != found[s]; u++) {}
    if (u == nu) used[nu++] = found[s];
  }
  fprintf(f, "# pgtune profile (irrtune)\n%s\n%d # nb. of processes\n%d # nb. of mock-up impl.\n", mn, P, nu);
  for (u = 0; u < nu; u++) fprintf(f, "%d %s\n", used[u], tab[used[u]].name);
  fprintf(f, "%d # nb. of ranges\n", nf);
  for (s = 0; s < o->ns; s++)
    if (found[s] >= 0) fprintf(f, "%d %d %d\n", o->sizes[s], o->sizes[s], found[s]);
  fclose(f);
}

/* Collective c over every size: tune (and write its profile) or verify; separate: one
   collective's whole series. Returns the sizes the time limit left out. */
static int tune_coll(int c, const opts *o, double *t, double start) {
  int nm = 0, ids[64], found[64], nf = 0, s, i, skipped = 0, have_prof = 0;
  const char *mn = IRR_Guide_coll_name((irr_gl_coll)c, 1); /* the collective's MPI name */
  irr_prof pr;
  double t1;
  for (s = 0; s < o->ns; s++) found[s] = -1;
  for (i = 0; i < ne && nm < 64; i++)
    if ((int)tab[i].coll == c) ids[nm++] = i;
  if (o->verify) { /* the profile the interception library would use */
    char path[4096], *txt, err[200];
    snprintf(path, sizeof path, "%s/%s.prf", o->outdir, mn);
    if ((txt = irr_prof_slurp(path)) && irr_prof_parse(txt, &pr, err, sizeof err) == 0 && pr.p == P) have_prof = 1;
    free(txt);
  }
  t1 = time1(c, NULL, t); /* the 1-byte stabilisation time of the default */
  if (R == 0) fprintf(stderr, "%s: t1 = %.3g s\n", mn, t1);
  for (s = 0; s < o->ns; s++) {
    stats d;
    double now = MPI_Wtime() - start;
    MPI_Bcast(&now, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (now > o->limit) { skipped++; continue; }
    d = run(c, NULL, o->sizes[s], t1, t);
    if (o->verify) nf += verify_size(c, o->sizes[s], t1, t, ids, nm, have_prof ? &pr : NULL, d);
    else if ((found[s] = tune_size(c, o->sizes[s], t1, t, ids, nm, d)) >= 0) nf++;
  }
  if (o->verify) {
    if (R == 0) fprintf(stderr, "%s: %d size(s) with a remaining violation above 10%%\n", mn, nf);
    if (have_prof) irr_prof_free(&pr);
    return skipped;
  }
  if (R == 0) fprintf(stderr, "%s: %d violation(s)\n", mn, nf);
  if (R == 0 && o->outdir && nf > 0) write_profile(o, mn, found, nf);
  return skipped;
}

int main(int argc, char **argv) {
  opts o;
  int k, nwant, want[IRR_GL_NCOLL], skipped = 0, mx = 1, rc;
  double start, *t;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &R);
  tab = IRR_Guide_table(&ne);
  if ((rc = parse_args(argc, argv, &o)) >= 0) {
    MPI_Finalize();
    return rc;
  }
  nwant = pick_colls(o.colls, want);
  for (k = 0; k < o.ns; k++) mx = o.sizes[k] > mx ? o.sizes[k] : mx;
  sbuf = calloc((size_t)mx * (size_t)P + 64, 1), rbuf = calloc((size_t)mx * (size_t)P + 64, 1);
  cnt = malloc((size_t)P * sizeof(int)), dsp = malloc((size_t)P * sizeof(int));
  t = malloc((size_t)(cfg.max + cfg.b1 + cfg.b2 + 8) * sizeof(double));
  if (R == 0) {
    printf("#@benchmark=irrtune\n#@p=%d\n#@mode=%s\n#@rse1=%g\n#@rse2=%g\n#@b1=%d\n#@b2=%d\n#@K=%d\n#@max_nrep=%d\n", P,
           o.verify ? "verify" : "tune", cfg.rse1, cfg.rse2, cfg.b1, cfg.b2, cfg.K, cfg.max);
    printf("#@sync=dissemination_barrier\n#@runtime=max_local\n#@datatype=MPI_BYTE\n#@operation=MPI_BOR\n");
    printf("collective,algorithm,msize,rep,seconds\n");
  }
  start = MPI_Wtime();
  for (k = 0; k < nwant; k++) skipped += tune_coll(want[k], &o, t, start);
  if (R == 0 && skipped) fprintf(stderr, "irrtune: the time limit left %d (collective, size) cells out\n", skipped);
  free(sbuf), free(rbuf), free(cnt), free(dsp), free(t);
  MPI_Finalize();
  return 0;
}
