/* test_threads.c - MPI_THREAD_MULTIPLE: threads using different communicators call irrcoll
   at the same time, from the very first call (so they race to create the attribute key and
   their private communicators). Results are checked against the known values. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include <pthread.h>
#include <stdlib.h>

enum { NTHREADS = 3, ROUNDS = 40 };
static MPI_Comm comms[NTHREADS];
static int rank, p, bad[NTHREADS];

static void *worker(void *arg) {
  int t = (int)(intptr_t)arg, k, i;
  int *cnt = malloc(p * sizeof(int)), *dis = malloc(p * sizeof(int)), *all, mine[64], back[64], total = 0;
  for (i = 0; i < p; i++) { cnt[i] = (i + t) % 5 + 1; dis[i] = total; total += cnt[i]; }
  all = malloc((total + 1) * sizeof(int));
  for (k = 0; k < ROUNDS; k++) {
    int root = (k + t) % p, n = cnt[rank];
    for (i = 0; i < n; i++) mine[i] = 1000 * t + 100 * rank + i + k;
    for (i = 0; i < total; i++) all[i] = -1;
    if (IRR_Gatherv(mine, n, MPI_INT, all, cnt, dis, MPI_INT, root, comms[t]) != MPI_SUCCESS) bad[t]++;
    if (rank == root) {
      int r;
      for (r = 0; r < p; r++)
        for (i = 0; i < cnt[r]; i++)
          if (all[dis[r] + i] != 1000 * t + 100 * r + i + k) bad[t]++;
    }
    if (IRR_Scatterv(all, cnt, dis, MPI_INT, back, n, MPI_INT, root, comms[t]) != MPI_SUCCESS) bad[t]++;
    for (i = 0; i < n; i++)
      if (back[i] != mine[i]) bad[t]++;
  }
  free(cnt); free(dis); free(all);
  return NULL;
}

int main(int argc, char **argv) {
  int provided, t;
  long f, fa = 0;
  pthread_t th[NTHREADS];
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (provided < MPI_THREAD_MULTIPLE) { /* say so, do not pretend */
    if (rank == 0) printf("MPI_THREAD_MULTIPLE not provided: 0 passed, 0 failed, 1 skipped\n");
    MPI_Finalize();
    return 0;
  }
  for (t = 0; t < NTHREADS; t++) MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);
  for (t = 0; t < NTHREADS; t++) pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
  for (t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
  for (t = 0; t < NTHREADS; t++) {
    CHECK(bad[t] == 0, "thread %d: %d wrong values or errors on rank %d", t, bad[t], rank);
    MPI_Comm_free(&comms[t]);
  }
  f = irrt_fail;
  MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  irrt_fail = fa;
  if (rank == 0) printf("p=%d: %d threads x %d rounds on their own communicators\n", p, NTHREADS, ROUNDS);
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
