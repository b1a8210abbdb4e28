/* unknown_sizes.c - collect data whose sizes the receivers do not know, without a count
 * exchange first (IRR_XGatherv, IRR_XAlltoallv: the MPI Forum proposal's interface).
 *
 *   mpicc -I.. -o unknown_sizes unknown_sizes.c && mpiexec -n 6 ./unknown_sizes
 *
 * 1. Every rank finds a number of "hits" only it knows; the root gathers them all. Today:
 *    MPI_Gather of the counts, then MPI_Gatherv. With irrcoll: one IRR_XGatherv, which
 *    returns the counts and the displacements too.
 * 2. Every rank sends a few values to two neighbours (a sparse pattern, as in a distributed
 *    sparse matrix): today MPI_Alltoall of the counts, then MPI_Alltoallv; with irrcoll one
 *    IRR_XAlltoallv, which talks only to the actual partners.
 * Both results are checked against the two-step versions. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, p, i, n, root = 0, total = 0, ok = 1, all_ok;
  int *counts, *displs, *c2, *d2;
  double *hits;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  counts = malloc(4 * (size_t)p * sizeof(int));
  displs = counts + p;
  c2 = displs + p;
  d2 = c2 + p;

  /* ---- 1. gather an unknown number of hits per rank ---- */
  n = (rank * 37 + 11) % 9;                  /* only this rank knows it */
  hits = malloc((n + 1) * sizeof(double));
  for (i = 0; i < n; i++) hits[i] = rank + 0.01 * i;
  {
    int bound = 8 * p;                       /* what the root can hold: at most 8 per rank */
    double *got = malloc(bound * sizeof(double)), *want = malloc(bound * sizeof(double));
    counts[0] = IRR_SIZE_UNKNOWN;            /* on every rank (non-roots: a single int would do) */
    displs[0] = IRR_DISPL_CONSECUTIVE;
    IRR_XGatherv(hits, n, MPI_DOUBLE, got, bound, counts, displs, MPI_DOUBLE, root, MPI_COMM_WORLD);
    /* the two-step way, for comparison */
    MPI_Gather(&n, 1, MPI_INT, c2, 1, MPI_INT, root, MPI_COMM_WORLD);
    if (rank == root)
      for (i = 0, total = 0; i < p; i++) d2[i] = total, total += c2[i];
    MPI_Gatherv(hits, n, MPI_DOUBLE, want, c2, d2, MPI_DOUBLE, root, MPI_COMM_WORLD);
    if (rank == root) {
      for (i = 0; i < p; i++) ok = ok && counts[i] == c2[i] && displs[i] == d2[i];
      for (i = 0; i < total; i++) ok = ok && got[i] == want[i];
      printf("IRR_XGatherv: %d hits from %d ranks, counts and displacements returned; %s MPI_Gather + MPI_Gatherv\n",
             total, p, ok ? "identical to" : "DIFFERENT from");
    }
    free(got);
    free(want);
  }

  /* ---- 2. a sparse exchange: to rank+1 and rank+3, sizes the receivers do not know ---- */
  {
    int *sc = calloc(2 * (size_t)p, sizeof(int)), *sd = sc + p, s = 0, bound = 16;
    double out[16], got[16], want[16];
    for (i = 0; i < 16; i++) out[i] = 100 * rank + i, got[i] = want[i] = -1;
    sc[(rank + 1) % p] += 1 + rank % 3;
    sc[(rank + 3) % p] += 2;
    for (i = 0; i < p; i++) sd[i] = s, s += sc[i];
    counts[0] = IRR_SIZE_UNKNOWN;
    displs[0] = IRR_DISPL_CONSECUTIVE;
    IRR_XAlltoallv(out, sc, sd, MPI_DOUBLE, got, bound, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(sc, 1, MPI_INT, c2, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 0, s = 0; i < p; i++) d2[i] = s, s += c2[i];
    MPI_Alltoallv(out, sc, sd, MPI_DOUBLE, want, c2, d2, MPI_DOUBLE, MPI_COMM_WORLD);
    for (i = 0; i < p; i++) ok = ok && counts[i] == c2[i] && displs[i] == d2[i];
    for (i = 0; i < s; i++) ok = ok && got[i] == want[i];
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
      printf("IRR_XAlltoallv: every rank got its values from its (at most 2) senders; %s MPI_Alltoall + MPI_Alltoallv\n",
             all_ok ? "identical to" : "DIFFERENT from");
    free(sc);
  }
  free(hits);
  free(counts);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
