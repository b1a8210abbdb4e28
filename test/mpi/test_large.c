/* test_large.c - more than 2^31 bytes in total through IRR_Gatherv, IRR_XGatherv (unknown
 * sizes; IRR_XGatherv_c with an MPI-4 library) and IRR_Allgatherv: every offset past 2^31
 * bytes is computed in 64 bits, messages past IRRCOLL_MAX_MSG are split, and the bytes at
 * the far end are the right ones. Each rank sends `per` + rank doubles (default
 * 2^28 / 3 + 1: with 3 ranks just over 2^31 bytes reach the root). Built without
 * sanitizers (the buffers are large).
 *   mpiexec -n 3 ./test_large [doubles per rank] */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include <stdio.h>
#include <stdlib.h>

static double val(int r, int64_t i) { return (double)r * 1e10 + (double)i; }

/* every rank's block at its consecutive place: the first, last and a stride of values */
static int check_all(const double *buf, const int *cnt, const int *dsp, int p) {
  int r, bad = 0;
  for (r = 0; r < p; r++) {
    int64_t i, n = cnt[r], step = n / 4096 + 1;
    for (i = 0; i < n; i += step) bad += buf[(int64_t)dsp[r] + i] != val(r, i);
    if (n > 0) bad += buf[(int64_t)dsp[r] + n - 1] != val(r, n - 1);
  }
  return bad;
}

int main(int argc, char **argv) {
  int p, rank, r, root, *cnt, *dsp, rc;
  int64_t total = 0, i, per;
  double *mine, *all;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  per = argc > 1 ? atoll(argv[1]) : ((int64_t)1 << 28) / 3 + 1; /* 3 ranks: just over 2^31 bytes */
  cnt = (int *)malloc((size_t)p * 2 * sizeof(int));
  dsp = cnt + p;
  for (r = 0; r < p; r++) {
    cnt[r] = (int)(per + r);
    dsp[r] = (int)total;
    total += cnt[r];
  }
  mine = (double *)malloc((size_t)cnt[rank] * sizeof(double));
  for (i = 0; i < cnt[rank]; i++) mine[i] = val(rank, i);
  root = p - 1;
  if (rank == 0) printf("test_large: %d ranks, %.2f GiB in all\n", p, (double)total * 8 / (1 << 30));

  /* IRR_Gatherv to the root */
  all = rank == root ? (double *)malloc((size_t)total * sizeof(double)) : NULL;
  CHECK(rank != root || all, "allocate %lld doubles", (long long)total);
  rc = IRR_Gatherv(mine, cnt[rank], MPI_DOUBLE, all, cnt, dsp, MPI_DOUBLE, root, MPI_COMM_WORLD);
  CHECK(rc == MPI_SUCCESS, "IRR_Gatherv: error %d", rc);
  if (rank == root) CHECK(check_all(all, cnt, dsp, p) == 0, "IRR_Gatherv: wrong bytes past 2^31");

  /* IRR_XGatherv, sizes unknown at the root, consecutive: its MPI-4 large-count variant
     where there is one (counts and displacements come back as MPI_Count / MPI_Aint) */
  if (rank == root) for (i = 0; i < total; i++) all[i] = -1;
  {
#if MPI_VERSION >= 4
    MPI_Count *xc = (MPI_Count *)malloc((size_t)p * sizeof(MPI_Count));
    MPI_Aint *xd = (MPI_Aint *)malloc((size_t)p * sizeof(MPI_Aint));
    xc[0] = IRR_SIZE_UNKNOWN, xd[0] = IRR_DISPL_CONSECUTIVE;
    rc = IRR_XGatherv_c(mine, cnt[rank], MPI_DOUBLE, all, total, xc, xd, MPI_DOUBLE, root, MPI_COMM_WORLD);
#else
    int *xc = (int *)malloc((size_t)p * sizeof(int)), *xd = (int *)malloc((size_t)p * sizeof(int));
    xc[0] = IRR_SIZE_UNKNOWN, xd[0] = IRR_DISPL_CONSECUTIVE;
    rc = IRR_XGatherv(mine, cnt[rank], MPI_DOUBLE, all, (int)total, xc, xd, MPI_DOUBLE, root, MPI_COMM_WORLD);
#endif
    CHECK(rc == MPI_SUCCESS, "IRR_XGatherv: error %d", rc);
    if (rank == root) {
      for (r = 0; r < p; r++) CHECK(xc[r] == cnt[r] && xd[r] == dsp[r], "IRR_XGatherv: counts returned");
      CHECK(check_all(all, cnt, dsp, p) == 0, "IRR_XGatherv: wrong bytes past 2^31");
    }
    free(xc);
    free(xd);
  }
  free(all);
  MPI_Barrier(MPI_COMM_WORLD);

  /* IRR_Allgatherv: everyone gets everything */
  all = (double *)malloc((size_t)total * sizeof(double));
  CHECK(all != NULL, "allocate %lld doubles", (long long)total);
  rc = IRR_Allgatherv(mine, cnt[rank], MPI_DOUBLE, all, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
  CHECK(rc == MPI_SUCCESS, "IRR_Allgatherv: error %d", rc);
  CHECK(check_all(all, cnt, dsp, p) == 0, "IRR_Allgatherv: wrong bytes past 2^31");
  free(all);
  free(mine);
  free(cnt);
  {
    long f = irrt_fail, fa = 0;
    MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    irrt_fail = fa;
  }
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
