// test_cxx_mpi.cc - the MPI declarations compile as C++ and link against the C implementation
// (test/mpi/test_link_b.c's twin: a C++ translation unit calling IRR_Gatherv).
#include "irrcoll.h"
#include <cstdio>

int main(int argc, char **argv) {
  int rank, p, x, out[64], cnt[64], dis[64], ok = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (int i = 0; i < p && i < 64; i++) cnt[i] = 1, dis[i] = i;
  x = rank + 5;
  if (p <= 64 && IRR_Gatherv(&x, 1, MPI_INT, out, cnt, dis, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS) ok = 0;
  if (rank == 0 && p <= 64)
    for (int i = 0; i < p; i++) ok = ok && out[i] == i + 5;
  if (rank == 0) std::printf("%d passed, %d failed\n", ok, !ok);
  MPI_Finalize();
  return !ok;
}
