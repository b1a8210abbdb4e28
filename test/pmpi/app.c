/* app.c - an ordinary MPI program (no irrcoll in it) for the interception test: every
 * intercepted collective on data whose result it computes itself; prints "N passed, N
 * failed". Run it plain, or with libirrcoll_pmpi.so preloaded and algorithms forced. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long pass, fail;
#define EXPECT(c, what) do { if (c) pass++; else { fail++; fprintf(stderr, "FAIL rank %d: %s\n", rank, what); } } while (0)

int main(int argc, char **argv) {
  int rank, p, i, j, n, ok, root;
  int *a, *b, *cnt, *dsp;
  long tp, tf;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  a = malloc(4096 * sizeof(int)), b = malloc(65536 * sizeof(int));
  cnt = malloc(p * sizeof(int)), dsp = malloc(p * sizeof(int));
  for (n = 1; n <= 100; n *= 10) {
    root = n % p;
    for (i = 0; i < n; i++) a[i] = rank * 1000 + i;
    MPI_Allgather(a, n, MPI_INT, b, n, MPI_INT, MPI_COMM_WORLD);
    for (ok = 1, j = 0; j < p; j++) for (i = 0; i < n; i++) ok &= b[j * n + i] == j * 1000 + i;
    EXPECT(ok, "MPI_Allgather");
    MPI_Allreduce(a, b, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < n; i++) ok &= b[i] == 1000 * p * (p - 1) / 2 + p * i;
    EXPECT(ok, "MPI_Allreduce");
    for (j = 0; j < p; j++) for (i = 0; i < n; i++) a[j * n + i] = rank * 100 + j;
    MPI_Alltoall(a, n, MPI_INT, b, n, MPI_INT, MPI_COMM_WORLD);
    for (ok = 1, j = 0; j < p; j++) for (i = 0; i < n; i++) ok &= b[j * n + i] == j * 100 + rank;
    EXPECT(ok, "MPI_Alltoall");
    for (i = 0; i < n; i++) b[i] = rank == root ? 7 * i : -1;
    MPI_Bcast(b, n, MPI_INT, root, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < n; i++) ok &= b[i] == 7 * i;
    EXPECT(ok, "MPI_Bcast");
    for (i = 0; i < n; i++) a[i] = rank * 1000 + i;
    MPI_Gather(a, n, MPI_INT, b, n, MPI_INT, root, MPI_COMM_WORLD);
    for (ok = 1, j = 0; rank == root && j < p; j++) for (i = 0; i < n; i++) ok &= b[j * n + i] == j * 1000 + i;
    EXPECT(ok, "MPI_Gather");
    MPI_Reduce(a, b, n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    for (ok = 1, i = 0; rank == root && i < n; i++) ok &= b[i] == 1000 * p * (p - 1) / 2 + p * i;
    EXPECT(ok, "MPI_Reduce");
    for (j = 0; j < p * n; j++) a[j] = j + rank;
    MPI_Reduce_scatter_block(a, b, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < n; i++) ok &= b[i] == p * (rank * n + i) + p * (p - 1) / 2;
    EXPECT(ok, "MPI_Reduce_scatter_block");
    { /* irregular: rank j gets (j % 3) n / 2 elements, rank 0 n more */
      int tot = 0, d0 = 0;
      for (j = 0; j < p; j++) cnt[j] = (j % 3) * n / 2 + (j == 0 ? n : 0), d0 += j < rank ? cnt[j] : 0, tot += cnt[j];
      for (j = 0; j < tot; j++) a[j] = j + rank;
      MPI_Reduce_scatter(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      for (ok = 1, i = 0; i < cnt[rank]; i++) ok &= b[i] == p * (d0 + i) + p * (p - 1) / 2;
      EXPECT(ok, "MPI_Reduce_scatter");
    }
    for (i = 0; i < n; i++) a[i] = rank + i;
    MPI_Scan(a, b, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < n; i++) ok &= b[i] == rank * (rank + 1) / 2 + (rank + 1) * i;
    EXPECT(ok, "MPI_Scan");
    for (j = 0; j < p * n; j++) a[j] = 3 * j;
    MPI_Scatter(a, n, MPI_INT, b, n, MPI_INT, root, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < n; i++) ok &= b[i] == 3 * (rank * n + i);
    EXPECT(ok, "MPI_Scatter");
    for (j = 0, dsp[0] = 0; j < p; j++) cnt[j] = (j * 7 + n) % 13, dsp[j] = j ? dsp[j - 1] + cnt[j - 1] : 0;
    for (i = 0; i < cnt[rank]; i++) a[i] = rank * 1000 + i;
    MPI_Gatherv(a, cnt[rank], MPI_INT, b, cnt, dsp, MPI_INT, root, MPI_COMM_WORLD);
    for (ok = 1, j = 0; rank == root && j < p; j++) for (i = 0; i < cnt[j]; i++) ok &= b[dsp[j] + i] == j * 1000 + i;
    EXPECT(ok, "MPI_Gatherv");
    MPI_Allgatherv(a, cnt[rank], MPI_INT, b, cnt, dsp, MPI_INT, MPI_COMM_WORLD);
    for (ok = 1, j = 0; j < p; j++) for (i = 0; i < cnt[j]; i++) ok &= b[dsp[j] + i] == j * 1000 + i;
    EXPECT(ok, "MPI_Allgatherv");
    for (j = 0; j < 4096 && j < dsp[p - 1] + cnt[p - 1]; j++) a[j] = 5 * j;
    MPI_Scatterv(a, cnt, dsp, MPI_INT, b, cnt[rank], MPI_INT, root, MPI_COMM_WORLD);
    for (ok = 1, i = 0; i < cnt[rank]; i++) ok &= b[i] == 5 * (dsp[rank] + i);
    EXPECT(ok, "MPI_Scatterv");
    { int *sc = malloc(p * sizeof(int)), *sd = malloc(p * sizeof(int)), *rc = malloc(p * sizeof(int)), *rd = malloc(p * sizeof(int)), s = 0, r = 0;
      for (j = 0; j < p; j++) sc[j] = (rank + j) % 3, rc[j] = (j + rank) % 3, sd[j] = s, rd[j] = r, s += sc[j], r += rc[j];
      for (j = 0; j < p; j++) for (i = 0; i < sc[j]; i++) a[sd[j] + i] = rank * 100 + j * 10 + i;
      MPI_Alltoallv(a, sc, sd, MPI_INT, b, rc, rd, MPI_INT, MPI_COMM_WORLD);
      for (ok = 1, j = 0; j < p; j++) for (i = 0; i < rc[j]; i++) ok &= b[rd[j] + i] == j * 100 + rank * 10 + i;
      EXPECT(ok, "MPI_Alltoallv");
      free(sc), free(sd), free(rc), free(rd); }
  }
  MPI_Reduce(&pass, &tp, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&fail, &tf, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%ld passed, %ld failed\n", tp, tf);
  free(a), free(b), free(cnt), free(dsp);
  MPI_Finalize();
  return rank == 0 ? tf != 0 : 0;
}
