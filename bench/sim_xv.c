/* sim_xv.c - the unknown-size v-collectives under SimGrid SMPI, against what a user does
 * today (exchange the counts, then the native v-operation).
 *
 *   gatherv REPS AVG...   the MPI Forum proposal's table (seed 003): root = rank 1, block
 *                         sizes uniform in [1, 2*AVG-1] ints; MPI_Gather + MPI_Gatherv,
 *                         IRR_XGatherv, and the known-size IRR_Gatherv and MPI_Gatherv;
 *                         environment: SIM_XV_ROOT (a rank, or "half": p/2), SIM_XV_DIST
 *                         (a test/dist.h name, default random), SIM_XV_FORCE (e.g.
 *                         "direct tree": IRR_XGatherv forced to these too, as
 *                         IRR_XGatherv_<alg>)
 *   alltoallv REPS DEG MAXINTS [NV]   a sparse pattern: rank r sends to DEG ranks (r+1, r-1,
 *                         r+k, r-k, ... with k = floor(sqrt(p)): a 2-D stencil), between 1 and
 *                         MAXINTS ints each; MPI_Alltoall(counts) + MPI_Alltoallv against
 *                         IRR_XAlltoallv (automatic: sparse here) and IRR_XAlltoallv forced
 *                         dense (the first NV of these three; default all)
 *
 *   smpicc -O2 -I.. -o sim_xv sim_xv.c
 *   ./smpi-run -p 16 -o 0.5us -- ./sim_xv gatherv 4 41 83 ...
 *
 * Time of a call: from a start common to all ranks to the last rank's exit (simbench.h).
 * Output: '#@key=value' header, then coll,variant,p,param,rep,seconds. Repetition 0 may
 * include one-time costs (irrcoll's private communicator): summaries skip it. */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks (irrcoll's modelled CPU charged) */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "../test/dist.h"
#include <string.h>

static void report(simbench *sb, double *t, int reps, const char *coll, const char *variant, int p, long param, int rank) {
  int k;
  simbench_max(sb, t, reps);
  if (!simbench_ok(sb)) MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0)
    for (k = 0; k < reps; k++) printf("%s,%s,%d,%ld,%d,%.9e\n", coll, variant, p, param, k, t[k]);
}

static void bench_gatherv(int reps, int nb, char **bs, int rank, int p) {
  int bi, i, k, v, nv = 4, root = 1 % p, dist = IRRT_RANDOM;
  const char *e;
  char names[12][64] = {"MPI_Gather+MPI_Gatherv", "IRR_XGatherv", "IRR_Gatherv_known", "MPI_Gatherv_known"};
  irr_alg forced[12] = {IRR_ALG_AUTO, IRR_ALG_AUTO, IRR_ALG_AUTO, IRR_ALG_AUTO};
  if ((e = getenv("SIM_XV_ROOT")) && *e) root = strcmp(e, "half") == 0 ? p / 2 : atoi(e) % p;
  if ((e = getenv("SIM_XV_DIST")) && *e)
    for (i = 0; i < IRRT_NDIST; i++)
      if (strcmp(e, irrt_dist_name[i]) == 0) dist = i;
  if ((e = getenv("SIM_XV_FORCE")) && *e) { /* IRR_XGatherv forced to these algorithms too */
    char buf[256], *tok;
    snprintf(buf, sizeof buf, "%s", e);
    for (tok = strtok(buf, " ,"); tok && nv < 12; tok = strtok(NULL, " ,")) {
      int a;
      for (a = 1; a < IRR_ALG_COUNT && strcmp(tok, irr_alg_name((irr_alg)a)) != 0; a++) {}
      if (a == IRR_ALG_COUNT || !irr_alg_find(IRR_COLL_XGATHERV, (irr_alg)a)) continue;
      forced[nv] = (irr_alg)a;
      snprintf(names[nv++], sizeof names[0], "IRR_XGatherv_%s", tok);
    }
  }
  if (rank == 0) printf("#@root=%d\n#@dist=%s\n", root, irrt_dist_name[dist]);
  for (bi = 0; bi < nb; bi++) {
    long b = atol(bs[bi]);
    int *counts = malloc(p * sizeof(int)), *displs = malloc(p * sizeof(int)), *xc = malloc(p * sizeof(int)),
        *xd = malloc(p * sizeof(int));
    int64_t *m = malloc(p * sizeof(int64_t));
    long total = 0;
    irrt_rng rng = {1};
    char *sbuf, *rbuf;
    double *t = malloc(reps * sizeof(double));
    irrt_dist(dist, p, b, &rng, m);
    for (i = 0; i < p; i++) {
      counts[i] = (int)m[i];
      displs[i] = (int)total;
      total += counts[i];
    }
    sbuf = simbench_alloc((size_t)counts[rank] * sizeof(int));
    rbuf = rank == root ? simbench_alloc((size_t)total * sizeof(int)) : NULL;
    for (v = 0; v < nv; v++) {
      simbench sb;
      IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_XGATHERV, forced[v]);
      simbench_init(&sb, MPI_COMM_WORLD, 1.0);
      for (k = 0; k < reps; k++) {
        simbench_start(&sb);
        if (v == 0) { /* what a user must do today */
          int mine = counts[rank];
          MPI_Gather(&mine, 1, MPI_INT, xc, 1, MPI_INT, root, MPI_COMM_WORLD);
          if (rank == root)
            for (i = 0, xd[0] = 0; i + 1 < p; i++) xd[i + 1] = xd[i] + xc[i];
          MPI_Gatherv(sbuf, mine, MPI_INT, rbuf, xc, xd, MPI_INT, root, MPI_COMM_WORLD);
        } else if (v == 1 || v >= 4) {
          xc[0] = IRR_SIZE_UNKNOWN;
          xd[0] = IRR_DISPL_CONSECUTIVE;
          IRR_XGatherv(sbuf, counts[rank], MPI_INT, rbuf, (int)total, xc, xd, MPI_INT, root, MPI_COMM_WORLD);
        } else if (v == 2) {
          IRR_Gatherv(sbuf, counts[rank], MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
        } else {
          MPI_Gatherv(sbuf, counts[rank], MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
        }
        t[k] = simbench_stop(&sb);
      }
      report(&sb, t, reps, "gatherv", names[v], p, b, rank);
    }
    IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_XGATHERV, IRR_ALG_AUTO);
    simbench_free(sbuf);
    if (rbuf) simbench_free(rbuf);
    free(counts); free(displs); free(xc); free(xd); free(m); free(t);
  }
}

static void bench_alltoallv(int reps, int deg, long maxints, int nv, int rank, int p) {
  int i, j, k, v, q = 1, *sc, *sd, *rc, *rd;
  long stot = 0, rtot = 0;
  char *sbuf, *rbuf;
  double *t = malloc(reps * sizeof(double));
  static const char *const names[3] = {"MPI_Alltoall+MPI_Alltoallv", "IRR_XAlltoallv", "IRR_XAlltoallv_dense"};
  while ((q + 1) * (q + 1) <= p) q++;
  sc = calloc(4 * (size_t)p, sizeof(int));
  sd = sc + p;
  rc = sd + p;
  rd = rc + p;
  /* rank r's partners: r +- 1, r +- q, r +- (q + 1), ... (deg of them, distinct, not r) */
  for (i = 0; i < deg; i++) {
    int off = (i / 2 == 0 ? 1 : i / 2 == 1 ? q : q + i / 2 - 1) * (i % 2 ? -1 : 1);
    int dst = ((rank + off) % p + p) % p;
    irrt_rng rng;
    rng.s = (uint64_t)rank * 7919u + (uint64_t)dst;
    if (dst != rank) sc[dst] = (int)irrt_range(&rng, 1, maxints);
  }
  for (j = 0; j < p; j++) sd[j] = (int)stot, stot += sc[j];
  MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD); /* buffer sizes only */
  for (j = 0; j < p; j++) rd[j] = (int)rtot, rtot += rc[j];
  sbuf = simbench_alloc((size_t)stot * sizeof(int));
  rbuf = simbench_alloc((size_t)rtot * sizeof(int));
  for (v = 0; v < nv && v < 3; v++) {
    simbench sb;
    int *xc = malloc(p * sizeof(int)), *xd = malloc(p * sizeof(int)), *c2 = malloc(p * sizeof(int)),
        *d2 = malloc(p * sizeof(int));
    IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_XALLTOALLV, v == 2 ? IRR_ALG_LINEAR : IRR_ALG_AUTO);
    simbench_init(&sb, MPI_COMM_WORLD, 1.0);
    for (k = 0; k < reps; k++) {
      simbench_start(&sb);
      if (v == 0) {
        MPI_Alltoall(sc, 1, MPI_INT, c2, 1, MPI_INT, MPI_COMM_WORLD);
        for (j = 0, d2[0] = 0; j + 1 < p; j++) d2[j + 1] = d2[j] + c2[j];
        MPI_Alltoallv(sbuf, sc, sd, MPI_INT, rbuf, c2, d2, MPI_INT, MPI_COMM_WORLD);
      } else {
        xc[0] = IRR_SIZE_UNKNOWN;
        xd[0] = IRR_DISPL_CONSECUTIVE;
        IRR_XAlltoallv(sbuf, sc, sd, MPI_INT, rbuf, (int)rtot, xc, xd, MPI_INT, MPI_COMM_WORLD);
      }
      t[k] = simbench_stop(&sb);
    }
    report(&sb, t, reps, "alltoallv", names[v], p, deg * 1000000L + maxints, rank);
    free(xc); free(xd); free(c2); free(d2);
  }
  simbench_free(sbuf);
  simbench_free(rbuf);
  free(sc);
  free(t);
}

int main(int argc, char **argv) {
  int rank, p, reps = argc > 2 ? atoi(argv[2]) : 4;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (rank == 0) {
    printf("#@benchmark=xv_smpi\n#@p=%d\n#@simulated=%d\n#@reps=%d\n", p, SIMBENCH_SMPI, reps);
    simcpu_header(stdout);
    printf("coll,variant,p,param,rep,seconds\n");
  }
  if (argc > 1 && strcmp(argv[1], "gatherv") == 0) bench_gatherv(reps, argc - 3, argv + 3, rank, p);
  else if (argc > 4 && strcmp(argv[1], "alltoallv") == 0)
    bench_alltoallv(reps, atoi(argv[3]), atol(argv[4]), argc > 5 ? atoi(argv[5]) : 3, rank, p);
  else if (rank == 0) fprintf(stderr, "usage: sim_xv gatherv REPS AVG... | alltoallv REPS DEG MAXINTS [NVARIANTS]\n");
  MPI_Finalize();
  return 0;
}
