/* sim_inter.c - intergroup Allgatherv under SimGrid SMPI (which has no intercommunicators):
 * IRR_Allgatherv_groups on MPI_COMM_WORLD split into group A (ranks 0..p-1) and B, for
 * seed 001's settings (see bench_inter_model.c), per-process blocks K bytes (largest).
 *
 *   ./smpi-run -p 64 -o 0.5us -- ./sim_inter ALG REPS K...     ALG: segment | subgroup | rootgather
 *
 * rootgather is the root-gathering algorithm of MPICH/Open MPI run as irrcoll's schedule
 * (binomial gathers, root to root, scatter + ring broadcasts), so both run in one build.
 * Output: '#@key=value' header, then alg,P,setting,k_bytes,rep,seconds. */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks (irrcoll's modelled CPU charged) */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include <string.h>

int main(int argc, char **argv) {
  int rank, P, reps = argc > 2 ? atoi(argv[2]) : 3, ki, set, k, i;
  irr_alg alg = IRR_ALG_SEGMENT;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  if (argc > 1 && strcmp(argv[1], "subgroup") == 0) alg = IRR_ALG_SUBGROUP;
  if (argc > 1 && strcmp(argv[1], "rootgather") == 0) alg = IRR_ALG_ROOTGATHER;
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_INTER_ALLGATHERV, alg);
  if (rank == 0) {
    printf("#@benchmark=inter_smpi\n#@P=%d\n#@simulated=%d\n#@reps=%d\n", P, SIMBENCH_SMPI, reps);
    simcpu_header(stdout);
    printf("alg,P,setting,k_bytes,rep,seconds\n");
  }
  for (ki = 3; ki < argc; ki++) {
    long kk = atol(argv[ki]);
    for (set = 1; set <= 8; set++) {
      if (getenv("SETTING") && atoi(getenv("SETTING")) != set) continue;
      int odd = set == 2 || set == 3 || set == 4 || set == 7 || set == 8;
      int p = odd ? (P * 25 + 16) / 32 : P / 2, q = P - p, grp = rank >= p, nr = grp ? p : q;
      int *m = malloc((size_t)P * sizeof(int)), *rc = malloc((size_t)nr * sizeof(int)), *dp = malloc((size_t)nr * sizeof(int));
      long tot = 0;
      double *t = malloc((size_t)reps * sizeof(double));
      char *sb, *rb;
      simbench B;
      for (i = 0; i < P; i++) {
        int g = i >= p, j = g ? i - p : i, n = g ? q : p;
        m[i] = (int)(set == 3 ? (g ? kk / 4 : kk) : set == 4 ? (g ? kk : kk / 4) : (set == 6 || set == 8) ? kk * (j + 1) / n : kk);
      }
      for (i = 0; i < nr; i++) rc[i] = m[(grp ? 0 : p) + i], dp[i] = (int)tot, tot += rc[i];
      sb = simbench_alloc((size_t)m[rank]);
      rb = simbench_alloc((size_t)tot);
      simbench_init(&B, MPI_COMM_WORLD, 1.0);
      for (k = 0; k < reps; k++) {
        simbench_start(&B);
        IRR_Allgatherv_groups(sb, m[rank], MPI_BYTE, rb, rc, dp, MPI_BYTE, grp, MPI_COMM_WORLD);
        t[k] = simbench_stop(&B);
      }
      simbench_max(&B, t, reps);
      if (!simbench_ok(&B)) MPI_Abort(MPI_COMM_WORLD, 3);
      if (rank == 0)
        for (k = 0; k < reps; k++) printf("%s,%d,%d,%ld,%d,%.9e\n", irr_alg_name(alg), P, set, kk, k, t[k]);
      simbench_free(sb);
      simbench_free(rb);
      free(m), free(rc), free(dp), free(t);
    }
  }
  MPI_Finalize();
  return 0;
}
