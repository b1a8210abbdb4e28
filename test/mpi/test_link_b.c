/* see test_link_a.c */
#include "irrcoll.h"

static int one_gather(int (*gv)(const void *, int, MPI_Datatype, void *, const int *, const int *,
                                MPI_Datatype, int, MPI_Comm), MPI_Comm comm) {
  int rank, p, i, x, rc, ok = 1, cnt[64], dis[64], out[64];
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (p > 64) return MPI_ERR_OTHER;
  for (i = 0; i < p; i++) cnt[i] = 1, dis[i] = i, out[i] = -1;
  x = rank * 7;
  rc = gv(&x, 1, MPI_INT, out, cnt, dis, MPI_INT, 0, comm);
  if (rank == 0)
    for (i = 0; i < p; i++) ok = ok && out[i] == i * 7;
  return rc == MPI_SUCCESS && ok ? MPI_SUCCESS : MPI_ERR_OTHER;
}

int gather_from_b(MPI_Comm comm) { return one_gather(IRR_Gatherv, comm); }
