/* allgatherv.c - IRR_Allgatherv, the drop-in for MPI_Allgatherv, on very irregular data.
 *
 *   mpicc -I.. -o allgatherv allgatherv.c && mpiexec -n 6 ./allgatherv
 *
 * Rank 0 contributes most of the data, a few ranks a little, the rest nothing (close to
 * seed 004's "spike" case). Every rank gathers everything with IRR_Allgatherv and with
 * MPI_Allgatherv and checks they agree. Then the cost model prices the paper's extreme case,
 * one rank with all 32 MiB on 30 ranks, for the linear ring most MPI libraries run and for
 * what IRR_Allgatherv's automatic choice runs there (irr_choose, irr_estimate: the pipelined
 * ring with the block size of Eq. (2), snapped to whole blocks). */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "23.52x faster", "1.00x: as fast", "0.99x: 1% slower" (two decimals: the side of 1 shows) */
static const char *compare(double ratio, char *buf, size_t n) {
  long r = (long)(ratio * 100 + 0.5);
  if (r > 100) snprintf(buf, n, "%.2fx faster", ratio);
  else if (r == 100) snprintf(buf, n, "%.2fx: as fast", ratio);
  else snprintf(buf, n, "%.2fx: %.0f%% slower", ratio, (1 / ratio - 1) * 100);
  return buf;
}

int main(int argc, char **argv) {
  int rank, p, i, *counts, *displs, total = 0, ok = 1, all_ok;
  double *mine, *got, *want;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  counts = malloc(2 * (size_t)p * sizeof(int));
  displs = counts + p;
  for (i = 0; i < p; i++) {
    counts[i] = i == 0 ? 20000 : i % 3 == 1 ? 7 : 0; /* every rank knows all counts, as in MPI */
    displs[i] = total;
    total += counts[i];
  }
  mine = malloc((counts[rank] + 1) * sizeof(double));
  got = malloc((total + 1) * sizeof(double));
  want = malloc((total + 1) * sizeof(double));
  for (i = 0; i < counts[rank]; i++) mine[i] = rank + i / 100000.0;
  IRR_Allgatherv(mine, counts[rank], MPI_DOUBLE, got, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD); /* was MPI_Allgatherv */
  MPI_Allgatherv(mine, counts[rank], MPI_DOUBLE, want, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
  for (i = 0; i < total; i++) ok = ok && got[i] == want[i];
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0) {
    enum { P = 30 };
    int64_t m[P];
    irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
    irr_sched_set set;
    irr_cost c;
    irr_args a;
    irr_alg choice;
    int64_t B;
    double t_ring = -1, t_irr = -1;
    char words[64];
    printf("IRR_Allgatherv on %d ranks: %d doubles, mostly from rank 0: %s MPI_Allgatherv on every rank\n", p, total,
           all_ok ? "identical to" : "DIFFERENT from");
    for (i = 0; i < P; i++) m[i] = i == 0 ? (int64_t)32 << 20 : 0;
    if (irr_allgatherv_build_all(&set, IRR_ALG_RING, P, m, m[0], NULL, 0, md) == IRR_OK) { /* B = everything: linear ring */
      if (irr_sched_cost(set.s, P, md, &c, NULL) == IRR_OK) t_ring = c.time;
      irr_sched_set_free(&set);
    }
    memset(&a, 0, sizeof a);
    a.coll = IRR_COLL_ALLGATHERV, a.p = P, a.m = m, a.md = md; /* flat: a.node NULL */
    choice = irr_choose(&a, IRR_ALG_AUTO, &B);
    if (irr_estimate(&a, IRR_ALG_AUTO, &t_irr) != IRR_OK) t_irr = -1;
    printf("cost model, one rank with 32 MiB on %d ranks: linear ring %.2f ms, IRR_Allgatherv's choice (%s, %s %lld%s) "
           "%.2f ms: %s\n", P, t_ring * 1e3, irr_alg_name(choice), choice == IRR_ALG_CIRCULANT ? "pieces per block:" : "block",
           (long long)B, choice == IRR_ALG_CIRCULANT ? "" : " B", t_irr * 1e3,
           t_ring > 0 && t_irr > 0 ? compare(t_ring / t_irr, words, sizeof words) : "not built");
  }
  free(mine); free(got); free(want); free(counts);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
