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
   (mpi_exec.h, the only code that moves data, except NBX), the cost model and the symbolic
   checker. The registry names every collective and algorithm and holds one choose() per
   collective, a pure function of values equal on all ranks, so a test or the model builds
   exactly the program the MPI layer runs. Every entry point reads validate -> choose ->
   plan -> run.

   Contents, in order (each part is one concern; irrcoll_impl/ in the repository holds them)
     config.h       options, standard headers, linkage
     status.h       irr_status codes and irr_status_name(); 64-bit overflow-checked helpers
     sched.h        schedules (irr_sched, irr_op), builder helpers, schedule sets, matching
     cost.h         irr_sched_cost(): alpha-beta single-ported cost model
     registry.h     collectives, algorithms, restrictions; the IRRCOLL_ALG grammar; the
                    choose() of every collective whose rule needs no estimate
     check.h        irr_sched_check(): symbolic checker on block labels
     tree.h         Träff's ordered-hypercube gather trees (Lemmas 1-3)
     gatherv.h      Gatherv/Scatterv schedules: tree, linear, binomial, direct
     allgatherv.h   Allgatherv schedules: pipelined ring (Eq. 2), Bruck, recursive doubling
     xv.h           unknown receive sizes: XGatherv, XScatterv, XAllgatherv plans, markers
     inter.h        intergroup Allgather(v): segmentation plans, Algorithms 1 and 2, root gathering
     registry_build.h  Allgatherv's choose(); any collective's programs and model estimate
     mpi_api.h      the MPI entry points' declarations and contracts
   the MPI layer's definitions (only with IRRCOLL_IMPLEMENTATION):
     mpi_ctx.h      the per-communicator context (settings agreed at creation), errors,
                    IRR_Comm_set_alg / IRR_Comm_get_alg / IRR_Comm_set_model
     mpi_buf.h      datatype views of user buffers, staging of non-contiguous types
     mpi_args.h     user buffers as addresses, the one widening of counts and displacements
     mpi_exec.h     the schedule executor
     mpi_tree.h     the distributed tree construction (Lemma 3) over MPI
     mpi_gatherv.h  IRR_Gatherv, IRR_Scatterv and their _c variants
     mpi_inter.h    IRR_Allgather, IRR_Allgather(v)_groups, intercommunicator Allgather(v)
     mpi_allgatherv.h  IRR_Allgatherv, IRR_Allgatherv_c
     mpi_request.h  persistent IRR_Gatherv_init / Scatterv_init / Allgatherv_init (intergroup
                    too), nonblocking IRR_Igatherv / Iscatterv / Iallgatherv, their requests,
                    IRR_Request_mpi (IRR_Ixgatherv: mpi_xgatherv.h)
     mpi_xcommon.h  the unknown-size entry points' common pieces (bound, layout, counts out)
     mpi_xgatherv.h IRR_XGatherv, IRR_Ixgatherv
     mpi_xscatterv.h IRR_XScatterv
     mpi_xallgatherv.h IRR_XAllgatherv
     mpi_xalltoallv.h IRR_XAlltoallv (the sparse exchange NBX, or counts + Alltoallv)
     mpi_guide.h    performance-guideline mock-ups GL1-GL22 and the irregular ones, their table

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

#include "config.h"
#include "status.h"
#include "sched.h"
#include "cost.h"
#include "registry.h"
#include "check.h"
#include "tree.h"
#include "gatherv.h"
#include "allgatherv.h"
#include "circulant.h"
#include "xv.h"
#include "inter.h"
#include "alltoallv.h"
#include "registry_build.h"
#include "mpi_api.h"

#ifndef IRRCOLL_NO_MPI
/* Persistent irregular collectives (MPI-4 semantics; mpi_request.h). Counts, buffers, types
   and root are fixed at init; init is a blocking collective (like MPI_Comm_dup: it builds the
   schedule once, Gatherv's tree included, and duplicates a communicator for the request), and
   must be called in the same order as the other collectives on comm. IRR_Start begins one
   run (its first round posted); IRR_Test/IRR_Wait/IRR_Waitall complete it (the request
   stays allocated: start it again, or IRR_Request_free it once inactive; freeing or
   starting an active request is MPI_ERR_REQUEST). A local argument error or a sender/receiver count mismatch is returned
   (and raised on comm) by the Test/Wait that completes the run, with the class the blocking
   call would return; init itself fails only on errors every rank sees (communicator, root)
   or on resources. Progress happens only inside irrcoll's Start/Test/Wait
   calls (as libNBC): each progresses every started request on the same communicator, so
   several requests on one communicator may be completed in any order; requests on
   different communicators progress only in their own Test/Wait (IRR_Waitall progresses all
   it is given), and blocking calls (irrcoll's or MPI's) progress none. Free every request
   before its communicator. Intercommunicators: IRR_Allgatherv_init only (the intergroup
   algorithm of IRR_Allgatherv: init runs its size agreement and check, so an argument error
   anywhere fails init on every rank, MPI_ERR_TRUNCATE where the arguments were good; a
   start runs the data phase alone); the others MPI_ERR_COMM. info is ignored. */
typedef struct irr_request_s *IRR_Request;
#define IRR_REQUEST_NULL ((IRR_Request)0)
IRR_DECL int IRR_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                              MPI_Comm comm, MPI_Info info, IRR_Request *request);
IRR_DECL int IRR_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                               MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                               int root, MPI_Comm comm, MPI_Info info, IRR_Request *request);
IRR_DECL int IRR_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                 MPI_Comm comm, MPI_Info info, IRR_Request *request);
/* Alltoallv (mpi_request.h says what init agrees and how Ialltoallv plans) */
#define IRR_HAVE_ALLTOALLV_INIT 1
#define IRR_HAVE_ALLTOALLV_NB 1
IRR_DECL int IRR_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                                void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, IRR_Request *request);
IRR_DECL int IRR_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, IRR_Request *request);
IRR_DECL int IRR_Start(IRR_Request *request);
IRR_DECL int IRR_Startall(int count, IRR_Request requests[]);
/* status (or MPI_STATUS_IGNORE): MPI_ERROR gets the run's error code, count 0 */
IRR_DECL int IRR_Test(IRR_Request *request, int *flag, MPI_Status *status);
IRR_DECL int IRR_Wait(IRR_Request *request, MPI_Status *status);
/* MPI_ERR_IN_STATUS if some run failed and statuses is not MPI_STATUSES_IGNORE */
IRR_DECL int IRR_Waitall(int count, IRR_Request requests[], MPI_Status statuses[]);
IRR_DECL int IRR_Request_free(IRR_Request *request);
/* Nonblocking MPI_Igatherv / MPI_Iscatterv / MPI_Iallgatherv: the same requests, completed by
   IRR_Test / IRR_Wait / IRR_Waitall (which set the handle to IRR_REQUEST_NULL; IRR_Start
   refuses them), with the same progress rule. Planned without communicating: Gatherv and
   Scatterv always run "direct" (one message per rank; Gatherv's carry their sizes ahead of
   their data, Scatterv's receivers probe them as they come); Allgatherv the blocking
   call's choice. The first irrcoll call on a communicator
   makes its context (a collective MPI_Comm_dup): on a new communicator it blocks. */
IRR_DECL int IRR_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                          MPI_Comm comm, IRR_Request *request);
IRR_DECL int IRR_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                           MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                           int root, MPI_Comm comm, IRR_Request *request);
IRR_DECL int IRR_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                             IRR_Request *request);
/* Nonblocking IRR_XGatherv: its arguments and errors (mpi_api.h), plus the request. recvcounts
   (and consecutive displs) are written at the root when the request completes; until then
   the arrays and buffers must stay untouched. Known sizes (recvcounts[0] is not
   IRR_SIZE_UNKNOWN): IRR_Igatherv after the root's checks. Unknown sizes: "direct" on any
   number of ranks (planned without communicating), every rank's block to the root in one
   message; the root takes them in rank order as they come (probed within IRR_Test/Wait). */
/* An MPI request for a started irrcoll request (a nonblocking call's, or a started persistent
   one), completed by the user's own MPI_Wait / MPI_Test / MPI_Waitall (etc.), e.g. in one
   MPI_Waitall with native requests: each of those calls advances irrcoll's running requests
   on its communicator as IRR_Test does. Until it completes, the irrcoll request is the MPI
   request's (IRR_Test/Wait/Start/Request_free on it: MPI_ERR_REQUEST); a nonblocking call's
   handle is set to IRR_REQUEST_NULL at once (freed with the MPI request), a persistent one
   is inactive again afterwards (start it, hand it out again). The run's error is raised on
   comm once (as by IRR_Wait) and returned by MPI_Wait/MPI_Test; MPICH then also raises it
   on MPI_COMM_WORLD's handler (fatal by default: set MPI_ERRORS_RETURN there to get it
   back), and MPI_Waitall's statuses carry it wrapped as MPI_ERR_OTHER (MPICH 4.0.2).
   MPI_Cancel has no effect. Each MPI completion call on a handed-out request advances all
   handed-out requests of the process (not thread-safe: one thread at a time). Needs MPICH's MPIX_Grequest_start (MPICH >= 3 and its
   derivatives: IRRCOLL_HAVE_REQUEST_MPI is 1; define IRRCOLL_NO_GREQUEST to opt out);
   elsewhere MPI_ERR_UNSUPPORTED_OPERATION. */
#if !defined(IRRCOLL_HAVE_REQUEST_MPI)
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION >= 30000000 && !defined(IRRCOLL_NO_GREQUEST)
#define IRRCOLL_HAVE_REQUEST_MPI 1
#else
#define IRRCOLL_HAVE_REQUEST_MPI 0
#endif
#endif
IRR_DECL int IRR_Request_mpi(IRR_Request *request, MPI_Request *out);
IRR_DECL int IRR_Ixgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype, int root,
                           MPI_Comm comm, IRR_Request *request);
#endif

#ifdef __cplusplus
}
#endif
#endif /* IRRCOLL_H */

#if defined(IRRCOLL_IMPLEMENTATION) && !defined(IRRCOLL_NO_MPI) && !defined(IRRCOLL_IMPLEMENTATION_DONE)
#define IRRCOLL_IMPLEMENTATION_DONE
#include "mpi_ctx.h"
#include "mpi_buf.h"
#include "mpi_args.h"
#include "mpi_exec.h"
#include "mpi_tree.h"
#include "mpi_gatherv.h"
#include "mpi_inter.h"
#include "mpi_allgatherv.h"
#include "mpi_alltoallv.h"
#include "mpi_request.h"
#include "mpi_xcommon.h"
#include "mpi_xgatherv.h"
#include "mpi_xscatterv.h"
#include "mpi_xallgatherv.h"
#include "mpi_xalltoallv.h"
#include "mpi_guide.h"
#endif

#include "license.h"
