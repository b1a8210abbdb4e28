/* test_link_a.c + test_link_b.c: the implementation really is emitted (a misspelt
   IRRCOLL_IMPLEMENTATION fails to link), including the header twice is harmless, and a
   second, IRRCOLL_STATIC copy in another translation unit does not clash. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "irrcoll.h" /* twice: no second definition */
#include <stdio.h>

int gather_from_b(MPI_Comm comm);        /* test_link_b.c, plain include */
int gather_static_copy(MPI_Comm comm);   /* test_link_b.c, its own static copy */

int main(int argc, char **argv) {
  int rank, ok;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  ok = gather_from_b(MPI_COMM_WORLD) == MPI_SUCCESS && gather_static_copy(MPI_COMM_WORLD) == MPI_SUCCESS;
  if (rank == 0) printf("%d passed, %d failed\n", ok, !ok);
  MPI_Finalize();
  return !ok;
}
