/* see test_link_a.c: a vendored, static copy beside the global one */
#define IRRCOLL_STATIC
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"

int gather_static_copy(MPI_Comm comm) {
  int rank, p, x, out[64], cnt[64], dis[64], i, rc;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (p > 64) return MPI_ERR_OTHER;
  for (i = 0; i < p; i++) cnt[i] = 1, dis[p - 1 - i] = i;
  x = rank + 1;
  rc = IRR_Gatherv(&x, 1, MPI_INT, out, cnt, dis, MPI_INT, p - 1, comm);
  if (rank == p - 1)
    for (i = 0; i < p; i++)
      if (out[p - 1 - i] != i + 1) return MPI_ERR_OTHER;
  return rc;
}
