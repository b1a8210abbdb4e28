/* yield_idle.so - preloaded into make check's MPI runs on MPICH (Makefile CHECK_PRELOAD,
   tools/runtests.sh): a rank whose progress engine polls without news gives up its core
   every 64 empty polls.

   Why: make check runs up to 16 ranks on 2 cores. MPICH's ch4:ucx (Debian's 4.0.2) polls
   ucp_worker_progress without ever yielding (MPIR_CVAR_POLLS_BEFORE_YIELD does nothing
   there; Open MPI yields when oversubscribed), so a rank that waits for a peer the kernel
   has not scheduled spins out its whole time slice. perf over test_reduce_scatter -n 5: 97%
   of the time in UCX's and MPICH's progress loops, 0.35% in the test; it took 25 s, against
   0.77 s on Open MPI and 0.62 s with this. It changes only when ranks run: every call goes to
   UCX's own function, whose result is returned as it is. Not for measurements: no benchmark
   loads it. A program that never loads UCX never calls it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>

typedef unsigned (*irrt_progress_fn)(void *);

unsigned ucp_worker_progress(void *worker);
unsigned ucp_worker_progress(void *worker) {
  static _Thread_local irrt_progress_fn next; /* per thread: test_threads polls from several */
  static _Thread_local unsigned idle;
  unsigned n;
  if (!next) *(void **)&next = dlsym(RTLD_NEXT, "ucp_worker_progress"); /* (POSIX's way to a function) */
  n = next(worker);
  if (n) idle = 0;
  else if (++idle >= 64) idle = 0, sched_yield();
  return n;
}
