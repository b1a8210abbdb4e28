/* gatherv.c - gather irregular data with IRR_Gatherv, the drop-in for MPI_Gatherv.
 *
 *   mpicc -I.. -o gatherv gatherv.c && mpiexec -n 6 ./gatherv [SCALE]
 *
 * Every rank contributes a different number of doubles (some none, the last rank 50 times
 * SCALE more); the root collects them with IRR_Gatherv and with MPI_Gatherv and checks both
 * agree. Then, since timing many ranks on a small machine measures the OS scheduler, it asks
 * irrcoll's cost model what the same kind of problem costs on 1024 ranks of an
 * InfiniBand-like cluster: what IRR_Gatherv's automatic choice runs there (the registry's
 * irr_choose and irr_estimate, the functions the library itself uses) against the
 * direct-to-root algorithm MPICH and Open MPI use for MPI_Gatherv. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "24.39x faster", "1.00x: as fast", "0.99x: 1% slower" (two decimals: the side of 1 shows) */
static const char *compare(double ratio, char *buf, size_t n) {
  long r = (long)(ratio * 100 + 0.5);
  if (r > 100) snprintf(buf, n, "%.2fx faster", ratio);
  else if (r == 100) snprintf(buf, n, "%.2fx: as fast", ratio);
  else snprintf(buf, n, "%.2fx: %.0f%% slower", ratio, (1 / ratio - 1) * 100);
  return buf;
}

static int count_of(int rank, int p, int scale) {
  if (rank % 5 == 3) return 0;                          /* some ranks have nothing */
  return scale * ((rank * 7) % 11 + 1) + (rank == p - 1) * 50 * scale; /* one large block */
}

int main(int argc, char **argv) {
  int rank, p, i, root, scale = argc > 1 ? atoi(argv[1]) : 3, *counts, *displs, n, total = 0, ok;
  double *mine, *got, *want;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  root = p / 2;
  counts = malloc(p * sizeof *counts);
  displs = malloc(p * sizeof *displs);
  for (i = 0; i < p; i++) {
    counts[i] = count_of(i, p, scale);
    displs[i] = total;
    total += counts[i];
  }
  n = counts[rank];
  mine = malloc((n + 1) * sizeof *mine);
  for (i = 0; i < n; i++) mine[i] = rank + i / 1000.0;
  got = malloc((total + 1) * sizeof *got);
  want = malloc((total + 1) * sizeof *want);

  /* the whole change an application makes: MPI_Gatherv -> IRR_Gatherv */
  IRR_Gatherv(mine, n, MPI_DOUBLE, got, counts, displs, MPI_DOUBLE, root, MPI_COMM_WORLD);
  MPI_Gatherv(mine, n, MPI_DOUBLE, want, counts, displs, MPI_DOUBLE, root, MPI_COMM_WORLD);

  if (rank == root) {
    irr_alg forced = IRR_ALG_AUTO;
    int most = 0;
    ok = memcmp(got, want, total * sizeof *got) == 0;
    IRR_Comm_get_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, &forced); /* IRRCOLL_ALG, if set */
    for (i = 0; i < p; i++) most = counts[i] > most ? counts[i] : most;
    printf("IRR_Gatherv (%s, %s on %d ranks), root %d: %d doubles from blocks of 0..%d: %s\n",
           irr_alg_name(irr_gatherv_choose(forced, p)), forced == IRR_ALG_AUTO ? "the automatic choice" : "forced", p,
           root, total, most, ok ? "identical to MPI_Gatherv" : "DIFFERENT from MPI_Gatherv");
    { /* the cost model on the same kind of problem at scale, both times from this run */
      enum { P = 1024 };
      int64_t m[P], thresh, direct_bytes = 0, all_bytes = 0;
      irr_args a;
      irr_alg choice;
      irr_tree_all T;
      double t_auto = 0, t_linear = 0, t_data = 0;
      int64_t B;
      int ndirect = 0;
      char words[64];
      for (i = 0; i < P; i++) m[i] = (int64_t)count_of(i, P, scale) * (int64_t)sizeof(double);
      memset(&a, 0, sizeof a);
      a.coll = IRR_COLL_GATHERV, a.p = P, a.root = P / 2, a.m = m, a.ctrl = 1; /* ctrl: construction charged */
      a.md.alpha = IRR_MODEL_ALPHA_DEFAULT, a.md.beta = IRR_MODEL_BETA_DEFAULT;
      choice = irr_choose(&a, IRR_ALG_AUTO, &B);
      if (irr_estimate(&a, IRR_ALG_AUTO, &t_auto) != IRR_OK || irr_estimate(&a, IRR_ALG_LINEAR, &t_linear) != IRR_OK)
        ok = 0;
      printf("cost model, same pattern on %d ranks (alpha %.1f us, %.0f GB/s): IRR_Gatherv's choice there, %s, "
             "%.2f us; linear (MPICH's, Open MPI's) %.2f us: %s\n",
             P, a.md.alpha * 1e6, 1e-9 / a.md.beta, irr_alg_name(choice), t_auto * 1e6, t_linear * 1e6,
             t_auto > 0 ? compare(t_linear / t_auto, words, sizeof words) : "not built");
      /* graceful degradation: which subtrees the tree sends straight to the root */
      thresh = irr_gatherv_thresh(a.md);
      a.ctrl = 0; /* the same programs without the construction's messages: the data phase */
      if (choice == IRR_ALG_TREE && irr_estimate(&a, IRR_ALG_AUTO, &t_data) == IRR_OK &&
          irr_tree_build_t(&T, P, P / 2, IRR_TREE_LINEAR_TIME, m, thresh) == IRR_OK) {
        for (i = 0; i < P; i++) all_bytes += m[i];
        for (i = 0; i < P; i++)
          if (T.direct[i]) ndirect++;
        for (i = 0; i < P; i++) { /* a block reaches the root directly if it or an ancestor below the root sends so */
          int r = i;
          while (r >= 0 && r != P / 2 && !T.direct[r]) r = T.parent[r];
          if (r >= 0 && r != P / 2) direct_bytes += m[i];
        }
        if (ndirect > 0)
          printf("  the tree degrades: %d subtrees above %lld B (alpha/(2 beta)), %.0f%% of the data, go straight to "
                 "the root as in linear; its construction adds %.2f us\n",
                 ndirect, (long long)thresh, 100.0 * (double)direct_bytes / (double)all_bytes, (t_auto - t_data) * 1e6);
        irr_tree_all_free(&T);
      }
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, root, MPI_COMM_WORLD);
  free(counts); free(displs); free(mine); free(got); free(want);
  MPI_Finalize();
  return ok ? 0 : 1;
}
