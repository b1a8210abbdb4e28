/* real_v.c - irrcoll against the MPI library's own operations on real cores (one rank a core:
 * only meaningful on a machine with at least as many cores as ranks; this project's 2-core
 * machine measures its scheduler). For IRR_Allgatherv, IRR_Gatherv, IRR_Scatterv and
 * IRR_Alltoallv against MPI_Allgatherv, MPI_Gatherv, MPI_Scatterv and MPI_Alltoallv:
 *   counts   "jitter": every rank c (1 +- 10%), "skew": irrt_skew (random empty fraction,
 *            power law, random placement) at average c; Alltoallv: c a pair (jitter) or
 *            irrt_a2a's skewed matrices
 *   mode     "new": new counts every call (a different draw each iteration, the same on
 *            every rank), "repeat": one draw for every call (irrcoll keeps its plan)
 *   sizes    c = 4 B .. 64 KiB (Alltoallv: 4 B .. 8 KiB a pair)
 * Each cell: both operations alternate, 3 calls each to warm up, then ITER calls each; a
 * call's time is the slowest rank's, from a barrier; the cell reports both medians and
 * native / irrcoll (> 1: irrcoll faster), the algorithm irrcoll ran last (IRR_Comm_get_last_call)
 * and whether the results were equal byte for byte (the first call of the cell). Then the
 * first call on a new communicator (MPI_Comm_dup): irrcoll's (its context: the private
 * duplicate, the settings' agreement, the node layout, the sizes window) and MPI's.
 * CSV on stdout, a summary on stderr. Usage: real_v [ITER] (default 30). */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../test/dist.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, p;

enum { ALLGATHERV, GATHERV, SCATTERV, ALLTOALLV, NCOLL };
static const char *cname[NCOLL] = {"allgatherv", "gatherv", "scatterv", "alltoallv"};

/* The counts of call `it` (in bytes; Alltoallv: the p x p matrix, row s to column d), the
   same on every rank. */
static void draw(int coll, int skew, double c, unsigned seed, int64_t *m, double *w) {
  irrt_rng r = {seed};
  int i, n = coll == ALLTOALLV ? p * p : p;
  if (coll == ALLTOALLV && skew) {
    irrt_a2a(&r, (int)irrt_range(&r, 0, 4), p, c, m);
    return;
  }
  if (skew) {
    irrt_skew(&r, p, c, m, w);
    return;
  }
  for (i = 0; i < n; i++) m[i] = (int64_t)(c * (0.9 + 0.2 * irrt_urand(&r)) + 0.5);
}

typedef struct {
  int *sc, *sd, *rc, *rd; /* counts and displacements as this rank passes them */
  char *sb, *rb, *rb2;
  size_t rbytes;
} args;

/* This rank's arguments for counts m (bytes, MPI_BYTE). */
static void make_args(int coll, const int64_t *m, args *A) {
  int i;
  int64_t pos = 0, spos = 0;
  for (i = 0; i < p; i++) A->sc[i] = A->rc[i] = 0;
  switch (coll) {
  case ALLGATHERV:
  case GATHERV:
    for (i = 0; i < p; i++) A->rc[i] = (int)m[i], A->rd[i] = (int)pos, pos += m[i];
    A->sc[0] = (int)m[rank];
    break;
  case SCATTERV:
    for (i = 0; i < p; i++) A->sc[i] = (int)m[i], A->sd[i] = (int)pos, pos += m[i];
    A->rc[0] = (int)m[rank];
    break;
  default:
    for (i = 0; i < p; i++) {
      A->sc[i] = (int)m[(size_t)rank * p + i], A->sd[i] = (int)spos, spos += A->sc[i];
      A->rc[i] = (int)m[(size_t)i * p + rank], A->rd[i] = (int)pos, pos += A->rc[i];
    }
  }
  A->rbytes = (size_t)(pos > spos ? pos : spos) + 8;
}

static int call(int coll, int irr, args *A, char *rb, MPI_Comm comm) {
  switch (coll) {
  case ALLGATHERV:
    return irr ? IRR_Allgatherv(A->sb, A->sc[0], MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, comm)
               : MPI_Allgatherv(A->sb, A->sc[0], MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, comm);
  case GATHERV:
    return irr ? IRR_Gatherv(A->sb, A->sc[0], MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, 0, comm)
               : MPI_Gatherv(A->sb, A->sc[0], MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, 0, comm);
  case SCATTERV:
    return irr ? IRR_Scatterv(A->sb, A->sc, A->sd, MPI_BYTE, rb, A->rc[0], MPI_BYTE, 0, comm)
               : MPI_Scatterv(A->sb, A->sc, A->sd, MPI_BYTE, rb, A->rc[0], MPI_BYTE, 0, comm);
  default:
    return irr ? IRR_Alltoallv(A->sb, A->sc, A->sd, MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, comm)
               : MPI_Alltoallv(A->sb, A->sc, A->sd, MPI_BYTE, rb, A->rc, A->rd, MPI_BYTE, comm);
  }
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  static const double cs[] = {4, 64, 1024, 16384, 65536}, ca[] = {4, 64, 1024, 8192};
  int iter = argc > 1 ? atoi(argv[1]) : 30, coll, skew, ci, mode, it, nbad = 0, ncell = 0;
  double worst = 1e9;
  char worst_cell[160] = "";
  int64_t *m;
  double *w, *tn, *ti;
  args A;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  m = (int64_t *)malloc((size_t)p * p * sizeof(int64_t)), w = (double *)malloc((size_t)p * p * sizeof(double));
  tn = (double *)malloc((size_t)iter * sizeof(double)), ti = (double *)malloc((size_t)iter * sizeof(double));
  A.sc = (int *)malloc((size_t)p * 4 * sizeof(int)), A.sd = A.sc + p, A.rc = A.sc + 2 * p, A.rd = A.sc + 3 * p;
  A.sb = A.rb = A.rb2 = NULL;
  if (rank == 0) {
    printf("#@benchmark=real_v\n#@p=%d\n#@iterations=%d\n#@timing=slowest rank from a barrier, median over calls\n", p, iter);
    printf("collective,counts,c_bytes,mode,native_us,irrcoll_us,native_over_irrcoll,irrcoll_alg,equal\n");
  }
  for (coll = 0; coll < NCOLL; coll++)
    for (skew = 0; skew < 2; skew++)
      for (ci = 0; ci < (coll == ALLTOALLV ? 4 : 5); ci++)
        for (mode = 0; mode < 2; mode++) {
          double c = coll == ALLTOALLV ? ca[ci] : cs[ci], mn, mi;
          size_t maxb = 0;
          int equal = 1, k;
          irr_call_info info;
          memset(&info, 0, sizeof info), info.alg = IRR_ALG_COUNT;
          /* buffers for the largest draw of the cell */
          for (it = -3; it < iter; it++) {
            draw(coll, skew, c, 1000u * (unsigned)(coll * 10 + ci) + (mode ? 7u : (unsigned)(it + 3)) + 77u * (unsigned)skew, m, w);
            make_args(coll, m, &A);
            if (A.rbytes > maxb) maxb = A.rbytes;
          }
          A.sb = (char *)malloc(maxb), A.rb = (char *)calloc(maxb, 1), A.rb2 = (char *)calloc(maxb, 1);
          for (k = 0; k < (int)maxb; k++) A.sb[k] = (char)(rank * 31 + k);
          for (it = -3; it < iter; it++) {
            double t0, t1, x;
            draw(coll, skew, c, 1000u * (unsigned)(coll * 10 + ci) + (mode ? 7u : (unsigned)(it + 3)) + 77u * (unsigned)skew, m, w);
            make_args(coll, m, &A);
            for (k = 0; k < 2; k++) { /* native, irrcoll; alternating */
              int irr = (it + k) % 2 == 0;
              MPI_Barrier(MPI_COMM_WORLD);
              t0 = MPI_Wtime();
              call(coll, irr, &A, irr ? A.rb2 : A.rb, MPI_COMM_WORLD);
              t1 = MPI_Wtime() - t0;
              MPI_Allreduce(&t1, &x, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
              if (it >= 0) (irr ? ti : tn)[it] = x;
            }
            if (it == -3) equal = memcmp(A.rb, A.rb2, A.rbytes - 8) == 0;
          }
          { int all; MPI_Allreduce(&equal, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD); equal = all; }
          IRR_Comm_get_last_call(MPI_COMM_WORLD, &info);
          qsort(tn, (size_t)iter, sizeof(double), cmpd), qsort(ti, (size_t)iter, sizeof(double), cmpd);
          mn = tn[iter / 2], mi = ti[iter / 2];
          ncell++, nbad += !equal;
          if (rank == 0) {
            printf("%s,%s,%g,%s,%.2f,%.2f,%.3f,%s,%d\n", cname[coll], skew ? "skew" : "jitter", c, mode ? "repeat" : "new",
                   mn * 1e6, mi * 1e6, mn / mi, info.alg < IRR_ALG_COUNT ? irr_alg_name(info.alg) : "native", equal);
            fflush(stdout);
          }
          if (mn / mi < worst) {
            worst = mn / mi;
            snprintf(worst_cell, sizeof worst_cell, "%s %s %g B %s counts (native %.1f us, irrcoll %.1f us, %s)", cname[coll],
                     skew ? "skew" : "jitter", c, mode ? "repeated" : "new", mn * 1e6, mi * 1e6,
                     info.alg < IRR_ALG_COUNT ? irr_alg_name(info.alg) : "native");
          }
          free(A.sb), free(A.rb), free(A.rb2);
        }
  { /* the first call on a new communicator */
    double f[2][2];
    int irr;
    for (irr = 0; irr < 2; irr++) {
      MPI_Comm d;
      int k;
      double t0, t1;
      draw(ALLGATHERV, 1, 1024, 5u, m, w);
      make_args(ALLGATHERV, m, &A);
      A.sb = (char *)malloc(A.rbytes), A.rb = (char *)malloc(A.rbytes);
      memset(A.sb, 1, A.rbytes);
      for (k = 0; k < 2; k++) {
        if (k == 0) MPI_Comm_dup(MPI_COMM_WORLD, &d);
        MPI_Barrier(d);
        t0 = MPI_Wtime();
        call(ALLGATHERV, irr, &A, A.rb, d);
        t1 = MPI_Wtime() - t0;
        MPI_Allreduce(&t1, &f[irr][k], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      }
      MPI_Comm_free(&d);
      free(A.sb), free(A.rb);
    }
    if (rank == 0) {
      printf("first_call,allgatherv skew 1 KiB,native_first_us=%.1f,native_second_us=%.1f,irrcoll_first_us=%.1f,irrcoll_second_us=%.1f\n",
             f[0][0] * 1e6, f[0][1] * 1e6, f[1][0] * 1e6, f[1][1] * 1e6);
      fprintf(stderr, "first call on a new communicator (Allgatherv, skewed 1 KiB): MPI %.1f us (then %.1f), irrcoll %.1f us (then %.1f)\n",
              f[0][0] * 1e6, f[0][1] * 1e6, f[1][0] * 1e6, f[1][1] * 1e6);
    }
  }
  if (rank == 0)
    fprintf(stderr, "real_v: p = %d, %d cells, %d with results not equal to MPI's; worst native/irrcoll %.3f: %s\n", p, ncell,
            nbad, worst, worst_cell);
  MPI_Finalize();
  return 0;
}
