/* sim_allgatherv.c - Allgatherv under SimGrid SMPI: seed 004's six distributions.
 *
 *   ./smpi-run -p 30 [--cfg=smpi/allgatherv:ring] -- ./sim_allgatherv WHO REPS C...
 *
 * WHO: "native" times MPI_Allgatherv (whichever SMPI algorithm the run selects, e.g.
 * --cfg=smpi/allgatherv:mpich_ring), "irrcoll" times IRR_Allgatherv. C: base counts in bytes
 * (MPI_BYTE data). Time of a call: from a start common to all ranks to the last rank's exit
 * (simbench.h). Output: '#@key=value' header, then who,p,dist,c_bytes,rep,seconds; repetition
 * 0 may include one-time costs (irrcoll's private communicator, node layout). */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include <string.h>

static void *buf_alloc(size_t n) {
#if SIMBENCH_SMPI
  return SMPI_SHARED_MALLOC(n ? n : 1);
#else
  return calloc(n ? n : 1, 1);
#endif
}
static void buf_free(void *p) {
#if SIMBENCH_SMPI
  SMPI_SHARED_FREE(p);
#else
  free(p);
#endif
}

static void dist(int d, int p, long c, int *m) {
  int i, L = 0;
  while ((1 << L) < p) L++;
  for (i = 0; i < p; i++) {
    switch (d) {
    case 0: m[i] = (int)c; break;
    case 1: m[i] = i == 0 ? (int)c : 0; break;
    case 2: m[i] = i == 0 ? (int)(c / 2) : (int)(c / (2 * (p - 1))); break;
    case 3: m[i] = i % 2 == 0 ? (int)(2 * c) : 0; break;
    case 4: m[i] = (int)(2 * c * (p - 1 - i) / (p - 1)); break;
    default: { int g = 1; while (2 * g <= i + 1) g *= 2; m[i] = (int)(c * p / ((long)g * L)); break; }
    }
  }
}

int main(int argc, char **argv) {
  static const char *const dn[] = {"regular", "broadcast", "spike", "half_full", "decreasing", "geometric"};
  int rank, p, reps = argc > 2 ? atoi(argv[2]) : 4, ci, d, k, i, irr = argc > 1 && strcmp(argv[1], "irrcoll") == 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (rank == 0) {
    printf("#@benchmark=allgatherv_smpi\n#@p=%d\n#@simulated=%d\n#@reps=%d\n#@who=%s\n", p, SIMBENCH_SMPI, reps,
           irr ? "irrcoll" : "native");
    printf("who,p,dist,c_bytes,rep,seconds\n");
  }
  for (ci = 3; ci < argc; ci++) {
    long c = atol(argv[ci]);
    for (d = 0; d < 6; d++) {
      int *m = malloc(p * sizeof(int)), *dsp = malloc(p * sizeof(int));
      long tot = 0;
      char *sb, *rb;
      double *t = malloc(reps * sizeof(double));
      simbench sb_;
      dist(d, p, c, m);
      for (i = 0; i < p; i++) dsp[i] = (int)tot, tot += m[i];
      sb = buf_alloc((size_t)m[rank]);
      rb = buf_alloc((size_t)tot);
      simbench_init(&sb_, MPI_COMM_WORLD, 1.0);
      for (k = 0; k < reps; k++) {
        simbench_start(&sb_);
        if (irr) IRR_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, MPI_COMM_WORLD);
        else MPI_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, MPI_COMM_WORLD);
        t[k] = simbench_stop(&sb_);
      }
      simbench_max(&sb_, t, reps);
      if (!simbench_ok(&sb_)) MPI_Abort(MPI_COMM_WORLD, 3);
      if (rank == 0)
        for (k = 0; k < reps; k++) printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, dn[d], c, k, t[k]);
      buf_free(sb);
      buf_free(rb);
      free(m); free(dsp); free(t);
    }
  }
  MPI_Finalize();
  return 0;
}
