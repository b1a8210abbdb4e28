/* irrcoll.h - fast MPI irregular collectives, header-only C11.

   Drop this one file into your code. In exactly one C file of your program write
       #define IRRCOLL_IMPLEMENTATION
       #include "irrcoll.h"
   and include it plainly everywhere else. Then call IRR_Gatherv / IRR_Scatterv /
   IRR_Allgatherv exactly as MPI_Gatherv / MPI_Scatterv / MPI_Allgatherv. The pure schedule
   layer (schedules, cost model, symbolic checker, tree construction) is usable without
   MPI: #define IRRCOLL_NO_MPI first.

   Design in one paragraph: every algorithm is a schedule generator, a pure function that
   fills an array with one rank's program (rounds of sends, receives and copies that name
   block labels, never pointers). One schedule has three consumers: the MPI executor
   (mpi/exec.h, the only code that moves data, except NBX), the cost model and the symbolic
   checker. The registry names every collective and algorithm; select/ holds one choose()
   per collective, a pure function of values equal on all ranks, so a test or the model
   builds exactly the program the MPI layer runs. Every entry point reads validate -> choose ->
   plan -> run. The IR's receive-and-reduce op (ir/sched.h) gives MPI_Reduce_scatter too.

   Contents, in order: the parts in irrcoll_impl/ of the repository, one folder per layer,
   each part using only what the parts before it define (make check compiles every prefix).
   Pure layer (no MPI; IRRCOLL_NO_MPI keeps only this):
     base/config.h      options, standard headers, linkage
     base/status.h      irr_status codes and irr_status_name(); 64-bit overflow-checked helpers
     base/math.h        saturating range sums, a square root without <math.h>
     base/hash.h        FNV-1a hashing, for the keys of what the MPI layer keeps across calls
     ir/sched.h         schedules (irr_sched, irr_op), builder helpers, schedule sets
     ir/match.h         matching sends with receives (the checker's and the model's)
     ir/cost.h          irr_sched_cost(): alpha-beta single-ported cost model
     ir/maxplus.h       the model's time of round-by-round programs without building them
     ir/registry.h      collectives, algorithms, restrictions; the IRRCOLL_ALG grammar
     ir/check.h         irr_sched_check(): symbolic checker on block labels
     algo/common/       Träff's ordered-hypercube gather trees (hypercube.h, Lemmas 1-3);
                        Träff's circulant-graph broadcast schedules (circulant.h)
     algo/gatherv/      Gatherv and Scatterv: tree.h (Träff's tree, binomial), linear.h
                        (linear, direct)
     algo/allgatherv/   ring.h (pipelined, Eq. 2), mpich_ring.h (baseline), bruck.h,
                        recdoubling.h, neighbor.h, hier.h (node-aware), circulant.h; any.h
                        (ops of any, the closed-form ring/Bruck choice)
     algo/xv/           unknown receive sizes: common.h (markers), xgatherv.h, xscatterv.h
                        (and Scatterv's xtree), xallgatherv.h
     algo/inter/        intergroup Allgather(v): common.h, rootgather.h, exchange.h
                        (Algorithms 1 and 2)
     algo/alltoallv/    sizes.h (labels, the sizes phase), linear.h, bruck.h (and the hybrid)
     algo/reduce_scatter/  common.h (pieces, ranges, the delivery to owners), bruck.h
                        (reverse Bruck), halving.h (recursive halving in rank order), ring.h,
                        pairwise.h, balanced.h (equal pieces, then to the owners),
                        dominant.h (the largest block first, without its owner),
                        spread.h (Bruck on the blocks, the largest cut and spread)
     select/            each collective's automatic choice, the ops its programs need and the
                        programs of all ranks: gatherv.h (Gatherv, Scatterv, XGatherv,
                        XScatterv), allgatherv.h, xv.h (XAllgatherv, XAlltoallv),
                        alltoallv.h, reduce_scatter.h, inter.h; any.h (any collective: choose, build, estimate);
                        persist.h (persistent calls in the model)
     api/decl.h         the MPI entry points' declarations and contracts
   MPI layer (definitions only with IRRCOLL_IMPLEMENTATION):
     mpi/ctx.h          the per-communicator context (settings agreed at creation), errors
     mpi/cache.h        what a call keeps while its counts repeat; the CPU it reports, charges
     mpi/buf.h          datatype views of user buffers, staging of non-contiguous types
     mpi/args.h         user buffers as addresses, the one widening of counts and displacements
     mpi/exec.h, learn.h, rounds.h   the schedule executor: its state, pieces and datatypes;
                        learned receives; the rounds and the run
     mpi/tree.h         the distributed tree construction (Lemma 3) over MPI
     mpi/direct.h       the direct exchanges: messages straight between user buffers, no
                        program (Alltoallv, Gatherv and Scatterv at small p)
     mpi/xcommon.h      the unknown-size entry points' common pieces (bound, layout, counts out)
     mpi/<collective>.h validate -> choose -> plan -> run of one collective: xscatterv.h,
                        rooted.h (Gatherv and Scatterv), inter.h, allgatherv.h, alltoallv.h,
                        reduce_scatter.h,
                        then after the requests xgatherv.h, xallgatherv.h, xalltoallv.h
     mpi/request.h      persistent and nonblocking requests and their progress; persist.h:
                        what init and the nonblocking calls add; greq.h: IRR_Request_mpi
     api/<collective>.h every form of one collective's entry points (blocking, _c,
                        persistent, nonblocking): gatherv, scatterv, allgatherv, inter
                        (Allgather and the groups), alltoallv, reduce_scatter, xgatherv, xscatterv,
                        xallgatherv, xalltoallv; comm.h (IRR_Comm_set_alg ...), request.h
                        (IRR_Start, IRR_Test, IRR_Wait ...)
     guide/             performance-guideline mock-ups GL1-GL22 (regular.h), the irregular
                        ones and their table (irregular.h), their common rules (common.h)
     base/license.h     the license, last

   Options (define before including)
     IRRCOLL_IMPLEMENTATION  emit the MPI layer's definitions in this translation unit
     IRRCOLL_STATIC          make the MPI layer's symbols static (private vendored copies)
     IRRCOLL_NO_MPI          pure layer only: no <mpi.h>, no IRR_* MPI entry points
     IRRCOLL_MALLOC(n), IRRCOLL_FREE(p)   allocator (both or neither)
     IRRCOLL_ASSERT(c)       internal invariants (default: assert, so off with NDEBUG)
     IRRCOLL_MAX_MSG         largest MPI message in bytes (default 2^30); larger ones are split
     IRRCOLL_SCRATCH_DEFAULT the mock-ups' scratch budget per communicator (default 64 MiB)
     IRRCOLL_TRACE(s)        test only: called with every program the executor runs
   Environment, read when irrcoll first sees a communicator; rank 0's values hold for all
   (they change who sends what to whom, so every rank must use the same):
     IRRCOLL_ALG      forced algorithms, "[coll:]alg,..." (registry.h), e.g.
                      "gatherv:linear,scatterv:binomial,allgatherv:ring" or "tree"
     IRRCOLL_ALPHA, IRRCOLL_BETA   the model's alpha (s) and beta (s/byte) for model-chosen
                      parameters (Allgatherv's algorithm and block size)
     IRRCOLL_CPU      the model's CPU constants for this host, as `make bench-cpu` prints
                      them: "msg=4.5e-8,type=1.9e-7,..." (keys msg, piece, op, type, size,
                      gamma; seconds), or "0" for the network alone
     IRRCOLL_PPN      ranks per node for Allgatherv (tests, simulators); else MPI is asked
     IRRCOLL_SCRATCH  the mock-ups' scratch budget in bytes
     IRRCOLL_CHECK    1: Allgatherv, Gatherv and Scatterv agree the arguments that must
                      agree (one small allreduce) before data moves (README)
   The interception library (pmpi/) also reads IRRCOLL_PROFILES and IRRCOLL_REPORT.

   What it does not do
     - no intercommunicator Gatherv/Scatterv (the native operation runs), no
       intercommunicator X or nonblocking variants, no persistent ones but Allgatherv_init
       (MPI_ERR_COMM)
     - no heterogeneous systems (packing assumes equal representations)
     - no thread safety beyond MPI_THREAD_MULTIPLE with different communicators per thread

   License: MIT (see the end of this file). */
#ifndef IRRCOLL_H
#define IRRCOLL_H

#include "base/config.h"
#include "base/status.h"
#include "base/math.h"
#include "base/hash.h"
#include "ir/sched.h"
#include "ir/match.h"
#include "ir/cost.h"
#include "ir/maxplus.h"
#include "ir/registry.h"
#include "ir/check.h"
#include "algo/common/hypercube.h"
#include "algo/common/circulant.h"
#include "algo/gatherv/tree.h"
#include "algo/gatherv/linear.h"
#include "algo/allgatherv/ring.h"
#include "algo/allgatherv/mpich_ring.h"
#include "algo/allgatherv/bruck.h"
#include "algo/allgatherv/recdoubling.h"
#include "algo/allgatherv/neighbor.h"
#include "algo/allgatherv/hier.h"
#include "algo/allgatherv/circulant.h"
#include "algo/allgatherv/any.h"
#include "algo/xv/common.h"
#include "algo/xv/xgatherv.h"
#include "algo/xv/xscatterv.h"
#include "algo/xv/xallgatherv.h"
#include "algo/inter/common.h"
#include "algo/inter/rootgather.h"
#include "algo/inter/exchange.h"
#include "algo/alltoallv/sizes.h"
#include "algo/alltoallv/linear.h"
#include "algo/alltoallv/bruck.h"
#include "algo/reduce_scatter/common.h"
#include "algo/reduce_scatter/bruck.h"
#include "algo/reduce_scatter/halving.h"
#include "algo/reduce_scatter/ring.h"
#include "algo/reduce_scatter/pairwise.h"
#include "algo/reduce_scatter/balanced.h"
#include "algo/reduce_scatter/dominant.h"
#include "algo/reduce_scatter/spread.h"
#include "select/gatherv.h"
#include "select/allgatherv.h"
#include "select/xv.h"
#include "select/alltoallv.h"
#include "select/reduce_scatter.h"
#include "select/inter.h"
#include "select/any.h"
#include "select/persist.h"
#include "api/decl.h"

#ifdef __cplusplus
}
#endif
#endif /* IRRCOLL_H */

#if defined(IRRCOLL_IMPLEMENTATION) && !defined(IRRCOLL_NO_MPI) && !defined(IRRCOLL_IMPLEMENTATION_DONE)
#define IRRCOLL_IMPLEMENTATION_DONE
#include "mpi/ctx.h"
#include "mpi/cache.h"
#include "mpi/buf.h"
#include "mpi/args.h"
#include "mpi/exec.h"
#include "mpi/learn.h"
#include "mpi/rounds.h"
#include "mpi/tree.h"
#include "mpi/direct.h"
#include "mpi/xcommon.h"
#include "mpi/xscatterv.h"
#include "mpi/rooted.h"
#include "mpi/inter.h"
#include "mpi/allgatherv.h"
#include "mpi/alltoallv.h"
#include "mpi/reduce_scatter.h"
#include "mpi/request.h"
#include "mpi/persist.h"
#include "mpi/greq.h"
#include "mpi/xgatherv.h"
#include "mpi/xallgatherv.h"
#include "mpi/xalltoallv.h"
#include "api/comm.h"
#include "api/gatherv.h"
#include "api/scatterv.h"
#include "api/allgatherv.h"
#include "api/inter.h"
#include "api/alltoallv.h"
#include "api/reduce_scatter.h"
#include "api/xgatherv.h"
#include "api/xscatterv.h"
#include "api/xallgatherv.h"
#include "api/xalltoallv.h"
#include "api/request.h"
#include "guide/common.h"
#include "guide/regular.h"
#include "guide/irregular.h"
#endif

#include "base/license.h"
