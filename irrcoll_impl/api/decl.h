/* MPI layer: public declarations (whenever MPI is available).

   Entry points take exactly the arguments of their MPI counterparts and return MPI error
   codes. Conventions (DESIGN.md §5):
   - Internal messages travel on a private duplicate of comm, made at the first call on comm
     (collective) and freed with comm; every call uses its own tags, so a message left over
     by an erroneous call can never match a later one.
   - Any committed datatype. Contiguous types are sent and received in place; other types
     are packed once into scratch (homogeneous systems: packed data = bytes in type order).
   - Errors irrcoll detects (negative count, bad root, NULL arrays at the root, bad buffers,
     sender/root size mismatch) go once through MPI_Comm_call_errhandler(comm) and are
     returned with their MPI error class; errors of MPI calls are passed on unchanged. A rank
     with bad arguments still takes its part in the communication with an empty block, so
     the other ranks complete and the communicator stays usable.
   - Intercommunicators are forwarded to the native operation.
   - Algorithm choice: automatic (the linear-time tree; "direct" on at most 64 ranks), or
     forced per communicator with
     IRR_Comm_set_alg or the environment variable IRRCOLL_ALG (read when irrcoll first sees
     a communicator), e.g. IRRCOLL_ALG=gatherv:linear,scatterv:binomial or IRRCOLL_ALG=tree.
     All ranks must force the same algorithm. */

#ifndef IRRCOLL_NO_MPI

/* MPI_Gatherv. Algorithm (auto): on more than IRR_V_DIRECT_MAXP (64) ranks Träff's
   linear-time tree, where the root receives every subtree straight into recvbuf, with
   graceful degradation (seed 000, Section 3): a subtree holding more than
   IRR_DEGRADE_K * alpha / beta bytes (30 KB with the default model; IRR_Comm_set_model,
   IRRCOLL_ALPHA/BETA change it) sends straight to the root, so large blocks travel once
   and no subtree waits on another (Lemma 2's penalty). On fewer ranks "direct": one
   message per rank (two above 512 KiB) whose size rides ahead of its data, all receives
   posted at once as in MPI's linear Gatherv (the tree's construction does not pay there).
   Scratch: an inner rank holds its subtree's data; the root none (contiguous recvtype) or
   the packed total (other recvtypes). A sender/root size mismatch is MPI_ERR_TRUNCATE at
   the root: the whole subtree holding the sender is left unwritten or truncated to the
   root's expectation, never written past recvcounts; but a shorter block is accepted as
   MPICH does (README, without IRRCOLL_CHECK): the tree's root then reads the senders' sizes
   from the sizes window (made at the first tree Gatherv on a communicator). */
IRR_DECL int IRR_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm);

/* MPI_Scatterv. Algorithm (auto): "direct" on at most 64 ranks; above, XScatterv's tree
   (xtree): the root alone builds it from its counts, degraded gracefully as Gatherv's but
   at IRR_DEGRADE_K_SCATTER * alpha / beta bytes (7.5 KB with the default model), and every
   message carries its range and sizes (8 bytes per block), so no
   construction round is needed. A block larger than its receiver's count is
   MPI_ERR_TRUNCATE at that receiver, its block unwritten (as MPI: the receivers report
   it); the root reports it too only with the forced "tree" or "binomial", which learn the
   receivers' sizes while they are built. A smaller, nonempty one is accepted as MPICH does
   (README), but by those two and with IRRCOLL_CHECK. */
IRR_DECL int IRR_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);

#if MPI_VERSION >= 4
/* The MPI-4 large-count variants (MPI_Count counts, MPI_Aint displacements), same
   algorithms. Only with an MPI-4 library (e.g. MPICH >= 4; not SimGrid SMPI 3.32). */
IRR_DECL int IRR_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                           int root, MPI_Comm comm);
IRR_DECL int IRR_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                            MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm);
#endif

/* MPI_Allgatherv (seed 004). All ranks know every size, so each picks, without
   communicating, the algorithm with the least model time over its real programs among the
   pipelined ring (blocks of B bytes, B from Eq. (2); the plain linear ring for regular data;
   a broadcast pipeline when one rank has all the data; zero-size ranks spread evenly around
   the ring; on clusters of multi-rank nodes, ranked so that one link enters and one leaves
   every node), Bruck's algorithm (ceil(log2 p) rounds), recursive doubling (2^k ranks),
   neighbor exchange (p even) and Träff's circulant schedule (n pieces per block, n - 1 +
   ceil(log2 p) rounds, one message per rank and round); on SMP nodes by SMPI's figures among
   the ring, Bruck (or recursive doubling with 2^k ranks), the node-aware hier and neighbor
   exchange (the circulant schedule there only when forced): irr_allgatherv_choose
   (select/allgatherv.h). Force with
   IRRCOLL_ALG=allgatherv:ring|bruck|recdoubling|hier|neighbor|circulant or
   IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, IRR_ALG_RING). The model's alpha (s) and beta
   (s/byte) come from IRRCOLL_ALPHA / IRRCOLL_BETA or IRR_Comm_set_model (defaults 1.5e-6,
   1e-10). The first ring call on a communicator learns the node layout
   (MPI_Comm_split_type; collective). Scratch: none for the ring with contiguous types (the
   packed receive buffer otherwise); Bruck: the total. recvcounts must be the same on all
   ranks, as MPI requires (a difference is not detected; IRRCOLL_CHECK=1 agrees them). A
   rank whose own block is larger than recvcounts[rank] (MPI_ERR_TRUNCATE) or is unusable
   takes part without data: its successors see short messages and fail with
   MPI_ERR_TRUNCATE, nothing hangs; a shorter one is sent at recvcounts[rank]'s size, zeros
   after its data (as MPICH accepts it; IRRCOLL_CHECK=1 reports it). A rank whose
   recvcounts or recvtype give no sizes reads them from their owners (a window).
   Intercommunicators: the intergroup algorithm below. */
IRR_DECL int IRR_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
#if MPI_VERSION >= 4
/* The MPI-4 large-count variant: MPI_Count counts, MPI_Aint displacements (also on
   intercommunicators). */
IRR_DECL int IRR_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                              MPI_Comm comm);
#endif

/* MPI_Alltoallv with known sizes (algo/alltoallv/). Every rank knows only its own counts.
   Up to 47 ranks with the default model (irr_alltoallv_direct_pays: from p and the model alone, no message)
   the call is the direct exchange: every ordered pair one message, empty ones too, straight
   between the user's buffers in their own datatypes, as MPI's own basic linear algorithm;
   a sizes phase would cost more there than the Bruck algorithm it enables could save. Above
   that a sizes phase comes first: ceil(log2 p) rounds to rank + 2^k, each one message carrying
   IRR_A2A_NSTAT (106) words of statistics, combined by maximum on the way (a dissemination
   allreduce), and the sizes of the blocks the rank will forward (Bruck's sizes, Fan et al.
   HPDC 2022). Every rank then has the same statistics, knows whether some rank's arguments
   are bad, and knows the size each sender declares for its block. The model's least
   estimate (irr_alltoallv_choose_t; alpha, beta as Allgatherv's; on SMP nodes a node's NIC
   carries its ranks' off-node bytes) picks among the non-uniform Bruck algorithm for blocks
   below irr_alltoallv_direct_min bytes with the others sent straight after its rounds, plain
   Bruck (every block forwarded: ceil(log2 p) rounds, one message per round; scratch: the
   blocks a rank forwards), and the linear exchange (every nonempty block straight to its
   destination; empty ones send nothing). Force with IRRCOLL_ALG=alltoallv:bruck|linear|direct
   (bruck: the cheaper of the two Bruck forms) or IRR_Comm_set_alg(comm, IRR_COLL_ALLTOALLV,
   ...). MPI_IN_PLACE: the receive blocks are copied first (scratch: their total). Bad
   arguments on a rank (negative counts, NULL buffers with data, NULL or uncommitted types,
   MPI_IN_PLACE as recvbuf): that rank gets its class, every other MPI_ERR_ARG, nobody hangs;
   after a sizes phase no data moves, in the direct exchange the others' blocks arrive and
   the bad rank's block is untouched. A block larger than its receive count: MPI_ERR_TRUNCATE
   at the receiver, that block untouched (the direct exchange probes each message's size
   before it posts the receive; under SMPI, MPI's own truncation); smaller: written
   at the start of the block and accepted, as MPICH and Open MPI do. Intercommunicators and
   p > 46340: MPI_Alltoallv. A blocking call after a sizes phase whose counts are every
   rank's counts of the previous such call (the phase agrees it) reuses that call's choice
   and program: no statistics, choice or program (IRR_Comm_get_last_call: repeat). */
#define IRR_HAVE_ALLTOALLV 1
IRR_DECL int IRR_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm);
#if MPI_VERSION >= 4
IRR_DECL int IRR_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                             MPI_Datatype recvtype, MPI_Comm comm);
#endif

/* MPI_Reduce_scatter with irregular counts (algo/reduce_scatter/): rank i gets recvcounts[i]
   elements of the vector reduced over all ranks. The choice (select/reduce_scatter.h) is the
   model's least estimate among: balanced (the vector cut into equal pieces whatever the
   counts, reduce-scattered by reverse Bruck, or by recursive halving in rank order for
   non-commutative operations, then each piece to the owners of the blocks it overlaps: one
   dominant block costs about what the same volume spread evenly does), dominant (the
   largest block reduce-scattered first, by all ranks, then sent to its owner while the
   others reduce-scatter the rest without it: for one block of about half the vector or
   more, from a few KiB a rank), bruck (reverse Bruck on the rank blocks), halving (MPICH's
   recursive halving, in rank order), ring (Open MPI's) and pairwise (MPICH's); the last
   two, bruck and dominant only for commutative operations. Force with
   IRRCOLL_ALG=reduce_scatter:NAME or IRR_Comm_set_alg(comm, IRR_COLL_REDUCE_SCATTER, ...).
   guarded (the interception library's default for MPI_Reduce_scatter and _block; blocking
   calls): the choice where the model puts it IRR_RS_GUARD_GAIN (1.25) times ahead of the
   best of the libraries' own algorithms (halving, ring, pairwise), else MPI's own call.
   Predefined and user operations, any datatype (one that is not dense bytes is copied into
   scratch in its extent layout; one whose data lies outside its extent goes to MPI's own),
   MPI_IN_PLACE (the input is copied out of recvbuf first). Scratch: about 1.5 times the
   vector's bytes, twice where halving folds ranks. Counts, type or op that are bad (every
   rank sees them alike: MPI requires them equal): the error class on every rank, no message.
   A bad buffer on one rank (NULL with data, MPI_IN_PLACE as recvbuf): MPI_ERR_BUFFER there;
   its messages carry nothing, and the ranks they reach return MPI_ERR_TRUNCATE.
   Intercommunicators: MPI's own. _block: every block recvcount elements. */
#define IRR_HAVE_REDUCE_SCATTER 1
IRR_DECL int IRR_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm);
IRR_DECL int IRR_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                      MPI_Op op, MPI_Comm comm);
#if MPI_VERSION >= 4
IRR_DECL int IRR_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                                  MPI_Op op, MPI_Comm comm);
IRR_DECL int IRR_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm);
#endif

/* ---- intergroup Allgather / Allgatherv (seed 001) ----

   On an intercommunicator, IRR_Allgather and IRR_Allgatherv give every rank of each group
   the blocks of all ranks of the other group, as MPI does; recvcounts/displs (recvcount)
   describe the remote group. The data of each group, seen as one array of bytes in rank
   order, is cut into one segment per rank of the other group (floor/ceil of the total:
   Algorithm 2; segmentation is by packed bytes, so any datatype works and a segment may
   end inside an element), exchanged in one step, and each group gathers the segments it
   received with irrcoll's Allgatherv (ring or Bruck). Bandwidth: within max(block) of the
   lower bound max(K_A, K_B) beta, where MPI libraries' root gathering needs about
   max + 3 (K_A + K_B). IRRCOLL_ALG=inter:segment|subgroup|rootgather (or
   IRR_Comm_set_alg(comm, IRR_COLL_INTER_ALLGATHERV, ...)) forces Algorithm 2, Algorithm 1
   (whole blocks to subgroups) or the root-gathering baseline, run as a schedule. The first
   call merges the intercommunicator once (MPI_Intercomm_merge, collective; freed with it).
   The first call also takes rank 0's (of the merged communicator) forced algorithm and
   model, as an intracommunicator's context does when it is made. Every call checks, with
   one Allreduce in each group and one exchange between the group roots, that both groups
   agree on all sizes (in bytes: counts of any types of one signature, an empty one too),
   that nobody has bad arguments or failed to build its program, and on the algorithm and
   model; otherwise no data moves: the rank at fault returns its error, the others
   MPI_ERR_TRUNCATE (differing settings: MPI_ERR_ARG everywhere). MPI_IN_PLACE is not
   allowed (MPI_ERR_ARG), as in MPI. Scratch: none with contiguous types (the packed
   receive buffer otherwise; root gathering: the group's data at roots). On an
   intracommunicator IRR_Allgather is MPI_Allgather, except that an empty signature
   (recvcount x recvtype's size 0) returns at once without communicating. */
IRR_DECL int IRR_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm);

/* The same intergroup operations on two groups inside one intracommunicator comm (no
   intercommunicator needed; SimGrid SMPI has none): group (0 or 1) says which group this
   rank is in; group 0 is "A", group 1 "B", each in comm's rank order, and recvcounts/displs
   index the other group's ranks. Collective over comm. A group flag other than 0/1 or an
   empty group: MPI_ERR_ARG on every rank. Each call gathers the flags (one int per rank)
   and splits comm again only when they changed. */
IRR_DECL int IRR_Allgather_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                  MPI_Datatype recvtype, int group, MPI_Comm comm);
IRR_DECL int IRR_Allgatherv_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, int group,
                                   MPI_Comm comm);
#if MPI_VERSION >= 4
/* The MPI-4 large-count variants (MPI_Count counts, MPI_Aint displacements): the same
   operations on the same body, counts widened by the one overflow-checked widening; on an
   intercommunicator IRR_Allgatherv_c takes this path too, on an intracommunicator
   IRR_Allgather_c is MPI_Allgather_c (empty signatures as above). Only with an MPI-4 library
   (not Open MPI 4.1 or SimGrid SMPI 3.32). */
IRR_DECL int IRR_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
IRR_DECL int IRR_Allgather_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    MPI_Count recvcount, MPI_Datatype recvtype, int group, MPI_Comm comm);
IRR_DECL int IRR_Allgatherv_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                     int group, MPI_Comm comm);
#endif

/* The alpha (seconds per message) and beta (seconds per byte) irrcoll's model-chosen
   parameters use on comm (Allgatherv's block size and algorithm). Every rank must set the
   same. MPI_ERR_ARG unless both are positive. */
IRR_DECL int IRR_Comm_set_model(MPI_Comm comm, double alpha, double beta);

/* What the last irrcoll call on comm did (the interception library's IRRCOLL_REPORT, tests):
   its collective and the algorithm it ran (IRR_ALG_COUNT: it handed the call to MPI's own
   implementation, e.g. an intercommunicator Alltoallv), the algorithm's parameter (ring:
   block size, circulant: pieces per block), the seconds it spent before its first message
   (validate, choose, plan, by IRRCOLL_CLOCK: MPI_Wtime unless defined), the model's CPU term
   for the whole call (choice, program, messages; the model's cpu_* constants), and whether
   its counts repeated the previous call's, so that its choice and program were kept.
   MPI_ERR_COMM if irrcoll has made no call on comm. */
typedef struct irr_call_info {
  irr_coll coll;
  irr_alg alg;
  int64_t param;
  double plan_s;
  double cpu_model_s;
  int repeat;
} irr_call_info;
IRR_DECL int IRR_Comm_get_last_call(MPI_Comm comm, irr_call_info *info);

/* ---- v-collectives whose receive sizes are unknown (MPI Forum proposal, seed 003) ----

   Markers (algo/xv/common.h): IRR_SIZE_UNKNOWN in recvcounts[0] (XScatterv: *recvcount) says the
   receivers do not know their counts; recvcounts is then output. IRR_DISPL_CONSECUTIVE in
   displs[0] places the blocks one after the other in rank order, from the start of the
   buffer; displs is then output. All four combinations work. Without IRR_SIZE_UNKNOWN the
   call is its known-size operation (counts as MPI gives them), with the bound checked.

   recv_max_count bounds the receive buffer: it holds recv_max_count elements of recvtype
   (element i at recvbuf + i * extent); no block is written outside [0, recv_max_count).
   A block that would not fit (consecutive: the total exceeds it; explicit displacements: a
   block reaches past it or starts below 0) makes the call fail with MPI_ERR_TRUNCATE at that
   receiver; the other ranks are not affected, the communicator stays usable, and the counts
   (and consecutive displacements) are still returned, so the caller can size a buffer and
   call again. The receive buffer's contents are then undefined inside the bound. A sender's
   block that is not a whole number of recvtype elements is MPI_ERR_TYPE.

   Every rank must make the same choice of known/unknown sizes (as all ranks must give the
   same root); where a marker is given "everywhere" below, ranks that do not read an array
   may pass a single int. A NULL recvcounts (XScatterv: recvcount) is MPI_ERR_ARG before any
   communication, so pass it alike on all ranks. MPI_IN_PLACE: only XScatterv's root, and the
   known-size XGatherv/XAllgatherv (elsewhere the own count would be unknown, or, for
   XAlltoallv, it is not supported): MPI_ERR_ARG. Intracommunicators only (MPI_ERR_COMM).
   With unknown sizes each message is at most 2^31-1 bytes. */

/* XGatherv. recvcounts[0] is read on every rank (non-roots: a single int will do, nothing is
   written there); recvcounts[0..p-1] and displs[0..p-1] are the root's, as above.
   Unknown sizes: on more than 32 ranks the linear-time tree of IRR_Gatherv, whose data
   messages carry the sizes of the blocks they hold (8 bytes per rank of the subtree): same
   rounds and messages as the known-size tree, no count gather first. On fewer, every rank
   sends straight to the root, which probes all sizes, then receives in place. The root
   receives in place when the layout is consecutive and recvtype contiguous; otherwise into
   scratch of the total size, then places the blocks. */
IRR_DECL int IRR_XGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                          int root, MPI_Comm comm);

/* XScatterv. *recvcount is read on every rank: IRR_SIZE_UNKNOWN, or the known count; with
   unknown sizes every receiver gets its count there (the root too, unless MPI_IN_PLACE).
   recvbuf holds at most recv_max_count elements. At the root, displs[0] may be
   IRR_DISPL_CONSECUTIVE: the blocks lie one after the other in sendbuf, and displs[] is
   filled in. Unknown sizes: the root builds Träff's tree on the sizes (+8 bytes each) and
   sends each child its range with the sizes; each rank forwards likewise (direct sends on
   at most 32 ranks). Every rank receives exactly one message, probed; an inner rank holds
   its range in scratch. */
IRR_DECL int IRR_XScatterv(const void *sendbuf, const int sendcounts[], int displs[], MPI_Datatype sendtype,
                           void *recvbuf, int recv_max_count, int *recvcount, MPI_Datatype recvtype,
                           int root, MPI_Comm comm);

/* XAllgatherv. recvcounts and displs are every rank's (p entries). Unknown sizes: Bruck's
   ceil(log2 p) rounds with the sizes in every message; blocks above irr_xallgatherv_eager()
   bytes travel there only as sizes and then by irrcoll's known-size Allgatherv (ring or
   Bruck) of just those blocks.
   Scratch: the small blocks (at most p * eager bytes). Known sizes: MPI_Allgatherv. */
IRR_DECL int IRR_XAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                             MPI_Comm comm);

/* XAlltoallv. recvcounts/rdispls as XAllgatherv's; sdispls[0] may be IRR_DISPL_CONSECUTIVE
   too (read only). Unknown sizes, automatic choice (one MPI_Allreduce of the largest number
   of partners a rank sends to, maxdeg): sparse when 2*maxdeg <= p - 1 + ceil(log2 p)
   (irr_xalltoallv_choose): synchronous sends to the partners, probed receives, a
   nonblocking barrier (cost grows with the partners and log p, not with p); else the count
   exchange (MPI_Alltoall) + MPI_Alltoallv. Force with IRRCOLL_ALG=xalltoallv:sparse or
   xalltoallv:dense, or IRR_Comm_set_alg(comm, IRR_COLL_XALLTOALLV, IRR_ALG_SPARSE); forcing
   skips the Allreduce. Sparse with consecutive displacements keeps each arrival in scratch
   until the layout is known. Known sizes: MPI_Alltoallv. */
IRR_DECL int IRR_XAlltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, int recv_max_count, int recvcounts[], int rdispls[],
                            MPI_Datatype recvtype, MPI_Comm comm);

#if MPI_VERSION >= 4
/* The MPI-4 large-count variants of the four: every count (sendcount, sendcounts,
   recv_max_count, recvcounts, *recvcount) MPI_Count, every displacement MPI_Aint; the markers
   keep their values in those arrays, and counts and consecutive displacements come back in
   them whole. Same algorithms (one body each with the int entry points, which return
   MPI_ERR_COUNT where a returned count or displacement would not fit in an int). Known sizes
   go by IRR_Gatherv_c / IRR_Scatterv_c / IRR_Allgatherv_c's code and MPI_Alltoallv_c; with
   unknown sizes each message is still below 2^31 bytes. Only with an MPI-4 library. */
IRR_DECL int IRR_XGatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[], MPI_Datatype recvtype,
                            int root, MPI_Comm comm);
IRR_DECL int IRR_XScatterv_c(const void *sendbuf, const MPI_Count sendcounts[], MPI_Aint displs[], MPI_Datatype sendtype,
                             void *recvbuf, MPI_Count recv_max_count, MPI_Count *recvcount, MPI_Datatype recvtype,
                             int root, MPI_Comm comm);
IRR_DECL int IRR_XAllgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[],
                               MPI_Datatype recvtype, MPI_Comm comm);
IRR_DECL int IRR_XAlltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                              MPI_Datatype sendtype, void *recvbuf, MPI_Count recv_max_count, MPI_Count recvcounts[],
                              MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
#endif

/* Force coll's algorithm on comm (IRR_ALG_AUTO: automatic again). Every rank of comm must
   make the same choice. Collective if it is irrcoll's first call on comm (it makes the
   private duplicate), local afterwards. MPI_ERR_ARG for an unknown collective or algorithm. */
IRR_DECL int IRR_Comm_set_alg(MPI_Comm comm, irr_coll coll, irr_alg alg);
IRR_DECL int IRR_Comm_get_alg(MPI_Comm comm, irr_coll coll, irr_alg *alg);


/* ---- performance-guideline mock-ups (seed 002 GL1-GL22; seed 000 Section 4) ----

   Each is the collective on the left of a guideline, with its MPI signature, built from the
   operations on the right (guide/ says which cases fall back to the native operation
   and the scratch each needs; IRRCOLL_SCRATCH: the per-communicator budget in bytes,
   default 64 MiB). IRR_Guide_table lists them all by collective and PGMPITuneLib's name. */
typedef enum irr_gl_coll {
  IRR_GL_ALLGATHER, IRR_GL_ALLREDUCE, IRR_GL_ALLTOALL, IRR_GL_BCAST, IRR_GL_GATHER, IRR_GL_REDUCE,
  IRR_GL_REDUCE_SCATTER_BLOCK, IRR_GL_SCAN, IRR_GL_SCATTER, IRR_GL_GATHERV, IRR_GL_SCATTERV, IRR_GL_ALLGATHERV,
  IRR_GL_ALLTOALLV, IRR_GL_REDUCE_SCATTER, IRR_GL_NCOLL
} irr_gl_coll;
typedef void (*irr_gl_fn)(void); /* cast to the collective's own signature to call */
typedef struct irr_gl_entry {
  irr_gl_coll coll;
  const char *name;      /* e.g. "allgather_as_gather_bcast" */
  const char *guideline; /* "GL1" .. "GL22", "Traff17-1..3", "irrcoll" */
  irr_gl_fn fn;
} irr_gl_entry;
IRR_DECL const irr_gl_entry *IRR_Guide_table(int *n);
IRR_DECL const irr_gl_entry *IRR_Guide_find(irr_gl_coll coll, const char *name);
/* A collective's name: mpi 0: the key of IRRCOLL_ALG and irrtune ("allgather"), 1: MPI's
   ("MPI_Allgather"); NULL if coll is out of range. */
IRR_DECL const char *IRR_Guide_coll_name(irr_gl_coll coll, int mpi);
/* The mock-ups' signatures, one per collective shape; call a table entry as
   ((irr_gl_ag *)e->fn)(...). */
typedef int irr_gl_ag(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);  /* Allgather, Alltoall */
typedef int irr_gl_ar(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm); /* Allreduce, Reduce_scatter_block, Scan */
typedef int irr_gl_bc(void *, int, MPI_Datatype, int, MPI_Comm);                                     /* Bcast */
typedef int irr_gl_g(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);    /* Gather, Scatter */
typedef int irr_gl_r(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm);                /* Reduce */
typedef int irr_gl_gv(const void *, int, MPI_Datatype, void *, const int[], const int[], MPI_Datatype, int, MPI_Comm);
typedef int irr_gl_sv(const void *, const int[], const int[], MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
typedef int irr_gl_agv(const void *, int, MPI_Datatype, void *, const int[], const int[], MPI_Datatype, MPI_Comm);
typedef int irr_gl_a2av(const void *, const int[], const int[], MPI_Datatype, void *, const int[], const int[], MPI_Datatype,
                        MPI_Comm);
typedef int irr_gl_rs(const void *, void *, const int[], MPI_Datatype, MPI_Op, MPI_Comm); /* Reduce_scatter */
IRR_DECL irr_gl_ag IRR_Allgather_as_gather_bcast, IRR_Allgather_as_alltoall, IRR_Allgather_as_allreduce,
    IRR_Allgather_as_allgatherv, IRR_Alltoall_as_alltoallv;
IRR_DECL irr_gl_ar IRR_Allreduce_as_reduce_bcast, IRR_Allreduce_as_reducescatterblock_allgather,
    IRR_Allreduce_as_reducescatter_allgatherv, IRR_Reduce_scatter_block_as_reduce_scatter,
    IRR_Reduce_scatter_block_as_reducescatter, IRR_Reduce_scatter_block_as_allreduce, IRR_Scan_as_exscan_reducelocal;
IRR_DECL irr_gl_bc IRR_Bcast_as_allgatherv, IRR_Bcast_as_scatter_allgather;
IRR_DECL irr_gl_g IRR_Gather_as_allgather, IRR_Gather_as_gatherv, IRR_Gather_as_reduce, IRR_Scatter_as_bcast,
    IRR_Scatter_as_scatterv;
IRR_DECL irr_gl_r IRR_Reduce_as_allreduce, IRR_Reduce_as_reducescatterblock_gather, IRR_Reduce_as_reducescatter_gatherv;
IRR_DECL irr_gl_gv IRR_Gatherv_as_allreduce_gather, IRR_Gatherv_irr_auto, IRR_Gatherv_irr_tree, IRR_Gatherv_irr_binomial,
    IRR_Gatherv_irr_direct;
IRR_DECL irr_gl_sv IRR_Scatterv_as_bcast_scatter, IRR_Scatterv_irr_auto, IRR_Scatterv_irr_tree, IRR_Scatterv_irr_binomial,
    IRR_Scatterv_irr_direct, IRR_Scatterv_irr_xtree;
IRR_DECL irr_gl_agv IRR_Allgatherv_as_allreduce_allgather, IRR_Allgatherv_irr_auto, IRR_Allgatherv_irr_ring,
    IRR_Allgatherv_irr_bruck, IRR_Allgatherv_irr_recdoubling, IRR_Allgatherv_irr_hier, IRR_Allgatherv_irr_neighbor,
    IRR_Allgatherv_irr_circulant;
IRR_DECL irr_gl_a2av IRR_Alltoallv_irr_auto, IRR_Alltoallv_irr_bruck, IRR_Alltoallv_irr_linear, IRR_Alltoallv_irr_direct;
IRR_DECL irr_gl_rs IRR_Reduce_scatter_irr_auto, IRR_Reduce_scatter_irr_balanced, IRR_Reduce_scatter_irr_dominant,
    IRR_Reduce_scatter_irr_bruck, IRR_Reduce_scatter_irr_halving, IRR_Reduce_scatter_irr_ring,
    IRR_Reduce_scatter_irr_pairwise, IRR_Reduce_scatter_irr_guarded, IRR_Reduce_scatter_irr_spread;
IRR_DECL irr_gl_ar IRR_Reduce_scatter_block_irr_auto, IRR_Reduce_scatter_block_irr_guarded;
#endif /* IRRCOLL_NO_MPI */

#ifndef IRRCOLL_NO_MPI
/* Persistent irregular collectives (MPI-4 semantics; mpi/request.h, mpi/persist.h). Counts, buffers, types
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
/* Alltoallv (mpi/persist.h says what init agrees and how Ialltoallv plans) */
#define IRR_HAVE_ALLTOALLV_INIT 1
#define IRR_HAVE_ALLTOALLV_NB 1
IRR_DECL int IRR_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                                void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, IRR_Request *request);
IRR_DECL int IRR_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, IRR_Request *request);
/* Reduce_scatter: init plans once (no message; the agreement that every rank planned), a
   nonblocking call plans and starts at once; a bad buffer as in the blocking call */
#define IRR_HAVE_REDUCE_SCATTER_INIT 1
IRR_DECL int IRR_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                 MPI_Op op, MPI_Comm comm, IRR_Request *request);
IRR_DECL int IRR_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                       MPI_Op op, MPI_Comm comm, IRR_Request *request);
IRR_DECL int IRR_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request);
IRR_DECL int IRR_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                           MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request);
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
/* Nonblocking IRR_XGatherv: its arguments and errors (above), plus the request. recvcounts
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
