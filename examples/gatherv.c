/* gatherv.c - gather irregular data with IRR_Gatherv, the drop-in for MPI_Gatherv.
 *
 *   mpicc -I.. -o gatherv gatherv.c && mpiexec -n 6 ./gatherv [SCALE]
 *
 * Every rank contributes a different number of doubles (some none); the root collects them
 * with IRR_Gatherv and with MPI_Gatherv and checks both agree. Then, since timing many ranks
 * on a small machine measures the OS scheduler, it asks irrcoll's cost model what the same
 * kind of problem costs on 1024 ranks of an InfiniBand-like cluster: the linear-time tree
 * against the direct-to-root algorithm MPICH and Open MPI use for MPI_Gatherv. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include <stdio.h>
#include <stdlib.h>

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
    ok = memcmp(got, want, total * sizeof *got) == 0;
    int most = 0;
    for (i = 0; i < p; i++) most = counts[i] > most ? counts[i] : most;
    printf("IRR_Gatherv on %d ranks, root %d: %d doubles from blocks of 0..%d: %s\n", p, root, total,
           most, ok ? "identical to MPI_Gatherv" : "DIFFERENT from MPI_Gatherv");
    { /* the cost model on the same kind of problem at scale */
      enum { P = 1024 };
      int64_t m[P];
      irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
      double t[IRR_ALG_COUNT] = {0};
      int a;
      for (i = 0; i < P; i++) m[i] = (int64_t)count_of(i, P, scale) * (int64_t)sizeof(double);
      for (a = IRR_ALG_TREE; a <= IRR_ALG_LINEAR; a++) {
        irr_sched_set set;
        irr_cost c;
        if (irr_v_build_all(&set, IRR_COLL_GATHERV, (irr_alg)a, P, P / 2, m, 0, 1) == IRR_OK &&
            irr_sched_cost(set.s, P, md, &c, NULL) == IRR_OK)
          t[a] = c.time;
        irr_sched_set_free(&set);
      }
      printf("cost model, same pattern on %d ranks (alpha %.1f us, %.0f GB/s): tree %.1f us "
             "(incl. its construction), linear as in MPICH/Open MPI %.1f us: %.1fx faster\n",
             P, md.alpha * 1e6, 1e-9 / md.beta, t[IRR_ALG_TREE] * 1e6, t[IRR_ALG_LINEAR] * 1e6,
             t[IRR_ALG_TREE] > 0 ? t[IRR_ALG_LINEAR] / t[IRR_ALG_TREE] : 0.0);
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, root, MPI_COMM_WORLD);
  free(counts); free(displs); free(mine); free(got); free(want);
  MPI_Finalize();
  return ok ? 0 : 1;
}
