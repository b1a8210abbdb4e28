/* sim_gatherv.c - Gatherv under SimGrid SMPI: SMPI's MPI_Gatherv (always linear: the root
 * posts p-1 receives) against IRR_Gatherv with each of its algorithms (tree, linear,
 * binomial, direct), for the six block-size distributions of Träff 2017 Section 5.
 *
 *   smpicc -O2 -I.. -o sim_gatherv sim_gatherv.c
 *   ./smpi-run -p 256 [-o 0.5us] -- ./sim_gatherv REPS B...      (B: ints per rank on average)
 *
 * Time of a call: from a start common to all ranks to the last rank's exit (simbench.h).
 * Output: '#@key=value' header, then coll,alg,p,dist,b_ints,rep,seconds. Repetition 0 may
 * include one-time costs (irrcoll's private communicator): summaries skip it. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "../test/dist.h"
#include <string.h>

int main(int argc, char **argv) {
  int rank, p, reps = argc > 1 ? atoi(argv[1]) : 4, bi, d, a, k, i, root;
  static const char *const names[IRR_ALG_V_LAST + 1] = {"MPI_Gatherv", "tree", "linear", "binomial", "direct"};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  root = p / 2;
  if (rank == 0) {
    printf("#@benchmark=gatherv_smpi\n#@p=%d\n#@root=%d\n#@simulated=%d\n#@reps=%d\n", p, root, SIMBENCH_SMPI, reps);
    printf("coll,alg,p,dist,b_ints,rep,seconds\n");
  }
  for (bi = 2; bi < argc; bi++) {
    long b = atol(argv[bi]);
    for (d = 0; d <= IRRT_TWOBLOCKS; d++) {
      int *counts = malloc(p * sizeof(int)), *displs = malloc(p * sizeof(int));
      int64_t *m = malloc(p * sizeof(int64_t));
      long total = 0;
      irrt_rng rng = {12345};
      char *sbuf, *rbuf;
      double *t = malloc(reps * sizeof(double));
      irrt_dist(d, p, b, &rng, m);
      for (i = 0; i < p; i++) {
        counts[i] = (int)m[i];
        displs[i] = (int)total;
        total += counts[i];
      }
      sbuf = simbench_alloc((size_t)counts[rank] * sizeof(int));
      rbuf = rank == root ? simbench_alloc((size_t)total * sizeof(int)) : NULL;
      for (a = 0; a <= IRR_ALG_V_LAST; a++) {
        simbench sb;
        if (a > 0) {
          IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, (irr_alg)a);
          IRR_Gatherv(sbuf, counts[rank], MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD); /* warm-up */
        }
        simbench_init(&sb, MPI_COMM_WORLD, 1.0);
        for (k = 0; k < reps; k++) {
          simbench_start(&sb);
          if (a == 0) MPI_Gatherv(sbuf, counts[rank], MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
          else IRR_Gatherv(sbuf, counts[rank], MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
          t[k] = simbench_stop(&sb);
        }
        simbench_max(&sb, t, reps);
        if (!simbench_ok(&sb)) MPI_Abort(MPI_COMM_WORLD, 3);
        if (rank == 0)
          for (k = 0; k < reps; k++)
            printf("gatherv,%s,%d,%s,%ld,%d,%.9e\n", names[a], p, irrt_dist_name[d], b, k, t[k]);
      }
      simbench_free(sbuf);
      if (rbuf) simbench_free(rbuf);
      free(counts); free(displs); free(m); free(t);
    }
  }
  MPI_Finalize();
  return 0;
}
