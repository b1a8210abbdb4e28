/* sim_v.c - Gatherv and Scatterv under SimGrid SMPI: SMPI's MPI_Gatherv/MPI_Scatterv (always
 * linear: the root posts p-1 nonblocking receives/sends) against IRR_Gatherv/IRR_Scatterv
 * with any of irrcoll's algorithms, in the same run (same simulated machine), for the six
 * block-size distributions of Träff 2017 Section 5 (test/dist.h).
 *
 *   smpicc -O2 -I.. -I. -o sim_v sim_v.c
 *   ./smpi-run -p 256 -o 0.5us -- ./sim_v [options] B...      (B: average ints per rank)
 *     -c LIST   collectives: gatherv,scatterv                       (default gatherv)
 *     -a LIST   algorithms: native (SMPI's own), auto, or a registry name
 *               (tree, linear, binomial, direct)                   (default native,auto)
 *               persist: irrcoll's persistent request (IRR_Gatherv_init / IRR_Scatterv_init,
 *               automatic choice), each repetition one IRR_Start + IRR_Wait; its init is
 *               timed once per cell and reported as alg "persist_init", rep 0
 *     -r LIST   roots: 0, mid (p/2), last (p-1) or a rank           (default mid)
 *     -d LIST   distributions: same,random,spikes,decreasing,alternating,two_blocks
 *               or all                                              (default all)
 *     -n N      timed repetitions after one untimed warm-up call    (default 2)
 *     -s SEED   seed of the block sizes (random, spikes)            (default 12345)
 *     -w SEC    simulated window per repetition (simbench.h)        (default 1)
 *     -V        verify: private buffers holding data, every result checked (slow, RAM p x)
 *
 * Every (collective, root, b, distribution) cell draws its sizes from a fresh generator with
 * the seed, so a cell's sizes do not depend on which other cells a run holds (runs can be
 * split freely). Each algorithm makes one untimed warm-up call (irrcoll's private
 * communicator, SMPI's one-time costs), then N repetitions, each started on all ranks at the
 * same simulated instant and ending when the last rank leaves (simbench.h).
 * Output: '#@key=value' header lines, then coll,alg,p,root,dist,b_ints,rep,seconds.
 *
 * SIM_MODE=new|repeat in the environment (bench/simmode.h): the end-to-end mode. No warm-up:
 * every (cell, algorithm) runs on a fresh communicator, repetition 0 being its first call;
 * -n N is then the number of repetitions including that one; new: the sizes of repetition k
 * are drawn from seed SIM_SEED + k (-s is ignored), repeat: from SIM_SEED every time; -d also
 * takes "skew" (irrt_skew), default random,spikes,skew ("all": the six and skew); one
 * #summary line per cell (its bytes: b_ints * 4). Not with persist. irrcoll's modelled CPU is
 * charged to the simulated clock (bench/simcpu.h), in both modes and without SIM_MODE. */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "simmode.h"
#include <limits.h>
#include <string.h>

#define NAMES_MAX 16
#define NAME_LEN 32

/* Splits the comma-separated list s into at most NAMES_MAX names; their number, -1 if too many
   or too long. */
static int split_list(const char *s, char out[NAMES_MAX][NAME_LEN]) {
  int n = 0;
  while (*s) {
    size_t l = strcspn(s, ",");
    if (n == NAMES_MAX || l == 0 || l >= NAME_LEN) return -1;
    memcpy(out[n], s, l);
    out[n++][l] = '\0';
    s += l;
    if (*s == ',') s++;
  }
  return n;
}

static void die(int rank, const char *what, const char *arg) {
  if (rank == 0) fprintf(stderr, "sim_v: %s '%s' (see the comment at the top of bench/sim_v.c)\n", what, arg);
  MPI_Finalize();
  exit(2);
}

/* the value element i of rank r's block holds in verify mode */
static int val(int r, long i) { return (int)(((unsigned)r * 1000003u + (unsigned)i) & 0x7fffffffu); }

typedef struct {
  irr_coll coll;
  int p, rank, root, verify;
  MPI_Comm comm; /* the communicator of the calls */
  const int *counts, *displs;
  int *own, *all; /* own block; every block (at the root) */
  long total;
} cell;

#define ALG_PERSIST (IRR_ALG_COUNT + 1) /* irrcoll's persistent request */

static int persist_init(const cell *c, IRR_Request *q) {
  if (c->coll == IRR_COLL_GATHERV)
    return IRR_Gatherv_init(c->own, c->counts[c->rank], MPI_INT, c->all, c->counts, c->displs, MPI_INT, c->root,
                            MPI_COMM_WORLD, MPI_INFO_NULL, q);
  return IRR_Scatterv_init(c->all, c->counts, c->displs, MPI_INT, c->own, c->counts[c->rank], MPI_INT, c->root,
                           MPI_COMM_WORLD, MPI_INFO_NULL, q);
}

/* one call of alg (IRR_ALG_COUNT: SMPI's native operation; ALG_PERSIST: a start of q) on the cell */
static int call(const cell *c, int alg, IRR_Request *q) {
  int rc;
  if (alg == ALG_PERSIST) return (rc = IRR_Start(q)) == MPI_SUCCESS ? IRR_Wait(q, MPI_STATUS_IGNORE) : rc;
  if (c->coll == IRR_COLL_GATHERV)
    return alg == IRR_ALG_COUNT
               ? MPI_Gatherv(c->own, c->counts[c->rank], MPI_INT, c->all, c->counts, c->displs, MPI_INT, c->root, c->comm)
               : IRR_Gatherv(c->own, c->counts[c->rank], MPI_INT, c->all, c->counts, c->displs, MPI_INT, c->root, c->comm);
  return alg == IRR_ALG_COUNT
             ? MPI_Scatterv(c->all, c->counts, c->displs, MPI_INT, c->own, c->counts[c->rank], MPI_INT, c->root, c->comm)
             : IRR_Scatterv(c->all, c->counts, c->displs, MPI_INT, c->own, c->counts[c->rank], MPI_INT, c->root, c->comm);
}

/* verify mode: fill the source, poison the destination before a call */
static void prepare(const cell *c) {
  long i;
  int r;
  if (!c->verify) return;
  if (c->coll == IRR_COLL_GATHERV) {
    for (i = 0; i < c->counts[c->rank]; i++) c->own[i] = val(c->rank, i);
    if (c->rank == c->root)
      for (i = 0; i < c->total; i++) c->all[i] = -1;
  } else {
    for (i = 0; i < c->counts[c->rank]; i++) c->own[i] = -1;
    if (c->rank == c->root)
      for (r = 0; r < c->p; r++)
        for (i = 0; i < c->counts[r]; i++) c->all[c->displs[r] + i] = val(r, i);
  }
}

/* verify mode: the number of wrong elements this rank holds after a call */
static long wrong(const cell *c) {
  long i, bad = 0;
  int r;
  if (!c->verify) return 0;
  if (c->coll == IRR_COLL_SCATTERV) {
    for (i = 0; i < c->counts[c->rank]; i++) bad += c->own[i] != val(c->rank, i);
  } else if (c->rank == c->root) {
    for (r = 0; r < c->p; r++)
      for (i = 0; i < c->counts[r]; i++) bad += c->all[c->displs[r] + i] != val(r, i);
  }
  return bad;
}

/* real: private memory even when timing (both collectives' buffers): XScatterv's messages
   and the direct Gatherv's heads put a size header from scratch next to the user's data in
   one datatype, and SMPI 3.32 garbles such a message when the data lies in shared
   (SMPI_SHARED_MALLOC) memory (the receiver finds a bad header). */
static void *buf(const cell *c, long ints, int real) {
  size_t n = (size_t)ints * sizeof(int);
  return c->verify || real ? malloc(n ? n : 1) : simbench_alloc(n);
}
static void unbuf(const cell *c, void *b, int real) {
  if (!b) return;
  if (c->verify || real) free(b);
  else simbench_free(b);
}

/* SIM_MODE: one (collective, root, b, distribution d) cell of algorithm alg (name: its name)
   on a communicator of its own, repetition 0 its first call; 1 if some rank held wrong data */
static int mode_cell(const simmode *sm, irr_coll coll, int alg, const char *name, int p, int rank, int root, long b,
                     int d, int reps, double window, int verify) {
  int *counts = malloc((size_t)p * sizeof(int)), *displs = malloc((size_t)p * sizeof(int)), k, i, hits = 0;
  int64_t *m = malloc((size_t)p * sizeof(int64_t));
  double *t = malloc((size_t)reps * sizeof(double)), *cpu = calloc((size_t)reps, sizeof(double));
  long bad = 0;
  simbench sb;
  cell c;
  memset(&c, 0, sizeof c);
  c.coll = coll, c.p = p, c.rank = rank, c.root = root, c.verify = verify;
  c.counts = counts, c.displs = displs;
  MPI_Comm_dup(MPI_COMM_WORLD, &c.comm);
  /* a forced algorithm is set on the fresh communicator (auto, the default, is not: the
     first call then creates irrcoll's context) */
  if (alg < IRR_ALG_COUNT && alg != IRR_ALG_AUTO) IRR_Comm_set_alg(c.comm, coll, (irr_alg)alg);
  simbench_init(&sb, MPI_COMM_WORLD, window);
  for (k = 0; k < reps; k++) {
    if (k == 0 || sm->fresh) { /* untimed: this repetition's sizes and buffers */
      simmode_draw(d, p, b, simmode_seed(sm, k), m);
      for (i = 0, c.total = 0; i < p; i++) counts[i] = (int)m[i], displs[i] = (int)c.total, c.total += counts[i];
      if (c.total > INT_MAX) die(rank, "more than INT_MAX ints in all at a block size of", "b");
      unbuf(&c, c.own, 1);
      unbuf(&c, c.all, 1);
      c.own = buf(&c, counts[rank], 1);
      c.all = rank == root ? buf(&c, c.total, 1) : NULL;
    }
    prepare(&c);
    simbench_start(&sb);
    if (call(&c, alg, NULL) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 4);
    t[k] = simbench_stop(&sb);
    bad += wrong(&c);
    if (alg < IRR_ALG_COUNT) {
      irr_call_info ci;
      if (IRR_Comm_get_last_call(c.comm, &ci) == MPI_SUCCESS) cpu[k] = ci.cpu_model_s, hits += k > 0 && ci.repeat;
    }
  }
  if (bad)
    fprintf(stderr, "sim_v: %s %s p=%d root=%d %s b=%ld: rank %d holds %ld wrong elements\n", irr_coll_name(coll), name,
            p, root, simmode_dist_name(d), b, rank, bad);
  simbench_max(&sb, t, reps);
  simbench_max(&sb, cpu, reps);
  if (!simbench_ok(&sb)) MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0) {
    for (k = 0; k < reps; k++)
      printf("%s,%s,%d,%d,%s,%ld,%d,%.9e\n", irr_coll_name(coll), name, p, root, simmode_dist_name(d), b, k, t[k]);
    simmode_summary(sm, irr_coll_name(coll), name, p, simmode_dist_name(d), 4 * b, t, alg < IRR_ALG_COUNT ? cpu : NULL,
                    hits, reps);
    fflush(stdout);
  }
  unbuf(&c, c.own, 1);
  unbuf(&c, c.all, 1);
  MPI_Comm_free(&c.comm);
  free(counts); free(displs); free(m); free(t); free(cpu);
  return bad > 0;
}

int main(int argc, char **argv) {
  char colls[NAMES_MAX][NAME_LEN], algs[NAMES_MAX][NAME_LEN], roots[NAMES_MAX][NAME_LEN], dists[NAMES_MAX][NAME_LEN];
  int nc, na, nr, nd = 0, reps = 2, verify = 0, rank, p, ai, ci, ri, di, i, k, failed = 0;
  int alg_of[NAMES_MAX];
  int dist_of[NAMES_MAX];
  irr_coll coll_of[NAMES_MAX];
  unsigned long long seed = 12345;
  double window = 1.0;
  const char *clist = "gatherv", *alist = "native,auto", *rlist = "mid", *dlist = NULL;
  int first_b;
  simmode sm;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (i = 1; i < argc && argv[i][0] == '-'; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "-V")) { verify = 1; continue; }
    if (!strcmp(o, "--")) { i++; break; }
    if (o[1] == '\0' || o[2] != '\0' || !strchr("cardnsw", o[1])) die(rank, "unknown option", o);
    if (i + 1 >= argc) die(rank, "missing value of", o);
    switch (o[1]) {
    case 'c': clist = argv[++i]; break;
    case 'a': alist = argv[++i]; break;
    case 'r': rlist = argv[++i]; break;
    case 'd': dlist = argv[++i]; break;
    case 'n': reps = atoi(argv[++i]); break;
    case 's': seed = strtoull(argv[++i], NULL, 0); break;
    default: window = atof(argv[++i]); break;
    }
  }
  first_b = i;
  if (simmode_get(&sm) < 0) die(rank, "SIM_MODE must be new or repeat, not", getenv("SIM_MODE"));
  if (!dlist) dlist = sm.on ? "random,spikes,skew" : "all";
  if (reps < 1) die(rank, "-n must be at least 1, not", "0");
  if (window <= 0) die(rank, "-w must be positive", "");
  if ((nc = split_list(clist, colls)) <= 0) die(rank, "bad -c list", clist);
  if ((na = split_list(alist, algs)) <= 0) die(rank, "bad -a list", alist);
  if ((nr = split_list(rlist, roots)) <= 0) die(rank, "bad -r list", rlist);
  for (ci = 0; ci < nc; ci++) {
    if (!strcmp(colls[ci], irr_coll_name(IRR_COLL_GATHERV))) coll_of[ci] = IRR_COLL_GATHERV;
    else if (!strcmp(colls[ci], irr_coll_name(IRR_COLL_SCATTERV))) coll_of[ci] = IRR_COLL_SCATTERV;
    else die(rank, "not gatherv or scatterv:", colls[ci]);
  }
  /* algorithm names through the registry's parser: "coll:name" must name an algorithm
     (or auto) of every collective asked for; "native" is SMPI's own operation */
  for (ai = 0; ai < na; ai++) {
    alg_of[ai] = IRR_ALG_COUNT;
    if (!strcmp(algs[ai], "native")) continue;
    if (!strcmp(algs[ai], "persist")) {
      alg_of[ai] = ALG_PERSIST;
      continue;
    }
    for (ci = 0; ci < nc; ci++) {
      char spec[2 * NAME_LEN + 2];
      irr_alg a = IRR_ALG_COUNT;
      snprintf(spec, sizeof spec, "%.31s:%.31s", colls[ci], algs[ai]);
      if (irr_alg_parse(spec, colls[ci], &a) != IRR_OK || a == IRR_ALG_COUNT) die(rank, "no such algorithm:", spec);
      alg_of[ai] = a;
    }
  }
  if (!strcmp(dlist, "all")) {
    for (nd = 0; nd <= IRRT_TWOBLOCKS; nd++) dist_of[nd] = nd;
    if (sm.on) dist_of[nd++] = SIMMODE_SKEW;
  } else {
    if ((nd = split_list(dlist, dists)) <= 0) die(rank, "bad -d list", dlist);
    for (di = 0; di < nd; di++) {
      for (dist_of[di] = 0; dist_of[di] < IRRT_NDIST; dist_of[di]++)
        if (!strcmp(dists[di], irrt_dist_name[dist_of[di]])) break;
      if (sm.on && !strcmp(dists[di], "skew")) dist_of[di] = SIMMODE_SKEW;
      else if (dist_of[di] == IRRT_NDIST) die(rank, "no such distribution:", dists[di]);
    }
  }
  for (ai = 0; ai < na && sm.on; ai++)
    if (alg_of[ai] == ALG_PERSIST) die(rank, "SIM_MODE runs no", "persist");
  for (ri = 0; ri < nr; ri++) {
    char *end;
    long r = strtol(roots[ri], &end, 10);
    if (strcmp(roots[ri], "mid") && strcmp(roots[ri], "last") && (*end || r < 0 || r >= p))
      die(rank, "bad root", roots[ri]);
  }
  if (first_b >= argc) die(rank, "no block sizes given", "");
  for (i = first_b; i < argc; i++) {
    char *end;
    long b = strtol(argv[i], &end, 10);
    if (*end || b < 0 || b > 1000000) die(rank, "bad block size", argv[i]);
  }

  if (rank == 0) {
    printf("#@benchmark=sim_v\n#@p=%d\n#@simulated=%d\n#@warmup=%s\n"
           "#@reps=%d timed%s\n#@seed=%llu\n#@window=%g\n#@verify=%d\n#@algs=%s\n#@roots=%s\n",
           p, SIMBENCH_SMPI, sm.on ? "none (SIM_MODE)" : "1 untimed call per algorithm and cell", reps,
           sm.on ? ", the first one the first call on its communicator" : " after the warm-up", sm.on ? sm.seed : seed,
           window, verify, alist, rlist);
    simcpu_header(stdout);
    simmode_header(&sm);
    printf("coll,alg,p,root,dist,b_ints,rep,seconds\n");
  }
  for (ci = 0; ci < nc; ci++)
    for (ri = 0; ri < nr; ri++) {
      int root = !strcmp(roots[ri], "mid") ? p / 2 : !strcmp(roots[ri], "last") ? p - 1 : atoi(roots[ri]);
      for (i = first_b; i < argc; i++) {
        long b = atol(argv[i]);
        for (di = 0; di < nd; di++) {
          int d = dist_of[di];
          int *counts = malloc((size_t)p * sizeof(int)), *displs = malloc((size_t)p * sizeof(int));
          int64_t *m = malloc((size_t)p * sizeof(int64_t));
          double *t = malloc((size_t)reps * sizeof(double));
          irrt_rng rng;
          cell c;
          if (sm.on) { /* the end-to-end mode: a communicator, and sizes, of its own per algorithm */
            for (ai = 0; ai < na; ai++)
              failed |= mode_cell(&sm, coll_of[ci], alg_of[ai], algs[ai], p, rank, root, b, d, reps, window, verify);
            free(counts); free(displs); free(m); free(t);
            continue;
          }
          c.comm = MPI_COMM_WORLD;
          rng.s = seed;
          irrt_dist(d, p, b, &rng, m);
          c.coll = coll_of[ci];
          c.p = p;
          c.rank = rank;
          c.root = root;
          c.verify = verify;
          c.total = 0;
          for (k = 0; k < p; k++) {
            counts[k] = (int)m[k];
            displs[k] = (int)c.total;
            c.total += counts[k];
          }
          if (c.total > INT_MAX) die(rank, "more than INT_MAX ints in all at block size", argv[i]);
          c.counts = counts;
          c.displs = displs;
          c.own = buf(&c, counts[rank], 1);
          c.all = rank == root ? buf(&c, c.total, 1) : NULL;
          for (ai = 0; ai < na; ai++) {
            simbench sb;
            long bad;
            IRR_Request q = IRR_REQUEST_NULL;
            if (alg_of[ai] < IRR_ALG_COUNT) IRR_Comm_set_alg(MPI_COMM_WORLD, c.coll, (irr_alg)alg_of[ai]);
            if (alg_of[ai] == ALG_PERSIST) { /* the init, timed once (after the other algorithms' warm-up) */
              double ti;
              IRR_Comm_set_alg(MPI_COMM_WORLD, c.coll, IRR_ALG_AUTO);
              simbench_init(&sb, MPI_COMM_WORLD, window);
              simbench_start(&sb);
              if (persist_init(&c, &q) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 4);
              ti = simbench_stop(&sb);
              simbench_max(&sb, &ti, 1);
              if (rank == 0) printf("%s,persist_init,%d,%d,%s,%ld,0,%.9e\n", colls[ci], p, root, irrt_dist_name[d], b, ti);
            }
            prepare(&c);
            if (call(&c, alg_of[ai], &q) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 4);
            bad = wrong(&c);
            simbench_init(&sb, MPI_COMM_WORLD, window);
            for (k = 0; k < reps; k++) {
              prepare(&c);
              simbench_start(&sb);
              if (call(&c, alg_of[ai], &q) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 4);
              t[k] = simbench_stop(&sb);
              bad += wrong(&c);
            }
            if (bad) {
              fprintf(stderr, "sim_v: %s %s p=%d root=%d %s b=%ld: rank %d holds %ld wrong elements\n",
                      colls[ci], algs[ai], p, root, irrt_dist_name[d], b, rank, bad);
              failed = 1;
            }
            if (q != IRR_REQUEST_NULL) IRR_Request_free(&q);
            simbench_max(&sb, t, reps);
            if (!simbench_ok(&sb)) MPI_Abort(MPI_COMM_WORLD, 3);
            if (rank == 0)
              for (k = 0; k < reps; k++)
                printf("%s,%s,%d,%d,%s,%ld,%d,%.9e\n", colls[ci], algs[ai], p, root, irrt_dist_name[d], b, k, t[k]);
          }
          if (rank == 0) fflush(stdout);
          unbuf(&c, c.own, 1);
          unbuf(&c, c.all, 1);
          free(counts); free(displs); free(m); free(t);
        }
      }
    }
  /* verify mode: every rank's failures count */
  if (verify) {
    double f = failed;
    simbench sb;
    simbench_init(&sb, MPI_COMM_WORLD, window);
    simbench_max(&sb, &f, 1);
    failed = f > 0;
    if (rank == 0) printf("#@verified=%s\n", failed ? "FAILED" : "ok");
  }
  MPI_Finalize();
  return rank == 0 && failed;
}
