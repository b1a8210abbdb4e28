/* A consumer of an installed irrcoll: IRR_Gatherv against MPI_Gatherv on random sizes.
   Exits 0 when they agree on every rank. */
#define IRRCOLL_IMPLEMENTATION
#include <irrcoll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int p, rank, i, n, *cnt, *dsp, total = 0, bad = 0, allbad = 0;
  int *mine, *a, *b;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  cnt = (int *)malloc((size_t)p * 2 * sizeof(int));
  dsp = cnt + p;
  for (i = 0; i < p; i++) cnt[i] = (i * 7 + 3) % 11, dsp[i] = total, total += cnt[i];
  n = cnt[rank];
  mine = (int *)malloc((size_t)(n + 1) * sizeof(int));
  a = (int *)calloc((size_t)total + 1, sizeof(int));
  b = (int *)calloc((size_t)total + 1, sizeof(int));
  for (i = 0; i < n; i++) mine[i] = rank * 1000 + i;
  MPI_Gatherv(mine, n, MPI_INT, a, cnt, dsp, MPI_INT, 0, MPI_COMM_WORLD);
  if (IRR_Gatherv(mine, n, MPI_INT, b, cnt, dsp, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS) bad = 1;
  if (rank == 0 && memcmp(a, b, (size_t)total * sizeof(int)) != 0) bad = 1;
  MPI_Allreduce(&bad, &allbad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) printf("installed irrcoll %d.%d: IRR_Gatherv %s MPI_Gatherv on %d ranks\n", IRR_VERSION_MAJOR,
                        IRR_VERSION_MINOR, allbad ? "DIFFERS FROM" : "equals", p);
  free(cnt), free(mine), free(a), free(b);
  MPI_Finalize();
  return allbad;
}
