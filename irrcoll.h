/* irrcoll.h: generated from irrcoll_impl/ by tools/amalgamate.sh; do not edit. */
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

/* ==== begin base/config.h ==== */
/* Configuration: the user's IRRCOLL_* macros, standard headers, linkage. */

#if defined(IRRCOLL_MALLOC) != defined(IRRCOLL_FREE)
#error "irrcoll: define both IRRCOLL_MALLOC and IRRCOLL_FREE, or neither"
#endif
#if defined(IRRCOLL_PMPI) && defined(IRRCOLL_NO_MPI)
#error "irrcoll: IRRCOLL_PMPI needs MPI; it cannot be combined with IRRCOLL_NO_MPI"
#endif

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h> /* getenv */
#include <string.h>

#ifndef IRRCOLL_MALLOC
#include <stdlib.h>
#define IRRCOLL_MALLOC(n) malloc(n)
#define IRRCOLL_FREE(p) free(p)
#endif

#ifndef IRRCOLL_NO_MPI
#include <mpi.h> /* before extern "C": C++ users include it as C++ */
#endif

#ifndef IRRCOLL_ASSERT
#include <assert.h>
#define IRRCOLL_ASSERT(c) assert(c)
#endif

/* IRR_DEF prefixes MPI-layer definitions, IRR_DECL their declarations: with IRRCOLL_STATIC
   every symbol is static, so two vendored copies never clash at link time. */
#if defined(__GNUC__) || defined(__clang__)
#define IRR__UNUSED __attribute__((unused))
#else
#define IRR__UNUSED
#endif
#ifdef IRRCOLL_STATIC
#define IRR_DECL static IRR__UNUSED
#define IRR_DEF static IRR__UNUSED
#else
#define IRR_DECL extern
#define IRR_DEF
#endif

#define IRR_VERSION_MAJOR 0
#define IRR_VERSION_MINOR 1

#ifdef __cplusplus
extern "C" {
#endif
/* ==== end base/config.h ==== */
/* ==== begin base/status.h ==== */
/* Status codes of the pure layer: one X-macro list gives both the enum and the names.
   0 is success. The MPI layer maps them to MPI error classes. */

#define IRR__STATUS_LIST(X)                                                          \
  X(IRR_OK, "success")                                                               \
  X(IRR_ERR_ARG, "invalid argument")                                                 \
  X(IRR_ERR_COUNT, "negative count or size overflow")                                \
  X(IRR_ERR_ROOT, "root out of range")                                               \
  X(IRR_ERR_CAPACITY, "operation array too small for the schedule")                  \
  X(IRR_ERR_NOMEM, "out of memory")                                                  \
  X(IRR_ERR_ORDER, "operations not in round order")                                  \
  X(IRR_ERR_BOUNDS, "buffer or block range out of bounds")                           \
  X(IRR_ERR_UNMATCHED, "a send without matching receive, or a receive without send") \
  X(IRR_ERR_MISMATCH, "a matched send and receive disagree on the data")            \
  X(IRR_ERR_DEADLOCK, "the schedules deadlock")                                      \
  X(IRR_ERR_UNDEFINED, "data read before it was defined")                            \
  X(IRR_ERR_OVERWRITE, "data written twice or an input buffer written")             \
  X(IRR_ERR_RESULT, "final buffers differ from the specification")

#define IRR__STATUS_ENUM(name, text) name,
typedef enum irr_status { IRR__STATUS_LIST(IRR__STATUS_ENUM) IRR_STATUS_COUNT } irr_status;
#undef IRR__STATUS_ENUM

/* A short English description of a status code; never NULL. */
static inline const char *irr_status_name(irr_status s) {
#define IRR__STATUS_TEXT(name, text) text,
  static const char *const names[] = {IRR__STATUS_LIST(IRR__STATUS_TEXT)};
#undef IRR__STATUS_TEXT
  return (unsigned)s < (unsigned)IRR_STATUS_COUNT ? names[s] : "unknown irrcoll status";
}

/* 64-bit helpers: every size and sum is int64_t and overflow-checked. */
/* (GCC's and Clang's builtin where there is one: the add and its overflow flag, no branch on
   b's sign; the sizes' sums of Allgatherv's choice run through it a few times per rank.) */
#if defined(__has_builtin)
#if __has_builtin(__builtin_add_overflow)
#define IRR__ADD_OVERFLOW 1
#endif
#endif
static inline int irr__add_ok(int64_t a, int64_t b, int64_t *r) {
#ifdef IRR__ADD_OVERFLOW
  int64_t t;
  if (__builtin_add_overflow(a, b, &t)) return 0;
  *r = t;
#else
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return 0;
  *r = a + b;
#endif
  return 1;
}
static inline int irr__mul_ok(int64_t a, int64_t b, int64_t *r) {
  if (a < 0 || b < 0) return 0;
  if (((uint64_t)a | (uint64_t)b) >> 31 && a != 0 && b > INT64_MAX / a) return 0; /* both below 2^31: no division */
  *r = a * b;
  return 1;
}

static inline int64_t irr__sat_add(int64_t a, int64_t b) {
  int64_t r;
  return irr__add_ok(a, b, &r) ? r : INT64_MAX;
}
/* ==== end base/status.h ==== */
/* ==== begin base/math.h ==== */
/* Arithmetic of the pure layer: saturating sums of size ranges, a square root without
   <math.h> (users need no -lm). */

static inline int64_t irr__range_sum(const int64_t *m, int lo, int hi) {
  int64_t s = 0;
  for (; lo < hi; lo++) s = irr__sat_add(s, m[lo]);
  return s;
}

/* sqrt without <math.h> (so users need no -lm): Newton from the exponent halved (the bits'
   half, a guess within 6%: five steps reach the double's precision; a sixth for margin),
   within 2 ulp. Outside 1e-300 .. 1e300, scaled by 2^600 into that range first. */
static inline double irr__sqrt(double x) {
  double y;
  uint64_t b;
  int i;
  if (!(x > 0)) return 0;
  if (x < 1e-300) return irr__sqrt(x * 4.149515568880993e180) * 4.909093465297727e-91;        /* 2^600, 2^-300 */
  if (x > 1e300) return x > 1.7976931348623157e308 ? x : irr__sqrt(x * 2.409919865102884e-181) * 2.037035976334486e90;
  memcpy(&b, &x, sizeof b);
  b = (b >> 1) + ((uint64_t)1023 << 51);
  memcpy(&y, &b, sizeof y);
  for (i = 0; i < 6; i++) y = 0.5 * (y + x / y);
  return y;
}
/* ==== end base/math.h ==== */
/* ==== begin base/hash.h ==== */
/* Hashing: FNV-1a over 64-bit words, for the keys of what the MPI layer keeps across calls
   (a choice, its program): the same on every rank for the same values. Four lanes (words
   i mod 4), then the lanes and n: one multiply's latency a word was the chain's whole cost
   (0.83 ns a size at p = 256); four chains at once take about a quarter of it. */

static inline uint64_t irr__hash(const int64_t *m, int n) { /* FNV-1a over the sizes */
  uint64_t h[4] = {1469598103934665603ULL, 1469598103934665603ULL ^ 1, 1469598103934665603ULL ^ 2,
                   1469598103934665603ULL ^ 3},
           z = 1469598103934665603ULL;
  int i;
  for (i = 0; i + 3 < n; i += 4) {
    h[0] = (h[0] ^ (uint64_t)m[i]) * 1099511628211ULL, h[1] = (h[1] ^ (uint64_t)m[i + 1]) * 1099511628211ULL;
    h[2] = (h[2] ^ (uint64_t)m[i + 2]) * 1099511628211ULL, h[3] = (h[3] ^ (uint64_t)m[i + 3]) * 1099511628211ULL;
  }
  for (; i < n; i++) h[i & 3] = (h[i & 3] ^ (uint64_t)m[i]) * 1099511628211ULL;
  for (i = 0; i < 4; i++) z = (z ^ h[i]) * 1099511628211ULL;
  return (z ^ (uint64_t)n) * 1099511628211ULL;
}
/* ==== end base/hash.h ==== */
/* ==== begin ir/sched.h ==== */
/* Schedules: one rank's program of a collective, as data.

   A program is a sequence of rounds. A round is a set of sends, receives and local copies:
   all sends and receives of a round are posted together, the round's copies run after they
   complete, and round r+1 starts after round r. Ops are stored in round order.

   An op names the data it moves by *label*, not by pointer: the data of a collective is the
   sequence of per-rank blocks (block i has m_i units; units are bytes in the MPI layer). An op
   moves `len` units that start `skip` units into block `blo` and run on through the following
   blocks, ending in block bhi-1. Where the data lives:
     IRR_BUF_SEND, IRR_BUF_RECV  the user's buffers. Their layout is the collective's business:
                                 a "v" buffer holds every block at its displacement, a
                                 single-block buffer holds the rank's own block. The op gives
                                 only the label; the executor maps it to memory.
     IRR_BUF_TMP                 scratch of sched.tmp units; `off` is where the data starts.
     IRR_BUF_NONE                control message (no block data, e.g. tree construction):
                                 only `len` matters (cost model), labels are ignored.
   A copy reads (buf, off) and writes (dbuf, doff), the same labels.

   Because ops carry labels, one schedule serves three consumers: the MPI executor, the cost
   model (irr_sched_cost) and the symbolic checker (irr_sched_check). */

enum { IRR_OP_SEND = 1, IRR_OP_RECV = 2, IRR_OP_COPY = 3 };
enum { IRR_BUF_NONE = 0, IRR_BUF_SEND = 1, IRR_BUF_RECV = 2, IRR_BUF_TMP = 3 };

typedef struct irr_op {
  int64_t skip;       /* units into block blo where the data starts */
  int64_t len;        /* units moved */
  int64_t off;        /* TMP: offset of the data in scratch (source buffer of a copy) */
  int64_t doff;       /* COPY into TMP: offset in scratch */
  int32_t blo, bhi;   /* blocks touched: blo .. bhi-1 */
  int32_t peer;       /* SEND/RECV: the other rank; COPY: -1 */
  int32_t round;      /* rounds are numbered from 0, non-decreasing within a schedule */
  unsigned char kind; /* IRR_OP_* */
  unsigned char buf;  /* IRR_BUF_*: read by SEND/COPY, written by RECV */
  unsigned char dbuf; /* COPY: destination buffer */
  uint16_t flags;     /* IRR_OPF_* */
} irr_op;

/* RECV: the MPI executor learns the arriving size by probing (any order among the round's
   probed receives) and checks it before receiving, so a sender/receiver size mismatch is
   caught without MPI truncating the receive. The model and the checker treat it as a plain
   receive. */
#define IRR_OPF_PROBE 1
/* SEND/RECV: the message also carries the sizes of blocks blo..bhi-1 (8-byte units each,
   ahead of the data), for receivers that do not know them (unknown-size collectives). The
   checker tracks who knows which size; the model charges the bytes. */
#define IRR_OPF_COUNTS 2
/* SEND/RECV with IRR_OPF_COUNTS: the header starts with blo and bhi (two more 8-byte words),
   for receivers that do not know which blocks they get (XScatterv's inner ranks). */
#define IRR_OPF_RANGE 4

/* SEND/RECV: the labels wrap around, running from block blo to the last block and on from
   block 0 to block bhi-1 (Bruck's messages), so bhi <= blo. In scratch the data is one
   contiguous piece; in a user buffer it is the blocks in that order. Not with
   IRR_OPF_COUNTS. */
#define IRR_OPF_WRAP 8

/* SEND: synchronous (MPI_Issend): it completes only once its receive is posted. A pipeline
   marks its sends so, as flow control: a rank that sends without having to receive first
   (its own blocks, rounds where its predecessor's block is empty) would otherwise put many
   eager messages on its link at once; they arrive as unexpected messages (an extra copy at
   the receiver), and on a link shared fairly between messages in flight they all arrive
   late together, which turns the pipeline into store-and-forward. The model ignores it. */
#define IRR_OPF_SYNC 16

/* SEND/RECV: matched on a second tag. For two messages between the same two ranks in one
   round that must not overtake each other: SimGrid SMPI 3.32 lets an eager message
   overtake a rendezvous one with the same tag (seen as a deadlock). Models ignore it. */
#define IRR_OPF_ALTTAG 32

/* SEND/RECV: the receiver does not know the length (unknown-size collectives): it learns it
   from the message. The MPI executor probes such a receive and takes it in op order (a
   block's place in a consecutive layout needs the sizes before it), then writes what it
   learned into the op: len; with IRR_OPF_RANGE also blo and bhi; a peer < 0 (any sender)
   becomes the sender. So the program it has run is the one a centralized builder that knows
   every size gives (irr_xv_build_all). A learned receive into scratch starts where the
   round's earlier learned receives into scratch end (offsets built before the lengths were
   known count them as 0). The sender ends the message with a piece shorter than
   IRRCOLL_MAX_MSG (possibly empty), so the receiver sees where it ends. The cost model and
   the checker treat it as the plain message of len units. */
#define IRR_OPF_LEARN 64

/* SEND/RECV: the message ends with a piece shorter than IRRCOLL_MAX_MSG, as a learned one
   does (IRR_OPF_LEARN), though this receiver knows its length: a receiver that finds the
   senders other than it expected (bad arguments) can still take it whole as a learned
   message. Graceful degradation's direct messages. Models ignore it. */
#define IRR_OPF_EOM 128

/* RECV into scratch with IRR_OPF_COUNTS: posted with room for IRR_HEAD_ROOM units of data
   though len, what the receiver expects, is shorter; so a sender whose block is larger than
   the receiver thinks (bad arguments) cannot make MPI truncate the receive. Its scratch slot
   holds the size header (at off - 8 per block) and that room: one contiguous receive (SMPI
   mishandles a short message into a derived type). The direct Gatherv's first pieces
   (algo/gatherv/linear.h). Models ignore it. */
#define IRR_OPF_ROOM 256

/* SEND/RECV: continues the previous op's message (same kind, peer and round; the op before
   it in the program): a message made of several label pieces, e.g. the circulant
   Allgatherv's one message per round carrying a piece of every root. The message is the
   head op (without the flag) and the IRR_OPF_CONT ops after it, in order; the i-th piece of
   a send meets the i-th piece of its receive (the matcher pairs them). The cost model
   charges one alpha for the message and beta for all its pieces; the checker moves each
   piece's labels. Not with IRR_OPF_COUNTS, IRR_OPF_LEARN or IRR_OPF_WRAP. */
#define IRR_OPF_CONT 512

/* RECV: receive and reduce (Reduce_scatter, algo/reduce_scatter/). The message arrives in
   (buf, off) like any receive, a slot that holds it only until the round's messages are
   complete; then the op combines it into the data already at (dbuf, doff), the same labels:
   acc = arrived (+) acc, the arrived data as the left operand (MPI_Reduce_local's order), or
   with IRR_OPF_RIGHT acc = acc (+) arrived. A round's reduces run after its messages and
   before its copies, in op order. The checker tracks whose contributions each unit holds
   (ir/check.h); the model charges gamma per unit reduced at the end of the round. */
#define IRR_OPF_REDUCE 1024
#define IRR_OPF_RIGHT 2048
/* Any op: lane 1 of a program of two lanes (dominant Reduce_scatter's rest beside its large
   block, algo/reduce_scatter/dominant.h). The MPI executor runs a rank's lane-1 ops as a
   program of their own beside the others (lane 0), on another tag: a lane waits only for
   its own messages, except that lane 1's first round past 0 (r) is posted once lane 0 has
   finished its rounds before r. The checker requires that the lanes share no scratch unit and no
   message, and that one lane alone writes the receive buffer; the cost model runs the
   lanes so. Only with sends, receives (reduces included) and copies of known sizes. */
#define IRR_OPF_LANE 4096

/* Is op j of s the head of a message (a send or receive that does not continue the one
   before)? */
static inline int irr_op_is_head(const irr_op *o) { return o->kind != IRR_OP_COPY && !(o->flags & IRR_OPF_CONT); }

/* Labels of an op on p blocks: how many, and the j-th (wrapped ops run past p - 1). */
static inline int irr_op_nlabels(const irr_op *o, int p) {
  return (o->flags & IRR_OPF_WRAP) ? p - o->blo + o->bhi : o->bhi - o->blo;
}
static inline int irr_op_label(const irr_op *o, int j, int p) {
  return o->blo + j < p || !(o->flags & IRR_OPF_WRAP) ? o->blo + j : o->blo + j - p;
}

/* Bytes on the wire: the data plus the size header of IRR_OPF_COUNTS. */
static inline int64_t irr_op_msglen(const irr_op *o) {
  int64_t h = 0;
  if (o->flags & IRR_OPF_COUNTS) h = 8 * ((int64_t)(o->bhi - o->blo) + ((o->flags & IRR_OPF_RANGE) ? 2 : 0));
  return o->len + h;
}

/* Bytes on the wire of the message whose head is ops[j]: its pieces (IRR_OPF_CONT) too. */
static inline int64_t irr__msg_len(const irr_op *ops, int j, int nops) {
  int64_t len = irr_op_msglen(&ops[j]);
  while (++j < nops && (ops[j].flags & IRR_OPF_CONT)) len += irr_op_msglen(&ops[j]);
  return len;
}

/* Alltoallv's p*p labels fit in int32 (algo/alltoallv/) */
#define IRR_A2A_MAXP 46340

typedef struct irr_sched {
  int rank, size;   /* whose program, in a communicator of how many ranks */
  int nops, cap;    /* ops used / capacity of the caller's array */
  int nrounds;      /* 1 + last round used (0 if no op) */
  int nlab;         /* labels are 0 .. nlab-1: p, or p*p for Alltoallv (algo/alltoallv/) */
  int64_t tmp;      /* scratch units the program needs */
  irr_status err;   /* sticky: first error of a builder helper */
  irr_op *ops;
} irr_sched;

/* Start an empty program for `rank` in the caller's array ops[0..cap-1]. */
static inline void irr_sched_init(irr_sched *s, int rank, int size, irr_op *ops, int cap) {
  s->rank = rank;
  s->size = size;
  s->nops = 0;
  s->cap = ops ? cap : 0;
  s->nrounds = 0;
  s->nlab = size;
  s->tmp = 0;
  s->err = IRR_OK;
  s->ops = ops;
}

/* Append one op. Errors stick in s->err (capacity, rounds going backwards, bad ranges), so a
   generator can append freely and check once at the end. Returns the op or NULL. */
static inline irr_op *irr_sched_push(irr_sched *s, int round, int kind, int peer, int buf,
                                     int64_t off, int dbuf, int64_t doff, int blo, int bhi,
                                     int64_t skip, int64_t len) {
  irr_op *o;
  if (s->err != IRR_OK) return NULL;
  if (s->nops >= s->cap) { s->err = IRR_ERR_CAPACITY; return NULL; }
  if (round < 0 || round + 1 < s->nrounds) { s->err = IRR_ERR_ORDER; return NULL; }
  if (len < 0 || skip < 0 || off < 0 || doff < 0 || blo < 0 || bhi < blo || bhi > s->nlab) {
    s->err = IRR_ERR_BOUNDS;
    return NULL;
  }
  o = &s->ops[s->nops++];
  o->skip = skip;
  o->len = len;
  o->off = off;
  o->doff = doff;
  o->blo = blo;
  o->bhi = bhi;
  o->peer = peer;
  o->round = round;
  o->kind = (unsigned char)kind;
  o->buf = (unsigned char)buf;
  o->dbuf = (unsigned char)dbuf;
  o->flags = 0;
  if (round + 1 > s->nrounds) s->nrounds = round + 1;
  if (buf == IRR_BUF_TMP && off + len > s->tmp) s->tmp = off + len;
  if (kind == IRR_OP_COPY && dbuf == IRR_BUF_TMP && doff + len > s->tmp) s->tmp = doff + len;
  return o;
}

/* Send or receive whole blocks blo..bhi-1 (len units in all) from/to buffer buf at off. */
static inline void irr_sched_send(irr_sched *s, int round, int peer, int buf, int64_t off, int blo,
                                  int bhi, int64_t len) {
  irr_sched_push(s, round, IRR_OP_SEND, peer, buf, off, IRR_BUF_NONE, 0, blo, bhi, 0, len);
}
static inline void irr_sched_recv(irr_sched *s, int round, int peer, int buf, int64_t off, int blo,
                                  int bhi, int64_t len) {
  irr_sched_push(s, round, IRR_OP_RECV, peer, buf, off, IRR_BUF_NONE, 0, blo, bhi, 0, len);
}

/* Mark every data message of s from op n0 on with flags (e.g. the unknown-size variants'
   IRR_OPF_COUNTS, degradation's IRR_OPF_EOM). */
static inline void irr__flag_msgs(irr_sched *s, int n0, int flags) {
  int i;
  for (i = n0; i < s->nops; i++)
    if (s->ops[i].kind != IRR_OP_COPY && s->ops[i].buf != IRR_BUF_NONE) s->ops[i].flags |= (uint16_t)flags;
}
/* Local copy of whole blocks blo..bhi-1 from (buf, off) to (dbuf, doff). */
static inline void irr_sched_copy(irr_sched *s, int round, int buf, int64_t off, int dbuf,
                                  int64_t doff, int blo, int bhi, int64_t len) {
  irr_sched_push(s, round, IRR_OP_COPY, -1, buf, off, dbuf, doff, blo, bhi, 0, len);
}
/* Control message of len units (no block data). */
static inline void irr_sched_ctrl(irr_sched *s, int round, int kind, int peer, int64_t len) {
  irr_sched_push(s, round, kind, peer, IRR_BUF_NONE, 0, IRR_BUF_NONE, 0, 0, 0, 0, len);
}

/* ---- schedule sets: the programs of all p ranks, in one arena ---- */

typedef struct irr_sched_set {
  int p;
  irr_sched *s;    /* s[r]: rank r's program (ops point into the arena after _finish) */
  irr_op *arena;
  size_t nops, cap;
  int added;       /* ranks added so far */
} irr_sched_set;

static inline void irr_sched_set_free(irr_sched_set *set) {
  if (set->s) IRRCOLL_FREE(set->s);
  if (set->arena) IRRCOLL_FREE(set->arena);
  set->s = NULL;
  set->arena = NULL;
  set->p = set->added = 0;
  set->nops = set->cap = 0;
}

static inline irr_status irr_sched_set_init(irr_sched_set *set, int p) {
  set->p = p;
  set->added = 0;
  set->nops = set->cap = 0;
  set->arena = NULL;
  set->s = p > 0 ? (irr_sched *)IRRCOLL_MALLOC((size_t)p * sizeof(irr_sched)) : NULL;
  return p > 0 && !set->s ? IRR_ERR_NOMEM : IRR_OK;
}

/* Append rank set->added's program (ranks are added in order 0..p-1); copies its ops. */
static inline irr_status irr_sched_set_add(irr_sched_set *set, const irr_sched *s) {
  irr_sched *d;
  if (set->added >= set->p || s->rank != set->added) return IRR_ERR_ARG;
  if (s->err != IRR_OK) return s->err;
  if (set->nops + (size_t)s->nops > set->cap) {
    size_t cap = set->cap ? set->cap : 1024;
    irr_op *a;
    while (cap < set->nops + (size_t)s->nops) cap *= 2;
    a = (irr_op *)IRRCOLL_MALLOC(cap * sizeof(irr_op));
    if (!a) return IRR_ERR_NOMEM;
    if (set->nops) memcpy(a, set->arena, set->nops * sizeof(irr_op));
    if (set->arena) IRRCOLL_FREE(set->arena);
    set->arena = a;
    set->cap = cap;
  }
  if (s->nops) memcpy(set->arena + set->nops, s->ops, (size_t)s->nops * sizeof(irr_op));
  d = &set->s[set->added++];
  *d = *s;
  d->ops = NULL;
  d->cap = (int)set->nops; /* arena offset until _finish */
  set->nops += (size_t)s->nops;
  return IRR_OK;
}

/* Point every program into the arena; call once all p ranks are added. */
static inline irr_status irr_sched_set_finish(irr_sched_set *set) {
  int r;
  if (set->added != set->p) return IRR_ERR_ARG;
  for (r = 0; r < set->p; r++) {
    set->s[r].ops = set->arena + set->s[r].cap;
    set->s[r].cap = set->s[r].nops;
  }
  return IRR_OK;
}
/* ==== end ir/sched.h ==== */
/* ==== begin ir/match.h ==== */
/* Matching: the k-th send from s to d meets the k-th receive at d from s (MPI's
   non-overtaking order on one tag). irr__sched_match fills partner[g] for every op g (global
   index = index in the concatenation of all programs; -1 for copies). O(n + p) with two
   counting sorts. Shared by the cost model and the checker. base[r] = global index of rank
   r's op 0. */

/* Check every op's peer and continuation; *nrecv: the messages received (heads). */
static inline irr_status irr__match_scan(const irr_sched *s, int p, const int64_t *base, int64_t *partner,
                                         int64_t *nrecv) {
  int r, j;
  *nrecv = 0;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      partner[base[r] + j] = -1;
      if (o->kind != IRR_OP_COPY && (o->peer < 0 || o->peer >= p || o->peer == r))
        return IRR_ERR_BOUNDS;
      if ((o->flags & IRR_OPF_CONT) &&
          (j == 0 || o->kind == IRR_OP_COPY || s[r].ops[j - 1].kind != o->kind || s[r].ops[j - 1].peer != o->peer ||
           s[r].ops[j - 1].round != o->round || (o->flags & (IRR_OPF_COUNTS | IRR_OPF_LEARN | IRR_OPF_WRAP))))
        return IRR_ERR_BOUNDS;
      if (o->kind == IRR_OP_RECV && irr_op_is_head(o)) ++*nrecv;
    }
  return IRR_OK;
}

/* The rank whose op range holds global op g. */
static inline int irr__match_owner(const int64_t *base, int p, int64_t g) {
  int lo = 0, hi = p - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (base[mid] <= g) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* The received messages (heads, global indices) into b, in op order, stably sorted by
   source, then by destination: each destination's receives end up grouped by source, in
   program order within a source; cnt[d]: where destination d's start (p + 1 entries). */
static inline void irr__match_sort(const irr_sched *s, int p, const int64_t *base, int64_t nrecv, int64_t *cnt,
                                   int64_t *a, int64_t *b, int64_t *cur) {
  int64_t i;
  int r, j;
  memset(cnt, 0, ((size_t)p + 1) * sizeof(int64_t));
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++)
      if (s[r].ops[j].kind == IRR_OP_RECV && irr_op_is_head(&s[r].ops[j])) cnt[s[r].ops[j].peer + 1]++;
  for (r = 0; r < p; r++) cnt[r + 1] += cnt[r];
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++)
      if (s[r].ops[j].kind == IRR_OP_RECV && irr_op_is_head(&s[r].ops[j])) a[cnt[s[r].ops[j].peer]++] = base[r] + j;
  memset(cnt, 0, ((size_t)p + 1) * sizeof(int64_t));
  for (i = 0; i < nrecv; i++) cnt[irr__match_owner(base, p, a[i]) + 1]++;
  for (r = 0; r < p; r++) cnt[r + 1] += cnt[r];
  memcpy(cur, cnt, ((size_t)p + 1) * sizeof(int64_t));
  for (i = 0; i < nrecv; i++) b[cur[irr__match_owner(base, p, a[i])]++] = a[i];
}

/* Pair every send (head) of rank r with its receive, and the pieces of a multi-op message
   in order. cur[d] walks d's receives (b, cnt from irr__match_sort); sends are visited by
   source, so groups are met in order. */
static inline irr_status irr__match_sends(const irr_sched *s, int r, const int64_t *base, const int64_t *cnt,
                                          const int64_t *b, int64_t *cur, int64_t *partner) {
  int j;
  for (j = 0; j < s[r].nops; j++) {
    const irr_op *o = &s[r].ops[j];
    int d = o->peer, js, jr;
    int64_t k;
    if (o->kind != IRR_OP_SEND || !irr_op_is_head(o)) continue;
    /* d's next unmatched receive must come from r; one from a lower source was never
       matched, one from a higher source means r's send has no receive */
    if (cur[d] >= cnt[d + 1] || s[d].ops[b[cur[d]] - base[d]].peer != r) return IRR_ERR_UNMATCHED;
    k = b[cur[d]++];
    partner[base[r] + j] = k;
    partner[k] = base[r] + j;
    for (js = j + 1, jr = (int)(k - base[d]) + 1;; js++, jr++) { /* the pieces pair up in order */
      int cs = js < s[r].nops && (s[r].ops[js].flags & IRR_OPF_CONT);
      int cr = jr < s[d].nops && (s[d].ops[jr].flags & IRR_OPF_CONT);
      if (cs != cr) return IRR_ERR_MISMATCH;
      if (!cs) break;
      partner[base[r] + js] = base[d] + jr;
      partner[base[d] + jr] = base[r] + js;
    }
  }
  return IRR_OK;
}

static inline irr_status irr__sched_match(const irr_sched *s, int p, const int64_t *base, int64_t *partner) {
  int64_t nrecv = 0, *cnt = NULL, *a = NULL, *b = NULL, *cur = NULL;
  irr_status st = irr__match_scan(s, p, base, partner, &nrecv);
  int r;
  if (st != IRR_OK) return st;
  cnt = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  a = (int64_t *)IRRCOLL_MALLOC(((size_t)nrecv + 1) * sizeof(int64_t));
  b = (int64_t *)IRRCOLL_MALLOC(((size_t)nrecv + 1) * sizeof(int64_t));
  cur = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!cnt || !a || !b || !cur) st = IRR_ERR_NOMEM;
  if (st == IRR_OK) {
    irr__match_sort(s, p, base, nrecv, cnt, a, b, cur);
    memcpy(cur, cnt, ((size_t)p + 1) * sizeof(int64_t));
  }
  for (r = 0; r < p && st == IRR_OK; r++) st = irr__match_sends(s, r, base, cnt, b, cur, partner);
  for (r = 0; r < p && st == IRR_OK; r++)
    if (cur[r] != cnt[r + 1]) st = IRR_ERR_UNMATCHED;
  if (cnt) IRRCOLL_FREE(cnt);
  if (a) IRRCOLL_FREE(a);
  if (b) IRRCOLL_FREE(b);
  if (cur) IRRCOLL_FREE(cur);
  return st;
}
/* ==== end ir/match.h ==== */
/* ==== begin ir/cost.h ==== */
/* Cost model: completion time of the programs of all p ranks in the single-ported,
   full-duplex linear model (Träff 2017, Section 1; DESIGN.md §3).

   A message of m units costs alpha + beta*m. A rank sends one and receives one message at a
   time (both at once). A message can start once both its send and its receive are posted
   (their rounds have started) and both ports are free; among the messages that can start,
   the one that can start earliest goes first (ties: lower sender, then program order), so no
   port idles while a message for it is ready. A port that frees takes, of the messages
   waiting for it, the one whose send comes earliest in its sender's program (then the lower
   sender), as each rank's NIC takes its sends in posting order: the linear exchange (rank c
   sending to c + 1, c + 2, ...) then runs as p - 1 permutations. Taken by lower sender
   instead, rank 0's later messages went ahead of the others' first ones at every receiver,
   and the same exchange took about twice as long (a greedy matching). A round ends when
   all its messages have ended (copies are free); the next round then starts. The result is
   the time the last rank ends its last round. A round that reduces (IRR_OPF_REDUCE) ends
   gamma per unit reduced later.

   Cost: O(n log n) for n ops in all: a heap of events (messages that became ready, ports
   that became free); a message whose port is busy parks at that port, and a port that frees
   wakes only the first of its parked messages, so p messages converging on one rank cost
   O(p log p), not O(p^2). Reports IRR_ERR_DEADLOCK if some message can
   never start, IRR_ERR_UNMATCHED/IRR_ERR_MISMATCH if sends and receives do not pair up with
   equal lengths. */

typedef struct irr_model {
  double alpha; /* seconds per message */
  double beta;  /* seconds per unit */
  /* The CPU a rank spends on a call, in seconds (DESIGN.md §3: the CPU is part of the
     cost). Zero: the network alone (a model written {alpha, beta}). irr_sched_cost charges
     the first four from the programs; the choices add the last for their own work and for
     the generators' walks. A call whose counts repeat keeps its program and datatypes
     (mpi/cache.h) and pays only cpu_msg and cpu_piece (irr_model_repeat). */
  double cpu_msg;   /* posting and completing one message (either end) */
  double cpu_piece; /* moving one more memory piece of a message (packing or MPI's datatype) */
  double cpu_op;    /* building one op of a program, and describing one piece beyond a
                       message's first (a derived datatype's entry) */
  double cpu_type;  /* building and freeing one derived datatype (a message of several pieces) */
  double cpu_size;  /* visiting one size: the choice's passes, a generator's walk */
  /* Reducing one unit (Reduce_scatter's receive-and-reduce, IRR_OPF_REDUCE): charged when
     the round's messages are done, before the next round. The collective's own work, which
     MPI's algorithms pay too, so the network-alone model keeps it. */
  double gamma;
} irr_model;

/* Defaults resembling an InfiniBand EDR cluster and the SMPI platform in bench/: 1.5 us
   latency, 10 GB/s per direction (units = bytes). */
#define IRR_MODEL_ALPHA_DEFAULT 1.5e-6
#define IRR_MODEL_BETA_DEFAULT 1.0e-10
/* The CPU constants: one core of this project's machine (2 cores, x86-64, GCC 12 -O2,
   MPICH 4.0.2), measured by bench/bench_cpu.c (make bench-cpu; README, "The CPU"): a
   generator's op 6.4 ns and a datatype's entry 4.2 ns (cpu_op 6 ns), a datatype made,
   committed and freed 420 ns, a piece moved 1.5 ns an end, the executor's own work 67 ns a
   message (MPI's own is the network's: SMPI's per-message overhead), the choice 0.84 ns a
   size visited. */
#define IRR_MODEL_CPU_MSG_DEFAULT 7.0e-8
#define IRR_MODEL_CPU_PIECE_DEFAULT 2.0e-9
#define IRR_MODEL_CPU_OP_DEFAULT 6.0e-9
#define IRR_MODEL_CPU_TYPE_DEFAULT 4.2e-7
#define IRR_MODEL_CPU_SIZE_DEFAULT 8.4e-10
/* gamma: MPI_Reduce_local of MPI_SUM on int64 and double (bench/bench_cpu.c, the slower of
   the two): 0.045-0.11 ns a byte in cache and 0.075 ns from memory on this machine, in runs
   beside other jobs; 0.1 ns a byte. */
#define IRR_MODEL_GAMMA_DEFAULT 1.0e-10

/* The default model: the network's alpha and beta, the CPU constants. */
static inline irr_model irr_model_default(void) {
  irr_model md;
  md.alpha = IRR_MODEL_ALPHA_DEFAULT, md.beta = IRR_MODEL_BETA_DEFAULT;
  md.cpu_msg = IRR_MODEL_CPU_MSG_DEFAULT, md.cpu_piece = IRR_MODEL_CPU_PIECE_DEFAULT;
  md.cpu_op = IRR_MODEL_CPU_OP_DEFAULT, md.cpu_type = IRR_MODEL_CPU_TYPE_DEFAULT;
  md.cpu_size = IRR_MODEL_CPU_SIZE_DEFAULT;
  md.gamma = IRR_MODEL_GAMMA_DEFAULT;
  return md;
}
/* The model of a call whose counts repeat: no choice, no program and no datatype to build. */
static inline irr_model irr_model_repeat(irr_model md) {
  md.cpu_op = md.cpu_type = md.cpu_size = 0;
  return md;
}
/* The network alone. */
static inline irr_model irr_model_net(irr_model md) {
  md.cpu_msg = md.cpu_piece = md.cpu_op = md.cpu_type = md.cpu_size = 0;
  return md;
}
/* The network alone with this alpha and beta (the model before the CPU term). */
static inline irr_model irr_model_ab(double alpha, double beta) {
  irr_model md = irr_model_net(irr_model_default());
  md.alpha = alpha, md.beta = beta;
  return md;
}

/* The CPU that rank r spends on its program s under md: every op built, every message posted
   and completed, and for a message of several memory pieces its datatype and the pieces
   moved. A message's pieces are its ops (a head and its IRR_OPF_CONT ops), a wrapped op
   two: the blocks of a buffer are taken to lie in rank order, one after the other, so
   pieces of different blocks are not merged (the user's layout is one rank's to know);
   pieces that go on in scratch are (the executor merges them). Copies cost their op only. */
static inline double irr_sched_cpu(const irr_sched *s, irr_model md) {
  double t = md.cpu_op * s->nops;
  int j = 0;
  while (j < s->nops) {
    const irr_op *o = &s->ops[j];
    int k = j + 1, pieces = 1 + ((o->flags & IRR_OPF_WRAP) != 0);
    if (o->kind == IRR_OP_COPY) { j++; continue; }
    for (; k < s->nops && (s->ops[k].flags & IRR_OPF_CONT); k++) /* (scratch that goes on is one piece) */
      pieces += (s->ops[k].buf != IRR_BUF_TMP || s->ops[k - 1].buf != IRR_BUF_TMP ||
                 s->ops[k].off != s->ops[k - 1].off + s->ops[k - 1].len) +
                ((s->ops[k].flags & IRR_OPF_WRAP) != 0);
    t += md.cpu_msg;
    if (pieces > 1) t += md.cpu_type + (pieces - 1) * (md.cpu_piece + md.cpu_op);
    j = k;
  }
  return t;
}

typedef struct irr_cost {
  double time;      /* completion time of the last rank: net + cpu */
  double net;       /* the network's part: the event simulation below */
  double cpu;       /* the CPU's part: the most any rank spends (irr_sched_cpu) */
  int64_t messages; /* messages in all */
  int64_t volume;   /* units sent in all */
  int rounds;       /* most rounds of any rank */
} irr_cost;

typedef struct irr__ev {
  double t;
  int64_t msg; /* global index of the send op */
} irr__ev;

static inline int irr__ev_less(const irr__ev *a, const irr__ev *b) {
  return a->t < b->t || (a->t == b->t && a->msg < b->msg);
}
static inline void irr__heap_push(irr__ev *h, int64_t *n, irr__ev e) {
  int64_t i = (*n)++;
  while (i > 0) {
    int64_t up = (i - 1) / 2;
    if (!irr__ev_less(&e, &h[up])) break;
    h[i] = h[up];
    i = up;
  }
  h[i] = e;
}
static inline irr__ev irr__heap_pop(irr__ev *h, int64_t *n) {
  irr__ev top, e;
  IRRCOLL_ASSERT(*n > 0);
  top = h[0];
  e = h[--(*n)];
  int64_t i = 0;
  for (;;) {
    int64_t c = 2 * i + 1;
    if (c >= *n) break;
    if (c + 1 < *n && irr__ev_less(&h[c + 1], &h[c])) c++;
    if (!irr__ev_less(&h[c], &e)) break;
    h[i] = h[c];
    i = c;
  }
  if (*n > 0) h[i] = e;
  return top;
}

/* per-port min-heap of parked messages, first the one whose send comes earliest in its
   sender's program (then the lower message id): see the tie rule above */
typedef struct irr__parked {
  int64_t pos, msg; /* the send's place in its rank's program; its global index */
} irr__parked;
typedef struct irr__park {
  irr__parked *a;
  int64_t n, cap;
  int wake;   /* a wake-up event for this port is in the event heap */
} irr__park;

static inline int irr__parked_less(irr__parked x, irr__parked y) {
  return x.pos < y.pos || (x.pos == y.pos && x.msg < y.msg);
}
static inline int irr__park_push(irr__park *h, irr__parked v) {
  int64_t i;
  if (h->n == h->cap) {
    int64_t cap = h->cap ? 2 * h->cap : 4;
    irr__parked *a = (irr__parked *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr__parked));
    if (!a) return 0;
    if (h->n) memcpy(a, h->a, (size_t)h->n * sizeof(irr__parked));
    if (h->a) IRRCOLL_FREE(h->a);
    h->a = a;
    h->cap = cap;
  }
  for (i = h->n++; i > 0 && irr__parked_less(v, h->a[(i - 1) / 2]); i = (i - 1) / 2) h->a[i] = h->a[(i - 1) / 2];
  h->a[i] = v;
  return 1;
}
static inline irr__parked irr__park_pop(irr__park *h) {
  irr__parked top = h->a[0], v = h->a[--h->n];
  int64_t i = 0;
  for (;;) {
    int64_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && irr__parked_less(h->a[c + 1], h->a[c])) c++;
    if (!irr__parked_less(h->a[c], v)) break;
    h->a[i] = h->a[c];
    i = c;
  }
  if (h->n > 0) h->a[i] = v;
  return top;
}

struct irr__sim;
static inline void irr__sim_park(struct irr__sim *S, int64_t port, int64_t msg);

typedef struct irr__sim {
  const irr_sched *s;
  int p;
  irr_model m;
  int64_t *base, *partner;
  double *post;       /* per op: time its round started, < 0 while not posted */
  double *sfree, *rfree, *rend;
  /* per lane of a rank (a = 2r + lane, IRR_OPF_LANE; a program without lanes leaves lane 1
     empty): first op index of its current round, comm ops of it not yet done, its round
     (INT_MAX: done); lane 1 enters its first round past 0 only once lane 0 has finished
     those before it (wait: parked for that), as the MPI executor runs them (mpi/rounds.h) */
  int *pos, *cur, *wait;
  int64_t *left;
  irr__ev *heap;
  int64_t nheap, done, ncomm;
  irr__park *park;    /* 2p ports: 2r = r's send port, 2r+1 = its receive port */
  int32_t *owner;     /* per op: its rank */
  int nomem;
} irr__sim;

/* Park msg at a busy port; make sure the port wakes when it frees. */
static inline void irr__sim_park(irr__sim *S, int64_t port, int64_t msg) {
  irr__park *pk = &S->park[port];
  irr__parked v;
  v.pos = msg - S->base[S->owner[msg]], v.msg = msg;
  if (!irr__park_push(pk, v)) { S->nomem = 1; return; }
  if (!pk->wake) {
    irr__ev w;
    w.t = port % 2 ? S->rfree[port / 2] : S->sfree[port / 2];
    w.msg = -port - 1;
    pk->wake = 1;
    irr__heap_push(S->heap, &S->nheap, w);
  }
}

static inline int irr__sim_lane(const irr_op *o) { return (o->flags & IRR_OPF_LANE) != 0; }

/* Lane a of rank a/2 enters its next round at or after op pos[a] at time t: post its ops,
   pass empty rounds; lane 0's progress may let a parked lane 1 in. */
static inline void irr__sim_enter(irr__sim *S, int a, double t) {
  int r = a / 2, l = a % 2;
  const irr_sched *sc = &S->s[r];
  for (;;) {
    int j = S->pos[a], rd;
    int64_t left = 0;
    while (j < sc->nops && irr__sim_lane(&sc->ops[j]) != l) j++;
    S->pos[a] = j, S->rend[a] = t;
    if (j >= sc->nops) { S->left[a] = -1, S->cur[a] = INT_MAX; break; }
    rd = sc->ops[j].round;
    if (l == 1 && rd > 0 && S->cur[a] <= 0 && S->cur[a - 1] < rd) { S->wait[r] = 1; return; } /* lane 0 is behind */
    S->cur[a] = rd;
    for (; j < sc->nops && sc->ops[j].round == rd; j++) {
      const irr_op *o = &sc->ops[j];
      int64_t g = S->base[r] + j, q;
      if (irr__sim_lane(o) != l || !irr_op_is_head(o)) continue; /* the other lane; copies; pieces that continue a message */
      left++;
      S->post[g] = t;
      q = S->partner[g];
      if (S->post[q] >= 0) { /* both sides posted: a candidate message */
        irr__ev e;
        e.msg = o->kind == IRR_OP_SEND ? g : q;
        e.t = t > S->post[q] ? t : S->post[q];
        irr__heap_push(S->heap, &S->nheap, e);
      }
    }
    S->left[a] = left;
    if (left > 0) break;
    S->pos[a] = j; /* a round of copies only: ends at once */
  }
  if (l == 0 && S->wait[r] && sc->ops[S->pos[a + 1]].round <= S->cur[a]) /* parked at its op pos[a + 1] */
    S->wait[r] = 0, irr__sim_enter(S, a + 1, t > S->rend[a + 1] ? t : S->rend[a + 1]);
}


/* Op g (a message's end at its rank) is done at t. */
static inline void irr__sim_finish_op(irr__sim *S, int64_t g, double t) {
  int r = S->owner[g];
  const irr_sched *sc = &S->s[r];
  int a = 2 * r + irr__sim_lane(&sc->ops[g - S->base[r]]);
  if (t > S->rend[a]) S->rend[a] = t;
  if (--S->left[a] == 0) {
    int j = S->pos[a], rd = sc->ops[j].round;
    int64_t red = 0;
    for (; j < sc->nops && sc->ops[j].round == rd; j++)
      if ((sc->ops[j].flags & IRR_OPF_REDUCE) && irr__sim_lane(&sc->ops[j]) == a % 2) red += sc->ops[j].len;
    S->rend[a] += S->m.gamma * (double)red;
    S->pos[a] = j;
    irr__sim_enter(S, a, S->rend[a]);
  }
}

/* Validate the programs and number their ops (base[r]: rank r's first, base[p]: all);
   separate: the checks that need no memory but base. */
static inline irr_status irr__sim_index(irr__sim *S) {
  const irr_sched *s = S->s;
  int64_t n = 0;
  int r, j, p = S->p;
  S->base = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!S->base) return IRR_ERR_NOMEM;
  for (r = 0; r < p; r++) {
    if (s[r].rank != r || s[r].size != p || s[r].err != IRR_OK) return s[r].err != IRR_OK ? s[r].err : IRR_ERR_ARG;
    S->base[r] = n;
    for (j = 0; j < s[r].nops; j++) {
      if (j > 0 && s[r].ops[j].round < s[r].ops[j - 1].round) return IRR_ERR_ORDER;
      if (irr_op_is_head(&s[r].ops[j])) S->ncomm++;
    }
    n += s[r].nops;
  }
  S->base[p] = n;
  return IRR_OK;
}

/* The simulator's arrays for base[p] ops; separate: every allocation in one place,
   matched by irr__sim_free. */
static inline irr_status irr__sim_alloc(irr__sim *S) {
  int64_t n = S->base[S->p];
  int p = S->p;
  S->partner = (int64_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int64_t));
  S->post = (double *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(double));
  S->heap = (irr__ev *)IRRCOLL_MALLOC(((size_t)S->ncomm / 2 + 4 * (size_t)p + 1) * sizeof(irr__ev));
  S->park = (irr__park *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(irr__park));
  S->owner = (int32_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int32_t));
  if (S->park) memset(S->park, 0, (size_t)p * 2 * sizeof(irr__park));
  S->sfree = (double *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(double));
  S->pos = (int *)IRRCOLL_MALLOC((size_t)p * 5 * sizeof(int));
  S->left = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t));
  if (!S->partner || !S->post || !S->heap || !S->sfree || !S->pos || !S->left || !S->park || !S->owner)
    return IRR_ERR_NOMEM;
  S->cur = S->pos + 2 * (size_t)p, S->wait = S->pos + 4 * (size_t)p;
  S->rfree = S->sfree + p;
  S->rend = S->sfree + 2 * (size_t)p;
  return IRR_OK;
}

/* Free whatever irr__sim_index and irr__sim_alloc got; separate: irr_sched_cost's one exit. */
static inline void irr__sim_free(irr__sim *S) {
  int r;
  if (S->base) IRRCOLL_FREE(S->base);
  if (S->partner) IRRCOLL_FREE(S->partner);
  if (S->post) IRRCOLL_FREE(S->post);
  if (S->heap) IRRCOLL_FREE(S->heap);
  if (S->sfree) IRRCOLL_FREE(S->sfree);
  if (S->pos) IRRCOLL_FREE(S->pos);
  if (S->left) IRRCOLL_FREE(S->left);
  if (S->owner) IRRCOLL_FREE(S->owner);
  if (S->park) {
    for (r = 0; r < 2 * S->p; r++)
      if (S->park[r].a) IRRCOLL_FREE(S->park[r].a);
    IRRCOLL_FREE(S->park);
  }
}

/* Pair sends with receives (equal lengths), count into out (optional), reset the clocks;
   separate: everything before the first event. */
static inline irr_status irr__sim_pair(irr__sim *S, irr_cost *out) {
  const irr_sched *s = S->s;
  int64_t n = S->base[S->p], g;
  int r, j, p = S->p;
  irr_status st = irr__sched_match(s, p, S->base, S->partner);
  if (st != IRR_OK) return st;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) S->owner[S->base[r] + j] = r;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      if (o->kind == IRR_OP_SEND) {
        const irr_op *q;
        g = S->partner[S->base[r] + j];
        q = &s[o->peer].ops[g - S->base[o->peer]];
        if (irr_op_msglen(q) != irr_op_msglen(o)) return IRR_ERR_MISMATCH;
        if (out) { out->messages += irr_op_is_head(o); out->volume += irr_op_msglen(o); }
      }
    }
  for (g = 0; g < n; g++) S->post[g] = -1.0;
  for (r = 0; r < p; r++) {
    S->sfree[r] = S->rfree[r] = S->rend[2 * r] = S->rend[2 * r + 1] = 0.0;
    S->pos[2 * r] = S->pos[2 * r + 1] = 0, S->cur[2 * r] = S->cur[2 * r + 1] = -1, S->wait[r] = 0;
    if (out && s[r].nrounds > out->rounds) out->rounds = s[r].nrounds;
  }
  return IRR_OK;
}

/* Event: port -e.msg-1 freed at e.t; wake its first parked message whose other port is
   free too. Separate: the woken message then goes through irr__sim_start. */
static inline void irr__sim_wake(irr__sim *S, irr__ev e) {
  int64_t port = -e.msg - 1;
  double t = e.t, *pf = port % 2 ? &S->rfree[port / 2] : &S->sfree[port / 2];
  irr__park *pk = &S->park[port];
  pk->wake = 0;
  if (*pf > e.t) { /* taken meanwhile: wake again when it frees */
    if (pk->n > 0) {
      e.t = *pf;
      pk->wake = 1;
      irr__heap_push(S->heap, &S->nheap, e);
    }
    return;
  }
  while (pk->n > 0) {
    int64_t pm = irr__park_pop(pk).msg;
    int s2 = S->owner[pm], d2 = S->s[s2].ops[pm - S->base[s2]].peer;
    double other = port % 2 ? S->sfree[s2] : S->rfree[d2];
    if (other > e.t) { /* its other port is busy: park it there instead */
      irr__sim_park(S, port % 2 ? 2 * (int64_t)s2 : 2 * (int64_t)d2 + 1, pm);
      continue;
    }
    e.t = t;
    e.msg = pm;
    irr__heap_push(S->heap, &S->nheap, e);
    break;
  }
}

/* Event: message msg (its send's global index) may start at t: it runs if both ports are
   free, else parks at the later one. Separate: the model's one cost rule. */
static inline void irr__sim_start(irr__sim *S, int64_t msg, double t) {
  int src = S->owner[msg], dst;
  const irr_op *o = &S->s[src].ops[msg - S->base[src]];
  double fin;
  int64_t ports[2], k;
  dst = o->peer;
  if (S->sfree[src] > t || S->rfree[dst] > t) { /* a port is busy: park at the later one */
    irr__sim_park(S, S->rfree[dst] >= S->sfree[src] ? 2 * (int64_t)dst + 1 : 2 * (int64_t)src, msg);
    return;
  }
  fin = t + S->m.alpha + S->m.beta * (double)irr__msg_len(S->s[src].ops, (int)(msg - S->base[src]), S->s[src].nops);
  S->sfree[src] = S->rfree[dst] = fin;
  S->done += 2;
  ports[0] = 2 * (int64_t)src; /* a port that still has parked messages wakes when this one ends */
  ports[1] = 2 * (int64_t)dst + 1;
  for (k = 0; k < 2; k++)
    if (S->park[ports[k]].n > 0 && !S->park[ports[k]].wake) {
      irr__ev w;
      w.t = fin;
      w.msg = -ports[k] - 1;
      S->park[ports[k]].wake = 1;
      irr__heap_push(S->heap, &S->nheap, w);
    }
  irr__sim_finish_op(S, msg, fin);
  irr__sim_finish_op(S, S->partner[msg], fin);
}

/* Completion time of the programs s[0..p-1] (s[r].rank == r) under model m: the network's
   (the simulation) plus the CPU's (the most any rank spends, irr_sched_cpu: added, since a
   rank builds its program before its first message and each datatype before posting it).
   rank_time, if not NULL, receives each rank's: its network time plus its CPU. */
static inline irr_status irr_sched_cost(const irr_sched *s, int p, irr_model m, irr_cost *out,
                                        double *rank_time) {
  irr__sim S;
  irr_status st;
  int r;
  memset(&S, 0, sizeof S);
  S.s = s;
  S.p = p;
  S.m = m;
  if (out) memset(out, 0, sizeof *out);
  if (p <= 0) return IRR_ERR_ARG;
  if ((st = irr__sim_index(&S)) != IRR_OK || (st = irr__sim_alloc(&S)) != IRR_OK ||
      (st = irr__sim_pair(&S, out)) != IRR_OK)
    goto out;
  for (r = 0; r < p; r++) irr__sim_enter(&S, 2 * r, 0.0), irr__sim_enter(&S, 2 * r + 1, 0.0);
  while (S.nheap > 0 && !S.nomem) {
    irr__ev e = irr__heap_pop(S.heap, &S.nheap);
    if (e.msg < 0) irr__sim_wake(&S, e);
    else irr__sim_start(&S, e.msg, e.t);
  }
  if (S.nomem) { st = IRR_ERR_NOMEM; goto out; }
  if (S.done != S.ncomm) { st = IRR_ERR_DEADLOCK; goto out; }
  for (r = 0; r < p; r++) {
    double c = irr_sched_cpu(&s[r], m), e = S.rend[2 * r] > S.rend[2 * r + 1] ? S.rend[2 * r] : S.rend[2 * r + 1];
    if (out && e > out->net) out->net = e;
    if (out && c > out->cpu) out->cpu = c;
    if (rank_time) rank_time[r] = e + c;
  }
  if (out) out->time = out->net + out->cpu;
out:
  irr__sim_free(&S);
  return st;
}
/* ==== end ir/cost.h ==== */
/* ==== begin ir/maxplus.h ==== */
/* Max-plus recursions: the cost model's time (ir/cost.h, irr_sched_cost) of programs that run
   in rounds in which each rank sends at most one message and receives at most one, to
   partners in the same round of their programs (Allgatherv's ring, Bruck, recursive doubling,
   neighbor exchange, node-aware and circulant algorithms). No port is ever contended, so the
   time is
     E_k(r) = max over r's messages of round k of max(E_{k-1}(r), E_{k-1}(peer)) + alpha + beta len,
   E_k(r) = E_{k-1}(r) in a round without messages, time = max_r E_K(r).
   The algorithms' *_time functions evaluate it from the sizes, without building the
   programs: O(p) a round instead of the simulator's event queue. */

/* One message in the recursion: the clock e of a rank that was at er before the round, after
   a message (nonempty) with a peer that was at ep: it starts when both are ready and takes
   alpha + bl (bl: its beta term); an empty message takes no time. Evaluated as
   (max + alpha) + bl, so every recursion rounds alike. */
static inline double irr__mp_msg(double e, double er, double ep, double alpha, double bl, int nonempty) {
  double x;
  if (nonempty && (x = (ep > er ? ep : er) + alpha + bl) > e) e = x;
  return e;
}

/* The recursion's start (P: prefix sums of m, p + 1 entries; E: every rank at time 0) and its
   end (the last rank to finish). */
static inline void irr__mp_start(int p, const int64_t *m, int64_t *P, double *E) {
  int r;
  for (P[0] = 0, r = 0; r < p; r++) P[r + 1] = P[r] + m[r], E[r] = 0;
}
static inline double irr__mp_latest(const double *E, int p) {
  double t = 0;
  int r;
  for (r = 0; r < p; r++) t = E[r] > t ? E[r] : t;
  return t;
}
/* ==== end ir/maxplus.h ==== */
/* ==== begin ir/registry.h ==== */
/* The registry: every collective and every algorithm irrcoll has, by name, with its
   restrictions, and the one IRRCOLL_ALG grammar and its parser (used by the header and by the
   interception library). Each collective's automatic choice is in select/<collective>.h,
   after the algorithms; select/any.h builds and prices any (collective, algorithm).

   Every choice is a pure function of values that are equal on all ranks: the
   communicator size, the sizes every rank knows, the forced algorithm (agreed per
   communicator), the model. Never of one rank's datatype layout, memory or environment:
   a collective whose ranks choose differently hangs.

   Collectives and their algorithms (algo/<collective>/) and choices (select/):
     gatherv, scatterv      tree (Träff's linear-time tree; Gatherv's degrades gracefully),
                            binomial, linear, direct; scatterv also xtree (XScatterv's)
                            auto: linear on 1 rank, direct on <= IRR_V_DIRECT_MAXP, else tree
                            (Gatherv) or xtree (Scatterv)
     allgatherv             ring (pipelined, Eq. 2), bruck, recdoubling (2^k ranks only),
                            hier (SMP nodes of consecutive ranks), neighbor (even p)
                            auto: irr_allgatherv_choose (select/allgatherv.h), the model's
                            argmin (flat) or SMPI's rule (SMP nodes)
     alltoallv              bruck (non-uniform, Fan et al.), linear (nonempty blocks), both
                            after a sizes phase; direct (every pair, no sizes phase)
                            auto: direct where irr_alltoallv_direct_pays (p alone), else
                            the sizes phase and irr_alltoallv_choose_t (select/alltoallv.h)
     xalltoallv             sparse (NBX), dense (counts by Alltoall + Alltoallv)
                            auto: irr_xalltoallv_choose, from the largest out-degree
     inter                  segment (Algorithm 2), subgroup (Algorithm 1), rootgather
                            auto: segment
     xgatherv, xscatterv    tree, binomial, direct; auto as gatherv (linear means direct)
     xallgatherv            bruck (sizes ride along), then the large blocks by allgatherv's
                            choice
     reduce_scatter         balanced, dominant, bruck, halving, ring, pairwise (the last three MPI's)
                            auto: irr_reduce_scatter_choose, the estimates' argmin
   An X collective with no forced algorithm of its own follows its known-size collective's
   (IRRCOLL_ALG=gatherv:tree forces XGatherv's tree too; xgatherv:direct only XGatherv). */

typedef enum irr_coll {
  IRR_COLL_GATHERV = 0,     /* SEND: own block; RECV at root: every block at its displacement */
  IRR_COLL_SCATTERV = 1,    /* SEND at root: every block; RECV: own block */
  IRR_COLL_ALLGATHERV = 2,  /* SEND: own block; RECV everywhere: every block */
  IRR_COLL_XALLTOALLV = 3,  /* XAlltoallv (unknown receive sizes); no checker specification */
  IRR_COLL_INTER_ALLGATHERV = 4, /* groups: ranks 0..root-1 and root..p-1; SEND: own block;
                                    RECV: every block of the other group */
  IRR_COLL_XGATHERV = 5,    /* unknown sizes at the root; checked as GATHERV with spec.unknown */
  IRR_COLL_XSCATTERV = 6,   /* unknown sizes at the receivers; checked as SCATTERV */
  IRR_COLL_XALLGATHERV = 7, /* unknown sizes everywhere; checked as ALLGATHERV */
  IRR_COLL_ALLTOALLV = 8,   /* known sizes: SEND the rank's row, RECV its column (algo/alltoallv/);
                               before 2.x this name meant XAlltoallv */
  IRR_COLL_REDUCE_SCATTER = 9, /* SEND: the rank's whole vector (every block at its
                                  displacement); RECV: its own block of the reduction
                                  (algo/reduce_scatter/) */
  IRR_COLL_COUNT
} irr_coll;

typedef enum irr_alg {
  IRR_ALG_AUTO = 0,
  IRR_ALG_TREE = 1,       /* Träff's linear-time ordered-hypercube tree */
  IRR_ALG_LINEAR = 2,     /* direct to/from the root, nonempty blocks only */
  IRR_ALG_BINOMIAL = 3,   /* size-oblivious binomial tree */
  IRR_ALG_DIRECT = 4,     /* one message per rank to/from the root, empty ones too; Alltoallv:
                             every pair one message, no sizes phase (mpi/direct.h runs both
                             straight on the user's buffers in blocking calls) */
  IRR_ALG_RING = 5,       /* Allgatherv: the pipelined ring (algo/allgatherv/ring.h) */
  IRR_ALG_BRUCK = 6,      /* Allgatherv: Bruck's logarithmic algorithm */
  IRR_ALG_SEGMENT = 7,    /* intergroup Allgather(v): Algorithm 2, global-index segments (algo/inter/) */
  IRR_ALG_SUBGROUP = 8,   /* intergroup: Algorithm 1, whole blocks to subgroups */
  IRR_ALG_ROOTGATHER = 9, /* intergroup: root gathering, what MPI libraries do (baseline) */
  IRR_ALG_RECDOUBLING = 10, /* Allgatherv: recursive doubling, 2^k ranks */
  IRR_ALG_SPARSE = 11,    /* XAlltoallv: the sparse exchange NBX (not a schedule) */
  IRR_ALG_DENSE = 12,     /* XAlltoallv: counts by MPI_Alltoall, then MPI_Alltoallv */
  IRR_ALG_XTREE = 13,     /* Scatterv: XScatterv's tree, built by the root alone, sizes riding along */
  IRR_ALG_HIER = 14,      /* Allgatherv: node-aware, leaders' Bruck between binomial trees in nodes */
  IRR_ALG_NEIGHBOR = 15,  /* Allgatherv: neighbor exchange, blocks both ways round the ring (p even) */
  IRR_ALG_CIRCULANT = 16, /* Allgatherv: Träff's round-optimal circulant-graph schedule (algo/allgatherv/circulant.h) */
  IRR_ALG_HALVING = 17,   /* Reduce_scatter: recursive halving on the rank blocks, rank order kept */
  IRR_ALG_PAIRWISE = 18,  /* Reduce_scatter: p - 1 rounds, block d straight to rank d (MPICH) */
  IRR_ALG_BALANCED = 19,  /* Reduce_scatter: equal pieces of the vector, then to their owners */
  IRR_ALG_DOMINANT = 20,  /* Reduce_scatter: the largest block reduced first without its owner */
  IRR_ALG_GUARDED = 21,   /* Reduce_scatter: the choice, or MPI's own where irrcoll's gain is not clear
                             (the interception library's default; not a schedule) */
  IRR_ALG_SPREAD = 22,    /* Reduce_scatter: reverse Bruck on the blocks, the largest cut into pieces spread round the ring */
  IRR_ALG_COUNT
} irr_alg;
/* The algorithms of Gatherv/Scatterv are IRR_ALG_TREE .. IRR_ALG_DIRECT. */
#define IRR_ALG_V_LAST IRR_ALG_DIRECT

/* Restrictions of an algorithm (MPICH's registry states the same kind: "power-of-two",
   "intercommunicator", "no in place"). */
#define IRR_RESTRICT_POF2 1      /* only on 2^k ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_INTER 2     /* two groups: an intercommunicator or the groups entry */
#define IRR_RESTRICT_NOSCHED 4   /* not a schedule: the checker and the model do not see it */
#define IRR_RESTRICT_NODES 8     /* only on SMP nodes of consecutive ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_EVEN 16     /* only on an even number of ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_COMMUTE 32  /* only for commutative operations (reductions) */

typedef struct irr_alg_entry {
  irr_coll coll;
  irr_alg alg;
  unsigned restrictions; /* IRR_RESTRICT_* */
  const char *what;      /* one line: what it is, where from */
} irr_alg_entry;

static inline const irr_alg_entry *irr_alg_table(int *n) {
  static const irr_alg_entry t[] = {
      {IRR_COLL_GATHERV, IRR_ALG_TREE, 0, "Träff's linear-time ordered-hypercube tree (seed 000, Theorem 1)"},
      {IRR_COLL_GATHERV, IRR_ALG_BINOMIAL, 0, "size-oblivious binomial tree (baseline)"},
      {IRR_COLL_GATHERV, IRR_ALG_LINEAR, 0, "every nonempty block straight to the root (MPICH, Open MPI)"},
      {IRR_COLL_GATHERV, IRR_ALG_DIRECT, 0, "one message per rank to the root, empty ones too"},
      {IRR_COLL_SCATTERV, IRR_ALG_TREE, 0, "Träff's linear-time tree, reversed"},
      {IRR_COLL_SCATTERV, IRR_ALG_BINOMIAL, 0, "size-oblivious binomial tree (baseline)"},
      {IRR_COLL_SCATTERV, IRR_ALG_LINEAR, 0, "every nonempty block straight from the root"},
      {IRR_COLL_SCATTERV, IRR_ALG_DIRECT, 0, "one message per rank from the root, empty ones too"},
      {IRR_COLL_SCATTERV, IRR_ALG_XTREE, 0, "the root's degraded tree, ranges and sizes in the messages (no construction)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_RING, 0, "pipelined ring, Eq. 2 block size, node-aware order (seed 004)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_BRUCK, 0, "Bruck in the receive buffer, any p"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_RECDOUBLING, IRR_RESTRICT_POF2, "recursive doubling (2^k ranks; SMP nodes)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_HIER, IRR_RESTRICT_NODES, "node-aware: binomial trees in nodes, Bruck between them"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_NEIGHBOR, IRR_RESTRICT_EVEN, "neighbor exchange: pairs of blocks both ways round the ring (Open MPI)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_CIRCULANT, 0, "Träff's circulant graph: n pieces per block, n - 1 + q rounds, one message per round"},
      {IRR_COLL_XALLTOALLV, IRR_ALG_SPARSE, IRR_RESTRICT_NOSCHED, "NBX sparse exchange (Hoefler et al.)"},
      {IRR_COLL_XALLTOALLV, IRR_ALG_DENSE, IRR_RESTRICT_NOSCHED, "count exchange by MPI_Alltoall + MPI_Alltoallv"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_BRUCK, 0, "non-uniform Bruck, the sizes first (Fan et al., HPDC 2022): 2 ceil(log2 p) rounds"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_LINEAR, 0, "every nonempty block straight to its destination, one round"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_DIRECT, 0, "every pair one message, empty ones too, no sizes phase (MPI's basic linear)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_SEGMENT, IRR_RESTRICT_INTER, "Algorithm 2: global-index segments (seed 001)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_SUBGROUP, IRR_RESTRICT_INTER, "Algorithm 1: whole blocks to subgroups (seed 001)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_ROOTGATHER, IRR_RESTRICT_INTER, "root gathering (what MPI libraries do)"},
      {IRR_COLL_XGATHERV, IRR_ALG_TREE, 0, "the tree, sizes riding along (seed 003)"},
      {IRR_COLL_XGATHERV, IRR_ALG_BINOMIAL, 0, "binomial tree, sizes riding along"},
      {IRR_COLL_XGATHERV, IRR_ALG_DIRECT, 0, "one probed message per rank to the root"},
      {IRR_COLL_XSCATTERV, IRR_ALG_TREE, 0, "trees rebuilt on every received range (seed 003)"},
      {IRR_COLL_XSCATTERV, IRR_ALG_BINOMIAL, 0, "binomial trees rebuilt on every range"},
      {IRR_COLL_XSCATTERV, IRR_ALG_DIRECT, 0, "one message per rank from the root"},
      {IRR_COLL_XALLGATHERV, IRR_ALG_BRUCK, 0, "Bruck with sizes in every message, then the large blocks"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_BALANCED, 0, "p equal pieces reduce-scattered (reverse Bruck; halving in rank order), then sent to their owners"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_DOMINANT, IRR_RESTRICT_COMMUTE, "the largest block reduce-scattered among the other ranks first, then sent to its owner while they reduce the rest"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_SPREAD, IRR_RESTRICT_COMMUTE, "reverse Bruck on the rank blocks, the largest cut into 2^k pieces held round the ring, then home up a binomial tree"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_BRUCK, IRR_RESTRICT_COMMUTE, "reverse Bruck on the rank blocks: ceil(log2 p) rounds, any p"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_HALVING, 0, "recursive halving on the rank blocks, folded to 2^k ranks, rank order kept (MPICH)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_RING, IRR_RESTRICT_COMMUTE, "ring: p - 1 rounds, a block a round (Open MPI)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_PAIRWISE, IRR_RESTRICT_COMMUTE, "pairwise: p - 1 rounds, block d straight to rank d (MPICH)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_GUARDED, IRR_RESTRICT_NOSCHED, "the choice where the model puts it 1.25x ahead of the libraries' halving, ring and pairwise, else MPI's own (interception's default)"},
  };
  *n = (int)(sizeof t / sizeof t[0]);
  return t;
}

/* The entry of (coll, alg), or NULL if coll has no such algorithm. */
static inline const irr_alg_entry *irr_alg_find(irr_coll coll, irr_alg alg) {
  int n, i;
  const irr_alg_entry *t = irr_alg_table(&n);
  for (i = 0; i < n; i++)
    if (t[i].coll == coll && t[i].alg == alg) return &t[i];
  return NULL;
}

static inline const char *irr_alg_name(irr_alg a) {
  static const char *const n[] = {"auto", "tree", "linear", "binomial", "direct", "ring", "bruck",
                                  "segment", "subgroup", "rootgather", "recdoubling", "sparse", "dense", "xtree",
                                  "hier", "neighbor", "circulant", "halving", "pairwise", "balanced",
                                  "dominant", "guarded", "spread"};
  return (unsigned)a < (unsigned)IRR_ALG_COUNT ? n[a] : "unknown";
}

/* The collective's name in IRRCOLL_ALG (and in reports). */
static inline const char *irr_coll_name(irr_coll c) {
  static const char *const n[] = {"gatherv", "scatterv", "allgatherv", "xalltoallv", "inter",
                                  "xgatherv", "xscatterv", "xallgatherv", "alltoallv", "reduce_scatter"};
  return (unsigned)c < (unsigned)IRR_COLL_COUNT ? n[c] : "unknown";
}

/* The known-size collective an X collective follows when it has no forced algorithm of
   its own, and whose checker specification it is checked against; itself otherwise. */
static inline irr_coll irr_coll_base(irr_coll c) {
  return c == IRR_COLL_XGATHERV ? IRR_COLL_GATHERV
         : c == IRR_COLL_XSCATTERV ? IRR_COLL_SCATTERV
         : c == IRR_COLL_XALLGATHERV ? IRR_COLL_ALLGATHERV : c;
}

/* ---- IRRCOLL_ALG: the one grammar ----
     spec  := entry ("," entry)*
     entry := [coll ":"] name
   coll is a collective's name: irrcoll's (irr_coll_name) or, for the interception library,
   an MPI collective's lower-case name without "MPI_" (allgather, bcast, ...). name is an
   algorithm (irr_alg_name), "auto", or for the interception library a mock-up's name or
   "default". An entry without coll applies to every collective that has that algorithm.
   Later entries win. */

/* The next entry of *cur into coll/name (coll "" when absent); advances *cur. Returns 1 on
   an entry, 0 at the end, -1 on a malformed entry (empty coll or name, or too long). */
static inline int irr_alg_spec_next(const char **cur, char *coll, size_t ccap, char *name, size_t ncap) {
  const char *p = *cur, *end, *colon = NULL, *nm;
  size_t cl = 0, nl;
  if (!p || !*p) return 0;
  for (end = p; *end && *end != ','; end++)
    if (*end == ':' && !colon) colon = end;
  *cur = *end ? end + 1 : end;
  nm = colon ? colon + 1 : p;
  cl = colon ? (size_t)(colon - p) : 0;
  nl = (size_t)(end - nm);
  if ((colon && cl == 0) || nl == 0 || cl >= ccap || nl >= ncap) return -1;
  memcpy(coll, p, cl);
  coll[cl] = '\0';
  memcpy(name, nm, nl);
  name[nl] = '\0';
  return 1;
}

/* The algorithm named `name`, or IRR_ALG_COUNT. */
static inline irr_alg irr_alg_from_name(const char *name) {
  int a;
  for (a = 0; a < IRR_ALG_COUNT; a++)
    if (strcmp(name, irr_alg_name((irr_alg)a)) == 0) return (irr_alg)a;
  return IRR_ALG_COUNT;
}

/* The forced algorithm of collective `coll` (its name) in spec; *out is left alone if the
   spec says nothing about it. IRR_ERR_ARG (and nothing set) for a malformed spec, an entry
   for coll whose name is no algorithm of coll, or an entry without collective that names no
   algorithm at all. Entries for other collectives may name anything (mock-ups). */
static inline irr_status irr_alg_parse(const char *spec, const char *coll, irr_alg *out) {
  irr_alg found = IRR_ALG_COUNT;
  char c[32], name[64];
  int k, ci = -1, i;
  for (i = 0; i < IRR_COLL_COUNT; i++)
    if (strcmp(coll, irr_coll_name((irr_coll)i)) == 0) ci = i;
  while ((k = irr_alg_spec_next(&spec, c, sizeof c, name, sizeof name)) != 0) {
    irr_alg a;
    if (k < 0) return IRR_ERR_ARG;
    a = irr_alg_from_name(name);
    if (c[0] && strcmp(c, coll) != 0) continue;
    if (!c[0] && a == IRR_ALG_COUNT) return IRR_ERR_ARG;
    if (a != IRR_ALG_AUTO && (a == IRR_ALG_COUNT || ci < 0 || !irr_alg_find((irr_coll)ci, a))) {
      if (c[0]) return IRR_ERR_ARG;
      continue; /* a bare name applies only where it is an algorithm */
    }
    found = a;
  }
  if (found != IRR_ALG_COUNT) *out = found;
  return IRR_OK;
}
/* ==== end ir/registry.h ==== */
/* ==== begin ir/check.h ==== */
/* Symbolic checker: runs the programs of all ranks on block *labels* instead of data and
   verifies (DESIGN.md §3):
     - every op is in bounds (ranks, blocks, scratch) and programs are in round order;
     - sends match receives (k-th send s->d with k-th receive at d from s) with the same
       labels and length; the programs do not deadlock (run through the cost model);
     - nothing is read before it is defined: a send reads the state at the start of its
       round, a copy the state after the round's receives;
     - nothing is written twice, and input buffers are never written;
     - at the end, the receive buffers hold exactly what the collective specifies;
     - with spec.unknown (receivers do not know the sizes: XGatherv & co.), the sizes travel
       too: a rank knows its own size (the root of a scatter knows all), learns the sizes a
       message carries (IRR_OPF_COUNTS) or a probed single-block message has, and may only
       forward sizes it knows. At the end the receivers know what they must (the gather
       root: every size; a scatter rank: its own; allgather: every size). For gathers the
       sizes of empty blocks count as known: the tree construction announces the totals of
       subtrees, and an empty subtree sends nothing;
     - for reductions (Reduce_scatter, irr__chk_reduce), unit by unit, which element each
       unit holds and whose contributions: a receive-and-reduce combines disjoint sets (each
       contribution exactly once), in rank order when spec.ordered, and every rank ends with
       all p contributions to every unit of its block.
   Cost: O(n * k) for n ops, k = entries of a rank's buffer state (small for trees); meant
   for tests and tools, not for the MPI fast path. */

typedef struct irr_spec {
  irr_coll coll;
  int p, root;
  const int64_t *m; /* m[i]: units of block i */
  int inplace;      /* MPI_IN_PLACE at the root (allgather: everywhere): its block stays */
  int unknown;      /* receivers do not know the sizes: check that they learn them */
  int ordered;      /* reductions: the operation is not commutative, so contributions must
                       combine in rank order (irr__chk_reduce) */
} irr_spec;

typedef struct irr_check_report {
  int rank, op;      /* where the first error was found (-1: not tied to one op) */
  char what[160];
} irr_check_report;

/* one piece of buffer state: block b, units [x0, x1); TMP entries also carry their offset */
typedef struct irr__lab {
  int64_t off, x0, x1;
  int b, buf;
} irr__lab;

typedef struct irr__chk {
  const irr_spec *spec;
  irr__lab *lab;
  int n, cap;
  unsigned char *known; /* spec.unknown: sizes the rank knows, per block */
} irr__chk;

/* Is the label range defined in (buf, off)? For user buffers only presence counts; in TMP
   the labels must sit at the right offsets. */
static inline int irr__chk_has(const irr__chk *C, int buf, int64_t off, int b, int64_t x0,
                               int64_t x1) {
  int64_t cur = x0;
  while (cur < x1) {
    int i, found = 0;
    for (i = 0; i < C->n; i++) {
      const irr__lab *l = &C->lab[i];
      if (l->buf != buf || l->b != b || l->x0 > cur || l->x1 <= cur) continue;
      if (buf == IRR_BUF_TMP && l->off - l->x0 != off - x0) continue;
      cur = l->x1;
      found = 1;
      break;
    }
    if (!found) return 0;
  }
  return 1;
}

/* Does (buf, off, block b units [x0,x1)) overlap anything already written? */
static inline int irr__chk_overlaps(const irr__chk *C, int buf, int64_t off, int b, int64_t x0,
                                    int64_t x1) {
  int i;
  for (i = 0; i < C->n; i++) {
    const irr__lab *l = &C->lab[i];
    if (l->buf != buf) continue;
    if (buf == IRR_BUF_TMP) {
      int64_t a0 = l->off, a1 = l->off + (l->x1 - l->x0), b0 = off, b1 = off + (x1 - x0);
      if (a0 < b1 && b0 < a1) return 1;
    } else if (l->b == b && l->x0 < x1 && x0 < l->x1) {
      return 1;
    }
  }
  return 0;
}

static inline int irr__chk_add(irr__chk *C, int buf, int64_t off, int b, int64_t x0, int64_t x1) {
  if (C->n == C->cap) {
    int cap = C->cap ? 2 * C->cap : 64;
    irr__lab *l = (irr__lab *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr__lab));
    if (!l) return 0;
    if (C->n) memcpy(l, C->lab, (size_t)C->n * sizeof(irr__lab));
    if (C->lab) IRRCOLL_FREE(C->lab);
    C->lab = l;
    C->cap = cap;
  }
  C->lab[C->n].buf = buf;
  C->lab[C->n].off = off;
  C->lab[C->n].b = b;
  C->lab[C->n].x0 = x0;
  C->lab[C->n].x1 = x1;
  C->n++;
  return 1;
}

/* May rank r use buffer buf at all, and does it hold every block ("v" layout)? */
static inline int irr__chk_layout(const irr_spec *sp, int r, int buf, int *vlayout) {
  int root = r == sp->root;
  *vlayout = 0;
  if (buf == IRR_BUF_TMP || buf == IRR_BUF_NONE) return 1;
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* SEND: the rank's row; RECV: its column (labels say which) */
    *vlayout = 1;
    return 1;
  }
  if (sp->coll == IRR_COLL_ALLGATHERV || sp->coll == IRR_COLL_INTER_ALLGATHERV) {
    if (buf == IRR_BUF_SEND) return !sp->inplace;
    *vlayout = 1;
    return 1;
  }
  if (sp->coll == IRR_COLL_GATHERV) {
    if (buf == IRR_BUF_SEND) return !(root && sp->inplace);
    *vlayout = 1;
    return root;
  }
  /* scatterv */
  if (buf == IRR_BUF_SEND) { *vlayout = 1; return root; }
  return !(root && sp->inplace);
}

/* Apply f to each block piece of an op's label range: piece k covers block b units [x0,x1)
   and sits at `at` units after the op's start. Returns 0 if the range runs past the blocks. */
typedef int (*irr__piece_fn)(void *ctx, int b, int64_t x0, int64_t x1, int64_t at);
static inline int irr__for_pieces_at(const int64_t *m, int blo, int bhi, int64_t skip, int64_t len, int64_t at,
                                     irr__piece_fn f, void *ctx) {
  int b = blo;
  int64_t x = skip;
  len += at;
  while (at < len) {
    int64_t take;
    if (b >= bhi) return 0;
    if (x > m[b]) return 0;
    take = m[b] - x;
    if (take > len - at) take = len - at;
    if (take > 0 && !f(ctx, b, x, x + take, at)) return 0;
    at += take;
    x = 0;
    b++;
  }
  return 1;
}

typedef struct irr__chk_io {
  irr__chk *C;
  int buf, write, vlayout, rank;
  int64_t off;
  irr_status st;
} irr__chk_io;

static inline int irr__chk_piece(void *ctx, int b, int64_t x0, int64_t x1, int64_t at) {
  irr__chk_io *io = (irr__chk_io *)ctx;
  int64_t off = io->off + at;
  if (!io->vlayout && io->buf != IRR_BUF_TMP && b != io->rank) { io->st = IRR_ERR_BOUNDS; return 0; }
  if (io->write) {
    if (irr__chk_overlaps(io->C, io->buf, off, b, x0, x1)) { io->st = IRR_ERR_OVERWRITE; return 0; }
    if (!irr__chk_add(io->C, io->buf, off, b, x0, x1)) { io->st = IRR_ERR_NOMEM; return 0; }
  } else if (!irr__chk_has(io->C, io->buf, off, b, x0, x1)) {
    io->st = IRR_ERR_UNDEFINED;
    return 0;
  }
  return 1;
}

/* Read or write one side of an op on rank r. */
static inline irr_status irr__chk_side(irr__chk *C, int r, int buf, int64_t off, const irr_op *o,
                                       int write, const irr_sched *s) {
  irr__chk_io io;
  if (buf == IRR_BUF_NONE) return IRR_OK;
  if (!irr__chk_layout(C->spec, r, buf, &io.vlayout)) return IRR_ERR_BOUNDS;
  if (write && buf == IRR_BUF_SEND) return IRR_ERR_OVERWRITE;
  if (buf == IRR_BUF_TMP && off + o->len > s->tmp) return IRR_ERR_BOUNDS;
  io.C = C;
  io.buf = buf;
  io.write = write;
  io.rank = r;
  io.off = off;
  io.st = IRR_OK;
  if (o->flags & IRR_OPF_WRAP) { /* blo .. p-1, then 0 .. bhi-1 */
    int64_t first = 0;
    int b;
    if (o->bhi > o->blo || (o->flags & IRR_OPF_COUNTS)) return IRR_ERR_BOUNDS;
    for (b = o->blo; b < C->spec->p; b++) first += C->spec->m[b];
    first -= o->skip;
    if (first > o->len) first = o->len;
    if (!irr__for_pieces_at(C->spec->m, o->blo, C->spec->p, o->skip, first, 0, irr__chk_piece, &io) ||
        !irr__for_pieces_at(C->spec->m, 0, o->bhi, 0, o->len - first, first, irr__chk_piece, &io))
      return io.st != IRR_OK ? io.st : IRR_ERR_BOUNDS;
    return IRR_OK;
  }
  if (!irr__for_pieces_at(C->spec->m, o->blo, o->bhi, o->skip, o->len, 0, irr__chk_piece, &io))
    return io.st != IRR_OK ? io.st : IRR_ERR_BOUNDS;
  return IRR_OK;
}

/* Sizes: a send may carry only sizes its rank knows; receiving them teaches them. */
static inline int irr__chk_knows(const irr__chk *C, const irr_op *o) {
  int j, b, p = C->spec->p;
  for (j = 0; j < irr_op_nlabels(o, p); j++)
    if (b = irr_op_label(o, j, p), !C->known[b] && !(C->spec->coll == IRR_COLL_GATHERV && C->spec->m[b] == 0)) return 0;
  return 1;
}
static inline void irr__chk_learn(irr__chk *C, const irr_op *o) {
  int b;
  if (o->flags & IRR_OPF_COUNTS)
    for (b = o->blo; b < o->bhi; b++) C->known[b] = 1;
  else if ((o->flags & IRR_OPF_PROBE) && o->bhi - o->blo == 1)
    C->known[o->blo] = 1; /* the probed size is the block's */
}

static inline irr_status irr__chk_fail(irr_check_report *rep, irr_status st, int rank, int op,
                                       const char *what) {
  if (rep) {
    rep->rank = rank;
    rep->op = op;
    strncpy(rep->what, what, sizeof rep->what - 1);
    rep->what[sizeof rep->what - 1] = '\0';
  }
  return st;
}

/* Reject a specification the checker has no rules for; separate: the checks proper assume
   sane p, root and sizes. */
static inline irr_status irr__chk_spec(const irr_spec *sp, irr_check_report *rep) {
  int r, p = sp->p;
  if (p <= 0 || sp->root < 0 || sp->root >= p) return irr__chk_fail(rep, IRR_ERR_ROOT, -1, -1, "bad p or root");
  if (sp->coll == IRR_COLL_INTER_ALLGATHERV && (sp->root < 1 || sp->inplace))
    return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "intergroup: empty group A or in place");
  if (sp->coll == IRR_COLL_XALLTOALLV || ((unsigned)sp->coll > (unsigned)IRR_COLL_INTER_ALLGATHERV && sp->coll != IRR_COLL_ALLTOALLV)) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "no specification for this collective");
  if (sp->coll == IRR_COLL_ALLTOALLV && (p > IRR_A2A_MAXP || sp->inplace))
    return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "alltoallv: p too large or in place");
  for (r = 0; r < (sp->coll == IRR_COLL_ALLTOALLV ? p * p : p); r++)
    if (sp->m[r] < 0) return irr__chk_fail(rep, IRR_ERR_COUNT, r, -1, "negative block size");
  return IRR_OK;
}

/* Matched pairs carry the same labels; separate: the one check across ranks, which the
   per-rank data flow relies on. */
static inline irr_status irr__chk_pairs(const irr_sched *s, int p, const int64_t *base, const int64_t *partner,
                                        irr_check_report *rep) {
  int r, j;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j], *q;
      if (o->kind != IRR_OP_SEND) continue;
      q = &s[o->peer].ops[partner[base[r] + j] - base[o->peer]];
      if (q->len != o->len || (o->buf == IRR_BUF_NONE) != (q->buf == IRR_BUF_NONE) ||
          ((o->flags ^ q->flags) & (IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LANE)) ||
          (o->buf != IRR_BUF_NONE &&
           (q->blo != o->blo || q->bhi != o->bhi || q->skip != o->skip)))
        return irr__chk_fail(rep, IRR_ERR_MISMATCH, r, j, "send and its receive name different data");
    }
  return IRR_OK;
}

/* Lanes (IRR_OPF_LANE): the MPI executor runs a rank's lane-1 ops beside its lane-0 ops,
   so the checks above, which run the rounds one after the other, hold for any interleaving
   only if the lanes touch nothing in common but the input: no scratch unit (a receive's
   slot, a reduce's or copy's target, what a send or copy reads), and the receive buffer in
   one lane alone. Messages pair within a lane (irr__chk_pairs). O(n log n) a rank. */
typedef struct irr__lspan {
  int64_t a, b;
  int lane;
} irr__lspan;
static int irr__lspan_cmp(const void *x, const void *y) {
  int64_t a = ((const irr__lspan *)x)->a, b = ((const irr__lspan *)y)->a;
  return a < b ? -1 : a > b;
}
static inline irr_status irr__chk_lanes(const irr_sched *s, int p, irr_check_report *rep) {
  int r, j, n, any = 0;
  irr__lspan *v = NULL;
  irr_status st = IRR_OK;
  for (r = 0; r < p && !any; r++)
    for (j = 0; j < s[r].nops && !any; j++) any = (s[r].ops[j].flags & IRR_OPF_LANE) != 0;
  for (r = 0; r < p && any && st == IRR_OK; r++) {
    int recv = -1;
    int64_t end[2] = {INT64_MIN, INT64_MIN};
    if (!(v = (irr__lspan *)IRRCOLL_MALLOC((2 * (size_t)s[r].nops + 1) * sizeof *v))) return IRR_ERR_NOMEM;
    for (j = n = 0; j < s[r].nops && st == IRR_OK; j++) {
      const irr_op *o = &s[r].ops[j];
      int l = (o->flags & IRR_OPF_LANE) != 0, side, buf;
      for (side = 0; side < 2; side++) {
        buf = side ? o->dbuf : o->buf;
        if (buf == IRR_BUF_TMP && o->len > 0) v[n].a = side ? o->doff : o->off, v[n].b = v[n].a + o->len, v[n++].lane = l;
        if (buf == IRR_BUF_RECV && recv >= 0 && recv != l)
          st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "both lanes use the receive buffer");
        if (buf == IRR_BUF_RECV) recv = l;
      }
    }
    qsort(v, (size_t)n, sizeof *v, irr__lspan_cmp);
    for (j = 0; j < n && st == IRR_OK; j++) {
      if (v[j].a < end[!v[j].lane]) st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, -1, "both lanes use a scratch unit");
      if (v[j].b > end[v[j].lane]) end[v[j].lane] = v[j].b;
    }
    IRRCOLL_FREE(v);
  }
  return st;
}

/* Rank r's state before its first op: the blocks (and sizes) the collective gives it;
   separate: the collective's precondition. */
static inline irr_status irr__chk_start(irr__chk *C, int r) {
  const irr_spec *sp = C->spec;
  int p = sp->p;
  C->n = 0;
  if (C->known) {
    memset(C->known, sp->coll == IRR_COLL_SCATTERV && r == sp->root, (size_t)p);
    C->known[r] = 1;
  }
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* the row: labels d*p + (d - r) */
    int d;
    for (d = 0; d < p; d++) {
      int b = d * p + (d - r + p) % p;
      if (sp->m[b] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, b, 0, sp->m[b])) return IRR_ERR_NOMEM;
    }
  } else if (sp->coll == IRR_COLL_ALLGATHERV || sp->coll == IRR_COLL_INTER_ALLGATHERV) {
    if (sp->m[r] > 0 && !irr__chk_add(C, sp->inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
  } else if (sp->coll == IRR_COLL_GATHERV) {
    if (r == sp->root && sp->inplace) {
      if (sp->m[r] > 0 && !irr__chk_add(C, IRR_BUF_RECV, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
    } else if (sp->m[r] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
  } else if (r == sp->root) {
    int b;
    for (b = 0; b < p; b++)
      if (sp->m[b] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, b, 0, sp->m[b])) return IRR_ERR_NOMEM;
  }
  return IRR_OK;
}

/* One round, ops [lo, hi) of rank r: sends read the state at its start, then receives
   write, then copies; separate: this order is the semantics of a round. */
static inline irr_status irr__chk_round(irr__chk *C, const irr_sched *sc, int r, int lo, int hi,
                                        irr_check_report *rep) {
  irr_status st = IRR_OK;
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind == IRR_OP_SEND && (st = irr__chk_side(C, r, o->buf, o->off, o, 0, sc)) != IRR_OK)
      return irr__chk_fail(rep, st, r, j, "a send reads data that is not there");
    if (o->kind == IRR_OP_SEND && C->known && (o->flags & IRR_OPF_COUNTS) && !irr__chk_knows(C, o))
      return irr__chk_fail(rep, IRR_ERR_UNDEFINED, r, j, "a send carries sizes its rank does not know");
  }
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind == IRR_OP_RECV && (st = irr__chk_side(C, r, o->buf, o->off, o, 1, sc)) != IRR_OK)
      return irr__chk_fail(rep, st, r, j, "a receive writes where it may not");
    if (o->kind == IRR_OP_RECV && C->known) irr__chk_learn(C, o);
  }
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind != IRR_OP_COPY) continue;
    if (o->buf == IRR_BUF_NONE || o->dbuf == IRR_BUF_NONE ||
        (st = irr__chk_side(C, r, o->buf, o->off, o, 0, sc)) != IRR_OK ||
        (st = irr__chk_side(C, r, o->dbuf, o->doff, o, 1, sc)) != IRR_OK)
      return irr__chk_fail(rep, st != IRR_OK ? st : IRR_ERR_BOUNDS, r, j, "a copy reads or writes where it may not");
  }
  return IRR_OK;
}

/* Rank r's final state: exactly the specified blocks in its receive buffer, and the sizes
   it must return known; separate: the collective's postcondition. */
static inline irr_status irr__chk_end(const irr__chk *C, int r, irr_check_report *rep) {
  const irr_spec *sp = C->spec;
  int64_t want = 0, have = 0;
  int i, v, p = sp->p, usable = irr__chk_layout(sp, r, IRR_BUF_RECV, &v);
  for (i = 0; i < C->n; i++)
    if (C->lab[i].buf == IRR_BUF_RECV) have += C->lab[i].x1 - C->lab[i].x0;
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* the column: labels r*p .. r*p + p - 1 */
    int b;
    for (b = r * p; b < r * p + p; b++) {
      want += sp->m[b];
      if (!irr__chk_has(C, IRR_BUF_RECV, 0, b, 0, sp->m[b]))
        return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a block is missing in the receive buffer");
    }
  } else if (usable && v) { /* every block (gatherv root; intergroup: the other group's) */
    int b, b0 = 0, b1 = p;
    if (sp->coll == IRR_COLL_INTER_ALLGATHERV) b0 = r < sp->root ? sp->root : 0, b1 = r < sp->root ? p : sp->root;
    for (b = b0; b < b1; b++) {
      want += sp->m[b];
      if (!irr__chk_has(C, IRR_BUF_RECV, 0, b, 0, sp->m[b]))
        return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a block is missing in the receive buffer");
    }
  } else if (usable && sp->coll == IRR_COLL_SCATTERV) {
    want = sp->m[r];
    if (!irr__chk_has(C, IRR_BUF_RECV, 0, r, 0, sp->m[r]))
      return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "the rank's block is missing");
  }
  if (have != want) /* entries never overlap, so equal totals mean nothing extra */
    return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "the receive buffer holds more than specified");
  if (C->known) { /* the sizes the receiver must learn */
    irr_op all;
    memset(&all, 0, sizeof all);
    all.blo = sp->coll == IRR_COLL_SCATTERV ? r : 0;
    all.bhi = sp->coll == IRR_COLL_SCATTERV ? r + 1 : p;
    if ((sp->coll != IRR_COLL_GATHERV || r == sp->root) && !irr__chk_knows(C, &all))
      return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a receiver does not learn the sizes it must return");
  }
  return IRR_OK;
}

/* Rank r's data flow on its own, round by round (sends are verified at the sender and
   pairs carry equal labels, so receives are right too); separate: the per-rank half. */
static inline irr_status irr__chk_rank(irr__chk *C, const irr_sched *sc, int r, irr_check_report *rep) {
  irr_status st = irr__chk_start(C, r);
  int lo = 0;
  if (st != IRR_OK) return st;
  while (lo < sc->nops) {
    int hi = lo, rd = sc->ops[lo].round;
    while (hi < sc->nops && sc->ops[hi].round == rd) hi++;
    if ((st = irr__chk_round(C, sc, r, lo, hi, rep)) != IRR_OK) return st;
    lo = hi;
  }
  return irr__chk_end(C, r, rep);
}

/* ---- reductions: unit by unit ----
   The data is the vector of n = sum m_i units (block i at D_i = m_0 + ... + m_(i-1)). A
   unit's state is the element it holds (-1: nothing) and the set of ranks whose
   contributions it combines (a bit per rank: p <= 64). Rank r's SEND buffer holds element g
   with contribution {r} at g; its RECV buffer element D_r + k at k. Each rank runs round by
   round: its messages carry the state at the start of the sender's round, its receives
   land, its reduces combine (the slot a reduce's message arrived in is empty again after),
   then its copies run. Cost: O(units moved) plus O(p) a pass over the ranks. */
typedef struct irr__ru {
  int64_t e;     /* element, -1: undefined */
  uint64_t who;  /* contributions */
} irr__ru;

typedef struct irr__rchk {
  const irr_spec *sp;
  const irr_sched *s;
  int64_t *D;          /* p + 1 */
  irr__ru **recv, **tmp; /* per rank */
} irr__rchk;

/* The k-th unit of op o's side (buf, off) on rank r: its state, and the element it must
   be (*g). NULL: out of bounds. SEND units are made in *tmpu. */
static inline irr__ru *irr__rchk_unit(irr__rchk *R, int r, int buf, int64_t off, const irr_op *o, int64_t k,
                                      int64_t *g, irr__ru *tmpu) {
  int64_t n = R->D[R->sp->p], x;
  if (o->blo < 0 || o->blo >= R->sp->p || o->skip < 0) return NULL;
  x = R->D[o->blo] + o->skip + k;
  if (o->flags & IRR_OPF_WRAP) x = n > 0 ? x % n : x;
  if (x >= n) return NULL;
  *g = x;
  if (buf == IRR_BUF_SEND) {
    tmpu->e = x;
    tmpu->who = (uint64_t)1 << r;
    return tmpu;
  }
  if (buf == IRR_BUF_RECV) return x >= R->D[r] && x < R->D[r + 1] ? &R->recv[r][x - R->D[r]] : NULL;
  if (buf == IRR_BUF_TMP) return off + k < R->s[r].tmp ? &R->tmp[r][off + k] : NULL;
  return NULL;
}

/* Is w a run of consecutive ranks? Its lowest and highest. */
static inline int irr__rchk_run(uint64_t w, int *lo, int *hi) {
  int a = 0, b = 63;
  if (!w) return 0;
  while (!((w >> a) & 1)) a++;
  while (!((w >> b) & 1)) b--;
  *lo = a, *hi = b;
  return b - a == 63 ? w == ~(uint64_t)0 : w == ((((uint64_t)1 << (b - a + 1)) - 1) << a);
}

static inline irr_status irr__chk_reduce(const irr_sched *s, const irr_spec *sp, const int64_t *base,
                                         const int64_t *partner, irr_check_report *rep) {
  int p = sp->p, r, progress;
  int64_t *moff = NULL, nmsg = 0, g = -1, k;
  unsigned char *snap = NULL;
  irr__ru *msg = NULL, one;
  irr__rchk R;
  irr_status st = IRR_OK;
  int *pos = NULL;
  uint64_t full = p == 64 ? ~(uint64_t)0 : (((uint64_t)1 << p) - 1);
  memset(&R, 0, sizeof R);
  R.sp = sp, R.s = s;
  if (p > 64 || sp->inplace) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "reductions: p > 64 or in place");
  R.D = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  R.recv = (irr__ru **)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(irr__ru *));
  pos = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
  moff = (int64_t *)IRRCOLL_MALLOC(((size_t)base[p] + 1) * sizeof(int64_t));
  if (!R.D || !R.recv || !pos || !moff) { st = IRR_ERR_NOMEM; goto out; }
  memset(R.recv, 0, (size_t)p * 2 * sizeof(irr__ru *));
  R.tmp = R.recv + p;
  R.D[0] = 0;
  for (r = 0; r < p; r++) R.D[r + 1] = R.D[r] + sp->m[r];
  for (r = 0; r < p; r++) {
    int j;
    R.recv[r] = (irr__ru *)IRRCOLL_MALLOC((size_t)(sp->m[r] + 1) * sizeof(irr__ru));
    R.tmp[r] = (irr__ru *)IRRCOLL_MALLOC((size_t)(s[r].tmp + 1) * sizeof(irr__ru));
    if (!R.recv[r] || !R.tmp[r]) { st = IRR_ERR_NOMEM; goto out; }
    for (k = 0; k < sp->m[r]; k++) R.recv[r][k].e = -1, R.recv[r][k].who = 0;
    for (k = 0; k < s[r].tmp; k++) R.tmp[r][k].e = -1, R.tmp[r][k].who = 0;
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      if ((o->flags & IRR_OPF_REDUCE) && (o->kind != IRR_OP_RECV || o->buf != IRR_BUF_TMP || o->dbuf == IRR_BUF_SEND ||
                                         o->dbuf == IRR_BUF_NONE)) {
        st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a reduce is no receive into scratch combining into a buffer");
        goto out;
      }
      moff[base[r] + j] = nmsg;
      if (o->kind == IRR_OP_SEND) nmsg += o->len;
    }
    pos[r] = 0;
  }
  if (!(msg = (irr__ru *)IRRCOLL_MALLOC((size_t)(nmsg + 1) * sizeof(irr__ru))) ||
      !(snap = (unsigned char *)IRRCOLL_MALLOC((size_t)base[p] + 1))) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  memset(snap, 0, (size_t)base[p] + 1);
  /* Ranks advance on their own: a rank entering a round takes its sends' data (snap), and
     ends the round once every receive's send has been taken. */
  for (progress = 1; progress;) {
    progress = 0;
    for (r = 0; r < p; r++) {
      int j, hi, phase, rd;
      if (pos[r] >= s[r].nops) continue;
      rd = s[r].ops[pos[r]].round;
      for (hi = pos[r]; hi < s[r].nops && s[r].ops[hi].round == rd; hi++) {
        const irr_op *o = &s[r].ops[hi];
        if (o->kind != IRR_OP_SEND || snap[base[r] + hi]) continue;
        for (k = 0; k < o->len; k++) {
          irr__ru *u = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
          if (!u || u->e != g) { st = irr__chk_fail(rep, u ? IRR_ERR_UNDEFINED : IRR_ERR_BOUNDS, r, hi, "a send reads data that is not there"); goto out; }
          msg[moff[base[r] + hi] + k] = *u;
        }
        snap[base[r] + hi] = 1;
        progress = 1;
      }
      for (j = pos[r]; j < hi; j++)
        if (s[r].ops[j].kind == IRR_OP_RECV && !snap[partner[base[r] + j]]) break;
      if (j < hi) continue; /* a send it waits for is in a later round of its sender */
      for (phase = 1; phase < 4; phase++)
        for (j = pos[r]; j < hi; j++) {
          const irr_op *o = &s[r].ops[j];
          if (phase == 1 && o->kind == IRR_OP_RECV) {
            const irr__ru *in = msg + moff[partner[base[r] + j]];
            for (k = 0; k < o->len; k++) {
              irr__ru *u = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              if (!u || o->buf == IRR_BUF_SEND) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a receive writes where it may not"); goto out; }
              if (u->e >= 0) { st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "a receive writes over data"); goto out; }
              if (in[k].e != g) { st = irr__chk_fail(rep, IRR_ERR_MISMATCH, r, j, "a message carries other elements"); goto out; }
              *u = in[k];
            }
          } else if (phase == 2 && (o->flags & IRR_OPF_REDUCE)) {
            for (k = 0; k < o->len; k++) {
              int64_t g2;
              irr__ru *a = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              irr__ru *acc = irr__rchk_unit(&R, r, o->dbuf, o->doff, o, k, &g2, &one);
              int al, ah, bl, bh;
              if (!a || !acc) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a reduce outside its buffers"); goto out; }
              if (acc->e != g) { st = irr__chk_fail(rep, IRR_ERR_UNDEFINED, r, j, "a reduce into data that is not there"); goto out; }
              if (a->who & acc->who) { st = irr__chk_fail(rep, IRR_ERR_RESULT, r, j, "a reduce combines a contribution twice"); goto out; }
              if (sp->ordered && (!irr__rchk_run(a->who, &al, &ah) || !irr__rchk_run(acc->who, &bl, &bh) ||
                                  ((o->flags & IRR_OPF_RIGHT) ? bh + 1 != al : ah + 1 != bl))) {
                st = irr__chk_fail(rep, IRR_ERR_RESULT, r, j, "a reduce breaks rank order");
                goto out;
              }
              acc->who |= a->who;
              a->e = -1, a->who = 0; /* the slot is free again */
            }
          } else if (phase == 3 && o->kind == IRR_OP_COPY) {
            for (k = 0; k < o->len; k++) {
              int64_t g2;
              irr__ru *a = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              irr__ru src, *d;
              if (!a || a->e != g) { st = irr__chk_fail(rep, a ? IRR_ERR_UNDEFINED : IRR_ERR_BOUNDS, r, j, "a copy reads data that is not there"); goto out; }
              src = *a;
              d = irr__rchk_unit(&R, r, o->dbuf, o->doff, o, k, &g2, &one);
              if (!d || o->dbuf == IRR_BUF_SEND) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a copy writes where it may not"); goto out; }
              if (d->e >= 0) { st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "a copy writes over data"); goto out; }
              *d = src;
            }
          }
        }
      pos[r] = hi;
      progress = 1;
    }
  }
  for (r = 0; r < p; r++)
    if (pos[r] < s[r].nops) { st = irr__chk_fail(rep, IRR_ERR_DEADLOCK, r, pos[r], "a round waits forever"); goto out; }
  for (r = 0; r < p; r++)
    for (k = 0; k < sp->m[r]; k++)
      if (R.recv[r][k].e != R.D[r] + k || R.recv[r][k].who != full) {
        st = irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a unit of the rank's block lacks contributions");
        goto out;
      }
out:
  if (R.recv)
    for (r = 0; r < 2 * p; r++)
      if (R.recv[r]) IRRCOLL_FREE(R.recv[r]);
  if (R.recv) IRRCOLL_FREE(R.recv);
  if (R.D) IRRCOLL_FREE(R.D);
  if (pos) IRRCOLL_FREE(pos);
  if (moff) IRRCOLL_FREE(moff);
  if (msg) IRRCOLL_FREE(msg);
  if (snap) IRRCOLL_FREE(snap);
  return st;
}

/* Check the programs s[0..p-1] against the specification. rep (optional) says where the
   first error is. */
static inline irr_status irr_sched_check(const irr_sched *s, const irr_spec *sp,
                                         irr_check_report *rep) {
  int p = sp->p, r;
  int64_t *base = NULL, *partner = NULL, n = 0;
  irr__chk C;
  irr_status st = IRR_OK;
  irr_model unit = irr_model_ab(1.0, 0.0);
  irr_cost c;
  if (rep) { rep->rank = rep->op = -1; rep->what[0] = '\0'; }
  if (sp->coll == IRR_COLL_REDUCE_SCATTER) { /* its own rules: irr__chk_reduce */
    if (p <= 0) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "bad p");
    for (r = 0; r < p; r++)
      if (sp->m[r] < 0) return irr__chk_fail(rep, IRR_ERR_COUNT, r, -1, "negative block size");
  } else if ((st = irr__chk_spec(sp, rep)) != IRR_OK) {
    return st;
  }
  C.spec = sp;
  C.lab = NULL;
  C.n = C.cap = 0;
  C.known = NULL;
  base = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!base) return IRR_ERR_NOMEM;
  if (sp->unknown && !(C.known = (unsigned char *)IRRCOLL_MALLOC((size_t)p))) { st = IRR_ERR_NOMEM; goto out; }
  for (r = 0; r < p; r++) {
    if (s[r].rank != r || s[r].size != p) { st = irr__chk_fail(rep, IRR_ERR_ARG, r, -1, "program of the wrong rank or size"); goto out; }
    if (s[r].err != IRR_OK) { st = irr__chk_fail(rep, s[r].err, r, -1, "the generator reported an error"); goto out; }
    base[r] = n;
    n += s[r].nops;
  }
  base[p] = n;
  partner = (int64_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int64_t));
  if (!partner) { st = IRR_ERR_NOMEM; goto out; }
  st = irr__sched_match(s, p, base, partner);
  if (st != IRR_OK) { st = irr__chk_fail(rep, st, -1, -1, "sends and receives do not pair up"); goto out; }
  if ((st = irr__chk_pairs(s, p, base, partner, rep)) != IRR_OK || (st = irr__chk_lanes(s, p, rep)) != IRR_OK) goto out;
  st = irr_sched_cost(s, p, unit, &c, NULL); /* deadlock: the cost model must run every message */
  if (st != IRR_OK) { st = irr__chk_fail(rep, st, -1, -1, "the cost model cannot run the programs"); goto out; }
  if (sp->coll == IRR_COLL_REDUCE_SCATTER) st = irr__chk_reduce(s, sp, base, partner, rep);
  else
    for (r = 0; r < p && st == IRR_OK; r++) st = irr__chk_rank(&C, &s[r], r, rep);
out:
  if (C.lab) IRRCOLL_FREE(C.lab);
  if (C.known) IRRCOLL_FREE(C.known);
  if (base) IRRCOLL_FREE(base);
  if (partner) IRRCOLL_FREE(partner);
  return st;
}
/* ==== end ir/check.h ==== */
/* ==== begin algo/common/hypercube.h ==== */
/* Ordered-hypercube gather trees (Träff 2017, "Practical, linear-time, fully distributed
   algorithms for irregular gather and scatter", Section 2, Lemmas 1-3, Theorem 1).

   What it computes: a gather (and, reversed, scatter) tree over ranks 0..p-1 for block sizes
   m_i. Ranks form an ordered, possibly incomplete hypercube: at level d the subcubes
   [a*2^d, (a+1)*2^d) are merged pairwise (a even with a+1). Each subcube has a *gather root*
   that holds all its data in rank order. When two subcubes merge, the gather root with the
   smaller gather-time estimate T = M - m_g (data of the subcube not at its gather root) sends
   everything to the other (ties: the subcube with less data sends; then the upper one
   sends). With an externally given root (MPI), the subcube holding it always wins (Lemma 2).
   Blocks always travel in rank order: every message is one consecutive range of blocks.

     p = 7, m = 2 5 1 0 3 3 4, free root: the subcubes after the merges of level d
     (* gather root; T = M - m_g of the two sides that merge):
       d = 0  [0 1*][2* 3][4* 5][6*] T all 0: less data sends, else the upper one:
                                     0->1, 3->2 (empty: no message), 5->4; 6 no partner
       d = 1  [0 1* 2 3][4* 5 6]     T 2 vs 0: 2->1 (1 unit); T 3 vs 0: 6->4 (4 units)
       d = 2  [0 1 2 3 4* 5 6]       T 8-5 = 3 vs 10-3 = 7: 1->4 (8 units, blocks 0..3)
     Rank 4 is the root. With root 1 given (Lemma 2) 4 sends its 10 units to 1 instead.
     The fixed roots exchange at d = 0: 0-1, 2-3, 4-5; d = 1: 1-3, 5-6; d = 2: 3-6 (bit 2
     of 3 flipped is 7 >= p, so p-1).

   Cost (Theorem 1): the data phase takes at most L*alpha + beta*(sum_{i!=r} m_i + penalty),
   L = ceil(log2 p), where penalty = max_j (M_j - m_{r_j} - sum_{k<j} M_k) over the subcubes
   H_j that the fixed root r gathers from (0 for a free root, Lemma 1); the distributed
   construction (Lemma 3) adds 2L rounds of 24-byte messages: 3L*alpha in all.

   Construction (Lemma 3), as pure per-rank functions: every subcube has a *fixed root*, its
   last rank (computable by anyone), holding (g, M, m_g) of the subcube. In level d the fixed
   roots of the two subcubes exchange these (irr_tree_exchange) and both decide the same
   winner (irr_tree_decide). The merged subcube's fixed root is the upper one; the lower one
   retires, and it is the one that tells *both* gather roots the outcome (irr_tree_expect /
   irr_tree_apply), unless a gather root is its own fixed root and knows already. In the
   paper each fixed root tells its own gather root; then the surviving fixed root must send
   a note before its next exchange, and in the single-ported model the chain of exchanges
   costs 2L message times. Here the survivors only exchange: the chain costs L, the notes
   hang off it, and the construction takes about L+2 message times instead of 2L.
   With p not a power of two only rank p-1 is special: a fixed root whose partner (flip bit
   d) would be >= p pairs with p-1 instead (irr_tree_partner).

   Limits: sizes are int64_t units; p < 2^31. The size-oblivious binomial tree used as a
   baseline is the same machinery with the rule "root's side, else the lower subcube wins". */

#define IRR_TREE_MAXLEV 32

enum { IRR_TREE_LINEAR_TIME = 0, IRR_TREE_BINOMIAL = 1 };

typedef struct irr_tree_info {
  int64_t g;  /* gather root of the subcube (-1: none, its data went straight to the root) */
  int64_t M;  /* units in the subcube that still travel through the tree */
  int64_t mg; /* units of the gather root's own block */
  int64_t nd; /* subcubes inside that send straight to the root (graceful degradation) */
  int64_t h;  /* their fingerprint: sum of irr_tree_mix(g, M) over them */
} irr_tree_info;

typedef struct irr_tree_note {
  int64_t win;      /* what its gather root does (IRR_TREE_LOSE / _WIN / _WIN_DIRECT / _DIRECT,
                       irr_tree_merge): send to other_g, receive from it, receive and then
                       send the union straight to the root, or send its own subcube there */
  int64_t other_g;  /* the other subcube's gather root */
  int64_t other_M;  /* units in the other subcube */
  int64_t other_nd, other_h; /* its direct senders (irr_tree_info.nd, .h) */
} irr_tree_note;

typedef struct irr_tree_child {
  int rank, level; /* the child sends in this level ... */
  int64_t size;    /* ... this many units (never 0: empty subcubes send nothing) */
} irr_tree_child;

/* One rank's view of the tree: its state during construction, its result afterwards. */
typedef struct irr_tree {
  int rank, p, root, rule, levels;
  int d;                 /* next level of the construction */
  int is_gather;         /* still the gather root of its level-d subcube */
  int parent;            /* -1 at the tree's root */
  int send_level;        /* level in which it sends to parent (levels at the root); a
                            direct sender: the level of the subcube it sends */
  int direct;            /* sends its subcube straight to the root (graceful degradation) */
  int note_last;         /* a direct sender: the last level whose outcome it hears (-1: none) */
  int64_t thresh;        /* degradation threshold (units); INT64_MAX: none */
  int64_t own;           /* m_rank */
  int64_t total;         /* units it holds as gather root: own + children */
  irr_tree_info fr;      /* while the fixed root of its level-d subcube: the summary */
  int nchild;
  irr_tree_child child[IRR_TREE_MAXLEV];  /* in level order */
  int notify[2][IRR_TREE_MAXLEV];         /* as lower fixed root in level d: the gather
                                             roots it tells (own side, partner's side) */
  int64_t heard[IRR_TREE_MAXLEV];         /* as winner in level d: units the other subcube
                                             announced (-1: no merge); lets an MPI root check
                                             the senders' sizes against its counts */
  int64_t heard_nd[IRR_TREE_MAXLEV], heard_h[IRR_TREE_MAXLEV]; /* ... and its direct senders */
} irr_tree;

/* A direct sender's fingerprint: the root compares the sum over a subcube's direct senders
   with what its counts give, before it posts receives from them. */
static inline int64_t irr_tree_mix(int64_t g, int64_t M) {
  uint64_t x = (uint64_t)g * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)M + 0x632BE59BD9B4E019ULL);
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 29;
  return (int64_t)(x & 0x7FFFFFFFFFFFFFFFULL);
}
static inline int64_t irr_tree_hadd(int64_t a, int64_t b) { /* wrapping sum of fingerprints */
  return (int64_t)(((uint64_t)a + (uint64_t)b) & 0x7FFFFFFFFFFFFFFFULL);
}

/* ceil(log2 p): levels of the hypercube */
static inline int irr_tree_levels(int p) {
  int d = 0;
  while (d < 31 && (1LL << d) < p) d++;
  return d;
}

/* ranks [*lo, *hi) of the level-d subcube with index a */
static inline void irr_tree_cube(int64_t a, int d, int p, int *lo, int *hi) {
  int64_t l = a << d, h = (a + 1) << d;
  *lo = (int)(l < p ? l : p);
  *hi = (int)(h < p ? h : p);
}

/* fixed root of the level-d subcube holding rank r: its last rank */
static inline int irr_tree_fixed_root(int r, int d, int p) {
  int64_t f = ((((int64_t)r >> d) + 1) << d) - 1;
  return (int)(f < p - 1 ? f : p - 1);
}

/* Partner of fixed root f in level d: flip bit d; if that is past p-1, the incomplete
   upper subcube's fixed root is p-1. -1 if f's subcube has no partner in this level. */
static inline int irr_tree_partner(int f, int d, int p) {
  int64_t a = (int64_t)f >> d;
  if (a & 1) return (int)((a << d) - 1);
  if (((a + 1) << d) >= p) return -1;
  return irr_tree_fixed_root((int)((a + 1) << d), d, p);
}

/* Lemmas 1/2: 1 if the upper subcube's gather root becomes the gather root of the union.
   root_side: 0 the fixed root is in the lower subcube, 1 in the upper, -1 in neither. */
static inline int irr_tree_upper_wins(const irr_tree_info *lo, const irr_tree_info *hi,
                                      int root_side, int rule) {
  int64_t tlo = lo->M - lo->mg, thi = hi->M - hi->mg;
  if (root_side >= 0) return root_side;
  if (lo->g < 0 || hi->g < 0) return lo->g < 0 && hi->g >= 0; /* a side whose data left wins nothing */
  if (rule == IRR_TREE_BINOMIAL) return 0;
  if (tlo != thi) return thi > tlo;   /* the faster one sends to the slower */
  if (lo->M != hi->M) return hi->M > lo->M; /* tie: less data sends */
  return 0;
}

/* The summary of rank r's level-0 subcube, its own block: gone straight to the root (g < 0,
   counted once in nd and h) when the block exceeds thresh and r is not the root. The one
   place of the level-0 rule, for the distributed construction and the central builder. */
static inline irr_tree_info irr_tree_leaf(int r, int64_t own, int root, int64_t thresh) {
  irr_tree_info f;
  f.g = r, f.M = f.mg = own, f.nd = f.h = 0;
  if (root >= 0 && r != root && own > thresh) f.g = -1, f.M = f.mg = 0, f.nd = 1, f.h = irr_tree_mix(r, own);
  return f;
}

/* The rank stops being a gather root and sends its subcube of level send_level straight to
   the root; note_last: the last level whose outcome it heard (-1: none). */
static inline void irr__tree_go_direct(irr_tree *t, int send_level, int note_last) {
  t->direct = 1, t->is_gather = 0, t->parent = t->root, t->send_level = send_level, t->note_last = note_last;
}

static inline void irr_tree_init(irr_tree *t, int rank, int p, int root, int rule, int64_t own) {
  int i;
  t->rank = rank;
  t->p = p;
  t->root = root;
  t->rule = rule;
  t->levels = irr_tree_levels(p);
  t->d = 0;
  t->is_gather = 1;
  t->parent = -1;
  t->send_level = t->levels;
  t->direct = 0;
  t->note_last = -1;
  t->thresh = INT64_MAX;
  t->own = own;
  t->total = own;
  t->fr = irr_tree_leaf(rank, own, root, INT64_MAX);
  t->nchild = 0;
  for (i = 0; i < IRR_TREE_MAXLEV; i++)
    t->notify[0][i] = t->notify[1][i] = -1, t->heard[i] = -1, t->heard_nd[i] = t->heard_h[i] = 0;
}

/* Graceful degradation (seed 000, Section 3, proposed there, not implemented): a subcube
   without the root whose data exceeds thresh units sends it straight to the root instead of
   merging on; from then on it counts as empty. Call right after irr_tree_init (fixed root
   only). A block above thresh is such a subcube at level 0. */
static inline void irr_tree_degrade(irr_tree *t, int64_t thresh) {
  t->thresh = thresh;
  t->fr = irr_tree_leaf(t->rank, t->own, t->root, thresh);
  if (t->fr.g < 0) irr__tree_go_direct(t, 0, -1);
}

/* What a merge tells a side's gather root (irr_tree_note.win). */
enum { IRR_TREE_LOSE = 0, IRR_TREE_WIN = 1, IRR_TREE_WIN_DIRECT = 2, IRR_TREE_DIRECT = 3 };

/* The summary of the union of lo and hi, and what each side's gather root does (act[0] lo,
   act[1] hi: IRR_TREE_*). Degradation keeps every subcube without the root either whole
   (no direct sender inside: its data is one consecutive range of blocks, so one message
   carries it) or gone (g < 0: all its data went to the root). So a subcube meeting a gone
   one goes too (IRR_TREE_DIRECT: its gather root sends it to the root now), and a union
   above thresh goes after the merge (IRR_TREE_WIN_DIRECT). */
static inline irr_tree_info irr_tree_merge(const irr_tree_info *lo, const irr_tree_info *hi, int up, int root_side,
                                           int64_t thresh, int act[2]) {
  irr_tree_info u;
  const irr_tree_info *side[2] = {lo, hi};
  int i, gone = root_side < 0 && (lo->g < 0 || hi->g < 0);
  u.g = up ? hi->g : lo->g;
  u.mg = up ? hi->mg : lo->mg;
  u.M = irr__sat_add(lo->M, hi->M);
  u.nd = lo->nd + hi->nd;
  u.h = irr_tree_hadd(lo->h, hi->h);
  act[0] = up ? IRR_TREE_LOSE : IRR_TREE_WIN;
  act[1] = up ? IRR_TREE_WIN : IRR_TREE_LOSE;
  if (gone) { /* each whole side with data sends it to the root itself */
    for (i = 0; i < 2; i++) {
      act[i] = side[i]->g < 0 ? IRR_TREE_LOSE : IRR_TREE_DIRECT;
      if (side[i]->g >= 0 && side[i]->M > 0) u.nd++, u.h = irr_tree_hadd(u.h, irr_tree_mix(side[i]->g, side[i]->M));
    }
  } else if (root_side < 0 && u.M > thresh) { /* merge, then the union goes */
    act[up] = IRR_TREE_WIN_DIRECT;
    u.nd++, u.h = irr_tree_hadd(u.h, irr_tree_mix(u.g, u.M));
  }
  if (gone || act[up] == IRR_TREE_WIN_DIRECT) u.g = -1, u.M = u.mg = 0;
  return u;
}

/* Level t->d, step 1: if this rank is a fixed root with a partner, returns the partner and
   the summary to send it; else -1. */
static inline int irr_tree_exchange(const irr_tree *t, irr_tree_info *mine) {
  int partner;
  if (t->d >= t->levels || irr_tree_fixed_root(t->rank, t->d, t->p) != t->rank) return -1;
  partner = irr_tree_partner(t->rank, t->d, t->p);
  if (partner >= 0) *mine = t->fr;
  return partner;
}

/* Level t->d, step 2, at a fixed root that got its partner's summary: decide the winner
   (both fixed roots decide the same); the upper one keeps the merged summary. notes[0] is
   the outcome for this rank's own subcube's gather root, notes[1] for the partner's. On
   return, target[i] is who must receive notes[i]: this rank itself (apply it locally),
   another rank (send it), or -1 (nobody: the partner fixed root handles it). */
static inline void irr_tree_decide(irr_tree *t, const irr_tree_info *other, irr_tree_note notes[2],
                                   int target[2]) {
  int d = t->d, p = t->p, partner = irr_tree_partner(t->rank, d, p);
  int lower = t->rank < partner, lo0, hi0, lo1, hi1, side = -1, up;
  const irr_tree_info *lo = lower ? &t->fr : other, *hi = lower ? other : &t->fr;
  irr_tree_info merged;
  int act[2];
  irr_tree_cube(((int64_t)(lower ? t->rank : partner) >> d), d, p, &lo0, &hi0);
  irr_tree_cube(((int64_t)(lower ? partner : t->rank) >> d), d, p, &lo1, &hi1);
  if (t->root >= lo0 && t->root < hi0) side = 0;
  if (t->root >= lo1 && t->root < hi1) side = 1;
  up = irr_tree_upper_wins(lo, hi, side, t->rule);
  merged = irr_tree_merge(lo, hi, up, side, t->thresh, act);
  notes[0].win = act[!lower];
  notes[0].other_g = other->g;
  notes[0].other_M = other->M;
  notes[0].other_nd = other->nd;
  notes[0].other_h = other->h;
  notes[1].win = act[lower];
  notes[1].other_g = t->fr.g;
  notes[1].other_M = t->fr.M;
  notes[1].other_nd = t->fr.nd;
  notes[1].other_h = t->fr.h;
  if (lower) { /* retiring: tell both gather roots, except one that is its own fixed root */
    target[0] = (int)t->fr.g;
    target[1] = other->g == partner ? -1 : (int)other->g;
    if (d < IRR_TREE_MAXLEV) {
      t->notify[0][d] = target[0] == t->rank ? -1 : target[0];
      t->notify[1][d] = target[1];
    }
  } else { /* surviving: only its own gather root, and only if that is itself */
    target[0] = t->fr.g == t->rank ? t->rank : -1;
    target[1] = -1;
  }
  if (!lower) t->fr = merged;
}

/* Level t->d: the fixed root from which this gather root expects the outcome (the lower
   fixed root of the merge), or -1: not a gather root, no merge in this level, or it is its
   own fixed root and decides itself. */
static inline int irr_tree_expect(const irr_tree *t) {
  int f, partner;
  if (!t->is_gather || t->d >= t->levels) return -1;
  f = irr_tree_fixed_root(t->rank, t->d, t->p);
  partner = irr_tree_partner(f, t->d, t->p);
  if (f == t->rank || partner < 0) return -1;
  return f < partner ? f : partner;
}

/* Level t->d: a gather root learns the outcome of the merge. */
static inline void irr_tree_apply(irr_tree *t, const irr_tree_note *n) {
  IRRCOLL_ASSERT(t->is_gather && t->d < t->levels && t->d < IRR_TREE_MAXLEV);
  if (n->win == IRR_TREE_DIRECT) { /* its whole subcube of level d goes to the root now */
    irr__tree_go_direct(t, t->d, t->d);
  } else if (n->win) {
    if (t->d < IRR_TREE_MAXLEV) t->heard[t->d] = n->other_M, t->heard_nd[t->d] = n->other_nd, t->heard_h[t->d] = n->other_h;
    if (n->other_M > 0 && t->nchild < IRR_TREE_MAXLEV) {
      irr_tree_child *c = &t->child[t->nchild++];
      c->rank = (int)n->other_g;
      c->level = t->d;
      c->size = n->other_M;
    }
    t->total = irr__sat_add(t->total, n->other_M);
    if (n->win == IRR_TREE_WIN_DIRECT) irr__tree_go_direct(t, t->d + 1, t->d); /* the union of level d + 1 */
  } else {
    t->is_gather = 0;
    t->parent = (int)n->other_g;
    t->send_level = t->d;
  }
}

static inline void irr_tree_next(irr_tree *t) { t->d++; }

/* ---- centralized builder (Lemma 1, free root, root < 0; Lemma 2, fixed root) ----
   O(p) time. Keeps, for every level d and subcube a, its gather root G and its data M before
   the merge of level d, so that every rank's view (irr_tree_view) is O(log p) to build. */

typedef struct irr_tree_all {
  int p, root, rule, levels;
  int groot;           /* the tree's root (== root when given) */
  int *parent, *level; /* per rank: where and in which level it sends (-1, levels: root) */
  int *direct;         /* per rank: it sends the subcube of its level to the root (graceful
                          degradation); 0: no, 1: from the start, d + 2: told in level d */
  int64_t thresh;      /* degradation threshold (INT64_MAX: none) */
  int *G;              /* G[lvoff[d] + a]: gather root of subcube a at level d (-1: none) */
  int64_t *M;          /* M[lvoff[d] + a]: units in it that travel through the tree */
  int64_t *ND, *H;     /* ND/H[lvoff[d] + a]: its direct senders (irr_tree_info nd, h) */
  const int64_t *m;
  int64_t lvoff[IRR_TREE_MAXLEV + 2];
} irr_tree_all;

static inline void irr_tree_all_free(irr_tree_all *T) {
  if (T->parent) IRRCOLL_FREE(T->parent);
  if (T->G) IRRCOLL_FREE(T->G);
  if (T->M) IRRCOLL_FREE(T->M);
  T->parent = T->level = T->direct = T->G = NULL;
  T->M = T->ND = T->H = NULL;
}

/* Subcube j's summary in T (its gather root's own block mg kept apart, per level) */
static inline irr_tree_info irr__tree_get(const irr_tree_all *T, int64_t j, int64_t mg) {
  irr_tree_info f;
  f.g = T->G[j], f.M = T->M[j], f.mg = mg, f.nd = T->ND[j], f.h = T->H[j];
  return f;
}
static inline void irr__tree_put(irr_tree_all *T, int64_t j, const irr_tree_info *f) {
  T->G[j] = (int)f->g, T->M[j] = f->M, T->ND[j] = f->nd, T->H[j] = f->h;
}

/* The merges of level d from the summaries of level d into those of level d + 1. */
static inline void irr__tree_build_level(irr_tree_all *T, int d, int64_t *mg) {
  int p = T->p, root = T->root;
  int64_t o0 = T->lvoff[d], o1 = T->lvoff[d + 1], cubes = o1 - o0, a;
  for (a = 0; a < cubes; a += 2) {
    int lo0, hi0, lo1 = p, hi1 = p, side = -1, up, act[2], k;
    irr_tree_info lo, hi, u;
    int64_t j = o1 + a / 2;
    if (a + 1 >= cubes) { /* no partner: the subcube passes on unchanged */
      u = irr__tree_get(T, o0 + a, mg[a]);
      irr__tree_put(T, j, &u);
      mg[a / 2] = mg[a];
      continue;
    }
    irr_tree_cube(a, d, p, &lo0, &hi0);
    irr_tree_cube(a + 1, d, p, &lo1, &hi1);
    if (root >= lo0 && root < hi0) side = 0;
    if (root >= lo1 && root < hi1) side = 1;
    lo = irr__tree_get(T, o0 + a, mg[a]);
    hi = irr__tree_get(T, o0 + a + 1, mg[a + 1]);
    up = irr_tree_upper_wins(&lo, &hi, side, T->rule);
    u = irr_tree_merge(&lo, &hi, up, side, T->thresh, act);
    for (k = 0; k < 2; k++) {
      int g = (int)(k ? hi.g : lo.g), other = (int)(k ? lo.g : hi.g);
      if (g < 0) continue;
      if (act[k] == IRR_TREE_LOSE) T->parent[g] = other, T->level[g] = d;
      else if (act[k] != IRR_TREE_WIN) /* to the root: its level-d cube, or the union's */
        T->parent[g] = root, T->level[g] = d + (act[k] == IRR_TREE_WIN_DIRECT), T->direct[g] = d + 2;
    }
    irr__tree_put(T, j, &u);
    mg[a / 2] = u.mg;
  }
}

/* The whole tree for sizes m (thresh: graceful degradation's threshold, INT64_MAX: none). */
static inline irr_status irr_tree_build_t(irr_tree_all *T, int p, int root, int rule, const int64_t *m,
                                          int64_t thresh) {
  int d, L, i;
  int64_t n = 0;
  int64_t *mg = NULL;
  memset(T, 0, sizeof *T);
  if (p <= 0 || root >= p) return IRR_ERR_ROOT;
  L = irr_tree_levels(p);
  T->p = p, T->root = root, T->rule = rule, T->levels = L, T->m = m;
  T->thresh = root >= 0 ? thresh : INT64_MAX;
  for (d = 0; d <= L; d++) {
    T->lvoff[d] = n;
    n += (((int64_t)p - 1) >> d) + 1;
  }
  T->lvoff[L + 1] = n;
  T->parent = (int *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int));
  T->G = (int *)IRRCOLL_MALLOC((size_t)n * sizeof(int));
  T->M = (int64_t *)IRRCOLL_MALLOC((size_t)n * 3 * sizeof(int64_t));
  mg = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  if (!T->parent || !T->G || !T->M || !mg) {
    if (mg) IRRCOLL_FREE(mg);
    irr_tree_all_free(T);
    return IRR_ERR_NOMEM;
  }
  T->level = T->parent + p, T->direct = T->parent + 2 * p;
  T->ND = T->M + n, T->H = T->M + 2 * n;
  for (i = 0; i < p; i++) {
    irr_tree_info f;
    if (m[i] < 0) { IRRCOLL_FREE(mg); irr_tree_all_free(T); return IRR_ERR_COUNT; }
    f = irr_tree_leaf(i, m[i], root, T->thresh);
    irr__tree_put(T, i, &f);
    mg[i] = f.mg;
    T->parent[i] = f.g < 0 ? root : -1, T->level[i] = f.g < 0 ? 0 : L, T->direct[i] = f.g < 0;
  }
  for (d = 0; d < L; d++) irr__tree_build_level(T, d, mg);
  T->groot = T->G[T->lvoff[L]];
  IRRCOLL_FREE(mg);
  return IRR_OK;
}
static inline irr_status irr_tree_build(irr_tree_all *T, int p, int root, int rule, const int64_t *m) {
  return irr_tree_build_t(T, p, root, rule, m, INT64_MAX);
}

/* 1 if rank q of a built tree sends straight to the root; [*lo, *hi): the subcube it sends. */
static inline int irr_tree_direct_range(const irr_tree_all *T, int q, int *lo, int *hi) {
  if (!T->direct[q]) return 0;
  irr_tree_cube((int64_t)q >> T->level[q], T->level[q], T->p, lo, hi);
  return 1;
}

/* Rank r's view of a built tree: the same fields the distributed construction ends with. */
static inline void irr_tree_view(const irr_tree_all *T, int r, irr_tree *t) {
  int d, p = T->p;
  irr_tree_init(t, r, p, T->root, T->rule, T->m[r]);
  t->thresh = T->thresh;
  t->parent = T->parent[r];
  t->send_level = T->level[r];
  t->direct = T->direct[r] > 0;
  t->note_last = T->direct[r] - 2;
  t->is_gather = t->parent < 0;
  t->d = T->levels;
  for (d = 0; d < t->send_level && d < T->levels; d++) {
    int64_t sib = ((int64_t)r >> d) ^ 1;
    if (sib < T->lvoff[d + 1] - T->lvoff[d] && T->M[T->lvoff[d] + sib] > 0) {
      irr_tree_child *c = &t->child[t->nchild++];
      c->rank = T->G[T->lvoff[d] + sib];
      c->level = d;
      c->size = T->M[T->lvoff[d] + sib];
    }
    if (sib < T->lvoff[d + 1] - T->lvoff[d]) {
      t->heard[d] = T->M[T->lvoff[d] + sib];
      t->heard_nd[d] = T->ND[T->lvoff[d] + sib], t->heard_h[d] = T->H[T->lvoff[d] + sib];
      t->total = irr__sat_add(t->total, t->heard[d]);
    }
  }
  for (d = 0; d < T->levels; d++) { /* lower fixed root: tell both gather roots */
    int partner = irr_tree_partner(r, d, p);
    if (irr_tree_fixed_root(r, d, p) == r && partner > r) {
      int gl = T->G[T->lvoff[d] + ((int64_t)r >> d)], gu = T->G[T->lvoff[d] + ((int64_t)r >> d) + 1];
      t->notify[0][d] = gl == r ? -1 : gl;
      t->notify[1][d] = gu == partner ? -1 : gu;
    }
  }
}
/* ==== end algo/common/hypercube.h ==== */
/* ==== begin algo/common/circulant.h ==== */
/* Round-optimal n-block broadcast schedules on a circulant graph (Träff).

   What it computes. For p ranks, q = ceil(log2 p) and the skips
       s_q = p,  s_k = ceil(s_{k+1} / 2)  (k = q-1 .. 0),  so s_0 = 1 < s_1 < ... < s_q = p,
   a broadcast of n blocks from root 0 runs in n - 1 + q rounds, the lower bound of the
   one-ported, fully bidirectional model. In round i (k = i mod q) every rank r sends to
   (r + s_k) mod p and receives from (r - s_k) mod p: the same q-regular circulant graph for
   every root, so the p broadcasts of an allgather (root j uses relative ranks (r - j) mod p)
   run in the same rounds over the same edges. Each relative rank r has
     baseblock b(r)     the block (in 0..q; the root has q) it first receives,
     recvblock[0..q-1]  in round k of a phase it receives block recvblock[k] from r - s_k;
     its sendblock[k] is the recvblock[k] of r + s_k (the root's: block k).
   Block indices are relative to the phase: negative means "none yet". Round i of the
   broadcast adds q * floor((i + x) / q) - x to them, x = (q - (n-1) mod q) mod q (the first
   phase is cut short so that the last one ends at block n-1); an index below 0 is not sent,
   one above n-1 stands for block n-1 (irr_circ_bcast_block below decides who really gets it).

   Source: J. L. Träff, "Round-optimal n-block broadcast schedules in logarithmic time",
   arXiv 2312.11236 (2023) and "Optimal broadcast schedules in logarithmic time with
   applications to broadcast, all-broadcast, reduction and all-reduction", arXiv 2407.18004
   (2024): Section 2 (the circulant graph and the skips, the baseblock as the last skip of
   r's greedy decomposition r = s_{e1} + s_{e2} + ... ), the receive schedule (Algorithm 1: for
   each k, the largest baseblock not yet taken among the ranks r - s_{k+1} < r' <= r - s_k,
   found by a depth-first search over skip sums with a list of the baseblocks still free),
   and the n-block broadcast (Algorithm 3, the clamp of block indices to n - 1). The paper's
   O(log p) send schedule is not used: an allgather needs every relative rank's recvblock
   anyway (one O(log p) search each), and a rank's sendblock is its receiver's recvblock.

   CAVEAT. The receive search as written here (and as MPICH writes it) is NOT right for
   every p: for p just above a power of two (p = 33, 65..81, 129..177, 257..299, ...) a few
   ranks (r = 1, r = 34, ...) get two blocks of a phase in the wrong rounds, so a sender
   would send a block it receives only in the same round. irr_circ_table repairs those
   rows by swapping entries and then verifies every sender; the paper's exact search rule
   (its handling of the window's lower end) is what should replace the repair. The use for (irregular) allgather: arXiv 2205.10072, Section 4. MPICH's
   circ_graph (src/mpi/coll/algorithms/circ_graph, regular allgather only) was read for the
   same structure; this is our own code.

   Cost: O(log p) time and space per rank's receive search (3 (q + 1) ints of work);
   irr_circ_table, all p rows with the repair and its check: O(p log^2 p), O(p log p) space.
   Limits: 1 <= p < 2^30. Correctness is not proved here: test_circulant checks the table
   and the n-block broadcast against a round-by-round simulation for every p = 1..300 and
   several n (every rank gets every block once, in n - 1 + q rounds, from a sender that
   holds it), and the table's own check for p up to 2^15. */

/* q = ceil(log2 p) (0 for p = 1) */
static inline int irr_circ_q(int p) {
  int q = 0;
  while (q < 31 && (1 << q) < p) q++;
  return q;
}

/* skip[0..q]: skip[q] = p, skip[k] = ceil(skip[k+1] / 2). Returns q. */
static inline int irr_circ_skips(int p, int *skip) {
  int q = irr_circ_q(p), k;
  skip[q] = p;
  for (k = q - 1; k >= 0; k--) skip[k] = (skip[k + 1] + 1) / 2;
  return q;
}

/* Baseblock of relative rank r: q for the root; else the last skip index of the greedy
   decomposition of r into decreasing skips. */
static inline int irr_circ_baseblock(int r, const int *skip, int q) {
  int k;
  if (r == 0) return q;
  for (k = q - 1; k >= 0; k--)
    if (r >= skip[k] && (r -= skip[k]) == 0) return k;
  return -1; /* not reached: every 0 < r < p is a sum of decreasing skips */
}

/* recv[0..q-1] of relative rank r. work: 3 (q + 1) ints.
   Depth-first over sums v = p + s_{e1} + s_{e2} + ... (e1 > e2 > ..., only baseblocks still
   free), in decreasing order of the skips: for round k it looks for the sum in
   (r + p - s_{k+1}, r + p - s_k] whose last skip is the largest free baseblock, takes that
   baseblock and goes on to round k + 1 from there (the windows are adjacent, so the search
   never restarts). The value q (the root) stands for r's own baseblock, found in the
   round where the root's window holds r; the others are blocks of the previous phase. */
static inline void irr_circ_recvblocks(int r, int p, const int *skip, int q, int *recv, int *work) {
  int *stack = work, *nxt = work + (q + 1), *prv = work + 2 * (q + 1);
  int b = irr_circ_baseblock(r, skip, q), e, k = 0, sp = 0, v, lo, hi;
  if (q == 0) return;
  for (e = 0; e <= q; e++) { nxt[e] = e - 1; prv[e] = e + 1; }
  prv[q] = -1;
#define IRR__CIRC_UNLINK(x)                    \
  do {                                         \
    if (prv[x] >= 0) nxt[prv[x]] = nxt[x];     \
    if (nxt[x] >= 0) prv[nxt[x]] = prv[x];     \
  } while (0)
  IRR__CIRC_UNLINK(b);
  e = q;
  v = skip[q];
  stack[sp++] = q;
  lo = r + p - skip[1];
  hi = r + p - skip[0];
  while (k < q) {
    if (v < lo || (v == lo && nxt[e] >= 0)) { /* too small: add the next free skip */
      e = nxt[e];
      if (e < 0) { recv[k++] = -q - 1; break; } /* not reached (test_circulant) */
      v += skip[e];
      stack[sp++] = e;
    } else if (v > hi) { /* too large: drop the last skip, try the next smaller one */
      v -= skip[stack[--sp]];
    } else { /* in the window: its last skip is round k's block */
      e = stack[sp - 1];
      recv[k++] = e;
      IRR__CIRC_UNLINK(e);
      v -= skip[stack[--sp]];
      hi = lo;
      lo = k < q ? r + p - skip[k + 1] : 0;
    }
  }
#undef IRR__CIRC_UNLINK
  for (k = 0; k < q; k++) recv[k] = recv[k] == q ? b : recv[k] - q;
}

/* Does relative rank f hold phase block blk at the start of round k? The root holds every
   block; another rank the previous phase's baseblock b - q and what it received in rounds
   0 .. k-1 (blocks older than the phase are never asked for). R: the p x q table. */
static inline int irr__circ_holds(const int *R, const int *base, int q, int f, int k, int blk) {
  int j;
  if (f == 0) return blk < q;
  if (blk == base[f] - q) return 1;
  for (j = 0; j < k; j++)
    if (R[(size_t)f * q + j] == blk) return 1;
  return 0;
}

/* recvblock of every relative rank: R[r q + k], r = 0..p-1 (row 0, the root's, unused).
   work: 4 (q + 1) + p ints. Each row is irr_circ_recvblocks, O(log p); then a repair pass:
   for the few ranks where that search picks, in rounds k and k', blocks whose senders
   (r - s_k, r - s_k') do not hold them yet (seen for p just above a power of two, e.g.
   p = 33, r = 1: rounds 2 and 3), the two entries are swapped when that makes both senders
   hold theirs; repeated until every sender holds what it sends (at most q passes).
   Returns 0 when the table is consistent (every p = 1..300 in test_circulant, and the
   checks up to 2^14 there), -1 if the repair got stuck: the caller must not use it then.
   O(p log p) in all, O(p q^2) for the check. */
static inline int irr_circ_table(int p, const int *skip, int q, int *R, int *work) {
  int *base = work + 3 * (q + 1), r, k, j, pass, bad = 1;
  for (r = 0; r < p; r++) {
    base[r] = irr_circ_baseblock(r, skip, q);
    irr_circ_recvblocks(r, p, skip, q, R + (size_t)r * q, work);
  }
  for (pass = 0; pass <= q + 1 && bad; pass++) {
    bad = 0;
    for (r = 1; r < p; r++)
      for (k = 0; k < q; k++) {
        int *row = R + (size_t)r * q, f = (r - skip[k] + p) % p;
        if (irr__circ_holds(R, base, q, f, k, row[k])) continue;
        bad = 1;
        for (j = 0; j < q; j++) {
          int g = (r - skip[j] + p) % p, t;
          if (j == k || !irr__circ_holds(R, base, q, f, k, row[j]) || !irr__circ_holds(R, base, q, g, j, row[k])) continue;
          t = row[j], row[j] = row[k], row[k] = t;
          break;
        }
      }
  }
  if (bad) return -1;
  for (r = 1; r < p; r++) /* the last pass changed nothing; make sure */
    for (k = 0; k < q; k++)
      if (!irr__circ_holds(R, base, q, (r - skip[k] + p) % p, k, R[(size_t)r * q + k])) return -1;
  return 0;
}

/* What the Allgatherv choice needs of the table, p alone (the MPI layer keeps it per
   communicator with the table): for each round k of a phase, how many relative ranks w >= 1
   have recvblock[k] = v, v = -q .. q - 1 (cnt[k][v + q]); ok: the table's repair succeeded
   (else the circulant schedule is not used on p ranks). O(p q). */
typedef struct irr_circ_sum {
  int p, q, ok;
  int cnt[31][62];
} irr_circ_sum;
static inline void irr_circ_summarize(int p, const int *R, int ok, irr_circ_sum *cs) {
  int w, k;
  memset(cs, 0, sizeof *cs);
  cs->p = p, cs->q = irr_circ_q(p), cs->ok = ok;
  for (w = 1; ok && w < p; w++)
    for (k = 0; k < cs->q; k++) cs->cnt[k][R[(size_t)w * cs->q + k] + cs->q]++;
}

/* Round t (0 .. n-2+q) of the n-block broadcast: the phase offset added to recvblock and
   sendblock indices, and the round's k. */
static inline int irr_circ_offset(int t, int n, int q, int *k) {
  int x = (q - (n - 1) % q) % q;
  *k = (t + x) % q;
  return (t + x) / q * q - x;
}

/* Last-phase rule: indices above n-1 stand for block n-1 (Algorithm 3), which a rank needs
   once. first_last(r) is the first round t whose receive index of relative rank r, shifted,
   is >= n-1: there r receives block n-1; later such rounds are skipped by both sides (the
   paper sends n-1 again; a message here is paid by its bytes). recv: r's recvblock. */
static inline int irr_circ_first_last(const int *recv, int n, int q) {
  int t, k, R = n - 1 + q;
  for (t = (R - 2 * q > 0 ? R - 2 * q : 0); t < R; t++) {
    int off = irr_circ_offset(t, n, q, &k);
    if (recv[k] + off >= n - 1) return t;
  }
  return R;
}

/* The block relative rank r receives in round t of an n-block broadcast, or -1 (none):
   recv = r's recvblock, fl = irr_circ_first_last(recv, n, q). The sender (r - s_k) sends the
   same block in the same round; it holds it (test_circulant). */
static inline int irr_circ_bcast_block(const int *recv, int fl, int r, int t, int n, int q) {
  int k, off = irr_circ_offset(t, n, q, &k), blk = recv[k] + off;
  if (r == 0 || blk < 0) return -1;
  if (blk >= n - 1) return t == fl ? n - 1 : -1;
  return blk;
}
/* ==== end algo/common/circulant.h ==== */
/* ==== begin algo/gatherv/tree.h ==== */
/* Gatherv and Scatterv (its mirror): the root ends with every rank's block at its
   displacement (gather), or every rank with its block from the root (scatter). This part:
   Träff's linear-time tree, seed 000 (Träff 2017, Section 2, Lemmas 1-3, Theorem 1), on the
   trees of algo/common/hypercube.h, and the binomial baseline; linear and direct (MPICH's and
   Open MPI's, and irrcoll's for small p): linear.h.

   irr_gatherv_tree / irr_scatterv_tree: the data phase of Träff's linear-time gather and
   scatter (Section 2) on a rank's tree view (algo/common/hypercube.h). Gather: a rank receives its children's
   ranges (all posted at once, so they arrive as they become ready), then sends its whole
   range to its parent in one message; blocks stay in rank order, so an inner node keeps its
   subtree contiguous in scratch and the root receives straight into its buffer. Scatter is
   the mirror: receive the range from the parent, then send to the children from the highest
   level down, one after the other (each send its own round: the order Theorem 1's analysis
   needs; sending to whichever child is ready first can delay the largest subtree).
   Cost: Theorem 1 (hypercube.h), ceil(log2 p) alpha + beta (sum_{i != root} m_i + penalty).
   Scratch: an inner non-root rank holds its subtree's data (`total` units); leaves and the
   root need none. With ctrl != 0 the schedule starts with the 2L rounds of 24-unit control
   messages of the distributed construction (Lemma 3, notes sent by the retiring fixed
   roots: hypercube.h), so the cost model charges them too.

   Binomial baseline: the tree generators on a size-oblivious tree (IRR_TREE_BINOMIAL);
   the model charges no size exchange for it, which favours the baseline.

     p = 5, root 2, m = 1 1 1 1 1 (gather; scatter runs the arrows backwards):
       linear / direct             tree (hypercube.h)
         0 ---\                      level 0:  1 -> 0 [1]    3 -> 2 [3]
         1 ----\                     level 1:  0 -> 2 [0 1]  (one range, rank order)
         3 -----> 2  4 messages      level 2:  4 -> 2 [4]
         4 ----/     at the root     3 messages at the root, ceil(log2 p) levels

   Limits: p < 2^31; a program needs irr_v_maxops ops (the root of linear: p + 1, direct: 3p).

   m_root: at the root, the expected sizes of all blocks (MPI: recvcounts/sendcounts); the
   root then sizes its messages by what it expects, so a sender/root mismatch surfaces as a
   short or truncated message instead of corrupting a neighbour's block. NULL: use the tree. */

#define IRR_TREE_CTRL_UNITS 40 /* (g, M, m_g, nd, h) or a note: five 64-bit words */

/* Graceful degradation's threshold (seed 000, Section 3): a subtree holding more than
   K alpha / beta bytes sends straight to the root (Gatherv, XGatherv), or gets its range
   from it (Scatterv's xtree, XScatterv). A block that takes K start-ups to transfer gains
   nothing from sharing the root's start-ups, and each extra hop through the tree costs its
   whole transfer again on the critical path (Lemma 2's penalty); but every direct message
   is one more the root takes at its port. Gathers: K = 2; scatters: K = 1/2. SMPI, p = 256,
   root p/2, the six distributions of seed 000 (README, Gatherv): at b = 1000 ints K = 1/2
   made Gatherv's root take about 128 direct pairs, and it ran 0.98-1.26 of MPI_Gatherv,
   where K = 2 ran 1.11-1.74 (b = 100: 2.7-3.3 against 3.3-3.7; from b = 10^4 the same);
   Scatterv's xtree, which needs no construction, was faster with K = 1/2 at both sizes
   (b = 1000: 1.11-1.20 against 1.05-1.12). From the model, so equal on all ranks. */
#define IRR_DEGRADE_K 2.0
#define IRR_DEGRADE_K_SCATTER 0.5
static inline int64_t irr__v_thresh(double k, irr_model md) {
  double t = k * md.alpha / md.beta;
  return t >= 9.0e18 ? INT64_MAX : (int64_t)t;
}
static inline int64_t irr_gatherv_thresh(irr_model md) { return irr__v_thresh(IRR_DEGRADE_K, md); }
static inline int64_t irr_scatterv_thresh(irr_model md) { return irr__v_thresh(IRR_DEGRADE_K_SCATTER, md); }

/* The construction's control messages of Lemma 3, rounds 0 .. 2L-1. */
static inline void irr__tree_ctrl(const irr_tree *t, irr_sched *s) {
  int d, r = t->rank, p = t->p;
  for (d = 0; d < t->levels; d++) {
    int f = irr_tree_fixed_root(r, d, p), partner = f == r ? irr_tree_partner(r, d, p) : -1;
    int gather_here = t->parent < 0 || d <= (t->direct ? t->note_last : t->send_level); /* hears level d's outcome */
    int fp = irr_tree_partner(f, d, p);
    if (partner >= 0) {
      irr_sched_ctrl(s, 2 * d, IRR_OP_SEND, partner, IRR_TREE_CTRL_UNITS);
      irr_sched_ctrl(s, 2 * d, IRR_OP_RECV, partner, IRR_TREE_CTRL_UNITS);
      if (t->notify[0][d] >= 0) irr_sched_ctrl(s, 2 * d + 1, IRR_OP_SEND, t->notify[0][d], IRR_TREE_CTRL_UNITS);
      if (t->notify[1][d] >= 0) irr_sched_ctrl(s, 2 * d + 1, IRR_OP_SEND, t->notify[1][d], IRR_TREE_CTRL_UNITS);
    }
    if (gather_here && f != r && fp >= 0) /* told by the lower fixed root of the merge */
      irr_sched_ctrl(s, 2 * d + 1, IRR_OP_RECV, f < fp ? f : fp, IRR_TREE_CTRL_UNITS);
  }
}

/* blocks [*lo, *hi) a child in level l brings: the subcube next to the receiver's */
static inline void irr__child_range(const irr_tree *t, const irr_tree_child *c, int *lo, int *hi) {
  irr_tree_cube(((int64_t)t->rank >> c->level) ^ 1, c->level, t->p, lo, hi);
}

/* Scratch offsets of the children's ranges and of the own block in an inner rank's
   contiguous subtree range (rank order). off[i] for child i, *own_off for the own block. */
static inline void irr__tree_layout(const irr_tree *t, int64_t *off, int64_t *own_off) {
  int64_t lo = 0, hi = t->own;
  int i;
  for (i = 0; i < t->nchild; i++) {
    if (t->child[i].rank < t->rank) { lo -= t->child[i].size; off[i] = lo; }
    else { off[i] = hi; hi += t->child[i].size; }
  }
  for (i = 0; i < t->nchild; i++) off[i] -= lo;
  *own_off = -lo;
  IRRCOLL_ASSERT(hi - lo == t->total); /* the children and the own block tile the range */
}

/* The root's receives from the direct senders of graceful degradation (T: the tree built
   from the root's counts; they all arrive in round R, with the children's messages). */
static inline void irr__tree_direct_recvs(const irr_tree_all *T, const int64_t *m, int R, irr_sched *s) {
  int q, lo, hi;
  int64_t len;
  for (q = 0; T && q < T->p; q++) {
    int n0 = s->nops;
    if (!irr_tree_direct_range(T, q, &lo, &hi)) continue;
    if ((len = irr__range_sum(m, lo, hi)) == 0) continue; /* told to go, with nothing to send */
    irr_sched_recv(s, R, q, IRR_BUF_RECV, 0, lo, hi, len);
    irr__flag_msgs(s, n0, IRR_OPF_EOM);
  }
}

static inline irr_status irr__tree_v(int scatter, const irr_tree *t, const irr_tree_all *T, const int64_t *m_root,
                                     int inplace, int ctrl, irr_sched *s) {
  int r = t->rank, i, R = ctrl ? 2 * t->levels : 0, lo, hi, n0;
  int vbuf = scatter ? IRR_BUF_SEND : IRR_BUF_RECV; /* the root's buffer of all blocks */
  int obuf = scatter ? IRR_BUF_RECV : IRR_BUF_SEND; /* the own-block buffer */
  int64_t off[IRR_TREE_MAXLEV], own_off = 0;
  if (s->rank != r || s->size != t->p) return IRR_ERR_ARG;
  if (ctrl) irr__tree_ctrl(t, s);
  if (t->parent < 0) { /* the root: straight from/into the user's buffer */
    for (i = 0; i < t->nchild; i++) {
      const irr_tree_child *c = &t->child[scatter ? t->nchild - 1 - i : i];
      int64_t len = c->size;
      irr__child_range(t, c, &lo, &hi);
      if (m_root) len = irr__range_sum(m_root, lo, hi);
      if (len == 0) continue;
      if (scatter) irr_sched_send(s, R + i, c->rank, vbuf, 0, lo, hi, len);
      else irr_sched_recv(s, R, c->rank, vbuf, 0, lo, hi, len);
    }
    if (!scatter) irr__tree_direct_recvs(T, m_root ? m_root : T ? T->m : NULL, R, s);
    if (!inplace && t->own > 0 && (!m_root || m_root[r] == t->own)) /* after round R's messages */
      irr_sched_push(s, R + (scatter && t->nchild > 0 ? t->nchild - 1 : 0), IRR_OP_COPY, -1,
                     scatter ? vbuf : obuf, 0, scatter ? obuf : vbuf, 0, r, r + 1, 0, t->own);
    return s->err;
  }
  irr_tree_cube((int64_t)r >> t->send_level, t->send_level, t->p, &lo, &hi);
  n0 = s->nops; /* a direct sender's one message ends with a short piece (IRR_OPF_EOM) */
  if (t->nchild == 0) { /* a leaf: its own block is all the data of its subcube */
    if (t->own > 0) {
      if (scatter) irr_sched_recv(s, R, t->parent, obuf, 0, lo, hi, t->own);
      else irr_sched_send(s, R, t->parent, obuf, 0, lo, hi, t->own);
    }
    if (t->direct) irr__flag_msgs(s, n0, IRR_OPF_EOM);
    return s->err;
  }
  irr__tree_layout(t, off, &own_off);
  if (scatter) {
    irr_sched_recv(s, R, t->parent, IRR_BUF_TMP, 0, lo, hi, t->total);
    if (t->own > 0) irr_sched_copy(s, R + 1, IRR_BUF_TMP, own_off, obuf, 0, r, r + 1, t->own);
    for (i = t->nchild - 1; i >= 0; i--) {
      int clo, chi;
      irr__child_range(t, &t->child[i], &clo, &chi);
      irr_sched_send(s, R + t->nchild - i, t->child[i].rank, IRR_BUF_TMP, off[i], clo, chi, t->child[i].size);
    }
  } else {
    for (i = 0; i < t->nchild; i++) {
      int clo, chi;
      irr__child_range(t, &t->child[i], &clo, &chi);
      irr_sched_recv(s, R, t->child[i].rank, IRR_BUF_TMP, off[i], clo, chi, t->child[i].size);
    }
    if (t->own > 0) irr_sched_copy(s, R, obuf, 0, IRR_BUF_TMP, own_off, r, r + 1, t->own);
    if (t->direct) n0 = s->nops;
    irr_sched_send(s, R + 1, t->parent, IRR_BUF_TMP, 0, lo, hi, t->total);
    if (t->direct) irr__flag_msgs(s, n0, IRR_OPF_EOM);
  }
  return s->err;
}

/* T: at the root of a degraded tree (t->thresh < INT64_MAX), the whole tree (from its
   counts), whose direct senders it receives from; else NULL. */
static inline irr_status irr_gatherv_tree(const irr_tree *t, const irr_tree_all *T, const int64_t *m_root,
                                          int inplace, int ctrl, irr_sched *s) {
  return irr__tree_v(0, t, T, m_root, inplace, ctrl, s);
}
static inline irr_status irr_scatterv_tree(const irr_tree *t, const int64_t *m_root, int inplace,
                                           int ctrl, irr_sched *s) {
  return irr__tree_v(1, t, NULL, m_root, inplace, ctrl, s);
}

/* Theorem 1's bound for the tree (free root: penalty 0): 3L*alpha (2L with ctrl = 0) +
   beta*(sum_{i != r} m_i + penalty + 2L*24 with ctrl). */
static inline double irr_gatherv_tree_bound(int p, int root, const int64_t *m, int ctrl,
                                            irr_model md) {
  irr_tree_all T;
  int L = irr_tree_levels(p), d, i;
  int64_t sum = 0, pen = 0, before = 0;
  double b;
  for (i = 0; i < p; i++)
    if (i != root) sum = irr__sat_add(sum, m[i]);
  if (root >= 0 && irr_tree_build(&T, p, root, IRR_TREE_LINEAR_TIME, m) == IRR_OK) {
    for (d = 0; d < L; d++) { /* H_d: the subcube merged into the root's in level d */
      int64_t sib = ((int64_t)root >> d) ^ 1, Mj, mrj, x;
      if (sib >= T.lvoff[d + 1] - T.lvoff[d]) continue;
      Mj = T.M[T.lvoff[d] + sib];
      mrj = m[T.G[T.lvoff[d] + sib]];
      x = Mj - mrj - before;
      if (x > pen) pen = x;
      before = irr__sat_add(before, Mj);
    }
    irr_tree_all_free(&T);
  }
  b = L * md.alpha + md.beta * (double)(sum + pen);
  if (ctrl) b += 2.0 * L * (md.alpha + md.beta * IRR_TREE_CTRL_UNITS);
  return b;
}
/* ==== end algo/gatherv/tree.h ==== */
/* ==== begin algo/gatherv/linear.h ==== */
/* Gatherv and Scatterv without a tree (IRR_ALG_LINEAR, IRR_ALG_DIRECT).

   irr_gatherv_linear / irr_scatterv_linear: every rank with data talks to the root directly,
   as MPICH and Open MPI do for MPI_Gatherv/MPI_Scatterv: (p-1) alpha + beta sum_{i != root}
   m_i, all start-ups at the root.
   irr_gatherv_direct / irr_scatterv_direct: the same, but every rank exchanges a message
   with the root, empty ones too, so a size mismatch is still caught without MPI truncating
   or a rank waiting for a message that never comes; no construction, so for small p it
   beats the tree (IRR_V_DIRECT_MAXP). Gatherv's messages carry their size ahead of their
   data (irr_gatherv_direct_h), so its root posts every receive at once, as MPI's linear
   Gatherv does (probing each first put 63 probes on the root's critical path: mpi/rooted.h).
   The blocking Scatterv runs its plain program straight on the user's buffers (mpi/direct.h:
   a probe tells each receiver its size first); the executor's form of it (nonblocking and
   persistent calls; IRRCOLL_CHECK), IRR__V_EXEC, probes sizes (IRR_OPF_PROBE).
   Limits: p < 2^31; the root's program needs p + 1 ops (linear), 3p (direct). */

/* The direct Gatherv: every block straight to the root, with no probe, and nothing a
   sender's bad size could make MPI truncate. A sender sends a head: its size
   (IRR_OPF_COUNTS) and the first min(c, H) units of its block, and when c > H the rest, on
   the other tag. The root posts every head at once, as MPI's linear Gatherv posts its
   receives: into place for a block it expects to hold >= H units, else into a scratch slot
   with room for H (IRR_OPF_ROOM), then copied. Once the heads are in (round 1) it posts
   the rests it expects, exactly sized. The MPI layer checks each head's size against the
   root's count after round 0 (mpi/rooted.h): on a mismatch it drains the rest that sender
   sends and cancels the rest it expected.
   Cost: one message per block up to H units, two above; scratch 8 + H per block below H at
   the root. Replaces probing every message first,
   which cost up to 0.35 of MPI_Gatherv's speed (SMPI, p = 16 and 32).
   H: IRR_HEAD_ROOM bytes in the MPI layer, whose executor posts ROOM receives that large;
   other values only in the checker's tests. A block just above H pays for its rest's
   handshake, posted once its head is in: SMPI (p = 16..64, o = 0.5 us) measured blocks of
   40 KB at 0.90 of MPI_Gatherv with H = 32 KiB, 0.94 with 64 KiB, and one 400 KB block at
   0.96 with 128 KiB; 512 KiB keeps the loss of a split block under about 4% (the extra
   round trip against >= 52 us of transfer at 10 GB/s). The price is the root's scratch,
   8 + H per block it expects below H: up to 32 MB of address space at p = 64, of which
   only the pages that messages write are touched (malloc + free of it: 0.6 us here). */
#ifndef IRR_HEAD_ROOM
#define IRR_HEAD_ROOM 524288
#endif
static inline irr_status irr_gatherv_direct_h(int rank, int p, int root, int64_t own, const int64_t *m_root,
                                              int inplace, int64_t H, irr_sched *s) {
  int i, n0;
  if (rank != root) {
    n0 = s->nops;
    irr_sched_send(s, 0, root, IRR_BUF_SEND, 0, rank, rank + 1, own < H ? own : H);
    irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    if (own > H && irr_sched_push(s, 0, IRR_OP_SEND, root, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, rank, rank + 1, H, own - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
    return s->err;
  }
  for (i = 0; i < p; i++) /* the large blocks' heads first: their rests wait on them */
    if (i != root && m_root && m_root[i] >= H) {
      n0 = s->nops;
      irr_sched_recv(s, 0, i, IRR_BUF_RECV, 0, i, i + 1, H);
      irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    }
  for (i = 0; i < p; i++) { /* no counts (bad arguments): expect empty blocks */
    int64_t len = m_root ? m_root[i] : 0, slot = s->tmp;
    if (i == root || len >= H) continue;
    s->tmp += 8 + H; /* the slot: the size header's 8 bytes, then room for H units */
    irr_sched_recv(s, 0, i, IRR_BUF_TMP, slot + 8, i, i + 1, len);
    if (s->err == IRR_OK) s->ops[s->nops - 1].flags = IRR_OPF_COUNTS | IRR_OPF_ROOM;
    if (len > 0) irr_sched_copy(s, 0, IRR_BUF_TMP, slot + 8, IRR_BUF_RECV, 0, i, i + 1, len);
  }
  if (!inplace && own > 0 && m_root && own == m_root[root])
    irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, root, root + 1, own);
  for (i = 0; i < p; i++)
    if (i != root && m_root && m_root[i] > H &&
        irr_sched_push(s, 1, IRR_OP_RECV, i, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, i, i + 1, H, m_root[i] - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
  return s->err;
}

/* all: every rank talks to the root, zero sizes included (direct: Gatherv's is
   irr_gatherv_direct_h); all == IRR__V_EXEC Scatterv's executor's form (receives probed) */
#define IRR__V_EXEC 2
static inline irr_status irr__linear_v(int scatter, int all, int rank, int p, int root, int64_t own,
                                       const int64_t *m_root, int inplace, irr_sched *s) {
  int vbuf = scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obuf = scatter ? IRR_BUF_RECV : IRR_BUF_SEND;
  int i, n0 = s->nops;
  if (s->rank != rank || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (all && !scatter) return irr_gatherv_direct_h(rank, p, root, own, m_root, inplace, IRR_HEAD_ROOM, s);
  if (rank != root) {
    if (own > 0 || all) {
      if (scatter) irr_sched_recv(s, 0, root, obuf, 0, rank, rank + 1, own);
      else irr_sched_send(s, 0, root, obuf, 0, rank, rank + 1, own);
    }
  } else {
    if (!m_root && !all) return IRR_ERR_ARG;
    for (i = 0; i < p; i++) {
      int64_t len = m_root ? m_root[i] : 0; /* no counts (bad arguments): expect nothing */
      if (i == root || (len == 0 && !all)) continue;
      if (scatter) irr_sched_send(s, 0, i, vbuf, 0, i, i + 1, len);
      else irr_sched_recv(s, 0, i, vbuf, 0, i, i + 1, len);
    }
    if (!inplace && own > 0 && m_root && own == m_root[root])
      irr_sched_copy(s, 0, scatter ? vbuf : obuf, 0, scatter ? obuf : vbuf, 0, root, root + 1, own);
  }
  if (all == IRR__V_EXEC && s->err == IRR_OK)
    for (i = n0; i < s->nops; i++)
      if (s->ops[i].kind == IRR_OP_RECV) s->ops[i].flags |= IRR_OPF_PROBE;
  return s->err;
}

static inline irr_status irr_gatherv_linear(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_linear(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_gatherv_direct(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 1, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_direct(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 1, rank, p, root, own, m_root, inplace, s);
}
/* ==== end algo/gatherv/linear.h ==== */
/* ==== begin algo/allgatherv/ring.h ==== */
/* Allgatherv: every rank ends with every block i (m_i units) at its place in its receive
   buffer. This part: the pipelined ring of seed 004 (Träff, Ripke, Siebert, Balaji, Thakur,
   Gropp 2010, Sections 2.2-2.4, Eq. 1-2), its block size and its model time.

   irr_allgatherv_ring: the pipelined (blocked) ring. Rank i's m_i units are cut into
   b_i = max(1, ceil(m_i / B)) blocks of at most B units; the ring runs over b = sum b_i
   "virtual processes", rank i simulating b_i consecutive ones, so in round t every rank
   sends one block of at most B to its ring successor and receives one from its predecessor
   (Section 2.2). Empty blocks are never sent, and a rank is done after b - b_i rounds: the
   whole takes b - min b_i rounds (Eq. 1), (b - z - 1 + z') with the zero-size ranks placed
   evenly (Section 2.3, z' = floor(z / (p - z))). With B = max m_i on regular data it is the
   plain linear ring; with one non-empty rank it is a linear broadcast pipeline. Cost (linear
   model): about (b - z - 1 + z')(alpha + beta B). Scratch: none (blocks go straight into the
   receive buffer, and are forwarded from there). Limits: 2b + 2 ops per program (< 2^31).

     m = 5 2 3, B = 2 (Eq. 2 with alpha/beta = 0.2 units): virtual blocks 0a 0b 0c | 1a |
     2a 2b (0c, 2b: 1 unit), b = 6, b - min b_i = 5 rounds. Rank i sends to i+1 mod 3 its
     own blocks, last first, then each round what it received the round before:
       round    1   2   3   4   5
       rank 0   0c  0b  0a  2b  2a
       rank 1   1a  0c  0b  0a  -      (a rank stops sending after b - b_{i+1} rounds,
       rank 2   2b  2a  1a  -   -       receiving after b - b_i)

   The ring order is a permutation (irr_allgatherv_order): zero-size ranks spread evenly
   between the others, and on a cluster of SMP nodes each node's ranks consecutive, so that
   one link enters and one leaves every node (Section 2.2, Figure 1), with the node's
   zero-size ranks first (its last rank, which sends off the node, has data).

   irr_allgatherv_block: B from Eq. (2), B = sqrt(m alpha/beta / ((p+z)/2 - 1 + z')); B =
   m' for regular data (the plain ring); for one non-empty rank the pipeline's optimum
   sqrt(m alpha / (beta (p - 2))). */

/* Units of a ring block: [lo, lo + len) of rank i's m_i, j-th of b_i. */
static inline int64_t irr__nblocks(int64_t m, int64_t B) { return m <= 0 ? 1 : (m + B - 1) / B; }
/* The same with inv = 1.0 / B given: the quotient by the reciprocal, corrected to the exact
   ceiling (a division per rank made the block size search cost 13 us per candidate at
   p = 1024, irr__ring_snap_k). */
static inline int64_t irr__nblocks_inv(int64_t m, int64_t B, double inv) {
  int64_t b = m <= 0 ? 1 : (int64_t)((double)(m - 1) * inv) + 1;
  while (b > 1 && (b - 1) * B >= m) b--;
  while (b * B < m) b++;
  return b;
}

/* Ring order: ring[k] = the rank at position k. node[r]: the node of rank r (NULL: one
   node per rank); nodes keep the order of their lowest rank. Within a node (or, without
   nodes, in the whole ring) the zero-size ranks are spread: each non-empty rank is followed
   by floor(z / (p - z)) or one more of them; in a node they come first. */
static inline void irr_allgatherv_order(int p, const int64_t *m, const int *node, int *ring) {
  int i, k = 0;
  if (!node) {
    int nz = 0, z, q, rem, zi = 0, seen = 0;
    for (i = 0; i < p; i++) nz += m[i] > 0;
    z = p - nz;
    if (nz == 0 || z == 0) {
      for (i = 0; i < p; i++) ring[i] = i;
      return;
    }
    q = z / nz;
    rem = z % nz;
    for (i = 0; i < p; i++) { /* non-empty rank, then its share of empty ones */
      int j, share;
      if (m[i] <= 0) continue;
      ring[k++] = i;
      share = q + (seen++ < rem);
      for (j = 0; j < share; j++) {
        while (zi < p && m[zi] > 0) zi++;
        ring[k++] = zi++;
      }
    }
    return;
  }
  for (i = 0; i < p; i++) { /* node by node, in the order of their lowest rank */
    int j, first = 1, pass;
    for (j = 0; j < i; j++)
      if (node[j] == node[i]) first = 0;
    if (!first) continue;
    for (pass = 0; pass < 2; pass++) /* empty ranks first, so the one leaving the node has data */
      for (j = i; j < p; j++)
        if (node[j] == node[i] && (m[j] > 0) == pass) ring[k++] = j;
  }
}

/* Section 2.4's round count of the ring: b blocks in all (an empty rank's is one), z empty
   ranks, the smallest rank's mn blocks. With b = p and mn = 1 (every rank one block) it is
   the fewest any block size gives. */
static inline int64_t irr__ring_rounds(int p, int64_t b, int z, int64_t mn) {
  return z > 0 && z < p ? b - z - 1 + z / (p - z) : b - mn;
}

/* The ring's model estimate from its round count: rounds times alpha + beta B. */
static inline double irr__ring_est_rounds(int p, int64_t rounds, int64_t B, irr_model md) {
  return p <= 1 ? 0 : (double)rounds * (md.alpha + md.beta * (double)B);
}
/* The ring's model estimate for the automatic choice (every rank computes the same from the
   sizes, no communication): its round count times alpha + beta B. O(p). */
static inline double irr_allgatherv_ring_estimate(int p, const int64_t *m, int64_t B, irr_model md) {
  int64_t b = 0, mn = -1;
  int i, z = 0;
  double inv = B > 0 ? 1.0 / (double)B : 0;
  for (i = 0; i < p; i++) {
    int64_t bi = B > 0 ? irr__nblocks_inv(m[i], B, inv) : 1;
    b += bi;
    z += m[i] <= 0;
    if (mn < 0 || bi < mn) mn = bi;
  }
  return irr__ring_est_rounds(p, irr__ring_rounds(p, b, z, mn), B, md);
}
/* Eq. (2) counts blocks as if continuous; they are whole: a rank with B + 1 units takes two
   rounds, and a round lasts as long as its largest block. Among B0 and the candidates in
   [B0 / 2, hi B0] (the cuts of the largest block mx into k equal blocks, k within 4 of
   mx / B0; the sizes that start the first 16 runs of equal sizes, halved down to B0 / 2;
   IRR__SNAP_MAX distinct ones at most), the one with the least ring estimate (the first if
   equal). O(p + IRR__SNAP_MAX nl), nl the ranks above B0 / 2 (irr__ring_rounds_cnt), the same
   on every rank; at p = 1024, 64 KiB (seed 004's distributions and random) the whole choice
   took 36-88 us without it, 39-104 us with it, against at least 6.7 ms of data (every rank
   walked for each candidate then). SMPI, 0.5 us overhead: flat p = 30, geometric 1 MiB
   (sizes mx / 2^j), Eq. (2)'s 182 KB took 3.82 ms, mx / 16 = 393 KB 3.22 ms, as MPICH's
   ring (whose segment is the smallest block there), 364 KB (a remainder on the smallest
   blocks) 4.13 ms; 16-core nodes p = 256, geometric 1 MiB, 436 KB (Eq. 2 from 6 alpha)
   32.3 ms, 512 KiB (judged by 6 alpha, irr_allgatherv_block_on) 30.3 ms, 256 KiB 28.9 ms.
   On nodes hi = 1: growing B there cost half-full 1 MiB at p = 30 0.97 -> 0.94. */
#define IRR__SNAP_MAX 16
/* The ring's round count at block sizes B >= lo, from the sizes counted once: a rank of at
   most lo units (or none) is one block at every such B, so only the larger ones (L, nl) are
   walked per size; n1 the others, z the empty ranks. irr_allgatherv_ring_estimate's count
   (the same b, z and least b_i). */
typedef struct {
  int p, z, nl;
  int64_t n1;
  const int64_t *L;
} irr__ring_cnt;
static inline int64_t irr__ring_rounds_cnt(const irr__ring_cnt *c, int64_t B, int64_t *bm) {
  int64_t b = c->n1, mn = c->n1 > 0 ? 1 : -1;
  double inv = 1.0 / (double)B;
  int i;
  for (i = 0; i < c->nl; i++) {
    int64_t bi = irr__nblocks_inv(c->L[i], B, inv);
    b += bi;
    if (mn < 0 || bi < mn) mn = bi;
  }
  *bm = b - mn; /* Eq. (1)'s b - min b_i: the exact recursion's rounds */
  return irr__ring_rounds(c->p, b, c->z, mn);
}
/* The larger sizes kept for the snap's candidates: near Eq. (2)'s size most ranks hold one
   block (bench_cpu smp's draws at 1 KiB a rank, p = 1024 on nodes: B0 about 13 KB, 18 ranks
   above B0 / 2 on average, 57 at most), so each candidate walks those instead of p. At 64 KiB
   there were 191 on average, above this many on a third of the calls: every rank is walked
   then (L = m). */
#define IRR__SNAP_LARGE 256
/* The snap's result with what the choice then asks of it, so that it does not walk the sizes
   again: B, its round count rounds and cells = b - min b_i there (Eq. 1, the exact
   recursion's rounds); B0, Eq. (2)'s size before the snap, and rounds0 there
   (irr__ring_est_rounds makes the estimates of both); mx, the largest size (0 if none);
   units, the snap's work for the model's CPU of the choice, in cpu_size units (a size the
   flat choice visits): IRR_RING_PASS a size of its pass and the runs' starts, IRR_RING_EVAL
   a kept size a candidate counts the blocks of (bench_cpu smp's draws, one thread, against
   the flat choice's size timed in the same run: 1.4-2.2 units a rank where it evaluates
   little, 3.6 a size visited where it evaluates 5.5 a rank). */
#define IRR_RING_PASS 1.2
#define IRR_RING_EVAL 4.0
typedef struct {
  int64_t B, rounds, cells, B0, rounds0, mx;
  double units;
} irr__ring_pick;
/* The snap of k->B0 into k. */
static inline void irr__ring_snap_k(int p, const int64_t *m, irr_model md, int hi, irr__ring_pick *k) {
  int64_t B0 = k->B0, mx = 0, kk, kc, Bk, tried[IRR__SNAP_MAX], lo = B0 / 2 > 1 ? B0 / 2 : 1, L[IRR__SNAP_LARGE], bm;
  double tb;
  int i, n = 0, runs = 0, nl = 0, z = 0;
  irr__ring_cnt c;
#define IRR__TRY(b)                                                                                \
  do {                                                                                             \
    int u_;                                                                                        \
    int64_t r_, c_;                                                                                \
    double t_;                                                                                     \
    for (u_ = 0; u_ < n && tried[u_] != (b); u_++) {}                                              \
    if ((b) >= B0 / 2 && (b) <= hi * B0 && (b) != B0 && u_ == n && n < IRR__SNAP_MAX) {            \
      tried[n++] = (b);                                                                            \
      r_ = irr__ring_rounds_cnt(&c, (b), &c_);                                                     \
      if ((t_ = irr__ring_est_rounds(p, r_, (b), md)) < tb) tb = t_, k->B = (b), k->rounds = r_, k->cells = c_; \
    }                                                                                              \
  } while (0)
  for (i = 0; i < p; i++) { /* the largest; the sizes above lo (every candidate is at least lo) */
    if (m[i] > mx) mx = m[i];
    z += m[i] <= 0;
    if (m[i] > lo) {
      if (nl < IRR__SNAP_LARGE) L[nl] = m[i];
      nl++;
    }
  }
  k->B = B0, k->mx = mx, k->units = IRR_RING_PASS * p;
  if (B0 < 1 || mx <= B0) { /* every rank one block */
    k->rounds = k->rounds0 = irr__ring_rounds(p, p, z, 1), k->cells = p - 1;
    return;
  }
  c.p = p, c.z = z;
  if (nl <= IRR__SNAP_LARGE) c.L = L, c.nl = nl, c.n1 = p - nl;
  else c.L = m, c.nl = p, c.n1 = 0;
  k->rounds = k->rounds0 = irr__ring_rounds_cnt(&c, B0, &bm), k->cells = bm;
  tb = irr__ring_est_rounds(p, k->rounds0, B0, md);
  for (kc = (mx + B0 - 1) / B0, kk = kc > 4 ? kc - 4 : 1; kk <= kc + 4; kk++) /* cuts of the largest near B0 */
    IRR__TRY((mx + kk - 1) / kk);
  for (i = 0; i < p && runs < 16 && n < IRR__SNAP_MAX; i++) { /* sizes that start the first 16 runs, halved */
    if ((i > 0 && m[i] == m[i - 1]) || m[i] <= 0) continue;
    runs++;
    for (Bk = m[i]; Bk >= B0 / 2 && Bk >= 1; Bk /= 2) IRR__TRY(Bk); /* B0 = 1: B0 / 2 = 0 */
  }
  k->units += IRR_RING_PASS * i + IRR_RING_EVAL * (n + 1) * (double)c.nl;
#undef IRR__TRY
}

/* The sizes' statistics, in one pass: the total (saturating), the largest (0 if none), the
   smallest, the empty ranks, whether all are equal. Eq. (2) and the ring's gates read them,
   and the choice on SMP nodes (select/allgatherv.h) its exit and bounds. */
typedef struct {
  int64_t tot, mx, mn;
  int z, regular;
} irr__ring_st;
static inline irr__ring_st irr__ring_stats(int p, const int64_t *m) {
  irr__ring_st st = {0, 0, 0, 0, 1};
  int i;
  if (p > 0) st.mn = m[0];
  for (i = 0; i < p; i++) {
    st.tot = irr__sat_add(st.tot, m[i]);
    if (m[i] > st.mx) st.mx = m[i];
    if (m[i] < st.mn) st.mn = m[i];
    st.z += m[i] <= 0;
    if (m[i] != m[0]) st.regular = 0;
  }
  return st;
}
/* Eq. (2): the block size for sizes of statistics st (units), alpha/beta in units. */
static inline int64_t irr__ring_block_st(int p, const irr__ring_st *st, irr_model md) {
  int64_t mx = st->mx;
  int z = st->z;
  double d, B;
  if (mx == 0) return 1;
  if (st->regular || p <= 2) return mx;                   /* the plain linear ring */
  if (z == p - 1) d = p - 2.0;                             /* a broadcast pipeline */
  else d = (p + z) / 2.0 - 1 + (double)(z / (p - z));
  if (d <= 0 || md.beta <= 0) return mx;
  B = irr__sqrt((double)st->tot * md.alpha / md.beta / d);
  if (B < 1) B = 1;
  return B >= (double)mx ? mx : (int64_t)B;
}
static inline int64_t irr_allgatherv_block(int p, const int64_t *m, irr_model md) {
  irr__ring_st st = irr__ring_stats(p, m);
  return irr__ring_block_st(p, &st, md);
}

/* Eq. (2)'s block size for the node-aware ring (smp: the ring order keeps nodes together,
   their ranks sharing one NIC), from alpha * IRR_RING_NODE_ALPHA. A round of that ring
   costs far more than the model's alpha beyond its data: it crosses a NIC behind the hops
   inside the nodes, each paying the per-message overheads. In SMPI (16-core nodes, 0.5 us
   overhead, p = 256, decreasing sizes, 64 KiB) a round took about 9 us at B = 44 KB and at
   128 KiB alike, and B from 6 alpha moved the worst of p = 30, 64, 256 x 64 KiB, 1 MiB
   from 0.54 to 0.84 of SMPI's best (p = 256 decreasing 0.54 -> 0.98, 1 MiB cells 0.93-0.97
   -> 0.97-1.04). Then snapped to whole blocks (irr__ring_snap_k; on nodes only smaller, and
   judged by the same 6 alpha: judged by alpha, it cut p = 1024 decreasing 64 KiB to 64 KiB
   blocks, 0.73 of MPICH's ring, against 0.97 at Eq. (2)'s 106 KB). */
#define IRR_RING_NODE_ALPHA 6
/* The ring's block size (irr_allgatherv_block_on) as an irr__ring_pick; st: the sizes'
   statistics (NULL: counted here). */
static inline irr__ring_pick irr__ring_pick_on(int p, const int64_t *m, irr_model md, int smp, const irr__ring_st *st) {
  irr__ring_pick k;
  if (smp) md.alpha *= IRR_RING_NODE_ALPHA;
  k.B0 = st ? irr__ring_block_st(p, st, md) : irr_allgatherv_block(p, m, md);
  irr__ring_snap_k(p, m, md, smp ? 1 : 4, &k);
  return k;
}
static inline int64_t irr_allgatherv_block_on(int p, const int64_t *m, irr_model md, int smp) {
  return irr__ring_pick_on(p, m, md, smp, NULL).B;
}

/* The pipelined ring, rank r's program. ring: the order (NULL: identity). Own blocks are
   sent from the send buffer (receive buffer with inplace), forwarded ones from the receive
   buffer, where they were received. Round 0 copies the own block; ring round t is t + 1. */
static inline irr_status irr_allgatherv_ring(int r, int p, const int64_t *m, int64_t B, const int *ring,
                                             int inplace, irr_sched *s) {
  int k, me, nxt, prv, sc, rc, obuf = inplace ? IRR_BUF_RECV : IRR_BUF_SEND;
  int64_t b = 0, bme, bnext, t, sj, rj;
#define IRR__RANK(pos) (ring ? ring[pos] : (pos))
#define IRR__NB(pos) irr__nblocks(m[IRR__RANK(pos)], B)
  if (s->rank != r || s->size != p || B < 1) return IRR_ERR_ARG;
  for (k = 0; k < p; k++) b += IRR__NB(k);
  for (me = 0; me < p && IRR__RANK(me) != r; me++) {}
  if (me == p) return IRR_ERR_ARG;
  nxt = IRR__RANK((me + 1) % p);
  prv = IRR__RANK((me + p - 1) % p);
  bme = IRR__NB(me);
  bnext = IRR__NB((me + 1) % p);
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  /* Virtual blocks run backwards through the ring: round t sends the block t places before
     my last one, and receives the one t places before my first. (sc, sj) / (rc, rj): ring
     position and block index of the next send / receive. */
  sc = me, sj = bme - 1;
  rc = (me + p - 1) % p, rj = IRR__NB(rc) - 1;
  for (t = 0; p > 1 && (t < b - bme || t < b - bnext); t++) {
    int dir;
    for (dir = 0; dir < 2; dir++) {
      int send = dir == 0, *c = send ? &sc : &rc, o;
      int64_t *j = send ? &sj : &rj, lo, len;
      if (t >= (send ? b - bnext : b - bme)) continue;
      o = IRR__RANK(*c);
      lo = *j * B;
      len = m[o] - lo < B ? m[o] - lo : B;
      if (len > 0) { /* empty blocks are never sent */
        irr_op *op = irr_sched_push(s, (int)t + 1, send ? IRR_OP_SEND : IRR_OP_RECV, send ? nxt : prv,
                                    send && o == r ? obuf : IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, o, o + 1, lo, len);
        if (op && send && b > p) op->flags = IRR_OPF_SYNC; /* pipelined: flow control */
      }
      if (*j > 0) --*j; /* one virtual block back */
      else *c = (*c + p - 1) % p, *j = IRR__NB(*c) - 1;
    }
  }
#undef IRR__RANK
#undef IRR__NB
  return s->err;
}

/* The pipelined ring (irr_allgatherv_ring with block size B, order ring, NULL: identity):
   the recursion, O(p R) for its R = b - min b_i rounds, where p R <= IRR_RING_EXACT; beyond,
   R (alpha + beta B), an upper bound (no message exceeds B): a path through the programs
   follows the whole blocks (each makes p - 1 hops, and every block passes every rank), and
   the bound was within 1.1% of irr_sched_cost in 3000 random skewed distributions at
   p <= 1024 with the block size of irr_allgatherv_block_on (test_pure holds it to 3%). It
   differs from irr_allgatherv_ring_estimate, whose round count (Section 2.3) assumes that
   empty ranks cost no round: every block still makes p - 1 hops one after the other (p = 10,
   four single blocks: 6.0 us estimated there, 13.5 us in the model and here). The exact
   recursion costs about 5 ns a cell, far more than the ring's rounds are worth at large p. */
#ifndef IRR_RING_EXACT
#define IRR_RING_EXACT ((int64_t)1 << 14)
#endif
/* Whether irr_allgatherv_ring_time is exact (else the bound) for these sizes and B. */
static inline int irr_allgatherv_ring_exact(int p, const int64_t *m, int64_t B) {
  double inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t b = 0, mn = -1, nb;
  int i;
  if (p <= 1 || B < 1) return 1;
  for (i = 0; i < p; i++) {
    nb = irr__nblocks_inv(m[i], B, inv);
    b += nb;
    mn = mn < 0 || nb < mn ? nb : mn;
  }
  return (double)(b - mn) * p <= (double)IRR_RING_EXACT;
}
/* The same on SMP nodes (node: each rank's lowest rank, NULL: none): a hop between ranks of
   one node costs ai alpha + bi beta len instead of alpha + beta len (1, 1: the model's, as
   irr_allgatherv_ring_time); exact where p R <= cells, beyond, the bound. In SMPI (16-core
   nodes) the hops inside a node run at twice the NIC's bandwidth and 1/6 of its latency,
   and 15 of every 16 hops of the node-aware ring are such hops. */
static inline double irr_allgatherv_ring_time_on(int p, const int64_t *m, int64_t B, const int *ring, const int *node,
                                                 irr_model md, double ai, double bi, double cells, void *work) {
  double *E = (double *)work, *F = E + p, inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t *nb = (int64_t *)(F + p), *S = nb + p, *sj = S + p, *sc = sj + p, b = 0, mn = -1, R, tt;
  int pos;
#define IRR__RK(x) (ring ? ring[x] : (x))
  if (p <= 1 || B < 1) return 0;
  for (pos = 0; pos < p; pos++) {
    nb[pos] = irr__nblocks_inv(m[IRR__RK(pos)], B, inv);
    b += nb[pos];
    mn = mn < 0 || nb[pos] < mn ? nb[pos] : mn;
  }
  R = b - mn;
  if ((double)R * p > cells) return (double)R * (md.alpha + md.beta * (double)B);
  for (pos = 0; pos < p; pos++) E[pos] = 0, sc[pos] = pos, sj[pos] = nb[pos] - 1;
  for (tt = 0; tt < R; tt++) {
    double *tmp;
    for (pos = 0; pos < p; pos++) { /* what each position sends this round (as the generator walks) */
      int nx = pos + 1 < p ? pos + 1 : 0, c = (int)sc[pos];
      int64_t lo = sj[pos] * B, mo = m[IRR__RK(c)];
      S[pos] = 0;
      if (tt >= b - nb[nx]) continue;
      S[pos] = mo - lo < B ? mo - lo : B;
      if (sj[pos] > 0) sj[pos]--;
      else sc[pos] = c > 0 ? c - 1 : p - 1, sj[pos] = nb[sc[pos]] - 1;
    }
    for (pos = 0; pos < p; pos++) {
      int nx = pos + 1 < p ? pos + 1 : 0, pv = pos > 0 ? pos - 1 : p - 1;
      int me = node ? node[IRR__RK(pos)] : 0, so = node && node[IRR__RK(nx)] == me, ro = node && node[IRR__RK(pv)] == me;
      double e = irr__mp_msg(E[pos], E[pos], E[nx], (so ? ai : 1) * md.alpha, (so ? bi : 1) * md.beta * (double)S[pos],
                             S[pos] > 0);
      F[pos] = irr__mp_msg(e, E[pos], E[pv], (ro ? ai : 1) * md.alpha, (ro ? bi : 1) * md.beta * (double)S[pv], S[pv] > 0);
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__RK
  return irr__mp_latest(E, p);
}
static inline double irr_allgatherv_ring_time(int p, const int64_t *m, int64_t B, const int *ring, irr_model md,
                                              void *work) {
  return irr_allgatherv_ring_time_on(p, m, B, ring, NULL, md, 1, 1, (double)IRR_RING_EXACT, work);
}

/* For the automatic choice: the ring's upper bound R (alpha + beta B) (the one
   irr_allgatherv_ring_time_on takes beyond its cells: within 1.2% of the exact time on random
   skewed sizes), R = b - min b_i its rounds, into *rounds. O(p). */
static inline double irr__ag_ring_bound(int p, const int64_t *m, int64_t B, irr_model md, int64_t *rounds) {
  double inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t b = 0, mn = -1, nb;
  int i;
  *rounds = 0;
  if (p <= 1 || B < 1) return 0;
  for (i = 0; i < p; i++) {
    nb = irr__nblocks_inv(m[i], B, inv);
    b += nb;
    mn = mn < 0 || nb < mn ? nb : mn;
  }
  *rounds = b - mn;
  return (double)*rounds * (md.alpha + md.beta * (double)B);
}
/* Its CPU on the busiest rank: 2R + 1 ops, 2R messages of one piece. */
static inline double irr__ag_ring_cpu(int64_t R, irr_model md) { return md.cpu_op * (2.0 * R + 1) + md.cpu_msg * 2.0 * R; }
/* The ring's rounds R = b - min b_i with block size B. */
static inline int64_t irr_allgatherv_ring_rounds(int p, const int64_t *m, int64_t B) {
  int64_t R;
  irr__ag_ring_bound(p, m, B, irr_model_ab(0, 0), &R);
  return R;
}
/* ==== end algo/allgatherv/ring.h ==== */
/* ==== begin algo/allgatherv/mpich_ring.h ==== */
/* Allgatherv baseline for the model, never chosen: MPICH's ring (p - 1 rounds, each block cut
   into 32 KiB messages, no pipelining across blocks). The other baselines are algorithms of
   their own: recursive doubling (recdoubling.h, MPICH's for small totals on 2^k ranks) and
   the plain linear ring (irr_allgatherv_ring with B >= max m_i and the identity order). */

/* Baseline: MPICH's ring (MPIR_Allgatherv_intra_ring): p - 1 rounds; in round t every rank
   sends the block of rank r - t + 1 to r + 1, cut into messages of at most `chunk` units
   (MPICH: 32 KiB), and receives the block of rank r - t from r - 1. Time about
   sum over rounds of the largest block: (p - 1) * max m_i for one large block. */
static inline irr_status irr_allgatherv_mpich_ring(int r, int p, const int64_t *m, int64_t chunk, int inplace, irr_sched *s) {
  int t;
  if (s->rank != r || s->size != p || chunk < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (t = 1; t < p; t++) {
    int sb = ((r - t + 1) % p + p) % p, rb = ((r - t) % p + p) % p, dir;
    for (dir = 0; dir < 2; dir++) {
      int o = dir ? rb : sb;
      int64_t lo;
      for (lo = 0; lo < m[o]; lo += chunk)
        irr_sched_push(s, t, dir ? IRR_OP_RECV : IRR_OP_SEND, dir ? (r + p - 1) % p : (r + 1) % p,
                       !dir && o == r && !inplace ? IRR_BUF_SEND : IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, o, o + 1, lo,
                       m[o] - lo < chunk ? m[o] - lo : chunk);
    }
  }
  return s->err;
}
/* ==== end algo/allgatherv/mpich_ring.h ==== */
/* ==== begin algo/allgatherv/bruck.h ==== */
/* Allgatherv by Bruck's allgather (Bruck, Ho, Kipnis, Upfal, Weathersby 1997; not a seed)
   on irregular sizes (IRR_ALG_BRUCK), the latency-optimal choice for small totals:
   irr_allgatherv_bruck (ceil(log2 p) rounds, any p; messages go between receive
   buffers, blocks at their displacements, no scratch). Round k: rank r sends the first
   n = min(2^k, p - 2^k) blocks it holds (r, r+1, ... mod p) to r - 2^k and receives n more
   from r + 2^k. Cost: ceil(log2 p) alpha + beta * (sum over rounds of the largest message):
   bad for one huge block, which it forwards every round. Limits: none on p; ops
   4 ceil(log2 p) + p + 2. Also the first phase of XAllgatherv, the sizes in every message.

     p = 5, rank 2's receive buffer:      0   1   2   3   4
       start                              .   .   2   .   .
       k = 0: 1 block from rank 3         .   .   2   3   .
       k = 1: 2 blocks from rank 4        0'  .   2   3   4'   4' 0': one message that
       k = 2: 1 block from rank 1         0   1   2   3   4    wraps past p-1 (OPF_WRAP) */

/* XAllgatherv: round k of Bruck's allgather on p ranks. Rank r holds blocks r, r+1, ...
   (mod p) in that order; it sends its first n to r - 2^k and receives n from r + 2^k, which
   it appends; n = min(2^k, p - 2^k). Returns n (0: no round k). */
static inline int irr_bruck_round(int p, int r, int k, int *to, int *from) {
  int64_t d = (int64_t)1 << k;
  if (k < 0 || k > 30 || d >= p) return 0;
  *to = (int)((r - d % p + p) % p);
  *from = (int)((r + d) % p);
  return (int)(d < p - d ? d : p - d);
}

/* Bruck's allgather as a schedule. Known sizes (flags 0): every message goes straight
   between receive buffers, blocks at their displacements, so there is no scratch and no
   copy (a message whose blocks wrap past rank p-1 is one op with IRR_OPF_WRAP; the
   executor describes its pieces by one derived datatype). With flags (XAllgatherv:
   IRR_OPF_COUNTS on every message) the receiver cannot place blocks before their sizes
   arrive: round 0 puts the own block first in scratch, rounds 1..K append in the rank's
   relative order r, r+1, ..., wrapped messages are split in two, and the last round's
   copies put every block in the receive buffer. */
static inline irr_status irr_allgatherv_bruck(int p, int r, const int64_t *m, int inplace, int flags, irr_sched *s) {
  int k, j, to, from, n, direct = !flags;
  int64_t fill = m[r], off = 0;
  if (s->rank != r || s->size != p) return IRR_ERR_ARG;
  if (m[r] > 0 && !(direct && inplace))
    irr_sched_copy(s, 0, inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, direct ? IRR_BUF_RECV : IRR_BUF_TMP, 0, r, r + 1, m[r]);
  for (k = 0; (n = irr_bruck_round(p, r, k, &to, &from)) > 0; k++) {
    int part;
    for (part = 0; part < 2; part++) { /* send my first n blocks; receive n from `from` */
      int send = part == 0, first = send ? r : from, a;
      int64_t pos = send ? 0 : fill;
      for (a = 0; a < n;) { /* one message; with sizes (flags), split where the range wraps */
        int g = (first + a) % p, cnt = n - a, wrap = direct && g + cnt > p, buf = direct ? IRR_BUF_RECV : IRR_BUF_TMP;
        int64_t len;
        irr_op *o;
        if (g + cnt > p && !wrap) cnt = p - g;
        len = wrap ? irr__range_sum(m, g, p) + irr__range_sum(m, 0, g + cnt - p) : irr__range_sum(m, g, g + cnt);
        if (direct && send && k == 0 && !inplace) buf = IRR_BUF_SEND; /* the own block alone */
        if (len > 0 || flags) {
          o = irr_sched_push(s, k + 1, send ? IRR_OP_SEND : IRR_OP_RECV, send ? to : from, buf, direct ? 0 : pos,
                             IRR_BUF_NONE, 0, g, wrap ? p : g + cnt, 0, len);
          if (o && wrap) o->bhi = g + cnt - p, o->flags = IRR_OPF_WRAP; /* push checks bhi >= blo */
          else if (o) o->flags = (uint16_t)flags;
        }
        pos += len;
        a += cnt;
      }
      if (!send) fill = pos;
    }
  }
  for (j = 0; !direct && j < p; j++) { /* scratch -> receive buffer */
    int b = (r + j) % p;
    if (m[b] > 0 && !(b == r && inplace)) irr_sched_copy(s, k, IRR_BUF_TMP, off, IRR_BUF_RECV, 0, b, b + 1, m[b]);
    off += m[b];
  }
  return s->err;
}

/* Bruck's and recursive doubling's estimates, from their rounds' largest messages.
   O(p log p). share: ranks per node (consecutive ranks) sharing one NIC (1: flat). In round k the ranks
   with node-local index below 2^k send across their node's NIC at once: the round is
   charged its largest message or its busiest NIC's sum, whichever is larger. */
static inline double irr_allgatherv_bruck_estimate(int p, const int64_t *m, irr_model md, int share) {
  int k, r, n, to, from, j, c;
  double t = 0;
  if (share < 1) share = 1;
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int64_t w = 0, mx = 0, load = 0, nic = 0;
    for (r = 0; r < n; r++) w += m[r]; /* window sums of n <= p consecutive blocks, cyclic */
    /* j: the block entering the window, (r + n - 1) mod p; c: r's node-local index, r mod
       share (no division in the loop: it took 0.4 of the node-aware choice at p = 256) */
    for (r = 0, j = n - 1, c = 0; r < p; r++, c = c + 1 == share ? 0 : c + 1) {
      if (r > 0) {
        if (++j == p) j = 0;
        w += m[j] - m[r - 1];
      }
      if (w > mx) mx = w;
      if (c == 0) nic = 0;
      if (c < (1 << k)) nic += w;
      if (nic > load) load = nic;
    }
    t += md.alpha + md.beta * (double)(load > mx ? load : mx);
  }
  return t;
}

/* The largest window of n consecutive blocks, max_r (P[r + n] - P[r]) over r < p, from the
   cyclic prefix sums P (2p + 1 entries, P[i] = m_0 + ... + m_{(i-1) mod p}): four maxima at
   once, the loop's one dependence. */
static inline int64_t irr__ag_window_max(int p, const int64_t *P, int n) {
  int64_t a = 0, b = 0, c = 0, d = 0;
  int r;
  for (r = 0; r + 3 < p; r += 4) {
    int64_t x = P[r + n] - P[r], y = P[r + 1 + n] - P[r + 1], z = P[r + 2 + n] - P[r + 2], u = P[r + 3 + n] - P[r + 3];
    a = x > a ? x : a, b = y > b ? y : b, c = z > c ? z : c, d = u > d ? u : d;
  }
  for (; r < p; r++) a = P[r + n] - P[r] > a ? P[r + n] - P[r] : a;
  a = b > a ? b : a, c = d > c ? d : c;
  return c > a ? c : a;
}

/* The same estimate, equal to the last bit, from prefix sums in W (4p + 2 int64_t; NULL:
   the loop above): Q, the sizes' cyclic prefix sums, gives a window as one subtraction, and
   S, Q's prefix sums, a node's sum of windows as two. A round in which every rank of a node
   sends across its NIC (2^k >= share) is charged its busiest node, which is at least its
   largest window (sizes are not negative), so it visits p / share nodes, not p ranks: at
   p = 1024 on 16-rank nodes, 4 of 10 rounds scan the windows (16-25 us a call -> 7-9, one
   thread, irrt_skew, 4 B; the choice on SMP nodes computes it first). O(p + p log p / share).
   Sums that could leave int64_t, and negative sizes, take the loop. */
static inline double irr__ag_bruck_estimate_w(int p, const int64_t *m, irr_model md, int share, int64_t *W) {
  int64_t *Q = W, *S = W ? W + 2 * (size_t)p + 1 : NULL;
  int i, k, n, to, from;
  double t = 0;
  if (!W || share <= 1 || p < 2) return irr_allgatherv_bruck_estimate(p, m, md, share);
  for (Q[0] = 0, i = 0; i < p; i++) {
    if (m[i] < 0 || m[i] > INT64_MAX / (8 * (int64_t)p + 8) - Q[i]) return irr_allgatherv_bruck_estimate(p, m, md, share);
    Q[i + 1] = Q[i] + m[i];
  }
  for (i = 1; i <= p; i++) Q[p + i] = Q[p] + Q[i];
  for (S[0] = 0, i = 0; i < 2 * p; i++) S[i + 1] = S[i] + Q[i];
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int cnt = k < 30 && (1 << k) < share ? 1 << k : share, g, e;
    int64_t load = 0, mx = 0;
    for (g = 0; g < p; g += share) { /* a node's ranks g .. e - 1 send: their windows' sum */
      int64_t nic;
      e = g + cnt < p ? g + cnt : p;
      nic = (S[e + n] - S[g + n]) - (S[e] - S[g]);
      load = nic > load ? nic : load;
    }
    if (cnt < share) mx = irr__ag_window_max(p, Q, n); /* some ranks stay inside their node */
    t += md.alpha + md.beta * (double)(load > mx ? load : mx);
  }
  return t;
}

/* An upper bound of irr__ag_bruck_estimate_w, from the sums of the share-rank groups
   (ranks 0 .. share - 1, share .. 2 share - 1, ..., as the estimate groups them) in W
   (2 ceil(p / share) + 1 int64_t) and the sizes' total M and largest mx: O(p + log p *
   p / share), where the estimate takes a prefix sum of prefix sums (4p) and a window scan of
   p for each round whose senders stay inside their node (2^k < share). In round k a group's
   cnt senders each send the n blocks from their own on: every block of their range of
   cnt + n - 1 ranks at most min(cnt, n) times, and that range lies in c consecutive groups
   (one more where a group is partial), so the load is at most min(cnt, n) times the
   busiest c groups' sum, and cnt min(M, n mx); a window that stays inside its node, at most
   min(M, n mx) and the busiest groups' sum that holds it. Sizes are not negative; with
   negative sizes, or sums that could leave int64_t, 1e300 (no bound). So the latency exit
   (irr__ag_smp_latency) can take Bruck on this bound without the estimate
   (IRR_AG_SMP_BOUND units a rank against IRR_AG_SMP_BRUCK). */
static inline double irr__ag_bruck_estimate_up(int p, const int64_t *m, irr_model md, int share, int64_t M, int64_t mx,
                                               int64_t *W) {
  int nb = (p + share - 1) / share, part = p % share != 0, i, j, g, k, n, to, from;
  double t = 0;
  if (p < 2 || share <= 1 || mx < 0 || M < 0 || M > INT64_MAX / (8 * (int64_t)p + 8)) return 1e300;
  for (W[0] = 0, j = 0, g = 0; j < nb; j++, g += share) { /* W[j + 1]: groups 0 .. j's sum */
    int64_t s = 0;
    int e = g + share < p ? g + share : p;
    for (i = g; i < e; i++) s += m[i];
    W[j + 1] = W[j] + s;
  }
  for (j = 1; j <= nb; j++) W[nb + j] = W[nb] + W[j]; /* cyclic */
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int cnt = k < 30 && (1 << k) < share ? 1 << k : share;
    int64_t mul = cnt < n ? cnt : n, win = (int64_t)n * mx < M ? (int64_t)n * mx : M, load, c, c2;
    c = (cnt + n - 1 + share - 1) / share + part, c2 = (n - 1 + share - 1) / share + 1 + part;
    load = mul * (c >= nb ? M : irr__ag_window_max(nb, W, (int)c));
    if (load > cnt * win) load = cnt * win;
    if (cnt < share) { /* some windows stay inside their node */
      int64_t w2 = c2 >= nb ? M : irr__ag_window_max(nb, W, (int)c2);
      w2 = w2 < win ? w2 : win;
      load = w2 > load ? w2 : load;
    }
    t += md.alpha + md.beta * (double)load;
  }
  return t;
}

/* Bruck (irr_allgatherv_bruck, known sizes): O(p log p). */
static inline double irr_allgatherv_bruck_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, k, n, to, from;
#define IRR__WIN(a) ((a) + n <= p ? P[(a) + n] - P[a] : P[p] - P[a] + P[(a) + n - p])
  irr__mp_start(p, m, P, E);
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int d = 1 << k;
    double *tmp;
    for (r = 0; r < p; r++) {
      int lo = r - d < 0 ? r - d + p : r - d, hi = r + d >= p ? r + d - p : r + d;
      int64_t ws = IRR__WIN(r), wr = IRR__WIN(hi);
      double e = irr__mp_msg(E[r], E[r], E[lo], md.alpha, md.beta * (double)ws, ws > 0);
      F[r] = irr__mp_msg(e, E[r], E[hi], md.alpha, md.beta * (double)wr, wr > 0);
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__WIN
  return irr__mp_latest(E, p);
}

/* For the automatic choice (select/allgatherv.h): Bruck's rounds charged their largest
   message, from the cyclic prefix sums P (2p + 1 entries, P[i] = m_0 + ... + m_{(i-1) mod p}):
   the sum over rounds of alpha + beta max_r (P[r + n] - P[r]). An upper bound of
   irr_allgatherv_bruck_time, within 1.12 of it on random skewed sizes (test_agchoice); one
   subtraction a cell, O(p log p). */
static inline double irr__ag_bruck_windows(int p, const int64_t *P, irr_model md) {
  int k, n, to, from;
  double t = 0;
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) t += md.alpha + md.beta * (double)irr__ag_window_max(p, P, n);
  return t;
}
/* Its CPU (irr_sched_cpu) on the busiest rank: 2q + 1 ops and 2q messages; rank p - 1's
   sends wrap past p - 1 (two pieces) in the rounds after the first. */
static inline double irr__ag_bruck_cpu(int p, irr_model md) {
  int q = irr_tree_levels(p);
  return md.cpu_op * (2 * q + 1) + md.cpu_msg * 2 * q + (q > 1 ? q - 1 : 0) * (md.cpu_type + md.cpu_piece + md.cpu_op);
}
/* ==== end algo/allgatherv/bruck.h ==== */
/* ==== begin algo/allgatherv/recdoubling.h ==== */
/* Allgatherv by recursive doubling (IRR_ALG_RECDOUBLING; MPICH's for small totals on 2^k
   ranks): log2 p rounds; cost log2 p alpha + beta * (sum over rounds of the largest group).
   Limits: p a power of two; no scratch.

     recursive doubling, p = 4: round k swaps the aligned group of 2^k blocks with r ^ 2^k
       k = 0   {0} <-> {1}    {2} <-> {3}
       k = 1   {0 1}  <---->  {2 3}          (0 <-> 2 and 1 <-> 3: both blocks each) */

/* Baseline: recursive doubling (p a power of two): round k exchanges the 2^k blocks of the
   aligned group with rank r ^ 2^k. IRR_ERR_ARG for other p. */
static inline irr_status irr_allgatherv_recdoubling(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int k;
  int64_t sl = m[r], rl = 0; /* the own group's bytes; the partner's joins it each round: p - 1 sizes summed */
  if (s->rank != r || s->size != p || (p & (p - 1))) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; (1 << k) < p; k++, sl += rl) {
    int d = 1 << k, partner = r ^ d, g = r & ~(d - 1), h = partner & ~(d - 1);
    rl = irr__range_sum(m, h, h + d);
    if (sl > 0) {
      if (d == 1 && !inplace) irr_sched_send(s, k + 1, partner, IRR_BUF_SEND, 0, r, r + 1, sl);
      else irr_sched_send(s, k + 1, partner, IRR_BUF_RECV, 0, g, g + d, sl);
    }
    if (rl > 0) irr_sched_recv(s, k + 1, partner, IRR_BUF_RECV, 0, h, h + d, rl);
  }
  return s->err;
}

static inline double irr_allgatherv_recdoubling_estimate(int p, const int64_t *m, irr_model md) {
  int d, g;
  double t = 0;
  for (d = 1; d < p; d *= 2) { /* round log2 d: groups of d blocks cross */
    int64_t mx = 0;
    for (g = 0; g < p; g += d) {
      int64_t w = irr__range_sum(m, g, g + d < p ? g + d : p);
      if (w > mx) mx = w;
    }
    t += md.alpha + md.beta * (double)mx;
  }
  return t;
}

/* Recursive doubling (p = 2^k): the pair's two messages start together. O(p log p). */
static inline double irr_allgatherv_recdoubling_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, d;
  if (p & (p - 1)) return 1e300;
  irr__mp_start(p, m, P, E);
  for (d = 1; d < p; d *= 2) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int q = r ^ d, g = r & ~(d - 1), h = q & ~(d - 1);
      int64_t sl = P[g + d] - P[g], rl = P[h + d] - P[h], mx = sl > rl ? sl : rl;
      F[r] = irr__mp_msg(E[r], E[r], E[q], md.alpha, md.beta * (double)mx, mx > 0);
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* For the automatic choice: every round charged its largest aligned group, from the prefix
   sums P (p + 1 entries at least); an upper bound of irr_allgatherv_recdoubling_time, O(p).
   Its CPU: 2 log2 p + 1 ops, 2 log2 p messages of one piece. */
static inline double irr__ag_recd_groups(int p, const int64_t *P, irr_model md) {
  int d, g;
  double t = 0;
  for (d = 1; d < p; d *= 2) {
    int64_t mx = 0;
    for (g = 0; g < p; g += d) mx = P[g + d] - P[g] > mx ? P[g + d] - P[g] : mx;
    t += md.alpha + md.beta * (double)mx;
  }
  return t;
}
static inline double irr__ag_recd_cpu(int p, irr_model md) {
  int q = irr_tree_levels(p);
  return md.cpu_op * (2 * q + 1) + md.cpu_msg * 2 * q;
}
/* ==== end algo/allgatherv/recdoubling.h ==== */
/* ==== begin algo/allgatherv/neighbor.h ==== */
/* Neighbor exchange (IRR_ALG_NEIGHBOR; Chen, Yu, Huang, Zhang, Xiao, Yue 2005, "Performance
   evaluation of allgather algorithms on terascale Linux cluster with fast Ethernet", as Open
   MPI's neighborexchange; not a seed) on irregular sizes, p even: p/2 rounds. Round 1 swaps
   the own block with the pair partner (r ^ 1); every later round swaps, alternately with the
   right and the left neighbor, the aligned pair of blocks {2j, 2j + 1} received the round
   before, so that blocks travel both ways round the ring at once. Cost: alpha + beta max m_i
   + (p/2 - 1)(alpha + beta (largest pair)): half the ring's rounds for the same volume. On
   16-core nodes sharing a NIC only every other round crosses it (the pair rounds stay inside
   nodes of even size). Limits: p even (else not applicable); p + 2 ops; no scratch.

     p = 4, rank 1's receive buffer:      0   1   2   3
       round 1: swap own with rank 0      0   1   .   .
       round 2: pair {0 1} <-> {2 3} with rank 2 (its right neighbor) */
static inline irr_status irr_allgatherv_neighbor(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int i, even = r % 2 == 0, nb[2], from[2], step[2], sfrom;
  if (s->rank != r || s->size != p || p % 2) return IRR_ERR_ARG;
  nb[0] = even ? (r + 1) % p : (r + p - 1) % p, nb[1] = even ? (r + p - 1) % p : (r + 1) % p;
  from[0] = from[1] = even ? r : nb[0];
  step[0] = even ? 2 : -2, step[1] = -step[0];
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (m[r] > 0) irr_sched_send(s, 1, nb[0], inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, r, r + 1, m[r]);
  if (m[nb[0]] > 0) irr_sched_recv(s, 1, nb[0], IRR_BUF_RECV, 0, nb[0], nb[0] + 1, m[nb[0]]);
  sfrom = even ? r : nb[0];
  for (i = 1; i < p / 2; i++) { /* pairs start at even ranks and never wrap */
    int par = i % 2;
    int64_t sl = irr__range_sum(m, sfrom, sfrom + 2), rl;
    from[par] = (from[par] + step[par] + p) % p;
    rl = irr__range_sum(m, from[par], from[par] + 2);
    if (sl > 0) irr_sched_send(s, i + 1, nb[par], IRR_BUF_RECV, 0, sfrom, sfrom + 2, sl);
    if (rl > 0) irr_sched_recv(s, i + 1, nb[par], IRR_BUF_RECV, 0, from[par], from[par] + 2, rl);
    sfrom = from[par];
  }
  return s->err;
}

/* Neighbor exchange: round 1 swaps single blocks, each later round every aligned pair
   (every pair is in flight in every round). p odd: not applicable (a huge time). O(p). */
static inline double irr_allgatherv_neighbor_estimate(int p, const int64_t *m, irr_model md) {
  int64_t mx = 0, pr = 0;
  int i;
  if (p % 2) return 1e300;
  for (i = 0; i < p; i += 2) {
    if (m[i] > mx) mx = m[i];
    if (m[i + 1] > mx) mx = m[i + 1];
    if (m[i] + m[i + 1] > pr) pr = m[i] + m[i + 1];
  }
  return md.alpha + md.beta * (double)mx + (p / 2 - 1) * (md.alpha + md.beta * (double)pr);
}

/* Neighbor exchange (irr_allgatherv_neighbor, p even): the recursion over its p/2 rounds, as
   the generator walks them, where p^2 / 2 <= IRR_RING_EXACT (O(p^2)); beyond, the closed form
   irr_allgatherv_neighbor_estimate (every round charged its largest pair: an upper bound,
   3.3% over at p = 18 on random skewed sizes, where few rounds leave little to average). */
static inline double irr_allgatherv_neighbor_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int *sf = (int *)(F + p), *f0 = sf + p, *f1 = f0 + p, r, i;
  if (p % 2) return 1e300;
  if ((double)p * p / 2 > (double)IRR_RING_EXACT) return irr_allgatherv_neighbor_estimate(p, m, md);
  for (r = 0; r < p; r++) { /* round 1: own blocks with r ^ 1 */
    int q = r ^ 1;
    int64_t mx = m[r] > m[q] ? m[r] : m[q];
    E[r] = irr__mp_msg(0, 0, 0, md.alpha, md.beta * (double)mx, mx > 0);
    sf[r] = f0[r] = f1[r] = r % 2 == 0 ? r : q;
  }
  for (i = 1; i < p / 2; i++) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int even = r % 2 == 0, par = i % 2, q, fr, step = (even ? 2 : -2) * (par ? -1 : 1);
      int64_t sl, rl, mx;
      q = (par == 0) == even ? (r + 1) % p : (r + p - 1) % p;
      fr = ((par ? f1[r] : f0[r]) + step + p) % p;
      sl = m[sf[r]] + m[sf[r] + 1], rl = m[fr] + m[fr + 1], mx = sl > rl ? sl : rl;
      F[r] = irr__mp_msg(E[r], E[r], E[q], md.alpha, md.beta * (double)mx, mx > 0);
      if (par) f1[r] = fr;
      else f0[r] = fr;
      sf[r] = fr;
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* Its CPU on any rank: p + 1 ops, p messages of one piece (pairs of adjacent blocks). */
static inline double irr__ag_neighbor_cpu(int p, irr_model md) { return md.cpu_op * (p + 1) + md.cpu_msg * p; }
/* ==== end algo/allgatherv/neighbor.h ==== */
/* ==== begin algo/allgatherv/hier.h ==== */
/* Node-aware Allgatherv (IRR_ALG_HIER), for SMP nodes whose ranks are consecutive: each node
   gathers its blocks at its first rank (the leader) by a binomial tree, the leaders run
   Bruck over the nodes (one message per leader and round crosses the node's NIC, instead of
   one per rank), and each leader broadcasts back down the same binomial tree, every child
   getting all blocks outside the subtree it sent up (one message: a range that wraps past
   p - 1). Not a seed: the two-level scheme of MPI libraries' SMP-aware collectives (e.g.
   MVAPICH2's and Open MPI's hierarchical allgather) on irregular sizes, with the broadcast
   leaving out what a rank already holds. Cost, q ranks per node (at most), n nodes, M the
   total, intra-node messages (alpha_i, beta_i): ceil(log2 q)(alpha_i) + beta_i (node's
   data) up, ceil(log2 n) alpha + beta (sum of Bruck's largest node groups) across, and
   ceil(log2 q)(alpha_i + beta_i M) down. For small totals on nodes sharing a NIC (SMPI,
   16-core nodes, 1 KiB: Bruck's and the ring's messages from 16 ranks queue at one NIC);
   the log q copies of M down the tree make it lose to the ring for large totals. Limits:
   nodes must be ranges of consecutive ranks (irr_allgatherv_nodes, else not applicable);
   4 ceil(log2 p) + 4 ops; no scratch.

     p = 6, nodes {0 1 2} {3 4 5}: up    1 -> 0 (block 1), 2 -> 0 (2); 4 -> 3, 5 -> 3
                                  across 0 <-> 3 (blocks 0-2 / 3-5)
                                  down   0 -> 2 (all but 2: 3 4 5 0 1), 0 -> 1 (2 3 4 5 0) */

/* Nodes as ranges of consecutive ranks: node[r] = the lowest rank of r's node (as the MPI
   layer gives it). Fills first[0..n] (first[n] = p; may be NULL) and returns n, or 0 if
   some node is not a range of consecutive ranks (or node is NULL). O(p). */
static inline int irr_allgatherv_nodes(int p, const int *node, int *first) {
  int r, n = 0;
  if (!node || p < 1) return 0;
  for (r = 0; r < p; r++) {
    if (node[r] == r) {
      if (first) first[n] = r;
      n++;
    } else if (r == 0 || node[r] != node[r - 1]) {
      return 0;
    }
  }
  if (first) first[n] = p;
  return n;
}

/* Rank r's program. first[0..n]: the nodes' first ranks (irr_allgatherv_nodes). */
static inline irr_status irr_allgatherv_hier(int r, int p, const int64_t *m, int n, const int *first, int inplace,
                                             irr_sched *s) {
  int j, f, q, l, k, K1 = 0, K2 = 0, qmax = 0, d, rnd;
  int64_t tot = irr__range_sum(m, 0, p);
  if (s->rank != r || s->size != p || n < 1 || first[0] != 0 || first[n] != p) return IRR_ERR_ARG;
  for (j = 0; j < n; j++)
    if (first[j + 1] - first[j] > qmax) qmax = first[j + 1] - first[j];
  for (j = 0; j + 1 < n && first[j + 1] <= r; j++) {}
  f = first[j], q = first[j + 1] - f, l = r - f;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; k < K1; k++) { /* up: the subtree [r, r + d) to r - d; receive [r + d, r + 2d) */
    int hi;
    d = 1 << k;
    if (l % (2 * d) == d) {
      hi = l + d < q ? r + d : f + q;
      if (irr__range_sum(m, r, hi) > 0) irr_sched_send(s, k + 1, r - d, IRR_BUF_RECV, 0, r, hi, irr__range_sum(m, r, hi));
      break;
    }
    if (l + d < q) {
      hi = l + 2 * d < q ? r + 2 * d : f + q;
      if (irr__range_sum(m, r + d, hi) > 0)
        irr_sched_recv(s, k + 1, r + d, IRR_BUF_RECV, 0, r + d, hi, irr__range_sum(m, r + d, hi));
    }
  }
  for (k = 0; l == 0 && k < K2; k++) { /* across: Bruck over the nodes, groups of whole nodes */
    int to = 0, from = 0, cnt = irr_bruck_round(n, j, k, &to, &from), part;
    for (part = 0; part < 2; part++) {
      int g = part ? from : j, wrap = g + cnt > n, lo = first[g], hi = first[wrap ? g + cnt - n : g + cnt];
      int64_t len = wrap ? irr__range_sum(m, lo, p) + irr__range_sum(m, 0, hi) : irr__range_sum(m, lo, hi);
      irr_op *o;
      if (len == 0) continue;
      o = irr_sched_push(s, K1 + k + 1, part ? IRR_OP_RECV : IRR_OP_SEND, first[part ? from : to], IRR_BUF_RECV, 0,
                         IRR_BUF_NONE, 0, lo, wrap ? p : hi, 0, len);
      if (o && wrap) o->bhi = hi, o->flags = IRR_OPF_WRAP;
    }
  }
  for (k = K1 - 1, rnd = K1 + K2 + 1; k >= 0; k--, rnd++) { /* down: all but the child's subtree */
    int c, hi, wrap;
    int64_t len;
    irr_op *o;
    d = 1 << k;
    if (l % (2 * d) == 0 && l + d < q) c = r + d;        /* send to child c */
    else if (l % (2 * d) == d) c = r;                    /* receive from r - d */
    else continue;
    hi = c - f + d < q ? c + d : f + q;
    wrap = hi < p;
    len = tot - irr__range_sum(m, c, hi);
    if (len > 0) {
      o = irr_sched_push(s, rnd, c == r ? IRR_OP_RECV : IRR_OP_SEND, c == r ? r - d : c, IRR_BUF_RECV, 0, IRR_BUF_NONE,
                         0, wrap ? hi : 0, wrap ? p : c, 0, len);
      if (o && wrap) o->bhi = c, o->flags = IRR_OPF_WRAP;
    }
  }
  return s->err;
}

/* Intra-node messages of the node-aware estimate, as fractions of the network's alpha and
   beta. Shared memory has about twice the bandwidth (bench/smp.xml: 20 vs 10 GB/s) and a
   fraction of the wire latency (0.25 vs 1.5 us), but the per-message software overhead is
   the same on both paths and dominates small messages: in SMPI with 0.5 us of overhead
   (16-core nodes, p = 30, 4 B) an intra-node round took 1.16 us, 0.77 of the model's
   alpha. 0.85 keeps a margin for the node-aware algorithm's longer chain of rounds: with
   0.25 it was chosen at p = 30, 4 B (0.85 of Bruck's speed), with 0.75 at p = 256 for
   4 B geometric and 1 KiB spike data (0.93-0.94 of recursive doubling's). */
#define IRR_INTRA_ALPHA 0.85
#define IRR_INTRA_BETA 0.5

/* irr_allgatherv_hier's time by its rounds' largest messages (node: each rank's lowest
   rank, consecutive nodes; irr_allgatherv_nodes > 0). Across: Bruck's largest group is
   charged as min(cnt * largest node, total). One pass of the nodes, no allocation: a node
   of up to IRR__HIER_LOCAL ranks takes its up rounds' messages from its own prefix sums, a
   subtraction each, and the total from the nodes' sums; a larger one, or one whose sum may
   saturate, sums them. It walked the nodes K1 + 1 times and summed every message and the
   total anew: 9.0-12.3 us a call at p = 1024 on 16-rank nodes, now 3.8-5.6 (one thread,
   irrt_skew, 4 B). O(p log share). */
#define IRR__HIER_LOCAL 256
static inline double irr_allgatherv_hier_estimate(int p, const int64_t *m, const int *node, irr_model md) {
  int r, f, e, k, qmax = 0, n = 0, K1 = 0;
  int64_t tot = 0, Mmax = 0, cnt, up[32] = {0}, L[IRR__HIER_LOCAL + 1];
  int all = 1; /* every node summed locally, no size negative: tot from the nodes' sums */
  double t = 0, ai = md.alpha * IRR_INTRA_ALPHA, bi = md.beta * IRR_INTRA_BETA;
  for (f = 0; f < p; f = e) {
    int q, ok;
    int64_t Mn;
    for (e = f + 1; e < p && node[e] == node[f]; e++) {}
    q = e - f, ok = q <= IRR__HIER_LOCAL;
    if (q > qmax) qmax = q;
    if (ok) {
      for (L[0] = 0, r = 0; r < q; r++) L[r + 1] = irr__sat_add(L[r], m[f + r]), ok &= m[f + r] >= 0;
      Mn = L[q], ok &= Mn < INT64_MAX; /* no partial sum saturated: a difference is the range's sum */
    } else Mn = irr__range_sum(m, f, e);
    all &= ok, tot = irr__sat_add(tot, Mn); /* saturating sums of sizes >= 0 group freely */
    if (Mn > Mmax) Mmax = Mn;
    n++;
    for (k = 0; (1 << k) < q; k++) { /* up: [r, r + d) from r to r - d */
      int d = 1 << k;
      for (r = f + d; r < e; r += 2 * d) {
        int hi = r + d < e ? r + d : e;
        int64_t w = ok ? L[hi - f] - L[r - f] : irr__range_sum(m, r, hi);
        if (w > up[k]) up[k] = w;
      }
    }
  }
  if (!all) tot = irr__range_sum(m, 0, p);
  while ((1 << K1) < qmax) K1++;
  for (k = 0; k < K1; k++) t += ai + bi * (double)up[k];
  for (cnt = 1; cnt < n; cnt *= 2) { /* across */
    int64_t g = cnt < n - cnt ? cnt : n - cnt, w = g * Mmax < tot ? g * Mmax : tot;
    t += md.alpha + md.beta * (double)w;
  }
  return t + K1 * (ai + bi * (double)tot); /* down */
}

/* The node-aware algorithm (irr_allgatherv_hier; first[0..n]: the nodes' first ranks), its
   intra-node messages at ai alpha, bi beta (1, 1: irr_sched_cost's model; the choice on SMP
   nodes passes IRR_INTRA_ALPHA, IRR_INTRA_BETA). In every round each rank is in at most one
   pair (a binomial tree's edge, or two leaders of Bruck over the nodes). O(p log p). */
static inline double irr_allgatherv_hier_time(int p, const int64_t *m, int n, const int *first, irr_model md,
                                              double ai, double bi, void *work) {
  double *E = (double *)work, *F = E + p, ca = md.alpha * ai, cb = md.beta * bi;
  int64_t *P = (int64_t *)(F + p), tot;
  int j, k, K1 = 0, K2 = 0, qmax = 0;
  irr__mp_start(p, m, P, E);
  tot = P[p];
  for (j = 0; j < n; j++) qmax = first[j + 1] - first[j] > qmax ? first[j + 1] - first[j] : qmax;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
#define IRR__PAIR(a, b_, len)                                                     \
  do {                                                                            \
    if ((len) > 0) E[a] = E[b_] = irr__mp_msg(E[a], E[a], E[b_], ca, cb * (double)(len), 1); \
  } while (0)
  for (k = 0; k < K1; k++) /* up: [r + d, hi) from r + d to r */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int hi = l + 2 * d < q ? f + l + 2 * d : f + q;
        IRR__PAIR(f + l, f + l + d, P[hi] - P[f + l + d]);
      }
    }
  for (k = 0; k < K2; k++) { /* across: Bruck over the nodes, leaders only */
    int to, from, cnt = irr_bruck_round(n, 0, k, &to, &from), d = 1 << k;
    for (j = 0; j < n; j++) F[first[j]] = E[first[j]];
    for (j = 0; j < n; j++) {
      int src = (j + d) % n, dst = j; /* src sends its first cnt nodes to dst */
      int lo = first[src], e = src + cnt;
      int64_t len = e <= n ? P[first[e]] - P[lo] : P[p] - P[lo] + P[first[e - n]];
      F[first[src]] = irr__mp_msg(F[first[src]], E[first[src]], E[first[dst]], md.alpha, md.beta * (double)len, len > 0);
      F[first[dst]] = irr__mp_msg(F[first[dst]], E[first[src]], E[first[dst]], md.alpha, md.beta * (double)len, len > 0);
    }
    for (j = 0; j < n; j++) E[first[j]] = F[first[j]];
  }
  for (k = K1 - 1; k >= 0; k--) /* down: all but the child's subtree */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int c = f + l + d, hi = l + 2 * d < q ? c + d : f + q;
        IRR__PAIR(f + l, c, tot - (P[hi] - P[c]));
      }
    }
#undef IRR__PAIR
  return irr__mp_latest(E, p);
}
/* ==== end algo/allgatherv/hier.h ==== */
/* ==== begin algo/allgatherv/circulant.h ==== */
/* Allgatherv on the circulant schedule (IRR_ALG_CIRCULANT; the circulant graph and its
   tables: algo/common/circulant.h).

   All p broadcasts at once (arXiv 2205.10072, Section 4): root j's block of m_j units is cut
   into n pieces, piece t = units [floor(t m_j / n), floor((t+1) m_j / n)); root j's
   broadcast runs on relative ranks (r - j) mod p. In round t + 1 (t = 0 .. n-2+q, k =
   (t + x) mod q) rank r sends ONE message to r + s_k: for every root j in order, the piece
   that j's broadcast moves over that edge in that round (irr_circ_bcast_block of the
   receiver's relative rank), as a head op and IRR_OPF_CONT ops; and receives one from
   r - s_k likewise. Empty pieces are no op, and a round whose pieces are all empty has no
   message. Round 0: the own block into the receive buffer (not in place); everything is
   forwarded from the receive buffer, no scratch.
   Cost (linear model): n - 1 + q rounds, each alpha + beta * (that round's message), about
   (n - 1 + q) (alpha + beta m / n) for total m, whatever the skew. Work per rank: the table
   of every relative rank's recvblock (irr_circ_table, O(p log^2 p)) and O(p (n + q)) to walk
   the roots in every round, plus the ops. Ops: irr_allgatherv_circulant_maxops. */

static inline int64_t irr__circ_cut(int64_t m, int n, int t) { /* floor(t m / n) without overflow */
  return (m / n) * t + ((m % n) * t) / n;
}

static inline int64_t irr_allgatherv_circulant_maxops(int p, int n) {
  int q = irr_circ_q(p);
  return (int64_t)p * (n - 1 + q) + (int64_t)(p - 1) * n + 2;
}

/* Rank r's program with the table R of every relative rank's recvblock (irr_circ_table: p
   alone, so the MPI layer keeps it per communicator). fl: p ints of workspace. */
static inline irr_status irr_allgatherv_circulant_t(int r, int p, const int64_t *m, int n, const int *R, int *fl,
                                                   int inplace, irr_sched *s) {
  int q = irr_circ_q(p), skip[32], t, j, rel;
  if (s->rank != r || s->size != p || n < 1 || p < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (p == 1) return s->err;
  irr_circ_skips(p, skip);
  for (rel = 0; rel < p; rel++) fl[rel] = irr_circ_first_last(R + (size_t)rel * q, n, q);
  for (t = 0; t < n - 1 + q; t++) {
    int k, dir;
    irr_circ_offset(t, n, q, &k);
    for (dir = 0; dir < 2; dir++) { /* the send, then the receive */
      int peer = dir ? (r - skip[k] + p) % p : (r + skip[k]) % p, head = 1;
      for (j = 0; j < p; j++) {
        int who = dir ? (r - j + p) % p : (r + skip[k] - j + p) % p, blk; /* the receiver's relative rank */
        int64_t lo, hi;
        irr_op *o;
        if (m[j] == 0 || who == 0) continue;
        blk = irr_circ_bcast_block(R + (size_t)who * q, fl[who], who, t, n, q);
        if (blk < 0) continue;
        lo = irr__circ_cut(m[j], n, blk);
        hi = irr__circ_cut(m[j], n, blk + 1);
        if (hi == lo) continue;
        o = irr_sched_push(s, t + 1, dir ? IRR_OP_RECV : IRR_OP_SEND, peer, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, j, j + 1,
                           lo, hi - lo);
        if (o && !head) o->flags = IRR_OPF_CONT;
        head = 0;
      }
    }
  }
  return s->err;
}

/* The same, the table computed here (O(p log^2 p)). */
static inline irr_status irr_allgatherv_circulant(int r, int p, const int64_t *m, int n, int inplace, irr_sched *s) {
  int q = irr_circ_q(p), skip[32], *R, *fl, *work;
  irr_status st = IRR_ERR_NOMEM;
  if (p <= 1) return irr_allgatherv_circulant_t(r, p, m, n, NULL, NULL, inplace, s);
  irr_circ_skips(p, skip);
  R = (int *)IRRCOLL_MALLOC(((size_t)p * q + 1) * sizeof(int));
  fl = (int *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int));
  work = (int *)IRRCOLL_MALLOC(((size_t)p + 4 * (size_t)(q + 1)) * sizeof(int));
  if (R && fl && work)
    st = irr_circ_table(p, skip, q, R, work) != 0 ? IRR_ERR_ARG : irr_allgatherv_circulant_t(r, p, m, n, R, fl, inplace, s);
  if (R) IRRCOLL_FREE(R);
  if (fl) IRRCOLL_FREE(fl);
  if (work) IRRCOLL_FREE(work);
  return st;
}

/* Workspace of irr__circ_time, in 8-byte words: E, F, L, G (doubles), the prefix sums (p + 1),
   then ints: first_last (p), the round's intervals (2 p). A table made in the workspace
   (irr__circ_work_table) lies after everything the other algorithms' recursions (7 p + 8
   words) and the Allgatherv choice's prefix sums (2 p + 2) use, so that it outlives them
   in one choice: irr__circ_work_words(p) in all (IRR_AG_WORK, select/allgatherv.h). */
#define IRR__CIRC_TIME_WORDS(p) (5 * (size_t)(p) + 2 + (3 * (size_t)(p) + 1) / 2 + 1)
#define IRR__CIRC_TABLE_AT(p) \
  ((7 * (size_t)(p) + 8 > IRR__CIRC_TIME_WORDS(p) ? 7 * (size_t)(p) + 8 : IRR__CIRC_TIME_WORDS(p)) + 2 * (size_t)(p) + 2)
static inline size_t irr__circ_work_words(int p) {
  size_t q = (size_t)irr_circ_q(p);
  return IRR__CIRC_TABLE_AT(p) + ((size_t)p * (q + 1) + 4 * (q + 1)) / 2 + 1;
}

/* Where a table made in work lies. */
static inline int *irr__circ_work_R(int p, void *work) { return (int *)((int64_t *)work + IRR__CIRC_TABLE_AT(p)); }
/* The table computed in work: it, or NULL if its repair fails. */
static inline const int *irr__circ_work_table(int p, void *work) {
  int q = irr_circ_q(p), skip[32], *R = irr__circ_work_R(p, work);
  irr_circ_skips(p, skip);
  return p <= 1 || irr_circ_table(p, skip, q, R, R + (size_t)p * q) == 0 ? R : NULL;
}

/* The model's time of irr_allgatherv_circulant with n pieces per block (p ranks, sizes m),
   the max-plus recursion over its n - 1 + q rounds (ir/maxplus.h: every rank sends one
   message and receives one per round, no port is contended):
     E_t(r) = max(E_{t-1}(r), [max(E_{t-1}(r), E_{t-1}(r + s_k)) + alpha + beta L_t(r + s_k)],
                             [max(E_{t-1}(r), E_{t-1}(r - s_k)) + alpha + beta L_t(r)]),
   a bracket only where its message is not empty. L_t(d), the message d receives in round t,
   is the sum over the relative ranks w that get a block in round t (irr_circ_bcast_block)
   of root d - w's piece, taken as m_j / n (exact for n = 1; the floors of irr__circ_cut
   move each by less than a unit). The valid w form a few intervals, so L_t is a few window
   sums per rank. In the middle rounds every w != 0 gets a block (checked by the table's
   column minimum and maximum): L_t(d) = (m - m_d) / n, and the rounds repeat with period q
   (k = (t + x) mod q); once a period adds the same delta to every E (max-plus: then every
   later period of such rounds does too), the remaining whole periods are jumped. Cost:
   O(p q I) for the first and last rounds (I intervals, a handful), O(p q) per middle period
   until the jump. The first phase's valid w form up to p / 2 intervals (2^t in round t);
   a round with more than IRR_CIRC_EXACT / p of them takes L_t(d) as (m - m_d) / n times
   the share of valid w (never for p <= 2048; above, an approximation that is not held to the
   model by a test). R: the table (irr_circ_table; irr__circ_work_table makes one in work);
   work: irr__circ_work_words(p) words. */
#define IRR_CIRC_EXACT ((int64_t)1 << 22) /* window sums per round, beyond which L_t is approximated */

/* Whether round t (k = its skip) is a middle round: every w != 0 gets a block (mnR, mxR: the
   table's column minima and maxima, after the round's offset). */
static inline int irr__circ_full(const int *mnR, const int *mxR, int t, int n, int q, int *k) {
  int off = irr_circ_offset(t, n, q, k);
  return mnR[*k] + off >= 0 && mxR[*k] + off <= n - 2;
}

/* At the start of a period of middle rounds (G: the clocks one period ago): if the period
   added the same delta to every clock, add it for every whole period of middle rounds still
   ahead and return how many rounds that skips (0: none). */
static inline int irr__circ_jump(int p, int n, int q, int t, const int *mnR, const int *mxR, double *E,
                                 const double *G) {
  double lo = 1e300, hi = -1e300;
  int r, u = t, kk, left;
  for (r = 0; r < p; r++) {
    double x = E[r] - G[r];
    lo = x < lo ? x : lo, hi = x > hi ? x : hi;
  }
  while (u < n - 1 + q && irr__circ_full(mnR, mxR, u, n, q, &kk)) u++;
  left = (u - t) / q; /* whole periods of middle rounds still ahead */
  if (left <= 0 || hi - lo > 1e-12 * (hi > 0 ? hi : 1)) return 0;
  for (r = 0; r < p; r++) E[r] += left * lo;
  return left * q;
}

/* L[d] for a first- or last-phase round t (k, off: its skip and offset): the sum over the
   relative ranks w that get a block (intervals iv of them) of root d - w's piece. Returns 0
   if no rank gets a block. */
static inline int irr__circ_loads(int p, const int64_t *m, int n, int q, int t, int k, int off, const int *R,
                                  const int *fl, const int64_t *P, int *iv, double *L) {
  int w, d, i, ni = 0;
  for (w = 1; w < p; w++) { /* the intervals [iv[2i], iv[2i+1]] of relative ranks that get a block */
    int b = R[(size_t)w * q + k] + off, v = b >= 0 && (b < n - 1 || t == fl[w]);
    if (!v) continue;
    if (ni > 0 && iv[2 * ni - 1] == w - 1) iv[2 * ni - 1] = w;
    else iv[2 * ni] = iv[2 * ni + 1] = w, ni++;
  }
  if (ni == 0) return 0;
  if ((int64_t)ni * p > IRR_CIRC_EXACT) { /* too many intervals: the valid share of every other root */
    int64_t nv = 0;
    for (i = 0; i < ni; i++) nv += iv[2 * i + 1] - iv[2 * i] + 1;
    for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) * (double)nv / (double)(p - 1) / n;
    return 1;
  }
  for (d = 0; d < p; d++) { /* roots d - w, w in [a, b]: the window [d - b, d - a] mod p */
    int64_t sum = 0;
    for (i = 0; i < ni; i++) {
      int lo = d - iv[2 * i + 1], len = iv[2 * i + 1] - iv[2 * i] + 1;
      if (lo < 0) lo += p;
      sum += lo + len <= p ? P[lo + len] - P[lo] : P[p] - P[lo] + P[lo + len - p];
    }
    L[d] = (double)sum / n;
  }
  return 1;
}

static inline double irr__circ_time(int p, const int64_t *m, int n, irr_model md, const int *R, void *work) {
  int q = irr_circ_q(p), skip[32], mnR[32], mxR[32], t, w, d, r, k, run = 0;
  double *E = (double *)work, *F = E + p, *L = F + p, *G = L + p;
  int64_t *P = (int64_t *)(G + p);
  int *fl = (int *)((int64_t *)work + 5 * (size_t)p + 2), *iv = fl + p;
  if (p <= 1) return 0.0;
  if (n < 1) n = 1;
  irr_circ_skips(p, skip);
  for (k = 0; k < q; k++) mnR[k] = 1 << 30, mxR[k] = -(1 << 30);
  for (w = 1; w < p; w++) {
    fl[w] = irr_circ_first_last(R + (size_t)w * q, n, q);
    for (k = 0; k < q; k++) {
      int v = R[(size_t)w * q + k];
      mnR[k] = v < mnR[k] ? v : mnR[k], mxR[k] = v > mxR[k] ? v : mxR[k];
    }
  }
  irr__mp_start(p, m, P, E);
  for (t = 0; t < n - 1 + q; t++) {
    int sk, jump, off = irr_circ_offset(t, n, q, &k);
    double *tmp;
    if (irr__circ_full(mnR, mxR, t, n, q, &k)) {
      if (run % q == 0) { /* a period of middle rounds starts */
        if (run >= q && (jump = irr__circ_jump(p, n, q, t, mnR, mxR, E, G)) > 0) {
          t += jump - 1;
          run = 0;
          continue;
        }
        memcpy(G, E, (size_t)p * sizeof(double));
      }
      if (++run == 1) /* the same in every middle round */
        for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) / n;
    } else {
      run = 0;
      if (!irr__circ_loads(p, m, n, q, t, k, off, R, fl, P, iv, L)) continue;
    }
    sk = skip[k];
    for (r = 0; r < p; r++) {
      int to = r + sk >= p ? r + sk - p : r + sk, from = r - sk < 0 ? r - sk + p : r - sk;
      double e = irr__mp_msg(E[r], E[r], E[to], md.alpha, md.beta * L[to], L[to] > 0);
      F[r] = irr__mp_msg(e, E[r], E[from], md.alpha, md.beta * L[r], L[r] > 0);
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* The same, the table computed here: 1e300 when its repair fails (a property of p alone,
   the same on every rank). */
static inline double irr_allgatherv_circulant_time(int p, const int64_t *m, int n, irr_model md, void *work) {
  const int *R = irr__circ_work_table(p, work);
  return R ? irr__circ_time(p, m, n, md, R, work) : 1e300;
}

#define IRR_CIRC_MAXPIECES 1024 /* pieces per block at most */

/* The sizes by powers of two (cnt[k], sum[k]: the nonempty ones in [2^k, 2^(k+1))), for the
   CPU's closed form, with their total M and largest mx: one pass, taken only where the
   circulant schedule is a candidate. */
typedef struct irr__szhist {
  int nz, cnt[64];
  int64_t sum[64], M, mx;
} irr__szhist;
static inline void irr__szhist_make(int p, const int64_t *m, irr__szhist *h) {
  int i, k;
  memset(h, 0, sizeof *h);
  for (i = 0; i < p; i++) {
    uint64_t v = (uint64_t)m[i];
    if (m[i] <= 0) continue;
    for (k = 0; v >> 1; k++) v >>= 1;
    h->nz++, h->cnt[k]++, h->sum[k] += m[i], h->M += m[i], h->mx = m[i] > h->mx ? m[i] : h->mx;
  }
}

/* The CPU of the busiest rank's program with n pieces per block (irr_sched_cpu's count): S =
   the pieces of min(n, m_j) of every nonempty block; the busiest rank builds about 2.1 S ops
   (it receives one of each and forwards about as many: least squares over the busiest
   ranks' programs on random skewed sizes, p = 3 .. 300, n = 1 .. 16: 0.6 .. 1.25 of the
   count in 90% of them), in at most 2 (n - 1 + q) messages and no more than its pieces,
   those of several pieces (a datatype) as many as the pieces beyond one allow; the
   generator walks all p roots in every round of both directions, IRR_CIRC_WALK sizes
   (cpu_size) a root. */
#define IRR_CIRC_WALK 3.5
/* That walk with n pieces per block: 2 (n - 1 + q) rounds of p roots. */
static inline double irr__circ_walk_cpu(int p, int n, irr_model md) {
  return md.cpu_size * IRR_CIRC_WALK * 2.0 * p * (n - 1 + irr_circ_q(p));
}
static inline double irr__circ_cpu(int p, int n, const irr__szhist *h, irr_model md) {
  int q = irr_circ_q(p), k;
  double msgs = 2.0 * (n - 1 + q), S = 0, pieces, extra, t;
  if (p <= 1) return 0;
  for (k = 0; k < 64; k++) {
    double whole = (double)h->cnt[k] * n;
    S += (double)h->sum[k] < whole ? (double)h->sum[k] : whole;
  }
  pieces = 2.1 * S;
  msgs = pieces < msgs ? pieces : msgs;
  extra = pieces > msgs ? pieces - msgs : 0;
  t = md.cpu_op * (pieces + 1) + msgs * md.cpu_msg + irr__circ_walk_cpu(p, n, md);
  return t + (extra < msgs ? extra : msgs) * md.cpu_type + extra * (md.cpu_piece + md.cpu_op);
}

/* The same counted from the table R (irr_sched_cpu of every rank's program without building
   it: the generator's loops, counting): O(p^2 (n + q)), for few ranks, where the closed
   form's error would decide between close candidates. fl: p ints of workspace. */
static inline double irr__circ_cpu_count(int p, const int64_t *m, int n, const int *R, int *fl, irr_model md) {
  int q = irr_circ_q(p), skip[32], r, t, j, rel;
  double worst = 0;
  if (p <= 1) return 0;
  irr_circ_skips(p, skip);
  for (rel = 0; rel < p; rel++) fl[rel] = irr_circ_first_last(R + (size_t)rel * q, n, q);
  for (r = 0; r < p; r++) {
    double c = md.cpu_op * (m[r] > 0);
    for (t = 0; t < n - 1 + q; t++) {
      int k, dir;
      irr_circ_offset(t, n, q, &k);
      for (dir = 0; dir < 2; dir++) {
        int pieces = 0;
        for (j = 0; j < p; j++) {
          int who = dir ? (r - j + p) % p : (r + skip[k] - j + p) % p, blk;
          if (m[j] == 0 || who == 0 || (blk = irr_circ_bcast_block(R + (size_t)who * q, fl[who], who, t, n, q)) < 0) continue;
          pieces += irr__circ_cut(m[j], n, blk + 1) > irr__circ_cut(m[j], n, blk);
        }
        if (pieces == 0) continue;
        c += md.cpu_op * pieces + md.cpu_msg + (pieces > 1 ? md.cpu_type + (pieces - 1) * (md.cpu_piece + md.cpu_op) : 0);
      }
    }
    worst = c > worst ? c : worst;
  }
  return worst + irr__circ_walk_cpu(p, n, md);
}
#define IRR_CIRC_COUNT_MAX 4096 /* p^2 (n - 1 + q) at most, for irr__circ_cpu_count in the choice */

/* The closed-form estimate of irr__circ_time with n pieces (total M, smallest mn, largest mx;
   cs: the table's summary). Rounds from the phase offset q on are middle rounds: every rank
   receives a piece of every other block, (M - m_d) / n. Before, round t's V relative ranks
   (those whose recvblock is a block already, cs) receive; the round's largest message taken
   as the largest block plus V - 1 average others, a piece of each. Within 0.73 .. 1.11 of
   irr__circ_time on random skewed sizes for n >= 2 (test_agchoice holds the choice); for
   n = 1 (every round partial) the caller takes Bruck's windows instead. O(q^2). */
static inline double irr__circ_estimate(int p, int64_t M, int64_t mn, int64_t mx, int n, irr_model md, const irr_circ_sum *cs) {
  int q = cs->q, t, k, v, R = n - 1 + q;
  double avg = p > 1 ? (double)(M - mx) / (p - 1) : 0, est = 0, full = (double)(M - mn) / n;
  for (t = 0; t < R; t++) {
    int off = irr_circ_offset(t, n, q, &k), V = 0;
    double L;
    if (off >= q) break; /* from here on every round is a middle round */
    for (v = -off > -q ? -off : -q; v < q; v++) V += cs->cnt[k][v + q];
    if (V <= 0) continue;
    L = V >= p - 1 ? full : (mx + (V - 1) * avg) / n;
    est += md.alpha + md.beta * (L < full ? L : full);
  }
  return est + (R - t) * (md.alpha + md.beta * full);
}

/* Pieces per block by the closed forms (irr__circ_estimate + irr__circ_cpu) over n0 / 2 ..
   2 n0 (five, a factor sqrt 2 apart), n0 the optimum of (n - 1 + q)(alpha + beta X / n) with each round's and piece's CPU:
   n0 = sqrt((q - 1) beta X / (alpha + 2 (msg + type + p size) + 2 nz (piece + 2 op))),
   X = M - mn; n >= 2 (n = 1 is Bruck-like: the caller prices it by Bruck's windows).
   *t: the estimate with the CPU. O(q^2). */
static inline int irr__circ_pick(int p, int64_t M, int64_t mn, int64_t mx, const irr__szhist *h, irr_model md,
                                 const irr_circ_sum *cs, double *t) {
  int nz = h->nz;
  int q = cs->q, i, best = 2;
  double X = (double)(M - mn), den, n0, bt = 1e300;
  den = md.alpha + 2 * (md.cpu_msg + md.cpu_type + p * md.cpu_size) + 2.0 * nz * (md.cpu_piece + 2 * md.cpu_op);
  n0 = den > 0 ? irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * X / den) : 2;
  for (i = 0; i < 5; i++) { /* n0 / 2, n0 / sqrt 2, n0, n0 sqrt 2, 2 n0 */
    double c = n0 * (i == 0 ? 0.5 : i == 1 ? 0.7071 : i == 2 ? 1 : i == 3 ? 1.4142 : 2), x;
    int n = c < 2 ? 2 : c > IRR_CIRC_MAXPIECES ? IRR_CIRC_MAXPIECES : (int)(c + 0.5);
    if ((int64_t)n > mx) n = mx > 2 ? (int)mx : 2;
    x = irr__circ_estimate(p, M, mn, mx, n, md, cs) + irr__circ_cpu(p, n, h, md);
    if (x < bt) bt = x, best = n;
  }
  *t = bt;
  return best;
}

/* Pieces per block and their time: the argmin of irr__circ_time (network and, with the
   model's CPU term, irr__circ_cpu) over a small candidate set around the closed form's
   optimum n0 = sqrt((q - 1) beta m / alpha): n0 / 2, n0, 2 n0 and 1, each at most the
   largest block's units and IRR_CIRC_MAXPIECES. From sizes every rank knows. *t: the time
   (1e300 if the table's repair fails for this p). The exact evaluation for tests and the
   benchmarks; the automatic choice uses the closed form (irr__circ_pick). */
static inline int irr_allgatherv_circulant_choose(int p, const int64_t *m, irr_model md, void *work, double *t) {
  int64_t tot = 0, mx = 0;
  int i, q = irr_circ_q(p), c[4], best = 1;
  double n0, bt = 1e300;
  const int *R;
  irr__szhist h;
  irr__szhist_make(p, m, &h);
  for (i = 0; i < p; i++) tot += m[i], mx = m[i] > mx ? m[i] : mx;
  *t = 0;
  if (p <= 1) return 1;
  if (!(R = irr__circ_work_table(p, work))) return *t = 1e300, 1;
  n0 = md.alpha > 0 ? irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * (double)tot / md.alpha) : (double)mx;
  c[0] = 1, c[1] = (int)(n0 / 2 + 0.5), c[2] = (int)(n0 + 0.5), c[3] = (int)(2 * n0 + 0.5);
  for (i = 0; i < 4; i++) {
    double x;
    int j, n = c[i] < 1 ? 1 : c[i] > IRR_CIRC_MAXPIECES ? IRR_CIRC_MAXPIECES : c[i];
    if ((int64_t)n > mx) n = mx > 1 ? (int)mx : 1;
    for (j = 0; j < i; j++)
      if (c[j] == n) break;
    c[i] = n;
    if (j < i) continue;
    x = irr__circ_time(p, m, n, md, R, work) + irr__circ_cpu(p, n, &h, md);
    if (x < bt) bt = x, best = n;
  }
  *t = bt;
  return best;
}
/* ==== end algo/allgatherv/circulant.h ==== */
/* ==== begin algo/allgatherv/any.h ==== */
/* Any Allgatherv algorithm: the ops a program needs, and the closed-form choice between the
   ring and Bruck that the algorithms built on Allgatherv use for their inner Allgatherv
   (intergroup, XAllgatherv's large blocks go by the full choice: select/allgatherv.h). */

/* The model's comparison, the same on every rank (all know the sizes): the cheaper of the
   ring (block size *B from Eq. 2) and Bruck by their closed-form estimates. share: ranks per node
   that share one NIC (1: flat). The node-aware ring crosses each NIC once per round; in
   Bruck's round k the 2^k first ranks of each node (at most share) send across it at once,
   so that round's bandwidth term is their sum. The full automatic rule is irr_allgatherv_choose
   (select/allgatherv.h). */
/* The ring's latency alone loses to Bruck's estimate lg, whatever its block size: its fewest
   rounds (irr__ring_rounds with every rank one block; z of the p ranks empty, not all) of
   alpha are above lg. */
static inline int irr__ag_ring_latency_loses(int p, int z, irr_model md, double lg) {
  return z < p && (double)irr__ring_rounds(p, p, z, 1) * md.alpha > lg;
}
/* lg: Bruck's estimate (irr_allgatherv_bruck_estimate with share). gate: first the ring's
   latency alone (irr__ag_ring_latency_loses). Where that is already above Bruck's estimate,
   Bruck is the choice without the ring's block size (Eq. 2 and its snap, about 25 ns a
   rank), and *B is 0, as the flat choice gives Bruck. kp (NULL: not asked): where the ring's
   block size was computed, the snap's result (irr__ring_pick), else untouched. st: the sizes'
   statistics (NULL: counted here, the empty ranks for the gate in a pass of their own). */
static inline irr_alg irr__allgatherv_choose_on_lg(int p, const int64_t *m, irr_model md, int share, int64_t *B, double *t,
                                                   int gate, double lg, irr__ring_pick *kp, const irr__ring_st *st) {
  double lr;
  irr__ring_pick k;
  if (gate && p > 1) {
    int i, z = 0;
    if (st) z = st->z;
    else
      for (i = 0; i < p; i++) z += m[i] <= 0;
    if (irr__ag_ring_latency_loses(p, z, md, lg)) return *t = lg, *B = 0, IRR_ALG_BRUCK;
  }
  k = irr__ring_pick_on(p, m, md, share > 1, st);
  *B = k.B, lr = irr__ring_est_rounds(p, k.rounds, k.B, md);
  if (kp) *kp = k;
  *t = lg < lr ? lg : lr; /* the chosen one's estimate */
  return lg < lr ? IRR_ALG_BRUCK : IRR_ALG_RING;
}
/* The same with Bruck's estimate lg computed here. */
static inline irr_alg irr__allgatherv_choose_on_t(int p, const int64_t *m, irr_model md, int share, int64_t *B, double *t,
                                                  int gate) {
  return irr__allgatherv_choose_on_lg(p, m, md, share, B, t, gate, irr_allgatherv_bruck_estimate(p, m, md, share > 1 ? share : 1),
                                      NULL, NULL);
}
static inline irr_alg irr_allgatherv_choose_on(int p, const int64_t *m, irr_model md, int share, int64_t *B) {
  double t;
  return irr__allgatherv_choose_on_t(p, m, md, share, B, &t, 0);
}

/* Ops of rank r's program, for any sizes: ring 2(b - b_r) + 1, Bruck 4 ceil(log2 p) + p + 1,
   recursive doubling and the node-aware algorithm at most Bruck's. */
static inline int64_t irr_allgatherv_maxops(irr_alg alg, int p, const int64_t *m, int64_t B) {
  int64_t b = 0;
  int i;
  if (alg == IRR_ALG_BRUCK || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER) return 4 * (int64_t)irr_tree_levels(p) + p + 2;
  if (alg == IRR_ALG_NEIGHBOR) return (int64_t)p + 2;
  if (alg == IRR_ALG_CIRCULANT) /* as irr_allgatherv_circulant_maxops (circulant.h) */
    return (int64_t)p * ((B > 0 ? B : 1) - 1 + irr_tree_levels(p)) + (int64_t)(p - 1) * (B > 0 ? B : 1) + 2;
  for (i = 0; i < p; i++) b += irr__nblocks(m[i], B);
  return 2 * b + 2;
}
/* ==== end algo/allgatherv/any.h ==== */
/* ==== begin algo/xv/common.h ==== */
/* v-collectives whose receive sizes are unknown (MPI Forum proposal, Plum 2008: seed 003).

   The receivers of IRR_XGatherv, IRR_XScatterv, IRR_XAllgatherv and IRR_XAlltoallv need not
   know how much they receive: they enter IRR_SIZE_UNKNOWN in recvcounts[0] (XScatterv: in
   *recvcount), give a bound on the whole receive buffer, and get the counts back. With
   IRR_DISPL_CONSECUTIVE in displs[0] the blocks are placed one after the other in rank order
   and the displacements are returned. algo/xv/ holds the pure plans, one file per collective
   (this one: the markers); the contracts are in api/decl.h.

   Every receiver of these programs learns its lengths from the messages (IRR_OPF_LEARN):
   the MPI layer runs them with the lengths unknown, and the executor fills in what arrives,
   so what it has run equals what irr_xv_build_all / irr_xallgatherv_build_all give the
   checker and the cost model (test/mpi/test_same.c compares them). XScatterv's receivers
   run their first op, then the rest built from what it taught; XAllgatherv's Bruck runs a
   round at a time, rebuilt from the sizes learned so far. */

/* The markers (recvcounts[0] / displs[0]). Both are INT_MIN: a count is never negative and
   a displacement of INT_MIN elements cannot address memory. */
#define IRR_SIZE_UNKNOWN (-2147483647 - 1)
#define IRR_DISPL_CONSECUTIVE (-2147483647 - 1)

/* Bytes of the size header that an IRR_OPF_COUNTS message carries per block. */
#define IRR_XCOUNT_BYTES 8
/* ==== end algo/xv/common.h ==== */
/* ==== begin algo/xv/xgatherv.h ==== */
/* XGatherv with unknown sizes at the root (seed 003).

   XGatherv (irr_xgatherv_tree): Träff's tree never needs the root to know the sizes in
   advance: the construction (Lemma 3) runs on the senders' sizes. Its messages also carry
   them (a fixed root its subcube's, 8 bytes a rank, and the outcome sent to the root the
   other side's), so the root knows every size when the construction ends, in the same
   rounds: it builds the whole tree as Gatherv's root does, degraded the same way (subtrees
   above the model's threshold send straight to it: seed 000, Section 3), and receives in
   place. Every data message still carries the sizes of the blocks it holds
   (IRR_OPF_COUNTS), so the data program alone teaches the root every size (what the
   checker verifies). On few ranks ("direct", irr_xgatherv_direct), every rank sends its
   block to the root, which learns each size from the message (IRR_OPF_LEARN) in rank
   order. */

/* XGatherv on the tree: Gatherv's schedule (degraded as Gatherv's: T, m_root at the root,
   else NULL), each data message carrying its sizes. */
static inline irr_status irr_xgatherv_tree(const irr_tree *t, const irr_tree_all *T, const int64_t *m_root, int ctrl,
                                           irr_sched *s) {
  int n0 = s->nops;
  irr_status st = irr__tree_v(0, t, T, m_root, 0, ctrl, s);
  if (st == IRR_OK) irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
  return st;
}

/* XGatherv "direct": every rank sends its block (empty ones too) to the root, which learns
   each size from the message (IRR_OPF_PROBE | IRR_OPF_LEARN), in rank order, so it can put
   each block in place as it comes. m_root: at the root, the sizes (NULL: not learned yet,
   taken as 0; the executor fills them in as they arrive). The program of irr_gatherv_direct
   with the sizes learned instead of expected. */
static inline irr_status irr_xgatherv_direct(int rank, int p, int root, int64_t own, const int64_t *m_root,
                                             irr_sched *s) {
  int i, n0 = s->nops;
  if (s->rank != rank || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (rank != root) {
    irr_sched_send(s, 0, root, IRR_BUF_SEND, 0, rank, rank + 1, own);
  } else {
    for (i = 0; i < p; i++)
      if (i != root) irr_sched_recv(s, 0, i, IRR_BUF_RECV, 0, i, i + 1, m_root ? m_root[i] : 0);
    if (own > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, root, root + 1, own);
  }
  for (i = n0; i < s->nops && s->err == IRR_OK; i++)
    if (s->ops[i].kind != IRR_OP_COPY)
      s->ops[i].flags = IRR_OPF_LEARN | (s->ops[i].kind == IRR_OP_RECV ? IRR_OPF_PROBE : 0);
  return s->err;
}

/* XGatherv direct: the programs of all ranks into set (initialized by the caller). */
static inline irr_status irr__xgatherv_all(irr_sched_set *set, int p, int root, const int64_t *m) {
  irr_status st = IRR_OK;
  int r;
  irr_op *ops;
  if (!(ops = (irr_op *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(irr_op)))) return IRR_ERR_NOMEM;
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, p + 1);
    st = irr_xgatherv_direct(r, p, root, m[r], m, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  IRRCOLL_FREE(ops);
  return st;
}

/* XGatherv's construction carries the sizes (see the top): its control messages (ctrl ops,
   in irr__tree_ctrl's order) grow by 8 bytes a rank: a fixed root's exchange by its
   subcube's sizes, an outcome sent to the root by those of the other side. */
static inline int irr__xg_ctrl_add(irr_sched *s, int *k, int64_t add) {
  if (*k >= s->nops || s->ops[*k].buf != IRR_BUF_NONE) return 0;
  s->ops[(*k)++].len += add;
  return 1;
}
static inline irr_status irr__xgatherv_ctrl_sizes(irr_sched_set *set, int p, int root, const int64_t *m,
                                                  int64_t thresh) {
  irr_tree_all T;
  irr_status st;
  int r, ok = 1;
  memset(&T, 0, sizeof T);
  if ((st = irr_tree_build_t(&T, p, root, IRR_TREE_LINEAR_TIME, m, thresh)) != IRR_OK) return st;
  for (r = 0; r < p && ok; r++) {
    irr_sched *s = &set->s[r];
    irr_tree t;
    int d, k = 0;
    irr_tree_view(&T, r, &t);
    for (d = 0; d < t.levels && ok; d++) {
      int f = irr_tree_fixed_root(r, d, p), partner = f == r ? irr_tree_partner(r, d, p) : -1;
      int gather_here = t.parent < 0 || d <= (t.direct ? t.note_last : t.send_level);
      int fp = irr_tree_partner(f, d, p), lo, hi, plo, phi, i;
      irr_tree_cube((int64_t)f >> d, d, p, &lo, &hi);
      if (partner >= 0) {
        irr_tree_cube((int64_t)partner >> d, d, p, &plo, &phi);
        ok = irr__xg_ctrl_add(s, &k, 8 * (int64_t)(hi - lo)) && irr__xg_ctrl_add(s, &k, 8 * (int64_t)(phi - plo));
        for (i = 0; i < 2 && ok; i++) /* notify[0]: about the partner's side, [1]: ours */
          if (t.notify[i][d] >= 0)
            ok = irr__xg_ctrl_add(s, &k, t.notify[i][d] == root ? 8 * (int64_t)(i ? hi - lo : phi - plo) : 0);
      }
      if (ok && gather_here && f != r && fp >= 0) {
        irr_tree_cube(((int64_t)r >> d) ^ 1, d, p, &plo, &phi);
        ok = irr__xg_ctrl_add(s, &k, r == root ? 8 * (int64_t)(phi - plo) : 0);
      }
    }
  }
  irr_tree_all_free(&T);
  return ok ? IRR_OK : IRR_ERR_ORDER;
}
/* ==== end algo/xv/xgatherv.h ==== */
/* ==== begin algo/xv/xscatterv.h ==== */
/* XScatterv with unknown sizes at the receivers (seed 003), and Scatterv's xtree: the same
   tree run with the sizes known (the default Scatterv above 64 ranks, and persistent Scatterv).

   XScatterv (irr_xscatterv_sched): only the root knows the sizes, so the tree is built there,
   on the weights m_i + 8 (each rank must receive at least its size, so no subtree is empty).
   The root sends each child the child's range [lo, hi) with its sizes and data
   (IRR_OPF_COUNTS | IRR_OPF_RANGE); a rank that receives a range rebuilds the tree on it with
   itself as fixed root (Lemma 2, on the range alone) and forwards likewise. Every rank
   learns its size from the one message it probes for. Rounds: about 1 + L per level of
   descent; an inner rank holds its range's data. */

/* XScatterv: the tree a rank that holds range [lo, hi) (it is in it) builds on that range:
   fixed root `me`, weights m_i + 8 (w: hi-lo entries of scratch, kept by T). mr: the sizes
   of the range, mr[i - lo] for rank i. rule: IRR_TREE_LINEAR_TIME, or IRR_TREE_BINOMIAL (a
   size-oblivious tree). thresh: graceful degradation (algo/common/hypercube.h; INT64_MAX: none): a subtree
   above it gets its range from `me` itself, not through the tree. Free T with
   irr_tree_all_free. */
static inline irr_status irr_xscatterv_tree(irr_tree_all *T, int lo, int hi, int me, const int64_t *mr,
                                            int rule, int64_t *w, int64_t thresh) {
  int i;
  if (lo < 0 || hi <= lo || me < lo || me >= hi) return IRR_ERR_ARG;
  for (i = 0; i < hi - lo; i++)
    if (mr[i] < 0 || !irr__add_ok(mr[i], IRR_XCOUNT_BYTES, &w[i])) return IRR_ERR_COUNT;
  return irr_tree_build_t(T, hi - lo, me - lo, rule, w, rule == IRR_TREE_LINEAR_TIME ? thresh : INT64_MAX);
}

/* XScatterv, a non-root rank's first op (round 0): the one receive, probed; from the message
   it learns (IRR_OPF_LEARN) the sender, its range [lo, hi) and their sizes (total units of
   data), which land in scratch in rank order. Before it has run: parent -1, lo = hi = 0,
   total 0 (the MPI layer); the centralized builder gives the values it will learn. */
static inline void irr_xscatterv_recv(int parent, int lo, int hi, int64_t total, irr_sched *s) {
  irr_op *o = irr_sched_push(s, 0, IRR_OP_RECV, parent, IRR_BUF_TMP, 0, IRR_BUF_NONE, 0, lo, hi, 0, total);
  if (o) o->flags = IRR_OPF_PROBE | IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN;
}

/* XScatterv: the rest of the program of rank lo + t->rank, which holds range [lo, lo + t->p)
   (sizes mr, from lo; in scratch in rank order once irr_xscatterv_recv has run) and got it
   from `parent` (-1: the root, whose data is in its send buffer). t: its view of the tree
   on the range (irr_xscatterv_tree + irr_tree_view), or NULL for "direct" (the root sends
   every rank its block itself: p-1 start-ups, no forwarding). The own block is copied out
   (round 0, after the receive), then the children get their ranges, highest level first,
   one per round (Theorem 1's order); the direct receivers of a degraded tree (T, else NULL)
   theirs first, in the first of those rounds. Empty ranges are sent too: their ranks must learn
   their size 0. Every message carries its range and sizes, and its receiver learns them. */
static inline irr_status irr_xscatterv_forward(const irr_tree *t, const irr_tree_all *T, int lo, int me, int parent,
                                               const int64_t *mr, int inplace, irr_sched *s) {
  int hi = t ? lo + t->p : lo + 1, i, R = parent >= 0 ? 1 : 0;
  int vb = parent >= 0 ? IRR_BUF_TMP : IRR_BUF_SEND, fl = IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN;
  if (!t && parent < 0) { /* direct, the root: every other rank's block, then its own */
    for (i = 0; i < s->size; i++) {
      int n0 = s->nops;
      if (i == me) continue;
      irr_sched_send(s, 0, i, IRR_BUF_SEND, 0, i, i + 1, mr[i]);
      irr__flag_msgs(s, n0, fl);
    }
    if (mr[me] > 0 && !inplace) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, me, me + 1, mr[me]);
    return s->err;
  }
  if (t) me = lo + t->rank;
  if (s->rank != me || hi > s->size) return IRR_ERR_ARG;
  if (mr[me - lo] > 0 && !(parent < 0 && inplace))
    irr_sched_copy(s, 0, vb, parent >= 0 ? irr__range_sum(mr, 0, me - lo) : 0, IRR_BUF_RECV, 0, me, me + 1, mr[me - lo]);
  for (i = 0; T && i < T->p; i++) {
    int clo, chi, n0 = s->nops;
    if (!irr_tree_direct_range(T, i, &clo, &chi)) continue;
    irr_sched_send(s, R, i + lo, vb, parent >= 0 ? irr__range_sum(mr, 0, clo) : 0, clo + lo, chi + lo,
                   irr__range_sum(mr, clo, chi));
    irr__flag_msgs(s, n0, fl);
  }
  for (i = t ? t->nchild - 1 : -1; i >= 0; i--) {
    int clo, chi, n0 = s->nops;
    irr__child_range(t, &t->child[i], &clo, &chi);
    clo += lo;
    chi += lo;
    irr_sched_send(s, R + t->nchild - 1 - i, t->child[i].rank + lo, vb,
                   parent >= 0 ? irr__range_sum(mr, 0, clo - lo) : 0, clo, chi, irr__range_sum(mr, clo - lo, chi - lo));
    irr__flag_msgs(s, n0, fl);
  }
  return s->err;
}

/* XScatterv: rank lo + t->rank's whole program (see the two parts above). */
static inline irr_status irr_xscatterv_sched(const irr_tree *t, const irr_tree_all *T, int lo, int me, int parent,
                                             const int64_t *mr, int inplace, irr_sched *s) {
  int hi = t ? lo + t->p : lo + 1;
  if (parent >= 0) irr_xscatterv_recv(parent, lo, hi, irr__range_sum(mr, 0, hi - lo), s);
  return irr_xscatterv_forward(t, T, lo, me, parent, mr, inplace, s);
}

/* XScatterv's tree, centrally: every rank's range [lo, hi) and parent (par, -1 at the root),
   from the root down (breadth first, as the messages go). w: p entries of scratch. */
static inline irr_status irr__xscatterv_ranges(int p, int root, const int64_t *m, int rule, int64_t thresh, int *lo,
                                               int *hi, int *par, int *queue, int64_t *w) {
  irr_status st = IRR_OK;
  int head = 0, tail = 0;
  lo[root] = 0, hi[root] = p, par[root] = -1;
  queue[tail++] = root;
  while (head < tail && st == IRR_OK) {
    int me = queue[head++], i;
    irr_tree_all T;
    irr_tree t;
    memset(&T, 0, sizeof T);
    if ((st = irr_xscatterv_tree(&T, lo[me], hi[me], me, m + lo[me], rule, w, thresh)) != IRR_OK) break;
    irr_tree_view(&T, me - lo[me], &t);
    for (i = 0; i < t.nchild; i++) {
      int clo, chi, c = t.child[i].rank + lo[me];
      irr__child_range(&t, &t.child[i], &clo, &chi);
      lo[c] = clo + lo[me], hi[c] = chi + lo[me], par[c] = me;
      queue[tail++] = c;
    }
    for (i = 0; i < T.p; i++) { /* a degraded tree's direct receivers */
      int clo, chi, c = i + lo[me];
      if (!irr_tree_direct_range(&T, i, &clo, &chi)) continue;
      lo[c] = clo + lo[me], hi[c] = chi + lo[me], par[c] = me;
      queue[tail++] = c;
    }
    irr_tree_all_free(&T);
  }
  return st == IRR_OK && tail != p ? IRR_ERR_ARG : st; /* every rank must be reached */
}

/* XScatterv's programs of all ranks into set (initialized by the caller). */
static inline irr_status irr__xscatterv_all(irr_sched_set *set, irr_alg alg, int p, int root, const int64_t *m,
                                            int inplace, int64_t thresh) {
  irr_status st = IRR_OK;
  int r, cap = alg == IRR_ALG_DIRECT ? p + 1 : irr_tree_levels(p) + 3 + p;
  int rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
  int *lo = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int));
  int64_t *w = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  irr_op *ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  irr_tree_all T;
  memset(&T, 0, sizeof T);
  if (!lo || !w || !ops) st = IRR_ERR_NOMEM;
  else if (alg != IRR_ALG_DIRECT)
    st = irr__xscatterv_ranges(p, root, m, rule, thresh, lo, lo + p, lo + 2 * p, lo + 3 * p, w);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if (alg == IRR_ALG_DIRECT) {
      st = r == root ? irr_xscatterv_sched(NULL, NULL, 0, r, -1, m, inplace, &s)
                     : irr_xscatterv_sched(NULL, NULL, r, r, root, m + r, 0, &s);
    } else {
      irr_tree t;
      int rlo = lo[r], rhi = lo[p + r];
      if ((st = irr_xscatterv_tree(&T, rlo, rhi, r, m + rlo, rule, w, thresh)) != IRR_OK) break;
      irr_tree_view(&T, r - rlo, &t);
      st = irr_xscatterv_sched(&t, &T, rlo, r, lo[2 * p + r], m + rlo, r == root && inplace, &s);
      irr_tree_all_free(&T);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  irr_tree_all_free(&T);
  if (lo) IRRCOLL_FREE(lo);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return st;
}

/* Persistent Scatterv with every size known (m: bytes, p entries, on every rank): the
   blocking call's program minus what it learns at run time. IRR_ALG_XTREE: XScatterv's
   ranges (irr_scatterv_known_ranges: rg, 4p ints; w, p entries of scratch), each holder's
   degraded tree on its range, bare data, empty ranges left out (both ends know); where a
   holder's tree is degraded, all its sends at once instead of its children one per round:
   its large direct ranges take the link for most of the run, and its children's small
   ranges, sent after them, made the tree's last hops a tail (SMPI, p = 256, spikes
   b = 10^4: 0.998 of MPI_Scatterv; at once: 1.000). IRR_ALG_DIRECT: linear, the root's
   p - 1 messages exactly sized, empty ones left out. skipcopy: the root does not copy its
   own block (in place, or a mismatch); keep = 0: a non-root's block stays unwritten, its
   data lands in scratch (a short receive would be truncated). */
static inline irr_status irr_scatterv_known_ranges(int p, int root, const int64_t *m, int64_t thresh, int *rg,
                                                   int64_t *w) {
  return irr__xscatterv_ranges(p, root, m, IRR_TREE_LINEAR_TIME, thresh, rg, rg + p, rg + 2 * p, rg + 3 * p, w);
}
static inline int irr_scatterv_known_maxops(irr_alg alg, int r, int p, int root, const int *rg) {
  if (alg != IRR_ALG_XTREE) return r == root ? p + 1 : 2;
  return irr_tree_levels(rg[p + r] - rg[r]) + 4 + rg[p + r] - rg[r];
}
static inline irr_status irr_scatterv_known(irr_alg alg, int r, int p, int root, const int64_t *m, const int *rg,
                                            int64_t *w, int64_t thresh, int skipcopy, int keep, irr_sched *s) {
  int lo = alg == IRR_ALG_XTREE ? rg[r] : r, n = alg == IRR_ALG_XTREE ? rg[p + r] - rg[r] : 1, i, k, dlo, dhi;
  int par = alg == IRR_ALG_XTREE ? rg[2 * p + r] : root;
  int64_t total = irr__range_sum(m, lo, lo + n);
  irr_status st = IRR_OK;
  irr_tree_all T;
  irr_tree t;
  if (s->rank != r || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (alg != IRR_ALG_XTREE && r == root) return irr__linear_v(1, 0, r, p, root, m[root], m, skipcopy, s);
  if (n == 1 && r != root) { /* a leaf (direct: every non-root): straight into place */
    if (total > 0) irr_sched_recv(s, 0, par, keep ? IRR_BUF_RECV : IRR_BUF_TMP, 0, r, r + 1, total);
    return s->err;
  }
  memset(&T, 0, sizeof T);
  if (r != root && total > 0) irr_sched_recv(s, 0, par, IRR_BUF_TMP, 0, lo, lo + n, total);
  if ((st = irr_xscatterv_tree(&T, lo, lo + n, r, m + lo, IRR_TREE_LINEAR_TIME, w, thresh)) == IRR_OK) {
    irr_tree_view(&T, r - lo, &t);
    st = irr_xscatterv_forward(&t, &T, lo, r, r == root ? -1 : par, m + lo, skipcopy, s);
  }
  for (i = k = 0; st == IRR_OK && i < s->nops; i++) { /* bare data, no empty message */
    irr_op *o = &s->ops[i];
    o->flags &= (uint16_t)~(IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN);
    if ((o->kind != IRR_OP_COPY && o->len == 0) || (o->kind == IRR_OP_COPY && !keep && r != root)) continue;
    s->ops[k++] = *o;
  }
  if (st == IRR_OK) s->nops = k;
  for (i = 0, k = 0; st == IRR_OK && i < T.p && !k; i++) k = irr_tree_direct_range(&T, i, &dlo, &dhi);
  for (i = 0; k && i < s->nops; i++) /* degraded: every send at once */
    if (s->ops[i].kind == IRR_OP_SEND) s->ops[i].round = r == root ? 0 : 1;
  irr_tree_all_free(&T);
  return st == IRR_OK ? s->err : st;
}

/* Its programs on all ranks (every block's count matching) into set (free with
   irr_sched_set_free). */
static inline irr_status irr_scatterv_known_all(irr_sched_set *set, irr_alg alg, int p, int root, const int64_t *m,
                                                int inplace, int64_t thresh) {
  int *rg = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int)), r, cap = p + 1;
  int64_t *w = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  irr_op *ops = NULL;
  irr_status st = rg && w ? irr_sched_set_init(set, p) : IRR_ERR_NOMEM;
  if (st == IRR_OK && alg == IRR_ALG_XTREE) st = irr_scatterv_known_ranges(p, root, m, thresh, rg, w);
  for (r = 0; st == IRR_OK && r < p; r++) {
    int c = irr_scatterv_known_maxops(alg, r, p, root, rg);
    if (c > cap) cap = c;
  }
  if (st == IRR_OK && !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) st = IRR_ERR_NOMEM;
  for (r = 0; st == IRR_OK && r < p; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if ((st = irr_scatterv_known(alg, r, p, root, m, rg, w, thresh, r == root && inplace, 1, &s)) == IRR_OK)
      st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  else if (rg && w) irr_sched_set_free(set);
  if (rg) IRRCOLL_FREE(rg);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return st;
}
/* ==== end algo/xv/xscatterv.h ==== */
/* ==== begin algo/xv/xallgatherv.h ==== */
/* XAllgatherv with unknown sizes everywhere (seed 003).

   XAllgatherv (irr_xallgatherv_sched): Bruck's allgather (ceil(log2 p) rounds, any p) in
   which every message carries the sizes of the blocks it holds, so the sizes need no
   separate exchange; blocks larger than irr_xallgatherv_eager() travel only as sizes here and
   are delivered afterwards by irrcoll's known-size Allgatherv, ring or Bruck
   (irr_xallgatherv_large; Bruck on irregular data can carry a large block in every round).
   Phase 2's choice and generator: select/xv.h. */

/* XAllgatherv: blocks of at most this many bytes ride along with the sizes in Bruck's
   rounds; larger ones go by the known-size Allgatherv afterwards. Bruck's rounds are as
   slow as their largest message, so a block of b bytes can cost up to beta*b per round; the
   bound keeps that excess (beta * p * eager) within about ceil(log2 p) latencies, the
   rounds that a separate exchange of the sizes would cost (md: the model's alpha/beta). */
static inline int64_t irr_xallgatherv_eager(int p, irr_model md) {
  int L = irr_tree_levels(p); /* ceil(log2 p) */
  double e = md.beta > 0 && p > 0 ? md.alpha * (L > 0 ? L : 1) / (md.beta * p) : 1e18;
  if (e < 64) e = 64;
  return e > 1e15 ? (int64_t)1e15 : (int64_t)e;
}

/* XAllgatherv's phase 1, rank r's program: irr_allgatherv_bruck with the sizes in every
   message, whose receivers learn the lengths (IRR_OPF_COUNTS | IRR_OPF_LEARN). m: the data
   this phase moves (the eager blocks; a larger block counts 0 here: its size still
   travels, its data goes in phase 2). Rounds 0 .. ceil(log2 p). The MPI layer runs it a
   round at a time, rebuilt from the sizes learned so far: round k needs only those. */
static inline irr_status irr_xallgatherv_sched(int p, int r, const int64_t *m, int inplace, irr_sched *s) {
  return irr_allgatherv_bruck(p, r, m, inplace, IRR_OPF_COUNTS | IRR_OPF_LEARN, s);
}
/* ==== end algo/xv/xallgatherv.h ==== */
/* ==== begin algo/inter/common.h ==== */
/* Intergroup Allgather and Allgatherv (seed 001: Kang, Träff, Al-Bahrani, Agrawal,
   Choudhary, Liao, Parallel Computing 2019), as schedules on the P = na + nb ranks of both
   groups: group A is ranks 0..na-1, group B is ranks na..P-1, and block i is rank i's
   contribution of m[i] units. Every rank of A ends with all of B's blocks in its receive
   buffer, and every rank of B with all of A's: MPI's Allgather(v) on an intercommunicator.

   Both algorithms see the data of a group X as one array of K_X units in rank order (the
   "global index" of Section 4.1) and cut it into one consecutive segment per rank of the
   other group Y (irr_inter_segments). One exchange step moves every segment to its receiver
   (a sender sends the part of its block inside each receiver's segment, receivers in
   ascending order); then each group runs an Allgatherv of the segments it received
   (irrcoll's pipelined ring or Bruck, chosen by the model on the segment sizes), straight
   into the receive buffer, where the segments are already in rank order.
    - IRR_ALG_SUBGROUP, Algorithm 1 (Theorem 1): the larger group's ranks form one subgroup
      of floor/ceil(n_large / n_small) consecutive ranks per rank of the smaller group; the
      larger group's blocks go whole to their subgroup's rank, and the smaller group's block
      j is cut into |s_j| pieces of floor/ceil(k_j / |s_j|), one per member of s_j. Transfer
      time M + k_small beta for regular blocks, M = max(p k_A, q k_B) beta (lower bound M).
    - IRR_ALG_SEGMENT, Algorithm 2 (Theorem 3): segments of floor/ceil(K_X / n_Y) units by
      the global index, for any sizes. A receiver takes its higher-ranked multi-target
      sender first, then the senders between, then the lower multi-target sender (Section
      4.1), so no sender waits. Transfer time M + max block.

        global index  0  1  2  3  4  5  6  7  8  9 10    A = a0..a3, B = b0..b2
        A's blocks    a0 a0 a1 a1 a1 a1 a1 a1 a1 a2 a3    k_A = 2 7 1 1, K_A = 11
        B's segments  b0 b0 b0 b0 b1 b1 b1 b1 b2 b2 b2    11 / 3: 4, 4, 3 units
      Exchange (round 0): a0 sends [0,2) to b0; a1 [2,4) to b0, [4,8) to b1, [8,9) to b2,
      in that order; b0 takes a1 (its higher multi-target sender) first, then a0; b2 takes
      a2, a3, then a1 (its lower multi-target sender): a1 never waits. Then B's Allgatherv
      of the segments 4, 4, 3 gives every b_j all of A's array; B -> A likewise, meanwhile.
    - IRR_ALG_ROOTGATHER, the baseline of MPICH and Open MPI (Section 3.1, Eq. 2): binomial
      gather to each group's rank 0 (in scratch), root A -> root B, binomial scatter + ring
      allgather broadcast in B, then root B -> root A and the broadcast in A, in sequence:
      about M + 3 (K_A + K_B) beta.
   Latency: the exchange takes max(#targets, #senders) rounds (about n_large / n_small),
   the Allgatherv log2 n or n - 1 rounds. Scratch: none (baseline: the roots hold their
   group's data). Units are whatever m counts (the MPI layer: bytes). Limits: both groups
   non-empty, never in place (irr_sched_check's specification). */

/* Segment boundaries S[0..ny]: receiver y (of ny) gets units [S[y], S[y+1]) of the nx
   blocks kx laid end to end. alg: IRR_ALG_SEGMENT or IRR_ALG_SUBGROUP (above). */
static inline irr_status irr_inter_segments(irr_alg alg, int nx, const int64_t *kx, int ny, int64_t *S) {
  int64_t K = 0;
  int i, j, t, y;
  if (nx <= 0 || ny <= 0) return IRR_ERR_ARG;
  for (i = 0; i < nx; i++) {
    if (kx[i] < 0) return IRR_ERR_COUNT;
    K += kx[i];
  }
  S[0] = 0;
  if (alg == IRR_ALG_SEGMENT) {
    for (y = 0; y < ny; y++) S[y + 1] = S[y] + K / ny + (y < K % ny);
  } else if (alg != IRR_ALG_SUBGROUP) {
    return IRR_ERR_ARG;
  } else if (nx >= ny) { /* whole blocks: subgroup y is floor/ceil(nx/ny) consecutive senders */
    for (y = 0, i = 0; y < ny; y++)
      for (S[y + 1] = S[y], t = nx / ny + (y < nx % ny); t > 0; t--) S[y + 1] += kx[i++];
  } else { /* block j is split among the floor/ceil(ny/nx) receivers of subgroup j */
    for (j = 0, y = 0; j < nx; j++) {
      int g = ny / nx + (j < ny % nx);
      for (t = 0; t < g; t++, y++) S[y + 1] = S[y] + kx[j] / g + (t < kx[j] % g);
    }
  }
  return IRR_OK;
}

/* The blocks covering units [g0, g0 + len) (len > 0) of blocks m[0..n-1] with prefix sums
   pre[0..n]: first block *b (non-empty), *skip units into it, last block *e. */
static inline void irr__inter_span(const int64_t *pre, int n, int64_t g0, int64_t len, int *b, int *e, int64_t *skip) {
  int lo = 0, hi = n - 1;
  while (lo < hi) { /* first block ending after g0 */
    int mid = lo + (hi - lo) / 2;
    if (pre[mid + 1] > g0) hi = mid;
    else lo = mid + 1;
  }
  *b = lo;
  *skip = g0 - pre[lo];
  hi = n - 1;
  while (lo < hi) { /* last block starting before g0 + len */
    int mid = lo + (hi - lo + 1) / 2;
    if (pre[mid] < g0 + len) lo = mid;
    else hi = mid - 1;
  }
  *e = lo;
}

/* One group's view: its ranks (schedule ranks base..base+n-1), sizes and prefix sums. */
typedef struct irr__grp {
  int base, n;
  const int64_t *m;
  int64_t *pre; /* n + 1 */
} irr__grp;

/* Push units [g0, g0 + len) of group R's array as one op (labels R's blocks); copies go
   to (dbuf, doff). */
static inline void irr__inter_push(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, const irr__grp *R,
                                   int64_t g0, int64_t len, unsigned char flags, int dbuf, int64_t doff) {
  int b, e;
  int64_t skip;
  irr_op *o;
  if (len <= 0) return;
  irr__inter_span(R->pre, R->n, g0, len, &b, &e, &skip);
  o = irr_sched_push(s, round, kind, peer, buf, off, dbuf, doff, R->base + b, R->base + e + 1, skip, len);
  if (o) o->flags = flags;
}

/* Append group program t (ranks 0..G->n-1, labels = pieces with boundaries S of group R's
   array, all in the receive buffer) to s: peers become schedule ranks, labels R's blocks,
   rounds start at r0. A wrapped op becomes two messages in the same round, the second on
   the other tag (IRR_OPF_ALTTAG: SMPI would let a small one overtake a large one). sink >= 0: receives go to scratch at sink +
   their place in R's array (a rank that already has everything). Returns the rounds used. */
static inline int irr__inter_append(irr_sched *s, const irr_sched *t, int r0, const irr__grp *G, const irr__grp *R,
                                    const int64_t *S, int64_t sink) {
  int lo, hi, j, part;
  for (lo = 0; lo < t->nops; lo = hi) {
    for (hi = lo; hi < t->nops && t->ops[hi].round == t->ops[lo].round; hi++) {}
    for (part = 0; part < 2; part++)
      for (j = lo; j < hi; j++) {
        const irr_op *o = &t->ops[j];
        int64_t g0 = S[o->blo] + o->skip, first = o->len, at, len;
        int tmp = sink >= 0 && o->kind == IRR_OP_RECV;
        if (o->kind == IRR_OP_COPY || o->buf != IRR_BUF_RECV) { s->err = IRR_ERR_ARG; return 0; }
        if (o->flags & IRR_OPF_WRAP) first = S[t->size] - g0 < o->len ? S[t->size] - g0 : o->len;
        at = part ? 0 : g0, len = part ? o->len - first : first;
        irr__inter_push(s, r0 + o->round, o->kind, G->base + o->peer, tmp ? IRR_BUF_TMP : IRR_BUF_RECV, tmp ? sink + at : 0,
                        R, at, len, (unsigned char)((o->flags & IRR_OPF_SYNC) | (part ? IRR_OPF_ALTTAG : 0)), IRR_BUF_NONE, 0);
      }
  }
  return t->nrounds;
}

/* The Allgatherv that group G runs over the pieces S[0..G->n] of R's array: irrcoll's
   (ring or Bruck by irr_allgatherv_choose_on with md: a group has no node layout), or the plain ring (plain: the baseline's
   broadcast). z: the piece sizes (out); *B the ring's block size. */
static inline irr_alg irr__inter_group_alg(const irr__grp *G, const int64_t *S, int plain, irr_model md, int64_t *z,
                                           int64_t *B) {
  int i;
  *B = 1;
  for (i = 0; i < G->n; i++) z[i] = S[i + 1] - S[i], *B = z[i] > *B ? z[i] : *B;
  return plain ? IRR_ALG_RING : irr_allgatherv_choose_on(G->n, z, md, 1, B);
}

/* Append group G's Allgatherv (my rank g) over pieces S of R's array to s from round r0.
   Returns the rounds used. */
static inline int irr__inter_allgather(irr_sched *s, int r0, const irr__grp *G, int g, const irr__grp *R, const int64_t *S,
                                       int plain, irr_model md, int64_t *z, int *ring, int64_t sink) {
  irr_sched t;
  irr_op *ops;
  int64_t B, cap;
  irr_alg alg = irr__inter_group_alg(G, S, plain, md, z, &B);
  int rounds;
  if (s->err != IRR_OK) return 0;
  cap = irr_allgatherv_maxops(alg, G->n, z, B);
  if (cap > INT32_MAX || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
    s->err = IRR_ERR_NOMEM;
    return 0;
  }
  irr_sched_init(&t, g, G->n, ops, (int)cap);
  if (alg == IRR_ALG_RING) {
    irr_allgatherv_order(G->n, z, NULL, ring);
    irr_allgatherv_ring(g, G->n, z, B, ring, 1, &t);
  } else {
    irr_allgatherv_bruck(G->n, g, z, 1, 0, &t);
  }
  if (t.err != IRR_OK) s->err = t.err;
  rounds = irr__inter_append(s, &t, r0, G, R, S, sink);
  IRRCOLL_FREE(ops);
  return rounds;
}

/* Fill group views for rank r (pre: 2 (nmax + 1) entries). */
static inline void irr__inter_groups(int r, int na, int nb, const int64_t *m, int64_t *pre, irr__grp *G, irr__grp *R) {
  int i, nmax = na > nb ? na : nb;
  G->base = r < na ? 0 : na, G->n = r < na ? na : nb, G->m = m + G->base, G->pre = pre;
  R->base = r < na ? na : 0, R->n = r < na ? nb : na, R->m = m + R->base, R->pre = pre + nmax + 1;
  for (G->pre[0] = 0, i = 0; i < G->n; i++) G->pre[i + 1] = G->pre[i] + G->m[i];
  for (R->pre[0] = 0, i = 0; i < R->n; i++) R->pre[i + 1] = R->pre[i] + R->m[i];
}

/* Ops rank r's program may need: the exchange (at most one send per receiver and one
   receive per sender), the group Allgatherv (twice: split wrapped ops), or the baseline's
   gather, transfers and scatter. */
static inline int64_t irr_inter_maxops(int r, int na, int nb, const int64_t *m, irr_alg alg, irr_model md) {
  int nmax = na > nb ? na : nb, plain = alg == IRR_ALG_ROOTGATHER;
  int64_t *mem = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * (nmax + 1)) * sizeof(int64_t)), B, n = -1;
  irr__grp G, R;
  irr_alg ga;
  if (!mem || na < 1 || nb < 1 || r < 0 || r >= na + nb) goto out;
  irr__inter_groups(r, na, nb, m, mem, &G, &R);
  if (irr_inter_segments(plain ? IRR_ALG_SEGMENT : alg, R.n, R.m, G.n, mem + 2 * (nmax + 1)) != IRR_OK) goto out;
  ga = irr__inter_group_alg(&G, mem + 2 * (nmax + 1), plain, md, mem + 3 * (nmax + 1), &B);
  n = 2 * irr_allgatherv_maxops(ga, G.n, mem + 3 * (nmax + 1), B) + 2 * (int64_t)nmax + 4 * irr_tree_levels(nmax) + 8;
out:
  if (mem) IRRCOLL_FREE(mem);
  return n;
}
/* ==== end algo/inter/common.h ==== */
/* ==== begin algo/inter/rootgather.h ==== */
/* Intergroup Allgatherv: root gathering (IRR_ALG_ROOTGATHER), the baseline of MPICH and Open
   MPI (seed 001, Section 3.1, Eq. 2; algo/inter/common.h says what the intergroup algorithms
   compute). Cost about M + 3 (K_A + K_B) beta; scratch: each root holds its group's data. */

/* Baseline step 1: binomial gather of group G's blocks to its rank 0, in scratch in rank order. */
static inline void irr__inter_gather0(irr_sched *s, int r, const irr__grp *G, int g) {
  int d;
  if (G->m[g] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, r, r + 1, G->m[g]);
  for (d = 0; ((int64_t)1 << d) < G->n; d++) {
    int w = 1 << d, hi;
    if (g % (2 * w) == w) { /* send my subtree, then done */
      hi = g + w < G->n ? g + w : G->n;
      irr__inter_push(s, d + 1, IRR_OP_SEND, r - w, IRR_BUF_TMP, 0, G, G->pre[g], G->pre[hi] - G->pre[g], 0, IRR_BUF_NONE, 0);
      break;
    }
    if (g % (2 * w) == 0 && g + w < G->n) {
      hi = g + 2 * w < G->n ? g + 2 * w : G->n;
      irr__inter_push(s, d + 1, IRR_OP_RECV, r + w, IRR_BUF_TMP, G->pre[g + w] - G->pre[g], G, G->pre[g + w],
                      G->pre[hi] - G->pre[g + w], 0, IRR_BUF_NONE, 0);
    }
  }
}

/* Baseline: G's root holds R's array; binomial scatter of G->n pieces (others take their
   subtree's in scratch, keep their own), then the plain ring, from round *rd. Separate: it
   runs once per direction. */
static inline irr_status irr__inter_bcast(irr_sched *s, int *rd, const irr__grp *G, int g, const irr__grp *R, int64_t *S,
                                          irr_model md, int64_t *z, int *ring) {
  int lo = 0, hi = G->n, from = g == 0 ? IRR_BUF_RECV : IRR_BUF_TMP;
  int64_t t0 = G->pre[G->n]; /* scratch past the gathered blocks */
  irr_status st;
  if ((st = irr_inter_segments(IRR_ALG_SEGMENT, R->n, R->m, G->n, S)) != IRR_OK) return st;
  while (hi - lo > 1) {
    int mid = lo + (hi - lo + 1) / 2;
    if (g < mid) {
      if (g == lo)
        irr__inter_push(s, *rd, IRR_OP_SEND, G->base + mid, from, from == IRR_BUF_TMP ? t0 + S[mid] - S[g] : 0, R, S[mid],
                        S[hi] - S[mid], 0, IRR_BUF_NONE, 0);
      hi = mid;
    } else {
      if (g == mid) irr__inter_push(s, *rd, IRR_OP_RECV, G->base + lo, IRR_BUF_TMP, t0, R, S[mid], S[hi] - S[mid], 0, IRR_BUF_NONE, 0);
      lo = mid;
    }
    ++*rd;
  }
  if (g > 0) irr__inter_push(s, *rd, IRR_OP_COPY, -1, IRR_BUF_TMP, t0, R, S[g], S[g + 1] - S[g], 0, IRR_BUF_RECV, 0);
  ++*rd;
  *rd += irr__inter_allgather(s, *rd, G, g, R, S, 1, md, z, ring, g == 0 ? t0 : -1);
  return IRR_OK;
}

/* IRR_ALG_ROOTGATHER: gather to the roots, then root -> root and a broadcast, A's data
   first. Separate: the baseline stays apart from the paper's algorithms. */
static inline irr_status irr__inter_rootgather(irr_sched *s, int r, int na, int nmax, const irr__grp *G, const irr__grp *R,
                                               int64_t *S, int64_t *z, int *ring, irr_model md) {
  int d, rd, g = r - G->base, lowfirst = r < na;
  irr_status st;
  irr__inter_gather0(s, r, G, g);
  rd = irr_tree_levels(nmax) + 1;
  for (d = 0; d < 2; d++) {
    int out = (d == 0) == lowfirst; /* this direction sends my group's data */
    if (g == 0) {
      if (out) irr__inter_push(s, rd, IRR_OP_SEND, R->base, IRR_BUF_TMP, 0, G, 0, G->pre[G->n], 0, IRR_BUF_NONE, 0);
      else irr__inter_push(s, rd, IRR_OP_RECV, R->base, IRR_BUF_RECV, 0, R, 0, R->pre[R->n], 0, IRR_BUF_NONE, 0);
    }
    rd++;
    if (!out && (st = irr__inter_bcast(s, &rd, G, g, R, S, md, z, ring)) != IRR_OK) return st;
  }
  return IRR_OK;
}
/* ==== end algo/inter/rootgather.h ==== */
/* ==== begin algo/inter/exchange.h ==== */
/* Intergroup Allgatherv by segments (seed 001): the exchange step of Algorithms 1 and 2
   (IRR_ALG_SUBGROUP, IRR_ALG_SEGMENT) and rank r's whole program for any of the three
   intergroup algorithms (irr_inter_allgatherv). Cost and limits: algo/inter/common.h. */

/* Exchange sends: the part of r's block in each receiver's segment (S: its group's
   boundaries), ascending receivers. Separate: the receives need the other group's S. */
static inline void irr__inter_xsend(irr_sched *s, int r, const irr__grp *G, int g, const irr__grp *R, const int64_t *S) {
  int y, e;
  int64_t a = G->pre[g], skip, lo, hi;
  if (G->m[g] <= 0) return;
  irr__inter_span(S, R->n, a, G->m[g], &y, &e, &skip);
  for (; y <= e; y++) {
    lo = S[y] > a ? S[y] : a;
    hi = S[y + 1] < a + G->m[g] ? S[y + 1] : a + G->m[g];
    if (hi > lo) irr_sched_push(s, 0, IRR_OP_SEND, R->base + y, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, r, r + 1, lo - a, hi - lo);
  }
}

/* Exchange receives of segment [S[g], S[g+1]) of R's array in Section 4.1's order: higher
   multi-target sender, those between, lower one. Separate: that order is the point. */
static inline void irr__inter_xrecv(irr_sched *s, int g, const irr__grp *R, const int64_t *S) {
  int xl, xh, k, x, mt_lo, mt_hi;
  int64_t lo = S[g], hi = S[g + 1], skip;
  if (hi <= lo) return;
  irr__inter_span(R->pre, R->n, lo, hi - lo, &xl, &xh, &skip);
  mt_lo = R->pre[xl] < lo;
  mt_hi = xh > xl && R->pre[xh + 1] > hi;
  for (k = 0; k < 3; k++)
    for (x = xl; x <= xh; x++) {
      int edge = (x == xl && mt_lo) || (x == xh && mt_hi);
      int take = k == 0 ? x == xh && mt_hi : k == 1 ? !edge : x == xl && mt_lo;
      int64_t b0 = R->pre[x] > lo ? R->pre[x] : lo, b1 = R->pre[x + 1] < hi ? R->pre[x + 1] : hi;
      if (take && b1 > b0)
        irr_sched_push(s, 0, IRR_OP_RECV, R->base + x, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, R->base + x, R->base + x + 1,
                       b0 - R->pre[x], b1 - b0);
    }
}

/* Rank r's program of the intergroup Allgatherv with sizes m[0..na+nb-1] (see above). alg:
   IRR_ALG_SEGMENT, IRR_ALG_SUBGROUP or IRR_ALG_ROOTGATHER; md chooses the groups'
   Allgatherv algorithm. Needs s->size == na + nb and capacity irr_inter_maxops. */
static inline irr_status irr_inter_allgatherv(int r, int na, int nb, const int64_t *m, irr_alg alg, irr_model md,
                                              irr_sched *s) {
  irr__grp G, R;
  int64_t *mem = NULL, *S, *z;
  int *ring = NULL, nmax = na > nb ? na : nb, i, g;
  irr_status st = IRR_OK;
  if (na < 1 || nb < 1 || r < 0 || r >= na + nb || s->rank != r || s->size != na + nb) return IRR_ERR_ARG;
  if (alg != IRR_ALG_SEGMENT && alg != IRR_ALG_SUBGROUP && alg != IRR_ALG_ROOTGATHER) return IRR_ERR_ARG;
  for (i = 0; i < na + nb; i++)
    if (m[i] < 0) return IRR_ERR_COUNT;
  mem = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * (nmax + 1)) * sizeof(int64_t));
  ring = (int *)IRRCOLL_MALLOC((size_t)(nmax + 1) * sizeof(int));
  if (!mem || !ring) { st = IRR_ERR_NOMEM; goto out; }
  irr__inter_groups(r, na, nb, m, mem, &G, &R);
  S = mem + 2 * (nmax + 1), z = mem + 3 * (nmax + 1);
  g = r - G.base;
  if (alg == IRR_ALG_ROOTGATHER) {
    if ((st = irr__inter_rootgather(s, r, na, nmax, &G, &R, S, z, ring, md)) != IRR_OK) goto out;
  } else {
    /* the exchange, all in round 0 (nonblocking, as the paper's implementation): my sends in
       ascending receiver order, then my receives in Section 4.1's order. Ordering them in
       rounds instead (k-th send with k-th receive) can deadlock with rendezvous messages,
       since a round waits for both. */
    if ((st = irr_inter_segments(alg, G.n, G.m, R.n, S)) != IRR_OK) goto out;
    irr__inter_xsend(s, r, &G, g, &R, S);
    if ((st = irr_inter_segments(alg, R.n, R.m, G.n, S)) != IRR_OK) goto out;
    irr__inter_xrecv(s, g, &R, S);
    irr__inter_allgather(s, 1, &G, g, &R, S, 0, md, z, ring, -1);
  }
  if (st == IRR_OK) st = s->err;
out:
  if (mem) IRRCOLL_FREE(mem);
  if (ring) IRRCOLL_FREE(ring);
  return st;
}
/* ==== end algo/inter/exchange.h ==== */
/* ==== begin algo/alltoallv/sizes.h ==== */
/* Alltoallv with known sizes: every rank s has a block for every rank d, of m(s, d) units
   (bytes in the MPI layer); rank s knows its own row m(s, *) and column m(*, s), nobody
   knows more.

   Labels. Block (s -> d) is label d*p + o, o = (d - s) mod p: destination-major, by offset.
   So a run of Bruck positions (below) is a run of labels, and one op names it. p*p labels in
   int32: p <= IRR_A2A_MAXP. A SEND buffer holds the labels of its rank's row, a RECV buffer
   receives those of its column (irr_spec: m indexed by label, irr_alltoallv_labels).

   Algorithms (each a schedule the executor, the model and the checker share; the direct
   exchange, in linear.h, the MPI layer posts straight on the user's buffers):
     linear  (irr_alltoallv_linear)  every nonempty block straight to its destination, one
             round; empty blocks send and receive nothing (both ends know they are empty).
             MPICH's and Open MPI's Alltoallv send all p - 1 messages whatever their size.
     bruck   (irr_alltoallv_bruck)  the non-uniform Bruck algorithm, two-phase as in Fan,
             Gilray, Pascucci, Huang, Kumar, "Optimizing the Bruck Algorithm for Non-uniform
             All-to-all Communication" (HPDC 2022): q = ceil(log2 p) rounds; in round k rank
             c sends to c + 2^k, in ONE message, every block whose offset has bit k set.
             Before the data, q rounds of sizes (8 bytes a position, the same pattern) tell
             every rank the sizes of the blocks it will hold (irr_alltoallv_bruck_meta_*).
             Fan et al. send the sizes round by round ahead of each data message; here all
             sizes first, so that the data program is a static schedule built from them.
             Blocks are never copied to a send buffer: a message is the list of its pieces
             (IRR_OPF_CONT), sent as one MPI message over a derived type; each piece lies
             contiguous in scratch or is one block of the user's buffer. A block whose
             offset has its top set bit at k is final after round k and is received straight
             into the receive buffer. Blocks of T bytes or more (irr_alltoallv_direct_min:
             where forwarding them through q/2 hops on average would cost more than a
             message of their own) go straight to their destination instead, after the
             rank's Bruck rounds (a hybrid of the two; T = 1 would be the linear exchange,
             T = INT64_MAX the plain algorithm). Sender and receiver classify a block by
             the size the sender declares in the sizes phase, so they always agree.
   Cost (model, alpha + beta*m a message; every algorithm after the sizes phase, q (alpha +
   8 beta (IRR_A2A_NSTAT + p/2))):
     linear: about max over ranks of (nonempty sends * alpha + beta * bytes sent), and the
             same for receives;
     bruck:  sum over k of alpha + beta * (the largest message of round k); regular blocks of
             b: q alpha + q p b beta / 2; the hybrid adds the linear cost of its large blocks.
   Limits: p <= IRR_A2A_MAXP (labels); radix 2 only (Fan et al.'s follow-up tunes the
   radix); the choice's estimates are closed forms from maxima over ranks, within 0.67 .. 1.5
   of the model over the real programs (test_a2a), not exact.
   Scratch (bruck): the non-final blocks a rank receives, at most q times its share of the
   data, never reused within a call.
   The sizes phase serves all: every rank runs it whatever the algorithm (except the direct
   exchange, linear.h, which runs instead of it at small p). Its messages also
   carry IRR_A2A_NSTAT words of statistics (irr_alltoallv_stats), combined by maximum as
   they travel: after q rounds to c + 2^k every rank holds the maxima over all ranks (a
   dissemination allreduce, which needs no power of two for a maximum). So one phase of q
   rounds gives the choice its statistics, tells every rank whether some rank's arguments
   are bad, and tells every receiver the size each sender declares for its block (H's last
   row): a receiver finds a send that does not match its receive before any data moves and
   takes that block into scratch instead (the MPI layer). An MPI_Allreduce for the
   statistics and Fan et al.'s per-round sizes would each cost q more rounds. */

#define IRR_A2A_QMAX 16    /* ceil(log2 IRR_A2A_MAXP) */

static inline int irr_a2a_label(int p, int s, int d) { return d * p + (d - s + p) % p; }

/* Label-indexed sizes lab[d*p + o] from the matrix mat[s*p + d] (the checker's spec.m). */
static inline void irr_alltoallv_labels(int p, const int64_t *mat, int64_t *lab) {
  int s, d;
  for (s = 0; s < p; s++)
    for (d = 0; d < p; d++) lab[irr_a2a_label(p, s, d)] = mat[(size_t)s * p + d];
}

static inline int irr__a2a_q(int p) {
  int q = 0;
  while (q < 31 && (1 << q) < p) q++;
  return q;
}

/* ---- Bruck: positions and the sizes phase ----
   Rank c's position i (0 <= i < p) holds, before round k, block (s, s + i) with
   s = c - (i mod 2^k): its own block for c + i at first; round k replaces the positions with
   bit k set by what c - 2^k held there. H[k*p + i] (k = 0..q) is that block's size at c
   before round k (k = q: at the end). Every rank learns its H from its own row and the q
   size rounds (irr_alltoallv_bruck_meta_*); irr_alltoallv_bruck_sizes computes it from the
   whole matrix (tests, the model). */

/* How many positions have bit k set. */
static inline int irr__a2a_npos(int p, int k) {
  int64_t full = (int64_t)p >> (k + 1), rest = (int64_t)p & ((2LL << k) - 1);
  return (int)(full * (1LL << k) + (rest > (1LL << k) ? rest - (1LL << k) : 0));
}
/* Row 0 from the rank's sizes by destination. */
static inline void irr_alltoallv_bruck_meta_init(int c, int p, const int64_t *send, int64_t *H) {
  int i;
  for (i = 0; i < p; i++) H[i] = send[(c + i) % p];
}
/* Round k's size message (irr__a2a_npos words): row k's positions with bit k set. */
static inline void irr_alltoallv_bruck_meta_pack(int p, int k, const int64_t *H, int64_t *out) {
  int i, n = 0;
  for (i = 0; i < p; i++)
    if (i >> k & 1) out[n++] = H[(size_t)k * p + i];
}
/* Row k+1: row k with the positions of bit k set replaced by the received words. */
static inline void irr_alltoallv_bruck_meta_step(int p, int k, int64_t *H, const int64_t *in) {
  int i, n = 0;
  for (i = 0; i < p; i++) H[(size_t)(k + 1) * p + i] = (i >> k & 1) ? in[n++] : H[(size_t)k * p + i];
}
/* Rank c's H from the matrix mat[s*p + d]. */
static inline void irr_alltoallv_bruck_sizes(int c, int p, const int64_t *mat, int64_t *H) {
  int k, i, q = irr__a2a_q(p);
  for (k = 0; k <= q; k++)
    for (i = 0; i < p; i++) {
      int s = (int)(((int64_t)c - (i & ((1LL << k) - 1)) % p + p) % p);
      H[(size_t)k * p + i] = mat[(size_t)s * p + (s + i) % p];
    }
}

/* The statistics' words (irr_alltoallv_stats) and the sizes phase in the model: q rounds of
   those words and the round's sizes, 8 bytes each. */
#define IRR_A2A_NSTAT (10 + 6 * IRR_A2A_QMAX)
static inline double irr_alltoallv_sizes_time(int p, irr_model md) {
  int k, q = irr__a2a_q(p);
  double t = 0;
  for (k = 0; k < q; k++) t += md.alpha + md.beta * 8.0 * (IRR_A2A_NSTAT + irr__a2a_npos(p, k));
  return t;
}

/* Flag of the builders: begin with the sizes phase's rounds as control messages (the
   model's view of what the MPI layer runs itself before it builds without them): round k
   to c + 2^k, the statistics and the round's sizes. Returns the next free round. */
#define IRR_A2A_SIZES 1
static inline int irr__a2a_sizes_rounds(irr_sched *s, int p) {
  int k, c = s->rank, q = irr__a2a_q(p);
  for (k = 0; k < q; k++) {
    int64_t b = 8 * (IRR_A2A_NSTAT + (int64_t)irr__a2a_npos(p, k));
    irr_sched_ctrl(s, k, IRR_OP_SEND, (c + (1 << k)) % p, b);
    irr_sched_ctrl(s, k, IRR_OP_RECV, (c - (1 << k) % p + p) % p, b);
  }
  return q;
}
/* ==== end algo/alltoallv/sizes.h ==== */
/* ==== begin algo/alltoallv/linear.h ==== */
/* Alltoallv by the linear exchange (IRR_ALG_LINEAR): every nonempty block straight to its
   destination in one round, empty blocks left out (both ends know). Cost: about max over
   ranks of (nonempty sends alpha + beta bytes sent), and the same for receives; no scratch;
   2p + 4q + 8 ops. The sizes phase and the family's overview: sizes.h.

   The direct exchange (IRR_ALG_DIRECT, flag IRR_A2A_DENSE): the same round with every
   ordered pair's message, empty ones too, and no sizes phase before it: MPI's own basic
   linear algorithm (MPICH's and Open MPI's Alltoallv for small p). Every receive has its
   send whatever the counts say, so a pair that disagrees on a block's size, or a rank whose
   arguments are bad, cannot leave a message unmatched or a rank waiting: that is what lets
   the MPI layer drop the sizes phase's q rounds (mpi/alltoallv.h). Cost: (p - 1) messages a
   rank, about alpha + (p - 2) IRR_A2A_GAP alpha + beta bytes; p - 1 sends and receives.
   Where it runs instead of the sizes phase: irr_alltoallv_direct_pays (select/). */
#define IRR_A2A_DENSE 2

/* Linear: rank c's program from its sizes by destination (send) and by source (recv);
   flags IRR_A2A_SIZES (the sizes phase first, as control messages), IRR_A2A_DENSE (empty
   blocks too: the direct exchange). */
static inline irr_status irr_alltoallv_linear(int c, int p, const int64_t *send, const int64_t *recv, int flags,
                                              irr_sched *s) {
  int i, r = 0, dense = (flags & IRR_A2A_DENSE) != 0;
  if (s->rank != c || s->size != p || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  s->nlab = p * p;
  if (flags & IRR_A2A_SIZES) r = irr__a2a_sizes_rounds(s, p);
  for (i = 1; i < p; i++) { /* receives first, then sends to c+1, c+2, ... (spreads the load) */
    int src = (c - i + p) % p;
    if (recv[src] > 0 || dense) irr_sched_recv(s, r, src, IRR_BUF_RECV, 0, c * p + i, c * p + i + 1, recv[src]);
  }
  for (i = 1; i < p; i++) {
    int d = (c + i) % p;
    if (send[d] > 0 || dense) irr_sched_send(s, r, d, IRR_BUF_SEND, 0, d * p + i, d * p + i + 1, send[d]);
  }
  if (send[c] > 0) irr_sched_copy(s, r, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, c * p, c * p + 1, send[c]);
  return s->err;
}

/* Closed-form estimates from the combined statistics (without the sizes phase). The
   linear exchange's messages after the first cost gap * alpha each: gap = 1 is the model
   (one message at a time per port; the test holds the estimate to irr_sched_cost so);
   the choice uses IRR_A2A_GAP. share > 1: nodes of share consecutive ranks behind one NIC,
   which carries its ranks' off-node bytes. w: v + 2 (all blocks) or v + 6 (the hybrid's
   direct ones). */
static inline double irr__a2a_lin(int p, const int64_t *w, irr_model md, double gap, int share) {
  double nic = share > 1 && p > share ? (double)share * (p - share) / p : 1, a, b;
  if (nic < 1) nic = 1;
  a = md.beta * nic * (double)w[0], b = md.beta * nic * (double)w[1];
  if (w[2] > 0) a += md.alpha * (1 + gap * (double)(w[2] - 1));
  if (w[3] > 0) b += md.alpha * (1 + gap * (double)(w[3] - 1));
  return a > b ? a : b;
}
static inline double irr_alltoallv_linear_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  return irr__a2a_lin(p, v + 2, md, gap, share);
}
/* The direct exchange: every rank's p - 1 messages each way, empty ones too. */
static inline double irr_alltoallv_direct_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  int64_t w[4];
  w[0] = v[2], w[1] = v[3], w[2] = w[3] = p - 1;
  return irr__a2a_lin(p, w, md, gap, share);
}
/* ==== end algo/alltoallv/linear.h ==== */
/* ==== begin algo/alltoallv/bruck.h ==== */
/* Alltoallv by the non-uniform Bruck algorithm (IRR_ALG_BRUCK; Fan et al., HPDC 2022) and
   its hybrid with the linear exchange for blocks of T bytes or more: q = ceil(log2 p)
   rounds after the sizes phase; cost, scratch and limits: sizes.h. */

/* Calibration (SimGrid SMPI 3.32, 0.5 us per-message overhead, flat cluster, p = 64, 16 B a
   pair): the linear exchange's 63 + 63 messages a rank took 78 us, about 1.2 us a message,
   while Bruck's 18 dependent messages (an allreduce, sizes, data) took 2.5 us each: messages in
   flight together overlap on the network, only their CPU overheads add up. alpha stands for
   the dependent message; a message in a burst costs about half of it. */
#define IRR_A2A_GAP 0.5

/* a block's bytes in Bruck's rounds: those of T or more go straight */
#define IRR__A2A_SMALL(x, T) ((x) < (T) ? (x) : 0)

/* Bruck: rank c's program from its H (irr_alltoallv_bruck_sizes or the size phase).
   loc[i] / at[i] (p each, caller's workspace): where position i's block is now (-1: the
   send buffer, k: the scratch region of round k) and its offset in scratch. In round k a
   message is, for each run of positions [a, a + 2^k) (a = j 2^(k+1) + 2^k, destination
   c + a), the pieces of equal h = top set bit of (i mod 2^k) (-1 for i = a): contiguous in
   region h, and split the same way on both ends, so the i-th piece of the send meets the
   i-th piece of the receive (ir/sched.h). A block of T bytes or more breaks its piece: it goes
   straight to its destination after the rank's rounds (T = INT64_MAX: plain Bruck). */
static inline irr_status irr_alltoallv_bruck(int c, int p, const int64_t *H, int64_t T, int flags, int *loc, int64_t *at,
                                             irr_sched *s) {
  int q = irr__a2a_q(p), k, r0 = 0, i;
  int64_t top = 0; /* scratch used */
  if (s->rank != c || s->size != p || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  s->nlab = p * p;
  if (flags & IRR_A2A_SIZES) r0 = irr__a2a_sizes_rounds(s, p);
  for (i = 0; i < p; i++) loc[i] = -1, at[i] = 0;
  if (H[0] > 0) irr_sched_copy(s, r0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, c * p, c * p + 1, H[0]);
  for (k = 0; k < q && s->err == IRR_OK; k++) {
    int to = (c + (1 << k)) % p, from = (c - (1 << k) % p + p) % p, side, R = r0 + k;
    const int64_t *Hs = H + (size_t)k * p, *Hr = H + (size_t)(k + 1) * p;
    int64_t tot[2] = {0, 0};
    for (i = 0; i < p; i++)
      if (i >> k & 1) tot[0] += IRR__A2A_SMALL(Hs[i], T), tot[1] += IRR__A2A_SMALL(Hr[i], T);
    for (side = 0; side < 2; side++) { /* 0: the send (reads the state before the round), 1: the receive */
      const int64_t *Hx = side ? Hr : Hs;
      int a, first = 1;
      if (side) /* where the round's non-final blocks land: region k, in position order */
        for (a = 2 << k; a < p; a++)
          if (a >> k & 1) loc[a] = k, at[a] = top, top += IRR__A2A_SMALL(Hr[a], T);
      if (tot[side] == 0) continue; /* both ends know: no message */
      for (a = 1 << k; a < p; a += 2 << k) {
        int end = a + (1 << k) < p ? a + (1 << k) : p, h, d = (int)(((int64_t)c + (side ? a - (1 << k) : a)) % p);
        /* the destination of run a: c + a at the sender; c + a - 2^k at the receiver (the
           same rank: the receiver is c = sender + 2^k) */
        for (h = -1; h < k; h++) {
          int lo0 = h < 0 ? a : a + (1 << h), hi = h < 0 ? a + 1 : a + (2 << h), lo, x;
          if (hi > end) hi = end;
          if (lo0 >= hi) break;
          for (lo = lo0; lo < hi; lo = x + 1) { /* each run of blocks below T is a piece (those of T
                                                   or more go straight: they break the run) */
            int64_t len = 0;
            irr_op *o;
            for (x = lo; x < hi && Hx[x] < T; x++) len += Hx[x];
            if (len == 0) continue;
            if (!side) {
              int buf = loc[lo] < 0 ? IRR_BUF_SEND : IRR_BUF_TMP, y;
              for (y = lo + 1; y < x; y++) /* one piece: consecutive in one region */
                if (loc[y] != loc[lo] || at[y] != at[y - 1] + Hx[y - 1]) s->err = IRR_ERR_BOUNDS;
              o = irr_sched_push(s, R, IRR_OP_SEND, to, buf, buf == IRR_BUF_TMP ? at[lo] : 0, IRR_BUF_NONE, 0,
                                 d * p + lo, d * p + x, 0, len);
            } else if (a == 1 << k) { /* final: straight into the receive buffer */
              o = irr_sched_push(s, R, IRR_OP_RECV, from, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, d * p + lo, d * p + x, 0, len);
            } else {
              o = irr_sched_push(s, R, IRR_OP_RECV, from, IRR_BUF_TMP, at[lo], IRR_BUF_NONE, 0, d * p + lo, d * p + x, 0, len);
            }
            if (o && !first) o->flags |= IRR_OPF_CONT;
            first = 0;
          }
        }
      }
    }
  }
  { /* blocks of T bytes or more: straight to their destinations, after the Bruck rounds (on
       a second tag: a Bruck message may go to the same rank in the same round) */
    int R = s->nrounds > r0 ? s->nrounds - 1 : r0;
    irr_op *o;
    for (i = 1; i < p; i++) {
      int64_t b = H[(size_t)q * p + i]; /* from c - i, as its sender declares */
      if (b >= T && b > 0 && (o = irr_sched_push(s, R, IRR_OP_RECV, (c - i + p) % p, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0,
                                                 c * p + i, c * p + i + 1, 0, b)))
        o->flags |= IRR_OPF_ALTTAG;
    }
    for (i = 1; i < p; i++) {
      int64_t b = H[i]; /* to c + i */
      int d = (c + i) % p;
      if (b >= T && b > 0 && (o = irr_sched_push(s, R, IRR_OP_SEND, d, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, d * p + i, d * p + i + 1,
                                                 0, b)))
        o->flags |= IRR_OPF_ALTTAG;
    }
  }
  return s->err;
}

/* The hybrid's threshold: a block of b bytes forwarded by Bruck travels q/2 hops on average,
   q b beta / 2 (each hop's NIC shared by share ranks: times share), where a message of its
   own costs IRR_A2A_GAP alpha (irr_alltoallv_linear_time). */
static inline int64_t irr_alltoallv_direct_min(int p, irr_model md, int share) {
  int q = irr__a2a_q(p);
  double t;
  if (q == 0 || !(md.beta > 0)) return INT64_MAX;
  t = 2.0 * IRR_A2A_GAP * md.alpha / (q * md.beta * (share > 1 ? share : 1));
  return t >= 9e18 ? INT64_MAX : t < 1 ? 1 : (int64_t)t;
}
/* The hybrid (Bruck's rounds on the blocks below T, then the others straight): round k's
   largest message taken as the largest of what one sender puts into it (its blocks with bit
   k set), what one receiver takes from offsets [2^k, 2^(k+1)) (they all travel in round k's
   messages to it or its forwarders) and the largest block; share > 1: in round k the last
   min(2^k, share) ranks of a node send off the node, through its one NIC. */
static inline double irr__a2a_bruck_rounds(int p, const int64_t *b, irr_model md, int share) {
  const int Q = IRR_A2A_QMAX;
  int q = irr__a2a_q(p), k;
  double t = 0;
  for (k = 0; k < q; k++) {
    double V = (double)b[2 * Q + k];
    int off = share > 1 ? ((1 << k) < share ? 1 << k : share) : 1;
    if ((double)b[k] > V) V = (double)b[k];
    if ((double)b[Q + k] > V) V = (double)b[Q + k];
    if (V > 0) t += md.alpha + md.beta * V * off;
  }
  return t;
}
static inline double irr_alltoallv_bruck_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  return irr__a2a_bruck_rounds(p, v + 10, md, share) + irr__a2a_lin(p, v + 6, md, gap, share);
}
/* Plain Bruck: every block forwarded. */
static inline double irr_alltoallv_plain_time(int p, const int64_t *v, irr_model md, int share) {
  return irr__a2a_bruck_rounds(p, v + 10 + 3 * IRR_A2A_QMAX, md, share);
}
/* ==== end algo/alltoallv/bruck.h ==== */
/* ==== begin algo/reduce_scatter/common.h ==== */
/* Reduce_scatter's common pieces (IRR_COLL_REDUCE_SCATTER): rank i gets block i (m_i units)
   of the vector of n = sum m_i units reduced over all ranks. Units are elements of the
   user's datatype (the MPI layer scales them to bytes); block i starts at D_i = m_0 + ... +
   m_(i-1) of the vector, so a range of the vector is a label range (blo, skip, len) that may
   run over many blocks.

   Every algorithm here reduce-scatters *pieces* P_0 <= P_1 <= ... <= P_q = n of the vector:
   the rank blocks themselves (P = D: what MPI libraries do, so one large block makes every
   round as slow as it), or q equal pieces (count-balanced, algo/reduce_scatter/balanced.h).
   Where pieces are not blocks, a last round sends each piece's overlap with each block to
   the block's owner (irr__rs_redist): at most q + p - 1 messages, each rank sends the
   owners of its piece and receives the holders of its block.

   Scratch: the rank's partial results of the whole vector (n units at offset 0, in vector
   order or rotated, as each algorithm says), then the slot messages arrive in before they
   are reduced (IRR_OPF_REDUCE, ir/sched.h). */

/* D[0..p]: the blocks' starts from m. */
static inline void irr__rs_starts(int p, const int64_t *m, int64_t *D) {
  int i;
  D[0] = 0;
  for (i = 0; i < p; i++) D[i + 1] = D[i] + m[i];
}

/* p' = 2^k, the largest power of two <= p (halving's ranks); *k (optional) gets k. */
static inline int irr__rs_pof2(int p, int *k) {
  int q = 1, e = 0;
  while (2 * q <= p) q *= 2, e++;
  if (k) *k = e;
  return q;
}

/* max(0, a_i - b_i + add) over i < k: two running maxima (even i, odd i), so that the
   compares overlap (the choice's walks: twice as fast as one chain). */
static inline int64_t irr__rs_maxdiff(const int64_t *a, const int64_t *b, int64_t add, int k) {
  int64_t m0 = 0, m1 = 0;
  int i;
  for (i = 0; i + 1 < k; i += 2) {
    int64_t x = a[i] - b[i] + add, y = a[i + 1] - b[i + 1] + add;
    m0 = x > m0 ? x : m0, m1 = y > m1 ? y : m1;
  }
  if (i < k && a[i] - b[i] + add > m0) m0 = a[i] - b[i] + add;
  return m0 > m1 ? m0 : m1;
}

/* The largest block (units). */
static inline int64_t irr__rs_maxblock(int p, const int64_t *D) { return irr__rs_maxdiff(D + 1, D, 0, p); }

/* Piece v's start among q pieces of n units: q equal pieces (D NULL; irr__rs_equal_pieces),
   P_v = floor(v n / q) without overflow, or the rank blocks D folded to q = p' (x pairs
   folded; irr__rs_fold_pieces). The estimates read a few of them without filling P. */
static inline int64_t irr__rs_piece_at(int v, int q, int64_t n, const int64_t *D, int x) {
  if (v == q) return n;
  return D ? D[v < x ? 2 * v : v + x] : (n / q) * v + ((n % q) * v) / q;
}

/* The block that holds element a < n: the last i with D_i <= a (then D_(i+1) > a); likewise
   the piece, given the pieces' starts P (q of them) for D. */
static inline int irr__rs_block(int p, const int64_t *D, int64_t a) {
  int lo = 0, hi = p - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (D[mid] <= a) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* Append an op over vector elements [a, a + len) (a may be n or more: taken mod n; a range
   past n wraps to 0 and becomes two ops, the second IRR_OPF_CONT: one message). off/doff:
   where the first element is in scratch (the second piece follows it there). flags go on
   both ops. len 0: nothing. */
static inline void irr__rs_op(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, int dbuf,
                              int64_t doff, const int64_t *D, int64_t a, int64_t len, int flags) {
  int p = s->size;
  int64_t n = D[p], first;
  irr_op *o;
  if (len <= 0) return;
  if (n > 0) a %= n;
  first = a + len > n ? n - a : len;
  o = irr_sched_push(s, round, kind, peer, buf, off, dbuf, doff, irr__rs_block(p, D, a),
                     irr__rs_block(p, D, a + first - 1) + 1, a - D[irr__rs_block(p, D, a)], first);
  if (!o) return;
  o->flags = (uint16_t)flags;
  if (first < len) { /* wraps: the rest from element 0 */
    o = irr_sched_push(s, round, kind, peer, buf, off + first, dbuf, doff + first, irr__rs_block(p, D, 0),
                       irr__rs_block(p, D, len - first - 1) + 1, 0, len - first);
    if (o) o->flags = (uint16_t)(flags | (kind == IRR_OP_COPY ? 0 : IRR_OPF_CONT));
  }
}

/* A vector seen through a table of segments (spread's virtual blocks, dominant's R):
   virtual elements [v, v + len) are real ones [r, r + len), in order of v. */
typedef struct irr__rs_seg {
  int64_t v, r, len; /* virtual start, real start, length */
} irr__rs_seg;

/* An op over virtual elements [a, a + len) (a taken mod n; past n it wraps to 0), mapped
   onto the real labels: a piece per segment, the first with flags, the others continuing
   the message (copies stay copies); scratch offsets (buf/dbuf IRR_BUF_TMP) advance with it. */
static inline void irr__rs_vop(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, int dbuf, int64_t doff,
                               const int64_t *D, const irr__rs_seg *sg, int ns, int64_t a, int64_t len, int flags) {
  int lo = 0, hi = ns - 1;
  int64_t done = 0, n = D[s->size];
  if (len <= 0 || ns == 0) return;
  a %= n;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (sg[mid].v <= a) lo = mid;
    else hi = mid - 1;
  }
  while (done < len) {
    int64_t in = a - sg[lo].v, c = sg[lo].len - in;
    if (c > len - done) c = len - done;
    irr__rs_op(s, round, kind, peer, buf, buf == IRR_BUF_TMP ? off + done : off, dbuf, dbuf == IRR_BUF_TMP ? doff + done : doff, D,
               sg[lo].r + in, c, done == 0 ? flags : flags | (kind == IRR_OP_COPY ? 0 : IRR_OPF_CONT));
    done += c, a += c;
    if (++lo == ns) lo = 0, a = 0;
  }
}

/* The receive-and-reduce of vector elements [a, a + len) from peer: it arrives in scratch
   at `slot` and combines into the partial results at (dbuf, doff). right: the arrived data
   is the right operand (the peer's ranks come after this rank's). */
static inline void irr__rs_recv_reduce(irr_sched *s, int round, int peer, int64_t slot, int dbuf, int64_t doff,
                                       const int64_t *D, int64_t a, int64_t len, int right) {
  irr__rs_op(s, round, IRR_OP_RECV, peer, IRR_BUF_TMP, slot, dbuf, doff, D, a, len,
             IRR_OPF_REDUCE | (right ? IRR_OPF_RIGHT : 0));
}

/* Who holds which piece after the reduce-scatter proper. Halving folds ranks 2v and
   2v + 1 < 2x into virtual rank v (x = 0: none folded); virtual rank v stands for rank
   irr__rs_holder(v, x), and rank r for virtual rank irr__rs_piece(r, x) (-1: folded away).
   Virtual rank v ends with piece v, or in rank order (halving for non-commutative
   operations) with piece bitrev_k(v), its k = log2 q bits reversed (irr__rs_rev). */
static inline int irr__rs_holder(int v, int x) { return v < x ? 2 * v + 1 : v + x; }
static inline int irr__rs_piece(int r, int x) { return r < 2 * x ? (r % 2 ? r / 2 : -1) : r - x; }
static inline int irr__rs_rev(int v, int k) { /* all 32 bits reversed, the top k kept: O(1) */
  uint32_t t = (uint32_t)v;
  if (k == 0) return v;
  t = (t >> 16) | (t << 16);
  t = ((t >> 8) & 0x00ff00ffu) | ((t & 0x00ff00ffu) << 8);
  t = ((t >> 4) & 0x0f0f0f0fu) | ((t & 0x0f0f0f0fu) << 4);
  t = ((t >> 2) & 0x33333333u) | ((t & 0x33333333u) << 2);
  t = ((t >> 1) & 0x55555555u) | ((t & 0x55555555u) << 1);
  return (int)(t >> (32 - k));
}

/* ---- the delivery: each block gathered from the holders of the pieces it overlaps ----
   Block o lies in pieces ta .. tb. Its owner is the root of a gather over their holders in
   piece order: one list ta .. tb, or, where the owner holds a piece t_o of them (its own
   part is a copy), two lists going out from it, t_o - 1 down to ta and t_o + 1 up to tb. A
   list of k <= 3 pieces sends straight to the owner in one round; a longer one is a
   binomial tree (node i of the list, root 0: its subtree is nodes i .. i + lowbit(i) - 1,
   consecutive pieces, so one range of the vector, which it sends in round log2(lowbit(i))
   after its children's), so a block over many pieces costs ceil(log2(k + 1)) alpha + m_o
   beta, not k alpha. An inner node gathers its subtree in scratch past everything else. */
typedef struct irr__rs_list {
  int o, t0, dir, k; /* block o; node i >= 1 is piece t0 + dir (i - 1); k nodes */
} irr__rs_list;

/* Block o's lists (*nl of them, 0 .. 2) and the piece its owner holds among them (*to, -1). */
static inline void irr__rs_lists(int o, const int64_t *D, int q, const int64_t *P, int x, int kb, irr__rs_list *L, int *nl,
                                 int *to) {
  int ta = irr__rs_block(q, P, D[o]), tb = irr__rs_block(q, P, D[o + 1] - 1), v = irr__rs_piece(o, x);
  *to = v >= 0 ? irr__rs_rev(v, kb) : -1;
  if (*to < ta || *to > tb) *to = -1;
  *nl = 0;
  if (*to < 0) {
    L[0].o = o, L[0].t0 = ta, L[0].dir = 1, L[0].k = tb - ta + 1, *nl = 1;
    return;
  }
  if (*to > ta) L[*nl].o = o, L[*nl].t0 = *to - 1, L[*nl].dir = -1, L[*nl].k = *to - ta, ++*nl;
  if (*to < tb) L[*nl].o = o, L[*nl].t0 = *to + 1, L[*nl].dir = 1, L[*nl].k = tb - *to, ++*nl;
}

/* The messages a list of k nodes brings its owner: a flat one's k, a binomial one's one a
   level, ceil(log2(k + 1)) (irr__rs_node). The choice's estimates of the delivery. */
static inline int irr__rs_list_msgs(int k) { return k <= 3 ? k : irr_circ_q(k + 1); }

/* Node i's subtree: nodes [i, *end); the round it sends in; its parent. */
static inline void irr__rs_node(const irr__rs_list *l, int i, int *end, int *round, int *parent) {
  int low = i & -i, r = 0;
  if (l->k <= 3) { *end = i + 1, *round = 0, *parent = 0; return; }
  while ((1 << r) < low) r++;
  *end = i + low < l->k + 1 ? i + low : l->k + 1, *round = r, *parent = i - low;
}

/* The vector range of list nodes [i, e) within block l->o. */
static inline void irr__rs_range(const irr__rs_list *l, const int64_t *D, const int64_t *P, int i, int e, int64_t *a,
                                 int64_t *b) {
  int lo = l->dir > 0 ? l->t0 + i - 1 : l->t0 - (e - 2), hi = l->dir > 0 ? l->t0 + e - 2 : l->t0 - (i - 1);
  *a = P[lo] > D[l->o] ? P[lo] : D[l->o];
  *b = P[hi + 1] < D[l->o + 1] ? P[hi + 1] : D[l->o + 1];
  if (*b < *a) *b = *a;
}

/* The rank of list node i (0: the owner). */
static inline int irr__rs_rank(const irr__rs_list *l, int i, int x, int kb) {
  return i == 0 ? l->o : irr__rs_holder(irr__rs_rev(l->t0 + l->dir * (i - 1), kb), x);
}

/* Node i's ops of round j (the owner's, i = 0, into its receive buffer). Its own piece (t)
   sits at scratch offset off; an inner node's subtree at area + (element - subtree start). */
static inline void irr__rs_emit(irr_sched *s, int R, int j, const irr__rs_list *l, int i, const int64_t *D,
                                const int64_t *P, int t, int64_t off, int64_t area, int x, int kb) {
  int64_t a, b, sa, sb;
  int c, e, rd, par;
  if (i == 0) { /* the owner: its children, 2^j (flat: all in round 0) */
    for (c = 1; c <= l->k; c++) {
      irr__rs_node(l, c, &e, &rd, &par);
      if (par != 0 || rd != j) continue;
      irr__rs_range(l, D, P, c, e, &a, &b);
      irr__rs_op(s, R + j, IRR_OP_RECV, irr__rs_rank(l, c, x, kb), IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, D, a, b - a, 0);
      if (l->k > 3 && c >= 1 << j) break;
    }
    return;
  }
  irr__rs_node(l, i, &e, &rd, &par);
  irr__rs_range(l, D, P, i, e, &sa, &sb);
  irr__rs_range(l, D, P, i, i + 1, &a, &b);
  if (e == i + 1) { /* a leaf: straight from its piece */
    if (j == rd) irr__rs_op(s, R + j, IRR_OP_SEND, irr__rs_rank(l, par, x, kb), IRR_BUF_TMP, off + a - P[t], IRR_BUF_NONE, 0, D, a, b - a, 0);
    return;
  }
  if (j == 0) irr__rs_op(s, R, IRR_OP_COPY, -1, IRR_BUF_TMP, off + a - P[t], IRR_BUF_TMP, area + a - sa, D, a, b - a, 0);
  if (j < rd && i + (1 << j) < e) { /* its child i + 2^j */
    int64_t ca, cb;
    int ce, crd, cpar;
    irr__rs_node(l, i + (1 << j), &ce, &crd, &cpar);
    irr__rs_range(l, D, P, i + (1 << j), ce, &ca, &cb);
    irr__rs_op(s, R + j, IRR_OP_RECV, irr__rs_rank(l, i + (1 << j), x, kb), IRR_BUF_TMP, area + ca - sa, IRR_BUF_NONE, 0, D, ca,
               cb - ca, 0);
  }
  if (j == rd) irr__rs_op(s, R + j, IRR_OP_SEND, irr__rs_rank(l, par, x, kb), IRR_BUF_TMP, area + (sa - sa), IRR_BUF_NONE, 0, D, sa, sb - sa, 0);
}

/* The delivery from round R on: rank r as the owner of its block, and as the holder of its
   piece (at scratch offset off) in the lists of the blocks that piece overlaps. q pieces
   P[0..q]; x, kb as irr__rs_holder, irr__rs_rev. */
static inline void irr__rs_redist(irr_sched *s, int R, const int64_t *D, int q, const int64_t *P, int x, int kb,
                                  int64_t off) {
  int r = s->rank, p = s->size, v = irr__rs_piece(r, x), t = v >= 0 ? irr__rs_rev(v, kb) : -1, j, J = 0, nl, n2, to, o;
  int first = -1, last = -1, tn;
  irr__rs_list own[2], L2[2];
  int64_t area = s->tmp, area2;
  if (D[p] == 0) return;
  J = irr_circ_q(p);
  nl = 0, to = -1;
  if (D[r] < D[r + 1]) irr__rs_lists(r, D, q, P, x, kb, own, &nl, &to);
  if (t >= 0 && P[t] < P[t + 1]) first = irr__rs_block(p, D, P[t]), last = irr__rs_block(p, D, P[t + 1] - 1);
  else if (t >= 0 && P[t] < D[p]) first = last = irr__rs_block(p, D, P[t]); /* empty: maybe an inner node */
  area2 = area + (first >= 0 ? D[first + 1] - D[first] : 0);
  for (j = 0; j <= J; j++) { /* the roles in block order: a pair's messages of a round meet in order */
    int owned = nl == 0 && to < 0;
    for (o = first; !owned || (o >= 0 && o <= last); o = (j > 0 && o < last) ? last : o + 1) {
      int m;
      if (!owned && (o < 0 || o > last || r <= o)) { /* the owner's part, in its place */
        for (m = 0; m < nl; m++) irr__rs_emit(s, R, j, &own[m], 0, D, P, t, off, 0, x, kb);
        if (j == 0 && to >= 0) { /* its own piece's part (to == t) */
          int64_t a = P[t] > D[r] ? P[t] : D[r], b = P[t + 1] < D[r + 1] ? P[t + 1] : D[r + 1];
          irr__rs_op(s, R, IRR_OP_COPY, -1, IRR_BUF_TMP, off + a - P[t], IRR_BUF_RECV, 0, D, a, b - a, 0);
        }
        owned = 1;
        if (o < 0 || o > last) break;
      }
      if (o == r) continue;
      irr__rs_lists(o, D, q, P, x, kb, L2, &n2, &tn);
      for (m = 0; m < n2; m++) {
        int i = (t - L2[m].t0) * L2[m].dir + 1;
        if (i >= 1 && i <= L2[m].k) irr__rs_emit(s, R, j, &L2[m], i, D, P, t, off, o == first ? area : area2, x, kb);
      }
    }
  }
}
/* ==== end algo/reduce_scatter/common.h ==== */
/* ==== begin algo/reduce_scatter/bruck.h ==== */
/* Reduce_scatter by reverse Bruck: q = p pieces P (the rank blocks, or equal pieces), any
   p, commutative operations only.

   Bruck's allgather run backwards (Bruck et al., IEEE TPDS 8(11), 1997; the reduce-scatter
   half of Träff's arXiv 2410.14234 is the same time reversal for the circulant graph). Rank
   r keeps its partial results rotated: relative piece j is piece (r + j) mod p, so scratch
   holds the vector from P_r on, wrapped. With L relative pieces still live (L = p at first)
   and d the largest power of two below L, a round sends relative pieces [d, L) to rank
   r + d, where they are that rank's relative [0, L - d), and reduces the same range from
   rank r - d into its own [0, L - d); then L = d. After ceil(log2 p) rounds relative piece 0
   (piece r) holds every contribution. Exactly p - 1 pieces leave each rank.

   Cost: ceil(log2 p) alpha; with equal pieces ((p - 1)/p) n (beta + gamma); on the rank
   blocks the rounds move the largest window sum of L - d consecutive blocks, so one
   dominant block travels in every round. Scratch: n + the first round's pieces. */

static inline int irr__rs_hp2(int L) { /* the largest power of two below L >= 2 */
  int d = 1;
  while (2 * d < L) d *= 2;
  return d;
}

/* Units in relative pieces [0, j) of rank r. */
static inline int64_t irr__rs_rel(int r, int p, const int64_t *P, int j) {
  return r + j <= p ? P[r + j] - P[r] : P[p] - P[r] + P[r + j - p];
}

/* Rank s->rank's reverse Bruck over pieces P[0..p], from round `round` on; piece r ends at
   scratch offset 0. Returns the next free round. */
static inline int irr__rs_bruck(irr_sched *s, int round, const int64_t *D, const int64_t *P) {
  int r = s->rank, p = s->size, L = p;
  int64_t n = D[p], slot = n;
  if (n == 0) return round;
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, P[r], n - P[r], 0);
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, n - P[r], D, 0, P[r], 0);
  round++;
  while (L > 1) {
    int d = irr__rs_hp2(L), to = (r + d) % p, from = (r - d + p) % p;
    int64_t a = irr__rs_rel(r, p, P, d), len = irr__rs_rel(r, p, P, L) - a;
    irr__rs_op(s, round, IRR_OP_SEND, to, IRR_BUF_TMP, a, IRR_BUF_NONE, 0, D, P[r] + a, len, 0);
    irr__rs_recv_reduce(s, round, from, slot, IRR_BUF_TMP, 0, D, P[r], irr__rs_rel(r, p, P, L - d), 0);
    round++;
    L = d;
  }
  return round;
}

/* Reduce_scatter on the rank blocks by reverse Bruck (IRR_ALG_BRUCK) into s (initialized
   for rank of p): the pieces are the blocks, so the last step is rank r's own copy. */
static inline irr_status irr_reduce_scatter_bruck(int rank, int p, const int64_t *D, irr_sched *s) {
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_redist(s, irr__rs_bruck(s, 0, D, D), D, p, D, 0, 0, 0);
  return s->err;
}
/* ==== end algo/reduce_scatter/bruck.h ==== */
/* ==== begin algo/reduce_scatter/halving.h ==== */
/* Reduce_scatter by recursive halving in rank order: q = p' pieces P (p' = 2^floor(log2 p);
   the rank blocks folded in pairs, or equal pieces), any operation, commutative or not.

   MPICH's recursive halving (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005), with the
   fold kept in rank order so that non-commutative operations are right: with x = p - p',
   rank 2i sends its whole vector to rank 2i + 1 (i < x), which reduces it as the left
   operand; the p' remaining ranks are virtual ranks v (rank 2v + 1 for v < x, else v + x),
   each standing for consecutive ranks. In the round of mask M, v and v ^ M split the
   pieces they share in two halves, each keeps the half with the piece it ends with, and
   the lower reduces the upper's data as the right operand, the upper the lower's as the
   left. Commutative operations take M = p'/2 down to 1, and v ends with piece v. In rank
   order M goes up from 1, so that each reduce joins two runs of consecutive ranks; v then
   ends with piece bitrev(v) (MPICH's non-commutative variant permutes the blocks in
   scratch instead; here the delivery round takes each piece to its owner).

   Cost: (log2 p' + [x > 0]) alpha + (n [x > 0] + ((p' - 1)/p') n) (beta + gamma) with equal
   pieces; on the blocks each round moves the largest half of a group. Scratch: 2n where
   the fold happens, else n + n/2. */

/* Rank s->rank's part over pieces P[0..p'] (p' = 2^k <= p), from round `round` on; the
   piece it ends with (irr__rs_rev(v, ordered ? k : 0)) sits at its own start in scratch.
   Returns the next free round. */
static inline int irr__rs_halving(irr_sched *s, int round, const int64_t *D, const int64_t *P, int ordered) {
  int r = s->rank, p = s->size, k, q = irr__rs_pof2(p, &k), x = p - q, v, M, lo = 0, hi = q;
  int64_t n = D[p], slot = n;
  v = irr__rs_piece(r, x);
  if (n == 0) return round;
  if (v >= 0) irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, 0, n, 0);
  round++;
  if (x > 0) {
    if (r < 2 * x && r % 2 == 0) irr__rs_op(s, round, IRR_OP_SEND, r + 1, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, 0, n, 0);
    else if (r < 2 * x) irr__rs_recv_reduce(s, round, r - 1, slot, IRR_BUF_TMP, 0, D, 0, n, 0);
    round++;
  }
  if (v < 0) return round; /* folded: it waits for its block */
  for (M = ordered ? 1 : q / 2; M >= 1 && M < q; M = ordered ? 2 * M : M / 2, round++) {
    int w = v ^ M, peer = irr__rs_holder(w, x), lower = v < w, mid = lo + (hi - lo) / 2;
    int mine = irr__rs_rev(v, ordered ? k : 0) < mid;
    int64_t keep = mine ? P[lo] : P[mid], kend = mine ? P[mid] : P[hi];
    int64_t give = mine ? P[mid] : P[lo], gend = mine ? P[hi] : P[mid];
    irr__rs_op(s, round, IRR_OP_SEND, peer, IRR_BUF_TMP, give, IRR_BUF_NONE, 0, D, give, gend - give, 0);
    irr__rs_recv_reduce(s, round, peer, slot, IRR_BUF_TMP, keep, D, keep, kend - keep, lower);
    if (mine) hi = mid;
    else lo = mid;
  }
  return round;
}

/* The halving over pieces P, then the delivery to the owners. */
static inline void irr__rs_halving_redist(irr_sched *s, const int64_t *D, int ordered, const int64_t *P) {
  int k, q = irr__rs_pof2(s->size, &k), v;
  k = ordered ? k : 0;
  v = irr__rs_piece(s->rank, s->size - q);
  irr__rs_redist(s, irr__rs_halving(s, 0, D, P, ordered), D, q, P, s->size - q, k, v < 0 ? 0 : P[irr__rs_rev(v, k)]);
}

/* The pieces of the rank blocks folded to p' (MPICH's): virtual rank v's are the blocks of
   the ranks it stands for. P: p' + 1 entries. */
static inline void irr__rs_fold_pieces(int p, const int64_t *D, int64_t *P) {
  int q = irr__rs_pof2(p, NULL), v;
  for (v = 0; v <= q; v++) P[v] = irr__rs_piece_at(v, q, D[p], D, p - q);
}

/* Reduce_scatter on the rank blocks by recursive halving (IRR_ALG_HALVING) into s
   (initialized for rank of p); ordered: in rank order. P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_halving(int rank, int p, const int64_t *D, int ordered, int64_t *P,
                                                    irr_sched *s) {
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_fold_pieces(p, D, P);
  irr__rs_halving_redist(s, D, ordered, P);
  return s->err;
}
/* ==== end algo/reduce_scatter/halving.h ==== */
/* ==== begin algo/reduce_scatter/ring.h ==== */
/* Reduce_scatter by the ring (Open MPI's ring): the rank blocks, p - 1 rounds, commutative
   operations only. Round k (0 .. p - 2): rank r sends its partial result of block
   r - k - 1 to rank r + 1 and reduces block r - k - 2 from rank r - 1 into its own, so
   block r has passed every rank when it arrives the last time.

   Cost: (p - 1)(alpha + max_i m_i (beta + gamma)): every round moves every block, and the
   largest sets the pace. Scratch: n + max_i m_i. */
static inline irr_status irr_reduce_scatter_ring(int rank, int p, const int64_t *D, irr_sched *s) {
  int k, round = 1, nx = (rank + 1) % p, pv = (rank - 1 + p) % p;
  int64_t n = D[p];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (n == 0) return IRR_OK;
  irr__rs_op(s, 0, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, 0, n, 0);
  for (k = 0; k + 1 < p; k++, round++) {
    int sb = ((rank - k - 1) % p + p) % p, rb = ((rank - k - 2) % p + p) % p;
    irr__rs_op(s, round, IRR_OP_SEND, nx, IRR_BUF_TMP, D[sb], IRR_BUF_NONE, 0, D, D[sb], D[sb + 1] - D[sb], 0);
    irr__rs_recv_reduce(s, round, pv, n, IRR_BUF_TMP, D[rb], D, D[rb], D[rb + 1] - D[rb], 0);
  }
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_TMP, D[rank], IRR_BUF_RECV, 0, D, D[rank], D[rank + 1] - D[rank], 0);
  return s->err;
}
/* ==== end algo/reduce_scatter/ring.h ==== */
/* ==== begin algo/reduce_scatter/pairwise.h ==== */
/* Reduce_scatter pairwise (MPICH's pairwise exchange): the rank blocks, p - 1 rounds,
   commutative operations only. Round k (1 .. p - 1): rank r sends its own contribution to
   block r + k straight from the send buffer, and reduces rank r - k's contribution to its
   block into the receive buffer, which starts as its own contribution.

   Cost: (p - 1)(alpha + max_i m_i (beta + gamma)) when one block is large: each round one
   rank receives it. Scratch: m_r. */
static inline irr_status irr_reduce_scatter_pairwise(int rank, int p, const int64_t *D, irr_sched *s) {
  int k;
  int64_t mr = D[rank + 1] - D[rank];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_op(s, 0, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  for (k = 1; k < p; k++) {
    int to = (rank + k) % p, from = (rank - k + p) % p;
    irr__rs_op(s, k, IRR_OP_SEND, to, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, D[to], D[to + 1] - D[to], 0);
    irr__rs_recv_reduce(s, k, from, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  }
  return s->err;
}
/* ==== end algo/reduce_scatter/pairwise.h ==== */
/* ==== begin algo/reduce_scatter/balanced.h ==== */
/* Reduce_scatter, count-balanced (IRR_ALG_BALANCED): the vector is cut into q pieces of
   equal size whatever the blocks are, reduce-scattered over them, and each piece's overlap
   with each block then goes to the block's owner (irr__rs_redist). A dominant block costs
   no more than the same volume spread evenly, plus its one delivery.

   Commutative operations: q = p pieces by reverse Bruck (bruck.h), ceil(log2 p) + 1 rounds.
   Others: q = p' = 2^floor(log2 p) pieces by recursive halving in rank order (halving.h).

   Cost (commutative): (ceil(log2 p) + k) alpha + ((p - 1)/p) n (beta + gamma) +
   max(ceil(n/p), max_i m_i) beta, k the most messages a rank sends or receives in the last
   round (1 + the blocks a piece overlaps). The bound (issue 33): ceil(log2 p) alpha +
   max(((p - 1)/p) n, max_i m_i) beta + ((p - 1)/p) n gamma; the delivery's beta term is
   the price of not knowing in advance which pieces a rank may keep. Scratch: n + n/2. */

/* Equal pieces: P_i = floor(i n / q) (irr__rs_piece_at's), a piece at a time without a
   division: n / q units and a carry where the remainders pass q. */
static inline void irr__rs_equal_pieces(int q, int64_t n, int64_t *P) {
  int64_t a = n / q, r = n % q, e = 0;
  int i;
  P[0] = 0;
  for (i = 1; i <= q; i++) {
    e += r;
    P[i] = P[i - 1] + a + (e >= q);
    if (e >= q) e -= q;
  }
}

/* Rank rank's count-balanced program into s (initialized for rank of p); ordered: the
   operation is not commutative. P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_balanced(int rank, int p, const int64_t *D, int ordered, int64_t *P,
                                                     irr_sched *s) {
  int q;
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (!ordered) {
    irr__rs_equal_pieces(p, D[p], P);
    irr__rs_redist(s, irr__rs_bruck(s, 0, D, P), D, p, P, 0, 0, 0);
    return s->err;
  }
  q = irr__rs_pof2(p, NULL);
  irr__rs_equal_pieces(q, D[p], P);
  irr__rs_halving_redist(s, D, 1, P);
  return s->err;
}
/* ==== end algo/reduce_scatter/balanced.h ==== */
/* ==== begin algo/reduce_scatter/dominant.h ==== */
/* Reduce_scatter for one dominant block (IRR_ALG_DOMINANT): its owner's port is not in the
   way. Commutative operations, p >= IRR_RS_DOM_MINP = 8 (below, it is balanced.h's: with
   so few ranks the second reverse Bruck's rounds cost more than the owner's port saves).

   Why: the count-balanced algorithm moves ((p - 1)/p) n through every port and then
   delivers each block to its owner, so the owner o of the largest block (m_o units) takes
   about n + m_o; with one block of half the vector that is 1.5 n where the bound has n
   (issue 33). Here o's block D and the rest R (n - m_o units, the blocks without o; virtual
   rank u of the k = p - 1 others is rank u + (u >= o)) run in two lanes (IRR_OPF_LANE,
   ir/sched.h), which the executor runs side by side: a lane waits only for its own
   messages (lane 1's first round past 0 also for lane 0's rounds before it), so R's heavy
   rounds do not hold up D's light ones, nor a holder's piece on its way to o R's rounds.
     Lane 0, D: a reverse Bruck among all p (bruck.h) on G = ceil(p/w) equal pieces, held by
       o, o + w, o + 2w, ... (mod p), w = 2^lw (the caller's; about sqrt(k), larger for
       small blocks: irr_reduce_scatter_dom_lw), the others' pieces empty: its first rounds
       (more than w pieces live) move D's bytes as over p pieces, the last log2 w move one
       piece or none. Then each holder sends its piece to o, G - 1 messages (o's own piece
       is a copy), where p pieces would be p - 1 at o's port.
     Lane 1, R: from D's first round with at most w pieces live (irr__rs_dom_light) on, so
       that the two lanes' heavy rounds do not share the ports: balanced.h's program on R's
       blocks among the k, and o's own parts of R sent to them by groups of w consecutive
       virtual ranks (offset by w/2): one message a group, which its first rank reduces into
       its relative pieces 0 .. w - 1 of R before they leave (by R's round ceil(log2 k) -
       log2 w), in the round whose traffic it fits (irr__rs_dom_round). At o, lane 1 is
       these sends alone: from its first round on they go one round after another.
   A lane's messages pair within it, and the lanes share no scratch (ir/check.h checks both).

   Cost (select/reduce_scatter.h's irr__rs_dom_est): max(t_D + (G - 1) alpha + m_o beta,
   t_D' + t_R(k, n - m_o) + R's delivery + a group's part of o's, o's port: k/w alpha +
   (n - m_o) beta), t_D reverse Bruck over G pieces, t_D' its rounds before lane 1 starts,
   t_R over k equal pieces. Against balanced it saves about min(m_o, n - m_o) beta at o's
   port and pays the log2 w light rounds before R starts. SMPI (flat, 0.5 us overhead, one
   block of half, 1 KiB a rank, p = 256): 61.7 us where the one-lane version of the same
   rounds took 69-70 and balanced 72.5 (README.md).

   Built from two sub-programs written by the algorithms above on their own labels and then
   mapped onto the real ones: D's on one block (block 0 = all of D, ranks as they are), R's
   on the blocks without o (virtual ranks; a range over o's place is split there, its second
   part continuing the message). Scratch (not o): R's, then o's parts of R (a group's first
   rank: the group's), then D's. o: D's. */

#define IRR_RS_DOM_MINP 8

/* Block i of R (the blocks without o) starts at R element irr__rs_rstart(D, o, i); o < 0:
   none left out, D_i. */
static inline int64_t irr__rs_rstart(const int64_t *D, int o, int i) {
  return o < 0 || i <= o ? D[i] : D[i + 1] - (D[o + 1] - D[o]);
}

/* o: the largest block, the first of equals (D is the same on every rank, so is o). */
static inline int irr__rs_dom_owner(int p, const int64_t *D) {
  int o = 0, i;
  for (i = 1; i < p; i++)
    if (D[i + 1] - D[i] > D[o + 1] - D[o]) o = i;
  return o;
}

/* R's elements onto the real labels (irr__rs_vop's table): [0, D_o) in place, the rest
   past o's block, shifted by m_o; empty parts left out. Returns the number of segments. */
static inline int irr__rs_dom_segs(int p, const int64_t *D, int o, irr__rs_seg *sg) {
  int ns = 0;
  if (D[o] > 0) sg[ns].v = 0, sg[ns].r = 0, sg[ns].len = D[o], ns++;
  if (D[p] > D[o + 1]) sg[ns].v = D[o], sg[ns].r = D[o + 1], sg[ns].len = D[p] - D[o + 1], ns++;
  return ns;
}

/* Sub-program ops e[lo, hi) onto s, scratch offsets moved by base, rounds from 1 on by
   shift. R's (Rs: its blocks; lane 1): peers are virtual (u: rank u + (u >= o)), labels on
   R's blocks, mapped by sg (irr__rs_dom_segs). D's (Rs NULL): peers are ranks, element a of D
   is element D_o + a. */
static inline void irr__rs_dom_put(irr_sched *s, const irr_op *e, int lo, int hi, int shift, int64_t base, const int64_t *D,
                                   int o, const int64_t *Rs, const irr__rs_seg *sg, int ns) {
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *x = &e[j];
    int peer = x->kind == IRR_OP_COPY ? -1 : x->peer + (Rs && x->peer >= o), rd = x->round ? x->round + shift : 0;
    int64_t off = x->buf == IRR_BUF_TMP ? x->off + base : x->off, doff = x->dbuf == IRR_BUF_TMP ? x->doff + base : x->doff;
    if (Rs) irr__rs_vop(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, sg, ns, Rs[x->blo] + x->skip, x->len,
                        x->flags | IRR_OPF_LANE);
    else irr__rs_op(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, D[o] + x->skip, x->len, x->flags);
  }
}

/* The first op of e[from, n) in a round past rd (n if none). */
static inline int irr__rs_dom_next(const irr_op *e, int from, int n, int rd) {
  while (from < n && e[from].round <= rd) from++;
  return from;
}

/* Virtual rank u's group for o's parts of R: w consecutive virtual ranks, offset by w/2 from
   the D groups so that their first ranks are others. */
static inline void irr__rs_dom_rgrp(int u, int w, int k, int *lead, int *end) {
  int off = w / 2, a = u < off ? 0 : u - (u - off) % w, b = u < off ? off : a + w;
  *lead = a, *end = b < k ? b : k;
}

/* The R round (1 ..) by whose end R's reverse Bruck over k equal pieces of nR units has
   moved c units in its largest messages, but at least lo and at most hi: the round a
   message of o's ending c units into its stream fits in, so that o's port keeps pace. */
static inline int irr__rs_dom_round(int k, int64_t nR, int64_t c, int lo, int hi) {
  int64_t cum = 0;
  int r = 1, L;
  for (L = k; L > 1 && r < hi; L = irr__rs_hp2(L), r++) {
    int64_t x = (int64_t)(L - irr__rs_hp2(L));
    cum += x * (nR / k) + (x * (nR % k) + k - 1) / k;
    if (cum >= c && r >= lo) break;
  }
  return r < lo ? lo : r > hi ? hi : r;
}

/* The first reverse Bruck round (1 ..) over p pieces in which at most w pieces are live
   (L <= w): from there on, with D's pieces held only every w ranks, its messages are one
   piece or none, and R's rounds start. */
static inline int irr__rs_dom_light(int p, int w) {
  int L = p, r = 1;
  while (L > w && L > 1) L = irr__rs_hp2(L), r++;
  return r;
}

/* D's pieces PD[0..p]: G = ceil(p / w) equal pieces of mo units, held by the ranks o, o + w,
   o + 2w, ... (mod p), in rank order; the others' are empty. */
static inline void irr__rs_dom_dpieces(int p, int o, int w, int64_t mo, int64_t *PD) {
  int G = (p + w - 1) / w, r, j = 0;
  PD[0] = 0;
  for (r = 0; r < p; r++) {
    int h = ((r - o + p) % p) % w == 0;
    PD[r + 1] = PD[r];
    if (h) {
      PD[r + 1] = PD[r] + irr__rs_piece_at(j + 1, G, mo, NULL, 0) - irr__rs_piece_at(j, G, mo, NULL, 0);
      j++;
    }
  }
}

/* Rank rank's program into s (initialized for rank of p), on groups of w = 2^lw (1 <= lw <
   ceil(log2(p - 1)); select/reduce_scatter.h's irr_reduce_scatter_dom_lw picks it, equal on
   every rank). P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_dominant(int rank, int p, const int64_t *D, int lw, int64_t *P, irr_sched *s) {
  int k = p - 1, o, u, w, lk, qD, Rs, ab, cap, i, lead, end, last, rr, ns;
  int64_t n = D[p], mo, nR, *Rb = NULL, *PD, *PR, *DD;
  irr_op *e = NULL;
  irr_sched sD, sR;
  irr__rs_seg sg[2];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (p < IRR_RS_DOM_MINP || n == 0) return irr_reduce_scatter_balanced(rank, p, D, 0, P, s);
  o = irr__rs_dom_owner(p, D);
  mo = D[o + 1] - D[o], nR = n - mo, lk = irr_circ_q(k), qD = irr_circ_q(p);
  ns = irr__rs_dom_segs(p, D, o, sg);
  if (lw < 1 || lw >= lk) return IRR_ERR_ARG;
  w = 1 << lw, ab = lk - lw; /* groups of w; o's parts of R absorbed by R's round ab */
  Rs = irr__rs_dom_light(p, w); /* lane 1's first round */
  cap = s->cap; /* the sub-programs fit where the whole does */
  Rb = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * p + 4) * sizeof(int64_t));
  e = (irr_op *)IRRCOLL_MALLOC((size_t)(2 * cap + 2) * sizeof(irr_op));
  if (!Rb || !e) {
    s->err = IRR_ERR_NOMEM;
    goto out;
  }
  PD = Rb + p, PR = PD + p + 1, DD = PR + p + 1;
  for (i = 0; i <= p; i++) Rb[i] = i <= k ? irr__rs_rstart(D, o, i) : 0, DD[i] = i ? mo : 0;
  irr__rs_dom_dpieces(p, o, w, mo, PD);
  irr__rs_equal_pieces(k, nR, PR);
  irr_sched_init(&sD, rank, p, e + cap + 1, cap);
  irr__rs_bruck(&sD, 0, DD, PD);
  if (sD.err != IRR_OK) { s->err = sD.err; goto out; }
  last = qD + 1 > Rs - 1 + lk + 2 ? qD + 1 : Rs - 1 + lk + 2;
  if (rank == o) { /* D's rounds, its parts of R in the rounds their groups absorb them, the holders' pieces */
    int jD = 0, a;
    for (rr = 0; rr <= last; rr++) {
      a = irr__rs_dom_next(sD.ops, jD, sD.nops, rr);
      irr__rs_dom_put(s, sD.ops, jD, a, 0, 0, D, o, NULL, sg, ns);
      jD = a;
      for (u = 0; u < k; u = end) {
        irr__rs_dom_rgrp(u, w, k, &lead, &end);
        if (Rs - 1 + irr__rs_dom_round(k, nR, PR[end], 1, ab) == rr)
          irr__rs_vop(s, rr, IRR_OP_SEND, u + (u >= o), IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, sg, ns, PR[u], PR[end] - PR[u],
                      IRR_OPF_LANE);
      }
      if (rr == qD + 1) {
        for (i = 0; i < p; i++)
          if (i != o)
            irr__rs_op(s, rr, IRR_OP_RECV, i, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, D, D[o] + PD[i], PD[i + 1] - PD[i], 0);
        irr__rs_op(s, rr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[o] + PD[o], PD[o + 1] - PD[o], 0);
      }
    }
    goto out;
  }
  u = rank - (rank > o);
  irr__rs_dom_rgrp(u, w, k, &lead, &end);
  irr_sched_init(&sR, u, k, e, cap);
  if (irr_reduce_scatter_balanced(u, k, Rb, 0, P, &sR) != IRR_OK) { s->err = sR.err; goto out; }
  { /* scratch: R's at 0, o's parts of R at sRo (an R group's first rank: the group's), D's at dA */
    int L = u == lead, jD = 0, jR = 0, a, b;
    int cR = Rs - 1 + irr__rs_dom_round(k, nR, PR[end], 1, ab);
    int64_t sRo = sR.tmp, dA = sRo + (L ? PR[end] - PR[u] : 0);
    if (last < Rs - 1 + sR.nrounds) last = Rs - 1 + sR.nrounds;
    for (rr = 0; rr <= last; rr++) { /* round rr: D's, o's parts, then R's */
      a = irr__rs_dom_next(sD.ops, jD, sD.nops, rr);
      irr__rs_dom_put(s, sD.ops, jD, a, 0, dA, D, o, NULL, sg, ns);
      jD = a;
      if (L && rr == cR)
        irr__rs_vop(s, rr, IRR_OP_RECV, o, IRR_BUF_TMP, sRo, IRR_BUF_TMP, 0, D, sg, ns, PR[u], PR[end] - PR[u],
                    IRR_OPF_REDUCE | IRR_OPF_LANE);
      if (rr == qD + 1)
        irr__rs_op(s, rr, IRR_OP_SEND, o, IRR_BUF_TMP, dA, IRR_BUF_NONE, 0, D, D[o] + PD[rank], PD[rank + 1] - PD[rank], 0);
      if (rr == 0 || rr >= Rs) {
        b = irr__rs_dom_next(sR.ops, jR, sR.nops, rr ? rr - Rs + 1 : 0);
        irr__rs_dom_put(s, sR.ops, jR, b, Rs - 1, 0, D, o, Rb, sg, ns);
        jR = b;
      }
    }
  }
out:
  if (Rb) IRRCOLL_FREE(Rb);
  if (e) IRRCOLL_FREE(e);
  return s->err;
}
/* ==== end algo/reduce_scatter/dominant.h ==== */
/* ==== begin algo/reduce_scatter/spread.h ==== */
/* Reduce_scatter, the largest block spread (IRR_ALG_SPREAD): reverse Bruck on the rank
   blocks, with the largest block cut into G = 2^lg pieces held by ranks spread evenly round
   the ring; then those pieces go to its owner up a binomial tree. Commutative operations.

   Why: on the rank blocks (bruck.h) the round of L live pieces moves a window of L - d
   consecutive blocks, so the largest block (owner o, m_o units) rides in every round:
   ceil(log2 p) (alpha + m_o (beta + gamma)). Count-balanced (balanced.h) spreads its bytes
   as evenly as any cut, but then every block goes to its owner, the largest over
   ceil(log2(p/2 + 1)) more rounds; dominant.h's lanes start the rest's rounds late. Below
   about 1 KiB a rank those rounds cost more than the bytes, and none of the three came
   within 1.5x of issue 33's bound with one block of half the vector (1.75-1.90 at 64 and
   512 B a rank). Here the G pieces sit every p/G ranks, so a window of W blocks holds at
   most ceil(W G / p) of them; the other blocks stay with their owners (no delivery), and
   the large one comes home in lg rounds, not a round per level of p. The way this cuts the
   large block is that of dominant.h's first lane (its pieces every w ranks), run in one
   lane with the rest instead of beside it, so a rank sends one message a round, not two.

   Not in the automatic choice: the model puts it ahead of every other algorithm on one
   block of half at 64 B - 1 KiB a rank, by 9-22 %, and SMPI (flat, 0.5 us a message, the
   model's CPU charged, seed 1803000001) puts it behind dominant or Bruck in every such cell
   measured: p = 64 at 512 B and 1 KiB a rank 26.1 and 33.2 us against dominant's 25.5 and
   28.9; p = 256 at 64 B 29.2 against Bruck's 28.2, at 512 B 51.3 against dominant's 44.4
   (balanced: 31.2, 35.5, 39.6, 54.9). The model's port takes a rank's messages one alpha
   after another; dominant's owner sends and receives bursts of them, whose latencies SMPI
   overlaps, so the model overprices dominant (and balanced's flat deliveries) and the
   comparison is the model's, not the network's. Forced (IRRCOLL_ALG=reduce_scatter:spread),
   it runs as built.

   How: a virtual vector puts each holder's piece of the large block right after the
   holder's own block (o keeps piece 0 in its own place), so every rank's virtual block is
   one range and bruck.h's reverse Bruck runs on it unchanged; each of its ops is then mapped
   onto the real labels, a range over several real segments becoming one message of several
   pieces (IRR_OPF_CONT). Holder j (0 .. G - 1) is rank o + floor(j p / G) (mod p) and holds
   piece j of G equal pieces; the binomial tree runs on j (node j's subtree is pieces j ..
   j + lowbit(j) - 1: one range of the block, one message).

   Cost: the ceil(log2 p) rounds, each alpha and its largest window of virtual blocks times
   (beta + gamma), then lg (alpha + the pieces' beta), m_o - m_o/G units through o's port
   (select/reduce_scatter.h's irr__rs_spread_form, which also picks lg). In the model over
   the real programs (bench_reduce_scatter_model, the bound's table, network alone), one
   rank owning half the vector: p = 64, 512 B a rank 28.6 -> 22.2 us (bound 15.4); p = 256,
   64 B 26.7 -> 20.9 (15.3); p = 1000, 64 B 52.7 -> 40.0 (27.8). Scratch: bruck.h's, and at
   an inner holder its subtree's pieces. Limits: p >= 4, G <= p/2 and G <= 32 (more pieces:
   balanced.h's ground), a message at most 2G + 1 pieces (a holder's block and piece each). */

/* Holder j's piece of D: G equal pieces of mo units. */
static inline int64_t irr__rs_spread_at(int j, int G, int64_t mo) { return irr__rs_piece_at(j, G, mo, NULL, 0); }

/* Rank r's place among D's holders, or -1: r = o + floor(j p / G) (mod p) for j < G. */
static inline int irr__rs_spread_slot(int r, int o, int p, int G) {
  int64_t pos = (r - o + p) % p, j = (pos * G + p - 1) / p;
  return j < G && j * p / G == pos ? (int)j : -1;
}

/* Holder j's rank (j < G), else -1. */
static inline int irr__rs_spread_rank(int j, int o, int p, int G) { return j < G ? (int)((o + (int64_t)j * p / G) % p) : -1; }

/* The virtual blocks' starts V[0..p] (o's own block out, each holder's piece after the
   holder's block) and, with sg, the segments of the virtual vector onto the real one (real
   neighbours merged; *ns of them). The largest virtual block into *mxv (optional). O(p), no
   division a rank: the holders come in rank order from the first at or past rank 0. */
static inline void irr__rs_spread_virt(int p, const int64_t *D, int o, int G, int64_t *V, irr__rs_seg *sg, int *ns,
                                       int64_t *mxv) {
  int64_t mo = D[o + 1] - D[o], v = 0, mx = 0;
  int r, k = 0, j = 0, nx, part;
  while (o > 0 && j < G && o + (int64_t)j * p / G < p) j++; /* the first holder at or past rank 0 */
  nx = irr__rs_spread_rank(j, o, p, G);
  V[0] = 0;
  for (r = 0; r < p; r++) {
    int h = -1;
    if (r == o) j = 0, nx = o;
    if (r == nx) h = j++, nx = irr__rs_spread_rank(j, o, p, G);
    for (part = 0; part < 2; part++) {
      int64_t a = part ? (h >= 0 ? D[o] + irr__rs_spread_at(h, G, mo) : 0) : D[r], len;
      if (part) len = h >= 0 ? irr__rs_spread_at(h + 1, G, mo) - irr__rs_spread_at(h, G, mo) : 0;
      else len = r == o ? 0 : D[r + 1] - D[r];
      if (len == 0) continue;
      if (sg) {
        if (k > 0 && sg[k - 1].r + sg[k - 1].len == a) sg[k - 1].len += len;
        else sg[k].v = v, sg[k].r = a, sg[k].len = len, k++;
      }
      v += len;
    }
    if (v - V[r] > mx) mx = v - V[r];
    V[r + 1] = v;
  }
  if (ns) *ns = k;
  if (mxv) *mxv = mx;
}

/* Rank rank's program into s (initialized for rank of p), D's pieces G = 2^lg (1 <= lg,
   G <= p / 2; irr_reduce_scatter_spread_lg picks it, equal on every rank). P: workspace of
   p + 1 entries. */
static inline irr_status irr_reduce_scatter_spread(int rank, int p, const int64_t *D, int lg, int64_t *P, irr_sched *s) {
  int o, G = 1 << (lg > 0 && lg < 30 ? lg : 0), ns, i, j, jr;
  int64_t n = D[p], mo, mr, area;
  irr__rs_seg *sg;
  irr_op *e;
  irr_sched sv;
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (lg < 1 || lg >= 30 || G > p / 2) return IRR_ERR_ARG;
  if (n == 0) return irr_reduce_scatter_bruck(rank, p, D, s);
  o = irr__rs_dom_owner(p, D), mo = D[o + 1] - D[o];
  sg = (irr__rs_seg *)IRRCOLL_MALLOC((size_t)(2 * p + 1) * sizeof *sg);
  e = (irr_op *)IRRCOLL_MALLOC((size_t)(s->cap + 1) * sizeof *e);
  if (!sg || !e) {
    s->err = IRR_ERR_NOMEM;
    goto out;
  }
  irr__rs_spread_virt(p, D, o, G, P, sg, &ns, NULL);
  irr_sched_init(&sv, rank, p, e, s->cap);
  jr = irr__rs_bruck(&sv, 0, P, P); /* on the virtual blocks: rank's ends at scratch 0 */
  if (sv.err != IRR_OK) { s->err = sv.err; goto out; }
  for (i = 0; i < sv.nops; i++) {
    const irr_op *x = &sv.ops[i];
    irr__rs_vop(s, x->round, x->kind, x->peer, x->buf, x->off, x->dbuf, x->doff, D, sg, ns, P[x->blo] + x->skip, x->len, x->flags);
  }
  /* D home: holder j's virtual block is its own block (none at o), then its piece */
  j = irr__rs_spread_slot(rank, o, p, G), mr = rank == o ? 0 : D[rank + 1] - D[rank], area = s->tmp;
  if (rank != o) irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  else irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[o], irr__rs_spread_at(1, G, mo), 0);
  if (j >= 0) {
    int b = j ? j & -j : G, lb = 0, c;
    int64_t a0 = irr__rs_spread_at(j, G, mo), a1 = irr__rs_spread_at(j + b < G ? j + b : G, G, mo);
    while ((1 << lb) < b) lb++;
    if (j > 0 && b > 1) irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, mr, IRR_BUF_TMP, area, D, D[o] + a0,
                                   irr__rs_spread_at(j + 1, G, mo) - a0, 0);
    for (i = 0; i < lb; i++) { /* child j + 2^i: its subtree of 2^i pieces, in round i */
      int64_t c0, c1;
      c = j + (1 << i);
      if (c >= G) break;
      c0 = irr__rs_spread_at(c, G, mo), c1 = irr__rs_spread_at(c + (1 << i) < G ? c + (1 << i) : G, G, mo);
      irr__rs_op(s, jr + i, IRR_OP_RECV, irr__rs_spread_rank(c, o, p, G), j ? IRR_BUF_TMP : IRR_BUF_RECV, j ? area + c0 - a0 : 0,
                 IRR_BUF_NONE, 0, D, D[o] + c0, c1 - c0, 0);
    }
    if (j > 0) /* to the parent j - lowbit(j) in round log2(lowbit(j)): a leaf from its piece */
      irr__rs_op(s, jr + lb, IRR_OP_SEND, irr__rs_spread_rank(j - b, o, p, G), IRR_BUF_TMP, b > 1 ? area : mr, IRR_BUF_NONE, 0,
                 D, D[o] + a0, a1 - a0, 0);
  }
out:
  if (sg) IRRCOLL_FREE(sg);
  if (e) IRRCOLL_FREE(e);
  return s->err;
}
/* ==== end algo/reduce_scatter/spread.h ==== */
/* ==== begin select/gatherv.h ==== */
/* The automatic choices of Gatherv, Scatterv, XGatherv and XScatterv (from p and the forced
   algorithm alone), the ops their programs need, and the programs of all ranks of any of
   their algorithms (for the checker and the model). */

/* The automatic choice of XGatherv/XScatterv: "direct" on at most this many ranks, else the
   tree. The single-ported alpha-beta model charges every message's whole latency at the
   root, one after the other, and puts the crossover at p = 10. SimGrid SMPI with a 0.5 us
   per-message overhead, where concurrent latencies overlap as on a real NIC and the root
   pays the overhead per message, puts it between 32 and 64 (b = 1..1000 ints, six
   distributions: direct/tree = 0.52 at p = 16, 0.79 at p = 32, 1.28 at p = 64, b = 1). We
   follow the simulator, which is the closer of the two to real networks for small
   messages. */
#define IRR_DIRECT_MAXP 32

/* Gatherv/Scatterv: "direct" on at most this many ranks, else the tree (Gatherv) or xtree
   (Scatterv). Above IRR_DIRECT_MAXP because direct no longer probes (Gatherv's heads carry
   their sizes, algo/gatherv/linear.h) and so equals MPI's linear algorithm, while at p = 64 the trees
   still lost up to 0.71 (Gatherv) and 0.81 (Scatterv) of MPI's speed where a single large
   block waits on the tree's construction (SMPI sweep, two blocks of 400 KB); direct holds
   0.96 and 1.00 there. At p = 128 the trees win every cell measured (1.0-3.7). */
#define IRR_V_DIRECT_MAXP 64

/* ---- automatic choices that need no estimate ----
   forced: the communicator's forced algorithm (IRR_ALG_AUTO: none). An algorithm the
   collective does not have counts as none. */

/* Gatherv and Scatterv: direct on few ranks, else a tree that degrades gracefully (large
   subtrees talk to the root directly). Scatterv's tree is XScatterv's: the root alone knows
   the sizes, so it builds the tree and every message carries its range and sizes; no
   construction round (which cost Träff's tree up to half of MPI_Scatterv's speed at p = 64
   in SMPI). Gatherv's root cannot know the senders' sizes without one. */
static inline irr_alg irr_gatherv_choose(irr_alg forced, int p) {
  if (p == 1) return IRR_ALG_LINEAR; /* nothing to send */
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_GATHERV, forced)) return forced;
  return p <= IRR_V_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}
static inline irr_alg irr_scatterv_choose(irr_alg forced, int p) {
  if (p == 1) return IRR_ALG_LINEAR;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_SCATTERV, forced)) return forced;
  return p <= IRR_V_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_XTREE;
}

/* The degradation threshold of a rooted tree by its direction (tree.h): the gathers'
   (Gatherv, XGatherv) or the scatters' (Scatterv's xtree, XScatterv). */
static inline int64_t irr_v_thresh(irr_coll coll, irr_model md) {
  return irr_coll_base(coll) == IRR_COLL_SCATTERV ? irr_scatterv_thresh(md) : irr_gatherv_thresh(md);
}

/* XGatherv/XScatterv: as Gatherv, but "linear" means direct (the root must hear from every
   rank to learn its size) and one rank is direct. */
static inline irr_alg irr_xgatherv_choose(irr_alg forced, int p) {
  if (forced == IRR_ALG_LINEAR || p == 1) return IRR_ALG_DIRECT;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_XGATHERV, forced)) return forced;
  return p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}
static inline irr_alg irr_xscatterv_choose(irr_alg forced, int p) {
  if (forced == IRR_ALG_LINEAR) return IRR_ALG_DIRECT;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_XSCATTERV, forced)) return forced;
  return p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}

/* Capacity a rank's program needs, for any sizes. */
static inline int irr_v_maxops(irr_alg alg, int p, int rank, int root) {
  if (alg == IRR_ALG_DIRECT) return rank == root ? 3 * p : 2; /* heads, rests, copies */
  if (alg == IRR_ALG_LINEAR) return rank == root ? p + 1 : 1;
  return 5 * irr_tree_levels(p) + 3 + (rank == root && alg == IRR_ALG_TREE ? p : 0); /* + direct senders */
}

/* The programs of all p ranks of a Gatherv/Scatterv with block sizes m, built centrally
   (what the distributed construction would reach), into set (initialized here; free with
   irr_sched_set_free). ctrl: include the tree construction's messages (tree only). thresh:
   Gatherv's degradation threshold (irr_gatherv_thresh; INT64_MAX: Träff's tree as is;
   Scatterv has none). */
static inline irr_status irr_v_build_all_t(irr_sched_set *set, irr_coll coll, irr_alg alg, int p,
                                           int root, const int64_t *m, int inplace, int ctrl, int64_t thresh) {
  irr_tree_all T;
  irr_tree t;
  irr_op *ops = NULL;
  irr_status st;
  int r, scatter = coll == IRR_COLL_SCATTERV;
  if (alg == IRR_ALG_AUTO) alg = irr_gatherv_choose(alg, p);
  if (alg > IRR_ALG_V_LAST) return IRR_ERR_ARG;
  if (p <= 0 || root < 0 || root >= p) return IRR_ERR_ROOT;
  memset(&T, 0, sizeof T);
  st = irr_sched_set_init(set, p);
  if (st != IRR_OK) return st;
  if (alg == IRR_ALG_TREE || alg == IRR_ALG_BINOMIAL) {
    st = irr_tree_build_t(&T, p, root, alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, m,
                          alg == IRR_ALG_TREE && !scatter ? thresh : INT64_MAX);
    if (st != IRR_OK) goto out;
  }
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)irr_v_maxops(alg, p, root, root) * sizeof(irr_op));
  if (!ops) { st = IRR_ERR_NOMEM; goto out; }
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, irr_v_maxops(alg, p, r, root));
    if (alg == IRR_ALG_LINEAR || alg == IRR_ALG_DIRECT) {
      st = irr__linear_v(scatter, alg == IRR_ALG_DIRECT, r, p, root, m[r], r == root ? m : NULL, inplace, &s);
    } else {
      irr_tree_view(&T, r, &t);
      st = irr__tree_v(scatter, &t, r == root ? &T : NULL, r == root ? m : NULL, inplace, ctrl && alg == IRR_ALG_TREE, &s);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  irr_tree_all_free(&T);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The same with Gatherv's threshold of the default model (what the MPI layer uses unless
   IRR_Comm_set_model or IRRCOLL_ALPHA/BETA change the model). */
static inline irr_status irr_v_build_all(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                         const int64_t *m, int inplace, int ctrl) {
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  return irr_v_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_gatherv_thresh(md));
}
/* ==== end select/gatherv.h ==== */
/* ==== begin select/allgatherv.h ==== */
/* Allgatherv's automatic choice and its generic generator: a test, a benchmark or a tool
   evaluates exactly the programs that the MPI layer runs (the same choose(), the same
   generators).

   The choice costs O(p) on new sizes (DESIGN.md §3): one pass of statistics and cyclic
   prefix sums, then each algorithm's closed-form estimate with its CPU term (the model's
   cpu_* constants): Bruck's rounds by their largest windows (O(p log p) at one subtraction
   a cell), recursive doubling's aligned groups, the ring's round bound, neighbor exchange's
   pairs, the circulant schedule's phases (from the table's summary, p alone), each only
   where its lower bound leaves it room. Where two estimates cannot be told apart (their
   error bands overlap), the exact times over the real programs (ir/maxplus.h: the *_time
   functions) decide, but only while they cost under IRR_AG_REFINE of the collective's
   estimate. Workspace `work`: IRR_AG_WORK(p) 8-byte words (the caller's: the MPI layer
   allocates it with the sizes, so the choice itself cannot fail on one rank). */
#define IRR__AG_WORK_BASE(p) (IRR__CIRC_TABLE_AT(p) - 2 * (size_t)(p) - 2) /* the prefix sums' place */
#define IRR_AG_WORK(p) irr__circ_work_words(p)

/* The refinement's budget: the exact times are computed only while their cost (cpu_size a
   size visited, IRR_AG_CELL of it a cell of a recursion: 4 ns against 0.84 here) stays under
   this fraction of the chosen algorithm's estimated time, ... */
#define IRR_AG_REFINE 0.02
#define IRR_AG_CELL 5.0
/* ... or while the whole choice stays under this many seconds: on few ranks the exact
   times cost a few microseconds, within the 5 us a choice may always take (DESIGN.md §3),
   where 2% of a short collective would leave the closed forms' error standing. */
#define IRR_AG_REFINE_FLOOR 5e-6

/* The cells of an exact time (ir/maxplus.h), measured on one core here: Bruck's and
   recursive doubling's p q; the ring's p R at 1.75 times that (R: its rounds; 0 beyond
   IRR_RING_EXACT, where the bound is its time); neighbor exchange's p^2 / 2 (or 0); the
   circulant's p (n - 1 + 5 q) and up to p^2 / 4 more in the first phase's window sums, for
   each of the `tries` values of n the refinement tries. */
static inline double irr__ag_cells(irr_alg alg, int p, int64_t x, int tries) {
  int q = irr_circ_q(p);
  double pp = (double)p * p / 4;
  switch (alg) {
  case IRR_ALG_BRUCK:
  case IRR_ALG_RECDOUBLING: return (double)p * q;
  case IRR_ALG_RING: return (double)x * p <= (double)IRR_RING_EXACT ? 1.75 * (double)x * p : 0;
  case IRR_ALG_NEIGHBOR: return (double)p * p / 2 <= (double)IRR_RING_EXACT ? (double)p * p / 2 : 0;
  case IRR_ALG_CIRCULANT: return tries * ((double)p * ((double)x - 1 + 5.0 * q) + (pp < (double)IRR_CIRC_EXACT ? pp : (double)IRR_CIRC_EXACT));
  default: return 0;
  }
}

/* The circulant table the choice may need (p alone): the MPI layer keeps it per
   communicator; R NULL: made in the choice's workspace when needed (made = 1, R then points
   there). sum: where its summary is kept (valid where sum->p is p; NULL: the choice's own,
   for this call), by pointer, so that a call does not copy or clear its 7.7 KB. units: the
   choice's work in sizes visited, for the model's cpu_size (irr_allgatherv_choose_x adds to
   it); once: the table's and the summary's, made once per communicator, which a caller that
   keeps them charges but the refinement's budget does not count (it must not depend on
   whether one rank's memory kept them). price: what a unit of that work costs, for the
   refinement's budget (0: the model's cpu_size; a repeated call's model prices no program,
   cpu_size 0, but its choice still runs on this CPU). */
typedef struct irr_ag_circ {
  const int *R;
  irr_circ_sum *sum;
  int made;
  double units, once, price;
  int share, nn; /* share > 0: the layout's irr_allgatherv_share and irr_allgatherv_nodes, kept by the caller */
} irr_ag_circ;

/* Ranks per node that share one NIC: the most on any node (node[i]: the lowest rank of i's
   node; NULL: flat, 1). Equal on all ranks (the layout is gathered once). O(p) where nodes
   are ranges of consecutive ranks (the longest run); else O(p) with cnt, p ints of scratch,
   or without it O(p nodes). It was O(p nodes) on every layout, and every Allgatherv on SMP
   nodes asks it: 64 nodes of 16 ranks cost 65536 steps a call, most of the node-aware
   choice's 35-85 us at p = 1024. */
static inline int irr__allgatherv_share_w(int p, const int *node, int *cnt) {
  int share = 1, i, j, c, run = 1;
  if (!node || p < 1) return 1;
  for (i = 1; i < p && (node[i] == node[i - 1] || node[i] == i); i++) {
    run = node[i] == node[i - 1] ? run + 1 : 1;
    share = run > share ? run : share;
  }
  if (i == p) return share;
  share = 1;
  if (cnt) {
    for (i = 0; i < p; i++) cnt[i] = 0;
    for (i = 0; i < p; i++)
      if ((unsigned)node[i] < (unsigned)p && ++cnt[node[i]] > share) share = cnt[node[i]];
    return share;
  }
  for (i = 0; i < p; i++)
    if (node[i] == i) {
      for (j = i, c = 0; j < p; j++) c += node[j] == i;
      if (c > share) share = c;
    }
  return share;
}
static inline int irr_allgatherv_share(int p, const int *node) { return irr__allgatherv_share_w(p, node, NULL); }

/* Neighbor exchange is chosen on SMP nodes where its estimate is below this fraction of the
   best other one's. Its model cost (half the ring's rounds, each a pair of blocks) is
   optimistic on nodes sharing a NIC: in SMPI (16-core nodes, 0.5 us overhead, 64 KiB) it
   lost to the ring on regular data (0.98 at p = 30, 0.95 at p = 64) where its estimate was
   0.91 of the ring's, and to the node-aware algorithm on spike data (0.66 of it at p = 64,
   estimate 0.83); on half-full data (estimate 0.70 of the ring's at p = 30 .. 1024) it beat
   the ring 1.19x (p = 30) and 1.10x (p = 64), as Open MPI's neighborexchange does. On a
   flat cluster it never won a cell (p = 30, 64), and it is not chosen there. */
#define IRR_NEIGHBOR_MARGIN 0.75

/* Near-ties on a flat cluster go to the algorithm SMPI found faster: an algorithm replaces
   the best so far only if its model time is below IRR_AG_TIE of it, in the order Bruck,
   recursive doubling, ring, neighbor exchange (SMPI, flat, 0.5 us overhead: Bruck beat
   recursive doubling at equal model cost, p = 64, 1 KiB, 1.32x on geometric data, 1.04x on
   decreasing; neighbor exchange never won a cell at p = 30, 64). The choice is then within
   1 / IRR_AG_TIE (3.1%) of the model's argmin. */
#define IRR_AG_TIE 0.97

/* Allgatherv's automatic choice on SMP nodes (node: consecutive nodes of share ranks at
   most), calibrated on SMPI, where nodes share a NIC, which the model does not see: the
   ring or the logarithmic algorithm by the closed forms (irr_allgatherv_choose_on, with the
   node's ranks sharing a NIC); the logarithmic algorithm is Bruck in the receive buffer,
   except with 2^k ranks, where recursive doubling's first rounds stay inside nodes (SMPI,
   16-core nodes, p = 64, 4 B: Bruck 0.89-0.91 of SMPI's best, recursive doubling 1.00).
   On nodes of consecutive ranks the node-aware algorithm (irr_allgatherv_hier) wins where
   its estimate says it is faster than that choice, and neighbor exchange (p even) where its
   estimate is below IRR_NEIGHBOR_MARGIN of the best; a ring that stays takes whole blocks
   where the node-aware exact recursion says so (irr__allgatherv_block_nodes). */
/* The model's CPU of the choice on SMP nodes, in cpu_size units a rank (a size the flat
   choice visits; the MPI layer charges them with the flat choice's, irr_ag_circ's units).
   Each step timed on one thread against the flat choice's size in the same run (bench_cpu
   smp's draws, 16-rank nodes, p = 64 .. 1024, 4 B .. 64 KiB; runs at 0.87-1.31 ns a size):
   the ranks a node sharing a NIC 0.8-1.2, the statistics 1.0-1.4, a pass over the layout
   0-0.2, neighbor exchange's estimate 0.5-0.9, Bruck's bound from the groups' sums 1.1-1.6
   ns a rank (at 1.26 ns a size). Bruck's NIC estimate and the node-aware one are fitted to
   the whole choice, with the layout's counts kept (three runs at 1.26-1.30 ns a size:
   their 12.6 units before measured 8.6-10.5), and so is a call's own cost whatever p
   (p = 64, 4 B: 3.6 units a rank against 2.4). The layout's two passes (SHARE, NODES) are
   charged only where the caller does not keep their counts (irr_ag_circ's share, nn; the
   MPI layer counts them once a communicator). The ring's snap counts its own
   (irr__ring_pick's units), the node-aware ring's exact recursion IRR_AG_CELL a cell. */
#define IRR_AG_SMP_SHARE 1.25
#define IRR_AG_SMP_BRUCK 6.4
#define IRR_AG_STATS 1.4 /* (the flat choice's ring too) */
#define IRR_AG_SMP_NODES 0.15
#define IRR_AG_SMP_HIER 3.1
#define IRR_AG_SMP_NEIGHBOR 0.75
#define IRR_AG_SMP_BOUND 1.0
#define IRR_AG_SMP_CALL 60.0 /* units a call */

/* The node-aware ring's block size on SMP nodes: Eq. (2)'s from IRR_RING_NODE_ALPHA (bs), or
   whole blocks (the plain linear ring, MPICH's in the node order), whichever has the lower
   exact time with the hops inside a node at IRR_INTRA_ALPHA, IRR_INTRA_BETA of the model's
   alpha and beta (irr_allgatherv_ring_time_on; the constants of the node-aware estimate, from
   SMPI's 16-core nodes, where a hop inside a node runs at 20 GB/s against the NIC's 10). The
   model without them (every hop alpha + beta len) ranks the two the wrong way round: SMPI,
   p = 256, 0.5 us overhead, 64 KiB, random skewed sizes (seed 9003, 146 ranks of about
   115 KB, the rest empty): whole blocks 2.16 ms, bs = 59166 3.27 ms (MPICH's ring 2.34),
   model 3.46 / 2.99 ms, with the node constants 2.14 / 2.34 ms; decreasing 2.50 / 2.55 ms
   (2.49 / 2.63), half-full 2.09 / 2.27 ms (2.15 / 2.27). Evaluated only where both
   recursions stay within IRR_RING_EXACT_NODES cells (p R; about 5 ns a cell); beyond, bs. */
#ifndef IRR_RING_EXACT_NODES
#define IRR_RING_EXACT_NODES ((int64_t)1 << 18)
#endif
static inline int64_t irr__allgatherv_block_nodes(int p, const int64_t *m, irr_model md, const int *node,
                                                  const irr__ring_pick *k, void *work, double *u) {
  int64_t bs = k->B, mx = k->mx, cells;
  int *ring = (int *)((int64_t *)work + 6 * (size_t)p + 8);
  if (p <= 2 || bs >= mx || bs < 1) return bs;
  cells = (k->cells + (p - 1)) * (int64_t)p; /* both recursions' rounds: the snap's at bs, p - 1 at mx (one block a rank) */
  if (cells > IRR_RING_EXACT_NODES) return bs;
  if (md.cpu_size > 0 && cells * IRR_AG_CELL * md.cpu_size > IRR_AG_REFINE * irr__ring_est_rounds(p, k->rounds, bs, md))
    return bs; /* the exact recursion would cost more than it can save */
  irr_allgatherv_order(p, m, node, ring);
  if (u) *u += IRR_AG_SMP_NODES * p + IRR_AG_CELL * (double)cells;
  return irr_allgatherv_ring_time_on(p, m, mx, ring, node, md, IRR_INTRA_ALPHA, IRR_INTRA_BETA, 1e300, work) <
                 irr_allgatherv_ring_time_on(p, m, bs, ring, node, md, IRR_INTRA_ALPHA, IRR_INTRA_BETA, 1e300, work)
             ? mx
             : bs;
}

/* The latency regime's exit from the choice on SMP nodes: where the logarithmic algorithm
   is decided by bounds alone, take it without the node-aware estimate, neighbor exchange's
   or the ring's block size. lg: Bruck's estimate on these nodes, which the full choice
   (irr__allgatherv_choose_smp_full) is then given too. It fires only where the full choice
   takes the same, B 0 too:
   - the ring's latency alone loses to lg (irr__ag_ring_latency_loses, the gate of
     irr__allgatherv_choose_on_lg): Bruck;
   - on consecutive nodes (irr_allgatherv_nodes > 1) the node-aware estimate is at least its
     latencies and its broadcast's bytes, K1 (2 IRR_INTRA_ALPHA alpha + IRR_INTRA_BETA beta M)
     + ceil(log2 nodes) alpha (K1 = ceil(log2 share), share the largest node's ranks), not
     below lg: it does not replace Bruck; and neighbor exchange's (p even) at least
     p / 2 alpha + beta max m, not below IRR_NEIGHBOR_MARGIN lg.
   Returns the algorithm (recursive doubling on 2^k ranks), or IRR_ALG_AUTO. sz: the sizes'
   statistics (irr__ring_stats); nn: the layout's consecutive nodes (irr_allgatherv_nodes). */
static inline irr_alg irr__ag_smp_latency(int p, const irr__ring_st *sz, irr_model md, int nn, int share, double lg) {
  int64_t M = sz->tot, mx = sz->mx;
  int K1 = 0, K2 = 0;
  double lb;
  if (p < 2 || share < 1) return IRR_ALG_AUTO;
  if (!irr__ag_ring_latency_loses(p, sz->z, md, lg)) return IRR_ALG_AUTO;
  if (nn > 1) {
    while ((1 << K1) < share) K1++;
    while ((1 << K2) < nn) K2++;
    lb = K1 * (2 * IRR_INTRA_ALPHA * md.alpha + IRR_INTRA_BETA * md.beta * (double)M) + K2 * md.alpha;
    if (!(0.999999 * lb >= lg)) return IRR_ALG_AUTO;
    if (p % 2 == 0 && !(0.999999 * ((p / 2) * md.alpha + md.beta * (double)mx) >= IRR_NEIGHBOR_MARGIN * lg))
      return IRR_ALG_AUTO;
  }
  return (p & (p - 1)) == 0 ? IRR_ALG_RECDOUBLING : IRR_ALG_BRUCK;
}

/* A lower bound of the ring's estimate (irr_allgatherv_ring_estimate, which counts empty
   ranks as Section 2.3 does; irr__ag_ring_low below bounds its exact time) at any block size
   B: its fewest rounds of alpha (irr__ring_rounds with one block a rank), and its rounds'
   bytes R B >= M - min m - max m (R >= sum ceil(m_i / B) - ceil(min m / B), or p - 1 blocks
   of B >= max m each), from the sizes' statistics. */
static inline double irr__ag_ring_est_low(int p, const irr__ring_st *sz, irr_model md) {
  int64_t w = sz->tot - sz->mn - sz->mx;
  if (p <= 1 || sz->z == p) return 0;
  return (double)irr__ring_rounds(p, p, sz->z, 1) * md.alpha + md.beta * (double)(w > 0 ? w : 0);
}

/* Where the node-aware estimate th is below Bruck's (lg) and below the ring's lower bound
   (irr__ag_ring_est_low), the node-aware algorithm replaces whichever of them
   irr__allgatherv_choose_on_lg would take: the ring's block size (Eq. 2 and its snap, up to
   IRR__SNAP_MAX estimates of p blocks each) is not computed, and *B is 0 (the node-aware
   algorithm takes none): cut 1 (cut 0, the full comparison, is test_agchoice's reference in
   agchoice_smp_hier, which finds the same choice). sz: the sizes' statistics. Neighbor
   exchange's estimate is walked only where its bound, p / 2 rounds of alpha + beta max m
   (every pair holds at least the largest block), leaves it the margin. */
static inline irr_alg irr__allgatherv_choose_smp_full(int p, const int64_t *m, irr_model md, const int *node, int share,
                                                      int nn, int64_t *B, void *work, double lg, const irr__ring_st *sz,
                                                      int cut, double *u) {
  int pof2 = p > 0 && (p & (p - 1)) == 0, nodes = nn > 1;
  double ta, nb, th = nodes ? irr_allgatherv_hier_estimate(p, m, node, md) : 0; /* ta: the chosen one's estimate */
  irr__ring_pick k = {0, 0, 0, 0, 0, 0, 0}; /* the ring's block size, where a is the ring */
  irr_alg a;
  double w = nodes ? IRR_AG_SMP_HIER * p : 0; /* the work, in cpu_size units */
  if (cut && nodes && th < lg && th < 0.999999 * irr__ag_ring_est_low(p, sz, md)) a = IRR_ALG_HIER, ta = th, *B = 0;
  else a = irr__allgatherv_choose_on_lg(p, m, md, share, B, &ta, 1, lg, &k, sz);
  w += k.units;
  if (nodes) {
    if (th < ta) a = IRR_ALG_HIER, ta = th;
    if (a == IRR_ALG_RING) { /* the margin is calibrated against the ring at Eq. (2)'s B from 6 alpha, unsnapped */
      irr_model m6 = md;
      m6.alpha *= IRR_RING_NODE_ALPHA;
      ta = share > 1 ? irr__ring_est_rounds(p, k.rounds0, k.B0, md) /* k's B0 is that size */
                     : irr_allgatherv_ring_estimate(p, m, irr_allgatherv_block(p, m, m6), md);
      w += share > 1 ? 0 : 2.0 * IRR_AG_STATS * p;
    }
    nb = (p / 2) * (md.alpha + md.beta * (double)sz->mx); /* neighbor exchange's bound: every pair holds max m or more */
    if (p % 2 == 0 && !(sz->mn >= 0 && 0.999999 * nb >= IRR_NEIGHBOR_MARGIN * ta)) {
      w += IRR_AG_SMP_NEIGHBOR * p;
      if (irr_allgatherv_neighbor_estimate(p, m, md) < IRR_NEIGHBOR_MARGIN * ta) a = IRR_ALG_NEIGHBOR;
    }
    if (a == IRR_ALG_RING) *B = irr__allgatherv_block_nodes(p, m, md, node, &k, work, &w); /* k: the ring was chosen by it */
  }
  if (u) *u += w;
  return a == IRR_ALG_BRUCK && pof2 ? IRR_ALG_RECDOUBLING : a;
}
/* u (optional): gets the choice's work in cpu_size units, for the model's CPU (IRR_AG_SMP_*).
   nn: the layout's consecutive nodes (irr_allgatherv_nodes). The latency exit is tried first
   on Bruck's bound (irr__ag_bruck_estimate_up), then on its estimate: where the bound
   serves, the same choice at STATS + BOUND units a rank, not BRUCK more. */
static inline irr_alg irr__allgatherv_choose_smp(int p, const int64_t *m, irr_model md, const int *node, int share, int nn,
                                                 int64_t *B, void *work, double *u) {
  irr__ring_st sz = irr__ring_stats(p, m);
  double lg = irr__ag_bruck_estimate_up(p, m, md, share, sz.tot, sz.mx, (int64_t *)work);
  irr_alg a = lg < 1e300 ? irr__ag_smp_latency(p, &sz, md, nn, share, lg) : IRR_ALG_AUTO;
  if (u) *u += IRR_AG_SMP_CALL + (IRR_AG_STATS + (lg < 1e300 ? IRR_AG_SMP_BOUND : 0)) * p;
  if (a != IRR_ALG_AUTO) return *B = 0, a;
  lg = irr__ag_bruck_estimate_w(p, m, md, share > 1 ? share : 1, (int64_t *)work);
  if (u) *u += IRR_AG_SMP_BRUCK * p;
  if ((a = irr__ag_smp_latency(p, &sz, md, nn, share, lg)) != IRR_ALG_AUTO) return *B = 0, a;
  return irr__allgatherv_choose_smp_full(p, m, md, node, share, nn, B, work, lg, &sz, 1, u);
}

/* One candidate of the flat choice: its network estimate, the band [lo, hi] its exact time
   lies in (the estimate's measured error, test_agchoice), its CPU term. */
typedef struct irr__agc {
  irr_alg alg;
  int64_t B;          /* ring: block size; circulant: pieces per block */
  double net, lo, hi, cpu;
  double cells;       /* the exact time's cost, in cells */
} irr__agc;

/* The exact network time of candidate c (ir/maxplus.h), for the refinement. */
static inline double irr__ag_exact(const irr__agc *c, int p, const int64_t *m, irr_model md, const int *R, void *work) {
  int *ring = (int *)((int64_t *)work + 6 * (size_t)p + 8);
  switch (c->alg) {
  case IRR_ALG_BRUCK: return irr_allgatherv_bruck_time(p, m, md, work);
  case IRR_ALG_RECDOUBLING: return irr_allgatherv_recdoubling_time(p, m, md, work);
  case IRR_ALG_NEIGHBOR: return irr_allgatherv_neighbor_time(p, m, md, work);
  case IRR_ALG_CIRCULANT: return irr__circ_time(p, m, (int)c->B, md, R, work);
  default: irr_allgatherv_order(p, m, NULL, ring); return irr_allgatherv_ring_time(p, m, c->B, ring, md, work);
  }
}

/* The circulant's CPU with n pieces for the refinement: counted on few ranks (the closed
   form's error, not the candidates, would decide there), else the closed form. */
static inline double irr__ag_circ_cpu(int p, const int64_t *m, int n, const irr__szhist *h, irr_model md, irr_ag_circ *cc,
                                      void *work) {
  if ((double)p * p * (n - 1 + irr_circ_q(p)) > IRR_CIRC_COUNT_MAX) return irr__circ_cpu(p, n, h, md);
  cc->units += IRR_AG_CELL * (double)p * p * (n - 1 + irr_circ_q(p));
  return irr__circ_cpu_count(p, m, n, cc->R, (int *)((int64_t *)work + 5 * (size_t)p + 2), md); /* irr__circ_time's fl */
}

/* The lower bounds that gate the ring, neighbor exchange and the circulant schedule (their
   network and CPU, from the total M, the smallest block mn and the largest mx), for
   irr__ag_candidates and irr__ag_latency alike: the ring's p - 1 rounds and every rank
   receiving the others' bytes; neighbor exchange's p / 2 rounds; the circulant's q rounds
   (single-ported), and its generator's walk of 2 p (n - 1 + q) >= 2 p q roots. */
static inline double irr__ag_ring_low(int p, int64_t M, int64_t mn, irr_model md) {
  return (p - 1) * md.alpha + md.beta * (double)(M - mn) + irr__ag_ring_cpu(p - 1, md);
}
static inline double irr__ag_neighbor_low(int p, int64_t M, int64_t mn, irr_model md) {
  return (p / 2) * md.alpha + md.beta * (double)(M - mn) + irr__ag_neighbor_cpu(p, md);
}
static inline double irr__ag_circ_low(int p, int64_t M, int64_t mn, int64_t mx, irr_model md) {
  int q = irr_circ_q(p);
  double lb = q * md.alpha + md.beta * (double)(M - mn);
  double b2 = irr__sqrt((double)(q - 1) * md.alpha) + irr__sqrt(md.beta * (double)mx);
  return (b2 * b2 > lb ? b2 * b2 : lb) + irr__circ_walk_cpu(p, 1, md);
}

/* The candidates' estimates into c (their number returned; *wp: the least), the size
   histogram into h where the circulant schedule is a candidate. */
static inline int irr__ag_candidates(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, irr__agc *c,
                                     int *wp, irr__szhist *h, double rdnet) {
  int64_t *P = (int64_t *)work + IRR__AG_WORK_BASE(p), M, mx = 0, mn = m[0], R = 0;
  int i, q = irr_circ_q(p), nc = 0, w = 0, pof2 = (p & (p - 1)) == 0;
  for (P[0] = 0, i = 0; i < p; i++) { /* the statistics and the cyclic prefix sums */
    P[i + 1] = P[i] + m[i];
    mx = m[i] > mx ? m[i] : mx, mn = m[i] < mn ? m[i] : mn;
  }
  M = P[p];
  for (i = 0; i < p; i++) P[p + i + 1] = P[p + i] + m[i];
  cc->units += 1.2 * p + 0.4 * (double)p * q; /* the statistics and prefix sums; Bruck's windows (0.33 ns a cell) */
  memset(c, 0, 6 * sizeof *c);
  c[nc].alg = IRR_ALG_BRUCK, c[nc].net = irr__ag_bruck_windows(p, P, md), c[nc].cpu = irr__ag_bruck_cpu(p, md);
  c[nc].lo = c[nc].net / 1.125, c[nc].hi = c[nc].net, c[nc].cells = irr__ag_cells(IRR_ALG_BRUCK, p, 0, 1), nc++;
#define IRR__TOT(x) ((x).net + (x).cpu)
#define IRR__TAKE(x) (IRR__TOT(c[nc]) < IRR_AG_TIE * IRR__TOT(c[w]) ? (w = nc) : 0, nc++)
  if (pof2) {
    c[nc].alg = IRR_ALG_RECDOUBLING, c[nc].net = rdnet >= 0 ? rdnet : irr__ag_recd_groups(p, P, md);
    c[nc].cpu = irr__ag_recd_cpu(p, md), cc->units += rdnet >= 0 ? 0 : 1.0 * p; /* (the exit's, or its groups) */
    c[nc].lo = c[nc].net / 1.125, c[nc].hi = c[nc].net, c[nc].cells = irr__ag_cells(IRR_ALG_RECDOUBLING, p, 0, 1);
    IRR__TAKE(c[nc]);
  }
  if (irr__ag_ring_low(p, M, mn, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    irr__ring_pick k = irr__ring_pick_on(p, m, md, 0, NULL);
    c[nc].alg = IRR_ALG_RING, c[nc].B = k.B, R = k.cells; /* the snap's b - min b_i: irr__ag_ring_bound's rounds */
    c[nc].net = irr__ring_est_rounds(p, R, k.B, md), c[nc].cpu = irr__ag_ring_cpu(R, md);
    c[nc].lo = c[nc].net / 1.013, c[nc].hi = c[nc].net;
    c[nc].cells = irr__ag_cells(IRR_ALG_RING, p, R, 1);
    cc->units += IRR_AG_STATS * p + k.units; /* Eq. (2)'s statistics, the snap */
    IRR__TAKE(c[nc]);
  }
  if (p % 2 == 0 && irr__ag_neighbor_low(p, M, mn, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    c[nc].alg = IRR_ALG_NEIGHBOR, c[nc].net = irr_allgatherv_neighbor_estimate(p, m, md), c[nc].cpu = irr__ag_neighbor_cpu(p, md);
    c[nc].lo = c[nc].net / 1.04, c[nc].hi = c[nc].net;
    c[nc].cells = irr__ag_cells(IRR_ALG_NEIGHBOR, p, 0, 1);
    cc->units += p;
    IRR__TAKE(c[nc]);
  }
  /* the circulant schedule, where its lower bound leaves it room; its table's summary (p alone) */
  if (p > 2 && mx >= 2 && irr__ag_circ_low(p, M, mn, mx, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    if (!cc->R && (cc->R = irr__circ_work_table(p, work)) != NULL) {
      cc->made = 1;
      cc->once += (double)p * q * q;
    }
    if (cc->R && cc->sum->p != p) irr_circ_summarize(p, cc->R, 1, cc->sum), cc->once += (double)p * q;
    if (cc->R) {
      double e;
      irr__szhist_make(p, m, h);
      cc->units += 4.0 * p + 420; /* the histogram; the closed forms of five n (0.35 us: 0.39 at p = 64, with a pass) */
      c[nc].alg = IRR_ALG_CIRCULANT, c[nc].B = irr__circ_pick(p, M, mn, mx, h, md, cc->sum, &e);
      c[nc].cpu = irr__circ_cpu(p, (int)c[nc].B, h, md), c[nc].net = e - c[nc].cpu;
      c[nc].lo = c[nc].net / 1.25, c[nc].hi = c[nc].net / 0.73;
      c[nc].cells = irr__ag_cells(IRR_ALG_CIRCULANT, p, c[nc].B, 4);
      IRR__TAKE(c[nc]);
      /* n = 1: every round partial, priced by Bruck's windows (its exact time lies within
         0.87 .. 1.18 of Bruck's): only the refinement can choose it */
      c[nc].alg = IRR_ALG_CIRCULANT, c[nc].B = 1, c[nc].cpu = irr__circ_cpu(p, 1, h, md);
      c[nc].net = c[nc].hi = c[0].net / 0.85, c[nc].lo = c[0].net / 1.2; /* its worst: not chosen unrefined */
      c[nc].cells = irr__ag_cells(IRR_ALG_CIRCULANT, p, 1, 1);
      IRR__TAKE(c[nc]);
    }
  }
#undef IRR__TAKE
#undef IRR__TOT
  *wp = w;
  return nc;
}

/* The circulant candidate's exact time x at its n, tried at the closed form's n0, n0 / sqrt 2,
   n0 sqrt 2, the network's optimum; and n0 - 2 .. n0 + 2 on at most 16 ranks (q <= 4: the
   time is not smooth in n there, a try costs under 0.5 us). The best kept in *a; returned. */
static inline double irr__ag_circ_tries(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc,
                                        const irr__szhist *h, irr__agc *a, double x) {
  int64_t M = h->M, mx = h->mx;
  int k, q = irr_circ_q(p), n0 = (int)a->B, near = q <= 4;
  for (k = 0; k < (near ? 7 : 3); k++) {
    int n = k < 2   ? (int)(n0 * (k == 0 ? 0.7071 : 1.4142) + 0.5)
            : k < 3 ? (int)(irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * (double)M / md.alpha) + 0.5)
                    : n0 + (k == 3 ? -2 : k == 4 ? -1 : k == 5 ? 1 : 2);
    double y, yc;
    if (n < 2 || n > IRR_CIRC_MAXPIECES || (int64_t)n > mx) continue;
    yc = irr__ag_circ_cpu(p, m, n, h, md, cc, work);
    y = irr__circ_time(p, m, n, md, cc->R, work) + yc;
    if (y < x) x = y, a->B = n, a->cpu = yc;
  }
  return x;
}

/* The refinement of the candidates c[0 .. nc) (w the least estimate): the exact times decide
   where they are affordable; the winner's index returned. */
static inline int irr__ag_refine(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, irr__agc *c,
                                 int nc, int w, const irr__szhist *h) {
  int i;
  double cells = 0, all = 0, tot, gain, pr = cc->price > 0 ? cc->price : md.cpu_size;
#define IRR__TOT(x) ((x).net + (x).cpu)
  /* the refinement: every candidate if that is affordable, else those whose band reaches
     below the best's, if that is */
  tot = IRR_AG_REFINE_FLOOR - cc->units * pr; /* what the floor leaves the refinement */
  tot = IRR_AG_REFINE * IRR__TOT(c[w]) > tot ? IRR__TOT(c[w]) : tot / IRR_AG_REFINE;
  /* what the exact times can save at most: the best's band above the lowest band of another,
     or the circulant n's tries */
  for (i = 0, gain = 0; i < nc; i++) {
    double g = i != w ? c[w].hi + c[w].cpu - (c[i].lo + c[i].cpu) : c[w].alg == IRR_ALG_CIRCULANT ? c[w].hi - c[w].lo : 0;
    gain = g > gain ? g : gain;
  }
  if (IRR_AG_REFINE * tot > gain) tot = gain / IRR_AG_REFINE; /* never more than they can save */
  for (i = 0; i < nc; i++) all += c[i].cells;
  if (all * IRR_AG_CELL * pr > IRR_AG_REFINE * tot) {
    all = -1;
    for (i = 0; i < nc; i++)
      if (i != w && c[i].lo + c[i].cpu < IRR_AG_TIE * (c[w].hi + c[w].cpu)) cells += c[i].cells;
  }
  if ((all >= 0 && nc > 1) ||
      ((cells > 0 || c[w].alg == IRR_ALG_CIRCULANT) && (cells + c[w].cells) * IRR_AG_CELL * pr <= IRR_AG_REFINE * tot)) {
    int best = -1;
    double bt = 1e300;
    cc->units += IRR_AG_CELL * (all >= 0 ? all : cells + c[w].cells);
    for (i = 0; i < nc; i++) {
      double x;
      if (all < 0 && i != w && !(c[i].lo + c[i].cpu < IRR_AG_TIE * (c[w].hi + c[w].cpu))) continue;
      if (c[i].alg == IRR_ALG_CIRCULANT) c[i].cpu = irr__ag_circ_cpu(p, m, (int)c[i].B, h, md, cc, work);
      x = (c[i].cells > 0 ? irr__ag_exact(&c[i], p, m, md, cc->R, work) : c[i].net) + c[i].cpu;
      if (c[i].alg == IRR_ALG_CIRCULANT && c[i].B >= 2) x = irr__ag_circ_tries(p, m, md, work, cc, h, &c[i], x);
      if (best < 0 || x < IRR_AG_TIE * bt) best = i, bt = x;
    }
    w = best;
  }
#undef IRR__TOT
  return w;
}


/* The latency regime's exit from the flat choice: where the logarithmic algorithm (recursive
   doubling on 2^k ranks, else Bruck) is decided by the candidates' lower bounds alone, take
   it without the prefix sums, Bruck's windows or the circulant table (their O(p log p)
   cells cost more than half the CPU of a small call at p = 256). Its decision is the full
   choice's: it fires only where
   - recursive doubling's estimate (its aligned groups, summed bottom up: the same value) is
     below IRR_AG_TIE of Bruck's lower bound, q alpha + beta (M - min m) + Bruck's CPU (its
     windows sum to M - m_r for rank r, so their maxima to at least M - min m), and no
     higher than that bound's band (the windows / 1.125), so the refinement has nothing to
     try (its gain is 0);
   - on other p, Bruck's estimate is at most the sum over rounds of alpha + beta min(n_k max
     m, M) (a window of n_k blocks);
   - the ring's, neighbor exchange's and the circulant schedule's lower bounds (the gates of
     irr__ag_candidates: irr__ag_ring_low, _neighbor_low, _circ_low) are not below
     IRR_AG_TIE of that estimate, so none of them is a candidate.
   Not on a free CPU (price 0): the refinement then runs whenever two candidates remain.
   Returns the algorithm, or IRR_ALG_AUTO (the full choice; *rdnet: recursive doubling's
   estimate where it was computed, else -1). One pass of the sizes and, on 2^k ranks, p / 2
   sums in work's prefix-sum place (free until irr__ag_candidates). */
static inline irr_alg irr__ag_latency(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, double *rdnet) {
  int64_t *L = (int64_t *)work + IRR__AG_WORK_BASE(p), M = 0, mx = 0, mn = m[0], w;
  int i, k, n, to, from, q = irr_circ_q(p), pof2 = (p & (p - 1)) == 0;
  double pr = cc->price > 0 ? cc->price : md.cpu_size, ub = 0, lbn;
  *rdnet = -1;
  if (!(pr > 0) || p < 4) return IRR_ALG_AUTO;
  if (pof2) { /* level 0 (the sizes) and the pairs' sums; then each level's sums in place */
    for (i = 0; i < p; i += 2) {
      int64_t a = m[i], b = m[i + 1];
      M += L[i / 2] = a + b;
      mx = a > mx ? a : mx, mx = b > mx ? b : mx, mn = a < mn ? a : mn, mn = b < mn ? b : mn;
    }
    ub = md.alpha + md.beta * (double)mx; /* irr__ag_recd_groups' sum, in its order: the same double */
    for (n = p / 2; n >= 2; n /= 2) { /* n groups of p / n blocks */
      for (w = 0, i = 0; i < n; i++) w = L[i] > w ? L[i] : w;
      ub += md.alpha + md.beta * (double)w;
      for (i = 0; i < n / 2; i++) L[i] = L[2 * i] + L[2 * i + 1];
    }
    cc->units += 1.5 * p;
    *rdnet = ub;
    ub += irr__ag_recd_cpu(p, md);
    lbn = 0.999999 * (q * md.alpha + md.beta * (double)(M - mn)); /* (the windows' sum, less its rounding) */
    if (!(ub < IRR_AG_TIE * (lbn + irr__ag_bruck_cpu(p, md)) && ub <= lbn / 1.125 + irr__ag_bruck_cpu(p, md)))
      return IRR_ALG_AUTO;
  } else {
    for (i = 0; i < p; i++) M += m[i], mx = m[i] > mx ? m[i] : mx, mn = m[i] < mn ? m[i] : mn;
    cc->units += 1.0 * p;
    for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++)
      ub += md.alpha + md.beta * ((double)n * (double)mx < (double)M ? (double)n * (double)mx : (double)M);
    ub = ub * 1.000001 + irr__ag_bruck_cpu(p, md);
  }
  if (irr__ag_ring_low(p, M, mn, md) < IRR_AG_TIE * ub || (p % 2 == 0 && irr__ag_neighbor_low(p, M, mn, md) < IRR_AG_TIE * ub) ||
      (mx >= 2 && irr__ag_circ_low(p, M, mn, mx, md) < IRR_AG_TIE * ub))
    return IRR_ALG_AUTO;
  return pof2 ? IRR_ALG_RECDOUBLING : IRR_ALG_BRUCK;
}

/* The flat cluster's choice (irr_allgatherv_choose_x): the candidates in the order Bruck,
   recursive doubling, ring, neighbor exchange, circulant; one replaces the best so far only
   if its estimate (network + CPU) is below IRR_AG_TIE of it. Then the exact times decide,
   in the same order, if they cost under IRR_AG_REFINE of the best's estimate: of every
   candidate where that is affordable (small p), else of those whose band reaches below
   IRR_AG_TIE of the best's band (and of the best if it is the circulant schedule, whose n
   the closed form may miss). */
static inline irr_alg irr__allgatherv_choose_flat(int p, const int64_t *m, irr_model md, int64_t *B, void *work,
                                                  irr_ag_circ *cc) {
  irr__agc c[6];
  irr__szhist h;
  double rdnet;
  int w, nc;
  irr_alg a = irr__ag_latency(p, m, md, work, cc, &rdnet);
  if (a != IRR_ALG_AUTO) return *B = 0, a;
  nc = irr__ag_candidates(p, m, md, work, cc, c, &w, &h, rdnet);
  w = irr__ag_refine(p, m, md, work, cc, c, nc, w, &h);
  *B = c[w].alg == IRR_ALG_RING || c[w].alg == IRR_ALG_CIRCULANT ? c[w].B : 0;
  return c[w].alg;
}

/* Allgatherv's automatic choice. On a flat cluster (node NULL): irr__allgatherv_choose_flat,
   the argmin of the model's estimates (network and CPU) over every registered algorithm
   that applies (up to IRR_AG_TIE), exact where the estimates cannot tell and the exact times
   are cheap enough. On SMP nodes: irr__allgatherv_choose_smp (SMPI's figures win there).
   work: IRR_AG_WORK(p) 8-byte words. cc: the circulant table if the caller keeps one (see
   irr_ag_circ; NULL: none kept). *B: the ring's block size or the circulant's pieces per
   block (else 0). A forced algorithm wins; recursive doubling forced on other than 2^k
   ranks, or the node-aware one without such nodes, is Bruck, and so is the circulant one
   where its table's repair fails; neighbor exchange forced on odd p is the ring. The same
   on every rank: every input is (sizes, layout, model, forced). */
static inline irr_alg irr__allgatherv_choose_in(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                                int64_t *B, void *work, irr_ag_circ *cc) {
  int pof2 = p > 0 && (p & (p - 1)) == 0;
  double t;
  *B = 0;
  if (irr_alg_find(IRR_COLL_ALLGATHERV, forced)) {
    *B = forced == IRR_ALG_RING || (forced == IRR_ALG_NEIGHBOR && p % 2) ? irr_allgatherv_block_on(p, m, md, node != NULL) : 0;
    if (forced == IRR_ALG_HIER && irr_allgatherv_nodes(p, node, NULL) <= 1) return IRR_ALG_BRUCK;
    if (forced == IRR_ALG_NEIGHBOR && p % 2) return IRR_ALG_RING;
    if (forced == IRR_ALG_CIRCULANT) { /* B: pieces per block; Bruck where the table's repair fails (p alone) */
      *B = irr_allgatherv_circulant_choose(p, m, md, work, &t);
      if (t >= 1e300) return *B = 0, IRR_ALG_BRUCK;
      cc->R = irr__circ_work_R(p, work), cc->made = 1; /* the table it made */
    }
    return forced == IRR_ALG_RECDOUBLING && !pof2 ? IRR_ALG_BRUCK : forced;
  }
  if (node) { /* the layout's counts: the caller's, or counted here for this call alone */
    int share = cc->share, nn = cc->nn;
    if (share <= 0) {
      share = irr__allgatherv_share_w(p, node, (int *)work), nn = irr_allgatherv_nodes(p, node, NULL);
      cc->units += (IRR_AG_SMP_SHARE + IRR_AG_SMP_NODES) * p;
    }
    return irr__allgatherv_choose_smp(p, m, md, node, share, nn, B, work, &cc->units);
  }
  if (p <= 1) return IRR_ALG_BRUCK;
  return irr__allgatherv_choose_flat(p, m, md, B, work, cc);
}
static inline irr_alg irr_allgatherv_choose_x(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                              int64_t *B, void *work, irr_ag_circ *cc) {
  irr_ag_circ own;
  irr_circ_sum sum; /* cleared only where the circulant schedule is weighed (irr_circ_summarize) */
  irr_alg a;
  if (!cc) memset(&own, 0, sizeof own), cc = &own;
  if (!cc->sum) sum.p = 0, cc->sum = &sum;
  a = irr__allgatherv_choose_in(forced, p, m, md, node, B, work, cc);
  if (cc->sum == &sum) cc->sum = NULL;
  return a;
}
static inline irr_alg irr_allgatherv_choose_w(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                              int64_t *B, void *work) {
  return irr_allgatherv_choose_x(forced, p, m, md, node, B, work, NULL);
}

/* The same with its own workspace, for callers outside the MPI layer (tests, tools, the
   benchmarks); without memory, the closed-form choice of ring or Bruck. */
static inline irr_alg irr_allgatherv_choose(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                            int64_t *B) {
  void *w = p > 0 ? IRRCOLL_MALLOC(IRR_AG_WORK(p) * 8) : NULL;
  irr_alg a = w ? irr_allgatherv_choose_w(forced, p, m, md, node, B, w) : irr_allgatherv_choose_on(p, m, md, 1, B);
  if (w) IRRCOLL_FREE(w);
  return a;
}

/* The model's CPU of rank r's program for alg: its ops, and what its generator walks beyond
   them: the circulant's roots in every round (IRR_CIRC_WALK sizes a root), recursive
   doubling's partner groups (p - 1 sizes summed at 0.3 ns, half a size visited: the
   generator took 0.15 us at p = 256 with its ops), the others' sums of block ranges,
   IRR_AG_SUMS sizes a rank, and the ring's order and block counts, IRR_AG_RING_SUMS (one
   thread, 16 draws of new counts a p, p = 64 .. 1280, beyond 4.7 ns an op: Bruck 1.1-1.4 ns a
   rank, neighbor exchange 0.7-1.0, the ring 6-10; both were 2 sizes). And the counts'
   validation: IRR_VALIDATE_SIZES sizes a count (64-bit widening, overflow checks: 1.5-1.7 ns
   a count, bench_cpu's "validate"; the key's hash, 0.35 ns). A repeated Allgatherv also
   hashes the displacements for its kept datatypes: IRR_AG_REPEAT_SIZES. The choice's
   estimates do not use these (only what the MPI layer charges does). */
#define IRR_AG_SUMS 1.3
#define IRR_AG_RING_SUMS 8.0
#define IRR_VALIDATE_SIZES 2.3
#define IRR_AG_REPEAT_SIZES (IRR_VALIDATE_SIZES + 0.45)
static inline double irr__ag_plan_cpu(irr_alg alg, int p, int nops, int64_t B, irr_model md) {
  return md.cpu_op * nops + (alg == IRR_ALG_CIRCULANT     ? irr__circ_walk_cpu(p, (int)B, md)
                             : alg == IRR_ALG_RECDOUBLING ? md.cpu_size * 0.5 * p
                             : alg == IRR_ALG_RING        ? md.cpu_size * IRR_AG_RING_SUMS * p
                                                          : md.cpu_size * IRR_AG_SUMS * p);
}

/* Messages of at least this many bytes in Bruck, recursive doubling, neighbor exchange and
   the circulant schedule are synchronous (IRR_OPF_SYNC): a rank whose partners' messages are
   empty (skewed sizes) would otherwise post several rounds' eager sends at once, and they
   share its link, where the
   model (single-ported) and MPI's own algorithms (a Sendrecv every round) send one after the
   other. SMPI, flat, 0.5 us, p = 64, random skewed sizes, 1 KiB average: recursive doubling
   70.0 us eager, 32.2 us so (MPICH's recursive doubling 52.7 us); p = 8, one rank has
   32 KiB: 25.4 us, 15.8 us (MPICH's 20.4 us). Above MPI's eager limit a send waits for its
   receiver anyway; below this, the handshake would cost more than the flood. The circulant
   schedule's messages too (p = 256, one rank has 256 KiB: 198 us eager, 78.9 us so, MPICH's
   recursive doubling 226 us; the model says 70 us). */
#define IRR_AG_SYNC_MIN 4096

/* Rank r's Allgatherv program for a chosen algorithm (ring: B, ring order `ring` from
   irr_allgatherv_layout, n = 1 if that order is node-aware; hier: ring = the nodes' first
   ranks, n of them). The ring's synchronous sends (its flow control, irr_allgatherv_ring)
   are dropped on SMP nodes: there only the one link that leaves a node is slow, and waiting
   for each receiver there cost more than flooding it (SMPI, 16-core nodes, 64 KiB: p = 30
   half_full 344 -> 297 us, decreasing 316 -> 233 us; p = 64 half_full 721 -> 620 us; 1 MiB
   spike 191 -> 163 us; no cell slower), while on a flat cluster they are worth it
   (p = 30 geometric 64 KiB: 399 us with them, 920 us without). */
static inline irr_status irr_allgatherv_sched_t(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                                int n, int inplace, const int *R, int *fl, irr_sched *s) {
  if (alg == IRR_ALG_RING) {
    int i, n0 = s->nops;
    irr_status st = irr_allgatherv_ring(r, p, m, B, ring, inplace, s);
    for (i = n0; n > 0 && i < s->nops; i++) s->ops[i].flags &= (uint16_t)~IRR_OPF_SYNC;
    return st;
  }
  if (alg == IRR_ALG_HIER) return irr_allgatherv_hier(r, p, m, n, ring, inplace, s);
  if (alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_BRUCK || alg == IRR_ALG_NEIGHBOR || alg == IRR_ALG_CIRCULANT) {
    int i, n0 = s->nops;
    irr_status st = alg == IRR_ALG_RECDOUBLING ? irr_allgatherv_recdoubling(r, p, m, inplace, s)
                    : alg == IRR_ALG_BRUCK     ? irr_allgatherv_bruck(p, r, m, inplace, 0, s)
                    : alg == IRR_ALG_NEIGHBOR  ? irr_allgatherv_neighbor(r, p, m, inplace, s)
                    : B < 1 || B > INT32_MAX   ? IRR_ERR_ARG
                    : R                        ? irr_allgatherv_circulant_t(r, p, m, (int)B, R, fl, inplace, s)
                                               : irr_allgatherv_circulant(r, p, m, (int)B, inplace, s);
    for (i = n0; i < s->nops; i++) /* message heads (a circulant message's first op) */
      if (s->ops[i].kind == IRR_OP_SEND && !(s->ops[i].flags & IRR_OPF_CONT) &&
          irr__msg_len(s->ops, i, s->nops) >= IRR_AG_SYNC_MIN)
        s->ops[i].flags |= IRR_OPF_SYNC;
    return st;
  }
  return IRR_ERR_ARG;
}

/* The same, the circulant schedule's table computed here (R NULL). */
static inline irr_status irr_allgatherv_sched(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                              int n, int inplace, irr_sched *s) {
  return irr_allgatherv_sched_t(alg, r, p, m, B, ring, n, inplace, NULL, NULL, s);
}

/* The ring order (ring; returns 1 if node-aware, else 0) or, for the node-aware algorithm,
   the nodes' first ranks (p + 1 ints; returns n, the number of nodes): for
   irr_allgatherv_sched. */
static inline int irr_allgatherv_layout(irr_alg alg, int p, const int64_t *m, const int *node, int *ring) {
  if (alg == IRR_ALG_HIER) return irr_allgatherv_nodes(p, node, ring);
  if (alg == IRR_ALG_RING) irr_allgatherv_order(p, m, node, ring); /* the others take no order: O(p) saved */
  return node != NULL;
}

/* The programs of all p ranks of an Allgatherv with sizes m, into set (free with
   irr_sched_set_free). alg: IRR_ALG_RING (B: block size, 0 for Eq. 2), IRR_ALG_CIRCULANT (B:
   pieces per block, 0 for the model's choice), IRR_ALG_BRUCK,
   IRR_ALG_RECDOUBLING, IRR_ALG_HIER, IRR_ALG_NEIGHBOR, or IRR_ALG_AUTO (irr_allgatherv_choose). node: ranks'
   nodes (each rank's lowest rank) or NULL (the ring's order, the node-aware algorithm; with
   auto, the choice too). */
static inline irr_status irr_allgatherv_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m,
                                                  int64_t B, const int *node, int inplace, irr_model md) {
  irr_status st;
  int r, n, *ring = NULL;
  int64_t cap, B0 = 0;
  irr_op *ops = NULL;
  if (p <= 0) return IRR_ERR_ARG;
  if (alg == IRR_ALG_AUTO || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER || alg == IRR_ALG_NEIGHBOR ||
      (alg == IRR_ALG_CIRCULANT && B <= 0))
    alg = irr_allgatherv_choose(alg, p, m, md, node, &B0), B = alg == IRR_ALG_CIRCULANT ? B0 : B;
  if (alg == IRR_ALG_AUTO) B = B0;
  if (!irr_alg_find(IRR_COLL_ALLGATHERV, alg)) return IRR_ERR_ARG;
  if (alg == IRR_ALG_RING && B <= 0) B = irr_allgatherv_block_on(p, m, md, node != NULL);
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  cap = irr_allgatherv_maxops(alg, p, m, B);
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  ring = (int *)IRRCOLL_MALLOC((size_t)(p + 1) * sizeof(int));
  if (!ops || !ring || cap > INT32_MAX) { st = IRR_ERR_NOMEM; goto out; }
  n = irr_allgatherv_layout(alg, p, m, node, ring);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, (int)cap);
    st = irr_allgatherv_sched(alg, r, p, m, B, ring, n, inplace, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  if (ring) IRRCOLL_FREE(ring);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}
/* ==== end select/allgatherv.h ==== */
/* ==== begin select/xv.h ==== */
/* The choices of the X collectives that need more than p (select/gatherv.h has XGatherv's
   and XScatterv's), and the programs of all ranks of any X collective (for the checker and
   the model).

   XAlltoallv (irr_xalltoallv_choose): a sparse exchange (synchronous sends to the actual
   partners, probing receives, a nonblocking barrier once the own sends are matched: the
   "NBX" scheme of Hoefler et al.) or, when some rank sends to many, the count exchange
   (MPI_Alltoall) + Alltoallv: the one unknown-size algorithm that is not a schedule. */

/* XAlltoallv: the sparse exchange costs about two start-ups per partner (synchronous sends)
   plus a barrier; the dense one a count exchange plus an Alltoallv, about p start-ups.
   Sparse when 2 * maxdeg <= p - 1 + ceil(log2 p), maxdeg being the most partners any rank
   sends to. maxdeg < 0: not known yet; then IRR_ALG_AUTO says "agree on it first" (one
   MPI_Allreduce), unless an algorithm is forced. "direct" and "linear" are accepted as
   older names of sparse and dense. */
static inline irr_alg irr_xalltoallv_choose(irr_alg forced, int p, int maxdeg) {
  int L = 0;
  if (forced == IRR_ALG_DIRECT || forced == IRR_ALG_SPARSE) return IRR_ALG_SPARSE;
  if (forced == IRR_ALG_LINEAR || forced == IRR_ALG_DENSE) return IRR_ALG_DENSE;
  if (maxdeg < 0) return IRR_ALG_AUTO;
  while (L < 31 && (1LL << L) < p) L++;
  return 2 * (int64_t)maxdeg <= (int64_t)p - 1 + L ? IRR_ALG_SPARSE : IRR_ALG_DENSE;
}
/* The older name of the rule above: 1 if sparse. */
static inline int irr_xalltoallv_sparse(int p, int maxdeg) {
  return irr_xalltoallv_choose(IRR_ALG_AUTO, p, maxdeg) == IRR_ALG_SPARSE;
}

/* XAllgatherv's phase 2: the large blocks (ml: their sizes, 0 for the eager ones) by the
   known-size Allgatherv's choice on a flat layout, the argmin over every registered
   algorithm (the circulant schedule included: skewed large blocks are its case), every size
   being known after phase 1. *B: the algorithm's parameter; work: IRR_AG_WORK(p) words. */
static inline irr_alg irr_xallgatherv_large_alg(int p, const int64_t *ml, irr_model md, int64_t *B, void *work) {
  return irr_allgatherv_choose_w(IRR_ALG_AUTO, p, ml, md, NULL, B, work);
}

/* Phase 2 by alg (irr_xallgatherv_large_alg), appended to rank r's program s; its rounds
   follow phase 1's: numbered from ceil(log2 p) + 1. Capacity: irr_allgatherv_maxops. */
static inline irr_status irr_xallgatherv_large(int p, int r, const int64_t *ml, irr_alg alg, int64_t B, irr_sched *s) {
  int R1 = irr_tree_levels(p) + 1, nr = s->nrounds, n0 = s->nops, i, *ring = NULL;
  irr_status st;
  if (s->err != IRR_OK) return s->err;
  if (nr > R1) return IRR_ERR_ORDER;
  s->nrounds = 0; /* the generators number from 0: shifted below */
  if (alg == IRR_ALG_RING) {
    if (!(ring = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return IRR_ERR_NOMEM;
    memset(ring, 0, (size_t)p * sizeof(int)); /* GCC 12 -O2 cannot see that the order fills it */
    irr_allgatherv_order(p, ml, NULL, ring);
  }
  st = irr_allgatherv_sched(alg, r, p, ml, B, ring, 0, 0, s);
  if (ring) IRRCOLL_FREE(ring);
  for (i = n0; i < s->nops; i++) s->ops[i].round += R1;
  s->nrounds = s->nops > n0 ? s->nrounds + R1 : nr;
  return st;
}

/* XAllgatherv's whole programs, both phases, for sizes m (units) into set (free with
   irr_sched_set_free): what the MPI layer runs with model md. Phase 1 moves the blocks of
   at most irr_xallgatherv_eager(p, md) units and every size, phase 2 the larger blocks.
   The checker takes the two phases apart when some block is large (a phase-1 message's
   labels run over the large blocks with none of their data): rounds <= ceil(log2 p) against
   the eager sizes, the rest against the large ones. */
static inline irr_status irr_xallgatherv_build_all(irr_sched_set *set, int p, const int64_t *m, irr_model md) {
  int64_t eager = irr_xallgatherv_eager(p, md), *me, cap, B = 0;
  irr_op *ops = NULL;
  irr_status st;
  irr_alg alg;
  int r;
  if (p <= 0) return IRR_ERR_ARG;
  if (!(me = (int64_t *)IRRCOLL_MALLOC(((size_t)p * 2 + IRR_AG_WORK(p)) * sizeof(int64_t)))) return IRR_ERR_NOMEM;
  memset(me, 0, (size_t)p * 2 * sizeof(int64_t)); /* GCC 12 -O2 cannot see that the loop fills it */
  for (r = 0; r < p; r++) {
    me[r] = m[r] <= eager ? m[r] : 0;
    me[p + r] = m[r] <= eager ? 0 : m[r];
  }
  alg = irr_xallgatherv_large_alg(p, me + p, md, &B, me + 2 * (size_t)p);
  cap = 4 * (int64_t)irr_tree_levels(p) + p + 2 + irr_allgatherv_maxops(alg, p, me + p, B);
  if ((st = irr_sched_set_init(set, p)) == IRR_OK && (cap > INT32_MAX || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))))
    st = IRR_ERR_NOMEM;
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, (int)cap);
    if ((st = irr_xallgatherv_sched(p, r, me, 0, &s)) == IRR_OK) st = irr_xallgatherv_large(p, r, me + p, alg, B, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(me);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The programs of all ranks of XGatherv or XScatterv (alg: tree, binomial, direct; auto as
   the MPI layer chooses) or XAllgatherv (both phases, the default model: see
   irr_xallgatherv_build_all), built centrally, into set (free with irr_sched_set_free): the
   programs the MPI layer runs once every size is learned. ctrl: XGatherv's tree with the
   construction's messages (the MPI layer runs those apart from the executor, so the program
   it runs is the one with ctrl = 0). inplace: XScatterv's root passed MPI_IN_PLACE (its
   block stays). coll: IRR_COLL_GATHERV, _SCATTERV or _ALLGATHERV. */
static inline irr_status irr_xv_build_all_t(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                            const int64_t *m, int inplace, int ctrl, int64_t thresh) {
  irr_status st;
  int r;
  if (p <= 0 || root < 0 || root >= p) return IRR_ERR_ROOT;
  alg = coll == IRR_COLL_SCATTERV ? irr_xscatterv_choose(alg, p) : irr_xgatherv_choose(alg, p);
  if (coll == IRR_COLL_GATHERV && alg != IRR_ALG_DIRECT) { /* Gatherv's tree: data messages carry sizes */
    if ((st = irr_v_build_all_t(set, coll, alg, p, root, m, 0, ctrl && alg == IRR_ALG_TREE, thresh)) != IRR_OK)
      return st;
    for (r = 0; r < p; r++) irr__flag_msgs(&set->s[r], 0, IRR_OPF_COUNTS);
    if (ctrl && alg == IRR_ALG_TREE && (st = irr__xgatherv_ctrl_sizes(set, p, root, m, thresh)) != IRR_OK)
      irr_sched_set_free(set);
    return st;
  }
  if (coll == IRR_COLL_ALLGATHERV) {
    irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
    return irr_xallgatherv_build_all(set, p, m, md);
  }
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  if (coll == IRR_COLL_GATHERV) {
    st = irr__xgatherv_all(set, p, root, m);
  } else {
    st = irr__xscatterv_all(set, alg, p, root, m, inplace, thresh);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The same with the default model's threshold (XGatherv's tree, XScatterv). */
static inline irr_status irr_xv_build_all(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                          const int64_t *m, int inplace, int ctrl) {
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  return irr_xv_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_v_thresh(coll, md));
}
/* ==== end select/xv.h ==== */
/* ==== begin select/alltoallv.h ==== */
/* Alltoallv's automatic choice: one pass of statistics over the sizes (combined as maxima
   over ranks in the sizes phase), closed-form estimates of the linear exchange, the hybrid
   and plain Bruck, their argmin; and the programs of all ranks of any of its algorithms. */

static inline int irr_alltoallv_maxops(irr_alg alg, int p) { /* linear, direct: 2 p - 2 + self copy */
  int q = irr__a2a_q(p);
  if (alg == IRR_ALG_BRUCK) return 6 * p + 2 * q * (q + 1) + 4 * q + 8;
  return 2 * p + 4 * q + 8;
}

/* This rank's statistics (IRR_A2A_NSTAT words, maxima over ranks once combined), from its
   sizes by destination (send) and by source (recv); T: the hybrid's threshold
   (irr_alltoallv_direct_min); err: this rank's arguments are bad. [0] length, [1] 2 where
   the arguments are bad, else 0 (the MPI layer makes it 1 where this rank's counts are not
   those of the plan it kept, mpi/alltoallv.h: combined, whether any rank's are bad, else
   whether any rank's changed), [2] bytes sent to others, [3] received from others, [4] nonempty sends, [5] nonempty
   receives, [6 .. 9] the same for blocks of T bytes or more; for the blocks below T:
   [10 + k] the bytes a receiver gets from offsets [2^k, 2^(k+1)), [10 + QMAX + k] the largest
   block whose offset has bit k set, [10 + 2 QMAX + k] the bytes of a sender's blocks whose
   offset has bit k set; [10 + 3 QMAX ..] the same three for all blocks (plain Bruck). */
static inline void irr_alltoallv_stats(int c, int p, const int64_t *send, const int64_t *recv, int err, int64_t T,
                                       int64_t *v) {
  const int Q = IRR_A2A_QMAX;
  int i, k;
  memset(v, 0, IRR_A2A_NSTAT * sizeof(int64_t));
  v[0] = IRR_A2A_NSTAT, v[1] = err ? 2 : 0;
  if (err) return;
  for (i = 1; i < p; i++) {
    int d = (c + i) % p, src = (c - i + p) % p;
    int64_t sm = IRR__A2A_SMALL(send[d], T), rm = IRR__A2A_SMALL(recv[src], T);
    v[2] += send[d], v[3] += recv[src];
    v[4] += send[d] > 0, v[5] += recv[src] > 0;
    v[6] += send[d] - sm, v[7] += recv[src] - rm;
    v[8] += send[d] > sm, v[9] += recv[src] > rm;
    for (k = 0; k < Q && (1 << k) <= i; k++)
      if (i >> k & 1) {
        if (sm > v[10 + Q + k]) v[10 + Q + k] = sm;
        v[10 + 2 * Q + k] += sm;
        if (send[d] > v[10 + 4 * Q + k]) v[10 + 4 * Q + k] = send[d];
        v[10 + 5 * Q + k] += send[d];
      }
    v[10 + k - 1] += rm; /* k - 1: the top set bit of i */
    v[10 + 3 * Q + k - 1] += recv[src];
  }
}
/* Combine two ranks' statistics: the maximum of each word. */
static inline void irr_alltoallv_reduce(const int64_t *in, int64_t *inout, int n) {
  int i;
  for (i = 0; i < n; i++) inout[i] = in[i] > inout[i] ? in[i] : inout[i];
}
/* Combined statistics say that some rank's arguments are bad. */
static inline int irr_alltoallv_bad(const int64_t *v) { return v[1] >= 2; }

/* After a sizes phase (the blocking call where the direct exchange does not pay, and
   _init): forced (bruck, linear; direct: linear, whose messages are the direct exchange's
   nonempty ones, now that the sizes agree), else the least estimate; one rank: linear. share:
   ranks per node behind one NIC (consecutive ranks; 1: flat). SMPI, 16-core nodes, p = 64,
   1 KiB a pair: Bruck, chosen by the flat estimates, took 0.57-0.65 of SMPI's best, its
   q/2 copies of the data crowding the node's NIC; these estimates charge that. */
/* *T: Bruck's threshold, T0 (the hybrid, irr_alltoallv_direct_min, with which v was made)
   or INT64_MAX (plain Bruck), the cheaper; forced Bruck takes the cheaper of the two too. */
static inline irr_alg irr_alltoallv_choose_t(irr_alg forced, int p, const int64_t *v, irr_model md, int share, int64_t T0,
                                             int64_t *T) {
  double th, tp, tl;
  *T = T0;
  if (p <= 1 || p > IRR_A2A_MAXP || forced == IRR_ALG_LINEAR || forced == IRR_ALG_DIRECT) return IRR_ALG_LINEAR;
  th = irr_alltoallv_bruck_time(p, v, md, IRR_A2A_GAP, share), tp = irr_alltoallv_plain_time(p, v, md, share);
  tl = irr_alltoallv_linear_time(p, v, md, IRR_A2A_GAP, share);
  if (tp <= th) *T = INT64_MAX, th = tp;
  return forced == IRR_ALG_BRUCK || th < tl ? IRR_ALG_BRUCK : IRR_ALG_LINEAR;
}
/* The CPU (the model's terms) of the sizes path that the direct exchange does not spend
   (its own: the counts widened, 2p sizes; MPI's posting it shares with MPI's own
   Alltoallv): cs, the phase (its q messages; the statistics, H and the plan's inputs,
   (q + 3) p sizes, as the MPI layer charges them); cb, Bruck's program (2q messages, each a
   datatype over its pieces; about 4p ops and 2p pieces); cl, the linear exchange's
   (2(p - 1) messages and ops). test_a2a holds cb and cl to irr_sched_cpu. */
static inline void irr__a2a_path_cpu(int p, irr_model md, double *cs, double *cb, double *cl) {
  int q = irr__a2a_q(p);
  *cs = (q + 3.0) * p * md.cpu_size + q * md.cpu_msg;
  *cb = 2.0 * q * (md.cpu_msg + md.cpu_type) + 4.0 * p * md.cpu_op + 2.0 * p * md.cpu_piece;
  *cl = 2.0 * (p - 1) * (md.cpu_msg + md.cpu_op);
}

/* Whether the direct exchange (algo/alltoallv/linear.h) runs instead of the sizes phase and
   the choice after it: the model's minimax over uniform matrices of b > 0 bytes a pair, from
   p and the model alone (equal on every rank; no message), the CPU counted. The sizes path
   (the phase S, then the cheaper of Bruck B and the linear exchange L) gains the most with
   Bruck on the smallest blocks: there the direct exchange D loses at most D(0) / (S + B(0)).
   The sizes path loses the most where Bruck stops winning (b*: B(b*) = L(b*); above it L,
   and S weighs less as b grows): (S + L(b*)) / D(b*). Direct where its worst loss is the
   smaller: with the default model up to p = 47 (network alone, irr_model_net: 26). The
   linear exchange's messages after the first cost IRR_A2A_GAP alpha each (SMPI's figure, as
   in the choice's estimates); test_a2a holds the rule to a brute-force minimax. Flat: on
   shared NICs Bruck's forwarded copies cost more, which only favours the direct exchange
   further. An empty or sparse matrix is not in the family: there the sizes path sends only
   what is nonempty, while the direct exchange sends every pair as MPI does. O(log p). */
static inline int irr_alltoallv_direct_pays(int p, irr_model md) {
  int q = irr__a2a_q(p), k;
  double S = irr_alltoallv_sizes_time(p, md), Dn = md.alpha * (1 + IRR_A2A_GAP * (p - 2)), D0 = Dn + 2.0 * p * md.cpu_size, B0, L0,
         fw = 0, cs, cb, cl, bs;
  if (p <= 2) return 1;
  irr__a2a_path_cpu(p, md, &cs, &cb, &cl);
  S += cs, B0 = q * md.alpha + cb, L0 = Dn + cl;
  for (k = 0; k < q; k++) fw += irr__a2a_npos(p, k); /* the blocks Bruck's rounds carry, each one block's b */
  if (L0 <= B0 || fw <= p - 1) return 1;              /* Bruck never wins: the sizes phase cannot pay */
  bs = (L0 - B0) / (md.beta * (fw - (p - 1)));
  return D0 / (S + B0) <= (S + L0 + md.beta * (p - 1) * bs) / (D0 + md.beta * (p - 1) * bs);
}
/* The call runs the direct exchange, with no sizes phase: forced, or auto where it pays. */
static inline int irr_alltoallv_direct_first(irr_alg forced, int p, irr_model md) {
  return forced == IRR_ALG_DIRECT || (forced == IRR_ALG_AUTO && irr_alltoallv_direct_pays(p, md));
}

static inline irr_alg irr_alltoallv_choose(irr_alg forced, int p, const int64_t *v, irr_model md, int share) {
  int64_t T;
  if (p > IRR_A2A_MAXP) return IRR_ALG_LINEAR;
  if (irr_alltoallv_direct_first(forced, p, md)) return IRR_ALG_DIRECT;
  if (p <= 1) return IRR_ALG_LINEAR;
  if (forced == IRR_ALG_BRUCK || forced == IRR_ALG_LINEAR) return forced;
  return irr_alltoallv_choose_t(forced, p, v, md, share, irr_alltoallv_direct_min(p, md, share), &T);
}

static inline irr_status irr_alltoallv_stats_all(int p, const int64_t *mat, int64_t T, int64_t *v) {
  int64_t *row = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t)), w[IRR_A2A_NSTAT];
  int c, d;
  if (!row) return IRR_ERR_NOMEM;
  for (c = 0; c < p; c++) {
    for (d = 0; d < p; d++) row[d] = mat[(size_t)c * p + d], row[p + d] = mat[(size_t)d * p + c];
    irr_alltoallv_stats(c, p, row, row + p, 0, T, c ? w : v);
    if (c) irr_alltoallv_reduce(w, v, IRR_A2A_NSTAT);
  }
  IRRCOLL_FREE(row);
  return IRR_OK;
}

/* The programs of all ranks for alg (IRR_ALG_AUTO: the choice) into set; flags as the
   builders' (the direct exchange has no sizes phase: IRR_A2A_SIZES adds nothing to it);
   share: ranks per node behind one NIC (1: flat); T: Bruck's threshold, 0: the hybrid's
   (irr_alltoallv_direct_min), INT64_MAX: plain Bruck. */
static inline irr_status irr_alltoallv_build_all_t(irr_sched_set *set, irr_alg alg, int p, const int64_t *mat, int flags,
                                                   irr_model md, int share, int64_t T) {
  int64_t v[IRR_A2A_NSTAT], *w = NULL;
  int *loc = NULL, c, d, q = irr__a2a_q(p), cap;
  irr_op *ops = NULL;
  irr_status st;
  if (p <= 0 || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  if (T <= 0 && irr_alltoallv_direct_first(alg, p, md)) alg = IRR_ALG_DIRECT;
  else if (T <= 0) { /* the choice's: of the algorithm (auto) and of Bruck's threshold */
    int64_t T0 = irr_alltoallv_direct_min(p, md, share);
    if ((st = irr_alltoallv_stats_all(p, mat, T0, v)) != IRR_OK) return st;
    alg = irr_alltoallv_choose_t(alg, p, v, md, share, T0, &T);
  }
  if (alg != IRR_ALG_BRUCK && alg != IRR_ALG_LINEAR && alg != IRR_ALG_DIRECT) return IRR_ERR_ARG;
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  cap = irr_alltoallv_maxops(alg, p);
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  w = (int64_t *)IRRCOLL_MALLOC((size_t)p * (q + 4) * sizeof(int64_t));
  loc = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
  if (!ops || !w || !loc) st = IRR_ERR_NOMEM;
  for (c = 0; c < p && st == IRR_OK; c++) {
    irr_sched s;
    irr_sched_init(&s, c, p, ops, cap);
    if (alg == IRR_ALG_BRUCK) {
      irr_alltoallv_bruck_sizes(c, p, mat, w + p);
      st = irr_alltoallv_bruck(c, p, w + p, T, flags, loc, w, &s);
    } else {
      for (d = 0; d < p; d++) w[d] = mat[(size_t)c * p + d], w[p + d] = mat[(size_t)d * p + c];
      st = irr_alltoallv_linear(c, p, w, w + p, alg == IRR_ALG_DIRECT ? (flags & ~IRR_A2A_SIZES) | IRR_A2A_DENSE : flags, &s);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  else irr_sched_set_free(set);
  if (ops) IRRCOLL_FREE(ops);
  if (w) IRRCOLL_FREE(w);
  if (loc) IRRCOLL_FREE(loc);
  return st;
}
static inline irr_status irr_alltoallv_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *mat, int flags,
                                                 irr_model md, int share) {
  return irr_alltoallv_build_all_t(set, alg, p, mat, flags, md, share, 0);
}
/* ==== end select/alltoallv.h ==== */
/* ==== begin select/reduce_scatter.h ==== */
/* Reduce_scatter's automatic choice: estimates of every algorithm from the blocks' starts D
   (equal on all ranks: MPI requires equal recvcounts everywhere), walking only those whose
   lower bounds can still win, and their argmin; the programs of all ranks; the bound. Units
   are elements; the model's beta and gamma are per unit (the MPI layer scales them by the
   element's bytes). */

#define IRR_RS_SPREAD_MAXLG 5 /* spread's pieces: G = 2^lg <= 32 (more: balanced's domain) */
static inline int irr_reduce_scatter_maxops(int p) {
  int lg = irr_circ_q(p);
  return 5 * p + 12 * lg + 32; /* ring and pairwise: 2 a round; the delivery: the blocks a piece
                                   overlaps and the pieces a block does, both wrapped at worst;
                                   dominant: two reverse Brucks, their messages split at o's
                                   block, and its owner's p - 1 sends; spread: a round's window
                                   holds at most ceil(W G / p) holders, 2 pieces each, so at
                                   most 6G + 7 lg + 6 + IRR_RS_SPREAD_MAXLG ops in all */
}

/* Whether alg is one of Reduce_scatter's, and applies to the operation (ordered: not
   commutative). */
static inline int irr__rs_applies(irr_alg alg, int ordered) {
  const irr_alg_entry *e = irr_alg_find(IRR_COLL_REDUCE_SCATTER, alg);
  return e && !(ordered && (e->restrictions & IRR_RESTRICT_COMMUTE));
}

/* The choice's work, in the model's cpu_size units (0.84 ns): a step of the delivery's walk
   (irr__rs_redist_est: a segment, p + q of them at most), a piece of a Bruck window
   (irr__rs_window), a piece of halving's path, an entry of a pass that only reads or fills
   an array (the largest block, the pieces), and the lower bounds and their order, once a
   choice. Fitted (least squares on the relative error) to single-thread timings on this
   machine of 1400 batches of choices and guarded choices, each batch 8 different draws of
   new counts (so the branch predictor has not learnt them, as in a call on new counts):
   p = 64 .. 4096, test/dist.h's patterns, 8 B .. 1 MiB a rank: 3.06 ns a step, 0.41 a
   window's piece, 1.65 a path's piece, 0.46 a pass's entry and 210 ns a choice. Timed on
   repeated counts, where the predictor has learnt the walk, a step takes 2.44 ns. */
#define IRR_RS_SEG 3.6
#define IRR_RS_WIN 0.5
#define IRR_RS_HALF 2.0
#define IRR_RS_PASS 0.55
#define IRR_RS_FIXED 230.0

/* ---- the estimates, and lower bounds of them that walk nothing ----
   A lower bound is its estimate's own sum, every term that needs a walk replaced by a value
   the term cannot go below, added in the same order: rounding is monotone, so the bound
   never passes the estimate, and a candidate whose bound cannot beat the best so far is
   left unpriced without changing the choice. */

/* The delivery of the pieces P (piece v held by irr__rs_holder(irr__rs_rev(v, k), x)) to
   the blocks' owners (irr__rs_redist), round by round as the model runs it: its first round
   takes the most messages any rank sends (one for each block its piece overlaps) or any
   owner takes in it (a flat list's all, a binomial one's first; an owner that holds one of
   its block's pieces has two lists, one either side); the deepest binomial list adds a round
   per level after it; an owner takes its lists' messages one at a time, which may take longer
   (two binomial lists: two a level); the most bytes an owner gets pass its port once. Walks
   pieces and blocks together, one step a segment (a piece's overlap with a block), O(p + q):
   the next piece end pe and block end be are kept, so a step reads neither array unless one
   of them ends there. The blocks are D's, or with gap >= 0 those without block gap
   (dominant.h's R: p of them, D having p + 1; irr__rs_rstart inlined). u (optional): gets
   its steps, IRR_RS_SEG each. */
static inline double irr__rs_redist_est(int p, const int64_t *D, int gap, const int64_t *P, int x, int k, double A, double B,
                                        double *u) {
  int v = 0, o = 0, hv, np = 0, nl = -1, ns = 0, first = 0, deep = 0, own = 0, steps = 0;
  int64_t n = irr__rs_rstart(D, gap, p), g = gap >= 0 ? D[gap + 1] - D[gap] : 0, pos = 0, pe, be, end, got = 0, most = 0;
  if (n == 0) return 0;
  while (P[v + 1] <= 0) v++;
  while (irr__rs_rstart(D, gap, o + 1) <= 0) o++;
  hv = irr__rs_holder(irr__rs_rev(v, k), x), pe = P[v + 1], be = irr__rs_rstart(D, gap, o + 1);
  for (;; steps++) {
    end = pe < be ? pe : be;
    if (hv != o) {
      np++, got += end - pos;
      if (++ns > first) first = ns;
    } else nl = np, np = 0; /* the owner's own piece: the list before it is done */
    pos = end;
    if (be == pos) { /* a block ends: its lists' rounds and bytes */
      int l, r0 = 0, a = 0, kl[2];
      kl[0] = nl > 0 ? nl : 0, kl[1] = np;
      for (l = 0; l < 2; l++) {
        int lg = irr__rs_list_msgs(kl[l]);
        r0 += kl[l] > 3 ? 1 : kl[l], a += lg;
        if (kl[l] > 3 && lg > deep) deep = lg;
      }
      if (r0 > first) first = r0;
      if (a > own) own = a;
      if (got > most) most = got;
      np = 0, nl = -1, got = 0;
      if (pos == n) break;
      do o++, be = gap < 0 || o < gap ? D[o + 1] : D[o + 2] - g; while (be <= pos);
    }
    if (pe == pos) { /* a piece begins: its holder */
      do v++, pe = P[v + 1]; while (pe <= pos);
      ns = 0, hv = irr__rs_holder(irr__rs_rev(v, k), x);
    }
  }
  if (u) *u += IRR_RS_SEG * (steps + 1);
  first += deep > 1 ? deep - 1 : 0;
  return A * (double)(first > own ? first : own) + B * (double)most;
}

/* Its lower bound for q equal pieces, no walk: the largest block overlaps at least
   ceil(mx / c) pieces of at most c = ceil(n/q) units, and its owner holds one at most, so
   the rest of it (mx - c units at least) comes from np >= ceil(mx / c) - 1 holders: np
   rounds of a flat list, or a binomial one's ceil(log2(np + 1)). */
static inline double irr__rs_redist_low(int q, int64_t n, int64_t mx, double A, double B) {
  int64_t c = n / q + (n % q != 0);
  int np = (int)((mx + c - 1) / c) - 1;
  if (mx <= c) return 0;
  return A * (double)irr__rs_list_msgs(np) + B * (double)(mx - c);
}

/* The largest sum of w < p consecutive pieces of P (p of them): from piece s <= p - w,
   P_(s+w) - P_s; from a later s, wrapping past the last, n - P_s + P_(s+w-p). */
static inline int64_t irr__rs_window(int p, const int64_t *P, int w) {
  int64_t in = irr__rs_maxdiff(P + w, P, 0, p - w + 1), wrap = irr__rs_maxdiff(P + 1, P + p - w + 1, P[p], w - 1);
  return in > wrap ? in : wrap;
}

/* Reverse Bruck's round of L live pieces (p pieces P of n units, the largest mx): its largest
   window of L - d consecutive pieces (d = irr__rs_hp2(L)), walked (one piece: the largest);
   P NULL: a lower bound, no walk: a window holds at least the average, ceil((L - d) n / p),
   and one of them the largest piece (exact for equal pieces, mx 0, and pieces all of mx). */
static inline int64_t irr__rs_bruck_round(int p, int64_t n, const int64_t *P, int64_t mx, int L) {
  int w = L - irr__rs_hp2(L);
  int64_t avg;
  if (P) return w > 1 ? irr__rs_window(p, P, w) : mx;
  avg = (int64_t)w * (n / p) + ((n % p) * w + p - 1) / p;
  return mx > avg ? mx : avg;
}
/* Reverse Bruck's rounds, each alpha and its largest window. cut >= 0: a walk stops as soon
   as the rounds walked and the lower bounds of the rest (low[]), plus extra (the CPU term
   the caller adds), pass cut, and returns that bound: the algorithm cannot beat a best of
   cut. u (optional): gets the windows walked, IRR_RS_WIN a piece. */
static inline double irr__rs_bruck_est(int p, int64_t n, const int64_t *P, int64_t mx, double A, double BG, double cut,
                                       double extra, double *u) {
  double t = 0, b, low[32];
  int L, i, j, R = 0;
  if (P && cut >= 0)
    for (L = p; L > 1; L = irr__rs_hp2(L)) low[R++] = A + BG * (double)irr__rs_bruck_round(p, n, NULL, mx, L);
  for (L = p, i = 0; L > 1; L = irr__rs_hp2(L), i++) {
    t += A + BG * (double)irr__rs_bruck_round(p, n, P, mx, L);
    if (P && u && L - irr__rs_hp2(L) > 1) *u += IRR_RS_WIN * p;
    for (b = t, j = i + 1; j < R; j++) b += low[j];
    if (R > 0 && b + extra > cut) return b;
  }
  return t;
}

/* Recursive halving over q = 2^k pieces P, after the fold of x ranks. A pair's round starts
   when both ended the last, and every member of a group has the same history, so the time
   is the costliest path down the tree of groups (each split costs alpha and its larger half),
   not the sum of each round's slowest group: O(q), depth log2 q. Bottom up, left to right,
   without recursion: a split's time waits in wait[] for its right sibling's, which completes
   their parent. */
static inline double irr__rs_halving_path(const int64_t *P, int q, double A, double BG) {
  double wait[32], t = 0;
  int g;
  for (g = 0; g < q / 2; g++) { /* the splits of two pieces */
    int h = g, M = 1, lev = 0;
    double l = 0, r = 0;
    for (;;) { /* split h of pieces [2hM, 2hM + 2M), its halves' times l, r */
      const int64_t *S = P + 2 * h * M;
      int64_t lo = S[M] - S[0], up = S[2 * M] - S[M];
      t = A + BG * (double)(lo > up ? lo : up) + (l > r ? l : r);
      if (!(h & 1)) break; /* a left half (or the whole): it waits */
      l = wait[lev], r = t, h /= 2, M *= 2, lev++;
    }
    wait[lev] = t;
  }
  return t;
}
/* Its lower bound from log2 q pieces (irr__rs_piece_at: D folded, or NULL: equal): one
   path, into the larger half each time, summed bottom up as the costliest path is. */
static inline double irr__rs_halving_low(int q, int x, int64_t n, const int64_t *D, double A, double BG) {
  int64_t m[32];
  int b = 0, M, j = 0;
  double t = 0;
  for (M = q / 2; M >= 1; M /= 2, j++) {
    int64_t mid = irr__rs_piece_at(b + M, q, n, D, x), lo = mid - irr__rs_piece_at(b, q, n, D, x),
            up = irr__rs_piece_at(b + 2 * M, q, n, D, x) - mid;
    m[j] = lo > up ? lo : up;
    if (up > lo) b += M;
  }
  while (j-- > 0) t = A + BG * (double)m[j] + t;
  return t;
}
/* The fold (x > 0: a whole vector), then the path: over P, or P NULL its lower bound. */
static inline double irr__rs_halving_est(int q, int x, int64_t n, const int64_t *P, const int64_t *D, double A, double BG) {
  return (x > 0 ? A + BG * (double)n : 0) + (P ? irr__rs_halving_path(P, q, A, BG) : irr__rs_halving_low(q, x, n, D, A, BG));
}

/* Dominant's (algo/reduce_scatter/dominant.h; p >= IRR_RS_DOM_MINP, commutative) on groups
   of w = 2^lw: the longest of its lanes' paths, as the model runs them (a lane at a time
   through each port):
   - D's reverse Bruck among all p on G = ceil(p/w) pieces held every w ranks (a round's
     window of L - d pieces holds at most ceil((L - d)/w) of them), then the holders' pieces
     into o's port (G - 1 messages, m_o - m_o/G units);
   - after D's rounds with L > w (tH), R's reverse Bruck among the k = p - 1 others and its
     delivery (dl), longer by a group's part of o's absorbed (w pieces of R);
   - from tH too, o's port sending its parts of R, a message a group of w, beside its light
     D rounds; the last part absorbed holds up R's rounds after round ab and its delivery,
     which follow it;
   - a holder's port, both lanes' messages one after the other.
   O(log p): n, mx and dl are all it reads. */
static inline double irr__rs_dom_form(int p, int64_t n, int64_t mx, int lw, irr_model md, double dl) {
  double A = md.alpha, B = md.beta, BG = md.beta + md.gamma, tD = 0, tH = 0, tR, tail = 0, oR, tP, t;
  int k = p - 1, lk = irr_circ_q(k), w = 1 << lw, ab = lk - lw, G = (p + w - 1) / w, L, r, nL = 0;
  int64_t nR = n - mx, g = mx / G + (mx % G != 0), ng;
  for (L = p; L > 1; L = irr__rs_hp2(L)) {
    double c = A + BG * (double)(((L - irr__rs_hp2(L) + w - 1) / w) * g);
    tD += c;
    if (L > w) tH += c;
    else nL++;
  }
  tD += (G - 1) * A + B * (double)(mx - g); /* one port: a message at a time */
  for (L = k, r = 1; L > 1; L = irr__rs_hp2(L), r++) /* R's rounds after the last absorbed */
    if (r > ab) tail += A + BG * (double)irr__rs_bruck_round(k, nR, NULL, 0, L);
  tR = nR ? tH + irr__rs_bruck_est(k, nR, NULL, 0, A, BG, -1, 0, NULL) + BG * (double)(w * (nR / k)) + dl : 0;
  ng = (k + w - 1) / w < nR ? (k + w - 1) / w : nR; /* o's messages: its parts of R that are not empty */
  oR = nR ? tH + (double)(ng + lw) * A + (double)(nR + lw * g) * B + tail + dl : 0; /* + its light D rounds */
  tP = (double)(irr_circ_q(p) + ab + 1) * A + BG * (double)(mx - g + nL * g + nR + w * (nR / k)); /* a holder's port: both lanes', its light D rounds and a group's part of o's */
  t = tR > oR ? tR : oR;
  t = tD > t ? tD : t;
  return t > tP ? t : tP;
}

/* Dominant's groups, w = 2^lw: the least of its closed forms without R's delivery (which does
   not depend on w) over lw = floor(lk/2) .. floor(lk/2) + 2 within 1 .. lk - 1, lk =
   ceil(log2(p - 1)) (the first of equals). Few large groups suit small blocks: o sends its
   parts of R in fewer messages and R starts earlier, at the price of heavier light D rounds;
   with large blocks the bytes of those rounds decide. Not below floor(lk/2): there the closed
   form runs 8-14 % under the model (p = 64 .. 1000, 4 KiB .. 256 KiB a rank), and picked
   groups the model puts 3-4 % behind. O(log^2 p), from p, n, mx and the model: equal on
   every rank, so the builder and the estimate agree. */
static inline int irr_reduce_scatter_dom_lw(int p, int64_t n, int64_t mx, irr_model md) {
  int lk = irr_circ_q(p - 1), lo = lk / 2 > 1 ? lk / 2 : 1, hi = lk / 2 + 2 < lk - 1 ? lk / 2 + 2 : lk - 1, lw, b = lo;
  double tb = -1, t;
  for (lw = lo; lw <= hi; lw++)
    if ((t = irr__rs_dom_form(p, n, mx, lw, md, 0)) < tb || tb < 0) tb = t, b = lw;
  return b;
}

/* Dominant's estimate on the groups its builder takes: the closed form with R's delivery
   walked (P: workspace, R's pieces), or P NULL: without it (a lower bound). work (optional):
   the walk's work. */
static inline double irr__rs_dom_est(int p, const int64_t *D, int64_t mx, irr_model md, int64_t *P, double *work) {
  double dl = 0;
  if (P) {
    irr__rs_equal_pieces(p - 1, D[p] - mx, P);
    dl = irr__rs_redist_est(p - 1, D, irr__rs_dom_owner(p, D), P, 0, 0, md.alpha + md.cpu_msg, md.beta, work);
  }
  return irr__rs_dom_form(p, D[p], mx, irr_reduce_scatter_dom_lw(p, D[p], mx, md), md, dl);
}

/* Spread (algo/reduce_scatter/spread.h) on G = 2^lg pieces of the largest block (mx units),
   closed form: each reverse Bruck round of a window of W blocks moves W - 1 average blocks
   of the rest (avg), one block of m2 (the largest of the rest: the window that holds it;
   m2 < 0: an average one, a lower bound) and ceil(W G / p) of the G pieces (at most G); then
   lg rounds bring the pieces home, the rest of the block at the owner's port. O(log p). */
static inline double irr__rs_spread_form(int p, int64_t n, int64_t mx, double m2, int lg, irr_model md) {
  double A = md.alpha, BG = md.beta + md.gamma, avg = p > 1 ? (double)(n - mx) / (p - 1) : 0, t, G = (double)(1 << lg), r, big, k;
  double g = (double)(mx >> lg) + ((mx & ((1 << lg) - 1)) != 0), W;
  int L, d = p > 1 ? irr__rs_hp2(p) : 1;
  t = lg * (A + md.cpu_msg) + md.beta * ((double)mx - g);
  for (L = p; L > 1; L = d, d /= 2) { /* W = p - d, then halves of powers of two; doubles, no division in the loop */
    W = (double)(L - d), k = W * G / p, k = (double)(int64_t)k + ((double)(int64_t)k < k), r = W * avg;
    big = m2 + (W - 1) * avg;
    t += A + BG * ((big > r ? big : r) + (k < G ? k : G) * g);
  }
  return t;
}

/* Spread's pieces: the lg of 1 .. IRR_RS_SPREAD_MAXLG (G <= p/2) whose closed form (the rest
   taken as average blocks) is least. More pieces make the rounds lighter and the way home
   longer. O(log^2 p), from p, n, the largest block and the model: equal on every rank, so the
   builder and the estimate agree. 0: spread does not apply (p < 4 or an empty vector). */
static inline int irr_reduce_scatter_spread_lg(int p, int64_t n, int64_t mx, irr_model md) {
  double tb = -1, t;
  int lg, b = 0;
  for (lg = 1; lg <= IRR_RS_SPREAD_MAXLG && (1 << lg) <= p / 2 && n > 0; lg++)
    if ((t = irr__rs_spread_form(p, n, mx, -1, lg, md)) < tb || tb < 0) tb = t, b = lg;
  return b;
}

/* The largest block but one (the largest of the rest when mx is one block): a pass. */
static inline int64_t irr__rs_second(int p, const int64_t *D, int64_t mx) {
  int64_t b = 0, c;
  int i, seen = 0;
  for (i = 0; i < p; i++) {
    c = D[i + 1] - D[i];
    if (c == mx && !seen) seen = 1;
    else if (c > b) b = c;
  }
  return b;
}

/* Spread's estimate on the pieces its builder takes: its closed form with the largest block
   of the rest (a pass), or P NULL without it (a lower bound: the same sum, no term larger).
   Not walked (the walk, reverse Bruck's over the virtual blocks, costs p a round): over 7179
   draws with a block of 4 averages or more (of 8000: p = 16 .. 4096, 1/8 .. 1250 units a
   rank, skewed, power laws, one block of 10-110 %, 70 % empty; two seeds) the form came to
   0.63 .. 1.24 of the walk, and 0.74 .. 1.21 where that block is at least twice the next
   (3465 draws; 0.95 .. 1.07 for 90 % of them): with a second block of half its size or more,
   the windows that hold that one stay heavy, which the form does not see. lg:
   irr_reduce_scatter_spread_lg's; 0: it does not apply (negative). u: the pass. */
static inline double irr__rs_spread_est(int p, const int64_t *D, int64_t mx, int lg, irr_model md, int64_t *P, double *u) {
  if (lg == 0) return -1;
  if (P && u) *u += IRR_RS_PASS * p;
  return irr__rs_spread_form(p, D[p], mx, P ? (double)irr__rs_second(p, D, mx) : -1, lg, md) + md.cpu_op * (double)(4 << lg);
}

/* Rank rank's program of alg (not auto) into s, initialized for rank of p. md: the model the
   choice priced it with (dominant's groups follow it). P: workspace of p + 1 entries.
   IRR_ERR_ARG: an algorithm Reduce_scatter lacks, or a commutative one for an ordered
   operation. */
static inline irr_status irr_reduce_scatter_build(irr_alg alg, int rank, int p, const int64_t *D, int ordered, irr_model md,
                                                  int64_t *P, irr_sched *s) {
  if (!irr__rs_applies(alg, ordered) || alg == IRR_ALG_GUARDED) return IRR_ERR_ARG; /* guarded: the MPI layer's */
  switch (alg) {
  case IRR_ALG_BALANCED: return irr_reduce_scatter_balanced(rank, p, D, ordered, P, s);
  case IRR_ALG_DOMINANT: {
    int64_t mx = irr__rs_maxblock(p, D);
    return irr_reduce_scatter_dominant(rank, p, D, irr_reduce_scatter_dom_lw(p, D[p], mx, md), P, s);
  }
  case IRR_ALG_SPREAD: {
    int lg = irr_reduce_scatter_spread_lg(p, D[p], irr__rs_maxblock(p, D), md);
    return lg ? irr_reduce_scatter_spread(rank, p, D, lg, P, s) : irr_reduce_scatter_bruck(rank, p, D, s);
  }
  case IRR_ALG_BRUCK: return irr_reduce_scatter_bruck(rank, p, D, s);
  case IRR_ALG_HALVING: return irr_reduce_scatter_halving(rank, p, D, ordered, P, s);
  case IRR_ALG_RING: return irr_reduce_scatter_ring(rank, p, D, s);
  default: return irr_reduce_scatter_pairwise(rank, p, D, s);
  }
}

/* The model's time of alg on blocks D whose largest is mx, closed form: the network and
   gamma round by round, and the CPU of the messages a rank posts (cpu_msg each) and its ops
   (cpu_op). P: workspace of p + 1 entries; NULL: a lower bound instead, O(log p), that
   reads no more of D than mx and log2 p of the folded pieces. cut >= 0: any value above cut
   may stand for an estimate above it (Bruck's walk stops there). Negative: alg does not
   apply. u (optional): gets the walks' work, in the model's cpu_size units (IRR_RS_SEG and
   the rest, below); a lower bound's O(log p) is left out. */
static inline double irr__rs_estimate(irr_alg alg, int p, const int64_t *D, int64_t mx, int ordered, irr_model md,
                                      int64_t *P, double cut, double *u) {
  double A = md.alpha, B = md.beta, BG = md.beta + md.gamma, Am = md.alpha + md.cpu_msg, cpu = md.cpu_msg + 2 * md.cpu_op;
  double t = 0, msgs = 0;
  int64_t n = D[p];
  int q, x, lg, lg2q;
  if (!irr__rs_applies(alg, ordered) || alg == IRR_ALG_GUARDED) return -1;
  if (p <= 1 || n == 0) return md.cpu_op;
  q = irr__rs_pof2(p, &lg2q), x = p - q, lg = irr_circ_q(p);
  switch (alg) {
  case IRR_ALG_DOMINANT:
    if (p >= IRR_RS_DOM_MINP) {
      t = irr__rs_dom_est(p, D, mx, md, P, u), msgs = 4 * lg + 8;
      if (P && u) *u += IRR_RS_PASS * 2 * p; /* the owner, R's pieces */
      break;
    }
    /* below IRR_RS_DOM_MINP ranks it is balanced */
    /* fall through */
  case IRR_ALG_BALANCED:
    if (!ordered) {
      if (P) irr__rs_equal_pieces(p, n, P);
      t = irr__rs_bruck_est(p, n, NULL, 0, A, BG, -1, 0, NULL) +
          (P ? irr__rs_redist_est(p, D, -1, P, 0, 0, Am, B, u) : irr__rs_redist_low(p, n, mx, Am, B));
      msgs = 2 * lg + 4;
      if (P && u) *u += IRR_RS_PASS * p; /* the pieces */
    } else {
      if (P) irr__rs_equal_pieces(q, n, P);
      t = irr__rs_halving_est(q, x, n, P, NULL, A, BG) +
          (P ? irr__rs_redist_est(p, D, -1, P, x, lg2q, Am, B, u) : irr__rs_redist_low(q, n, mx, Am, B));
      msgs = 2 * lg + 6;
      if (P && u) *u += (IRR_RS_PASS + IRR_RS_HALF) * q; /* the pieces, halving's path */
    }
    break;
  case IRR_ALG_SPREAD: { /* below 4 ranks (no pieces to spread) it is Bruck's program */
    int sl = irr_reduce_scatter_spread_lg(p, n, mx, md);
    msgs = 2 * lg + 2 * sl + 2;
    if ((t = irr__rs_spread_est(p, D, mx, sl, md, P, u)) >= 0) break;
  }
    /* fall through */
  case IRR_ALG_BRUCK: /* on the blocks: a walk a round, unless all are alike (Reduce_scatter_block's) */
    msgs = 2 * lg;
    t = irr__rs_bruck_est(p, n, P && (n % p != 0 || mx != n / p) ? D : NULL, mx, A, BG, cut, msgs * cpu, u);
    break;
  case IRR_ALG_HALVING: /* on 2^k ranks, commutative, every piece is its holder's block: no delivery */
    if (P) irr__rs_fold_pieces(p, D, P);
    t = irr__rs_halving_est(q, x, n, P, D, A, BG) +
        (P && (x > 0 || ordered) ? irr__rs_redist_est(p, D, -1, P, x, ordered ? lg2q : 0, Am, B, u) : 0);
    msgs = 2 * lg + 2;
    if (P && u) *u += (IRR_RS_PASS + IRR_RS_HALF) * q; /* the fold, the path */
    break;
  default: t = (p - 1) * (A + BG * (double)mx), msgs = 2.0 * (p - 1); break; /* ring, pairwise: exact either way */
  }
  return t + msgs * cpu;
}

/* The model's time of alg (irr__rs_estimate). P: workspace of p + 1 entries. A negative
   result: the algorithm does not apply. */
static inline double irr_reduce_scatter_estimate(irr_alg alg, int p, const int64_t *D, int ordered, irr_model md,
                                                 int64_t *P) {
  return irr__rs_estimate(alg, p, D, irr__rs_maxblock(p, D), ordered, md, P, -1, NULL);
}

/* The algorithm: forced (if it applies to the operation; guarded is auto here, its guard
   the MPI layer's), else the least estimate (a tie: the first in cand), *best (optional)
   that estimate (-1 when forced). P: workspace of p + 1 entries. Equal on every rank: D, ordered (the
   operation's commutativity) and the model are. One pass for the largest block, then the
   candidates in the order of their lower bounds (the likeliest winner first), each priced
   only while its bound can still beat the best so far, and Bruck's walk (p a round) stops
   as soon as it cannot. Dominant is a candidate only where one block holds a third of the
   vector or more (below, the model gives it no gain, and its estimate is the least sure),
   and on IRR_RS_DOM_MINP ranks or more (below, its program is balanced's). Spread is not a
   candidate (algo/reduce_scatter/spread.h says why).
   units (optional): gets the choice's work in cpu_size units (its pass for the largest
   block, the walks), for the model's CPU. irr__rs_choose_mx: the automatic choice, the
   largest block mx given (the guard's, found once). */
/* Whether dominant is a candidate of the automatic choice (irr__rs_choose_mx) and of the
   guard's own bound (irr__rs_own_low): one block of a third of the vector or more, and at
   least IRR_RS_DOM_MINP ranks (below, its program is balanced's). */
static inline int irr__rs_dom_cand(int p, const int64_t *D, int64_t mx) { return p >= IRR_RS_DOM_MINP && 3 * mx >= D[p]; }
static inline irr_alg irr__rs_choose_mx(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P,
                                        double *best, double *units) {
  static const irr_alg cand[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_HALVING, IRR_ALG_BRUCK, IRR_ALG_RING,
                                IRR_ALG_PAIRWISE};
  enum { NC = sizeof cand / sizeof cand[0] };
  double low[NC], tb = -1;
  int ord[NC], i, j, b = -1;
  if (units) *units += IRR_RS_FIXED;
  for (i = 0; i < NC; i++) { /* insertion sort by bound (ties: cand's order) */
    low[i] = cand[i] != IRR_ALG_DOMINANT || irr__rs_dom_cand(p, D, mx)
                 ? irr__rs_estimate(cand[i], p, D, mx, ordered, md, NULL, -1, NULL)
                 : -1;
    for (j = i; j > 0 && low[ord[j - 1]] > low[i]; j--) ord[j] = ord[j - 1];
    ord[j] = i;
  }
  for (j = 0; j < NC; j++) {
    int c = ord[j];
    double t;
    if (low[c] < 0 || (b >= 0 && (low[c] > tb || (low[c] == tb && c > b)))) continue;
    t = irr__rs_estimate(cand[c], p, D, mx, ordered, md, P, tb, units);
    if (b < 0 || t < tb || (t == tb && c < b)) tb = t, b = c;
  }
  if (best) *best = tb;
  return b >= 0 ? cand[b] : ordered ? IRR_ALG_HALVING : IRR_ALG_BRUCK;
}
static inline irr_alg irr__rs_choose(irr_alg forced, int p, const int64_t *D, int ordered, irr_model md, int64_t *P,
                                     double *best, double *units) {
  if (forced != IRR_ALG_AUTO && forced != IRR_ALG_GUARDED && irr__rs_applies(forced, ordered)) {
    if (best) *best = -1;
    return forced;
  }
  if (units) *units += IRR_RS_PASS * p;
  return irr__rs_choose_mx(p, D, irr__rs_maxblock(p, D), ordered, md, P, best, units);
}
static inline irr_alg irr_reduce_scatter_choose(irr_alg forced, int p, const int64_t *D, int ordered, irr_model md,
                                                int64_t *P) {
  return irr__rs_choose(forced, p, D, ordered, md, P, NULL, NULL);
}

/* The guard (IRR_ALG_GUARDED, the interception library's default for MPI_Reduce_scatter and
   MPI_Reduce_scatter_block): MPI's own runs instead of alg, the choice, whose estimate is t,
   unless alg is none of the libraries' algorithms (MPICH's recursive halving and pairwise,
   Open MPI's ring) and t times IRR_RS_GUARD_GAIN stays below the best of their estimates.
   The margin is the model's own error: in the SMPI cells measured (bench/run_reduce_scatter.sh;
   p = 64, 256, 1000; 1 and 16 KiB a rank) irrcoll's gain over SMPI's best algorithm came to
   about 0.7 .. 1.0 of the model's, and where the model gave it under 1.2 (p = 64, Zipf,
   1 KiB) it lost (0.91). The libraries' estimates stand for what MPI runs: their best, so the
   guard errs towards MPI's own. Lower bounds first (no walk); halving's walk only where its
   bound comes within the margin. Decided from the blocks, the operation's commutativity and
   the model: equal on every rank. P: workspace of p + 1 entries. */
#define IRR_RS_GUARD_GAIN 1.25
/* Whether one of the libraries' algorithms (halving, pairwise, ring) applies and its
   estimate is at most cut: closed-form bounds first, halving walked only if its bound is.
   u (optional): the walks' work (irr__rs_estimate). */
static inline int irr__rs_lib_within(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P, double cut,
                                     double *u) {
  static const irr_alg lib[] = {IRR_ALG_HALVING, IRR_ALG_PAIRWISE, IRR_ALG_RING};
  int i;
  for (i = 0; i < 3; i++) {
    double low = irr__rs_estimate(lib[i], p, D, mx, ordered, md, NULL, -1, NULL);
    if (low >= 0 && low <= cut && irr__rs_estimate(lib[i], p, D, mx, ordered, md, P, -1, u) <= cut) return 1;
  }
  return 0;
}
static inline int irr__rs_native(irr_alg alg, double t, int p, const int64_t *D, int64_t mx, int ordered, irr_model md,
                                 int64_t *P, double *u) {
  if (alg == IRR_ALG_HALVING || alg == IRR_ALG_PAIRWISE || alg == IRR_ALG_RING || t < 0) return 1;
  return irr__rs_lib_within(p, D, mx, ordered, md, P, t * IRR_RS_GUARD_GAIN, u);
}
static inline int irr_reduce_scatter_native(irr_alg alg, double t, int p, const int64_t *D, int ordered, irr_model md,
                                            int64_t *P) {
  return irr__rs_native(alg, t, p, D, irr__rs_maxblock(p, D), ordered, md, P, NULL);
}
/* The same answer before the choice where it can be had cheaply: the libraries' best
   estimate within the margin of the lower bounds of irrcoll's own candidates (balanced,
   dominant, Bruck: no walk). Then the choice, were it made, would be a library's algorithm
   or one at most the margin ahead, so the guard would say the same (test_rs checks it).
   Small vectors, where every candidate is a few latencies, mostly end here: O(p) once
   instead of the choice's walks. */
static inline double irr__rs_own_low(int p, const int64_t *D, int64_t mx, int ordered, irr_model md) {
  static const irr_alg own[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_BRUCK};
  double low = -1, e;
  int i;
  for (i = 0; i < 3; i++) {
    if (own[i] == IRR_ALG_DOMINANT && !irr__rs_dom_cand(p, D, mx)) continue;
    e = irr__rs_estimate(own[i], p, D, mx, ordered, md, NULL, -1, NULL);
    if (e >= 0 && (low < 0 || e < low)) low = e;
  }
  return low; /* < 0: none applies */
}
static inline int irr__rs_native_early(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P, double *u) {
  double low = irr__rs_own_low(p, D, mx, ordered, md);
  if (u) *u += IRR_RS_FIXED / 2;
  return low < 0 || irr__rs_lib_within(p, D, mx, ordered, md, P, low * IRR_RS_GUARD_GAIN, u); /* low < 0: only theirs apply */
}
static inline int irr_reduce_scatter_native_early(int p, const int64_t *D, int ordered, irr_model md, int64_t *P) {
  return irr__rs_native_early(p, D, irr__rs_maxblock(p, D), ordered, md, P, NULL);
}
/* Halving's estimate bounded from n and the largest block mx alone (no walk): its fold (a
   whole vector), log2 q splits of at most the whole vector each, and the delivery of its
   pieces, which are whole blocks: none where each piece is its holder's block (2^k ranks,
   commutative), else at most one message a rank, two where a folded piece's two blocks
   both belong to others (in rank order), and the largest block at an owner
   (irr__rs_redist_est's first, no list deeper than one). */
static inline double irr__rs_halving_ub(int p, int64_t n, int64_t mx, int ordered, irr_model md) {
  double A = md.alpha, BG = md.beta + md.gamma, Am = md.alpha + md.cpu_msg, cpu = md.cpu_msg + 2 * md.cpu_op;
  int lg2q, q = irr__rs_pof2(p, &lg2q), x = p - q, nd = (x > 0) + (ordered != 0);
  if (p <= 1 || n == 0) return md.cpu_op;
  return (x > 0 ? A + BG * (double)n : 0) + lg2q * (A + BG * (double)n) + (nd ? nd * Am + md.beta * (double)mx : 0) +
         (2.0 * irr_circ_q(p) + 2) * cpu;
}
/* The guard's answer from the total and the largest block alone, O(log p) once they are
   known: halving's bound within the margin of irrcoll's own lower bounds. Where it says MPI,
   irr_reduce_scatter_native_early says so too (the bound is at least the walked estimate:
   test_rs checks both); it mostly does for small vectors, where every algorithm is its
   latencies, and there the MPI layer asks it before the counts' hash, so such a call costs
   the counts' two passes (widening, block starts and the largest) and nothing else. */
static inline int irr_reduce_scatter_native_bound(int p, const int64_t *D, int64_t mx, int ordered, irr_model md) {
  double low = irr__rs_own_low(p, D, mx, ordered, md);
  return low < 0 || irr__rs_halving_ub(p, D[p], mx, ordered, md) <= low * IRR_RS_GUARD_GAIN;
}
/* The guarded choice: 1 (MPI's own; *early: decided before the choice) or 0 and irrcoll's
   algorithm in *alg. The MPI layer's sequence, after irr_reduce_scatter_native_first and
   irr_reduce_scatter_native_bound (asked before the counts' hash; the early test here would
   say MPI wherever that bound does, so it is not asked again). The largest block found
   once for all three. units (optional): gets their work, as irr__rs_choose's. */
static inline int irr_reduce_scatter_guard(int p, const int64_t *D, int ordered, irr_model md, int64_t *P, irr_alg *alg,
                                           int *early, double *units) {
  double t;
  int64_t mx = irr__rs_maxblock(p, D);
  if (units) *units += IRR_RS_PASS * p;
  if ((*early = irr__rs_native_early(p, D, mx, ordered, md, P, units))) return 1;
  *alg = irr__rs_choose_mx(p, D, mx, ordered, md, P, &t, units);
  return irr__rs_native(*alg, t, p, D, mx, ordered, md, P, units);
}
/* The guard's answer before any choice: equal blocks (regular: known to be, as
   MPI_Reduce_scatter_block's) on 2^k ranks, where recursive halving is reverse Bruck and
   the guard hands every such call to MPI (test_rs: p = 1 .. 1024, 8 B .. 1 MiB a rank).
   O(1) when regular, else one pass. */
static inline int irr_reduce_scatter_native_first(int p, const int64_t *D, int regular) {
  return (p & (p - 1)) == 0 && (regular || irr__rs_maxblock(p, D) * p == D[p]);
}

/* The bound the issue states (and no algorithm here beats): ceil(log2 p) alpha +
   max(((p - 1)/p) n, max_i m_i) beta + ((p - 1)/p) n gamma. */
static inline double irr_reduce_scatter_bound(int p, const int64_t *D, irr_model md) {
  int lg;
  int64_t mx, n = D[p];
  double v = (double)(p - 1) / p * (double)n;
  lg = irr_circ_q(p), mx = irr__rs_maxblock(p, D);
  return lg * md.alpha + (v > (double)mx ? v : (double)mx) * md.beta + v * md.gamma;
}

/* The programs of all ranks of alg (auto: the choice) for blocks m, into set (free with
   irr_sched_set_free). */
static inline irr_status irr_reduce_scatter_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m, int ordered,
                                                      irr_model md) {
  int64_t *D = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * 2 * sizeof(int64_t)), *P;
  irr_op *ops = NULL;
  int cap = irr_reduce_scatter_maxops(p), r;
  irr_status st = IRR_OK;
  set->s = NULL, set->arena = NULL;
  if (!D) return IRR_ERR_NOMEM;
  P = D + p + 1;
  irr__rs_starts(p, m, D);
  alg = irr_reduce_scatter_choose(alg, p, D, ordered, md, P);
  if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op))) || (st = irr_sched_set_init(set, p)) != IRR_OK) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if ((st = irr_reduce_scatter_build(alg, r, p, D, ordered, md, P, &s)) == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (st != IRR_OK) irr_sched_set_free(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(D);
  return st;
}
/* ==== end select/reduce_scatter.h ==== */
/* ==== begin select/inter.h ==== */
/* Intergroup Allgather(v)'s choice and the programs of all ranks of its algorithms. */

/* Intergroup Allgather(v): Algorithm 2 unless forced (in the model it equals Algorithm 1 at
   equal group sizes and beats it otherwise; root gathering is the baseline). */
static inline irr_alg irr_inter_choose(irr_alg forced) {
  if (forced == IRR_ALG_SUBGROUP || forced == IRR_ALG_ROOTGATHER) return forced;
  return IRR_ALG_SEGMENT;
}

/* The programs of all na + nb ranks, into set (free with irr_sched_set_free). */
static inline irr_status irr_inter_build_all(irr_sched_set *set, irr_alg alg, int na, int nb, const int64_t *m, irr_model md) {
  irr_status st;
  int r;
  int64_t cap = 0, c;
  irr_op *ops;
  if (na < 1 || nb < 1) return IRR_ERR_ARG;
  for (r = 0; r < na + nb; r++) {
    if ((c = irr_inter_maxops(r, na, nb, m, alg, md)) < 0) return IRR_ERR_NOMEM;
    if (c > cap) cap = c;
  }
  if (cap > INT32_MAX) return IRR_ERR_NOMEM;
  if ((st = irr_sched_set_init(set, na + nb)) != IRR_OK) return st;
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  if (!ops) { irr_sched_set_free(set); return IRR_ERR_NOMEM; }
  for (r = 0; r < na + nb && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, na + nb, ops, (int)cap);
    st = irr_inter_allgatherv(r, na, nb, m, alg, md, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  IRRCOLL_FREE(ops);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}
/* ==== end select/inter.h ==== */
/* ==== begin select/any.h ==== */
/* Any collective, any algorithm: the choice the MPI layer makes (irr_choose), the programs of
   all ranks (irr_build_all) and their model time (irr_estimate), so that tests, benchmarks
   and tools evaluate exactly what runs. */

/* What a collective call is, as far as the choice and the programs depend on it: only
   values that are equal on all ranks. */
typedef struct irr_args {
  irr_coll coll;
  int p;
  int root;          /* gatherv/scatterv and their X variants: the root; inter: group A's size */
  const int64_t *m;  /* bytes of every block, p entries (X variants: the sizes that occur;
                        alltoallv: p*p, m[s*p + d] from s to d) */
  int inplace;       /* MPI_IN_PLACE at the root (allgatherv: everywhere) */
  const int *node;   /* allgatherv: each rank's node (its lowest rank), NULL: flat */
  int maxdeg;        /* xalltoallv: most partners any rank sends to */
  int ctrl;          /* include the tree construction's control messages (the model) */
  irr_model md;
  int ordered;       /* reduce_scatter: the operation is not commutative (m: elements, the
                        model's beta and gamma per element) */
} irr_args;

/* The algorithm the MPI layer runs for these arguments with `forced` as the communicator's
   forced algorithm (IRR_ALG_AUTO: none); *B: Allgatherv's ring block size (else 0). */
static inline irr_alg irr_choose(const irr_args *a, irr_alg forced, int64_t *B) {
  *B = 0;
  switch (a->coll) {
  case IRR_COLL_GATHERV: return irr_gatherv_choose(forced, a->p);
  case IRR_COLL_SCATTERV: return irr_scatterv_choose(forced, a->p);
  case IRR_COLL_XGATHERV: return irr_xgatherv_choose(forced, a->p);
  case IRR_COLL_XSCATTERV: return irr_xscatterv_choose(forced, a->p);
  case IRR_COLL_ALLGATHERV: return irr_allgatherv_choose(forced, a->p, a->m, a->md, a->node, B);
  case IRR_COLL_XALLGATHERV: return IRR_ALG_BRUCK;
  case IRR_COLL_XALLTOALLV: return irr_xalltoallv_choose(forced, a->p, a->maxdeg);
  case IRR_COLL_ALLTOALLV: {
    int64_t v[IRR_A2A_NSTAT];
    int share = irr_allgatherv_share(a->p, a->node);
    if (forced == IRR_ALG_BRUCK || forced == IRR_ALG_LINEAR || a->p <= 1 || irr_alltoallv_direct_first(forced, a->p, a->md))
      return irr_alltoallv_choose(forced, a->p, NULL, a->md, share);
    return irr_alltoallv_stats_all(a->p, a->m, irr_alltoallv_direct_min(a->p, a->md, share), v) == IRR_OK
               ? irr_alltoallv_choose(forced, a->p, v, a->md, share)
               : IRR_ALG_LINEAR;
  }
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_choose(forced);
  case IRR_COLL_REDUCE_SCATTER: {
    int64_t *D = (int64_t *)IRRCOLL_MALLOC(((size_t)a->p + 1) * 2 * sizeof(int64_t));
    irr_alg alg = a->ordered ? IRR_ALG_HALVING : IRR_ALG_BRUCK;
    if (D) {
      irr__rs_starts(a->p, a->m, D);
      alg = irr_reduce_scatter_choose(forced, a->p, D, a->ordered, a->md, D + a->p + 1);
      IRRCOLL_FREE(D);
    }
    return alg;
  }
  default: return IRR_ALG_COUNT;
  }
}

/* The programs of all ranks for (a, alg) into set (free with irr_sched_set_free); alg
   IRR_ALG_AUTO: irr_choose's. IRR_ERR_ARG for an algorithm the collective does not have,
   or one that is no schedule (XAlltoallv). */
static inline irr_status irr_build_all(irr_sched_set *set, const irr_args *a, irr_alg alg) {
  int64_t B = 0;
  alg = irr_choose(a, alg, &B);
  if (!irr_alg_find(a->coll, alg) && !(a->coll == IRR_COLL_GATHERV || a->coll == IRR_COLL_SCATTERV))
    return IRR_ERR_ARG;
  switch (a->coll) {
  case IRR_COLL_GATHERV:
  case IRR_COLL_SCATTERV:
    if (alg == IRR_ALG_XTREE) /* XScatterv's program, run with the counts known */
      return irr_xv_build_all_t(set, IRR_COLL_SCATTERV, IRR_ALG_TREE, a->p, a->root, a->m, a->inplace, 0,
                              irr_scatterv_thresh(a->md));
    return irr_v_build_all_t(set, a->coll, alg, a->p, a->root, a->m, a->inplace, a->ctrl && alg == IRR_ALG_TREE,
                           irr_gatherv_thresh(a->md));
  case IRR_COLL_ALLGATHERV: return irr_allgatherv_build_all(set, alg, a->p, a->m, B, a->node, a->inplace, a->md);
  case IRR_COLL_XGATHERV:
  case IRR_COLL_XSCATTERV:
    return irr_xv_build_all_t(set, irr_coll_base(a->coll), alg, a->p, a->root, a->m, a->inplace, a->ctrl,
                            irr_v_thresh(a->coll, a->md));
  case IRR_COLL_XALLGATHERV: return irr_xallgatherv_build_all(set, a->p, a->m, a->md);
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_build_all(set, alg, a->root, a->p - a->root, a->m, a->md);
  case IRR_COLL_ALLTOALLV:
    return irr_alltoallv_build_all(set, alg, a->p, a->m, a->ctrl ? IRR_A2A_SIZES : 0, a->md, irr_allgatherv_share(a->p, a->node));
  case IRR_COLL_REDUCE_SCATTER: return irr_reduce_scatter_build_all(set, alg, a->p, a->m, a->ordered, a->md);
  default: return IRR_ERR_ARG;
  }
}

/* The model's time of (a, alg) over its real programs (irr_sched_cost), into *t. */
static inline irr_status irr_estimate(const irr_args *a, irr_alg alg, double *t) {
  irr_sched_set set;
  irr_cost c;
  irr_status st = irr_build_all(&set, a, alg);
  if (st != IRR_OK) return st;
  st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
  irr_sched_set_free(&set);
  if (st == IRR_OK) *t = c.time;
  return st;
}
/* ==== end select/any.h ==== */
/* ==== begin select/persist.h ==== */
/* Persistent Gatherv/Scatterv (mpi/persist.h) in the model: the start's programs and the
   init apart. */

/* Persistent Scatterv's sizes travel at init in broadcasts of this many 64-bit words (a rank
   without memory for them takes part through one piece on its stack: 16 KB). */
#define IRR_SV_PIECE 2048

/* An allreduce of `bytes` (recursive doubling: ceil(log2 p) rounds) and a binomial broadcast
   of `bytes` in pieces of `piece` bytes, in the model. */
static inline double irr_model_allreduce(int p, double bytes, irr_model md) {
  return irr_tree_levels(p) * (md.alpha + md.beta * bytes);
}
static inline double irr_model_bcast(int p, double bytes, double piece, irr_model md) {
  double n = bytes > piece ? (double)(int64_t)((bytes + piece - 1) / piece) : 1;
  return irr_tree_levels(p) * (n * md.alpha + md.beta * bytes);
}

/* The model's init and start of a persistent Gatherv/Scatterv (IRR_Gatherv_init /
   IRR_Scatterv_init, then IRR_Start), with the algorithm the MPI layer runs for `forced`
   (the blocking call: irr_estimate with a->ctrl = 1). Start: the programs each start runs
   (Gatherv's tree without its construction, or direct; Scatterv's irr_scatterv_known).
   Init: Gatherv's tree construction (its control messages alone, as the blocking call's
   schedule has them); Scatterv's sizes broadcast (IRR_SV_PIECE words a piece); and on
   both, the request's own communicator (MPI_Comm_dup, charged as an allreduce of 8 bytes)
   and the agreement that every rank planned (an allreduce of one int). Gatherv's forced
   tree or binomial on Scatterv, and the other collectives: IRR_ERR_ARG. */
static inline irr_status irr_estimate_persist(const irr_args *a, irr_alg forced, double *init, double *start) {
  irr_args b = *a;
  irr_sched_set set;
  irr_cost c;
  irr_status st;
  int64_t B = 0;
  irr_alg alg = irr_choose(a, forced, &B);
  double agree = irr_model_allreduce(a->p, 8, a->md) + irr_model_allreduce(a->p, 4, a->md);
  *init = *start = 0;
  if (a->coll == IRR_COLL_SCATTERV && a->p > 1 && (alg == IRR_ALG_LINEAR || alg == IRR_ALG_DIRECT || alg == IRR_ALG_XTREE)) {
    if (alg == IRR_ALG_LINEAR) alg = IRR_ALG_DIRECT;
    if ((st = irr_scatterv_known_all(&set, alg, a->p, a->root, a->m, a->inplace, irr_scatterv_thresh(a->md))) != IRR_OK)
      return st;
    st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
    irr_sched_set_free(&set);
    *start = c.time;
    *init = irr_model_bcast(a->p, 8.0 * a->p, 8.0 * IRR_SV_PIECE, a->md) + agree;
    return st;
  }
  if (a->coll != IRR_COLL_GATHERV) return IRR_ERR_ARG;
  if (alg == IRR_ALG_LINEAR && a->p > 1) alg = IRR_ALG_DIRECT; /* as the MPI layer runs it */
  b.ctrl = 0;
  if ((st = irr_estimate(&b, alg, start)) != IRR_OK) return st;
  *init = agree;
  if (alg == IRR_ALG_TREE) { /* the construction alone: the control messages (no buffer) */
    int r, i, k;
    b.ctrl = 1;
    if ((st = irr_build_all(&set, &b, alg)) != IRR_OK) return st;
    for (r = 0; r < a->p; r++) {
      irr_sched *s = &set.s[r];
      for (i = k = 0; i < s->nops; i++)
        if (s->ops[i].kind != IRR_OP_COPY && s->ops[i].buf == IRR_BUF_NONE) s->ops[k++] = s->ops[i];
      s->nops = k;
    }
    st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
    irr_sched_set_free(&set);
    *init += c.time;
  }
  return st;
}
/* ==== end select/persist.h ==== */
/* ==== begin api/decl.h ==== */
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
/* ==== end api/decl.h ==== */

#ifdef __cplusplus
}
#endif
#endif /* IRRCOLL_H */

#if defined(IRRCOLL_IMPLEMENTATION) && !defined(IRRCOLL_NO_MPI) && !defined(IRRCOLL_IMPLEMENTATION_DONE)
#define IRRCOLL_IMPLEMENTATION_DONE
/* ==== begin mpi/ctx.h ==== */
/* MPI layer: the per-communicator context (private duplicate, call sequence, forced
   algorithms, model, caches of the features that need one), created at first use and freed
   with the communicator; error reporting. Only in the IRRCOLL_IMPLEMENTATION unit. */

#include <stdatomic.h>

/* Bytes per MPI message: larger messages are split (MPI counts are int). Both sides split
   the same way, since both know the length. Tests set it small to exercise splitting. */
#ifndef IRRCOLL_MAX_MSG
#define IRRCOLL_MAX_MSG ((int64_t)1 << 30)
#endif
#define IRR__CHUNK ((int64_t)(IRRCOLL_MAX_MSG))
#define IRR__SEQ_MOD 8192             /* tags per call: 2, so tags stay below 2^14 */
#define IRR__ALTTAG 16384             /* IRR_OPF_ALTTAG: tags in [2^14, 2^15), below MPI's least tag bound */

/* The context, split by feature: what every collective needs, then one cache per feature
   that keeps state across calls. */
typedef struct irr__plan_cache {   /* a collective's last plan, kept while its counts repeat (mpi/cache.h) */
  uint64_t key;                     /* the choice's inputs (sizes, layout, model, forced): equal on all ranks */
  irr_alg alg;
  int64_t B;                        /* the algorithm's parameter (ring: block size; circulant: pieces) */
  int valid;
  unsigned hits;                    /* calls in a row with this key after the first */
  irr_op *ops;                      /* the program, nops ops (0: none kept) of cap, tmp bytes of */
  int nops, cap;                    /* scratch; the room is kept while programs fit it */
  int64_t tmp;
  uint64_t layout;                  /* the buffers the datatypes were made for (this rank's own) */
  MPI_Datatype *types;              /* per op: its message's derived datatype, or MPI_DATATYPE_NULL */
} irr__plan_cache;

typedef struct irr__circ_cache {    /* the circulant schedule's table on p ranks (p alone) */
  int *R;                           /* p q entries (NULL: not kept) */
  irr_circ_sum sum;
} irr__circ_cache;

typedef struct irr__nodes_cache {   /* Allgatherv's node layout (mpi/allgatherv.h) */
  int *node;                        /* each rank's node: its lowest rank (NULL: flat) */
  int known;                        /* node is valid (collective on the first need) */
  int ppn;                          /* IRRCOLL_PPN: declared ranks per node (0: ask MPI) */
  int share, nn;                    /* node's irr_allgatherv_share and irr_allgatherv_nodes (the
                                       choices ask them on every call; 1 and 0 when flat) */
} irr__nodes_cache;

typedef struct irr__win {           /* a window irrcoll made (the sizes window, irr__agwin_make) */
  MPI_Win win;
  int64_t *mem;                     /* its memory, freed with it */
  int live;                         /* not freed yet */
  struct irr__win *next;            /* the process's windows, newest first (irr__wins) */
} irr__win;

typedef struct irr__agwin_cache {   /* the sizes window (irr__agwin_make) */
  irr__win *w;                      /* the window over IRR__AGWIN_SLOTS of {call, bytes of this
                                       rank's block, of its successor's}; NULL: none */
  int state;                        /* 0: not made yet; 1: made; -1: none (MPI refused) */
} irr__agwin_cache;

typedef struct irr__inter_cache {   /* intergroup Allgather(v) (mpi/inter.h) */
  MPI_Comm gcomm;                   /* where the schedule runs: an intercommunicator's merged
                                       one, or MPI_COMM_NULL: the private duplicate */
  MPI_Comm glocal;                  /* my group's own communicator */
  int *gmap, *gflags;               /* schedule rank -> rank in gcomm; the group flags it was
                                       made for (groups entry point) */
  int na, nb, grank;                /* group sizes, my schedule rank */
} irr__inter_cache;

typedef struct irr__scratch {       /* the mock-ups' scratch (guide/) */
  char *buf;                        /* one block of `budget` bytes, allocated at first need */
  size_t budget;                    /* IRRCOLL_SCRATCH, agreed at creation */
  int state;                        /* 0: not yet agreed; 1: every rank has buf; -1: none */
} irr__scratch;

typedef struct irr__ctx {
  MPI_Comm pc;                      /* private duplicate: irrcoll's messages only */
  MPI_Comm pd;                      /* the blocking direct exchanges alone (mpi/direct.h:
                                       Alltoallv's, Scatterv's; their receives take any tag or
                                       source, so no other call's message may share its
                                       communicator): made at the first, else MPI_COMM_NULL */
  unsigned seq;                     /* calls made on this communicator (tags) */
  irr_alg force[IRR_COLL_COUNT];    /* IRR_ALG_AUTO: automatic (ir/registry.h) */
  irr_model md;                     /* alpha (s), beta (s/byte) and the CPU term for model-chosen parameters */
  irr__nodes_cache nodes;
  irr__plan_cache agc;              /* Allgatherv's (mpi/allgatherv.h) */
  irr__plan_cache rsc;              /* Reduce_scatter's (mpi/reduce_scatter.h) */
  irr__plan_cache a2c;              /* Alltoallv's (mpi/alltoallv.h; B: Bruck's threshold) */
  int64_t *a2own;                   /* ... this rank's sent and received bytes of its call (2p) */
  int64_t a2v[IRR_A2A_NSTAT];       /* ... and this rank's statistics before they were combined */
  char *a2tmp;                      /* ... and its scratch (a2tmpcap bytes), which its kept */
  int64_t a2tmpcap;                 /*     datatypes address */
  irr__circ_cache circ;
  int64_t *agbuf;                   /* Allgatherv's sizes and the choice's workspace, kept (a fresh */
  size_t agbuf_cap;                 /* buffer a call costs its pages' first touch) */
  irr_call_info last;               /* what the last call did (IRR_Comm_get_last_call) */
  irr__agwin_cache agw;
  irr__inter_cache inter;
  irr__scratch scr;
  int check;                        /* IRRCOLL_CHECK: agree the arguments first (mpi/args.h) */
  struct irr_request_s *reqs;       /* started persistent requests (mpi/request.h): each
                                       Test/Wait on one progresses them all */
} irr__ctx;

#ifndef IRRCOLL_SCRATCH_DEFAULT
#define IRRCOLL_SCRATCH_DEFAULT ((size_t)64 << 20)
#endif

/* The one piece of global state: the attribute key, created once (race-free by CAS). */
static _Atomic int irr__keyval = MPI_KEYVAL_INVALID;

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still works, and the
   other communicators' later, when Open MPI 4.1 can no longer free a window (MPI_Win_free
   crashes there) and MPICH over UCX aborts on a window left open. So a key on MPI_COMM_SELF
   frees the windows still open then, newest first: the reverse of their creations, which
   are collective, so ordered alike on the ranks that share them (windows that threads
   created at once on overlapping communicators may not be: their MPI_Win_free can wait). */
static irr__win *_Atomic irr__wins = NULL;
static _Atomic int irr__finalizing = 0;
static _Atomic int irr__selfkey = MPI_KEYVAL_INVALID;
static void irr__win_free(irr__win *w) {
  if (!w->live) return;
  MPI_Win_free(&w->win);
  w->live = 0;
  if (w->mem) IRRCOLL_FREE(w->mem);
  w->mem = NULL;
}
static int irr__self_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__win *w = atomic_exchange(&irr__wins, NULL), *n;
  (void)comm, (void)keyval, (void)attr, (void)extra;
  atomic_store(&irr__finalizing, 1);
  for (; w; w = n) {
    n = w->next;
    irr__win_free(w);
    IRRCOLL_FREE(w);
  }
  return MPI_SUCCESS;
}
/* An attribute key with delete callback del, made once per process into *slot (race-free by
   CAS); *made: this call made it. */
static int irr__keyval_once(_Atomic int *slot, MPI_Comm_delete_attr_function *del, int *kv, int *made) {
  int k = atomic_load(slot), expect = MPI_KEYVAL_INVALID, rc;
  *made = 0;
  if (k != MPI_KEYVAL_INVALID) {
    *kv = k;
    return MPI_SUCCESS;
  }
  rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &k, NULL);
  if (rc != MPI_SUCCESS) return rc;
  if (!atomic_compare_exchange_strong(slot, &expect, k)) {
    MPI_Comm_free_keyval(&k); /* another thread won */
    k = expect;
  } else {
    *made = 1;
  }
  *kv = k;
  return MPI_SUCCESS;
}
/* 1 once the key is on MPI_COMM_SELF */
static int irr__watch_finalize(void) {
  int k, made;
  if (irr__keyval_once(&irr__selfkey, irr__self_delete, &k, &made) != MPI_SUCCESS) return 0;
  return !made || MPI_Comm_set_attr(MPI_COMM_SELF, k, NULL) == MPI_SUCCESS;
}
static void irr__win_keep(irr__win *w) { /* into irr__wins */
  w->next = atomic_load(&irr__wins);
  while (!atomic_compare_exchange_weak(&irr__wins, &w->next, w)) {}
}

/* The sizes window: {call number, this rank's block's bytes, its successor's} for the last
   IRR__AGWIN_SLOTS calls, one window per communicator, made collectively at the first
   blocking call that needs it (the context's state is equal everywhere); where MPI refuses
   one, the callers do without. Publishing is three stores, no message: a correct call costs
   nothing. A rank that lacks a size reads it from the block's owner with passive-target
   MPI_Get, polling until that rank has entered the same call (a later call's entry: gone).
     Allgatherv: a rank whose own arguments do not give every block's size (a negative or
   missing entry in recvcounts, no receive type size) cannot compute the program the others
   run, and a guess (an empty block) changed its program in 1697 of 3000 random draws at
   p <= 8, and a changed message hangs the call; every other rank knows the sizes
   (irr__ag_sizes). Its owners cannot finish a call that needs the lacking rank.
     Gatherv's trees: the root whose counts disagree with what the subtrees announced reads
   the senders' own sizes, to take blocks shorter than its counts as MPICH does
   (irr__v_reread). Senders may run ahead of the root: a slot overwritten is a size unknown. */
#define IRR__AGWIN_SLOTS 8
static void irr__agwin_drop(irr__win *w) { /* one never given to MPI */
  if (w->mem) IRRCOLL_FREE(w->mem);
  IRRCOLL_FREE(w);
}
static int irr__agwin_make(irr__ctx *ctx) {
  int i, rc;
  irr__win *w;
  if (ctx->agw.state != 0) return MPI_SUCCESS;
  ctx->agw.state = -1;
  /* every rank makes it, whatever its mallocs said (an empty window then: reads of it fail) */
  w = (irr__win *)IRRCOLL_MALLOC(sizeof *w);
  if (w) memset(w, 0, sizeof *w), w->mem = (int64_t *)IRRCOLL_MALLOC(3 * IRR__AGWIN_SLOTS * sizeof(int64_t));
  for (i = 0; w && w->mem && i < 3 * IRR__AGWIN_SLOTS; i++) w->mem[i] = -1; /* before anyone can read */
  if (w && !irr__watch_finalize()) { /* no way to free it in time at MPI_Finalize: an empty one */
    irr__agwin_drop(w);
    w = NULL;
  }
  if (!w) { /* the others' creation still needs this rank; its window is left to MPI (freeing
                it is collective too, and the others keep theirs) */
    MPI_Win left;
    MPI_Win_create(NULL, 0, 1, MPI_INFO_NULL, ctx->pc, &left);
    return MPI_SUCCESS;
  }
  rc = MPI_Win_create(w->mem, w->mem ? 3 * IRR__AGWIN_SLOTS * sizeof(int64_t) : 0, sizeof(int64_t), MPI_INFO_NULL,
                      ctx->pc, &w->win);
  if (rc != MPI_SUCCESS) {
    irr__agwin_drop(w);
    return MPI_SUCCESS;
  }
  MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);
  w->live = 1;
  irr__win_keep(w);
  ctx->agw.w = w, ctx->agw.state = 1;
  return MPI_SUCCESS;
}
static void irr__agwin_publish(irr__ctx *ctx, unsigned call, int64_t own, int64_t next) {
  volatile int64_t *slot;
  if (ctx->agw.state != 1 || !ctx->agw.w->mem) return;
  slot = ctx->agw.w->mem + 3 * (call % IRR__AGWIN_SLOTS);
  slot[1] = own, slot[2] = next;
  atomic_thread_fence(memory_order_release); /* the sizes before the call number */
  slot[0] = (int64_t)call;
}
/* Block i's bytes for call, as rank i's recvcounts say (succ: as rank i - 1's); -1 if
   unknown there or gone. */
static int64_t irr__agwin_read(irr__ctx *ctx, int i, int p, unsigned call, int succ) {
  int64_t v[3];
  int at = succ ? (i + p - 1) % p : i, rc;
  for (;;) {
    if (MPI_Win_lock(MPI_LOCK_SHARED, at, 0, ctx->agw.w->win) != MPI_SUCCESS) return -1;
    v[0] = v[1] = v[2] = -1;
    rc = MPI_Get(v, 3, MPI_INT64_T, at, 3 * (call % IRR__AGWIN_SLOTS), 3, MPI_INT64_T, ctx->agw.w->win);
    if (MPI_Win_unlock(at, ctx->agw.w->win) != MPI_SUCCESS || rc != MPI_SUCCESS) return -1;
    if (v[0] == (int64_t)call) return v[1 + succ];
    if (v[0] >= 0 && (unsigned)((unsigned)v[0] - call) < 0x80000000u) return -1; /* a later call's */
  }
}

/* Forget a kept plan's program and datatypes (mpi/cache.h; the room stays); irr__plan_drop:
   the plan and its memory. */
static void irr__plan_drop_program(irr__plan_cache *c) {
  int i;
  if (c->types) {
    for (i = 0; i < c->nops; i++)
      if (c->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&c->types[i]);
    IRRCOLL_FREE(c->types);
  }
  c->types = NULL, c->nops = 0, c->tmp = 0, c->layout = 0;
}
static void irr__plan_drop(irr__plan_cache *c) {
  irr__plan_drop_program(c);
  if (c->ops) IRRCOLL_FREE(c->ops);
  c->ops = NULL, c->cap = 0, c->valid = 0, c->hits = 0;
}

static int irr__ctx_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__ctx *c = (irr__ctx *)attr;
  int rc = MPI_SUCCESS;
  (void)comm;
  (void)keyval;
  (void)extra;
  if (c) {
    if (c->agw.w && !atomic_load(&irr__finalizing)) irr__win_free(c->agw.w); /* its node stays listed */
    rc = MPI_Comm_free(&c->pc);
    if (c->pd != MPI_COMM_NULL) MPI_Comm_free(&c->pd);
    if (c->nodes.node) IRRCOLL_FREE(c->nodes.node);
    if (c->inter.gcomm != MPI_COMM_NULL) MPI_Comm_free(&c->inter.gcomm);
    if (c->inter.glocal != MPI_COMM_NULL) MPI_Comm_free(&c->inter.glocal);
    if (c->inter.gmap) IRRCOLL_FREE(c->inter.gmap);
    if (c->inter.gflags) IRRCOLL_FREE(c->inter.gflags);
    if (c->scr.buf) IRRCOLL_FREE(c->scr.buf);
    irr__plan_drop(&c->agc);
    irr__plan_drop(&c->rsc);
    irr__plan_drop(&c->a2c);
    if (c->a2own) IRRCOLL_FREE(c->a2own);
    if (c->a2tmp) IRRCOLL_FREE(c->a2tmp);
    if (c->circ.R) IRRCOLL_FREE(c->circ.R);
    if (c->agbuf) IRRCOLL_FREE(c->agbuf);
    IRRCOLL_FREE(c);
  }
  return rc;
}

static int irr__keyval_get(int *kv) {
  int made;
  return irr__keyval_once(&irr__keyval, irr__ctx_delete, kv, &made);
}

/* The model's CPU constants that IRRCOLL_CPU sets, in its keys' order (irr__cpu_parse's), for
   every place that reads or agrees them (irr__ctx_agree, irr__inter_setup). */
#define IRR__NCPU 6
static void irr__cpu_fields(irr_model *md, double *f[IRR__NCPU]) {
  f[0] = &md->cpu_msg, f[1] = &md->cpu_piece, f[2] = &md->cpu_op, f[3] = &md->cpu_type;
  f[4] = &md->cpu_size, f[5] = &md->gamma;
}

/* IRRCOLL_CPU: the model's CPU constants for this host, as `make bench-cpu` prints them,
   "msg=4.5e-8,piece=1.1e-9,op=4.8e-9,type=1.9e-7,size=8.4e-10,gamma=1e-10" (seconds; any
   subset), or "0": the network alone. They weigh the choices, so every rank must use the
   same: rank 0's hold (irr__ctx_agree). Malformed (an unknown key, a value not >= 0, a
   missing '='): the defaults stand, whole. */
static void irr__cpu_parse(const char *env, irr_model *md) {
  static const char *const key[IRR__NCPU] = {"msg", "piece", "op", "type", "size", "gamma"};
  irr_model t = *md;
  double *field[IRR__NCPU];
  irr__cpu_fields(&t, field);
  if (!env) return;
  if (!strcmp(env, "0")) {
    *md = irr_model_net(*md);
    return;
  }
  while (*env) {
    int k;
    size_t n = 0;
    char *end;
    double v;
    for (k = 0; k < IRR__NCPU; k++)
      if (!strncmp(env, key[k], n = strlen(key[k])) && env[n] == '=') break;
    if (k == IRR__NCPU) return;
    v = strtod(env + n + 1, &end);
    if (end == env + n + 1 || !(v >= 0) || v > 1 || (*end && *end != ',')) return;
    *field[k] = v;
    env = *end ? end + 1 : end;
  }
  *md = t;
}

/* The environment's settings, as this rank reads them: forced algorithms (IRRCOLL_ALG),
   the model (IRRCOLL_ALPHA, IRRCOLL_BETA, IRRCOLL_CPU), ranks per node (IRRCOLL_PPN), the
   mock-ups' scratch budget (IRRCOLL_SCRATCH), the checking mode (IRRCOLL_CHECK). A malformed
   IRRCOLL_ALG forces nothing. */
static void irr__ctx_env(irr__ctx *c) {
  const char *env;
  int i;
  c->md = irr_model_default();
  if ((env = getenv("IRRCOLL_ALPHA")) && atof(env) > 0) c->md.alpha = atof(env);
  if ((env = getenv("IRRCOLL_BETA")) && atof(env) > 0) c->md.beta = atof(env);
  irr__cpu_parse(getenv("IRRCOLL_CPU"), &c->md);
  env = getenv("IRRCOLL_ALG");
  for (i = 0; i < IRR_COLL_COUNT; i++) {
    c->force[i] = IRR_ALG_AUTO;
    if (irr_alg_parse(env, irr_coll_name((irr_coll)i), &c->force[i]) != IRR_OK) c->force[i] = IRR_ALG_AUTO;
  }
  c->nodes.ppn = (env = getenv("IRRCOLL_PPN")) && atoi(env) > 0 ? atoi(env) : 0;
  c->scr.budget = IRRCOLL_SCRATCH_DEFAULT;
  if ((env = getenv("IRRCOLL_SCRATCH")) && atof(env) >= 0) c->scr.budget = (size_t)atof(env);
  c->check = (env = getenv("IRRCOLL_CHECK")) && atoi(env) > 0;
}

/* Every rank takes rank 0's settings: they change who sends what to whom, and environments
   may differ between ranks (a hang, not an error, if they did). One MPI_Bcast on the private
   duplicate when the context is made. */
static int irr__ctx_agree(irr__ctx *c) {
  double v[IRR_COLL_COUNT + 5 + IRR__NCPU], *m = v + IRR_COLL_COUNT + 5, *cpu[IRR__NCPU];
  int i, rc;
  irr__cpu_fields(&c->md, cpu);
  for (i = 0; i < IRR_COLL_COUNT; i++) v[i] = (double)c->force[i];
  v[IRR_COLL_COUNT] = c->md.alpha, v[IRR_COLL_COUNT + 1] = c->md.beta;
  v[IRR_COLL_COUNT + 2] = (double)c->nodes.ppn, v[IRR_COLL_COUNT + 3] = (double)c->scr.budget;
  v[IRR_COLL_COUNT + 4] = (double)c->check;
  for (i = 0; i < IRR__NCPU; i++) m[i] = *cpu[i];
  if ((rc = MPI_Bcast(v, IRR_COLL_COUNT + 5 + IRR__NCPU, MPI_DOUBLE, 0, c->pc)) != MPI_SUCCESS) return rc;
  c->check = (int)v[IRR_COLL_COUNT + 4];
  for (i = 0; i < IRR_COLL_COUNT; i++) c->force[i] = (irr_alg)(int)v[i];
  c->md.alpha = v[IRR_COLL_COUNT], c->md.beta = v[IRR_COLL_COUNT + 1];
  c->nodes.ppn = (int)v[IRR_COLL_COUNT + 2], c->scr.budget = (size_t)v[IRR_COLL_COUNT + 3];
  for (i = 0; i < IRR__NCPU; i++) *cpu[i] = m[i];
  return MPI_SUCCESS;
}

/* comm's context, made at the first call (collective: MPI_Comm_dup, then the settings'
   agreement; an intercommunicator's context takes rank 0's settings of the merged
   communicator when its intergroup layout is made, irr__inter_setup). */
static int irr__ctx_get(MPI_Comm comm, irr__ctx **out) {
  int kv, flag = 0, rc, inter = 0;
  irr__ctx *c = NULL;
  rc = irr__keyval_get(&kv);
  if (rc != MPI_SUCCESS) return rc;
  rc = MPI_Comm_get_attr(comm, kv, &c, &flag);
  if (rc != MPI_SUCCESS) return rc;
  if (flag && c) {
    *out = c;
    return MPI_SUCCESS;
  }
  c = (irr__ctx *)IRRCOLL_MALLOC(sizeof *c);
  if (!c) return MPI_ERR_NO_MEM;
  memset(c, 0, sizeof *c);
  c->inter.gcomm = c->inter.glocal = c->pd = MPI_COMM_NULL;
  irr__ctx_env(c);
  rc = MPI_Comm_dup(comm, &c->pc);
  if (rc != MPI_SUCCESS) {
    IRRCOLL_FREE(c);
    return rc;
  }
  rc = MPI_Comm_set_errhandler(c->pc, MPI_ERRORS_RETURN);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_test_inter(c->pc, &inter);
  if (rc == MPI_SUCCESS && !inter) rc = irr__ctx_agree(c);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_set_attr(comm, kv, c);
  if (rc != MPI_SUCCESS) {
    MPI_Comm_free(&c->pc);
    IRRCOLL_FREE(c);
    return rc;
  }
  *out = c;
  return MPI_SUCCESS;
}

/* The algorithm forced for coll on this communicator; an X collective without one of its
   own follows its known-size collective (ir/registry.h). */
static irr_alg irr__forced(const irr__ctx *c, irr_coll coll) {
  irr_alg a = c->force[coll];
  return a == IRR_ALG_AUTO ? c->force[irr_coll_base(coll)] : a;
}

/* comm's context if irrcoll made one (no call made here otherwise), else NULL. */
static irr__ctx *irr__ctx_peek(MPI_Comm comm) {
  int kv = atomic_load(&irr__keyval), flag = 0;
  irr__ctx *c = NULL;
  if (comm == MPI_COMM_NULL || kv == MPI_KEYVAL_INVALID || MPI_Comm_get_attr(comm, kv, &c, &flag) != MPI_SUCCESS || !flag)
    return NULL;
  return c;
}
/* A call handed to MPI's own implementation: the last call's record says so (if comm has a
   context; IRR_Comm_get_last_call fails where it has none). */
static void irr__note_native(MPI_Comm comm, irr_coll coll) {
  irr__ctx *c = irr__ctx_peek(comm);
  if (c) memset(&c->last, 0, sizeof c->last), c->last.coll = coll, c->last.alg = IRR_ALG_COUNT;
}

/* Report an error once through comm's error handler and return it. */
static int irr__raise(MPI_Comm comm, int code) {
  MPI_Comm c = comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm;
  if (code == MPI_SUCCESS) return code;
#ifdef SMPI_H /* SimGrid SMPI 3.32 crashes calling MPI_ERRORS_RETURN through MPI_Comm_call_errhandler */
  {
    MPI_Errhandler eh;
    if (MPI_Comm_get_errhandler(c, &eh) == MPI_SUCCESS && eh == MPI_ERRORS_RETURN) return code;
  }
#endif
  MPI_Comm_call_errhandler(c, code);
  return code;
}
/* ==== end mpi/ctx.h ==== */
/* ==== begin mpi/cache.h ==== */
/* MPI layer: what a call keeps for the next one while its counts repeat (DESIGN.md §3: a
   call whose counts repeat pays only the hash), and the CPU it reports and charges.

   A collective's plan (irr__plan_cache, one per collective in the context): the key of the
   choice's inputs, the algorithm and its parameter, the program, and the derived datatypes
   its messages were sent with. The key and what it selects are equal on every rank (the
   same calls in the same order, a hash of values equal on all ranks), so every rank reuses
   the same choice; whether this rank could keep the program and datatypes (memory) only
   decides whether it rebuilds them, never what it sends. The datatypes depend on this
   rank's buffers (addresses, displacements, types): they are kept under a second key of
   their own and rebuilt when it changes. A collision of the 64-bit key reuses another
   correct algorithm for these sizes' program; the program is rebuilt from the sizes when
   the key's sizes were not the program's (never: the key hashes the sizes).

   The CPU: IRRCOLL_CLOCK() (seconds; MPI_Wtime unless the user defines it: the SMPI
   benchmarks give a thread CPU clock, since SMPI's MPI_Wtime is its simulated clock) times
   the planning of each call (irr_call_info.plan_s); IRRCOLL_CPU_CHARGE(seconds), empty
   unless defined, is called with the model's CPU term as the call spends it (the choice and
   the program before the first round, each round's messages when posted): the SMPI
   benchmarks define it as smpi_execute, so a simulated run pays irrcoll's CPU
   deterministically while computation is otherwise free. */

#ifndef IRRCOLL_CLOCK
#define IRRCOLL_CLOCK() MPI_Wtime()
#endif
#ifndef IRRCOLL_CPU_CHARGE
#define IRRCOLL_CPU_CHARGE(seconds) ((void)(seconds))
#endif

/* The record of a call (IRR_Comm_get_last_call, IRRCOLL_REPORT): coll ran alg (param: its
   parameter), repeat: its counts repeated the previous call's; cpu: the model's CPU of its
   validation, choice and program, charged now (the executor adds its messages' as it posts
   them); t0: IRRCOLL_CLOCK() when the call began. */
static void irr__note_call(irr__ctx *ctx, irr_coll coll, irr_alg alg, int64_t param, int repeat, double cpu, double t0) {
  IRRCOLL_CPU_CHARGE(cpu);
  ctx->last.coll = coll, ctx->last.alg = alg, ctx->last.param = param, ctx->last.repeat = repeat;
  ctx->last.cpu_model_s = cpu, ctx->last.plan_s = IRRCOLL_CLOCK() - t0;
}
/* A call's plan CPU in the model without a choice of its own: n sizes read, nops ops made. */
static double irr__plan_cpu(const irr_model *md, double n, int64_t nops) {
  return (double)n * md->cpu_size + (double)nops * md->cpu_op;
}

/* Programs of more ops than this are not kept (a call builds them in memory of its own). */
#define IRR__KEEP_MAXOPS ((int)1 << 22)

/* Room in c for a program of cap ops (the kept one is forgotten): c->ops, or NULL (none:
   the caller builds in memory of its own). A room that grows is reallocated, one that
   fits is reused: a call costs no fresh pages then. */
static irr_op *irr__plan_room(irr__plan_cache *c, int64_t cap) {
  irr__plan_drop_program(c);
  if (cap > IRR__KEEP_MAXOPS) return NULL;
  if (cap > c->cap) {
    irr_op *o = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
    if (!o) return NULL;
    if (c->ops) IRRCOLL_FREE(c->ops);
    c->ops = o, c->cap = (int)cap;
  }
  return c->ops;
}
/* The program s built in c's room is kept (its datatypes, none yet, beside it). */
static void irr__plan_keep(irr__plan_cache *c, const irr_sched *s) {
  int i;
  c->nops = s->nops, c->tmp = s->tmp;
  if (s->nops > 0 && (c->types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)s->nops * sizeof(MPI_Datatype))))
    for (i = 0; i < s->nops; i++) c->types[i] = MPI_DATATYPE_NULL;
}

/* The kept datatypes for buffers with key `layout` (this rank's), or NULL: none kept (they
   were made for other buffers, and are freed). */
static MPI_Datatype *irr__plan_types(irr__plan_cache *c, uint64_t layout) {
  int i;
  if (!c->types) return NULL;
  if (c->layout != layout)
    for (i = 0; i < c->nops; i++)
      if (c->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&c->types[i]);
  c->layout = layout;
  return c->types;
}
/* ==== end mpi/cache.h ==== */
/* ==== begin mpi/buf.h ==== */
/* MPI layer: datatype views of user buffers. A buffer is a "v" buffer (every block at its
   displacement) or one block; non-contiguous types are staged (packed before, unpacked
   after) so the executor only ever sees bytes. */

typedef struct irr__dt {
  MPI_Datatype type;
  int64_t size;          /* bytes of data per element */
  MPI_Aint extent, true_lb, true_extent;
  int contig;            /* elements are dense bytes: addressable directly */
} irr__dt;

static int irr__dt_info(MPI_Datatype t, irr__dt *d) {
  MPI_Count size;
  MPI_Aint lb, tlb, text;
  int rc;
  d->type = t;
  if (t == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if ((rc = MPI_Type_size_x(t, &size)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_extent(t, &lb, &d->extent)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_true_extent(t, &tlb, &text)) != MPI_SUCCESS) return rc;
  if (size < 0) return MPI_ERR_TYPE;
  d->size = (int64_t)size;
  d->true_lb = tlb;
  d->true_extent = text;
  d->contig = (int64_t)text == d->size && (int64_t)d->extent == d->size;
  return MPI_SUCCESS;
}

/* A user buffer as the executor sees it: every block at its displacement ("v" layout, the
   root of Gatherv/Scatterv) or the rank's own block. Non-contiguous types are staged: packed
   into `stage` (blocks in rank order) before, unpacked after. */
typedef struct irr__buf {
  char *base;              /* user buffer */
  irr__dt dt;
  int v;                   /* 1: v layout */
  int own;                 /* single layout: the rank */
  int64_t count;           /* single layout: elements */
  int64_t pad;             /* single layout: zero bytes after them (Allgatherv: a sender short of
                              its receive count forwards its block at the receive count's size) */
  const int64_t *counts, *displs; /* v: per block, elements (the root's, widened) */
  int p;
  char *stage;             /* packed copy (non-contiguous types) */
  int64_t *start;          /* v & staged: byte offset of block i in stage (p+1 entries) */
  unsigned char *wrote;    /* v: blocks written (staged buffers unpack only those) */
  int discard;             /* bad arguments: receive nothing into it, send nothing real */
  int a2a;                 /* Alltoallv's p*p labels (algo/alltoallv/): 1 the send buffer (the row of
                              rank own, by destination), 2 the receive buffer (its column, by source) */
} irr__buf;

/* Bytes of block i in the buffer; a single-block buffer holds only its own block (the
   schedule may name a range around it whose other blocks are empty). */
/* base + off without pointer arithmetic on NULL: MPI_BOTTOM is NULL in MPICH, and is a
   valid buffer for datatypes with absolute addresses */
static char *irr__at(const void *base, MPI_Aint off) { return (char *)((uintptr_t)base + (uintptr_t)off); }

static int64_t irr__idx_bytes(const irr__buf *b, int i) {
  if (!b->v) return i == b->own ? b->count * b->dt.size + b->pad : 0;
  return b->counts[i] * b->dt.size;
}
/* Label i's block index in the buffer (its counts and displacements), -1 if the buffer does
   not hold it: the identity but for Alltoallv (label d*p + o is block s -> d, s = d - o). */
static int irr__blk_index(const irr__buf *b, int i) {
  int d, o;
  if (!b->a2a) return i;
  d = i / b->p, o = i % b->p;
  if (b->a2a == 1) return (d - o + b->p) % b->p == b->own ? d : -1;
  return d == b->own ? (b->own - o + b->p) % b->p : -1;
}
static int64_t irr__blk_bytes(const irr__buf *b, int i) {
  if ((i = irr__blk_index(b, i)) < 0) return 0;
  return irr__idx_bytes(b, i);
}

static char *irr__blk_addr(const irr__buf *b, int i) {
  i = irr__blk_index(b, i);
  if (!b->v) return b->stage ? b->stage : irr__at(b->base, b->dt.true_lb);
  if (b->stage) return b->stage + b->start[i];
  return irr__at(b->base, b->dt.true_lb + (MPI_Aint)b->displs[i] * b->dt.extent);
}

/* element-wise pack/unpack in pieces that fit MPI's int counts. MPI_Pack/MPI_Unpack reject
   the NULL that MPI_BOTTOM is (MPICH 4.0.2): there a Sendrecv on MPI_COMM_SELF with
   MPI_PACKED at the other end (which matches any type) moves the piece instead. */
static int irr__pack(int unpack, char *user, int64_t count, const irr__dt *dt, char *packed,
                     MPI_Comm comm) {
  int64_t per = dt->size > 0 ? (INT_MAX / 2) / dt->size : count, done = 0;
  if (per < 1) per = 1;
  while (done < count) {
    int n = (int)(count - done < per ? count - done : per), pos = 0, rc;
    char *u = irr__at(user, (MPI_Aint)done * dt->extent);
    if (!u) {
      int nb = (int)(n * dt->size);
      if (unpack) rc = MPI_Sendrecv(packed, nb, MPI_PACKED, 0, 0, MPI_BOTTOM, n, dt->type, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      else rc = MPI_Sendrecv(MPI_BOTTOM, n, dt->type, 0, 0, packed, nb, MPI_PACKED, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      pos = nb;
    } else if (unpack) rc = MPI_Unpack(packed, (int)(n * dt->size), &pos, u, n, dt->type, comm);
    else rc = MPI_Pack(u, n, dt->type, packed, (int)(n * dt->size), &pos, comm);
    if (rc != MPI_SUCCESS) return rc;
    if ((int64_t)pos != n * dt->size) return MPI_ERR_INTERN; /* not a homogeneous system */
    packed += pos;
    done += n;
  }
  return MPI_SUCCESS;
}

/* Stage a non-contiguous buffer: allocate and, if it is read, pack it. */
static int irr__buf_stage(irr__buf *b, int read, MPI_Comm comm) {
  int64_t total = 0;
  int i, nb = b->v ? b->p : 1, rc;
  if ((b->dt.contig && !b->pad) || b->discard) return MPI_SUCCESS;
  if (b->v) {
    b->start = (int64_t *)IRRCOLL_MALLOC(((size_t)b->p + 1) * sizeof(int64_t));
    if (!b->start) return MPI_ERR_NO_MEM;
    for (i = 0; i < b->p; i++) {
      b->start[i] = total;
      total += irr__idx_bytes(b, i);
    }
    b->start[b->p] = total;
  } else {
    total = irr__idx_bytes(b, b->own);
  }
  b->stage = (char *)IRRCOLL_MALLOC((size_t)(total > 0 ? total : 1));
  if (!b->stage) return MPI_ERR_NO_MEM;
  if (read)
    for (i = 0; i < nb; i++) {
      char *u = irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0);
      int64_t cnt = b->v ? b->counts[i] : b->count;
      rc = irr__pack(0, u, cnt, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  if (!b->v && b->pad > 0) memset(b->stage + b->count * b->dt.size, 0, (size_t)b->pad);
  return MPI_SUCCESS;
}

/* Unpack the blocks the schedule wrote, then free the staging. */
static int irr__buf_unstage(irr__buf *b, int write, MPI_Comm comm) {
  int rc = MPI_SUCCESS, i;
  if (b->stage && write)
    for (i = 0; i < (b->v ? b->p : 1) && rc == MPI_SUCCESS; i++) {
      if (b->v && !(b->wrote && b->wrote[i])) continue;
      rc = irr__pack(1, irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0),
                     b->v ? b->counts[i] : b->count, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
    }
  if (b->stage) IRRCOLL_FREE(b->stage);
  if (b->start) IRRCOLL_FREE(b->start);
  b->stage = NULL;
  b->start = NULL;
  return rc;
}
/* ==== end mpi/buf.h ==== */
/* ==== begin mpi/args.h ==== */
/* MPI layer: the arguments every entry point shares. User buffers as address bases, and the
   one widening of counts and displacements to 64 bits, overflow-checked, that every entry
   point validates its count arrays with (int arrays of the MPI-3 signatures, MPI_Count and
   MPI_Aint ones of the MPI-4 `_c` signatures). */

/* User buffer as an address base: MPI_BOTTOM means address 0 (it is NULL in MPICH but a
   sentinel such as (void *)-111 elsewhere, e.g. SimGrid SMPI). */
#include <stdio.h> /* IRRCOLL_CHECK's report line */

static char *irr__base(const void *buf) { return buf == MPI_BOTTOM ? NULL : (char *)(uintptr_t)buf; }

/* a * b for signed a (a displacement), b >= 0, if it fits in 64 bits */
static int irr__smul_ok(int64_t a, int64_t b, int64_t *r) {
  int64_t x;
  if (a >= 0) return irr__mul_ok(a, b, r);
  if (a == INT64_MIN || !irr__mul_ok(-a, b, &x)) return 0;
  *r = -x;
  return 1;
}

/* A count array of p blocks, as the user gave it: one of ci (int) or cc (MPI_Count), and one
   of di (int) or dc (MPI_Aint), or no displacements at all (both NULL); or, with `regular`,
   every block `rcount` elements at displacement i * rcount (MPI_Allgather's layout). */
typedef struct irr__counts {
  const int *ci, *di;
  const MPI_Count *cc;
  const MPI_Aint *dc;
  int regular;
  int64_t rcount;
} irr__counts;

/* Widen p counts and displacements once: cnt[i], dsp[i] in elements of a type of esize bytes
   and extent `extent`, bytes[i] = cnt[i] * esize (any of the three may be NULL). Returns
   MPI_ERR_ARG when the arrays are missing, MPI_ERR_COUNT for a negative count, or for a byte
   count, the total of the bytes, or a nonempty block's byte offset (dsp * extent) that does
   not fit in 64 bits; *total gets the total of the bytes. */
static int irr__widen_on(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                         int64_t *bytes, int64_t *total, int lax) {
  int64_t t = 0, n, d, b, o;
  int i, err = MPI_SUCCESS;
  if (!c->regular && ((!c->ci && !c->cc) || ((c->di || c->dc) == 0 && dsp))) {
    if (!lax) return MPI_ERR_ARG;
    for (i = 0; i < p; i++) {
      if (cnt) cnt[i] = 0;
      if (dsp) dsp[i] = 0;
      if (bytes) bytes[i] = 0;
    }
    if (total) *total = 0;
    return MPI_ERR_ARG;
  }
  for (i = 0; i < p; i++) {
    n = c->regular ? c->rcount : c->ci ? (int64_t)c->ci[i] : (int64_t)c->cc[i];
    if (!c->regular) d = c->di ? (int64_t)c->di[i] : c->dc ? (int64_t)c->dc[i] : 0;
    else if (!irr__mul_ok(i, c->rcount, &d)) { /* i * rcount past 2^63: fine for a 0-extent type */
      if (c->rcount > 0 && extent > 0) return MPI_ERR_COUNT;
      d = 0;
    }
    if (n < 0 || !irr__mul_ok(n, esize, &b) || !irr__add_ok(t, b, &t) ||
        (n > 0 && (!irr__smul_ok(d, extent > 0 ? (int64_t)extent : 0, &o) || !irr__mul_ok(n, extent > 0 ? extent : 0, &o)))) {
      if (!lax) return MPI_ERR_COUNT;
      if (err == MPI_SUCCESS) err = MPI_ERR_COUNT;
      n = d = b = 0;
    }
    if (cnt) cnt[i] = n;
    if (dsp) dsp[i] = d;
    if (bytes) bytes[i] = b;
  }
  if (total) *total = t;
  return err;
}
static int irr__widen(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                      int64_t *bytes, int64_t *total) {
  return irr__widen_on(p, c, esize, extent, cnt, dsp, bytes, total, 0);
}

/* The same for a rank that must still take part when its own arrays are bad (Allgatherv:
   every rank forwards blocks): every entry widened, a bad one (negative, overflowing) as an
   empty block, missing arrays as all empty; returns the first error as irr__widen would. */
static int irr__widen_lax(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                          int64_t *bytes, int64_t *total) {
  return irr__widen_on(p, c, esize, extent, cnt, dsp, bytes, total, 1);
}

/* A datatype is usable only committed; MPI has no query for it, but MPI_Pack of nothing
   checks it (MPICH: an error) and costs no more than a call. Predefined types are always
   committed (no call). comm: one whose handler returns (the private duplicate). */
static int irr__dt_committed(MPI_Datatype t, MPI_Comm comm) {
  int ni, na, nd, comb, pos = 0;
  char one;
  if (MPI_Type_get_envelope(t, &ni, &na, &nd, &comb) != MPI_SUCCESS) return MPI_ERR_TYPE;
  if (comb == MPI_COMBINER_NAMED) return MPI_SUCCESS;
#ifdef SMPI_H /* SimGrid SMPI 3.32 reports MPI_Pack's error through MPI_COMM_WORLD's handler */
  {
    MPI_Errhandler eh;
    int rc;
    if (MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh) != MPI_SUCCESS) return MPI_ERR_TYPE;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Pack(&one, 0, t, &one, 1, &pos, comm);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Errhandler_free(&eh);
    return rc == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_TYPE;
  }
#else
  return MPI_Pack(&one, 0, t, &one, 1, &pos, comm) == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_TYPE;
#endif
}

/* irr__dt_info of a type the call will move data with: it must also be committed. */
static int irr__dt_usable(MPI_Datatype t, irr__dt *d, MPI_Comm comm) {
  int rc = irr__dt_info(t, d);
  return rc != MPI_SUCCESS ? rc : irr__dt_committed(t, comm);
}

/* IRRCOLL_CHECK=1 (read once per communicator context, agreed with rank 0's): before any
   data moves, every rank agrees a digest of what MPI requires to agree (the root, each
   block's bytes: the counts times the type signature's size) and a flag of local errors
   that would change this rank's program (bad counts, an unknown type size, a bad root).
   One MPI_Allreduce (MAX) of {d, -d, flag} on the private duplicate; on a mismatch a second
   one finds the lowest rank that differs and, given the blocks' bytes m, a MIN/MAX pair the
   first index that differs; rank 0 prints one line naming the call. Returns MPI_SUCCESS,
   MPI_ERR_ARG on every rank alike on a mismatch, or MPI's error. */
static uint64_t irr__digest(uint64_t h, int64_t v) {
  int i;
  for (i = 0; i < 8; i++) h = (h ^ (uint64_t)((v >> (8 * i)) & 0xff)) * 1099511628211ull;
  return h;
}
static int irr__check_agree(irr__ctx *ctx, const char *call, int rank, int p, int root, const int64_t *m, int bad) {
  int64_t v[3], w[3], *mn = NULL;
  uint64_t h = irr__digest(14695981039346656037ull, root);
  int rc, i, me, first = -1, at = -1;
  for (i = 0; m && i < p; i++) h = irr__digest(h, m[i]);
  v[0] = (int64_t)(h >> 1), v[1] = -v[0], v[2] = bad != 0;
  if ((rc = MPI_Allreduce(v, w, 3, MPI_INT64_T, MPI_MAX, ctx->pc)) != MPI_SUCCESS) return rc;
  if (w[0] == -w[1] && !w[2]) return MPI_SUCCESS;
  me = v[2] || v[0] != w[0] ? rank : INT_MAX;
  if ((rc = MPI_Allreduce(&me, &first, 1, MPI_INT, MPI_MIN, ctx->pc)) != MPI_SUCCESS) return rc;
  if (m && (mn = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t)))) { /* the first index that differs */
    if ((rc = MPI_Allreduce(m, mn, p, MPI_INT64_T, MPI_MIN, ctx->pc)) == MPI_SUCCESS &&
        (rc = MPI_Allreduce(m, mn + p, p, MPI_INT64_T, MPI_MAX, ctx->pc)) == MPI_SUCCESS)
      for (i = 0; i < p && at < 0; i++)
        if (mn[i] != mn[p + i]) at = i;
    IRRCOLL_FREE(mn);
    if (rc != MPI_SUCCESS) return rc;
  }
  if (rank == 0) {
    if (at >= 0)
      fprintf(stderr, "irrcoll: %s: arguments differ between ranks (IRRCOLL_CHECK): rank %d, index %d\n", call, first, at);
    else
      fprintf(stderr, "irrcoll: %s: arguments differ between ranks (IRRCOLL_CHECK): rank %d\n", call, first);
  }
  return MPI_ERR_ARG;
}
/* ==== end mpi/args.h ==== */
/* ==== begin mpi/exec.h ==== */
/* MPI layer: the schedule executor. It maps a schedule (ir/sched.h) onto nonblocking
   point-to-point calls round by round; it is the one place where irrcoll moves data. */

typedef struct irr__piece {
  char *addr;
  int64_t len;
} irr__piece;

typedef struct irr__exec {
  irr_sched *s;            /* the program; learned receives (IRR_OPF_LEARN) are filled in */
  irr__buf *buf[4];        /* indexed by IRR_BUF_*; [IRR_BUF_TMP] unused */
  char *tmp;               /* scratch of tmpcap bytes */
  int64_t tmpcap;
  int keep_tmp;            /* scratch outlives a run (a program run in phases): irr__exec_free */
  char *tmp_given;         /* scratch supplied by the caller (kept, never grown) */
  irr__piece *pc;          /* piece scratch: two arrays of npc entries (a copy's two sides) */
  int npc;
  MPI_Comm comm;
  int tag;
  MPI_Datatype *keep;      /* per op: the datatypes of a kept plan (mpi/cache.h), or NULL: a
                              message's derived datatype is made when posted and freed when done */
  const irr_model *md;     /* the model whose CPU term each round charges (NULL: none) */
  double cpu, cpu_total;   /* the CPU of the round being posted in that model; of the run */
  int bad;                 /* a receive came short or long: later sends are 0-byte poison */
  int shortok;             /* a block that comes shorter is taken (irr__exec_short) */
  int *blens;              /* derived-type scratch, npc entries */
  MPI_Aint *disps;
  int64_t *cnt;            /* sizes that IRR_OPF_COUNTS messages carry: block b at cnt[b - cnt_lo] */
  int cnt_lo;
  /* IRR_OPF_LEARN receives into a user buffer (the block's place may depend on the sizes
     learned before it): place() puts block o->blo in the buffer view and returns the bytes
     that fit there (< 0: drain the message, it cannot be taken); learned() is told its
     size and whether it was taken whole (0: it did not fit, or was drained). */
  int64_t (*place)(void *arg, const irr_op *o);
  void (*learned)(void *arg, const irr_op *o, int64_t bytes, int taken);
  void *larg;
  char *lmsg;              /* IRR_OPF_LEARN | IRR_OPF_RANGE: the whole message (range, sizes,
                              data), kept for the program's next phase; irr__exec_free */
  /* per round: requests and what each expects; retired scratch that sends may still read */
  MPI_Request *req;
  MPI_Request *live;       /* the round's requests not complete yet, compacted (irr__exec_complete) */
  int *lidx, nlive, nlb;   /* their indices in req; req[0 .. nlb) are in live or complete */
  int nexact, cap;         /* live receives a bad sender could truncate; req's capacity */
  MPI_Status *stat;
  MPI_Datatype *types;
  int64_t *expect, *rws;
  char **old;
  int nold, capold;
  MPI_Request *lreq;       /* learned receives into user buffers, in flight */
  int nlreq, caplreq;
  /* called once a round's messages are complete, before its blocks are marked and its
     copies run (NULL: none): a check that may adapt the rounds still to run (the direct
     Gatherv's heads, mpi/rooted.h); an error it returns ends the run */
  int (*after)(struct irr__exec *X, int lo, int hi);
  /* called as each posted op of a round completes (NULL: none); it may post a later round's
     op early (irr__exec_post_op into X->nreq), marking it in early[] so that its own round
     skips it. The request arrays then have room for every message of the program. */
  int (*each)(struct irr__exec *X, int op, int *nreq);
  unsigned char *early;    /* per op, with each: posted already */
  int *reqop;              /* per request: its op */
  void *aarg;
  /* the resumable state (irr__exec_step): round ops[lo, hi) is posted with nreq requests,
     of which nleft are not complete; wrc: the first error among the completed ones */
  int lo, hi, nreq, nleft, posted, wrc, probing;
  /* lanes (IRR_OPF_LANE, ir/sched.h): a program whose lane-1 ops run beside the rest. They
     go to a second executor, ln, on tag lane_tag (set by the caller, with lanes_ok), sharing
     this one's scratch; X->s then holds lane 0's ops, whole the program. Lane 1's first
     round past 0 is posted once lane 0 has finished its rounds before it (lim_on, until
     that round is posted or lane 0 is done: rounds past lim, lane 0's current, wait), and
     lane 0 never waits for lane 1 (irr__exec_step). done0/done1: each lane's end. */
  struct irr__exec *ln;
  irr_sched *whole, lane[2];
  irr_op *lops;
  int lanes_ok, lane_tag, lim_on, lim, done0, done1;
  int learning, lj;          /* learned receives of the round still to take: ops[lj, hi) */
  int64_t lshift;            /* learned scratch data before ops[lj] in the round */
  int64_t *pnext, ppending;  /* irr__exec_probed: chunks taken per op, still to come */
  /* receive-and-reduce ops (IRR_OPF_REDUCE, Reduce_scatter): the operation, the datatype it
     combines, the bytes of one element in the program's buffers (runit; 0: no reduces), and what to
     subtract from a byte address to get the pointer MPI_Reduce_local wants (the type's
     lower bound where the element's window starts, mpi/reduce_scatter.h) */
  MPI_Op rop;
  MPI_Datatype rdt;
  int64_t runit;
  MPI_Aint rshift;
} irr__exec;

/* Free the executor's own scratch; irr__exec_free: also what it keeps between the runs of a
   phased program. */
static void irr__exec_free_tmp(irr__exec *X) {
  if (X->tmp && X->tmp != X->tmp_given) IRRCOLL_FREE(X->tmp);
  X->tmp = NULL;
  X->tmpcap = 0;
}
static void irr__exec_free(irr__exec *X) {
  irr__exec_free_tmp(X);
  if (X->lmsg) IRRCOLL_FREE(X->lmsg);
  X->lmsg = NULL;
}

/* Memory pieces of an op's message in buffer `which` at `off`, into pc[0 .. cap-1]
   (adjacent pieces merged): returns how many, or -1 if the op does not fit the buffer (or
   cap). A message with IRR_OPF_COUNTS starts with its size header: rw (blo, bhi;
   IRR_OPF_RANGE, sends only) and the sizes from X->cnt. Copies carry no header.
   irr__op_pieces: cap = X->npc. */
static int irr__op_pieces_cap(const irr__exec *X, int which, int64_t off, const irr_op *o, irr__piece *pc, int cap,
                              int64_t *rw) {
  int n = 0, b, j, nl = irr_op_nlabels(o, X->s->size);
  int64_t at = 0, x = o->skip;
  if (cap < 3) return -1;
  if (o->kind != IRR_OP_COPY && (o->flags & IRR_OPF_COUNTS)) {
    if (!X->cnt || o->blo < X->cnt_lo) return -1;
    if (o->flags & IRR_OPF_RANGE) {
      if (!rw || o->kind != IRR_OP_SEND) return -1;
      rw[0] = o->blo;
      rw[1] = o->bhi;
      pc[n].addr = (char *)rw;
      pc[n++].len = 16;
    }
    pc[n].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
    pc[n++].len = 8 * (int64_t)(o->bhi - o->blo);
  }
  if (which == IRR_BUF_TMP) {
    if (off < 0 || o->len < 0 || off + o->len > X->s->tmp) return -1;
    pc[n].addr = X->tmp + off;
    pc[n].len = o->len;
    return n + 1;
  }
  for (j = 0; at < o->len && j < nl; j++, x = 0) {
    irr__buf *B = X->buf[which];
    int64_t take;
    b = irr_op_label(o, j, X->s->size);
    take = irr__blk_bytes(B, b) - x;
    char *a;
    if (take > o->len - at) take = o->len - at;
    if (take <= 0) continue;
    a = irr__blk_addr(B, b) + x;
    if (n > 0 && pc[n - 1].addr + pc[n - 1].len == a) {
      pc[n - 1].len += take;
    } else {
      if (n >= cap) return -1;
      pc[n].addr = a;
      pc[n].len = take;
      n++;
    }
    at += take;
  }
  return at == o->len ? n : -1;
}
static int irr__op_pieces(const irr__exec *X, int which, int64_t off, const irr_op *o, irr__piece *pc,
                          int64_t *rw) {
  return irr__op_pieces_cap(X, which, off, o, pc, X->npc, rw);
}

/* The ops of the message whose head is ops[j]: the head and the IRR_OPF_CONT ops after it
   (ir/sched.h), at least 1. */
static int irr__msg_nops(const irr_sched *s, int j) {
  int k = j + 1;
  while (k < s->nops && (s->ops[k].flags & IRR_OPF_CONT)) k++;
  return k - j;
}

/* Memory pieces of the message whose head is ops[j] (nops ops, irr__msg_nops): every op's
   pieces (irr__op_pieces) one after the other, in op order, adjacent ones merged, into
   pc[0 .. X->npc-1]; -1 if one does not fit. The MPI layer sends and receives them as one
   message (irr__chunk_type over the concatenation): the cost model's one alpha per message. */
static int irr__msg_pieces(const irr__exec *X, int j, int nops, irr__piece *pc, int64_t *rw) {
  int n = 0, k;
  for (k = j; k < j + nops; k++) {
    const irr_op *o = &X->s->ops[k];
    int m = irr__op_pieces_cap(X, o->buf, o->off, o, pc + n, X->npc - n, k == j ? rw : NULL), i = 0;
    if (m < 0) return -1;
    if (n > 0 && m > 0 && pc[n - 1].addr + pc[n - 1].len == pc[n].addr) { /* joins the one before */
      pc[n - 1].len += pc[n].len;
      i = 1;
    }
    if (i) memmove(pc + n, pc + n + 1, (size_t)(m - 1) * sizeof(irr__piece));
    n += m - i;
  }
  return n;
}

/* Describe bytes [from, from+len) of the op's pieces as (address, count, type); a derived
   type (MPI_BOTTOM-based hindexed) when they are not one piece. *freeme: type to free. */
static int irr__chunk_type(const irr__piece *pc, int n, int64_t from, int64_t len, void **addr,
                           int *count, MPI_Datatype *type, int *derived, int *blens, MPI_Aint *disps) {
  int i, k = 0, rc;
  int64_t pos = 0;
  *derived = 0;
  for (i = 0; i < n && len > 0; i++) {
    int64_t s0 = pos, s1 = pos + pc[i].len;
    pos = s1;
    if (s1 <= from) continue;
    {
      int64_t a = from > s0 ? from - s0 : 0, take = s1 - s0 - a;
      if (take > len) take = len;
      blens[k] = (int)take;
      MPI_Get_address(pc[i].addr + a, &disps[k]);
      if (k == 0) *addr = pc[i].addr + a;
      k++;
      from += take;
      len -= take;
    }
  }
  if (k <= 1) {
    *count = k ? blens[0] : 0;
    *type = MPI_BYTE;
    if (!k) *addr = (void *)disps; /* any valid address: nothing is read or written */
    return MPI_SUCCESS;
  }
  rc = MPI_Type_create_hindexed(k, blens, disps, MPI_BYTE, type);
  if (rc == MPI_SUCCESS) rc = MPI_Type_commit(type);
  if (rc != MPI_SUCCESS) return rc;
  *derived = 1;
  *addr = MPI_BOTTOM;
  *count = 1;
  return MPI_SUCCESS;
}

static int64_t irr__nchunks(int64_t len) { return len <= 0 ? 1 : (len + IRR__CHUNK - 1) / IRR__CHUNK; }

/* MPI messages of an op's message: pieces of at most IRR__CHUNK bytes, at least one. A
   learned message (IRR_OPF_LEARN) ends with a piece shorter than IRR__CHUNK (possibly
   empty), so its receiver sees the end; sent dead (poison), it is one empty piece. */
static int64_t irr__op_nchunks(const irr_op *o, int dead) {
  if (o->flags & IRR_OPF_LEARN) return dead ? 1 : irr_op_msglen(o) / IRR__CHUNK + 1;
  if (o->flags & IRR_OPF_EOM) return irr_op_msglen(o) / IRR__CHUNK + 1; /* its receiver may not learn */
  return irr__nchunks(irr_op_msglen(o));
}

/* The same for the message whose head is ops[j] (its IRR_OPF_CONT ops too: their total
   length, the head's flags). */
static int64_t irr__msg_nchunks(const irr_sched *s, int j, int dead) {
  const irr_op *o = &s->ops[j];
  int64_t len = irr__msg_len(s->ops, j, s->nops);
  if (o->flags & IRR_OPF_LEARN) return dead ? 1 : len / IRR__CHUNK + 1;
  if (o->flags & IRR_OPF_EOM) return len / IRR__CHUNK + 1;
  return irr__nchunks(len);
}

/* Receives taken apart from the round's posted messages. */
static int irr__op_learned(const irr_op *o) { return o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_LEARN); }
static int irr__op_probed(const irr_op *o) {
  return o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_PROBE) && !(o->flags & IRR_OPF_LEARN);
}

/* Take a message from src on tag that nobody here can use: into scratch of its size, dropped. */
static int irr__drain(MPI_Comm comm, int src, int bytes, int tag) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, comm, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}
static int irr__exec_drain(const irr__exec *X, int src, int bytes, int tag) { return irr__drain(X->comm, src, bytes, tag); }

/* Make scratch hold `need` bytes, keeping its contents. The old block is retired, not freed:
   the round's sends may still read it (irr__exec_retire frees it after their waits). */
static int irr__exec_grow(irr__exec *X, int64_t need) {
  int64_t cap = X->tmpcap < 64 ? 64 : X->tmpcap;
  char *n;
  if (need <= X->tmpcap) return MPI_SUCCESS;
  if (X->tmp_given) return MPI_ERR_INTERN; /* the caller's scratch has the program's size */
  while (cap < need) cap *= 2;
  if (!(n = (char *)IRRCOLL_MALLOC((size_t)cap))) return MPI_ERR_NO_MEM;
  if (X->tmp && X->nold == X->capold) {
    int c2 = X->capold ? 2 * X->capold : 4;
    char **o2 = (char **)IRRCOLL_MALLOC((size_t)c2 * sizeof(char *));
    if (!o2) {
      IRRCOLL_FREE(n);
      return MPI_ERR_NO_MEM;
    }
    if (X->nold) memcpy(o2, X->old, (size_t)X->nold * sizeof(char *));
    if (X->old) IRRCOLL_FREE(X->old);
    X->old = o2;
    X->capold = c2;
  }
  if (X->tmp) {
    memcpy(n, X->tmp, (size_t)X->tmpcap);
    X->old[X->nold++] = X->tmp;
  }
  X->tmp = n;
  X->tmpcap = cap;
  return MPI_SUCCESS;
}
static void irr__exec_retire(irr__exec *X) {
  while (X->nold > 0) IRRCOLL_FREE(X->old[--X->nold]);
}

/* A receive that came cnt bytes, short of its length, where the caller takes that as MPICH
   and Open MPI do (X->shortok; MPI calls it erroneous): one block in one message, cnt > 0
   (0 bytes is the poison of a rank with bad arguments, which must stay an error), in one
   piece unless the message ends with a short one (IRR_OPF_EOM). Its data is at the block's
   start; the rest stays as it was in the user's memory, and is zeros in a staged copy
   (that is unpacked whole). A head with sizes (IRR_OPF_COUNTS: cnt counts the header) is
   left to the collective's check of the sizes after the round (X->after). 1: taken so. */
static int irr__exec_short(irr__exec *X, int j, int64_t cnt) {
  const irr_op *o = &X->s->ops[j];
  int n, k;
  int64_t at = 0;
  if (!X->shortok || o->kind != IRR_OP_RECV || o->buf == IRR_BUF_TMP || o->buf == IRR_BUF_NONE || cnt <= 0 ||
      irr__msg_nops(X->s, j) != 1 || irr_op_nlabels(o, X->s->size) != 1 || (o->flags & (IRR_OPF_ROOM | IRR_OPF_LEARN)) ||
      X->buf[o->buf]->discard)
    return 0;
  if (o->flags & IRR_OPF_COUNTS) return X->after && cnt >= 8 && cnt < o->len + 8;
  if (cnt >= o->len || (o->len > IRR__CHUNK && !(o->flags & IRR_OPF_EOM))) return 0;
  if (X->buf[o->buf]->stage && (n = irr__op_pieces(X, o->buf, o->off, o, X->pc, NULL)) > 0)
    for (k = 0; k < n; at += X->pc[k++].len)
      if (at + X->pc[k].len > cnt) {
        int64_t z = cnt > at ? cnt - at : 0;
        memset(X->pc[k].addr + z, 0, (size_t)(X->pc[k].len - z));
      }
  return 1;
}
/* ==== end mpi/exec.h ==== */
/* ==== begin mpi/learn.h ==== */
/* MPI layer, the executor's learned receives (IRR_OPF_LEARN): probed piece by piece, each
   taken before the next is probed (the first names the sender when the op's peer is < 0).
   Taken blocking: the next one's place may depend on this one's size, and the round's other
   messages are all posted already, so nothing waits on it. */

static int irr__learn_probe(const irr__exec *X, int *src, int *c) {
  MPI_Status st;
  int rc = MPI_Probe(*src, X->tag, X->comm, &st);
  if (rc != MPI_SUCCESS) return rc;
  *src = st.MPI_SOURCE;
  return MPI_Get_count(&st, MPI_BYTE, c);
}

/* With IRR_OPF_RANGE: the whole message into X->lmsg; then the range, the sizes (X->cnt)
   and the data length (the rest) from its header, checked. */
static int irr__learn_range(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc, i;
  int64_t got = 0, cap = 0, n, *h;
  char *m = NULL;
  do {
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (!m || got + c > cap) {
      char *nm = (char *)IRRCOLL_MALLOC((size_t)(2 * (got + c) + 64));
      if (!nm) { rc = MPI_ERR_NO_MEM; break; }
      if (got) memcpy(nm, m, (size_t)got);
      if (m) IRRCOLL_FREE(m);
      m = nm;
      cap = 2 * (got + c) + 64;
    }
    rc = MPI_Recv(m + got, c, MPI_BYTE, src, X->tag, X->comm, MPI_STATUS_IGNORE);
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (X->lmsg) IRRCOLL_FREE(X->lmsg);
  X->lmsg = m;
  if (rc != MPI_SUCCESS) return rc;
  h = (int64_t *)(void *)m;
  if (got < 16 || h[0] < 0 || h[1] <= h[0] || h[1] > X->s->size) return MPI_ERR_INTERN;
  n = h[1] - h[0];
  if (got < 16 + 8 * n) return MPI_ERR_INTERN;
  for (i = 0; i < n; i++)
    if (h[2 + i] < 0) return MPI_ERR_INTERN;
  if (irr__range_sum(h + 2, 0, (int)n) != got - 16 - 8 * n) return MPI_ERR_INTERN;
  o->peer = src;
  o->blo = (int)h[0];
  o->bhi = (int)h[1];
  o->len = got - 16 - 8 * n;
  X->cnt = h + 2;
  X->cnt_lo = o->blo;
  return MPI_SUCCESS;
}

/* Into scratch at o->off: the size header (IRR_OPF_COUNTS) into X->cnt, the data after it;
   scratch grows as pieces come. */
static int irr__learn_tmp(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc, n, count = 0, derived = 0;
  int64_t h = (o->flags & IRR_OPF_COUNTS) ? 8 * (int64_t)(o->bhi - o->blo) : 0, got = 0;
  irr__piece pc[2];
  if (h && (!X->cnt || o->blo < X->cnt_lo)) return MPI_ERR_INTERN;
  do {
    void *addr = NULL;
    MPI_Datatype t = MPI_BYTE;
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (got + c > h && (rc = irr__exec_grow(X, o->off + got + c - h)) != MPI_SUCCESS) break;
    n = 0;
    if (h) {
      pc[n].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
      pc[n++].len = h;
    }
    if (got + c > h) {
      pc[n].addr = X->tmp + o->off;
      pc[n++].len = got + c - h;
    }
    rc = irr__chunk_type(pc, n, got, c, &addr, &count, &t, &derived, X->blens, X->disps);
    if (rc == MPI_SUCCESS) rc = MPI_Recv(addr, count, t, src, X->tag, X->comm, MPI_STATUS_IGNORE);
    if (derived) MPI_Type_free(&t);
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (rc != MPI_SUCCESS) return rc;
  if (got < h) return MPI_ERR_INTERN;
  o->peer = src;
  o->len = got - h;
  if (o->off + o->len > X->s->tmp) X->s->tmp = o->off + o->len;
  return MPI_SUCCESS;
}

/* Receive a probed piece nonblocking (its place is known; X->lreq, waited by the caller): the
   next piece can be probed while it streams in. */
static int irr__exec_lrecv(irr__exec *X, void *addr, int count, MPI_Datatype t, int src) {
  int rc;
  if (X->nlreq == X->caplreq) { /* room for one more request */
    int c2 = X->caplreq ? 2 * X->caplreq : 16;
    MPI_Request *r2 = (MPI_Request *)IRRCOLL_MALLOC((size_t)c2 * sizeof(MPI_Request));
    if (!r2) return MPI_ERR_NO_MEM;
    if (X->nlreq) memcpy(r2, X->lreq, (size_t)X->nlreq * sizeof(MPI_Request));
    if (X->lreq) IRRCOLL_FREE(X->lreq);
    X->lreq = r2;
    X->caplreq = c2;
  }
  rc = MPI_Irecv(addr, count, t, src, X->tag, X->comm, &X->lreq[X->nlreq]);
  if (rc == MPI_SUCCESS) X->nlreq++;
  return rc;
}
static int irr__exec_lwait(irr__exec *X, int rc) {
  int k, idx = 0, rc2;
  /* every one posted, whatever happened; each as it completes (waited one by one from the
     last posted, the receive costs of blocks that came early pile up after the last one:
     XGatherv's direct at p = 16, 2733 ints, was 0.89 of Gather + Gatherv in SMPI, now 0.99) */
  for (k = 0; k < X->nlreq && idx != MPI_UNDEFINED; k++) {
    rc2 = MPI_Waitany(X->nlreq, X->lreq, &idx, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) rc = rc2;
  }
  X->nlreq = 0;
  return rc;
}

/* Into a user buffer, where the caller's place() puts the block; a message that does not fit
   there (or that place() refuses) is drained. Its place is known once it is probed, so it is
   received nonblocking (irr__exec_learned waits): the next one is probed meanwhile. */
static int irr__learn_user(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc = MPI_SUCCESS, n = 0, taken;
  int64_t got = 0, room;
  if (o->flags & (IRR_OPF_COUNTS | IRR_OPF_RANGE)) return MPI_ERR_INTERN;
  room = X->place ? X->place(X->larg, o) : -1;
  taken = room >= 0;
  if (taken) {
    irr_op q = *o;
    q.len = room;
    if ((n = irr__op_pieces(X, o->buf, o->off, &q, X->pc, NULL)) < 0) return MPI_ERR_INTERN;
  }
  do {
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (taken && got + c <= room) {
      void *addr = NULL;
      int count = 0, derived = 0;
      MPI_Datatype t = MPI_BYTE;
      rc = irr__chunk_type(X->pc, n, got, c, &addr, &count, &t, &derived, X->blens, X->disps);
      if (rc == MPI_SUCCESS) rc = irr__exec_lrecv(X, addr, count, t, src);
      if (derived) MPI_Type_free(&t); /* freed once the receive is done */
    } else {
      taken = 0;
      rc = irr__exec_drain(X, src, c, X->tag);
    }
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (rc != MPI_SUCCESS) return rc;
  o->peer = src;
  o->len = got;
  if (X->learned) X->learned(X->larg, o, got, taken);
  return MPI_SUCCESS;
}

/* The round's learned receives, in op order, from X->lj on. block != 1 (a request's step):
   one whose first piece has not come (MPI_Iprobe) ends the call, *ldone = 0, to resume
   there; once the first piece is there, the rest are taken blocking (their sender posted
   them with it). */
static int irr__exec_learned(irr__exec *X, int block, int *ldone) {
  int rc = MPI_SUCCESS;
  *ldone = 0;
  for (; X->lj < X->hi && rc == MPI_SUCCESS; X->lj++) {
    irr_op *o = &X->s->ops[X->lj];
    if (!irr__op_learned(o)) continue;
    if (block != 1) {
      int flag = 0;
      rc = MPI_Iprobe(o->peer < 0 ? MPI_ANY_SOURCE : o->peer, X->tag, X->comm, &flag, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      if (!flag) return MPI_SUCCESS;
    }
    if (o->flags & IRR_OPF_RANGE) {
      rc = irr__learn_range(X, o);
    } else if (o->buf == IRR_BUF_TMP) {
      o->off += X->lshift;
      rc = irr__learn_tmp(X, o);
      X->lshift += o->len;
    } else {
      rc = irr__learn_user(X, o);
    }
  }
  *ldone = 1;
  return irr__exec_lwait(X, rc);
}

/* The probed receives (IRR_OPF_PROBE, length known) of round ops[lo, hi): take the messages
   in arrival order; each is checked against its op before it is received (nonblocking: the
   transfers overlap, as the posted receives of MPI's own linear Gatherv do), and one of another
   size goes to scratch (marking the result bad), so MPI never truncates. Every expected
   message is taken; one from an unexpected sender is drained. Only for rounds where no other
   message with this tag can arrive from those senders meanwhile (the direct algorithm).
   Resumable: block = 0 returns (*pdone = 0) when no message is there yet (MPI_Iprobe); the
   ops taken so far are in X->pnext, X->ppending still to come. An op with IRR_OPF_EOM (the
   nonblocking calls') ends with the sender's short piece, however many pieces this rank
   expected, so a size mismatch across IRRCOLL_MAX_MSG pieces cannot leave it waiting. */
static int irr__exec_probed(irr__exec *X, int block, int *pdone) {
  const irr_sched *s = X->s;
  int rc = MPI_SUCCESS, j, lo = X->lo, hi = X->hi;
  int64_t *next = X->pnext; /* chunks taken per op */
  *pdone = 0;
  if (!X->ppending) {
    for (j = lo; j < hi; j++)
      if (irr__op_probed(&s->ops[j])) X->ppending += (s->ops[j].flags & IRR_OPF_EOM) ? 1 : irr__op_nchunks(&s->ops[j], 0);
    if (X->ppending == 0) return *pdone = 1, MPI_SUCCESS;
    next = X->pnext = (int64_t *)IRRCOLL_MALLOC((size_t)(hi - lo) * sizeof(int64_t));
    if (!next) return *pdone = 1, MPI_ERR_NO_MEM;
    memset(next, 0, (size_t)(hi - lo) * sizeof(int64_t));
  }
  while (X->ppending > 0 && rc == MPI_SUCCESS) {
    MPI_Status st;
    int cnt = 0, found = -1, n = 0, count = 0, derived = 0, flag = 1;
    int64_t from = 0, len = 0;
    void *addr = NULL;
    MPI_Datatype t = MPI_BYTE;
    rc = block ? MPI_Probe(MPI_ANY_SOURCE, X->tag, X->comm, &st) : MPI_Iprobe(MPI_ANY_SOURCE, X->tag, X->comm, &flag, &st);
    if (rc != MPI_SUCCESS) break;
    if (!flag) return MPI_SUCCESS; /* block = 0: nothing more has come yet */
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    for (j = lo; j < hi && found < 0; j++) {
      const irr_op *o = &s->ops[j];
      if (irr__op_probed(o) && o->peer == st.MPI_SOURCE &&
          ((o->flags & IRR_OPF_EOM) ? next[j - lo] >= 0 : next[j - lo] < irr__op_nchunks(o, 0)))
        found = j;
    }
    if (found >= 0) {
      const irr_op *o = &s->ops[found];
      irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
      from = next[found - lo]++ * IRR__CHUNK;
      len = irr_op_msglen(o) - from < IRR__CHUNK ? irr_op_msglen(o) - from : IRR__CHUNK;
      if (len < 0) len = 0;
      if (!(o->flags & IRR_OPF_EOM)) X->ppending--;
      else if ((int64_t)cnt < IRR__CHUNK) { /* the sender's last piece, whatever this rank expected */
        next[found - lo] = -1;
        X->ppending--;
        if ((int64_t)cnt == len && from + len != irr_op_msglen(o)) X->bad = 1;
      }
      if (((int64_t)cnt == len ||
           ((int64_t)cnt < len && (from == 0 || (o->flags & IRR_OPF_EOM)) && irr__exec_short(X, found, from + cnt))) &&
          !(B && B->discard)) {
        if ((n = irr__op_pieces(X, o->buf, o->off, o, X->pc, NULL)) < 0) { rc = MPI_ERR_INTERN; break; }
        rc = irr__chunk_type(X->pc, n, from, cnt, &addr, &count, &t, &derived, X->blens, X->disps);
        if (rc == MPI_SUCCESS) rc = irr__exec_lrecv(X, addr, count, t, st.MPI_SOURCE);
        if (derived) MPI_Type_free(&t);
        continue;
      }
      if ((int64_t)cnt != len) X->bad = 1;
    } else {
      X->bad = 1; /* nobody here expects this sender */
    }
    rc = irr__exec_drain(X, st.MPI_SOURCE, cnt, X->tag);
  }
  IRRCOLL_FREE(X->pnext);
  X->pnext = NULL;
  X->ppending = 0;
  *pdone = 1;
  return irr__exec_lwait(X, rc); /* matched already: their senders have sent */
}
/* ==== end mpi/learn.h ==== */
/* ==== begin mpi/rounds.h ==== */
/* MPI layer, the executor's rounds: the per-round arrays, posting a round's sends and
   receives, completing them, the copies, and the drivers: irr__exec_run (blocking),
   irr__exec_step (nonblocking, for requests) and irr__run_allv (the v-collectives' staging
   around a run). */

/* The per-round arrays, sized for s's largest round. */
static int irr__exec_alloc(irr__exec *X) {
  const irr_sched *s = X->s;
  int lo = 0, maxspan = 1;
  int64_t maxmsg = 1;
  while (lo < s->nops) {
    int hi = lo;
    int64_t msgs = 0;
    while (hi < s->nops && s->ops[hi].round == s->ops[lo].round) {
      const irr_op *o = &s->ops[hi];
      int span = irr_op_nlabels(o, s->size) + 1, k, nm = 1;
      if (irr_op_is_head(o)) { /* a message of several ops: all their pieces at once */
        nm = irr__msg_nops(s, hi);
        for (k = hi + 1; k < hi + nm; k++) span += irr_op_nlabels(&s->ops[k], s->size) + 1;
        msgs += irr__msg_nchunks(s, hi, 0);
      }
      if (span > maxspan) maxspan = span;
      hi += nm;
    }
    if (msgs > maxmsg) maxmsg = msgs;
    lo = hi;
  }
  if (X->each) {
    int64_t all = 1;
    for (lo = 0; lo < s->nops; lo++)
      if (irr_op_is_head(&s->ops[lo])) all += irr__msg_nchunks(s, lo, 0);
    maxmsg = all;
  }
  X->npc = 2 * maxspan + 2;
  X->pc = (irr__piece *)IRRCOLL_MALLOC((size_t)X->npc * 2 * sizeof(irr__piece));
  X->cap = (int)maxmsg;
  X->req = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  X->stat = (MPI_Status *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(MPI_Status)); /* + MPI_Waitall's */
  X->types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Datatype));
  X->expect = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int64_t));
  X->rws = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(int64_t));
  X->reqop = (int *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int));
  X->live = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  X->lidx = (int *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int));
  X->blens = (int *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(int));
  X->disps = (MPI_Aint *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(MPI_Aint));
  if (!X->pc || !X->req || !X->stat || !X->types || !X->expect || !X->rws || !X->reqop || !X->blens || !X->disps ||
      !X->live || !X->lidx)
    return MPI_ERR_NO_MEM;
  if (X->tmp_given) {
    X->tmp = X->tmp_given;
    return MPI_SUCCESS;
  }
  return irr__exec_grow(X, s->tmp); /* nothing in flight: retired at once */
}

static void irr__exec_release(irr__exec *X) {
  void **a[11];
  int i;
  a[0] = (void **)&X->pc, a[1] = (void **)&X->req, a[2] = (void **)&X->stat, a[3] = (void **)&X->types;
  a[4] = (void **)&X->expect, a[5] = (void **)&X->rws, a[6] = (void **)&X->blens, a[7] = (void **)&X->disps;
  a[8] = (void **)&X->reqop, a[9] = (void **)&X->live, a[10] = (void **)&X->lidx;
  for (i = 0; i < 11; i++) {
    if (*a[i]) IRRCOLL_FREE(*a[i]);
    *a[i] = NULL;
  }
  irr__exec_retire(X);
  if (X->pnext) IRRCOLL_FREE(X->pnext);
  X->pnext = NULL;
  if (X->lreq) IRRCOLL_FREE(X->lreq);
  X->lreq = NULL;
  X->caplreq = 0;
  if (X->old) IRRCOLL_FREE(X->old);
  X->old = NULL;
  X->capold = 0;
  if (X->tmp_given) X->tmp = NULL;
  else if (!X->keep_tmp) irr__exec_free_tmp(X);
}

/* A head (IRR_OPF_ROOM) is one MPI message at both ends: its sizes and a whole slot fit one piece. */
typedef char irr__head_fits_one_piece[IRR_HEAD_ROOM + 8 <= IRR__CHUNK ? 1 : -1];

/* A message with sizes (IRR_OPF_COUNTS, known-size receiver) whose data this rank discards
   (an empty or bad block) still carries its sizes: its receiver posted room for them. */
static int irr__op_hdr_only(const irr__exec *X, const irr_op *o, const irr__buf *B) {
  return o->kind == IRR_OP_SEND && (o->flags & IRR_OPF_COUNTS) && !(o->flags & (IRR_OPF_LEARN | IRR_OPF_RANGE)) &&
         B && B->discard && !X->bad && o->len == 0;
}

/* Post one message's MPI messages (its chunks) into X->req from *nreq on: o is its head,
   followed by its IRR_OPF_CONT ops, if any (irr__msg_nops). A message of several ops is one
   MPI message of their pieces in order (one derived type over the concatenation, chunked
   at IRR__CHUNK like any other), received likewise with the sum as its expected length; it
   is dead (0-byte poison, or a receive whose data nobody keeps) if any of its ops is. */
static int irr__exec_post_op(irr__exec *X, const irr_op *o, int *nreq) {
  int recv = o->kind == IRR_OP_RECV, n = 0, rc = MPI_SUCCESS, tg = X->tag + ((o->flags & IRR_OPF_ALTTAG) ? IRR__ALTTAG : 0);
  int j = (int)(o - X->s->ops), nm = irr__msg_nops(X->s, j), k;
  irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
  int hdr = irr__op_hdr_only(X, o, B), dead = !hdr && (o->buf == IRR_BUF_NONE || (B && B->discard) || (!recv && X->bad));
  int64_t c, nc, mlen = irr__msg_len(X->s->ops, j, X->s->nops);
  static char dummy;
  for (k = j + 1; k < j + nm; k++) { /* the pieces' buffers */
    const irr_op *q = &X->s->ops[k];
    if (q->buf == IRR_BUF_NONE || (q->buf != IRR_BUF_TMP && X->buf[q->buf]->discard)) dead = 1;
  }
  if (nm > 1 && (hdr || (o->flags & (IRR_OPF_ROOM | IRR_OPF_COUNTS | IRR_OPF_LEARN)))) return MPI_ERR_INTERN;
  nc = irr__msg_nchunks(X->s, j, dead);
  if (X->keep && X->keep[j] != MPI_DATATYPE_NULL && nc == 1 && !dead && !hdr) { /* a kept datatype (mpi/cache.h) */
    int ni = 0, na = 0, nd = 0, comb = 0;
    X->types[*nreq] = MPI_DATATYPE_NULL;
    X->reqop[*nreq] = j;
    X->expect[*nreq] = recv ? mlen : -1;
    if (recv) rc = MPI_Irecv(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    else rc = MPI_Isend(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    if (rc == MPI_SUCCESS) ++*nreq;
    if (X->md && MPI_Type_get_envelope(X->keep[j], &ni, &na, &nd, &comb) == MPI_SUCCESS)
      X->cpu += X->md->cpu_msg + (ni > 1 ? (double)(ni - 2) * X->md->cpu_piece : 0); /* hindexed: count + its lengths */
    return rc;
  }
  if (hdr) { /* the sizes alone */
    if (!X->cnt || o->blo < X->cnt_lo) return MPI_ERR_INTERN;
    X->pc[0].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
    X->pc[0].len = mlen;
    n = 1;
  } else if (!dead && (n = irr__msg_pieces(X, j, nm, X->pc, X->rws + 2 * *nreq)) < 0) {
    return MPI_ERR_INTERN;
  }
  if (recv && (o->flags & IRR_OPF_ROOM)) { /* one message into the whole slot, header first */
    int64_t h = mlen - o->len;
    if (o->buf != IRR_BUF_TMP || o->off < h || o->off + IRR_HEAD_ROOM > X->s->tmp || h + IRR_HEAD_ROOM > IRR__CHUNK)
      return MPI_ERR_INTERN;
    X->pc[0].addr = X->tmp + o->off - h;
    X->pc[0].len = h + IRR_HEAD_ROOM;
    memset(X->pc[0].addr, 0xff, (size_t)h); /* no header arrives: sizes of -1, never a size */
    n = 1;
    nc = 1;
  }
  for (c = 0; c < nc && rc == MPI_SUCCESS; c++) {
    int64_t from = c * IRR__CHUNK, len = mlen - from < IRR__CHUNK ? mlen - from : IRR__CHUNK;
    void *addr = &dummy;
    int count = 0, derived = 0;
    MPI_Datatype t = MPI_BYTE;
    if (len < 0) len = 0;
    if (!dead)
      rc = irr__chunk_type(X->pc, n, from, (recv && (o->flags & IRR_OPF_ROOM)) ? X->pc[0].len : len, &addr, &count, &t,
                           &derived, X->blens, X->disps);
    if (rc != MPI_SUCCESS) break;
    X->types[*nreq] = derived ? t : MPI_DATATYPE_NULL;
    if (derived && X->keep && nc == 1 && !hdr) X->keep[j] = t, X->types[*nreq] = MPI_DATATYPE_NULL; /* kept for the next call */
    if (X->md) X->cpu += X->md->cpu_msg + (derived ? X->md->cpu_type + (n - 1) * (X->md->cpu_piece + X->md->cpu_op) : 0);
    X->reqop[*nreq] = (int)(o - X->s->ops);
    /* a head (IRR_OPF_ROOM) may come shorter: its size is the collective's to judge (irr__v_heads);
       a dead receive is not checked, but a bad sender can truncate it (-2, irr__exec_all) */
    X->expect[*nreq] = !recv || (o->flags & IRR_OPF_ROOM) ? -1 : dead ? -2 : len;
    if (recv) rc = MPI_Irecv(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else rc = MPI_Isend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    if (rc == MPI_SUCCESS) ++*nreq;
    else if (derived && X->types[*nreq] != MPI_DATATYPE_NULL) MPI_Type_free(&X->types[*nreq]);
  }
  return rc;
}

/* Post the round's receives, then its sends (learned and probed receives are taken apart). */
static int irr__exec_post(irr__exec *X, int lo, int hi, int *nreq) {
  int pass, j, rc = MPI_SUCCESS;
  for (pass = 0; pass < 2 && rc == MPI_SUCCESS; pass++)
    for (j = lo; j < hi && rc == MPI_SUCCESS; j++) {
      const irr_op *o = &X->s->ops[j];
      if (!irr_op_is_head(o) || (o->kind == IRR_OP_RECV) != (pass == 0) || irr__op_learned(o) || irr__op_probed(o) ||
          (X->early && X->early[j]))
        continue; /* copies; the ops that continue a message go with its head */
      rc = irr__exec_post_op(X, o, nreq);
    }
  return rc;
}

/* Complete the posted requests as they complete: the per-message work at a receiver (e.g.
   SimGrid's per-message overhead, a real library's matching and unpacking) then overlaps the
   transfers still under way, as in MPI's own linear Gatherv; waiting in posting order made
   IRR_Gatherv's linear schedule 9% slower than MPI_Gatherv at p = 256 in SMPI. A pass tests
   every request not complete yet (MPI_Test: kept in a compact array, so a pass costs what is
   still live) and takes those that are; only a pass that found none waits (MPI_Waitany).
   MPI_Waitany alone cost O(n) a completion in MPICH (it looks at every handle of its array
   each call): 1.1 us a message in a round of 512 self messages, 3.4 us in one of 2048;
   with the passes 0.1 us. But where the messages come a few at a time, a pass after each
   would poll once per request still under way (O(n^2) polls in a round of n receives: SMPI,
   which charges 100 ns a failed test, put MPI's linear Gatherv at p = 64 8 us ahead of the
   same schedule run so). So a round of at most IRR__WAIT_MAXLIVE live requests tests one
   request first, makes passes while each takes at least half of what it tested, and
   otherwise completes by MPI_Waitany alone (a scan of at most that many handles a
   message). MPI_Waitall only where no bad sender can truncate a request (irr__exec_all);
   elsewhere not MPI_Waitall/Waitsome: MPICH reports a failed request of those (e.g. a
   truncated receive) through MPI_COMM_WORLD's error handler, which would abort a program
   whose own communicator returns errors. Every receive must get exactly its
   length: a short or truncated one marks the result bad. block = 0 (irr__exec_step): only
   those already complete, X->nleft of X->nreq left; the first error into X->wrc. The each
   hook may post more requests: X->nreq and X->nleft grow. */
#define IRR__WAIT_MAXLIVE 64
static void irr__exec_done(irr__exec *X, int i, MPI_Status *st, int ec) {
  int cls = MPI_SUCCESS;
  X->nleft--;
  X->stat[i] = *st;
  if (ec != MPI_SUCCESS) MPI_Error_class(ec, &cls);
  if (X->expect[i] >= 0) { /* a real receive: exactly the expected bytes, or bad */
    int got = -1;
    if (cls == MPI_ERR_TRUNCATE) X->bad = 1;
    else if (ec == MPI_SUCCESS && (MPI_Get_count(&X->stat[i], MPI_BYTE, &got), (int64_t)got != X->expect[i]) &&
             !((int64_t)got < X->expect[i] && irr__exec_short(X, X->reqop[i], got)))
      X->bad = 1;
  }
  if (ec != MPI_SUCCESS && cls != MPI_ERR_TRUNCATE && X->wrc == MPI_SUCCESS) X->wrc = ec;
  if (X->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&X->types[i]);
  if (X->each && X->wrc == MPI_SUCCESS) {
    int n0 = X->nreq, e = X->each(X, X->reqop[i], &X->nreq);
    X->nleft += X->nreq - n0;
    if (e != MPI_SUCCESS) X->wrc = e;
  }
}
/* Live request k is complete: it leaves the compact array (the last takes its place). */
static int irr__exec_unlive(irr__exec *X, int k) {
  int i = X->lidx[k];
  X->req[i] = MPI_REQUEST_NULL;
  if (X->expect[i] != -1) X->nexact--;
  X->live[k] = X->live[X->nlive - 1], X->lidx[k] = X->lidx[X->nlive - 1], X->nlive--;
  return i;
}
/* Every live request, none of which an erroneous sender could truncate (sends, ROOM
   receives: expect -1): MPI_Waitall, as MPI's own linear algorithms wait (no test polls; a failed
   request there would be a failure of MPI's own, not bad arguments). The last live ones
   first, so that none moves before it is taken. */
static void irr__exec_all(irr__exec *X) {
  MPI_Status *st = X->stat + X->cap;
  int k, n = X->nlive, ec = MPI_Waitall(n, X->live, st);
  for (k = n - 1; k >= 0; k--)
    irr__exec_done(X, irr__exec_unlive(X, k), &st[k], ec == MPI_ERR_IN_STATUS ? st[k].MPI_ERROR : ec);
}
static int irr__exec_complete(irr__exec *X, int block) {
  int mode = 0; /* 0: one request first, 1: passes, 2: MPI_Waitany alone (few live, few come at once) */
  while (X->nleft > 0) {
    MPI_Status st;
    int ec, flag, k, found = 0, tested;
    for (; X->nlb < X->nreq; X->nlb++) /* the requests still to complete, in a compact array */
      if (X->req[X->nlb] != MPI_REQUEST_NULL) {
        X->live[X->nlive] = X->req[X->nlb], X->lidx[X->nlive++] = X->nlb;
        if (X->expect[X->nlb] != -1) X->nexact++;
      }
    if (block && X->nexact == 0 && X->nlive > 1) { /* nothing to truncate: all at once */
      irr__exec_all(X);
      continue;
    }
    if (X->nlive > IRR__WAIT_MAXLIVE) mode = 1;
    if (mode == 0) { /* a pass only if it has come */
      flag = 0;
      ec = MPI_Test(&X->live[0], &flag, &st);
      mode = flag || ec != MPI_SUCCESS ? 1 : 2;
      if (mode == 1) irr__exec_done(X, irr__exec_unlive(X, 0), &st, ec), found = 1;
    } else if (mode == 1) {
      for (k = 0, tested = X->nlive; k < X->nlive && X->nleft > 0;) { /* a pass */
        flag = 0;
        ec = MPI_Test(&X->live[k], &flag, &st);
        if (!flag && ec == MPI_SUCCESS) {
          k++;
          continue;
        }
        irr__exec_done(X, irr__exec_unlive(X, k), &st, ec), found++;
      }
      if (2 * found < tested && X->nlive <= IRR__WAIT_MAXLIVE) mode = 2;
    }
    if (found || X->nleft <= 0) continue;
    if (!block) return 0;
    ec = MPI_Waitany(X->nlive, X->live, &k, &st);
    if (k == MPI_UNDEFINED || k < 0 || k >= X->nlive) {
      if (ec != MPI_SUCCESS && X->wrc == MPI_SUCCESS) X->wrc = ec;
      X->nleft = 0;
      break;
    }
    irr__exec_done(X, irr__exec_unlive(X, k), &st, ec);
  }
  return 1;
}

/* Blocks now in a staged v buffer (unstaged afterwards). */
static void irr__exec_mark(irr__exec *X, int lo, int hi) {
  const irr_sched *s = X->s;
  int j, b;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &s->ops[j];
    int w = o->kind == IRR_OP_RECV ? o->buf : o->kind == IRR_OP_COPY ? o->dbuf : IRR_BUF_NONE;
    if ((w == IRR_BUF_SEND || w == IRR_BUF_RECV) && X->buf[w]->wrote && !X->bad)
      for (b = 0; b < irr_op_nlabels(o, s->size); b++) {
        int i = irr__blk_index(X->buf[w], irr_op_label(o, b, s->size));
        if (i >= 0) X->buf[w]->wrote[i] = 1;
      }
  }
}

/* The round's copies, after its messages: piece against piece. */
static int irr__exec_copies(irr__exec *X, int lo, int hi) {
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &X->s->ops[j];
    irr__piece *src = X->pc, *dst = X->pc + X->npc;
    int ns, nd, a = 0, b = 0;
    int64_t ua = 0, ub = 0;
    if (o->kind != IRR_OP_COPY) continue;
    if ((o->buf != IRR_BUF_TMP && X->buf[o->buf]->discard) || (o->dbuf != IRR_BUF_TMP && X->buf[o->dbuf]->discard))
      continue;
    ns = irr__op_pieces(X, o->buf, o->off, o, src, NULL);
    nd = irr__op_pieces(X, o->dbuf, o->doff, o, dst, NULL);
    if (ns < 0 || nd < 0) return MPI_ERR_INTERN;
    while (a < ns && b < nd) {
      int64_t n = src[a].len - ua < dst[b].len - ub ? src[a].len - ua : dst[b].len - ub;
      memmove(dst[b].addr + ub, src[a].addr + ua, (size_t)n);
      ua += n;
      ub += n;
      if (ua == src[a].len) a++, ua = 0;
      if (ub == dst[b].len) b++, ub = 0;
    }
  }
  return MPI_SUCCESS;
}

/* The round's receive-and-reduce ops, after its messages and before its copies: each
   combines its arrived data (a slot in scratch) into the data at (dbuf, doff), one
   contiguous piece, by MPI_Reduce_local in pieces that fit an int count. Nothing once some
   message came bad (the poison of a rank with bad arguments: its data is not there). */
static int irr__exec_reduces(irr__exec *X, int lo, int hi) {
  int j, rc;
  for (j = lo; j < hi && !X->bad; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t cnt, done = 0, U = X->runit, per = INT_MAX / 2;
    char *in, *acc;
    if (!(o->flags & IRR_OPF_REDUCE) || o->len == 0) continue;
    if (o->dbuf != IRR_BUF_TMP && X->buf[o->dbuf]->discard) continue;
    if (o->buf != IRR_BUF_TMP || U <= 0 || o->len % U || irr__op_pieces(X, o->dbuf, o->doff, o, X->pc, NULL) != 1)
      return MPI_ERR_INTERN;
    in = X->tmp + o->off, acc = X->pc[0].addr, cnt = o->len / U;
    while (done < cnt) {
      int k = (int)(cnt - done < per ? cnt - done : per);
      char *a = in + done * U, *b = acc + done * U;
      if (o->flags & IRR_OPF_RIGHT) { /* acc = acc (+) arrived: into the slot, then back */
        rc = MPI_Reduce_local(irr__at(b, -X->rshift), irr__at(a, -X->rshift), k, X->rdt, X->rop);
        if (rc == MPI_SUCCESS) memcpy(b, a, (size_t)k * (size_t)U);
      } else {
        rc = MPI_Reduce_local(irr__at(a, -X->rshift), irr__at(b, -X->rshift), k, X->rdt, X->rop);
      }
      if (rc != MPI_SUCCESS) return rc;
      done += k;
    }
  }
  return MPI_SUCCESS;
}

/* The sizes that the round's IRR_OPF_ROOM receives carried, from their slots into X->cnt. */
static void irr__exec_room_sizes(irr__exec *X, int lo, int hi) {
  int j;
  if (!X->cnt) return; /* no program with sizes: nothing to look at, every round */
  for (j = lo; j < hi; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t h = 8 * (int64_t)(o->bhi - o->blo);
    if (o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_ROOM) && o->blo >= X->cnt_lo)
      memcpy(X->cnt + (o->blo - X->cnt_lo), X->tmp + o->off - h, (size_t)h);
  }
}

/* Run program X->s round by round: post the sends and receives (receives first), take the
   learned and probed receives, complete, then run the round's reduces and copies. A short or truncated
   message marks the result bad (MPI_ERR_TRUNCATE) and turns this rank's later sends into
   0-byte messages, so the error travels down the tree instead of bad data. The test-only
   hook IRRCOLL_TRACE sees the program at the end, as run: learned receives filled in.
   Resumable: irr__exec_begin (scratch), irr__exec_step until *done, irr__exec_end (always,
   after begin). A step posts the current round if it is not posted yet, then completes its
   requests: block = 1 all of them, block = 0 only those already complete (it returns at
   once, *done = 0, if any is not), and goes on to the next round while rounds complete;
   block = -1 only posts the current round (a request's start: no test that costs time).
   Probed receives (IRR_OPF_PROBE) are taken as they come (MPI_Iprobe with block = 0).
   Learned ones (IRR_OPF_LEARN) in op order, with block = 0 each once its first piece has
   come (MPI_Iprobe; IRR_Ixgatherv's root). An error ends the run: *done = 1, the error
   returned. */
static int irr__exec_begin1(irr__exec *X) {
  X->lo = X->hi = X->nreq = X->nleft = X->posted = X->probing = X->learning = 0;
  X->pnext = NULL;
  X->ppending = 0;
  X->wrc = MPI_SUCCESS;
  return irr__exec_alloc(X);
}
/* A program with lanes: its ops split into X->lane[0] (run by X) and X->lane[1] (by X->ln),
   in order, the flag dropped; lane 1 gets X's settings, its tag and X's scratch. Only the
   plain ops of a reduce-scatter (ir/check.h checks that the lanes share no scratch, no
   message and no written buffer): no hooks, learned or counted messages. */
static int irr__exec_lanes(irr__exec *X) {
  const irr_sched *s = X->s;
  int j, n1 = 0, a = 0, b, odd = 0;
  irr__exec *Y;
  for (j = 0; j < s->nops; j++) {
    const irr_op *o = &s->ops[j];
    if (o->flags & IRR_OPF_LANE) n1++;
    if (o->flags & (IRR_OPF_LEARN | IRR_OPF_COUNTS | IRR_OPF_PROBE | IRR_OPF_ROOM)) odd = 1;
  }
  if (n1 == 0) return MPI_SUCCESS;
  if (!X->lanes_ok || odd || X->each || X->after || X->keep || X->tmp_given) return MPI_ERR_INTERN;
  Y = (irr__exec *)IRRCOLL_MALLOC(sizeof *Y);
  X->lops = (irr_op *)IRRCOLL_MALLOC((size_t)s->nops * sizeof(irr_op));
  if (!Y || !X->lops) {
    if (Y) IRRCOLL_FREE(Y);
    return MPI_ERR_NO_MEM;
  }
  memset(Y, 0, sizeof *Y);
  X->ln = Y, X->whole = X->s, X->lane[0] = X->lane[1] = *s;
  for (j = 0, b = s->nops - n1; j < s->nops; j++) {
    irr_op o = s->ops[j];
    int l = (o.flags & IRR_OPF_LANE) != 0;
    o.flags = (uint16_t)(o.flags & ~IRR_OPF_LANE);
    X->lops[l ? b++ : a++] = o;
  }
  X->lane[0].ops = X->lops, X->lane[0].nops = a;
  X->lane[1].ops = X->lops + a, X->lane[1].nops = n1;
  X->s = &X->lane[0], Y->s = &X->lane[1];
  memcpy(Y->buf, X->buf, sizeof Y->buf);
  Y->comm = X->comm, Y->tag = X->lane_tag, Y->md = X->md, Y->bad = X->bad, Y->shortok = X->shortok;
  Y->rop = X->rop, Y->rdt = X->rdt, Y->runit = X->runit, Y->rshift = X->rshift;
  Y->lim_on = 1; /* until its first round past 0 is posted */
  return MPI_SUCCESS;
}
static int irr__exec_begin(irr__exec *X) {
  int rc;
  X->ln = NULL, X->lops = NULL, X->done0 = X->done1 = 0;
  if ((rc = irr__exec_lanes(X)) != MPI_SUCCESS || (rc = irr__exec_begin1(X)) != MPI_SUCCESS || !X->ln) return rc;
  X->ln->tmp_given = X->tmp, X->ln->tmpcap = X->tmpcap;
  return irr__exec_begin1(X->ln);
}
static int irr__exec_step1(irr__exec *X, int block, int *done) {
  int rc = MPI_SUCCESS;
  *done = 0;
  while (X->lo < X->s->nops) {
    if (!X->posted && X->lim_on && X->s->ops[X->lo].round > X->lim) return MPI_SUCCESS; /* lane 1 waits for lane 0 */
    if (!X->posted && X->lim_on && X->s->ops[X->lo].round > 0) X->lim_on = 0; /* once only */
    if (!X->posted) {
      int hi = X->lo;
      while (hi < X->s->nops && X->s->ops[hi].round == X->s->ops[X->lo].round) hi++;
      X->hi = hi, X->nreq = 0, X->posted = 1, X->wrc = MPI_SUCCESS;
      X->cpu = 0, X->nlive = X->nlb = X->nexact = 0;
      rc = irr__exec_post(X, X->lo, hi, &X->nreq);
      if (X->md) IRRCOLL_CPU_CHARGE(X->cpu), X->cpu_total += X->cpu; /* the round's CPU in the model (mpi/cache.h) */
      X->nleft = X->nreq;
      X->lj = X->lo, X->lshift = 0, X->probing = 0;
      X->learning = rc == MPI_SUCCESS;
      if (rc != MPI_SUCCESS) block = 1; /* whatever was posted completes before the error returns */
      else if (block < 0) return MPI_SUCCESS; /* post only */
    }
    if (X->learning) {
      int ldone = 0;
      rc = irr__exec_learned(X, block, &ldone);
      if (!ldone) return MPI_SUCCESS;
      X->learning = 0;
      X->probing = rc == MPI_SUCCESS;
      if (rc != MPI_SUCCESS) block = 1;
    }
    if (X->probing) {
      int pdone = 0;
      rc = irr__exec_probed(X, block, &pdone);
      if (!pdone) return MPI_SUCCESS;
      X->probing = 0;
      if (rc != MPI_SUCCESS) block = 1;
    }
    if (!irr__exec_complete(X, block)) return MPI_SUCCESS;
    irr__exec_retire(X);
    X->posted = 0;
    if (rc == MPI_SUCCESS) rc = X->wrc;
    if (rc == MPI_SUCCESS) irr__exec_room_sizes(X, X->lo, X->hi);
    if (rc == MPI_SUCCESS && X->after) rc = X->after(X, X->lo, X->hi);
    if (rc != MPI_SUCCESS) break;
    irr__exec_mark(X, X->lo, X->hi);
    if (X->runit > 0 && (rc = irr__exec_reduces(X, X->lo, X->hi)) != MPI_SUCCESS) break;
    if ((rc = irr__exec_copies(X, X->lo, X->hi)) != MPI_SUCCESS) break;
    X->lo = X->hi;
  }
  *done = 1;
  return rc;
}
/* Both lanes, lane 0 first; block as irr__exec_step1's, but a blocking step polls both
   (neither may wait for the other) until the lane left can block alone. An error in one
   lane ends the run once the other's posted requests are complete. */
static int irr__exec_step(irr__exec *X, int block, int *done) {
  irr__exec *Y = X->ln;
  int rc = MPI_SUCCESS;
  if (!Y) return irr__exec_step1(X, block, done);
  for (;;) {
    if (!X->done0) rc = irr__exec_step1(X, X->done1 ? block : block < 0 ? -1 : 0, &X->done0);
    if (rc == MPI_SUCCESS && !X->done1) {
      if (X->done0) Y->lim_on = 0;
      else Y->lim = X->s->ops[X->lo].round;
      Y->bad |= X->bad;
      rc = irr__exec_step1(Y, X->done0 ? block : block < 0 ? -1 : 0, &X->done1);
      X->bad |= Y->bad;
    }
    if (rc != MPI_SUCCESS || (X->done0 && X->done1) || block <= 0) break;
  }
  if (rc != MPI_SUCCESS) {
    irr__exec *Z = X->done0 ? Y : X; /* the lane still running */
    if (Z->posted) irr__exec_complete(Z, 1), irr__exec_retire(Z), Z->posted = 0;
    X->done0 = X->done1 = 1;
  }
  *done = X->done0 && X->done1;
  if (*done) X->cpu_total += Y->cpu_total, Y->cpu_total = 0;
  return rc;
}
static void irr__exec_end(irr__exec *X) {
  if (X->ln) {
    irr__exec_release(X->ln);
    IRRCOLL_FREE(X->ln);
    X->ln = NULL;
  }
  if (X->lops) IRRCOLL_FREE(X->lops), X->lops = NULL, X->s = X->whole;
  irr__exec_release(X);
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(X->s); /* test-only: the program as it ran (test/mpi/test_same.c) */
#endif
}
static int irr__exec_run(irr__exec *X) {
  int rc = irr__exec_begin(X), done = 0;
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(X, 1, &done);
  irr__exec_end(X);
  return rc;
}

/* Run program s of an allgather-shaped collective: vb holds every block at its
   displacement (v layout over vb->p blocks; the caller fills the view), ob the own block.
   Non-contiguous types are staged (vb packed first only if read_recv: its blocks are
   sources), the program runs on comm with tag, written blocks are unstaged. *bad in: send
   0-byte poison (bad arguments here); out: some receive came short or long. In halves for
   the persistent requests (mpi/request.h): irr__allv_start stages and begins X (X->s set
   only once it has begun), irr__allv_finish ends it and unstages (rc: the run's result).
   keep: per op, the datatypes of a kept plan (mpi/cache.h; NULL: none kept); tmp: the kept
   plan's scratch of at least s->tmp bytes, which its datatypes may address (NULL: the
   executor's own). */
static int irr__allv_start_tmp(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                               int read_recv, int bad, irr__exec *X, char *tmp) {
  int rc;
  memset(X, 0, sizeof *X);
  if (tmp) X->tmp_given = tmp, X->tmpcap = s->tmp;
  if (!vb->dt.contig) {
    if (!(vb->wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)vb->p))) return MPI_ERR_NO_MEM;
    memset(vb->wrote, 0, (size_t)vb->p);
  }
  if ((rc = irr__buf_stage(vb, read_recv, ctx->pc)) != MPI_SUCCESS || (rc = irr__buf_stage(ob, 1, ctx->pc)) != MPI_SUCCESS)
    return rc;
  X->s = s;
  X->buf[IRR_BUF_RECV] = vb;
  X->buf[IRR_BUF_SEND] = ob;
  X->comm = comm;
  X->tag = tag;
  X->bad = bad;
  X->md = &ctx->md;
  return irr__exec_begin(X);
}
static int irr__allv_start(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                           int read_recv, int bad, irr__exec *X) {
  return irr__allv_start_tmp(ctx, s, comm, tag, vb, ob, read_recv, bad, X, NULL);
}
static int irr__allv_finish(irr__ctx *ctx, irr__buf *vb, irr__buf *ob, irr__exec *X, int rc, int *bad) {
  ctx->last.cpu_model_s += X->cpu_total;
  if (X->s) {
    irr__exec_end(X);
    if (rc == MPI_SUCCESS) rc = irr__buf_unstage(vb, 1, ctx->pc);
    *bad = X->bad;
  }
  irr__buf_unstage(vb, 0, ctx->pc);
  irr__buf_unstage(ob, 0, ctx->pc);
  if (vb->wrote) IRRCOLL_FREE(vb->wrote);
  vb->wrote = NULL;
  return rc;
}
static int irr__run_allv_tmp(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                             int read_recv, int *bad, MPI_Datatype *keep, char *tmp) {
  irr__exec X;
  int rc = irr__allv_start_tmp(ctx, s, comm, tag, vb, ob, read_recv, *bad, &X, tmp), done = 0;
  X.keep = keep; /* a kept plan's datatypes (mpi/cache.h), for buffers as they were */
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
  return irr__allv_finish(ctx, vb, ob, &X, rc, bad);
}
static int irr__run_allv(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                         int read_recv, int *bad, MPI_Datatype *keep) {
  return irr__run_allv_tmp(ctx, s, comm, tag, vb, ob, read_recv, bad, keep, NULL);
}
/* ==== end mpi/rounds.h ==== */
/* ==== begin mpi/tree.h ==== */
/* ---- the distributed tree construction (Lemma 3) over MPI ----
   Per level: the fixed roots exchange (g, M, m_g, nd, h); the retiring (lower) one tells
   both gather roots the outcome (algo/common/hypercube.h). About L+2 dependent steps of 40-byte messages.
   With sizes (XGatherv's tree, mpi/xgatherv.h): a fixed root also sends its partner its
   subcube's sizes, and the outcome sent to the tree's root carries the other side's.
   sz: p entries, sz[rank] = own on entry; on return a fixed root's subcube's and, at the
   tree's root, all; NULL: no sizes (Gatherv's). buf: 4 * (5 + p) entries (sz NULL: 20). */
static int irr__tree_build_mpi_sz(irr_tree *t, MPI_Comm pc, int tag, int64_t *sz, long long *buf) {
  int rc = MPI_SUCCESS, p = t->p, n = sz ? 5 + p : 5;
  long long *out = buf, *in = buf + n, *nb[2];
  nb[0] = buf + 2 * n, nb[1] = buf + 3 * n;
  while (t->d < t->levels && rc == MPI_SUCCESS) {
    irr_tree_info mine, other;
    irr_tree_note notes[2];
    int d = t->d, partner = irr_tree_exchange(t, &mine), src, i, k, lo = 0, hi = 0, plo = 0, phi = 0;
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if (partner >= 0) {
      int target[2];
      if (sz) irr_tree_cube((int64_t)t->rank >> d, d, p, &lo, &hi);
      if (sz) irr_tree_cube((int64_t)partner >> d, d, p, &plo, &phi);
      out[0] = mine.g, out[1] = mine.M, out[2] = mine.mg, out[3] = mine.nd, out[4] = mine.h;
      for (i = lo; i < hi; i++) out[5 + i - lo] = sz[i];
      rc = MPI_Sendrecv(out, 5 + hi - lo, MPI_LONG_LONG, partner, tag, in, 5 + phi - plo, MPI_LONG_LONG, partner, tag,
                        pc, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      other.g = in[0], other.M = in[1], other.mg = in[2], other.nd = in[3], other.h = in[4];
      for (i = plo; i < phi; i++) sz[i] = in[5 + i - plo];
      irr_tree_decide(t, &other, notes, target);
      for (i = 0; i < 2 && rc == MPI_SUCCESS; i++) {
        if (target[i] == t->rank) {
          irr_tree_apply(t, &notes[i]);
        } else if (target[i] >= 0) { /* notes[0] is about the partner's side, notes[1] about ours */
          int alo = i ? lo : plo, ahi = i ? hi : phi;
          nb[i][0] = notes[i].win, nb[i][1] = notes[i].other_g, nb[i][2] = notes[i].other_M;
          nb[i][3] = notes[i].other_nd, nb[i][4] = notes[i].other_h;
          for (k = 5; target[i] == t->root && k < 5 + ahi - alo; k++) nb[i][k] = sz[alo + k - 5];
          rc = MPI_Isend(nb[i], k, MPI_LONG_LONG, target[i], tag, pc, &rq[i]);
        }
      }
    }
    src = irr_tree_expect(t);
    if (src >= 0 && rc == MPI_SUCCESS) { /* the root also gets the other side's sizes */
      if (sz && t->rank == t->root) irr_tree_cube(((int64_t)t->rank >> d) ^ 1, d, p, &plo, &phi);
      else plo = phi = 0;
      rc = MPI_Recv(in, 5 + phi - plo, MPI_LONG_LONG, src, tag, pc, MPI_STATUS_IGNORE);
      notes[0].win = in[0], notes[0].other_g = in[1], notes[0].other_M = in[2];
      notes[0].other_nd = in[3], notes[0].other_h = in[4];
      for (i = plo; i < phi; i++) sz[i] = in[5 + i - plo];
      if (rc == MPI_SUCCESS) irr_tree_apply(t, &notes[0]);
    }
    for (i = 0; i < 2; i++)
      if (rq[i] != MPI_REQUEST_NULL) {
        int rc2 = MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = rc2;
      }
    irr_tree_next(t);
  }
  return rc;
}

static int irr__tree_build_mpi(irr_tree *t, MPI_Comm pc, int tag) { /* Gatherv's, Scatterv's: no sizes */
  long long buf[20];
  return irr__tree_build_mpi_sz(t, pc, tag, NULL, buf);
}
/* ==== end mpi/tree.h ==== */
/* ==== begin mpi/direct.h ==== */
/* MPI layer, the direct exchanges: a program of one round whose every message is one whole
   block of a user buffer (and whose copy is the own block), run straight on the user's
   buffers in their own datatypes: no staging, no pieces, no derived datatypes of irrcoll's
   (MPI packs, as in its own linear algorithms), so its CPU is about MPI's. The program is
   the builder's (one schedule serves the executor, the model and the checker; test_same
   sees it through IRRCOLL_TRACE). Serves Alltoallv's direct exchange (algo/alltoallv/
   linear.h, mpi/alltoallv.h) and the direct Gatherv and Scatterv (algo/gatherv/linear.h,
   mpi/rooted.h), blocking calls only.

   Nothing is agreed before the data, so a rank with bad arguments still sends each peer its
   one message, a 0-byte poison under the call's even tag (data go under the odd one), and
   takes its peers' messages into nothing; receives take any tag from their source, and the
   tag tells the receiver. Any tag cannot match another call's message: these exchanges have
   a communicator of their own (ctx->pd, irr__dx_comm), blocking calls alone use it, every
   pair exchanges at most one message a call, always the same pairs for the same call, and
   MPI matches a sender's messages in the order sent.

   A message larger than its receive: a probe of the call's two tags tells each message's
   source and size first (IRR_DX_PROBE), and a larger one is taken whole into scratch and
   dropped (the block untouched, MPI_ERR_TRUNCATE at the receiver). */

/* How the direct exchanges receive. 1: each receive posted once a probe has told its size,
   so that MPI never sees a truncated receive: MPICH 4.0 raises one through MPI_COMM_WORLD's
   error handler from the completion call (fatal by default; irrcoll raises its errors once,
   on the user's communicator), Open MPI 4.1's ob1 writes a larger rendezvous message past a
   shorter receive (test_alltoallv's "80 KB more" at 12 ranks wrote 8 bytes beyond the
   block), and SMPI's completion calls do not report it. The probes ask for the call's tags
   from any source, two probes a pass whatever p (not one per peer): the tags are this
   call's (the call sequence, mpi/ctx.h, wraps after 8192 calls; a second message of one
   source is MPI_ERR_INTERN) and a source's messages match in the order sent.
   0: every receive posted before the data arrive, MPI's truncation trusted (a test runs it
   that way, test_alltoallv_posted). */
#ifndef IRR_DX_PROBE
#define IRR_DX_PROBE 1
#endif
/* Matched probes (MPI-3). SMPI has none: there MPI_Iprobe, then a receive from that source
   with that tag, which takes the probed message, for the communicator is irrcoll's own and
   no other call can receive on it meanwhile (MPI forbids concurrent collectives on one
   communicator). */
#ifndef IRR_DX_MPROBE
#if defined(SMPI_H) || MPI_VERSION < 3
#define IRR_DX_MPROBE 0
#else
#define IRR_DX_MPROBE 1
#endif
#endif

/* A probed message: its source and tag, and the handle a matched probe gives. */
typedef struct irr__dx_msg {
  int src, tag;
#if IRR_DX_MPROBE
  MPI_Message m;
#endif
} irr__dx_msg;

/* ctx->pd, made at the first direct exchange on the communicator (collective: the choice of
   a direct exchange is a function of values equal on every rank). */
static int irr__dx_comm(irr__ctx *ctx, MPI_Comm *pc) {
  int rc = MPI_SUCCESS;
  if (ctx->pd == MPI_COMM_NULL) rc = MPI_Comm_dup(ctx->pc, &ctx->pd);
  *pc = ctx->pd;
  return rc;
}

/* One message of n elements of t (n > INT_MAX only through the MPI-4 _c entry points). */
static int irr__dx_post(int recv, void *buf, int64_t n, MPI_Datatype t, int peer, int tag, MPI_Comm pc, MPI_Request *r) {
#if MPI_VERSION >= 4
  if (n > INT_MAX)
    return recv ? MPI_Irecv_c(buf, (MPI_Count)n, t, peer, tag, pc, r) : MPI_Isend_c(buf, (MPI_Count)n, t, peer, tag, pc, r);
#endif
  if (n > INT_MAX) return MPI_ERR_COUNT;
  return recv ? MPI_Irecv(buf, (int)n, t, peer, tag, pc, r) : MPI_Isend(buf, (int)n, t, peer, tag, pc, r);
}

/* A block of a view (mpi/buf.h; not staged) as MPI takes it: its address (the user's
   element 0 of it: MPI applies the type's lower bound), elements and bytes; none in a
   discarded view or one that does not hold it. */
static char *irr__dx_block(const irr__buf *b, int label, int64_t *n, int64_t *bytes) {
  int i = irr__blk_index(b, label);
  *n = *bytes = 0;
  if (i < 0 || b->discard) return NULL;
  *n = b->v ? b->counts[i] : b->count;
  *bytes = *n * b->dt.size;
  return b->v ? irr__at(b->base, (MPI_Aint)b->displs[i] * b->dt.extent) : b->base;
}

/* The type a block is posted in: the view's, but under SMPI, whose point-to-point calls take
   no MPI_BOTTOM (NULL here, mpi/args.h), a contiguous block of an absolute type as its bytes
   (a non-contiguous one stays refused there). */
static MPI_Datatype irr__dx_type(const irr__buf *b, char **at, int64_t *n) {
#ifdef SMPI_H
  if (!b->base && b->dt.contig && *n > 0) {
    *at = irr__at(*at, b->dt.true_lb);
    *n *= b->dt.size;
    return MPI_BYTE;
  }
#else
  (void)at, (void)n;
#endif
  return b->dt.type;
}

/* One receive, op o (from o->peer) into its block of rv, *ok when posted there. Not probed
   (msg NULL): posted at once (a bad rank: into nothing). Probed (got bytes): the block if
   it fits, else (larger, the poison, any message to a bad rank) the whole message into
   scratch, dropped. */
static int irr__dx_recv1(const irr_op *o, const irr__buf *rv, int bad, MPI_Comm pc, irr__dx_msg *msg, int64_t got,
                         MPI_Request *r, int *ok) {
  int64_t n, room;
  char *at = irr__dx_block(rv, o->blo, &n, &room), *tmp;
  MPI_Datatype t = irr__dx_type(rv, &at, &n);
  int rc;
  *ok = 0;
  if (!msg) {
    if (bad) return MPI_Irecv(NULL, 0, MPI_BYTE, o->peer, MPI_ANY_TAG, pc, r);
    *ok = 1;
    return irr__dx_post(1, at, n, t, o->peer, MPI_ANY_TAG, pc, r);
  }
  if (!bad && got <= room) {
    *ok = 1;
#if IRR_DX_MPROBE
#if MPI_VERSION >= 4
    if (n > INT_MAX) return MPI_Imrecv_c(at, (MPI_Count)n, t, &msg->m, r);
#endif
    return MPI_Imrecv(at, (int)n, t, &msg->m, r);
#else
    return irr__dx_post(1, at, n, t, msg->src, msg->tag, pc, r);
#endif
  }
  if (got > INT_MAX) return MPI_ERR_COUNT; /* not to be dropped in one piece: never from a correct call */
  tmp = got > 0 ? (char *)IRRCOLL_MALLOC((size_t)got) : NULL;
#if IRR_DX_MPROBE
  rc = MPI_Mrecv(tmp, tmp ? (int)got : 0, MPI_BYTE, &msg->m, MPI_STATUS_IGNORE);
#else
  rc = MPI_Recv(tmp, tmp ? (int)got : 0, MPI_BYTE, msg->src, msg->tag, pc, MPI_STATUS_IGNORE);
#endif
  if (tmp) IRRCOLL_FREE(tmp);
  return rc == MPI_SUCCESS && got > 0 && !tmp ? MPI_ERR_NO_MEM : rc;
}

/* A probe of the call's tag from any source: *flag, and if set the message (its source, tag
   and matched handle) and its bytes. */
static int irr__dx_iprobe(int tag, MPI_Comm pc, int *flag, irr__dx_msg *msg, int64_t *got) {
  MPI_Status st;
  int rc;
#if IRR_DX_MPROBE
  MPI_Count n = 0;
  rc = MPI_Improbe(MPI_ANY_SOURCE, tag, pc, flag, &msg->m, &st);
  if (rc == MPI_SUCCESS && *flag) MPI_Get_elements_x(&st, MPI_BYTE, &n);
#else
  int n = 0; /* (SMPI has no MPI_Get_elements_x, and no message over INT_MAX bytes) */
  rc = MPI_Iprobe(MPI_ANY_SOURCE, tag, pc, flag, &st);
  if (rc == MPI_SUCCESS && *flag) MPI_Get_count(&st, MPI_BYTE, &n);
#endif
  if (rc == MPI_SUCCESS && *flag) msg->src = st.MPI_SOURCE, msg->tag = tag, *got = (int64_t)n;
  return rc;
}

/* The receives of s after probes, in the order they arrive; *nr posted into rq. The tag
   tells the poison (*arg), the size where the message goes (*trunc: a larger one). op:
   s->size ints of workspace (the receive op of each source). */
static int irr__dx_probed(const irr_sched *s, const irr__buf *rv, int bad, int tag, MPI_Comm pc, int *op,
                          MPI_Request *rq, int *nr, int *arg, int *trunc) {
  int j, k, left = 0, rc = MPI_SUCCESS, ok, flag;
  for (j = 0; j < s->size; j++) op[j] = -1;
  for (j = 0; j < s->nops; j++)
    if (s->ops[j].kind == IRR_OP_RECV) op[s->ops[j].peer] = j, left++;
  while (left > 0 && rc == MPI_SUCCESS)
    for (k = 1; k >= 0 && left > 0 && rc == MPI_SUCCESS; k--) /* the data's tag, then the poison's */
      for (flag = 1; flag && left > 0 && rc == MPI_SUCCESS;) {
        irr__dx_msg msg;
        int64_t got = 0;
        if ((rc = irr__dx_iprobe(tag + k, pc, &flag, &msg, &got)) != MPI_SUCCESS || !flag) continue;
        if (msg.src < 0 || msg.src >= s->size || (j = op[msg.src]) < 0) return MPI_ERR_INTERN; /* not this call's */
        op[msg.src] = -1, left--;
        *arg |= k == 0;
        rc = irr__dx_recv1(&s->ops[j], rv, bad || k == 0, pc, &msg, k == 0 ? 0 : got, &rq[*nr], &ok);
        if (ok) ++*nr;
        else if (!bad && k) *trunc = 1;
      }
  return rc;
}

/* Complete nr receives one at a time (a truncated one fails alone: MPICH would raise a
   failed MPI_Waitall's on MPI_COMM_WORLD's handler), noting poison (*arg) and truncation,
   then ns sends. Returns MPI's other errors. */
static int irr__dx_wait(MPI_Request *rq, int nr, MPI_Request *sq, int ns, int bad, int tag, int *arg, int *trunc) {
  int i, rc = MPI_SUCCESS, rc2;
  for (i = 0; i < nr; i++) {
    int k;
    MPI_Status st;
    rc2 = MPI_Waitany(nr, rq, &k, &st);
    if (rc2 != MPI_SUCCESS) {
      int c = rc2;
      MPI_Error_class(rc2, &c);
      if (c == MPI_ERR_TRUNCATE) *trunc |= !bad;
      else if (rc == MPI_SUCCESS) rc = rc2;
      if (k == MPI_UNDEFINED) break;
    } else if (st.MPI_TAG == tag) *arg = 1;
  }
  for (i = 0; i < ns; i++)
    if ((rc2 = MPI_Wait(&sq[i], MPI_STATUS_IGNORE)) != MPI_SUCCESS && rc == MPI_SUCCESS) rc = rc2;
  return rc;
}

/* The own block, copied (as MPI's own linear algorithms do; a message to itself would meet
   Open MPI 4.1's self transport, which writes a larger message past a shorter receive): all
   of it, the start of the block if it is shorter, nothing if it is larger (*trunc). */
static int irr__dx_copy(const irr_op *o, const irr__buf *sv, const irr__buf *rv, MPI_Comm pc, int *trunc) {
  int64_t sn, n, rn, room;
  char *src = irr__dx_block(sv, o->blo, &sn, &n), *dst = irr__dx_block(rv, o->blo, &rn, &room), *tmp;
  int rc;
  if (n > room) return *trunc = 1, MPI_SUCCESS;
  if (n == 0) return MPI_SUCCESS; /* (equal addresses are not the same bytes: MPI_BOTTOM and absolute types) */
  if (sv->dt.contig && rv->dt.contig)
    return memcpy(dst + rv->dt.true_lb, src + sv->dt.true_lb, (size_t)n), MPI_SUCCESS;
  if (!(tmp = (char *)IRRCOLL_MALLOC((size_t)n))) return MPI_ERR_NO_MEM;
  rc = irr__pack(0, src, sn, &sv->dt, tmp, pc);
  if (rc == MPI_SUCCESS) rc = irr__pack(1, dst, n / rv->dt.size, &rv->dt, tmp, pc);
  IRRCOLL_FREE(tmp);
  return rc;
}

/* Run the direct program s on views sv (IRR_BUF_SEND) and rv (IRR_BUF_RECV): receives
   first (without IRR_DX_PROBE), the sends in program order, the copy, the probed
   receives, then completion. bad: this rank's arguments are bad (its sends are poison, its
   receives drained). *err: MPI_ERR_TRUNCATE (a block came larger) or MPI_ERR_ARG (a peer's
   poison), else left alone. Scratch: the requests (on the stack up to 64), p ints with
   IRR_DX_PROBE, and a message that is dropped. Returns MPI's errors. */
static int irr__dx_run(irr_sched *s, const irr__buf *sv, const irr__buf *rv, int bad, int tag, MPI_Comm pc, int *err) {
  MPI_Request stk[64], *rq = s->nops <= 32 ? stk : (MPI_Request *)IRRCOLL_MALLOC((size_t)2 * s->nops * sizeof(MPI_Request));
  MPI_Request *sq;
  int j, rc = MPI_SUCCESS, rc2, nr = 0, ns = 0, ok, arg = 0, trunc = 0;
  int *op = NULL;
  if (IRR_DX_PROBE && rq && !(op = (int *)IRRCOLL_MALLOC((size_t)s->size * sizeof(int)))) {
    if (rq != stk) IRRCOLL_FREE(rq);
    rq = NULL;
  }
  if (!rq) return MPI_ERR_NO_MEM; /* as any rank that cannot take part: its peers wait */
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(s); /* test-only: the program as it runs (test/mpi/test_same.c) */
#endif
  sq = rq + s->nops;
  for (j = 0; j < s->nops && rc == MPI_SUCCESS && !IRR_DX_PROBE; j++)
    if (s->ops[j].kind == IRR_OP_RECV && (rc = irr__dx_recv1(&s->ops[j], rv, bad, pc, NULL, 0, &rq[nr], &ok)) == MPI_SUCCESS)
      nr++;
  for (j = 0; j < s->nops && rc == MPI_SUCCESS; j++) {
    const irr_op *o = &s->ops[j];
    int64_t n, b;
    char *at;
    MPI_Datatype t;
    if (o->kind != IRR_OP_SEND) continue;
    at = irr__dx_block(sv, o->blo, &n, &b);
    t = irr__dx_type(sv, &at, &n);
    rc = bad ? MPI_Isend(NULL, 0, MPI_BYTE, o->peer, tag, pc, &sq[ns]) : irr__dx_post(0, at, n, t, o->peer, tag + 1, pc, &sq[ns]);
    ns += rc == MPI_SUCCESS;
  }
  for (j = 0; j < s->nops && rc == MPI_SUCCESS && !bad; j++)
    if (s->ops[j].kind == IRR_OP_COPY) rc = irr__dx_copy(&s->ops[j], sv, rv, pc, &trunc);
  if (IRR_DX_PROBE && rc == MPI_SUCCESS) rc = irr__dx_probed(s, rv, bad, tag, pc, op, rq, &nr, &arg, &trunc);
  rc2 = irr__dx_wait(rq, nr, sq, ns, bad, tag, &arg, &trunc);
  if (rc == MPI_SUCCESS) rc = rc2;
  if (op) IRRCOLL_FREE(op);
  if (rq != stk) IRRCOLL_FREE(rq);
  if (rc == MPI_SUCCESS && !bad && (trunc || arg)) *err = trunc ? MPI_ERR_TRUNCATE : MPI_ERR_ARG;
  return rc;
}
/* ==== end mpi/direct.h ==== */
/* ==== begin mpi/xcommon.h ==== */
/* The X entry points' common pieces: v-collectives whose receive sizes are unknown (algo/xv/ has
   the plans, api/decl.h the contracts). With known sizes each one is its known-size operation
   after the consecutive displacements are filled in and the bound is checked. Every count,
   displacement and bound is int64 inside; the int entry points and their MPI-4 `_c` variants
   are thin wrappers over one body each, reading and writing the user's arrays through
   irr__xarr. */

/* A user's array of counts or displacements, read (and, for the outputs, written) through
   irr__xget / irr__xset: int (the MPI-3 entry points), MPI_Count (counts) or MPI_Aint
   (displacements) of the `_c` ones; at most one pointer is set (none: no array). The markers
   IRR_SIZE_UNKNOWN / IRR_DISPL_CONSECUTIVE read the same from all three. */
typedef struct irr__xarr {
  int *i;
  MPI_Count *c;
  MPI_Aint *a;
} irr__xarr;

/* the constructors: const arrays (inputs only) are never written through */
static irr__xarr irr__xarr_i(const int *p) {
  irr__xarr x = {(int *)(uintptr_t)p, NULL, NULL};
  return x;
}
#if MPI_VERSION >= 4 /* the `_c` entry points' */
static irr__xarr irr__xarr_c(const MPI_Count *p) {
  irr__xarr x = {NULL, (MPI_Count *)(uintptr_t)p, NULL};
  return x;
}
static irr__xarr irr__xarr_a(const MPI_Aint *p) {
  irr__xarr x = {NULL, NULL, (MPI_Aint *)(uintptr_t)p};
  return x;
}
#endif
static int irr__xnull(irr__xarr x) { return !x.i && !x.c && !x.a; }
static int64_t irr__xget(irr__xarr x, int k) { return x.i ? (int64_t)x.i[k] : x.c ? (int64_t)x.c[k] : (int64_t)x.a[k]; }
/* Can x hold v? (an int array: only int values) */
static int irr__xfits(irr__xarr x, int64_t v) { return !x.i || (v >= INT_MIN && v <= INT_MAX); }
/* x[k] = v; MPI_ERR_COUNT where an int array cannot hold v: INT_MAX is stored, never a
   wrapped value. */
static int irr__xset(irr__xarr x, int k, int64_t v) {
  if (x.i) x.i[k] = v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
  else if (x.c) x.c[k] = (MPI_Count)v;
  else x.a[k] = (MPI_Aint)v;
  return irr__xfits(x, v) ? MPI_SUCCESS : MPI_ERR_COUNT;
}
/* counts and displacements as irr__widen and the known-size operations take them */
static irr__counts irr__xcounts(irr__xarr cnt, irr__xarr dsp) {
  irr__counts c = {cnt.i, dsp.i, cnt.c, dsp.a, 0, 0};
  return c;
}

/* The receive bound in bytes; -1 if it overflows. */
static int64_t irr__xbound(int64_t bound, int64_t esize) {
  int64_t b;
  return bound >= 0 && irr__mul_ok(bound, esize, &b) ? b : -1;
}

/* Place n blocks given as bytes into the user's layout (displacements in elements of dt):
   block i is bytes[i] at src + off[i]. Contiguous types by memcpy, others unpacked. */
static int irr__xplace(char *base, const irr__dt *dt, int n, const int64_t *bytes, const int64_t *off,
                       const int64_t *displs, const char *src, MPI_Comm comm) {
  int i, rc;
  for (i = 0; i < n; i++) {
    if (bytes[i] <= 0) continue;
    if (dt->contig) {
      memcpy(irr__at(base, dt->true_lb + (MPI_Aint)displs[i] * dt->extent), src + off[i], (size_t)bytes[i]);
    } else {
      rc = irr__pack(1, irr__at(base, (MPI_Aint)displs[i] * dt->extent), bytes[i] / dt->size, dt,
                     (char *)(uintptr_t)(src + off[i]), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  }
  return MPI_SUCCESS;
}

/* From the byte sizes of n blocks: their counts in elements of esize bytes and their
   displacements (consecutive, or the user's), checked against the bound (elements).
   Returns MPI_ERR_TYPE if a size is not a whole number of elements, MPI_ERR_TRUNCATE if a
   block would leave the buffer [0, bound); counts and consecutive displacements are filled
   in either way (so a caller can size a buffer and retry). */
static int irr__xlayout(int n, const int64_t *bytes, int64_t esize, int consecutive, irr__xarr udispls,
                        int64_t bound, int64_t *cnt, int64_t *dsp) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < n; i++) {
    if (esize > 0 && bytes[i] % esize == 0) cnt[i] = bytes[i] / esize;
    else {
      cnt[i] = esize > 0 ? bytes[i] / esize : 0;
      if (bytes[i] > 0) err = MPI_ERR_TYPE;
    }
    dsp[i] = consecutive ? at : irr__xget(udispls, i);
    at = irr__sat_add(at, cnt[i]);
    if (cnt[i] > 0 && (dsp[i] < 0 || irr__sat_add(dsp[i], cnt[i]) > bound) && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
  }
  return err;
}

/* Known counts (elements of the receive type): fill in consecutive displacements (consec),
   then check every non-empty block against [0, bound). MPI_ERR_COUNT for a negative count
   or a consecutive displacement displs cannot hold (int: past INT_MAX; nothing written
   then), else MPI_ERR_TRUNCATE for a block outside. */
static int irr__xknown(int p, irr__xarr counts, irr__xarr displs, int consec, int64_t bound) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0, n, d;
  for (i = 0; i < p; i++) {
    if ((n = irr__xget(counts, i)) < 0) return MPI_ERR_COUNT;
    if (consec && (!irr__xfits(displs, at) || !irr__add_ok(at, n, &at))) return MPI_ERR_COUNT;
  }
  for (i = 0, at = 0; i < p; i++) {
    n = irr__xget(counts, i);
    if (consec) (void)irr__xset(displs, i, at);
    d = irr__xget(displs, i);
    if (n > 0 && (d < 0 || irr__sat_add(d, n) > bound)) err = MPI_ERR_TRUNCATE;
    at += n;
  }
  return err;
}

/* Return counts (and consecutive displacements) to the user's arrays; MPI_ERR_COUNT where
   an int array cannot hold one (INT_MAX is stored). */
static int irr__xreturn(int n, const int64_t *cnt, const int64_t *dsp, irr__xarr ucounts, irr__xarr udispls,
                        int consecutive) {
  int i, err = MPI_SUCCESS, e;
  for (i = 0; i < n; i++) {
    if ((e = irr__xset(ucounts, i, cnt[i])) != MPI_SUCCESS) err = e;
    if (consecutive && (e = irr__xset(udispls, i, dsp[i])) != MPI_SUCCESS) err = e;
  }
  return err;
}

/* Drain a probed message into scratch (it cannot be taken where it belongs). */
static int irr__xdrain(MPI_Comm pc, int src, int tag, int bytes) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, pc, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}

/* IRRCOLL_CHECK=1: the root and whether the sizes are known (the first count is
   IRR_SIZE_UNKNOWN or not) decide every rank's path, so they are agreed first, by a rank
   whose own checks failed (rc) too. Returns rc, or MPI_ERR_ARG on every rank if they differ. */
static int irr__xcheck(irr__ctx *ctx, const char *call, int rank, int p, int root, int unknown, int rc) {
  int e;
  if (!ctx || !ctx->check) return rc;
  e = irr__check_agree(ctx, call, rank, p, rc == MPI_SUCCESS ? 2 * root + (unknown != 0) : -1, NULL, rc != MPI_SUCCESS);
  return rc != MPI_SUCCESS ? rc : e;
}

/* The common start of every X entry point: context, rank, size, tag; intercommunicators are
   not supported (MPI_ERR_COMM). */
static int irr__xbegin(MPI_Comm comm, irr__ctx **ctx, int *rank, int *p, int *tag) {
  int rc, inter = 0;
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return rc;
  if (inter) return MPI_ERR_COMM;
  if ((rc = irr__ctx_get(comm, ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, rank);
  MPI_Comm_size(comm, p);
  *tag = (int)((*ctx)->seq++ % IRR__SEQ_MOD) * 2;
  return MPI_SUCCESS;
}
/* ==== end mpi/xcommon.h ==== */
/* ==== begin mpi/xscatterv.h ==== */
/* IRR_XScatterv: the root builds the tree on the sizes it alone knows; every rank learns its
   range and sizes from the one message it receives and forwards likewise (algo/xv/xscatterv.h). */

/* One unknown-size XScatterv call. m: the sizes (bytes) of the range [lo, hi) this rank
   holds, m[i - lo] for rank i (the root: all, from its counts; the others: learned from the
   header of the one message they receive). */
typedef struct irr__xs {
  const void *sendbuf;
  irr__xarr sendcounts, displs, recvcount; /* the root's counts (in) and displacements (in-out); *recvcount out */
  MPI_Datatype sendtype, recvtype;
  void *recvbuf;
  int64_t bound;
  int root, rank, p, tag, isroot, inplace, err, rerr, lo, hi, parent;
  irr__ctx *ctx;
  irr__dt sdt, rdt;
  int64_t own, *m, *vcd; /* vcd: the root's counts and displacements, widened */
  irr_alg alg;
  int64_t known;         /* >= 0: IRR_Scatterv's own count (elements), checked; displs are input only */
} irr__xs;

/* The root's send side: the sizes of everyone, as bytes (displacements filled in when
   consecutive: in-out at the root). Bad arguments: everyone gets 0 (err). */
static int irr__xs_root(irr__xs *G) {
  int p = G->p, rc;
  int64_t tot = 0;
  if (!(G->m = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(G->m, 0, (size_t)p * 3 * sizeof(int64_t));
  G->vcd = G->m + p;
  if (irr__xnull(G->sendcounts) || irr__xnull(G->displs)) G->err = MPI_ERR_ARG;
  else if ((rc = irr__dt_info(G->sendtype, &G->sdt)) != MPI_SUCCESS) G->err = rc;
  if (G->err == MPI_SUCCESS && G->known < 0 && irr__xget(G->displs, 0) == IRR_DISPL_CONSECUTIVE) /* in-out */
    G->err = irr__xknown(p, G->sendcounts, G->displs, 1, INT64_MAX);
  if (G->err == MPI_SUCCESS) { /* the one widening: counts, displacements, bytes */
    irr__counts c = irr__xcounts(G->sendcounts, G->displs);
    G->err = irr__widen(p, &c, G->sdt.size, G->sdt.extent, G->vcd, G->vcd + p, G->m, &tot);
  }
  if (G->err == MPI_SUCCESS && tot > 0 && !G->sendbuf && G->sdt.true_lb == 0) G->err = MPI_ERR_BUFFER;
  if (G->err != MPI_SUCCESS) { /* send every rank an empty block, of bytes */
    memset(G->m, 0, (size_t)p * 3 * sizeof(int64_t));
    memset(&G->sdt, 0, sizeof G->sdt);
    G->sdt.type = MPI_BYTE;
    G->sdt.size = G->sdt.extent = 1;
    G->sdt.contig = 1;
  }
  G->lo = 0, G->hi = p, G->parent = -1;
  return MPI_SUCCESS;
}

/* Phase 1 of a non-root rank: the one message, run as the program's learned first op
   (irr_xscatterv_recv): its sender, range and sizes come with it, the data stays in
   X->lmsg (the next phase's scratch). */
static int irr__xs_receive(irr__xs *G, irr__exec *X) {
  irr_op op;
  irr_sched s;
  int rc;
  irr_sched_init(&s, G->rank, G->p, &op, 1);
  irr_xscatterv_recv(-1, 0, 0, 0, &s);
  if (s.err != IRR_OK) return MPI_ERR_INTERN;
  X->s = &s;
  if ((rc = irr__exec_run(X)) != MPI_SUCCESS) return rc;
  X->s = NULL;
  if (G->rank < op.blo || G->rank >= op.bhi) return MPI_ERR_INTERN;
  G->lo = op.blo, G->hi = op.bhi, G->parent = op.peer;
  G->m = X->cnt;
  X->tmp_given = X->lmsg + 16 + 8 * (G->hi - G->lo);
  return MPI_SUCCESS;
}

/* Phase 2, the rest of the program: the own block out, the children's ranges forwarded
   (the tree on the range, rebuilt here from its sizes, or direct). */
static int irr__xs_forward(irr__xs *G, irr__exec *X) {
  int rc = MPI_SUCCESS, cap, rule = G->alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
  int n = G->hi - G->lo;
  int64_t *w = NULL;
  irr_op *ops = NULL;
  irr_tree_all T;
  irr_tree t;
  irr_sched s;
  irr__buf vb, ob;
  memset(&T, 0, sizeof T);
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  cap = G->alg == IRR_ALG_DIRECT ? (G->isroot ? G->p + 1 : 2) : irr_tree_levels(n) + 3 + n; /* + direct receivers */
  if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op))) || !(w = (int64_t *)IRRCOLL_MALLOC((size_t)n * sizeof(int64_t))))
    rc = MPI_ERR_NO_MEM;
  if (rc == MPI_SUCCESS) irr_sched_init(&s, G->rank, G->p, ops, cap);
  if (rc == MPI_SUCCESS && G->alg == IRR_ALG_DIRECT) {
    if (irr_xscatterv_forward(NULL, NULL, G->lo, G->rank, G->parent, G->m, G->inplace, &s) != IRR_OK) rc = MPI_ERR_INTERN;
  } else if (rc == MPI_SUCCESS) {
    if (irr_xscatterv_tree(&T, G->lo, G->hi, G->rank, G->m, rule, w, irr_scatterv_thresh(G->ctx->md)) != IRR_OK)
      rc = MPI_ERR_INTERN;
    else irr_tree_view(&T, G->rank - G->lo, &t);
    if (rc == MPI_SUCCESS && irr_xscatterv_forward(&t, &T, G->lo, G->rank, G->parent, G->m, G->inplace, &s) != IRR_OK)
      rc = MPI_ERR_INTERN;
  }
  vb.v = 1;
  vb.p = G->p;
  vb.discard = !G->isroot;
  if (G->isroot) vb.base = irr__base(G->sendbuf), vb.dt = G->sdt, vb.counts = G->vcd, vb.displs = G->vcd + G->p;
  ob.own = G->rank;
  ob.base = irr__base(G->recvbuf);
  ob.dt = G->rdt;
  ob.count = G->rdt.size > 0 ? G->own / G->rdt.size : 0;
  ob.discard = G->inplace || G->rerr != MPI_SUCCESS || G->own == 0;
  if (rc == MPI_SUCCESS && (rc = irr__buf_stage(&vb, 1, G->ctx->pc)) == MPI_SUCCESS &&
      (rc = irr__buf_stage(&ob, 0, G->ctx->pc)) == MPI_SUCCESS) {
    X->s = &s;
    X->buf[IRR_BUF_SEND] = &vb;
    X->buf[IRR_BUF_RECV] = &ob;
    X->cnt = G->m;
    X->cnt_lo = G->lo;
    rc = irr__exec_run(X);
    if (rc == MPI_SUCCESS) rc = irr__buf_unstage(&ob, 1, G->ctx->pc);
  }
  irr__buf_unstage(&vb, 0, G->ctx->pc);
  irr__buf_unstage(&ob, 0, G->ctx->pc);
  irr_tree_all_free(&T);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return rc;
}

/* validate -> (receive: learn range and sizes) -> the own block's checks -> forward. */
static int irr__xscatterv_unknown(irr__xs *G) {
  int rc = MPI_SUCCESS;
  irr__exec X;
  double t0 = IRRCOLL_CLOCK();
  memset(&X, 0, sizeof X);
  X.comm = G->ctx->pc;
  X.tag = G->tag + 1;
  G->alg = G->known >= 0 ? IRR_ALG_TREE : irr_xscatterv_choose(irr__forced(G->ctx, IRR_COLL_XSCATTERV), G->p);
  irr__note_call(G->ctx, G->known >= 0 ? IRR_COLL_SCATTERV : IRR_COLL_XSCATTERV, G->known >= 0 ? IRR_ALG_XTREE : G->alg, 0, 0,
                 irr__plan_cpu(&G->ctx->md, G->isroot ? G->p : 1, 0), t0);
  if (!G->inplace) { /* rerr: this rank's receive side */
    if ((rc = irr__dt_info(G->recvtype, &G->rdt)) != MPI_SUCCESS) G->rerr = rc;
    else if (irr__xbound(G->bound, G->rdt.size) < 0) G->rerr = MPI_ERR_COUNT;
  }
  rc = G->isroot ? irr__xs_root(G) : irr__xs_receive(G, &X);
  if (rc == MPI_SUCCESS) {
    G->own = G->m[G->rank - G->lo];
    if (!G->inplace && G->rerr == MPI_SUCCESS) {
      if (G->rdt.size > 0 ? G->own % G->rdt.size != 0 : G->own > 0) G->rerr = MPI_ERR_TYPE;
      else if (G->own > (int64_t)G->bound * G->rdt.size) G->rerr = MPI_ERR_TRUNCATE;
      else if (G->own > 0 && !G->recvbuf && G->rdt.true_lb == 0) G->rerr = MPI_ERR_BUFFER;
      else if (G->known >= 0 && G->own != G->known * G->rdt.size &&
               (G->own > G->known * G->rdt.size || G->own == 0 || G->ctx->check))
        G->rerr = MPI_ERR_TRUNCATE; /* a shorter block is taken as MPICH does (irr__v_short_ok); none
                                       at all is what a root with bad arguments sends */
    }
    if (!G->inplace) {
      int e = irr__xset(G->recvcount, 0, G->rdt.size > 0 ? G->own / G->rdt.size : 0);
      if (G->rerr == MPI_SUCCESS) G->rerr = e;
    }
    rc = irr__xs_forward(G, &X);
  }
  irr__exec_free(&X);
  if (G->isroot && G->m) IRRCOLL_FREE(G->m);
  return rc != MPI_SUCCESS ? rc : G->err != MPI_SUCCESS ? G->err : G->rerr;
}
/* ==== end mpi/xscatterv.h ==== */
/* ==== begin mpi/rooted.h ==== */
/* IRR_Gatherv and IRR_Scatterv (and their _c variants): validate -> choose -> plan -> run.
   Both collectives share this code: the root holds every block in a "v" buffer (Gatherv:
   recvbuf, Scatterv: sendbuf) and every rank has its own block (Gatherv: sendbuf,
   Scatterv: recvbuf).
     validate  local argument checks and the one widening of the root's counts; a rank with
               bad arguments still takes part (empty block, nothing written), so no rank hangs
     choose    irr_gatherv_choose (select/gatherv.h): from p and the forced algorithm only
     plan      the tree construction (Lemma 3, over MPI) where the algorithm needs it, then
               this rank's program from the generator (algo/gatherv/)
     run       buffer views, staging of non-contiguous types, the executor */

typedef struct irr__vargs {
  int scatter;
  const void *vuser, *ouser;   /* the user's pointers, as given (forwarded unchanged) */
  char *vbuf;                  /* the root's buffer of all blocks, as an address base */
  irr__counts c;               /* the root's counts and displacements (int or MPI-4) */
  MPI_Datatype vtype;
  char *obuf;                  /* the own block */
  int64_t ocount;
  MPI_Datatype otype;
  int inplace_arg;             /* the IN_PLACE argument was given (sendbuf or recvbuf) */
  int root;
  MPI_Comm comm;
  int pre_err;                 /* an error the caller found (the rank takes part as with bad arguments) */
} irr__vargs;

/* One call's state after validation. */
typedef struct irr__vstate {
  irr__ctx *ctx;
  int rank, p, isroot, inplace, tag;
  int err;                     /* this rank's argument error (it takes part with an empty block) */
  int64_t own;                 /* bytes of the own block */
  int64_t ocount;              /* its elements as they move: the argument's, or fewer where a
                                  Scatterv receive is known to come short (taken as MPICH does) */
  int64_t *m_root;             /* root, valid arguments: bytes (p), counts (p), displacements (p) */
  irr__buf vb, ob;
  irr_alg alg;                 /* the algorithm chosen */
  int64_t *heard;              /* the direct Gatherv's root: the sizes the heads announced */
  int64_t *fix;                /* the root's ops made shorter for blocks that came short: (op, len,
                                  peer) triples, restored after the run (a persistent request
                                  runs its program again) */
  int nfix;
  int64_t announce;            /* the direct Gatherv's sender: its size, -2 with bad arguments (an
                                  empty block that must not pass for a short one) */
  unsigned call;               /* the context's call number (the sizes window) */
} irr__vstate;

/* An intercommunicator: no intergroup algorithm for these, the native operation. */
static int irr__v_native(const irr__vargs *A) {
  irr__note_native(A->comm, A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV);
#if MPI_VERSION >= 4
  if (A->c.cc || A->c.dc)
    return A->scatter ? MPI_Scatterv_c(A->vuser, A->c.cc, A->c.dc, A->vtype, (void *)(uintptr_t)A->ouser, A->ocount,
                                       A->otype, A->root, A->comm)
                      : MPI_Gatherv_c(A->ouser, A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->c.cc, A->c.dc,
                                      A->vtype, A->root, A->comm);
#endif
  if (A->scatter)
    return MPI_Scatterv(A->vuser, A->c.ci, A->c.di, A->vtype, (void *)(uintptr_t)A->ouser, (int)A->ocount, A->otype,
                        A->root, A->comm);
  return MPI_Gatherv(A->ouser, (int)A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->c.ci, A->c.di, A->vtype,
                     A->root, A->comm);
}

/* A block shorter than its receive count is erroneous MPI that MPICH and Open MPI accept:
   taken so (without IRRCOLL_CHECK) where the program can place it: the direct Gatherv from
   its heads (irr__v_heads), its trees from the sizes window (irr__v_reread), the linear ones
   and the direct Scatterv by the executor (irr__exec_short), XScatterv's tree from the sizes
   it carries. Scatterv's trees (forced only) report MPI_ERR_TRUNCATE. */
static int irr__v_short_ok(const irr__vargs *A, const irr__vstate *V) {
  return !V->ctx->check && (V->alg == IRR_ALG_LINEAR || V->alg == IRR_ALG_DIRECT || (A->scatter && V->alg == IRR_ALG_XTREE) ||
                            (!A->scatter && (V->alg == IRR_ALG_TREE || V->alg == IRR_ALG_BINOMIAL)));
}

/* A block of `sent` bytes where more fit, known before the run: taken if the algorithm can
   and it is whole elements of the receiving side (*count gets them), as MPICH takes it (the
   rest of the receive buffer untouched). 0: MPI_ERR_TRUNCATE. */
static int irr__v_shorter(const irr__vargs *A, const irr__vstate *V, int64_t sent, int64_t *count) {
  int64_t es = A->scatter ? V->ob.dt.size : V->vb.dt.size;
  if (!irr__v_short_ok(A, V) || es <= 0 || sent % es != 0) return 0;
  *count = sent / es;
  return 1;
}

/* The root's arguments: its counts widened once into V->m_root; its own block must fit
   (a shorter one as irr__v_shorter says). */
static int irr__v_validate_root(const irr__vargs *A, irr__vstate *V) {
  int64_t total = 0, *m, sent, room;
  int rc, p = V->p;
  if ((!A->c.ci && !A->c.cc) || (!A->c.di && !A->c.dc)) return MPI_ERR_ARG;
  if ((rc = irr__dt_usable(A->vtype, &V->vb.dt, V->ctx->pc)) != MPI_SUCCESS) return rc;
  if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  V->m_root = m;
  if ((rc = irr__widen(p, &A->c, V->vb.dt.size, V->vb.dt.extent, m + p, m + 2 * p, m, &total)) != MPI_SUCCESS)
    return rc;
  if (V->err != MPI_SUCCESS) return V->err; /* the own block's error stands */
  if (total > 0 && !A->vbuf && V->vb.dt.true_lb == 0) return MPI_ERR_BUFFER;
  if (!A->inplace_arg && V->own > 0 && A->vbuf && A->vbuf == A->obuf) return MPI_ERR_BUFFER;
  if (V->inplace) {
    V->own = m[V->rank];
    return MPI_SUCCESS;
  }
  sent = A->scatter ? m[V->rank] : V->own, room = A->scatter ? V->own : m[V->rank]; /* the root's own block */
  if (sent > room) return MPI_ERR_TRUNCATE;
  if (sent < room && !irr__v_shorter(A, V, sent, A->scatter ? &V->ocount : &m[p + V->rank]))
    return MPI_ERR_TRUNCATE;
  if (sent < room) *(A->scatter ? &V->own : &m[V->rank]) = sent;
  return MPI_SUCCESS;
}

/* Local checks. A rank with bad arguments records the error and takes part with an empty
   block (receiving nothing into user memory), so every other rank completes; a root whose
   own block does not match its count (MPI_ERR_TRUNCATE) still moves the others' blocks. */
static void irr__v_validate(const irr__vargs *A, irr__vstate *V) {
  int rc;
  if (A->inplace_arg && !V->isroot) V->err = MPI_ERR_BUFFER;
  V->ocount = A->ocount;
  if (!V->inplace) {
    if (A->ocount < 0) V->err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_usable(A->otype, &V->ob.dt, V->ctx->pc)) != MPI_SUCCESS) V->err = rc;
    else if (!irr__mul_ok(A->ocount, V->ob.dt.size, &V->own)) V->err = MPI_ERR_COUNT;
    else if (V->own > 0 && !A->obuf && V->ob.dt.true_lb == 0) V->err = MPI_ERR_BUFFER; /* NULL, not MPI_BOTTOM use */
  }
  if (V->isroot) {
    rc = irr__v_validate_root(A, V);
    if (rc != MPI_SUCCESS) V->err = rc;
    if (A->pre_err != MPI_SUCCESS) V->err = A->pre_err;
    if (V->err != MPI_SUCCESS && V->m_root) {
      IRRCOLL_FREE(V->m_root);
      V->m_root = NULL;
    }
  }
  if (V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE) V->own = 0;
  if (A->pre_err != MPI_SUCCESS) { /* the caller's error: take part as with bad arguments */
    V->err = A->pre_err;
    V->own = 0;
  }
}

/* Every entry's first checks and this rank's place (blocking, persistent, nonblocking):
   *inter set on an intercommunicator, where nothing else is done. Returns the error to
   raise on A->comm. */
static int irr__v_open(const irr__vargs *A, irr__vstate *V, int *inter) {
  int rc;
  memset(V, 0, sizeof *V);
  *inter = 0;
  if (A->comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  if ((rc = MPI_Comm_test_inter(A->comm, inter)) != MPI_SUCCESS || *inter) return rc;
  if ((rc = irr__ctx_get(A->comm, &V->ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(A->comm, &V->rank);
  MPI_Comm_size(A->comm, &V->p);
  return A->root < 0 || A->root >= V->p ? MPI_ERR_ROOT : MPI_SUCCESS;
}

/* The call's state once alg is chosen: its tags (the next of the context's), the root's
   roles, the local checks. */
static void irr__v_begin(const irr__vargs *A, irr__vstate *V, irr_alg alg) {
  V->alg = alg;
  V->call = V->ctx->seq;
  V->tag = (int)(V->ctx->seq++ % IRR__SEQ_MOD) * 2;
  V->isroot = V->rank == A->root;
  V->inplace = V->isroot && A->inplace_arg;
  irr__v_validate(A, V);
}

/* The root's tree T (from its counts) is the one the subcubes announced in t. */
static int irr__v_matches(const irr__vstate *V, const irr_tree *t, const irr_tree_all *T) {
  int d;
  for (d = 0; d < t->levels; d++) {
    int64_t j = T->lvoff[d] + (((int64_t)V->rank >> d) ^ 1);
    if (t->heard[d] >= 0 && (T->M[j] != t->heard[d] || T->ND[j] != t->heard_nd[d] || T->H[j] != t->heard_h[d]))
      return 0;
  }
  return 1;
}

/* Gatherv's root, whose counts disagree with what the subcubes announced (erroneous MPI):
   if every sender's own size, read from the sizes window, is at most its count and whole
   elements, and the tree of those sizes is the one announced, they become the counts: the
   shorter blocks are taken as MPICH takes them (the rest of each untouched). 1: so; else T
   is the counts' tree or freed. Only on this path: p reads, none in a correct call. */
static int irr__v_reread(irr__vstate *V, int root, int rule, int64_t th, const irr_tree *t, irr_tree_all *T) {
  int64_t *m = V->m_root, *m2, es = V->vb.dt.size;
  int i, ok = 1, p = V->p;
  if (V->ctx->agw.state != 1 || !(m2 = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t)))) return 0;
  for (i = 0; i < p && ok; i++) {
    m2[i] = i == V->rank ? m[i] : irr__agwin_read(V->ctx, i, p, V->call, 0);
    ok = m2[i] >= 0 && m2[i] <= m[i] && (es > 0 ? m2[i] % es == 0 : m2[i] == 0);
  }
  if (ok) { /* T keeps the sizes it is built from: m gets the read ones, m2 the counts' */
    for (i = 0; i < p; i++) {
      int64_t x = m[i];
      m[i] = m2[i], m2[i] = x;
    }
    irr_tree_all_free(T);
    ok = irr_tree_build_t(T, p, root, rule, m, th) == IRR_OK && irr__v_matches(V, t, T);
    for (i = 0; i < p; i++)
      if (ok) m[p + i] = es > 0 ? m[i] / es : 0;
      else m[i] = m2[i];
  }
  IRRCOLL_FREE(m2);
  return ok;
}

/* The tree's construction over MPI (Gatherv's tree degrades gracefully: thresh from the
   agreed model). The root then builds the whole tree from its counts (*T) and checks it
   against what each subcube announced: its data, and its direct senders' number and
   fingerprint. A Gatherv whose senders sent less than its counts say has its blocks taken
   (irr__v_reread: every rank publishes its size first). On another mismatch it cannot know
   who sends straight to it: *ndrain gets how many do (as announced), to be taken whole and
   dropped, and T is freed. */
static int irr__v_construct(const irr__vargs *A, irr__vstate *V, irr_alg alg, irr_tree *t, irr_tree_all *T,
                            int64_t *ndrain) {
  int rc, d, rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, ok;
  int reread = !A->scatter && irr__v_short_ok(A, V); /* equal on every rank: alg, IRRCOLL_CHECK */
  int64_t th = alg == IRR_ALG_TREE && !A->scatter ? irr_gatherv_thresh(V->ctx->md) : INT64_MAX;
  if (reread) { /* every rank: its size where the root can read it */
    if ((rc = irr__agwin_make(V->ctx)) != MPI_SUCCESS) return rc;
    irr__agwin_publish(V->ctx, V->call, V->err != MPI_SUCCESS ? -2 : V->own, -1);
  }
  irr_tree_init(t, V->rank, V->p, A->root, rule, V->own);
  irr_tree_degrade(t, th);
  if ((rc = irr__tree_build_mpi(t, V->ctx->pc, V->tag)) != MPI_SUCCESS || !V->isroot) return rc;
  ok = V->m_root && V->err == MPI_SUCCESS;
  if (ok && (rc = irr_tree_build_t(T, V->p, A->root, rule, V->m_root, th)) != IRR_OK)
    return rc == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
  *ndrain = 0;
  for (d = 0; d < t->levels; d++)
    if (t->heard[d] >= 0) *ndrain += t->heard_nd[d]; /* a merge in this level */
  if (ok && !irr__v_matches(V, t, T)) ok = reread && irr__v_reread(V, A->root, rule, th, t, T);
  if (ok) *ndrain = 0;
  else {
    if (V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
    irr_tree_all_free(T);
  }
  return MPI_SUCCESS;
}

/* Direct senders the root cannot place (bad arguments): each message taken whole into
   scratch (learned, from any sender) and dropped. */
static void irr__v_drain_direct(int64_t n, int root, irr_sched *s) {
  int n0 = s->nops;
  for (; n > 0 && s->err == IRR_OK; n--) irr_sched_recv(s, 0, -1, IRR_BUF_TMP, s->tmp, root, root + 1, 0);
  irr__flag_msgs(s, n0, IRR_OPF_LEARN | IRR_OPF_EOM);
}

/* Where a subtree's announced size differs from the root's counts (or the root's counts are
   unusable), MPI must not see a truncated receive: MPICH reports those through
   MPI_COMM_WORLD's handler. Gatherv: take that subtree's message into scratch and drop it.
   Scatterv: send it 0-byte messages, which its ranks detect as short. With consistent
   arguments nothing changes: the program stays the generator's. */
static void irr__v_redirect(const irr__vargs *A, irr__vstate *V, irr_sched *s) {
  int i, vbufk = A->scatter ? IRR_BUF_SEND : IRR_BUF_RECV;
  for (i = 0; i < s->nops; i++) {
    irr_op *o = &s->ops[i];
    if (o->kind == IRR_OP_COPY || o->buf != vbufk) continue;
    if (V->m_root && irr__range_sum(V->m_root, o->blo, o->bhi) == o->len) continue;
    if (V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
    if (A->scatter) {
      o->buf = IRR_BUF_NONE;
    } else {
      o->buf = IRR_BUF_TMP;
      o->off = s->tmp;
      s->tmp += o->len;
    }
  }
}

/* This rank's program for alg: the construction first where the algorithm is a tree. */
static int irr__v_plan(const irr__vargs *A, irr__vstate *V, irr_alg alg, irr_sched *s, irr_op **ops) {
  int istree = alg == IRR_ALG_TREE || alg == IRR_ALG_BINOMIAL, cap = irr_v_maxops(alg, V->p, V->rank, A->root), rc;
  int skipcopy;
  int64_t ndrain = 0;
  irr_status st;
  irr_tree t;
  irr_tree_all T;
  memset(&T, 0, sizeof T);
  if (istree && (rc = irr__v_construct(A, V, alg, &t, &T, &ndrain)) != MPI_SUCCESS) {
    irr_tree_all_free(&T);
    return rc;
  }
  cap += (int)(ndrain < V->p ? ndrain : V->p);
  skipcopy = V->inplace || V->err == MPI_ERR_TRUNCATE; /* a root-side mismatch of its own block: no copy */
  if (!(*ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
    irr_tree_all_free(&T);
    return MPI_ERR_NO_MEM;
  }
  irr_sched_init(s, V->rank, V->p, *ops, cap);
  if (!istree) /* linear or direct: the root's sizes from its counts (direct: probed) */
    st = irr__linear_v(A->scatter, alg == IRR_ALG_DIRECT ? IRR__V_EXEC : 0, V->rank, V->p, A->root, V->own,
                       V->isroot ? V->m_root : NULL, skipcopy, s);
  else /* messages sized as announced in the construction: every receive fits */
    st = A->scatter ? irr_scatterv_tree(&t, NULL, skipcopy, 0, s)
                    : irr_gatherv_tree(&t, T.parent ? &T : NULL, NULL, skipcopy, 0, s);
  irr__v_drain_direct(ndrain, A->root, s);
  if (st == IRR_OK) st = s->err;
  irr_tree_all_free(&T);
  if (st == IRR_ERR_ARG && V->isroot && !V->m_root) st = IRR_OK; /* bad root arguments: nothing to do */
  if (st != IRR_OK) return st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
  if (V->isroot && istree) irr__v_redirect(A, V, s);
  return MPI_SUCCESS;
}

/* Op k of s, its length and peer recorded first, for irr__v_unfix to restore after the run
   (a persistent request runs the program again). */
static irr_op *irr__v_fix(irr__vstate *V, irr_sched *s, int k) {
  irr_op *o = &s->ops[k];
  V->fix[3 * V->nfix] = k, V->fix[3 * V->nfix + 1] = o->len, V->fix[3 * V->nfix + 2] = o->peer, V->nfix++;
  return o;
}

/* A block that came c < m bytes: the op that puts it in place (the slot's copy, or the rest
   above IRR_HEAD_ROOM) takes c, recorded for irr__v_unfix (a rest the head took whole is not
   waited for); a staged buffer's tail gets zeros. A block expected at IRR_HEAD_ROOM or more
   had its head received in place: what came is there. */
static int irr__v_short(irr__exec *X, irr__vstate *V, int lo, int hi, int q, int64_t c, int64_t m) {
  int k;
  irr__buf *B = X->buf[IRR_BUF_RECV];
  for (k = lo; k < X->s->nops; k++) {
    irr_op *o = &X->s->ops[k];
    int slot = k < hi && o->kind == IRR_OP_COPY && o->buf == IRR_BUF_TMP && o->blo == q;
    int rest = k >= hi && o->kind == IRR_OP_RECV && o->peer == q;
    if (!slot && !rest) continue;
    irr__v_fix(V, X->s, k)->len = slot ? c : c > IRR_HEAD_ROOM ? c - IRR_HEAD_ROOM : 0;
    if (rest && o->len == 0) o->peer = MPI_PROC_NULL; /* it sends no rest */
    break;
  }
  if (k == X->s->nops && m < IRR_HEAD_ROOM) return 0; /* no slot: nothing came to place */
  if (B && B->stage && B->start) memset(B->stage + B->start[q] + c, 0, (size_t)(m - c));
  return 1;
}
static void irr__v_unfix(irr__vstate *V, irr_sched *s) {
  for (; V->nfix > 0; V->nfix--) {
    irr_op *o = &s->ops[V->fix[3 * V->nfix - 3]];
    o->len = V->fix[3 * V->nfix - 2], o->peer = (int)V->fix[3 * V->nfix - 1];
  }
}

/* The rest a direct Gatherv's sender sends after a head that announced c > IRR_HEAD_ROOM
   units, on the other tag and chunked as the executor sends it (tag: the heads'): taken whole
   and dropped. */
static int irr__v_drain_rest(MPI_Comm comm, int peer, int64_t c, int tag) {
  int64_t at;
  int rc = MPI_SUCCESS;
  for (at = IRR_HEAD_ROOM; at < c && rc == MPI_SUCCESS; at += IRR__CHUNK)
    rc = irr__drain(comm, peer, (int)(c - at < IRR__CHUNK ? c - at : IRR__CHUNK), tag + IRR__ALTTAG);
  return rc;
}

/* The direct Gatherv's root, once the heads are in (round 0): a sender whose announced size
   is not the root's count marks the result bad; its slot is not copied into its block (left
   as it was, as irr__v_root_heads leaves it), the rest it sends (above IRR_HEAD_ROOM) is
   taken whole and dropped, and the rest the root expected from it is not waited for. A
   shorter block is accepted (MPICH does; MPI calls it erroneous), but with IRRCOLL_CHECK. */
static int irr__v_heads(irr__exec *X, int lo, int hi) {
  irr__vstate *V = (irr__vstate *)X->aarg;
  int j, k, rc = MPI_SUCCESS;
  if (X->s->ops[lo].round != 0) return MPI_SUCCESS;
  for (j = lo; j < hi && rc == MPI_SUCCESS; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t c, m;
    if (o->kind != IRR_OP_RECV || !(o->flags & IRR_OPF_COUNTS)) continue;
    c = V->heard[o->peer], m = V->m_root ? V->m_root[o->peer] : 0;
    if (c == m) continue;
    if (c >= 0 && c < m && X->shortok && irr__v_short(X, V, lo, hi, o->peer, c, m)) continue;
    X->bad = 1;
    for (k = lo; k < hi; k++) { /* its slot is not copied in: the block stays as it was */
      const irr_op *y = &X->s->ops[k];
      if (y->kind == IRR_OP_COPY && y->buf == IRR_BUF_TMP && y->blo == o->peer) {
        irr__v_fix(V, X->s, k)->len = 0;
        break;
      }
    }
    for (k = hi; k < X->s->nops; k++)
      if (X->s->ops[k].kind == IRR_OP_RECV && X->s->ops[k].peer == o->peer) X->s->ops[k].peer = MPI_PROC_NULL;
    rc = irr__v_drain_rest(X->comm, o->peer, c, X->tag);
  }
  return rc;
}

/* The direct Gatherv's root, as a head completes: if it announced the size the root
   expects, post the rest right away (the next round skips it). Waiting for every head
   first delayed each large block by the p per-message overheads of the others (two
   blocks of 200 KB at p = 64: 0.68 of MPI_Gatherv in SMPI). */
static int irr__v_head_in(irr__exec *X, int op, int *nreq) {
  const irr__vstate *V = (const irr__vstate *)X->aarg;
  const irr_op *o = &X->s->ops[op];
  int k, q = o->peer;
  if (o->kind != IRR_OP_RECV || o->round != 0 || !(o->flags & IRR_OPF_COUNTS) || (o->flags & IRR_OPF_ROOM) ||
      !V->m_root || V->heard[q] != V->m_root[q] || V->m_root[q] <= IRR_HEAD_ROOM)
    return MPI_SUCCESS;
  for (k = op + 1; k < X->s->nops; k++)
    if (X->s->ops[k].round == 1 && X->s->ops[k].kind == IRR_OP_RECV && X->s->ops[k].peer == q && !X->early[k]) {
      X->early[k] = 1;
      return irr__exec_post_op(X, &X->s->ops[k], nreq);
    }
  return MPI_SUCCESS;
}

/* The direct Gatherv's sizes: a sender's head carries its own (X->cnt), the root's heads fill
   V->heard (unheard: -1, never a size). */
static int irr__v_exec_heads(irr__vstate *V, const irr_sched *s, irr__exec *X) {
  int i;
  if (V->alg != IRR_ALG_DIRECT) return MPI_SUCCESS;
  if (!V->isroot) {
    V->announce = V->err != MPI_SUCCESS ? -2 : V->own;
    X->cnt = &V->announce;
    X->cnt_lo = V->rank;
    return MPI_SUCCESS;
  }
  if (!(V->heard = (int64_t *)IRRCOLL_MALLOC((size_t)V->p * 4 * sizeof(int64_t) + (size_t)s->nops + 1)))
    return MPI_ERR_NO_MEM;
  for (i = 0; i < V->p; i++) V->heard[i] = -1;
  V->fix = V->heard + V->p, V->nfix = 0;
  X->early = (unsigned char *)(V->heard + 4 * (size_t)V->p);
  memset(X->early, 0, (size_t)s->nops + 1);
  X->cnt = V->heard;
  X->cnt_lo = 0;
  X->after = irr__v_heads;
  X->each = irr__v_head_in;
  X->aarg = V;
  return MPI_SUCCESS;
}

/* The executor's views of the user's buffers (mpi/buf.h): the root's blocks, the own block;
   a view with nothing to move in it is discarded. */
static void irr__v_views(const irr__vargs *A, irr__vstate *V) {
  irr__buf *vb = &V->vb, *ob = &V->ob;
  vb->v = 1, vb->p = V->p, vb->base = A->vbuf;
  vb->counts = V->m_root ? V->m_root + V->p : NULL;
  vb->displs = V->m_root ? V->m_root + 2 * V->p : NULL;
  vb->discard = !V->isroot || !V->m_root;
  ob->v = 0, ob->own = V->rank, ob->count = V->ocount, ob->base = A->obuf;
  ob->discard = V->inplace || (V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE) || V->own == 0;
  if (V->inplace) ob->dt.contig = 1;
}

/* Run the program on the user's buffers (non-contiguous types staged), on comm with tag. In
   halves for the persistent requests (mpi/request.h): irr__v_start stages and begins X (X->s
   set only once it has begun), irr__v_finish ends it and unstages (rc: the run's result). */
static int irr__v_start(const irr__vargs *A, irr__vstate *V, irr_sched *s, MPI_Comm comm, int tag, irr__exec *X) {
  int vbufk = A->scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obufk = A->scatter ? IRR_BUF_RECV : IRR_BUF_SEND, rc;
  irr__buf *vb = &V->vb, *ob = &V->ob;
  memset(X, 0, sizeof *X);
  irr__v_views(A, V);
  if (!vb->discard && !vb->dt.contig && !A->scatter) {
    if (!(vb->wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)V->p))) return MPI_ERR_NO_MEM;
    memset(vb->wrote, 0, (size_t)V->p);
  }
  if (!A->scatter && (rc = irr__v_exec_heads(V, s, X)) != MPI_SUCCESS) return rc;
  X->shortok = irr__v_short_ok(A, V);
  if ((rc = irr__buf_stage(vb, A->scatter, V->ctx->pc)) != MPI_SUCCESS ||
      (rc = irr__buf_stage(ob, !A->scatter, V->ctx->pc)) != MPI_SUCCESS)
    return rc;
  X->s = s;
  X->buf[vbufk] = vb;
  X->buf[obufk] = ob;
  X->comm = comm;
  X->tag = tag;
  X->md = &V->ctx->md;
  return irr__exec_begin(X);
}
static int irr__v_finish(const irr__vargs *A, irr__vstate *V, irr__exec *X, int rc) {
  irr__buf *vb = &V->vb, *ob = &V->ob;
  int rc2, rc3;
  V->ctx->last.cpu_model_s += X->cpu_total;
  if (X->s) {
    irr__exec_end(X);
    rc2 = irr__buf_unstage(vb, !A->scatter, V->ctx->pc);
    rc3 = irr__buf_unstage(ob, A->scatter && !X->bad, V->ctx->pc);
    if (rc == MPI_SUCCESS) rc = rc2 != MPI_SUCCESS ? rc2 : rc3;
    if (rc == MPI_SUCCESS && X->bad && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  }
  irr__buf_unstage(vb, 0, V->ctx->pc);
  irr__buf_unstage(ob, 0, V->ctx->pc);
  if (vb->wrote) IRRCOLL_FREE(vb->wrote);
  vb->wrote = NULL;
  if (X->s) irr__v_unfix(V, X->s);
  if (V->heard) IRRCOLL_FREE(V->heard);
  V->heard = NULL;
  return rc;
}
static int irr__v_exec(const irr__vargs *A, irr__vstate *V, irr_sched *s) {
  irr__exec X;
  int rc = irr__v_start(A, V, s, V->ctx->pc, V->tag + 1, &X), done = 0;
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
  return irr__v_finish(A, V, &X, rc);
}

/* The blocking direct Gatherv's root where its program is heads alone: every block it
   expects is below IRR_HEAD_ROOM (no rest; each head lands in a scratch slot), its receive
   type is contiguous, and no IRRCOLL_CHECK. The program's receives are posted straight from
   its ops and completed by one MPI_Waitall (no head can truncate: its slot has room for any
   head); then each head's size is checked and its data copied into place, as the executor
   with irr__v_heads does, without the executor's pieces, chunks and completion passes
   (cpu_msg). With those charged, p = 64 at 4 B - 1 KiB ran at 0.914 of MPI_Gatherv in SMPI
   (bench/run_e2e.sh). The senders run the executor: the messages are the same. As there, a
   block whose head is wrong is left as it was, and a head that announced more than the
   room has its rest drained. 1 where this applies. */
static int irr__v_root_plain(const irr__vargs *A, irr__vstate *V, const irr_sched *s) {
  int j;
  if (A->scatter || !V->isroot || V->alg != IRR_ALG_DIRECT || V->ctx->check) return 0;
  irr__v_views(A, V);
  if (!V->vb.discard && !V->vb.dt.contig) return 0;
  for (j = 0; j < s->nops; j++) {
    const irr_op *o = &s->ops[j];
    if (o->round != 0 || (o->kind != IRR_OP_RECV && o->kind != IRR_OP_COPY)) return 0;
    if (o->kind == IRR_OP_RECV && (o->buf != IRR_BUF_TMP || o->bhi != o->blo + 1 ||
                                   (o->flags & (IRR_OPF_COUNTS | IRR_OPF_ROOM)) != (IRR_OPF_COUNTS | IRR_OPF_ROOM)))
      return 0;
    if (o->kind == IRR_OP_COPY && o->dbuf != IRR_BUF_RECV) return 0;
  }
  return 1;
}
/* The model's CPU of a head there, in cpu_msg: its size read and checked, its data copied,
   beyond MPI's own receive. bench/bench_cpu.c ("head", 8 B blocks) measured 19-24 ns a head
   in runs where the executor's own work was 58-73 ns a message. Charged as the executor
   charges its messages, once they are posted. */
#define IRR_V_HEAD_MSG 0.3
/* Run it (irr__v_root_plain said 1). Scratch: the program's slots; requests and statuses
   beyond 64. */
static int irr__v_root_heads(irr__vstate *V, const irr_sched *s) {
  MPI_Request stk[64], *rq = stk;
  MPI_Status sst[64], *st = sst;
  MPI_Comm comm = V->ctx->pc;
  int j, k, nr = 0, rc = MPI_SUCCESS, rc2, tag = V->tag + 1, bad = 0;
  char *tmp = s->tmp > 0 ? (char *)IRRCOLL_MALLOC((size_t)s->tmp) : NULL;
  double cpu;
  for (j = 0; j < s->nops; j++) nr += s->ops[j].kind == IRR_OP_RECV;
  if (nr > 64) {
    rq = (MPI_Request *)IRRCOLL_MALLOC((size_t)nr * sizeof(MPI_Request));
    st = (MPI_Status *)IRRCOLL_MALLOC((size_t)nr * sizeof(MPI_Status));
  }
  if (!rq || !st || (s->tmp > 0 && !tmp)) { /* as any rank that cannot take part: its peers wait */
    if (tmp) IRRCOLL_FREE(tmp);
    if (rq && rq != stk) IRRCOLL_FREE(rq);
    if (st && st != sst) IRRCOLL_FREE(st);
    return MPI_ERR_NO_MEM;
  }
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(s); /* test-only: the program as it runs (test/mpi/test_same.c) */
#endif
  for (nr = 0, j = 0; j < s->nops && rc == MPI_SUCCESS; j++)
    if (s->ops[j].kind == IRR_OP_RECV &&
        (rc = MPI_Irecv(tmp + s->ops[j].off - 8, 8 + IRR_HEAD_ROOM, MPI_BYTE, s->ops[j].peer, tag, comm, &rq[nr])) ==
            MPI_SUCCESS)
      nr++;
  cpu = (double)nr * IRR_V_HEAD_MSG * V->ctx->md.cpu_msg;
  IRRCOLL_CPU_CHARGE(cpu);
  V->ctx->last.cpu_model_s += cpu;
  for (j = 0; j < s->nops && rc == MPI_SUCCESS; j++) /* the own block, while the heads come */
    if (s->ops[j].kind == IRR_OP_COPY && s->ops[j].buf == IRR_BUF_SEND && !V->vb.discard && !V->ob.discard)
      rc = irr__dx_copy(&s->ops[j], &V->ob, &V->vb, comm, &bad);
  rc2 = nr > 0 ? MPI_Waitall(nr, rq, st) : MPI_SUCCESS;
  if (rc == MPI_SUCCESS) rc = rc2;
  for (k = 0, j = 0; j < s->nops && rc == MPI_SUCCESS; j++) {
    const irr_op *o = &s->ops[j];
    int64_t c = -1; /* no header: a size of -1, never a size */
    int got = 0;
    if (o->kind != IRR_OP_RECV) continue;
    if (MPI_Get_count(&st[k++], MPI_BYTE, &got) == MPI_SUCCESS && got >= 8) memcpy(&c, tmp + o->off - 8, 8);
    if (c >= 0 && c <= o->len) { /* its block, or a shorter one (taken at its start, as MPICH does) */
      if (c > 0 && !V->vb.discard) memcpy(irr__blk_addr(&V->vb, o->blo), tmp + o->off, (size_t)c);
      continue;
    }
    bad = 1;
    rc = irr__v_drain_rest(comm, o->peer, c, tag);
  }
  if (tmp) IRRCOLL_FREE(tmp);
  if (rq != stk) IRRCOLL_FREE(rq);
  if (st != sst) IRRCOLL_FREE(st);
  if (rc == MPI_SUCCESS && bad && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  return rc;
}

/* A blocking direct Scatterv (IRR_ALG_DIRECT, without IRRCOLL_CHECK): the program of
   irr_scatterv_direct (one message from the root to every other rank, empty ones too) run
   straight on the user's buffers (mpi/direct.h), as MPI's own linear algorithm: no staging,
   no executor. A root with bad arguments sends its poison and every rank drains what comes;
   a receiver of the poison or of a block larger than its count returns MPI_ERR_TRUNCATE,
   the block untouched; a shorter block, an empty one too, is taken at the start of its
   block, as MPICH does. Not Gatherv, whose direct program sends each block's size ahead
   (irr_gatherv_direct_h): run this way its root would probe each of its p - 1 messages
   before receiving it, on the call's critical path (SMPI, p = 64, 4 B to 1 KiB: 0.876 of
   MPI's linear, against 0.913 with the executor's pre-posted heads; its root now runs its
   heads itself, irr__v_root_heads). Nor a build
   whose receives are not probed (IRR_DX_PROBE 0: MPICH raises a truncated receive on
   MPI_COMM_WORLD's handler). */
static int irr__v_direct(const irr__vargs *A, irr__vstate *V, irr_sched *s, irr_op **ops, double t0) {
  int p = V->p, cap = irr_v_maxops(IRR_ALG_DIRECT, p, V->rank, A->root), bad = V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE;
  int rc, e = MPI_SUCCESS;
  MPI_Comm pd;
  if (!(*ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
  irr_sched_init(s, V->rank, p, *ops, cap);
  if (irr_scatterv_direct(V->rank, p, A->root, V->own, V->isroot ? V->m_root : NULL,
                          V->inplace || V->err == MPI_ERR_TRUNCATE, s) != IRR_OK)
    return MPI_ERR_INTERN;
  /* the model's CPU: the root's counts widened, the program; the messages are MPI's own */
  irr__note_call(V->ctx, IRR_COLL_SCATTERV, IRR_ALG_DIRECT, 0, 0,
                 irr__plan_cpu(&V->ctx->md, V->isroot ? IRR_VALIDATE_SIZES * p : 1, s->nops), t0);
  irr__v_views(A, V);
  if ((rc = irr__dx_comm(V->ctx, &pd)) == MPI_SUCCESS) rc = irr__dx_run(s, &V->vb, &V->ob, bad || (V->isroot && !V->m_root), V->tag, pd, &e);
  if (rc == MPI_SUCCESS && e != MPI_SUCCESS && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  return rc;
}

/* IRR_Scatterv (and _c) by XScatterv's tree (IRR_ALG_XTREE): the root's counts travel as if
   unknown, and every rank checks the size it learns against its own count. A larger block
   is MPI_ERR_TRUNCATE at that rank, its block unwritten (the root cannot see it: it hears
   from nobody, as with MPI's linear Scatterv); a shorter one is taken as MPICH does, the
   rest of the receive buffer untouched (but with IRRCOLL_CHECK, or an empty one). A rank
   with bad arguments still receives and forwards its one message, so nobody waits. */
static int irr__xs_known(const irr__vargs *A) {
  irr__ctx *ctx = NULL;
  MPI_Aint learned = 0;
  irr__xs G;
  irr__xarr sc = {(int *)(uintptr_t)A->c.ci, (MPI_Count *)(uintptr_t)A->c.cc, NULL};
  irr__xarr sd = {(int *)(uintptr_t)A->c.di, NULL, (MPI_Aint *)(uintptr_t)A->c.dc};
  irr__xarr rc1 = {NULL, NULL, &learned};
  int rc;
  memset(&G, 0, sizeof G);
  rc = irr__xbegin(A->comm, &ctx, &G.rank, &G.p, &G.tag);
  if (rc == MPI_SUCCESS) {
    G.sendbuf = A->vuser, G.sendcounts = sc, G.displs = sd, G.sendtype = A->vtype;
    G.recvbuf = (void *)(uintptr_t)A->ouser, G.bound = A->ocount, G.recvcount = rc1, G.recvtype = A->otype;
    G.root = A->root, G.isroot = G.rank == A->root, G.ctx = ctx, G.known = A->ocount;
    G.inplace = G.isroot && A->inplace_arg;
    if (A->inplace_arg && !G.isroot) G.rerr = MPI_ERR_BUFFER;
    if (A->pre_err != MPI_SUCCESS) *(G.isroot ? &G.err : &G.rerr) = A->pre_err;
    rc = irr__xscatterv_unknown(&G);
  }
  return rc == MPI_SUCCESS ? rc : irr__raise(A->comm, rc);
}

/* validate -> choose -> plan -> run; forced: the algorithm the caller wants (IRR_ALG_AUTO:
   the communicator's forced one, else the automatic choice). One exit path. */
static int irr__v_run(const irr__vargs *A, irr_alg forced) {
  irr__vstate V;
  irr_sched s;
  irr_op *ops = NULL;
  int rc, inter = 0;
  double t0 = IRRCOLL_CLOCK();
  irr_coll coll = A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
  const char *name = A->scatter ? "IRR_Scatterv" : "IRR_Gatherv";
  if ((rc = irr__v_open(A, &V, &inter)) != MPI_SUCCESS) {
    if (rc == MPI_ERR_ROOT && V.ctx && V.ctx->check) irr__check_agree(V.ctx, name, V.rank, V.p, -1, NULL, 1);
    return irr__raise(A->comm, rc);
  }
  if (inter) return irr__v_native(A);
  if (V.ctx->check && (rc = irr__check_agree(V.ctx, name, V.rank, V.p, A->root, NULL, 0)) != MPI_SUCCESS)
    return irr__raise(A->comm, rc);
  if (forced == IRR_ALG_AUTO) forced = irr__forced(V.ctx, coll);
  forced = A->scatter ? irr_scatterv_choose(forced, V.p) : irr_gatherv_choose(forced, V.p);
  if (forced == IRR_ALG_XTREE) return irr__xs_known(A); /* its own tags, checks and errors */
  irr__v_begin(A, &V, forced);
  if (forced == IRR_ALG_DIRECT && A->scatter && !V.ctx->check && IRR_DX_PROBE) { /* its program on the user's buffers */
    rc = irr__v_direct(A, &V, &s, &ops, t0);
  } else if ((rc = irr__v_plan(A, &V, forced, &s, &ops)) == MPI_SUCCESS) {
    irr__note_call(V.ctx, coll, forced, 0, 0, irr__plan_cpu(&V.ctx->md, V.isroot ? IRR_VALIDATE_SIZES * V.p : 1, s.nops), t0);
    rc = irr__v_root_plain(A, &V, &s) ? irr__v_root_heads(&V, &s) : irr__v_exec(A, &V, &s);
  }
  if (ops) IRRCOLL_FREE(ops);
  if (V.m_root) IRRCOLL_FREE(V.m_root);
  if (rc == MPI_SUCCESS) rc = V.err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(A->comm, rc);
}

/* Every entry point: the root's "v" buffer and the own block, in the shape irr__v_run takes. */
static int irr__v_call_alg(int scatter, const void *vuser, const int *counts, const MPI_Count *counts_c,
                           const int *displs, const MPI_Aint *displs_c, MPI_Datatype vtype, const void *ouser,
                           int64_t ocount, MPI_Datatype otype, int root, MPI_Comm comm, int pre_err, irr_alg alg) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.scatter = scatter;
  A.vuser = vuser;
  A.ouser = ouser;
  A.vbuf = irr__base(vuser); /* Scatterv only reads it */
  A.c.ci = counts;
  A.c.cc = counts_c;
  A.c.di = displs;
  A.c.dc = displs_c;
  A.vtype = vtype;
  A.inplace_arg = ouser == MPI_IN_PLACE;
  A.obuf = A.inplace_arg ? NULL : irr__base(ouser); /* Gatherv only reads it */
  A.ocount = ocount;
  A.otype = otype;
  A.root = root;
  A.comm = comm;
  A.pre_err = pre_err;
  return irr__v_run(&A, alg);
}
static int irr__v_call(int scatter, const void *vuser, const int *counts, const MPI_Count *counts_c,
                       const int *displs, const MPI_Aint *displs_c, MPI_Datatype vtype, const void *ouser,
                       int64_t ocount, MPI_Datatype otype, int root, MPI_Comm comm, int pre_err) {
  return irr__v_call_alg(scatter, vuser, counts, counts_c, displs, displs_c, vtype, ouser, ocount, otype, root, comm,
                         pre_err, IRR_ALG_AUTO);
}
/* ==== end mpi/rooted.h ==== */
/* ==== begin mpi/inter.h ==== */
/* Intergroup Allgather/Allgatherv (algo/inter/) on MPI: on an intercommunicator (merged once
   into an intracommunicator, cached with it), or on two groups inside an intracommunicator
   (IRR_Allgather(v)_groups). The schedule's ranks are group A (flag 0 / the group the merge
   puts first) then group B; it runs on the merged or private communicator through gmap. */

/* Intercommunicator: merge (high = 0 on both sides: MPI orders the groups, the same for
   all) and split off the local group. Collective on the first call. The context of an
   intercommunicator agrees on nothing when it is made, so one Allreduce (min) over the
   merged communicator takes its rank 0's forced algorithm and model, its CPU constants
   too (they change who sends what to whom; environments may differ) and whether every
   rank has its map; nothing is kept unless all succeeded. */
static int irr__inter_setup(irr__ctx *ctx) {
  int rc, lrank, lsize, rsize, mrank, first, i, *map;
  double v[4 + IRR__NCPU], none = 1e300; /* above any setting: min takes rank 0's */
  double *cpu[IRR__NCPU];
  MPI_Comm g = MPI_COMM_NULL, l = MPI_COMM_NULL;
  if (ctx->inter.gcomm != MPI_COMM_NULL) return MPI_SUCCESS;
  MPI_Comm_rank(ctx->pc, &lrank);
  MPI_Comm_size(ctx->pc, &lsize);
  MPI_Comm_remote_size(ctx->pc, &rsize);
  map = (int *)IRRCOLL_MALLOC((size_t)(lsize + rsize) * sizeof(int));
  if ((rc = MPI_Intercomm_merge(ctx->pc, 0, &g)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(g, MPI_ERRORS_RETURN);
  MPI_Comm_rank(g, &mrank);
  v[0] = map != NULL;
  v[1] = mrank == 0 ? (double)irr__forced(ctx, IRR_COLL_INTER_ALLGATHERV) : none;
  v[2] = mrank == 0 ? ctx->md.alpha : none, v[3] = mrank == 0 ? ctx->md.beta : none;
  irr__cpu_fields(&ctx->md, cpu); /* IRRCOLL_CPU's constants (mpi/ctx.h) */
  for (i = 0; i < IRR__NCPU; i++) v[4 + i] = mrank == 0 ? *cpu[i] : none;
  if ((rc = MPI_Allreduce(MPI_IN_PLACE, v, 4 + IRR__NCPU, MPI_DOUBLE, MPI_MIN, g)) != MPI_SUCCESS) goto fail;
  if (v[0] == 0) { rc = MPI_ERR_NO_MEM; goto fail; }
  first = mrank == lrank; /* each group keeps its order; the first one starts at 0 */
  if ((rc = MPI_Comm_split(g, !first, lrank, &l)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(l, MPI_ERRORS_RETURN);
  ctx->force[IRR_COLL_INTER_ALLGATHERV] = (irr_alg)(int)v[1], ctx->md.alpha = v[2], ctx->md.beta = v[3];
  for (i = 0; i < IRR__NCPU; i++) *cpu[i] = v[4 + i];
  ctx->inter.gcomm = g, ctx->inter.glocal = l, ctx->inter.gmap = map;
  ctx->inter.na = first ? lsize : rsize;
  ctx->inter.nb = first ? rsize : lsize;
  ctx->inter.grank = mrank;
  for (i = 0; i < lsize + rsize; i++) map[i] = i;
  return MPI_SUCCESS;
fail:
  if (g != MPI_COMM_NULL) MPI_Comm_free(&g);
  if (map) IRRCOLL_FREE(map);
  return rc;
}

/* Two groups in an intracommunicator: every call gathers the flags (one int per rank) and
   redoes the layout only when they changed. All ranks see the same flags, so a bad flag or
   an empty group is the same error everywhere. The context changes only once the split
   succeeded (a later call never sees flags without their communicator). */
static int irr__groups_setup(irr__ctx *ctx, int group, int rank, int p) {
  int *f, rc, i, na = 0, k;
  MPI_Comm l;
  if (!ctx->inter.gmap && !(ctx->inter.gmap = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
  if (!(f = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
  if ((rc = MPI_Allgather(&group, 1, MPI_INT, f, 1, MPI_INT, ctx->pc)) != MPI_SUCCESS) goto fail;
  for (i = 0; i < p; i++) {
    if (f[i] != 0 && f[i] != 1) { rc = MPI_ERR_ARG; goto fail; }
    na += f[i] == 0;
  }
  if (na == 0 || na == p) { rc = MPI_ERR_ARG; goto fail; }
  if (ctx->inter.gflags && memcmp(ctx->inter.gflags, f, (size_t)p * sizeof(int)) == 0) {
    IRRCOLL_FREE(f);
    return MPI_SUCCESS;
  }
  if ((rc = MPI_Comm_split(ctx->pc, group, rank, &l)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(l, MPI_ERRORS_RETURN);
  if (ctx->inter.glocal != MPI_COMM_NULL) MPI_Comm_free(&ctx->inter.glocal);
  if (ctx->inter.gflags) IRRCOLL_FREE(ctx->inter.gflags);
  ctx->inter.glocal = l, ctx->inter.gflags = f;
  ctx->inter.na = na, ctx->inter.nb = p - na;
  for (k = 0, i = 0; i < p; i++) if (f[i] == 0) ctx->inter.gmap[k++] = i;
  for (i = 0; i < p; i++) if (f[i] == 1) ctx->inter.gmap[k++] = i;
  for (k = 0; k < p; k++) if (ctx->inter.gmap[k] == rank) ctx->inter.grank = k;
  return MPI_SUCCESS;
fail:
  IRRCOLL_FREE(f);
  return rc;
}

/* The intergroup Allgather(v)'s plan, after the setup: tag, sizes, this rank's program (its
   peers gcomm's ranks) and buffer views, agreed by both groups; freed by irr__iplan_free.
   irr__inter_run runs it once; a persistent request (mpi/persist.h) at every start. */
typedef struct irr__iplan {
  int tag;
  int64_t *m;   /* bytes (P), counts (P), displacements (P): vb's */
  irr_op *ops;
  irr_sched s;
  irr__buf vb, ob;
} irr__iplan;

static void irr__iplan_free(irr__iplan *L) {
  if (L->m) IRRCOLL_FREE(L->m);
  if (L->ops) IRRCOLL_FREE(L->ops);
  L->m = NULL, L->ops = NULL;
}

/* One check that both groups agree on every size (m: my group's nl sizes at lb, the remote
   group's nr at rb), the algorithm (both groups' programs) and the model (a group's
   Allgatherv), and that nobody failed (bad: this rank): otherwise nobody moves data, so a
   bad argument anywhere cannot hang or corrupt anyone (the others return MPI_ERR_TRUNCATE;
   differing settings are MPI_ERR_ARG everywhere). Views as max and -min over my group:
   equal iff max == min. *verdict, the same on every rank of both groups: 0 agreed, 1 sizes
   or a failure, 2 settings. */
static int irr__inter_agree(irr__ctx *ctx, MPI_Comm gcomm, const int64_t *m, int lb, int nl, int rb, int nr, irr_alg alg,
                            int bad, int tag, long long *verdict) {
  long long chk[9], got[9], mine[9];
  int64_t md[2];
  int rc;
  memcpy(md, &ctx->md.alpha, sizeof md[0]), memcpy(md + 1, &ctx->md.beta, sizeof md[1]);
  mine[0] = (long long)(irr__hash(m + rb, nr) >> 1), mine[1] = -mine[0], mine[2] = bad;
  mine[3] = (long long)(irr__hash(m + lb, nl) >> 1), mine[4] = -mine[3];
  mine[5] = (long long)alg, mine[6] = -mine[5], mine[7] = (long long)(irr__hash(md, 2) >> 1), mine[8] = -mine[7];
  if ((rc = MPI_Allreduce(mine, chk, 9, MPI_LONG_LONG, MPI_MAX, ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  if (ctx->inter.grank == lb) { /* the group roots compare views; both reach the same verdict */
    int peer = ctx->inter.gmap[rb], sizes, sets;
    if ((rc = MPI_Sendrecv(chk, 9, MPI_LONG_LONG, peer, tag, got, 9, MPI_LONG_LONG, peer, tag, gcomm, MPI_STATUS_IGNORE)) != MPI_SUCCESS) return rc;
    sizes = chk[2] || got[2] || chk[0] != -chk[1] || got[0] != -got[1] || chk[3] != -chk[4] || got[3] != -got[4] ||
            chk[0] != got[3] || got[0] != chk[3];
    sets = chk[5] != -chk[6] || got[5] != -got[6] || chk[5] != got[5] || chk[7] != -chk[8] || got[7] != -got[8];
    chk[2] = sizes ? 1 : sets ? 2 : 0;
  }
  if ((rc = MPI_Bcast(&chk[2], 1, MPI_LONG_LONG, 0, ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  *verdict = chk[2];
  return MPI_SUCCESS;
}

/* rcs: the remote group's counts and displacements (regular: block j of rcount elements at
   j * rcount, and every rank's own size is the same). Every size is in bytes (count x type size), so any counts of one
   signature work alike, an empty one (e.g. a size-0 type) included. An error is the same
   on every rank of both groups once the check has run (a bad argument anywhere: the
   others' MPI_ERR_TRUNCATE). */
static int irr__inter_plan(irr__ctx *ctx, MPI_Comm gcomm, const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const irr__counts *rcs, MPI_Datatype recvtype, irr__iplan *L) {
  int P = ctx->inter.na + ctx->inter.nb, me = ctx->inter.grank, inA = me < ctx->inter.na, nl = inA ? ctx->inter.na : ctx->inter.nb, nr = P - nl;
  int lb = inA ? 0 : ctx->inter.na, rb = inA ? ctx->inter.na : 0, rc = MPI_SUCCESS, err = MPI_SUCCESS, i, tag, lbad = 0;
  int64_t *m = NULL, own = 0, cap;
  long long verdict = 0;
  double t0 = IRRCOLL_CLOCK();
  irr_alg alg = irr_inter_choose(irr__forced(ctx, IRR_COLL_INTER_ALLGATHERV));
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  memset(L, 0, sizeof *L);
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  if (!rcs->regular && ((!rcs->ci && !rcs->cc) || (!rcs->di && !rcs->dc))) return MPI_ERR_ARG;
  tag = (int)(ctx->seq++ % IRR__SEQ_MOD) * 2;
  if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)P * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(m, 0, (size_t)P * 3 * sizeof(int64_t));
  /* local errors: this rank's arguments */
  if ((rc = irr__dt_info(recvtype, &vb.dt)) != MPI_SUCCESS) err = rc, vb.dt.size = 0;
  if (err == MPI_SUCCESS) { /* the remote group's blocks: counts, displacements, bytes */
    err = irr__widen(nr, rcs, vb.dt.size, vb.dt.extent, m + P + rb, m + 2 * P + rb, m + rb, NULL);
  }
  if (err == MPI_SUCCESS) {
    if (sendbuf == MPI_IN_PLACE) err = MPI_ERR_ARG; /* not allowed on intercommunicators */
    else if (sendcount < 0) err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_info(sendtype, &ob.dt)) != MPI_SUCCESS) err = rc;
    else if (!irr__mul_ok(sendcount, ob.dt.size, &own)) err = MPI_ERR_COUNT;
    else if (own > 0 && !sendbuf && ob.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  }
  for (i = 0; i < nr && err == MPI_SUCCESS; i++)
    if (m[rb + i] > 0 && !recvbuf && vb.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  /* my group's sizes (Allgatherv: gathered; Allgather: all equal) */
  if (!rcs->regular) {
    int64_t mb = err == MPI_SUCCESS ? own : -1;
    if ((rc = MPI_Allgather(&mb, 1, MPI_INT64_T, m + lb, 1, MPI_INT64_T, ctx->inter.glocal)) != MPI_SUCCESS) goto out;
  } else {
    for (i = 0; i < nl; i++) m[lb + i] = err == MPI_SUCCESS ? own : -1;
  }
  for (i = 0; i < nl; i++) lbad |= m[lb + i] < 0;
  /* this rank's program, before the check: failing to build it (memory) is one more local
     error the check agrees on, never a rank missing from a schedule the others run */
  if (err == MPI_SUCCESS && !lbad) {
    if ((cap = irr_inter_maxops(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md)) < 0 || cap > INT_MAX / 2 ||
        !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
      err = MPI_ERR_NO_MEM;
    } else {
      irr_status st;
      irr_sched_init(&s, me, P, ops, (int)cap);
      if ((st = irr_inter_allgatherv(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md, &s)) != IRR_OK)
        err = st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
    }
  }
  if ((rc = irr__inter_agree(ctx, gcomm, m, lb, nl, rb, nr, alg, err != MPI_SUCCESS || lbad, tag, &verdict)) != MPI_SUCCESS)
    goto out;
  if (verdict) { rc = err != MPI_SUCCESS ? err : verdict == 1 ? MPI_ERR_TRUNCATE : MPI_ERR_ARG; goto out; }
  /* run it, its peers mapped to gcomm's ranks */
  for (i = 0; i < s.nops; i++)
    if (ops[i].kind != IRR_OP_COPY) ops[i].peer = ctx->inter.gmap[ops[i].peer];
  vb.v = 1, vb.p = P, vb.base = irr__base(recvbuf), vb.counts = m + P, vb.displs = m + 2 * P;
  ob.v = 0, ob.own = me, ob.count = sendcount, ob.base = irr__base(sendbuf), ob.discard = own == 0;
  L->tag = tag, L->m = m, L->ops = ops, L->s = s, L->vb = vb, L->ob = ob;
  irr__note_call(ctx, IRR_COLL_INTER_ALLGATHERV, alg, 0, 0, irr__plan_cpu(&ctx->md, 3.0 * P, s.nops), t0);
  return MPI_SUCCESS;
out:
  if (m) IRRCOLL_FREE(m);
  if (ops) IRRCOLL_FREE(ops);
  return rc;
}

/* The intergroup Allgather(v), after the setup: plan, run once. */
static int irr__inter_run(irr__ctx *ctx, MPI_Comm gcomm, const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const irr__counts *rcs, MPI_Datatype recvtype) {
  irr__iplan L;
  int bad = 0, rc = irr__inter_plan(ctx, gcomm, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype, &L);
  if (rc != MPI_SUCCESS) return rc;
  rc = irr__run_allv(ctx, &L.s, gcomm, L.tag + 1, &L.vb, &L.ob, 0, &bad, NULL);
  if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE;
  irr__iplan_free(&L);
  return rc;
}

/* The intercommunicator path of IRR_Allgather(_c) / IRR_Allgatherv(_c). */
static int irr__inter_entry(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const irr__counts *rcs, MPI_Datatype recvtype, MPI_Comm comm) {
  irr__ctx *ctx;
  int rc;
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if ((rc = irr__inter_setup(ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  rc = irr__inter_run(ctx, ctx->inter.gcomm, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

/* IRR_Allgather(v)_groups(_c). */
static int irr__groups_entry(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const irr__counts *rcs, MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__ctx *ctx;
  int rc, inter = 0, rank, p;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if ((rc = irr__groups_setup(ctx, group, rank, p)) != MPI_SUCCESS) return irr__raise(comm, rc);
  rc = irr__inter_run(ctx, ctx->pc, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

/* IRR_Allgather(_c): the intergroup algorithm on intercommunicators; on intracommunicators
   the native operation, except on an empty signature (recvcount x recvtype's size is 0,
   the same on every rank as MPI requires): nothing moves, so every rank returns at once.
   MPICH 4.0.2 decides there from each rank's own counts, and ranks sending a positive count
   of a size-0 type wait forever for those sending 0 elements (p >= 3). A rank whose own
   block is not empty then is MPI_ERR_TRUNCATE, alone. large: the `_c` entry. */
static int irr__allgather(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf, int64_t recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm, int large) {
  int rc, inter = 0;
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__inter_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, comm);
  if (recvcount >= 0 && recvtype != MPI_DATATYPE_NULL &&
      (sendbuf == MPI_IN_PLACE || (sendcount >= 0 && sendtype != MPI_DATATYPE_NULL))) {
    MPI_Count rsz = 0, ssz = 0;
    int64_t rbytes = -1, sbytes = 0;
    if (MPI_Type_size_x(recvtype, &rsz) == MPI_SUCCESS && irr__mul_ok(recvcount, (int64_t)rsz, &rbytes) && rbytes == 0) {
      if (sendbuf != MPI_IN_PLACE && (MPI_Type_size_x(sendtype, &ssz) != MPI_SUCCESS || !irr__mul_ok(sendcount, (int64_t)ssz, &sbytes)))
        sbytes = -1;
      return sbytes == 0 ? MPI_SUCCESS : irr__raise(comm, MPI_ERR_TRUNCATE);
    }
  }
#if MPI_VERSION >= 4
  if (large) return MPI_Allgather_c(sendbuf, (MPI_Count)sendcount, sendtype, recvbuf, (MPI_Count)recvcount, recvtype, comm);
#endif
  (void)large;
  return MPI_Allgather(sendbuf, (int)sendcount, sendtype, recvbuf, (int)recvcount, recvtype, comm);
}
/* ==== end mpi/inter.h ==== */
/* ==== begin mpi/allgatherv.h ==== */
/* IRR_Allgatherv: validate -> choose -> plan -> run.
     validate  every argument error is local (a rank with bad recvcounts or recvtype is the
               only one that knows): that rank still runs the program, touching no buffer
               and sending 0-byte messages that its successors detect as short
               (MPI_ERR_TRUNCATE); sizes it lacks it reads from their owners
               (irr__ag_sizes); nothing is added to a correct call but three stores
     choose    irr_allgatherv_choose_w (select/allgatherv.h) from the sizes, the node layout
               (gathered once per communicator) and the model: equal on every rank; its
               workspace comes with the sizes' (validate), so it cannot fail on one rank
     plan      this rank's program from the generator (ring, Bruck, recursive doubling)
     run       irr__run_allv: staging, the executor */

/* Each rank's node, for the ring order (Section 2.2) and the choice: NULL when every rank
   has its own node or all share one (then the flat order with zero-size ranks spread is the
   better one). IRRCOLL_PPN=k (tests, benchmarks; agreed with the context) declares k
   consecutive ranks per node instead of asking MPI. Collective on the first need. */
static int irr__nodes(irr__ctx *ctx, MPI_Comm comm, int rank, int p) {
  MPI_Comm local;
  int rc, lowest, i, nn = 0, *node, ppn = ctx->nodes.ppn;
  if (ctx->nodes.known) return MPI_SUCCESS;
  if (!(node = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
  if (ppn > 0) {
    for (i = 0; i < p; i++) node[i] = i / ppn * ppn;
  } else {
    if ((rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &local)) != MPI_SUCCESS) {
      IRRCOLL_FREE(node);
      return rc;
    }
    rc = MPI_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, local);
    MPI_Comm_free(&local);
    if (rc == MPI_SUCCESS) rc = MPI_Allgather(&lowest, 1, MPI_INT, node, 1, MPI_INT, ctx->pc);
    if (rc != MPI_SUCCESS) {
      IRRCOLL_FREE(node);
      return rc;
    }
  }
  for (i = 0; i < p; i++) nn += node[i] == i;
  if (nn == 1 || nn == p) {
    IRRCOLL_FREE(node);
    node = NULL;
  }
  ctx->nodes.node = node;
  ctx->nodes.share = irr_allgatherv_share(p, node), ctx->nodes.nn = irr_allgatherv_nodes(p, node, NULL);
  ctx->nodes.known = 1;
  return MPI_SUCCESS;
}

typedef struct irr__agstate {
  int rank, p, tag, inplace, err;
  int64_t *m;       /* bytes (p), counts (p), displacements (p), the choice's workspace (IRR_AG_WORK) */
  int64_t own;      /* bytes of the own block */
  int nocomm;       /* plan without communicating (IRR_Iallgatherv): an unknown node layout is flat */
  int guess;        /* this rank's sizes are not the arguments' (bad counts, no type size) */
  int refused;      /* IRRCOLL_CHECK found arguments that differ: no rank moves data */
  int64_t pad;      /* the own block is this much shorter than recvcounts[rank] says */
  unsigned call;    /* the context's call number (irr__agwin_*) */
  int owned;        /* the program must be the caller's own (a request keeps it), not a kept plan's */
  int untyped;      /* recvtype gives no size: every block's size is unknown here */
  int ownok;        /* own: the own block's bytes, from valid send arguments */
} irr__agstate;

/* validate. Every argument error is this rank's own: MPI requires recvcounts, displs and
   the receive type signature to agree, so a rank with bad ones (negative or missing counts,
   MPI_DATATYPE_NULL) is the only one that knows. Every rank still runs the program of the
   sizes it knows, so nobody waits for a rank that left, and the bad rank touches neither
   buffer (vb, ob discard): its receives take 0 bytes (MPI truncates them; tolerated), its
   sends are 0-byte poison that its successors detect as short (MPI_ERR_TRUNCATE) and pass
   on. This costs the correct call nothing: no message, no agreement step. Where the bad rank
   cannot know the sizes, it reads them from their owners (irr__ag_sizes).
   The receive type's element size: its own, or for a type without one (MPI_DATATYPE_NULL)
   what the own block says (the signatures match: sendcount * sendtype's size over
   recvcounts[rank]), else sendtype's size (exact when both are the same basic type; in
   place too, if sendtype is a type), else 1 byte (a guess); a bad count entry is an empty
   block. irr__ag_sizes then replaces every guess by the owner's size. */
static int irr__ag_validate(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, const void *recvbuf,
                            const irr__counts *c, irr__buf *vb, irr__buf *ob, irr__agstate *G, MPI_Comm pc) {
  int rc, typed, sendok = 0, rerr = MPI_SUCCESS, serr = MPI_SUCCESS;
  int64_t total = 0, n = -1;
  if (!G->inplace) { /* the own block */
    if (sendcount < 0) serr = MPI_ERR_COUNT;
    else if ((rc = irr__dt_info(sendtype, &ob->dt)) != MPI_SUCCESS) serr = rc;
    else if (!irr__mul_ok(sendcount, ob->dt.size, &G->own)) serr = MPI_ERR_COUNT;
    else if ((sendok = 1, rc = irr__dt_committed(sendtype, pc)) != MPI_SUCCESS) serr = rc;
    else if (G->own > 0 && !sendbuf && ob->dt.true_lb == 0) serr = MPI_ERR_BUFFER;
    G->ownok = sendok;
  }
  typed = (rerr = irr__dt_info(vb->dt.type, &vb->dt)) == MPI_SUCCESS;
  if (typed) rerr = irr__dt_committed(vb->dt.type, pc);
  else { /* no size of its own: inferred (above); in place, sendtype if it has one */
    if (G->inplace && sendtype != MPI_DATATYPE_NULL) sendok = irr__dt_info(sendtype, &ob->dt) == MPI_SUCCESS, G->own = -1;
    if (c->ci || c->cc) n = c->ci ? (int64_t)c->ci[G->rank] : (int64_t)c->cc[G->rank];
    vb->dt.size = sendok && n > 0 && G->own >= 0 && G->own % n == 0 ? G->own / n : sendok ? ob->dt.size : 1;
    if (G->inplace) G->own = 0;
    G->guess = G->untyped = 1;
    vb->dt.extent = (MPI_Aint)vb->dt.size, vb->dt.true_lb = 0, vb->dt.true_extent = vb->dt.extent, vb->dt.contig = 1;
  }
  if ((rc = irr__widen_lax(G->p, c, vb->dt.size, vb->dt.extent, G->m + G->p, G->m + 2 * G->p, G->m, &total)) != MPI_SUCCESS)
    G->guess = 1;
  if (rerr != MPI_SUCCESS) G->err = rerr; /* the type's error first */
  else if (rc != MPI_SUCCESS) G->err = rc;
  else if (recvbuf == MPI_IN_PLACE || (total > 0 && !recvbuf && vb->dt.true_lb == 0)) G->err = MPI_ERR_BUFFER;
  else if (serr != MPI_SUCCESS) G->err = serr;
  else if (!G->inplace && G->own > G->m[G->rank]) G->err = MPI_ERR_TRUNCATE;
  return MPI_SUCCESS;
}

/* The plan's key: everything the choice and the program depend on (a hash of the sizes; in
   place: the program copies no own block). Every rank computes the
   same key and keeps the same last plan (collective calls come in the same order), so a
   repeated call with the same counts skips the choice and the program (mpi/cache.h); a hash
   collision picks another correct algorithm. */
static uint64_t irr__ag_key(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node, int inplace) {
  int64_t k[4];
  k[0] = (int64_t)irr__hash(m, p), k[1] = ((int64_t)forced << 33) ^ ((int64_t)p << 2) ^ (node != NULL) ^ ((int64_t)(inplace != 0) << 1);
  memcpy(&k[2], &md.alpha, 8), memcpy(&k[3], &md.beta, 8);
  return irr__hash(k, 4);
}

/* The circulant table on p ranks, kept with the context (p alone), for the choice and the
   program: NULL R on the first need (the choice makes it in its workspace; kept afterwards
   if memory allows, which changes no choice). */
static void irr__ag_circ_keep(irr__ctx *ctx, int p, const irr_ag_circ *cc) {
  size_t n = (size_t)p * (size_t)irr_circ_q(p);
  if (ctx->circ.R || !cc->made || !cc->R || !(ctx->circ.R = (int *)IRRCOLL_MALLOC(n * sizeof(int)))) return;
  memcpy(ctx->circ.R, cc->R, n * sizeof(int));
  if (ctx->circ.sum.p != p) irr_circ_summarize(p, ctx->circ.R, 1, &ctx->circ.sum);
}

/* choose: the kept plan's algorithm while the counts repeat. The first repeat chooses again
   with the model of a repeated call (irr_model_repeat: no choice, program or datatype to
   build), which may prefer an algorithm whose program costs more to build; it is the same
   on every rank (the repeat is). Else the choice on new counts. *units: its work. */
static irr_alg irr__ag_choose(irr__ctx *ctx, irr_alg forced, irr__agstate *G, uint64_t key, int64_t *B, double *units,
                              int *repeat) {
  irr__plan_cache *pc = &ctx->agc;
  irr_ag_circ cc;
  irr_alg alg;
  *repeat = pc->valid && pc->key == key;
  if (*repeat && pc->hits++ > 0) return *B = pc->B, pc->alg;
  cc.R = ctx->circ.R, cc.sum = &ctx->circ.sum, cc.made = 0, cc.units = cc.once = 0;
  cc.share = ctx->nodes.share, cc.nn = ctx->nodes.nn; /* the layout's, counted once (read only on nodes) */
  cc.price = ctx->md.cpu_size; /* the re-choice on a repeat keeps the new choice's budget */
  alg = irr_allgatherv_choose_x(forced, G->p, G->m, *repeat ? irr_model_repeat(ctx->md) : ctx->md, ctx->nodes.node, B,
                                G->m + 3 * (size_t)G->p, &cc);
  *units = cc.units + cc.once;
  irr__ag_circ_keep(ctx, G->p, &cc);
  if (!*repeat || alg != pc->alg || *B != pc->B) irr__plan_drop_program(pc);
  if (!*repeat) pc->hits = 0;
  pc->key = key, pc->alg = alg, pc->B = *B, pc->valid = 1;
  return alg;
}

/* choose + plan: the algorithm from what every rank knows, then this rank's program: the
   kept one while the counts repeat (*ops NULL then: the plan's, not the caller's; a
   request's (G->owned) is always its own). Charges and reports the model's CPU of both. */
static int irr__ag_plan(irr__ctx *ctx, MPI_Comm comm, irr_alg forced, irr__agstate *G, irr_sched *s, irr_op **ops) {
  int rc, n, *ring = NULL, *fl = NULL, repeat = 0;
  int64_t B = 0, cap;
  double t0 = IRRCOLL_CLOCK(), units = 0, cpu;
  irr__plan_cache *pc = &ctx->agc;
  irr_alg alg;
  irr_status st;
  if (forced != IRR_ALG_BRUCK && forced != IRR_ALG_RECDOUBLING && !(G->nocomm && !ctx->nodes.known) &&
      (rc = irr__nodes(ctx, comm, G->rank, G->p)) != MPI_SUCCESS)
    return rc;
  alg = irr__ag_choose(ctx, forced, G, irr__ag_key(forced, G->p, G->m, ctx->md, ctx->nodes.node, G->inplace), &B, &units, &repeat);
  cpu = (units + (repeat ? IRR_AG_REPEAT_SIZES : IRR_VALIDATE_SIZES) * G->p) * ctx->md.cpu_size; /* the counts, the choice */
  *ops = NULL;
  if (repeat && pc->nops > 0 && !G->owned && G->err == MPI_SUCCESS) { /* the kept program, as it is */
    irr_sched_init(s, G->rank, G->p, pc->ops, pc->nops);
    s->nops = pc->nops, s->tmp = pc->tmp;
  } else {
    irr_op *room;
    cap = irr_allgatherv_maxops(alg, G->p, G->m, B);
    if (cap > INT_MAX / 2) return MPI_ERR_NO_MEM;
    room = G->owned ? NULL : irr__plan_room(pc, cap); /* a request's program is its own */
    if (!room && !(room = *ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
    /* the ring order and first_last: the sizes' workspace past the choice's (free again now) */
    ring = (int *)(G->m + 3 * (size_t)G->p), fl = ring + G->p + 1;
    irr_sched_init(s, G->rank, G->p, room, (int)cap);
    n = irr_allgatherv_layout(alg, G->p, G->m, ctx->nodes.node, ring);
    st = irr_allgatherv_sched_t(alg, G->rank, G->p, G->m, B, ring, n, G->inplace, ctx->circ.R, fl, s);
    if (st != IRR_OK) return MPI_ERR_INTERN;
    cpu += irr__ag_plan_cpu(alg, G->p, s->nops, B, ctx->md);
    if (room == pc->ops && G->err == MPI_SUCCESS) irr__plan_keep(pc, s); /* a bad rank's program is changed (irr__ag_sink) */
  }
  irr__note_call(ctx, IRR_COLL_ALLGATHERV, alg, B, repeat, cpu, t0);
  return MPI_SUCCESS;
}

/* Publish this rank's block size; if some sizes are unknown here, read them from their
   owners (the own block's from the send arguments, when they give it). */
/* Block i's bytes as this rank's arguments give them, -1 where they do not. */
static int64_t irr__ag_known(const irr__counts *c, const irr__agstate *G, int64_t esize, int i) {
  int64_t n, b;
  if (G->untyped || (!c->ci && !c->cc)) return -1;
  n = c->ci ? (int64_t)c->ci[i] : (int64_t)c->cc[i];
  return n >= 0 && irr__mul_ok(n, esize, &b) ? b : -1;
}
static void irr__ag_sizes(irr__ctx *ctx, const irr__counts *c, irr__agstate *G, int64_t esize) {
  int i;
  int64_t b;
  irr__agwin_publish(ctx, G->call, irr__ag_known(c, G, esize, G->rank), irr__ag_known(c, G, esize, (G->rank + 1) % G->p));
  if (!G->guess || ctx->agw.state != 1) return;
  for (i = 0; i < G->p; i++) {
    if ((b = irr__ag_known(c, G, esize, i)) >= 0) G->m[i] = b;
    else if (i == G->rank && G->ownok) G->m[i] = G->own;
    else G->m[i] = (b = irr__agwin_read(ctx, i, G->p, G->call, i == G->rank)) > 0 ? b : 0;
  }
}

/* A rank with bad arguments takes every message whole into scratch: its buffers stay
   untouched, and MPI never truncates a receive (MPICH would report that through
   MPI_COMM_WORLD's handler, not the call's). One round's messages at a time, after the
   program's own scratch: the bad rank needs the bytes of its largest round, nobody else
   anything. */
static void irr__ag_sink(irr_sched *s) {
  int i, j;
  int64_t base = s->tmp, top = s->tmp, at;
  for (i = 0; i < s->nops; i = j) {
    for (at = base, j = i; j < s->nops && s->ops[j].round == s->ops[i].round; j++) {
      irr_op *o = &s->ops[j];
      if (o->kind != IRR_OP_RECV || o->buf == IRR_BUF_TMP) continue;
      o->buf = IRR_BUF_TMP, o->off = at, o->skip = 0;
      at += o->len;
    }
    if (at > top) top = at;
  }
  s->tmp = top;
}

/* validate + choose + plan and the buffer views, up to the run (a persistent request keeps
   them, mpi/persist.h): an error returned here is a failure of MPI or of memory; G->err:
   this rank's argument error (it still runs, sending poison). */
static int irr__ag_setup(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const irr__counts *c, MPI_Datatype recvtype, MPI_Comm comm, irr_alg forced, irr__ctx **ctx,
                         irr__agstate *G, irr_sched *s, irr_op **ops, irr__buf *vb, irr__buf *ob) {
  int rc;
  if ((rc = irr__ctx_get(comm, ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, &G->rank);
  MPI_Comm_size(comm, &G->p);
  G->call = (*ctx)->seq;
  G->tag = (int)((*ctx)->seq++ % IRR__SEQ_MOD) * 2;
  G->inplace = sendbuf == MPI_IN_PLACE;
  vb->dt.type = recvtype;
  { /* the sizes (3 p) and the choice's workspace: kept with the context, a request's its own */
    size_t need = (size_t)G->p * 3 + IRR_AG_WORK(G->p);
    if (G->owned) G->m = (int64_t *)IRRCOLL_MALLOC(need * sizeof(int64_t));
    else if (need <= (*ctx)->agbuf_cap) G->m = (*ctx)->agbuf;
    else {
      if ((*ctx)->agbuf) IRRCOLL_FREE((*ctx)->agbuf);
      (*ctx)->agbuf_cap = (G->m = (*ctx)->agbuf = (int64_t *)IRRCOLL_MALLOC(need * sizeof(int64_t))) ? need : 0;
    }
    if (!G->m) return MPI_ERR_NO_MEM;
  }
  if ((rc = irr__ag_validate(sendbuf, sendcount, sendtype, recvbuf, c, vb, ob, G, (*ctx)->pc)) != MPI_SUCCESS) return rc;
  if (!G->nocomm && (rc = irr__agwin_make(*ctx)) != MPI_SUCCESS) return rc;
  if (!(*ctx)->check) irr__ag_sizes(*ctx, c, G, vb->dt.size);
  if ((*ctx)->check && (rc = irr__check_agree(*ctx, "IRR_Allgatherv", G->rank, G->p, 0, G->m, G->guess)) != MPI_SUCCESS) {
    if (rc != MPI_ERR_ARG) return rc;
    if (G->err == MPI_SUCCESS) G->err = MPI_ERR_ARG; /* a rank's own error keeps its class */
    G->refused = 1;
  }
  /* A send shorter than recvcounts[rank]: erroneous MPI that MPICH and Open MPI accept, so
     accepted (without IRRCOLL_CHECK): the block goes out at its agreed size, zeros after the
     data, and nobody's program changes. With IRRCOLL_CHECK it is reported: MPI_ERR_TRUNCATE
     here and, through the 0-byte messages of a rank with bad arguments, on the ranks it feeds. */
  if (G->err == MPI_SUCCESS && !G->inplace && G->own < G->m[G->rank]) {
    if ((*ctx)->check) G->err = MPI_ERR_TRUNCATE;
    else G->pad = G->m[G->rank] - G->own;
  }
  if (forced == IRR_ALG_AUTO) forced = irr__forced(*ctx, IRR_COLL_ALLGATHERV);
  if (G->refused) { /* every rank knows: an empty program */
    if (!(*ops = (irr_op *)IRRCOLL_MALLOC(sizeof(irr_op)))) return MPI_ERR_NO_MEM;
    irr_sched_init(s, G->rank, G->p, *ops, 1);
  } else if ((rc = irr__ag_plan(*ctx, comm, forced, G, s, ops)) != MPI_SUCCESS)
    return rc;
  if (G->err != MPI_SUCCESS) irr__ag_sink(s);
  vb->v = 1, vb->p = G->p, vb->base = irr__base(recvbuf), vb->counts = G->m + G->p, vb->displs = G->m + 2 * G->p;
  ob->v = 0, ob->own = G->rank, ob->base = irr__base(sendbuf);
  ob->count = G->err == MPI_SUCCESS && !G->inplace ? sendcount : 0;
  ob->pad = G->err == MPI_SUCCESS ? G->pad : 0;
  ob->discard = G->inplace || G->err != MPI_SUCCESS || G->m[G->rank] == 0;
  vb->discard = G->err != MPI_SUCCESS; /* a rank with bad arguments writes nothing */
  return MPI_SUCCESS;
}

/* The whole call; forced: the caller's algorithm (IRR_ALG_AUTO: the communicator's). raise:
   report an error through comm's handler (an entry point), else only return it (a caller
   that reports once itself: XAllgatherv). */
static int irr__ag_run(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf, const irr__counts *c,
                       MPI_Datatype recvtype, MPI_Comm comm, irr_alg forced, int raise) {
  irr__ctx *ctx = NULL;
  irr__agstate G;
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  int rc, inter = 0, bad;
  memset(&G, 0, sizeof G);
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__inter_entry(sendbuf, sendcount, sendtype, recvbuf, c, recvtype, comm);
  if ((rc = irr__ag_setup(sendbuf, sendcount, sendtype, recvbuf, c, recvtype, comm, forced, &ctx, &G, &s, &ops, &vb,
                          &ob)) != MPI_SUCCESS)
    goto out;
  bad = G.err != MPI_SUCCESS; /* poison: send nothing real */
  { /* the kept plan's datatypes, for these buffers (contiguous: nothing staged) */
    MPI_Datatype *keep = NULL;
    if (!ops && vb.dt.contig && ob.dt.contig) {
      int64_t k[5];
      k[0] = (int64_t)(uintptr_t)vb.base, k[1] = (int64_t)(uintptr_t)ob.base, k[2] = (int64_t)vb.dt.extent;
      k[3] = (int64_t)irr__hash(G.m + 2 * (size_t)G.p, G.p), k[4] = (int64_t)ob.count;
      keep = irr__plan_types(&ctx->agc, irr__hash(k, 5));
    }
    rc = irr__run_allv(ctx, &s, ctx->pc, G.tag + 1, &vb, &ob, G.inplace, &bad, keep);
  }
  if (rc == MPI_SUCCESS && bad && G.err == MPI_SUCCESS) G.err = MPI_ERR_TRUNCATE;
out:
  if (G.m && G.owned) IRRCOLL_FREE(G.m); /* else the context's */
  if (ops) IRRCOLL_FREE(ops);
  if (rc == MPI_SUCCESS) rc = G.err;
  return rc == MPI_SUCCESS || !raise ? rc : irr__raise(comm, rc);
}
/* ==== end mpi/allgatherv.h ==== */
/* ==== begin mpi/alltoallv.h ==== */
/* IRR_Alltoallv: validate -> sizes -> choose -> plan -> run (algo/alltoallv/, select/alltoallv.h).
     validate  this rank's arguments: its own error class (negative counts, NULL buffers with
               data, NULL or uncommitted types, MPI_IN_PLACE as recvbuf)
     sizes     q rounds to rank + 2^k (irr__a2a_sizes): Bruck's sizes phase, carrying the
               statistics (irr_alltoallv_stats) combined by maximum: every rank ends with
               the same statistics, whether some rank's arguments are bad, and the size every
               sender declares for its block to this rank
     choose    irr_alltoallv_choose from the combined statistics: equal on every rank
     plan      linear (from the declared sizes) or Bruck (from the sizes phase); a block
               whose declared size differs from this rank's receive count is taken into
               scratch (irr__a2a_sink)
     run       irr__run_allv: staging, the executor
   Bad arguments never hang a rank: if some rank's are bad, no data moves, that rank returns
   its class and the others MPI_ERR_ARG. A block larger than its receive count: the rest of
   the call goes on, that block is not written, the receiver returns MPI_ERR_TRUNCATE;
   smaller: its bytes are written at the start of the block, as MPICH and Open MPI do.
   Where the sizes phase cannot pay for itself (irr_alltoallv_direct_first: p and the model
   alone), the blocking call skips all of that and runs the direct exchange instead:
   validate, its program, then every pair's message straight between the user's buffers, as
   MPI's own basic linear algorithm (mpi/direct.h: a bad rank's poison makes the others
   return MPI_ERR_ARG, their other blocks delivered and its block untouched; a larger block
   is dropped, MPI_ERR_TRUNCATE). */

typedef struct irr__a2astate {
  int rank, p, tag, inplace, err, share;
  int mism;           /* some block's declared size differs from this rank's count: a staged
                         (non-contiguous) receive buffer is packed first, so that the bytes
                         of such blocks that nothing writes stay as they were */
  int64_t T;          /* the hybrid's threshold (irr_alltoallv_direct_min) */
  int64_t *w;         /* send: counts, displs, bytes; receive: counts, displs, bytes (p each) */
  irr__dt sdt, rdt;
  int64_t v[IRR_A2A_NSTAT];
} irr__a2astate;

/* validate: every error here is this rank's own */
static int irr__a2a_validate(const void *sendbuf, const irr__counts *sc, MPI_Datatype sendtype, const void *recvbuf,
                             const irr__counts *rc, MPI_Datatype recvtype, irr__a2astate *A, MPI_Comm pc) {
  int p = A->p, e;
  int64_t rtot = 0, stot = 0, *w;
  if (!(A->w = w = (int64_t *)IRRCOLL_MALLOC((size_t)p * 6 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(w, 0, (size_t)p * 6 * sizeof(int64_t));
  if ((e = irr__dt_usable(recvtype, &A->rdt, pc)) != MPI_SUCCESS) A->err = e;
  else if ((e = irr__widen(p, rc, A->rdt.size, A->rdt.extent, w + 3 * p, w + 4 * p, w + 5 * p, &rtot)) != MPI_SUCCESS) A->err = e;
  else if (recvbuf == MPI_IN_PLACE || (rtot > 0 && !recvbuf && A->rdt.true_lb == 0)) A->err = MPI_ERR_BUFFER;
  if (A->err == MPI_SUCCESS && !A->inplace) {
    if ((e = irr__dt_usable(sendtype, &A->sdt, pc)) != MPI_SUCCESS) A->err = e;
    else if ((e = irr__widen(p, sc, A->sdt.size, A->sdt.extent, w, w + p, w + 2 * p, &stot)) != MPI_SUCCESS) A->err = e;
    else if (stot > 0 && !sendbuf && A->sdt.true_lb == 0) A->err = MPI_ERR_BUFFER;
  }
  if (A->err == MPI_SUCCESS && A->inplace) memcpy(w + 2 * p, w + 5 * p, (size_t)p * sizeof(int64_t));
  return MPI_SUCCESS;
}

/* sizes: H ((q+1) p words, algo/alltoallv/sizes.h) from the rank's sizes by destination, and A->v
   (this rank's statistics on entry) combined over all ranks. One message a round: the
   statistics so far, then the round's sizes. A rank with bad arguments takes part with empty
   sizes. */
static int irr__a2a_sizes(irr__ctx *ctx, irr__a2astate *A, int64_t *H, int64_t *buf) {
  int p = A->p, q = irr__a2a_q(p), k, rc = MPI_SUCCESS;
  irr_alltoallv_bruck_meta_init(A->rank, p, A->w + 2 * p, H);
  for (k = 0; k < q && rc == MPI_SUCCESS; k++) {
    int n = IRR_A2A_NSTAT + irr__a2a_npos(p, k), to = (A->rank + (1 << k)) % p, from = (A->rank - (1 << k) % p + p) % p;
    memcpy(buf, A->v, IRR_A2A_NSTAT * sizeof(int64_t));
    irr_alltoallv_bruck_meta_pack(p, k, H, buf + IRR_A2A_NSTAT);
    rc = MPI_Sendrecv_replace(buf, n, MPI_INT64_T, to, A->tag, from, A->tag, ctx->pc, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) {
      irr_alltoallv_reduce(buf, A->v, IRR_A2A_NSTAT);
      irr_alltoallv_bruck_meta_step(p, k, H, buf + IRR_A2A_NSTAT);
    }
  }
  return rc;
}

/* A receive into the receive buffer that holds a block whose declared size (got, by source)
   differs from this rank's count (want): the whole receive goes into new scratch, and copies
   at the end put each block in place that fits (one that came smaller fills the start of
   its block);
   *trunc: some block came larger. The program's own self copy likewise. */
static int irr__a2a_sink(irr_sched *s, int p, const int64_t *got, const int64_t *want, int *trunc) {
  int j, n = s->nops, c = s->rank, last = s->nrounds > 0 ? s->nrounds - 1 : 0; /* copies: after the last round's receives */
  for (j = 0; j < n; j++) {
    irr_op *o = &s->ops[j];
    int b, bad = 0;
    int64_t at;
    if (o->kind == IRR_OP_SEND || (o->kind == IRR_OP_RECV ? o->buf : o->dbuf) != IRR_BUF_RECV) continue;
    for (b = o->blo; b < o->bhi; b++) bad |= got[(c - b % p + p) % p] != want[(c - b % p + p) % p];
    if (!bad) continue;
    if (o->kind == IRR_OP_COPY) { /* the own block */
      if (got[c] > want[c]) *trunc = 1, o->len = 0, o->dbuf = IRR_BUF_TMP, o->doff = 0; /* a no-op */
      continue;
    }
    at = s->tmp;
    o->buf = IRR_BUF_TMP, o->off = at, s->tmp += o->len;
    for (b = o->blo; b < o->bhi; b++) {
      int src = (c - b % p + p) % p;
      if (got[src] > want[src]) *trunc = 1;
      else if (got[src] > 0 && !irr_sched_push(s, last, IRR_OP_COPY, -1, IRR_BUF_TMP, at, IRR_BUF_RECV, 0, b, b + 1, 0, got[src]))
        return MPI_ERR_NO_MEM;
      at += got[src];
    }
  }
  return MPI_SUCCESS;
}

/* plan: this rank's program for alg from H (the sizes phase's), into ops (cap ops); got (2p
   words) and loc (p ints): workspace. All allocated before the sizes phase, whose
   statistics tell every rank if one could not (irr__a2a_setup). */
static int irr__a2a_plan(irr__a2astate *A, irr_alg alg, const int64_t *H, irr_sched *s, irr_op *ops, int cap,
                         int64_t *got, int *loc) {
  int p = A->p, q = irr__a2a_q(p), src, trunc = 0, rc;
  irr_status st;
  for (src = 0; src < p; src++) got[src] = H[(size_t)q * p + (A->rank - src + p) % p]; /* declared by each sender */
  irr_sched_init(s, A->rank, p, ops, cap);
  if (alg == IRR_ALG_BRUCK) st = irr_alltoallv_bruck(A->rank, p, H, A->T, 0, loc, got + p, s);
  else st = irr_alltoallv_linear(A->rank, p, A->w + 2 * p, got, 0, s);
  for (src = 0; src < p; src++) A->mism |= got[src] != A->w[5 * p + src];
  rc = st != IRR_OK ? MPI_ERR_INTERN : irr__a2a_sink(s, p, got, A->w + 5 * p, &trunc);
  if (rc == MPI_SUCCESS && s->err != IRR_OK) rc = MPI_ERR_INTERN;
  if (trunc && A->err == MPI_SUCCESS) A->err = MPI_ERR_TRUNCATE;
  return rc;
}

/* The blocking call's kept plan (mpi/cache.h; ctx->a2c, a2own, a2v): it is the last blocking
   call's with a sizes phase, on every rank, or none. Each rank knows only whether its own
   counts repeat, so the sizes phase agrees it: a rank whose counts (bytes by destination and
   by source) are not its kept call's raises its statistics' [1] to 1, and the call keeps its
   plan only where the combined [1] is 0, every rank's counts being its kept call's (then the
   sizes, the statistics and the choice are too). Any other call forgets it everywhere, and
   keeps its own where this rank's was clean (no bad argument, no declared size that differs
   from its count). A repeat skips the statistics, the choice and the program (the sizes
   phase still runs: it is what agrees). The key: what the choice depends on besides the counts. */
static uint64_t irr__a2a_key(const irr__ctx *ctx, const irr__a2astate *A, irr_alg forced) {
  int64_t k[6];
  k[0] = A->p, k[1] = ((int64_t)forced << 8) ^ ((int64_t)A->inplace << 1), k[2] = A->T, k[3] = A->share;
  memcpy(&k[4], &ctx->md.alpha, 8), memcpy(&k[5], &ctx->md.beta, 8);
  return irr__hash(k, 6);
}
static int irr__a2a_repeats(const irr__ctx *ctx, const irr__a2astate *A, uint64_t key, int cap) {
  const irr__plan_cache *pc = &ctx->a2c;
  size_t n = (size_t)A->p * sizeof(int64_t);
  return A->err == MPI_SUCCESS && pc->valid && pc->key == key && pc->ops && pc->cap >= cap && ctx->a2own &&
         memcmp(ctx->a2own, A->w + 2 * A->p, n) == 0 && memcmp(ctx->a2own + A->p, A->w + 5 * A->p, n) == 0;
}
/* This rank's clean call, planned in the kept room: kept (its counts, statistics v0). */
static void irr__a2a_keep(irr__ctx *ctx, const irr__a2astate *A, uint64_t key, const irr_sched *s, const int64_t *v0,
                          irr_alg alg) {
  irr__plan_cache *pc = &ctx->a2c;
  size_t n = (size_t)A->p * sizeof(int64_t);
  if (!ctx->a2own && !(ctx->a2own = (int64_t *)IRRCOLL_MALLOC(2 * n))) return;
  memcpy(ctx->a2own, A->w + 2 * A->p, n), memcpy(ctx->a2own + A->p, A->w + 5 * A->p, n);
  memcpy(ctx->a2v, v0, sizeof ctx->a2v);
  pc->key = key, pc->alg = alg, pc->B = A->T, pc->valid = 1, pc->hits = 0;
  irr__plan_keep(pc, s);
}

/* Everything up to the run, kept by a persistent request (mpi/persist.h). none: a run moves
   nothing (some rank's arguments are bad: A.err is this rank's result). */
typedef struct irr__a2aplan {
  irr__ctx *ctx;
  irr__a2astate A;
  irr_sched s;
  irr_op *ops;
  irr__buf rb, sb;
  int kept;         /* the program is the context's kept plan (ctx->a2c), this call's own or reused */
  const void *recvbuf;
  char *copy;       /* MPI_IN_PLACE: the receive blocks packed (the send data), made at each run */
  int64_t *offs;
  int none;
  irr_alg alg;
} irr__a2aplan;

static void irr__a2a_plan_free(irr__a2aplan *L) {
  if (L->A.w) IRRCOLL_FREE(L->A.w);
  if (L->ops) IRRCOLL_FREE(L->ops);
  if (L->copy) IRRCOLL_FREE(L->copy);
  if (L->offs) IRRCOLL_FREE(L->offs);
  L->A.w = NULL, L->ops = NULL, L->copy = NULL, L->offs = NULL;
}

/* In place: the send data will be a packed copy of the receive blocks, as bytes (made at
   each run: irr__a2a_copy_in). */
static int irr__a2a_inplace(irr__a2aplan *L) {
  irr__a2astate *A = &L->A;
  int p = A->p, s;
  int64_t tot = 0;
  if (!(L->offs = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  for (s = 0; s < p; s++) L->offs[s] = tot, tot += A->w[5 * p + s];
  if (!(L->copy = (char *)IRRCOLL_MALLOC((size_t)(tot > 0 ? tot : 1)))) return MPI_ERR_NO_MEM;
  memcpy(A->w, A->w + 5 * p, (size_t)p * sizeof(int64_t)); /* counts in bytes */
  memcpy(A->w + p, L->offs, (size_t)p * sizeof(int64_t));
  A->sdt.type = MPI_BYTE, A->sdt.size = 1, A->sdt.extent = 1, A->sdt.true_lb = 0, A->sdt.true_extent = 1, A->sdt.contig = 1;
  return MPI_SUCCESS;
}

/* The executor's views of the user's buffers (mpi/buf.h): the row by destination, the
   column by source. */
static void irr__a2a_views(irr__a2aplan *L, const void *sendbuf, void *recvbuf) {
  irr__a2astate *A = &L->A;
  int p = A->p;
  L->rb.v = 1, L->rb.a2a = 2, L->rb.p = p, L->rb.own = A->rank, L->rb.dt = A->rdt, L->rb.base = irr__base(recvbuf);
  L->rb.counts = A->w + 3 * p, L->rb.displs = A->w + 4 * p;
  L->sb.v = 1, L->sb.a2a = 1, L->sb.p = p, L->sb.own = A->rank, L->sb.dt = A->sdt;
  L->sb.base = A->inplace ? L->copy : irr__base(sendbuf);
  L->sb.counts = A->w, L->sb.displs = A->w + p;
}

/* What the set-up is for: the blocking call (the direct exchange where it pays, else the
   sizes phase), a nonblocking one (no messages: the linear exchange of this rank's counts,
   nothing checked across ranks) or _init (the sizes phase, once). */
enum { IRR__A2A_BLOCKING = 0, IRR__A2A_NONBLOCKING = 1, IRR__A2A_INIT = 2 };

/* The direct exchange's set-up, after validation: its program (a bad rank's: every message
   empty, so that it still meets every peer) and the views it runs on (mpi/direct.h). */
static int irr__a2a_direct_setup(irr__a2aplan *L, const void *sendbuf, void *recvbuf, double t0) {
  irr__a2astate *A = &L->A;
  int p = A->p, cap;
  const int64_t *send = A->w + 2 * p, *recv = A->w + 5 * p;
  L->alg = IRR_ALG_DIRECT;
  if (A->err == MPI_SUCCESS && A->inplace && irr__a2a_inplace(L) != MPI_SUCCESS) A->err = MPI_ERR_NO_MEM; /* a bad rank */
  cap = irr_alltoallv_maxops(IRR_ALG_DIRECT, p);
  if (!(L->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op) + (size_t)p * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  if (A->err != MPI_SUCCESS) {
    int64_t *zero = (int64_t *)(void *)(L->ops + cap);
    memset(zero, 0, (size_t)p * sizeof(int64_t));
    send = recv = zero;
  }
  irr_sched_init(&L->s, A->rank, p, L->ops, cap);
  if (irr_alltoallv_linear(A->rank, p, send, recv, IRR_A2A_DENSE, &L->s) != IRR_OK) return MPI_ERR_INTERN;
  irr__a2a_views(L, sendbuf, recvbuf);
  L->rb.discard = L->sb.discard = A->err != MPI_SUCCESS;
  /* the model's CPU: the counts widened (2p), the program; the messages are MPI's own */
  irr__note_call(L->ctx, IRR_COLL_ALLTOALLV, L->alg, 0, 0, irr__plan_cpu(&L->ctx->md, 2.0 * p, L->s.nops), t0);
  return MPI_SUCCESS;
}

/* validate, then (blocking, where it pays) the direct exchange's set-up alone; else sizes
   (not for a nonblocking call), choose, plan. An error returned is MPI's or memory's;
   L->A.err this rank's own (its arguments, a block that came larger). */
static int irr__a2a_setup(const void *sendbuf, const irr__counts *sc, MPI_Datatype sendtype, void *recvbuf,
                          const irr__counts *rcn, MPI_Datatype recvtype, MPI_Comm comm, int mode, irr_alg forced,
                          irr__a2aplan *L) {
  irr__a2astate *A = &L->A;
  int rc, p, cap = 0, *loc = NULL, nocomm = mode == IRR__A2A_NONBLOCKING, blocking = mode == IRR__A2A_BLOCKING;
  int rep = 0, all = 0; /* this rank's counts are its kept plan's; every rank's are */
  int64_t *H = NULL, *buf = NULL, *got = NULL, v0[IRR_A2A_NSTAT];
  irr__plan_cache *pc;
  irr_op *room = NULL; /* the kept plan's room, where this call's program is built */
  uint64_t key = 0;
  double t0 = IRRCOLL_CLOCK();
  if ((rc = irr__ctx_get(comm, &L->ctx)) != MPI_SUCCESS) return rc;
  pc = &L->ctx->a2c;
  MPI_Comm_rank(comm, &A->rank);
  MPI_Comm_size(comm, &A->p);
  p = A->p;
  A->tag = (int)(L->ctx->seq++ % IRR__SEQ_MOD) * 2;
  A->inplace = sendbuf == MPI_IN_PLACE;
  L->recvbuf = recvbuf;
  if ((rc = irr__a2a_validate(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, A, L->ctx->pc)) != MPI_SUCCESS) return rc;
  if (forced == IRR_ALG_AUTO) forced = irr__forced(L->ctx, IRR_COLL_ALLTOALLV);
  if (mode == IRR__A2A_BLOCKING && irr_alltoallv_direct_first(forced, p, L->ctx->md))
    return irr__a2a_direct_setup(L, sendbuf, recvbuf, t0);
  if (nocomm) {
    L->none = A->err != MPI_SUCCESS;
  } else {
    if (p > 1 && (rc = irr__nodes(L->ctx, comm, A->rank, p)) != MPI_SUCCESS) return rc;
    A->share = L->ctx->nodes.node ? L->ctx->nodes.share : 1;
    A->T = irr_alltoallv_direct_min(p, L->ctx->md, A->share);
    /* what the sizes phase needs (without it this rank cannot take part: MPI_ERR_NO_MEM
       here, and its peers wait), then what the plan needs: a failure there is told to
       every rank by the phase's statistics (this rank's error), so none moves data */
    H = (int64_t *)IRRCOLL_MALLOC((size_t)p * (irr__a2a_q(p) + 1) * sizeof(int64_t));
    buf = (int64_t *)IRRCOLL_MALLOC((size_t)(IRR_A2A_NSTAT + p / 2 + 1) * sizeof(int64_t));
    if (!H || !buf) { rc = MPI_ERR_NO_MEM; goto out; }
    cap = irr_alltoallv_maxops(IRR_ALG_BRUCK, p) + 2 * p; /* the larger of the two, and the sinks' copies */
    if (blocking) key = irr__a2a_key(L->ctx, A, forced), rep = irr__a2a_repeats(L->ctx, A, key, cap);
    if (!rep && blocking) pc->valid = 0, room = irr__plan_room(pc, cap); /* forgets the kept plan: this call builds */
    if (!rep && !room) L->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
    got = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t));
    loc = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
    if ((!(rep || room || L->ops) || !got || !loc) && A->err == MPI_SUCCESS) A->err = MPI_ERR_NO_MEM;
    if (rep) memcpy(A->v, L->ctx->a2v, sizeof A->v);
    else irr_alltoallv_stats(A->rank, p, A->w + 2 * p, A->w + 5 * p, A->err != MPI_SUCCESS, A->T, A->v);
    memcpy(v0, A->v, sizeof v0);
    if (!rep && A->v[1] < 1) A->v[1] = 1; /* new counts here: no rank keeps its plan */
    if ((rc = irr__a2a_sizes(L->ctx, A, H, buf)) != MPI_SUCCESS) goto out;
    if ((L->none = irr_alltoallv_bad(A->v)) && A->err == MPI_SUCCESS) A->err = MPI_ERR_ARG;
    if (!(all = blocking && A->v[1] == 0)) pc->valid = 0; /* forgotten on every rank */
  }
  if (L->none) goto out;
  if (A->inplace && (rc = irr__a2a_inplace(L)) != MPI_SUCCESS) goto out;
  if (nocomm) { /* the linear exchange of this rank's counts */
    cap = irr_alltoallv_maxops(IRR_ALG_LINEAR, p);
    L->alg = IRR_ALG_LINEAR;
    if (!(L->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto out; }
    irr_sched_init(&L->s, A->rank, p, L->ops, cap);
    if (irr_alltoallv_linear(A->rank, p, A->w + 2 * p, A->w + 5 * p, 0, &L->s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
  } else if (all) { /* the kept plan, as it is */
    L->alg = pc->alg, A->T = pc->B, pc->hits++, L->kept = 1;
    irr_sched_init(&L->s, A->rank, p, pc->ops, pc->nops);
    L->s.nops = pc->nops, L->s.tmp = pc->tmp, L->s.nrounds = pc->nops > 0 ? pc->ops[pc->nops - 1].round + 1 : 0;
  } else {
    if (rep) room = irr__plan_room(pc, cap); /* the kept room: it fits (irr__a2a_repeats) */
    L->alg = irr_alltoallv_choose_t(forced, p, A->v, L->ctx->md, A->share, A->T, &A->T);
    if ((rc = irr__a2a_plan(A, L->alg, H, &L->s, room ? room : L->ops, cap, got, loc)) != MPI_SUCCESS) goto out;
    if (room && A->err == MPI_SUCCESS && !A->mism) irr__a2a_keep(L->ctx, A, key, &L->s, v0, L->alg), L->kept = pc->valid;
  }
  /* the model's CPU: the counts widened and the statistics (2p; a repeat compares them), the
     sizes phase ((q + 1) p), the program (a repeat's is kept) */
  irr__note_call(L->ctx, IRR_COLL_ALLTOALLV, L->alg, 0, all,
                 irr__plan_cpu(&L->ctx->md, (double)p * (nocomm ? 2 : irr__a2a_q(p) + 3), all ? 0 : L->s.nops), t0);
  irr__a2a_views(L, sendbuf, recvbuf);
out:
  if (H) IRRCOLL_FREE(H);
  if (buf) IRRCOLL_FREE(buf);
  if (got) IRRCOLL_FREE(got);
  if (loc) IRRCOLL_FREE(loc);
  return rc;
}

/* The kept plan's datatypes and scratch for this call (*keep, *tmp; NULL: the executor's
   own), where its program is the kept one and both buffers are the user's own bytes
   (contiguous types, not in place): the datatypes address the buffers and the scratch, so
   they are kept under a key of both (mpi/cache.h), and the scratch stays with the plan. */
static void irr__a2a_kept_types(irr__a2aplan *L, MPI_Datatype **keep, char **tmp) {
  irr__ctx *ctx = L->ctx;
  int p = L->A.p;
  int64_t k[7];
  if (!L->kept || L->A.inplace || !L->rb.dt.contig || !L->sb.dt.contig) return;
  if (ctx->a2tmpcap < L->s.tmp) {
    char *n = (char *)IRRCOLL_MALLOC((size_t)L->s.tmp);
    if (!n) return;
    if (ctx->a2tmp) IRRCOLL_FREE(ctx->a2tmp);
    ctx->a2tmp = n, ctx->a2tmpcap = L->s.tmp;
  }
  k[0] = (int64_t)(uintptr_t)L->rb.base, k[1] = (int64_t)(uintptr_t)L->sb.base, k[2] = (int64_t)(uintptr_t)ctx->a2tmp;
  k[3] = (int64_t)L->rb.dt.extent, k[4] = (int64_t)L->sb.dt.extent;
  k[5] = (int64_t)irr__hash(L->A.w + 4 * (size_t)p, p), k[6] = (int64_t)irr__hash(L->A.w + p, p); /* the displacements */
  *keep = irr__plan_types(&ctx->a2c, irr__hash(k, 7));
  *tmp = ctx->a2tmp;
}

/* In place, at each run: the receive blocks into the copy (the send data). */
static int irr__a2a_copy_in(irr__a2aplan *L) {
  irr__a2astate *A = &L->A;
  int p = A->p, s, rc;
  if (!A->inplace) return MPI_SUCCESS;
  for (s = 0; s < p; s++) {
    int64_t n = A->w[5 * p + s];
    if (n == 0) continue;
    if (A->rdt.contig)
      memcpy(L->copy + L->offs[s], irr__at(irr__base(L->recvbuf), A->rdt.true_lb + (MPI_Aint)A->w[4 * p + s] * A->rdt.extent),
             (size_t)n);
    else if ((rc = irr__pack(0, irr__at(irr__base(L->recvbuf), (MPI_Aint)A->w[4 * p + s] * A->rdt.extent), A->w[3 * p + s],
                             &A->rdt, L->copy + L->offs[s], L->ctx->pc)) != MPI_SUCCESS)
      return rc;
  }
  return MPI_SUCCESS;
}

/* The whole call; forced: the caller's algorithm (IRR_ALG_AUTO: the communicator's). */
static int irr__a2a_run(const void *sendbuf, const irr__counts *sc, MPI_Datatype sendtype, void *recvbuf,
                        const irr__counts *rcn, MPI_Datatype recvtype, MPI_Comm comm, irr_alg forced) {
  irr__a2aplan L;
  int rc, inter = 0, p;
  memset(&L, 0, sizeof L);
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if ((rc = MPI_Comm_size(comm, &p)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter || p > IRR_A2A_MAXP) { /* no intergroup algorithm of irrcoll's; labels would not fit: MPI's */
    irr__note_native(comm, IRR_COLL_ALLTOALLV);
#if MPI_VERSION >= 4
    if (sc->cc) return MPI_Alltoallv_c(sendbuf, sc->cc, sc->dc, sendtype, recvbuf, rcn->cc, rcn->dc, recvtype, comm);
#endif
    return MPI_Alltoallv(sendbuf, sc->ci, sc->di, sendtype, recvbuf, rcn->ci, rcn->di, recvtype, comm);
  }
  rc = irr__a2a_setup(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, comm, IRR__A2A_BLOCKING, forced, &L);
  if (rc == MPI_SUCCESS && L.alg == IRR_ALG_DIRECT) { /* the direct exchange (mpi/direct.h) */
    MPI_Comm pd;
    if (L.A.err == MPI_SUCCESS && (rc = irr__a2a_copy_in(&L)) != MPI_SUCCESS) L.A.err = rc; /* takes part as a bad rank */
    if ((rc = irr__dx_comm(L.ctx, &pd)) == MPI_SUCCESS)
      rc = irr__dx_run(&L.s, &L.sb, &L.rb, L.A.err != MPI_SUCCESS, L.A.tag, pd, &L.A.err);
  } else if (rc == MPI_SUCCESS && !L.none && (rc = irr__a2a_copy_in(&L)) == MPI_SUCCESS) {
    int bad = 0;
    MPI_Datatype *keep = NULL;
    char *tmp = NULL;
    irr__a2a_kept_types(&L, &keep, &tmp);
    rc = irr__run_allv_tmp(L.ctx, &L.s, L.ctx->pc, L.A.tag + 1, &L.rb, &L.sb, L.A.mism, &bad, keep, tmp);
    if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE;
  }
  if (rc == MPI_SUCCESS) rc = L.A.err;
  irr__a2a_plan_free(&L);
  return irr__raise(comm, rc);
}
/* ==== end mpi/alltoallv.h ==== */
/* ==== begin mpi/reduce_scatter.h ==== */
/* IRR_Reduce_scatter (and _block): validate -> choose -> plan -> run (algo/reduce_scatter/,
   select/reduce_scatter.h). MPI requires recvcounts, datatype and op to be the same on every
   rank, so every rank plans the same programs from its own arguments, without
   communicating.
     validate  counts (MPI_ERR_COUNT; NULL: MPI_ERR_ARG), datatype (MPI_ERR_TYPE), op
               (MPI_ERR_OP): errors every rank sees alike, returned with no message sent;
               buffers (MPI_ERR_BUFFER): this rank's own, so it still runs the program with
               0-byte poison messages, and the ranks they reach return MPI_ERR_TRUNCATE
     choose    irr_reduce_scatter_choose on the counts, the operation's commutativity and
               the model with beta and gamma per element
     plan      the program in elements, scaled to bytes
     run       the executor (its receive-and-reduce ops, mpi/rounds.h)
   Buffers: a type whose elements are dense bytes (size = extent = true extent) is used in
   place; any other is copied into an extent-layout scratch (element i at i * extent, the
   holes travel as bytes and MPI_Reduce_local skips them) and the result block back, both
   through MPI (pack, unpack), so holes in the user's buffers are never written. A type whose
   data lies outside its extent (a resized overlap) goes to MPI's own. MPI_IN_PLACE: the
   input vector is copied out of recvbuf first (the result overwrites its start). */

typedef struct irr__rsplan {
  irr__ctx *ctx;
  int rank, p, tag, ordered, inplace;
  int err;            /* this rank's error class (MPI_SUCCESS: none) */
  int none;           /* no run: an error every rank sees, or nothing to do */
  int bad;            /* run with poison: this rank's buffers are bad */
  irr_alg alg;
  MPI_Datatype type;
  MPI_Op op;
  irr__dt d;
  MPI_Aint lb;
  int stage;          /* the type is not dense: extent-layout copies in and out */
  int64_t U, n;       /* bytes an element in the program's buffers; elements in all */
  int64_t *w;         /* counts (p), D (p + 1), workspace P (p + 1) */
  irr_sched s;
  irr_op *ops;
  irr__buf sb, rb;    /* the vector (every block at D_i), the own block */
  const void *sendbuf;
  void *recvbuf;
  char *in, *out;     /* the input vector (in place, staged), the staged result block */
} irr__rsplan;

static void irr__rs_plan_free(irr__rsplan *L) {
  if (L->w) IRRCOLL_FREE(L->w);
  if (L->ops) IRRCOLL_FREE(L->ops);
  if (L->in) IRRCOLL_FREE(L->in);
  if (L->out) IRRCOLL_FREE(L->out);
  L->w = NULL, L->ops = NULL, L->in = L->out = NULL;
}

/* A byte view of the program's elements: U bytes each, at base + lb0 + i U. */
static void irr__rs_view(irr__buf *b, char *base, MPI_Aint lb0, int64_t U) {
  memset(b, 0, sizeof *b);
  b->base = base;
  b->dt.type = MPI_BYTE, b->dt.size = U, b->dt.extent = (MPI_Aint)U, b->dt.true_lb = lb0;
  b->dt.true_extent = (MPI_Aint)U, b->dt.contig = 1;
}

/* validate, choose, plan (no communication). An error returned is memory's or MPI's; L->err
   this rank's class. *native: MPI's own runs, 1: the type cannot be laid out here, 2: the
   guard (IRR_ALG_GUARDED, forced or the communicator's; blocking calls only) found no clear
   gain, its CPU in ctx->last. owned: the program is the caller's own (a request's), never
   the communicator's kept one. */
static int irr__rs_setup(const void *sendbuf, void *recvbuf, const irr__counts *cn, MPI_Datatype type, MPI_Op op,
                         MPI_Comm comm, irr_alg forced, int owned, irr__rsplan *L, int *native) {
  int rc, p, commute = 1, e, guard = 0, entry = forced == IRR_ALG_GUARDED;
  int64_t *D, *P, mr, bytes;
  MPI_Aint ext;
  irr_model md;
  double t0 = IRRCOLL_CLOCK();
  *native = 0;
  if ((rc = irr__ctx_get(comm, &L->ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, &L->rank);
  MPI_Comm_size(comm, &L->p);
  p = L->p;
  L->tag = (int)(L->ctx->seq++ % IRR__SEQ_MOD) * 2;
  L->inplace = sendbuf == MPI_IN_PLACE;
  L->sendbuf = sendbuf, L->recvbuf = recvbuf, L->type = type, L->op = op;
  if (!(L->w = (int64_t *)IRRCOLL_MALLOC(((size_t)p * 3 + 2) * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  D = L->w + p, P = D + p + 1;
  /* what every rank sees alike: no run, no message */
  L->none = 1;
  if ((e = irr__widen(p, cn, 1, 1, L->w, NULL, NULL, &L->n)) != MPI_SUCCESS) return L->err = e, MPI_SUCCESS;
  if ((e = irr__dt_usable(type, &L->d, L->ctx->pc)) != MPI_SUCCESS) return L->err = e, MPI_SUCCESS;
  if (op == MPI_OP_NULL || MPI_Op_commutative(op, &commute) != MPI_SUCCESS) return L->err = MPI_ERR_OP, MPI_SUCCESS;
  if ((rc = MPI_Type_get_extent(type, &L->lb, &ext)) != MPI_SUCCESS) return rc;
  L->stage = !L->d.contig;
  L->U = L->stage ? (int64_t)ext : L->d.size;
  if (L->stage && (ext <= 0 || L->d.true_lb < L->lb || L->d.true_lb + L->d.true_extent > L->lb + ext)) {
    *native = 1; /* its data runs outside its extent: no extent layout */
    return MPI_SUCCESS;
  }
  if (L->d.size == 0 || L->n == 0) return MPI_SUCCESS; /* nothing to reduce */
  if (!irr__mul_ok(L->n, L->U, &bytes)) return L->err = MPI_ERR_COUNT, MPI_SUCCESS;
  L->none = 0;
  L->ordered = !commute;
  irr__rs_starts(p, L->w, D);
  mr = L->w[L->rank];
  /* this rank's own buffers */
  if (recvbuf == MPI_IN_PLACE) L->err = MPI_ERR_BUFFER;
  else if (!L->inplace && !sendbuf && L->d.true_lb == 0) L->err = MPI_ERR_BUFFER;
  else if (!recvbuf && (mr > 0 || L->inplace) && L->d.true_lb == 0) L->err = MPI_ERR_BUFFER;
  L->bad = L->err != MPI_SUCCESS;
  /* choose and plan, in elements, or the kept plan while the counts repeat (mpi/cache.h: the
     key hashes everything the choice and the program depend on, equal on every rank) */
  md = L->ctx->md;
  md.beta *= (double)L->d.size, md.gamma *= (double)L->d.size;
  if (forced == IRR_ALG_AUTO) forced = irr__forced(L->ctx, IRR_COLL_REDUCE_SCATTER);
  if (forced == IRR_ALG_GUARDED) guard = !owned, forced = IRR_ALG_AUTO; /* a request runs the choice */
  /* MPI's own at once, no choice (the entries' calls: irr__rs_run looked before any context) */
  if (guard && !entry && irr_reduce_scatter_native_first(p, D, cn->regular)) {
    irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 0,
                   irr__plan_cpu(&md, (cn->regular ? 3.0 : 3.0 + IRR_RS_PASS) * p, 0), t0); /* widened, starts (the largest) */
    return *native = 2, MPI_SUCCESS;
  }
  /* MPI's own from the total and the largest block (small vectors), before the counts' hash:
     the model's CPU (select/reduce_scatter.h's units): the counts widened (2 a count, no
     hash), the block starts, the largest, the lower bounds */
  if (guard && irr_reduce_scatter_native_bound(p, D, irr__rs_maxblock(p, D), L->ordered, md)) {
    irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 0,
                   irr__plan_cpu(&md, (2.0 + 1.0 + IRR_RS_PASS) * p + IRR_RS_FIXED / 2, 0), t0);
    return *native = 2, MPI_SUCCESS;
  }
  {
    irr__plan_cache *pc = &L->ctx->rsc;
    int64_t k[6];
    uint64_t key;
    int repeat, cap = irr_reduce_scatter_maxops(p), j;
    irr_op *room;
    k[0] = (int64_t)irr__hash(L->w, p), k[1] = ((int64_t)guard << 40) ^ ((int64_t)forced << 33) ^ ((int64_t)p << 1) ^ L->ordered;
    k[2] = L->U, k[3] = L->d.size;
    memcpy(&k[4], &md.alpha, 8), memcpy(&k[5], &md.beta, 8);
    key = irr__hash(k, 6);
    repeat = pc->valid && pc->key == key;
    if (repeat && guard && pc->alg == IRR_ALG_GUARDED) { /* MPI's own again (the guard, below) */
      pc->hits++;
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 1, irr__plan_cpu(&md, (IRR_VALIDATE_SIZES + 1.0) * p, 0), t0);
      return *native = 2, MPI_SUCCESS;
    }
    if (repeat && pc->nops > 0 && !owned && !L->bad) { /* the kept program, as it is */
      L->alg = pc->alg;
      irr_sched_init(&L->s, L->rank, p, pc->ops, pc->nops);
      L->s.nops = pc->nops, L->s.tmp = pc->tmp, L->s.nrounds = pc->nops ? pc->ops[pc->nops - 1].round + 1 : 0;
      pc->hits++;
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, L->alg, 0, 1, irr__plan_cpu(&md, (IRR_VALIDATE_SIZES + 1.0) * p, 0), t0);
    } else {
      int early = 0;
      double units = IRR_VALIDATE_SIZES * p + p; /* the counts widened and hashed, the block starts and the largest */
      if (!repeat) pc->hits = 0;
      if (!guard) L->alg = irr__rs_choose(forced, p, D, L->ordered, md, P, NULL, &units);
      else if (irr_reduce_scatter_guard(p, D, L->ordered, md, P, &L->alg, &early, &units)) {
        /* no clear gain: MPI's own, whatever this rank's buffers (every rank goes alike). The
           model's CPU: the counts, their hash, the early test's walks (and the choice's) */
        irr__plan_drop_program(pc);
        pc->key = key, pc->alg = IRR_ALG_GUARDED, pc->valid = 1;
        irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, repeat, irr__plan_cpu(&md, units, 0), t0);
        return *native = 2, MPI_SUCCESS;
      }
      room = owned ? NULL : irr__plan_room(pc, cap); /* a request's program is its own */
      if (!room && !(room = L->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
      irr_sched_init(&L->s, L->rank, p, room, cap);
      if (irr_reduce_scatter_build(L->alg, L->rank, p, D, L->ordered, md, P, &L->s) != IRR_OK) return MPI_ERR_INTERN;
      for (j = 0; j < L->s.nops; j++) { /* elements -> bytes (n U fits) */
        irr_op *o = &L->s.ops[j];
        o->skip *= L->U, o->len *= L->U, o->off *= L->U, o->doff *= L->U;
      }
      L->s.tmp *= L->U;
      if (!owned) pc->key = key, pc->alg = L->alg, pc->valid = 1; /* a request's key would name the kept program */
      if (room == pc->ops && !L->bad) irr__plan_keep(pc, &L->s);
      /* the model's CPU: the counts read, the choice's walks (counted), the ops */
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, L->alg, 0, repeat, irr__plan_cpu(&md, units, L->s.nops), t0);
    }
  }
  /* the views: elements of U bytes; dense types in the user's buffers, others staged */
  if ((L->inplace || L->stage) && !L->bad && !(L->in = (char *)IRRCOLL_MALLOC((size_t)bytes))) return MPI_ERR_NO_MEM;
  if (L->stage && !L->bad && !(L->out = (char *)IRRCOLL_MALLOC((size_t)(mr * L->U + 1)))) return MPI_ERR_NO_MEM;
  irr__rs_view(&L->sb, L->in ? L->in : irr__base(sendbuf), L->in ? 0 : L->d.true_lb, L->U);
  L->sb.v = 1, L->sb.p = p, L->sb.counts = L->w, L->sb.displs = D;
  irr__rs_view(&L->rb, L->stage ? L->out : irr__base(recvbuf), L->stage ? 0 : L->d.true_lb, L->U);
  L->rb.own = L->rank, L->rb.count = mr, L->rb.p = p;
  L->sb.discard = L->rb.discard = L->bad;
  return MPI_SUCCESS;
}

/* Move n elements of the type from user buffer `from` to `to` (either may be an extent-layout
   scratch, given as the pointer MPI wants: its start - lb): packed through a temporary. */
static int irr__rs_move(irr__rsplan *L, const char *from, char *to, int64_t n) {
  char *tmp;
  int rc;
  if (n == 0) return MPI_SUCCESS;
  if (!(tmp = (char *)IRRCOLL_MALLOC((size_t)(n * L->d.size + 1)))) return MPI_ERR_NO_MEM;
  rc = irr__pack(0, (char *)(uintptr_t)from, n, &L->d, tmp, L->ctx->pc);
  if (rc == MPI_SUCCESS) rc = irr__pack(1, to, n, &L->d, tmp, L->ctx->pc);
  IRRCOLL_FREE(tmp);
  return rc;
}

/* At each run: the input into scratch (in place, staged), then the executor begins. */
static int irr__rs_start(irr__rsplan *L, MPI_Comm comm, int tag, irr__exec *X) {
  int rc;
  memset(X, 0, sizeof *X);
  if (L->in) {
    const char *src = irr__base(L->inplace ? L->recvbuf : L->sendbuf);
    if (!L->stage) memcpy(L->in, irr__at(src, L->d.true_lb), (size_t)(L->n * L->U));
    else if ((rc = irr__rs_move(L, src, irr__at(L->in, -L->lb), L->n)) != MPI_SUCCESS) return rc;
  }
  X->s = &L->s;
  X->buf[IRR_BUF_SEND] = &L->sb;
  X->buf[IRR_BUF_RECV] = &L->rb;
  X->comm = comm, X->tag = tag, X->bad = L->bad, X->md = &L->ctx->md;
  X->lanes_ok = 1, X->lane_tag = tag - 1; /* the call's other tag (L->tag, tag = L->tag + 1) */
  X->rop = L->op, X->rdt = L->type, X->runit = L->U, X->rshift = L->stage ? L->lb : L->d.true_lb;
  return irr__exec_begin(X);
}

/* The run is over (rc its result): the staged result out, the call's error. */
static int irr__rs_finish(irr__rsplan *L, irr__exec *X, int rc) {
  int bad;
  L->ctx->last.cpu_model_s += X->cpu_total;
  irr__exec_end(X);
  bad = X->bad;
  if (rc == MPI_SUCCESS && !bad && L->stage)
    rc = irr__rs_move(L, irr__at(L->out, -L->lb), irr__base(L->recvbuf), L->w[L->rank]);
  if (rc == MPI_SUCCESS && L->err != MPI_SUCCESS) rc = L->err;
  if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE; /* poison came: some rank's arguments are bad */
  return rc;
}

/* The guard's answer before any context (irr_reduce_scatter_native_first): equal counts on
   2^k ranks, read from the arguments, which every rank has alike. Neither irrcoll's
   communicator nor its settings are made for a call MPI runs anyway: a first call costs
   what MPI's does. */
static int irr__rs_equal_pof2(MPI_Comm comm, const irr__counts *cn) {
  int p, i;
  if (MPI_Comm_size(comm, &p) != MPI_SUCCESS || (p & (p - 1)) != 0) return 0;
  if (cn->regular) return 1;
  for (i = 1; i < p; i++)
    if (cn->ci ? cn->ci[i] != cn->ci[0] : !cn->cc || cn->cc[i] != cn->cc[0]) return 0;
  return cn->ci || cn->cc;
}

/* The whole call; forced: the caller's algorithm (IRR_ALG_AUTO: the communicator's). */
static int irr__rs_run(const void *sendbuf, void *recvbuf, const irr__counts *cn, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm, irr_alg forced) {
  irr__rsplan L;
  int rc, inter = 0, native = 0;
  memset(&L, 0, sizeof L);
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!inter && forced == IRR_ALG_GUARDED && irr__rs_equal_pof2(comm, cn)) native = 3; /* before any context */
  else if (!inter && (rc = irr__rs_setup(sendbuf, recvbuf, cn, type, op, comm, forced, 0, &L, &native)) == MPI_SUCCESS &&
           !native) {
    if (!L.none) {
      irr__exec X;
      int done = 0;
      rc = irr__rs_start(&L, L.ctx->pc, L.tag + 1, &X);
      while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
      rc = irr__rs_finish(&L, &X, rc);
    } else {
      rc = L.err;
    }
  }
  irr__rs_plan_free(&L);
  if (rc == MPI_SUCCESS && (inter || native)) { /* MPI's own */
    if (native != 2) irr__note_native(comm, IRR_COLL_REDUCE_SCATTER); /* 2: the guard noted it, its CPU with it */
    if (cn->regular) {
#if MPI_VERSION >= 4
      if (cn->rcount > INT_MAX) return MPI_Reduce_scatter_block_c(sendbuf, recvbuf, (MPI_Count)cn->rcount, type, op, comm);
#endif
      return MPI_Reduce_scatter_block(sendbuf, recvbuf, (int)cn->rcount, type, op, comm);
    }
#if MPI_VERSION >= 4
    if (cn->cc) return MPI_Reduce_scatter_c(sendbuf, recvbuf, cn->cc, type, op, comm);
#endif
    return MPI_Reduce_scatter(sendbuf, recvbuf, cn->ci, type, op, comm);
  }
  return irr__raise(comm, rc);
}
/* ==== end mpi/reduce_scatter.h ==== */
/* ==== begin mpi/request.h ==== */
/* MPI layer: requests of persistent and nonblocking calls (MPI-4 semantics; contract:
   api/decl.h; their init and start: mpi/persist.h). Init runs validate -> choose -> plan once, the blocking
   calls' own code (Gatherv's tree is built here, not at each start); a start stages the
   buffers and begins the executor (irr__v_start, irr__allv_start), Test/Wait step it
   (irr__exec_step, nonblocking) and the completion unstages (irr__v_finish,
   irr__allv_finish) with the error class the blocking call would return.
   Cross-matching: each request runs on its own duplicate of the context's private
   communicator, made at init (init is a blocking collective anyway). Tags from a shared
   range would collide once the counter wrapped around a long-lived request, and which ranges
   are free depends on local frees, so it cannot be agreed without communicating; a
   communicator per request costs one context id and never collides. Within it, start k
   uses tag (k mod IRR__SEQ_MOD) * 2 + 1, as consecutive blocking calls do, so a message
   left over by a run with mismatched counts never matches the next run. */

enum { IRR__REQ_INACTIVE, IRR__REQ_RUNNING, IRR__REQ_DONE }; /* DONE: complete, not yet waited */

struct irr_request_s {
  int ag;                        /* 1: Allgatherv, 0: Gatherv/Scatterv */
  int oneshot;                   /* a nonblocking call's: freed (the handle set to
                                    IRR_REQUEST_NULL) when its completion is handed out */
  int state, rc;                 /* rc: the finished run's result */
  MPI_Comm comm;                 /* the user's (errors are raised on it) */
  MPI_Comm dc;                   /* the request's own duplicate of ctx->pc */
  irr__ctx *ctx;
  unsigned starts;
  irr_sched s, s0;               /* the program; s0 as planned (with pristine) */
  irr_op *ops, *pristine;        /* pristine: the ops as planned, when the executor fills some
                                    in (learned receives: bad arguments only); copied at start */
  irr__exec X;
  int err0;                      /* the error the plan left (local arguments, mismatches) */
  irr__vargs A;                  /* Gatherv/Scatterv */
  irr__vstate V;
  irr__agstate G;                /* Allgatherv */
  irr__buf vb, ob;
  /* a collective of its own (IRR_Ixgatherv, the intergroup Allgatherv_init): its state ext
     (freed by ext_free), begun on comm with tag by ext_start (which fills X and begins it,
     X.s set once begun), ended by ext_finish (the run's result in, the call's error out) */
  void *ext;
  int (*ext_start)(struct irr_request_s *R, MPI_Comm comm, int tag);
  int (*ext_finish)(struct irr_request_s *R, int rc);
  void (*ext_free)(void *ext);
  int handed;                    /* IRR_Request_mpi: an MPI request completes it (mreq) */
  MPI_Request mreq;
  struct irr_request_s *gnext;   /* irr__greq_head: the handed-out requests not yet complete */
  struct irr_request_s *next;    /* ctx->reqs: the running requests */
};

static void irr__req_release(struct irr_request_s *R) {
  if (R->dc != MPI_COMM_NULL) MPI_Comm_free(&R->dc);
  if (R->ops) IRRCOLL_FREE(R->ops);
  if (R->pristine) IRRCOLL_FREE(R->pristine);
  if (R->V.m_root) IRRCOLL_FREE(R->V.m_root);
  if (R->G.m) IRRCOLL_FREE(R->G.m);
  if (R->ext && R->ext_free) R->ext_free(R->ext);
  IRRCOLL_FREE(R);
}

/* The end of init, on every rank: its own communicator, the pristine program, and one
   agreement that every rank has planned (else all fail alike: no rank may be left with a
   request the others do not run). */
static int irr__req_ready(struct irr_request_s *R, int rc, IRR_Request *request) {
  int ok, all = 0, i, learned = 0, rc2;
  if ((rc2 = MPI_Comm_dup(R->ctx->pc, &R->dc)) != MPI_SUCCESS) R->dc = MPI_COMM_NULL;
  if (rc == MPI_SUCCESS) rc = rc2;
  for (i = 0; rc == MPI_SUCCESS && i < R->s.nops; i++) learned |= irr__op_learned(&R->s.ops[i]);
  if (rc == MPI_SUCCESS && learned) {
    if (!(R->pristine = (irr_op *)IRRCOLL_MALLOC((size_t)(R->s.nops ? R->s.nops : 1) * sizeof(irr_op)))) rc = MPI_ERR_NO_MEM;
    else memcpy(R->pristine, R->s.ops, (size_t)R->s.nops * sizeof(irr_op));
    R->s0 = R->s;
  }
  ok = rc == MPI_SUCCESS;
  if ((rc2 = MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, R->ctx->pc)) != MPI_SUCCESS && rc == MPI_SUCCESS) rc = rc2;
  if (rc == MPI_SUCCESS && !all) rc = MPI_ERR_OTHER; /* another rank failed */
  if (rc != MPI_SUCCESS) {
    MPI_Comm comm = R->comm;
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  R->state = IRR__REQ_INACTIVE;
  *request = R;
  return MPI_SUCCESS;
}

static struct irr_request_s *irr__req_new(MPI_Comm comm) {
  struct irr_request_s *R = (struct irr_request_s *)IRRCOLL_MALLOC(sizeof *R);
  if (R) {
    memset(R, 0, sizeof *R);
    R->comm = comm;
    R->dc = MPI_COMM_NULL;
  }
  return R;
}

/* The run is over (rc: the executor's result): unstage, the error the blocking call would
   return, and out of the running list (the caller unlinks). */
static void irr__req_finish(struct irr_request_s *R, int rc) {
  if (R->ext_finish) {
    rc = R->ext_finish(R, rc);
  } else if (R->ag) {
    int bad = 0;
    rc = irr__allv_finish(R->ctx, &R->vb, &R->ob, &R->X, rc, &bad);
    if (rc == MPI_SUCCESS && bad && R->G.err == MPI_SUCCESS) R->G.err = MPI_ERR_TRUNCATE;
    if (rc == MPI_SUCCESS) rc = R->G.err;
  } else {
    rc = irr__v_finish(&R->A, &R->V, &R->X, rc);
    if (rc == MPI_SUCCESS) rc = R->V.err;
  }
  R->rc = rc;
  R->state = IRR__REQ_DONE;
}

/* One pass over ctx's running requests, each advanced as far as it goes without waiting;
   the only one running may wait (nothing else here needs progress meanwhile). */
static void irr__req_progress(irr__ctx *ctx, int may_block) {
  struct irr_request_s **pp = &ctx->reqs;
  while (*pp) {
    struct irr_request_s *R = *pp;
    int done = 0, rc = irr__exec_step(&R->X, may_block && pp == &ctx->reqs && !R->next, &done);
    if (done) {
      *pp = R->next;
      R->next = NULL;
      irr__req_finish(R, rc);
    } else {
      pp = &R->next;
    }
  }
}

/* Begin a run on comm with tag: staged, among ctx's running requests, first round posted. */
static void irr__req_run(struct irr_request_s *R, MPI_Comm comm, int tag) {
  int rc;
  if (R->ext_start) {
    rc = R->ext_start(R, comm, tag);
  } else if (R->ag) {
    R->G.err = R->err0;
    rc = irr__allv_start(R->ctx, &R->s, comm, tag, &R->vb, &R->ob, R->G.inplace, R->err0 != MPI_SUCCESS, &R->X);
  } else {
    R->V.err = R->err0;
    rc = irr__v_start(&R->A, &R->V, &R->s, comm, tag, &R->X);
  }
  if (rc != MPI_SUCCESS) { /* nothing posted: the run is over (the others' part may hang, as in a blocking call) */
    irr__req_finish(R, rc);
    return;
  }
  R->state = IRR__REQ_RUNNING;
  R->next = R->ctx->reqs; /* newest first: the sweep posts the older ones' rounds later */
  R->ctx->reqs = R;
  { /* its first round posted: it moves while the caller computes */
    int done = 0;
    rc = irr__exec_step(&R->X, -1, &done);
    if (done) { /* an empty program, or an error while posting */
      R->ctx->reqs = R->next;
      R->next = NULL;
      irr__req_finish(R, rc);
    }
  }
}

/* A complete run, handed to the user: inactive again (a nonblocking call's: freed), its
   error raised once. */
static int irr__req_complete(IRR_Request *handle, MPI_Status *status) {
  struct irr_request_s *R = *handle;
  int rc = R->rc;
  MPI_Comm comm = R->comm;
  R->state = IRR__REQ_INACTIVE;
  if (R->oneshot) {
    irr__req_release(R);
    *handle = IRR_REQUEST_NULL;
  }
  if (status != MPI_STATUS_IGNORE) {
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = rc;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
  }
  return rc == MPI_SUCCESS ? rc : irr__raise(comm, rc);
}
static void irr__req_empty(MPI_Status *status) { /* MPI's empty status: a null or inactive request */
  if (status != MPI_STATUS_IGNORE) {
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
  }
}
/* ==== end mpi/request.h ==== */
/* ==== begin mpi/persist.h ==== */
/* MPI layer: what the persistent and nonblocking entry points add to the blocking calls'
   code (requests: mpi/request.h): Gatherv/Scatterv/Allgatherv/intergroup init, the
   nonblocking calls planned without communicating, Alltoallv's init and nonblocking call. */

/* Persistent Scatterv: the root's sizes (bytes) on every rank, one MPI_Bcast at init, so
   each rank plans its part of one program from values equal on all ranks and knows at once
   whether its own count matches (no probe, no size in any message, no 0-byte stand-ins).
   Bad root arguments: zeros (everyone gets an empty block, as in the blocking call). Sent
   in pieces, so a rank without memory for the p sizes still takes part (through a piece on
   the stack) and fails with the others at the end of init (irr__req_ready). *mp: V->m_root
   at a root with valid arguments, else allocated (free it) or NULL. */
static int irr__sv_sizes(irr__vstate *V, int root, int64_t **mp) {
  int64_t *m = V->isroot && V->m_root ? V->m_root : (int64_t *)IRRCOLL_MALLOC((size_t)V->p * sizeof(int64_t));
  int64_t spare[IRR_SV_PIECE];
  int i, n, rc = MPI_SUCCESS;
  if (m && m != V->m_root && V->isroot) memset(m, 0, (size_t)V->p * sizeof(int64_t));
  if (!m) memset(spare, 0, sizeof spare);
  for (i = 0; i < V->p && rc == MPI_SUCCESS; i += n) {
    n = V->p - i < IRR_SV_PIECE ? V->p - i : IRR_SV_PIECE;
    rc = MPI_Bcast(m ? m + i : spare, n, MPI_INT64_T, root, V->ctx->pc);
  }
  *mp = m;
  return rc == MPI_SUCCESS && !m ? MPI_ERR_NO_MEM : rc;
}

/* Persistent Scatterv's program (irr_scatterv_known, algo/xv/xscatterv.h) from the sizes m. A
   rank whose own block must stay unwritten (the root sends it more than its count:
   MPI_ERR_TRUNCATE, or bad arguments) takes its data into scratch. Memory at init: O(p) on
   every rank for the ranges (freed here); the program holds the rank's own range. */
static int irr__sv_plan(struct irr_request_s *R, const int64_t *m, irr_alg alg) {
  irr__vstate *V = &R->V;
  int p = V->p, r = V->rank, root = R->A.root, *rg = NULL, cap, keep, skipcopy;
  int64_t *w = NULL, thresh = irr_scatterv_thresh(V->ctx->md);
  irr_status st = IRR_OK;
  if (!V->isroot && V->err == MPI_SUCCESS && V->own != m[r]) {
    /* a shorter block is taken as MPICH does (but an empty one: what a bad root sends) */
    if (V->own > m[r] && m[r] > 0 && irr__v_shorter(&R->A, V, m[r], &V->ocount)) V->own = m[r];
    else V->err = MPI_ERR_TRUNCATE;
  }
  if (!V->isroot && V->err != MPI_SUCCESS) V->own = 0; /* discarded: nothing staged, unstaged */
  keep = V->isroot || V->err == MPI_SUCCESS;
  skipcopy = V->inplace || V->err == MPI_ERR_TRUNCATE;
  if (alg == IRR_ALG_XTREE) {
    rg = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int));
    w = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
    st = rg && w ? irr_scatterv_known_ranges(p, root, m, thresh, rg, w) : IRR_ERR_NOMEM;
  }
  cap = st == IRR_OK ? irr_scatterv_known_maxops(alg, r, p, root, rg) : 1;
  if (st == IRR_OK && !(R->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) st = IRR_ERR_NOMEM;
  if (st == IRR_OK) {
    irr_sched_init(&R->s, r, p, R->ops, cap);
    st = irr_scatterv_known(alg, r, p, root, m, rg, w, thresh, skipcopy, keep, &R->s);
  }
  if (rg) IRRCOLL_FREE(rg);
  if (w) IRRCOLL_FREE(w);
  return st == IRR_OK ? MPI_SUCCESS : st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
}

/* Persistent Scatterv on p > 1 ranks, xtree or direct: the sizes, then the program. */
static int irr__sv_known(struct irr_request_s *R, irr_alg alg) {
  int64_t *m = NULL;
  int rc = irr__sv_sizes(&R->V, R->A.root, &m);
  R->V.alg = alg;
  if (rc == MPI_SUCCESS) rc = irr__sv_plan(R, m, alg);
  if (m && m != R->V.m_root) IRRCOLL_FREE(m);
  return rc;
}

/* Gatherv/Scatterv: irr__v_run's validate -> choose -> plan. Gatherv's direct posts its
   heads (they carry their sizes), its tree is built here (the construction, once); linear
   runs as direct (its skipped empty blocks would need a probe to be seen or survived).
   Scatterv's direct and xtree run with every size known (irr__sv_known); its forced tree
   and binomial, Träff's construction. */
static int irr__v_init(const irr__vargs *A, IRR_Request *request) {
  struct irr_request_s *R;
  irr__vstate V;
  int rc, inter = 0;
  irr_alg alg;
  if (!request) return irr__raise(A->comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if ((rc = irr__v_open(A, &V, &inter)) == MPI_SUCCESS && inter) rc = MPI_ERR_COMM;
  if (rc != MPI_SUCCESS) return irr__raise(A->comm, rc);
  alg = irr__forced(V.ctx, A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV);
  alg = A->scatter ? irr_scatterv_choose(alg, V.p) : irr_gatherv_choose(alg, V.p);
  if (alg == IRR_ALG_LINEAR && V.p > 1) alg = IRR_ALG_DIRECT;
  if (!(R = irr__req_new(A->comm))) return irr__raise(A->comm, MPI_ERR_NO_MEM); /* as a blocking call's */
  R->ctx = V.ctx;
  R->A = *A;
  R->V = V;
  irr__v_begin(&R->A, &R->V, alg); /* its tag: the tree's construction, on ctx->pc */
  if (A->scatter && (alg == IRR_ALG_XTREE || alg == IRR_ALG_DIRECT)) {
    rc = irr__sv_known(R, alg);
  } else {
    R->V.alg = alg;
    rc = irr__v_plan(&R->A, &R->V, alg, &R->s, &R->ops);
  }
  R->err0 = R->V.err;
  return irr__req_ready(R, rc, request);
}

/* ---- the intergroup Allgatherv_init: irr__inter_entry's setup and plan, its check of both
   groups' sizes and settings included, once at init; the program then runs at every start
   on the request's own duplicate of the merged communicator (irr__allv_start/finish, as the
   blocking call's irr__run_allv). ---- */
static void irr__ireq_free(void *ext) {
  irr__iplan_free((irr__iplan *)ext);
  IRRCOLL_FREE(ext);
}
static int irr__ireq_start(struct irr_request_s *R, MPI_Comm comm, int tag) {
  irr__iplan *L = (irr__iplan *)R->ext;
  return irr__allv_start(R->ctx, &L->s, comm, tag, &L->vb, &L->ob, 0, 0, &R->X);
}
static int irr__ireq_finish(struct irr_request_s *R, int rc) {
  irr__iplan *L = (irr__iplan *)R->ext;
  int bad = 0;
  rc = irr__allv_finish(R->ctx, &L->vb, &L->ob, &R->X, rc, &bad);
  return rc == MPI_SUCCESS && bad ? MPI_ERR_TRUNCATE : rc;
}

/* An argument error anywhere fails init on every rank of both groups (the plan's check, as
   the blocking call's: MPI_ERR_TRUNCATE where the arguments were good); then the duplicate
   and one agreement that every rank has its request. */
static int irr__inter_init(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const irr__counts *c, MPI_Datatype recvtype, MPI_Comm comm, IRR_Request *request) {
  irr__ctx *ctx;
  irr__iplan Lp, *L;
  struct irr_request_s *R;
  MPI_Comm d = MPI_COMM_NULL;
  int rc, rc2, ok, all = 0;
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS || (rc = irr__inter_setup(ctx)) != MPI_SUCCESS ||
      (rc = irr__inter_plan(ctx, ctx->inter.gcomm, sendbuf, sendcount, sendtype, recvbuf, c, recvtype, &Lp)) != MPI_SUCCESS)
    return irr__raise(comm, rc);
  if ((rc = MPI_Comm_dup(ctx->inter.gcomm, &d)) != MPI_SUCCESS) d = MPI_COMM_NULL;
  R = irr__req_new(comm);
  L = (irr__iplan *)IRRCOLL_MALLOC(sizeof *L);
  ok = rc == MPI_SUCCESS && R && L;
  rc2 = MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ctx->inter.gcomm);
  if (!ok || rc2 != MPI_SUCCESS || !all) {
    if (R) IRRCOLL_FREE(R);
    if (L) IRRCOLL_FREE(L);
    if (d != MPI_COMM_NULL) MPI_Comm_free(&d);
    irr__iplan_free(&Lp);
    return irr__raise(comm, rc != MPI_SUCCESS ? rc : !ok ? MPI_ERR_NO_MEM : rc2 != MPI_SUCCESS ? rc2 : MPI_ERR_OTHER);
  }
  *L = Lp;
  R->ag = 1, R->ctx = ctx, R->dc = d;
  R->ext = L, R->ext_start = irr__ireq_start, R->ext_finish = irr__ireq_finish, R->ext_free = irr__ireq_free;
  R->state = IRR__REQ_INACTIVE;
  *request = R;
  return MPI_SUCCESS;
}

/* Allgatherv: irr__ag_run's setup (an error there is the same on every rank: no request). */
static int irr__ag_init(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const irr__counts *c, MPI_Datatype recvtype, MPI_Comm comm, IRR_Request *request) {
  struct irr_request_s *R;
  int rc, inter = 0;
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__inter_init(sendbuf, sendcount, sendtype, recvbuf, c, recvtype, comm, request);
  if (!(R = irr__req_new(comm))) return irr__raise(comm, MPI_ERR_NO_MEM);
  R->ag = 1, R->G.owned = 1;
  if ((rc = irr__ag_setup(sendbuf, sendcount, sendtype, recvbuf, c, recvtype, comm, IRR_ALG_AUTO, &R->ctx, &R->G,
                          &R->s, &R->ops, &R->vb, &R->ob)) != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  R->err0 = R->G.err;
  return irr__req_ready(R, MPI_SUCCESS, request);
}

/* ---- nonblocking calls: the persistent ones' machinery, planned without communicating and
   started at once, on the context's private communicator with the next call tag (like a
   blocking call's, in the same collective order). Gatherv/Scatterv run "direct" (probed as
   messages come, irr__exec_probed), whatever the choice for blocking calls: the tree's
   construction would communicate. Allgatherv: the blocking choice, with the node layout
   flat if no blocking call has learned it yet (equal on every rank). The first irrcoll call
   on a communicator makes its context (collective, blocking). ---- */

static int irr__v_icall(const irr__vargs *A, IRR_Request *request) {
  struct irr_request_s *R;
  irr__vstate V;
  int rc, inter = 0;
  if (!request) return irr__raise(A->comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if ((rc = irr__v_open(A, &V, &inter)) == MPI_SUCCESS && inter) rc = MPI_ERR_COMM;
  if (rc != MPI_SUCCESS) return irr__raise(A->comm, rc);
  if (!(R = irr__req_new(A->comm))) return irr__raise(A->comm, MPI_ERR_NO_MEM);
  R->oneshot = 1;
  R->ctx = V.ctx;
  R->A = *A;
  R->V = V;
  irr__v_begin(&R->A, &R->V, V.p > 1 ? IRR_ALG_DIRECT : IRR_ALG_LINEAR);
  if ((rc = irr__v_plan(&R->A, &R->V, R->V.alg, &R->s, &R->ops)) != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(A->comm, rc);
  }
  /* Scatterv: each message ends with a short piece (irr__exec_probed); Gatherv's direct
     probes nothing, its heads carry their sizes */
  if (A->scatter) irr__flag_msgs(&R->s, 0, IRR_OPF_EOM);
  R->err0 = R->V.err;
  irr__req_run(R, V.ctx->pc, R->V.tag + 1);
  *request = R;
  return MPI_SUCCESS;
}


/* ---- Alltoallv: persistent and nonblocking (mpi/alltoallv.h). Init runs the blocking call's
   setup once: its sizes phase, choice and plan; a start packs the receive blocks first when
   in place, then runs the program. An argument error anywhere is seen by every rank at init
   (the sizes phase's statistics): init fails on every rank, with the rank's own class where
   its arguments were bad, MPI_ERR_ARG elsewhere. A block larger than its receive count: each
   run completes with MPI_ERR_TRUNCATE at that receiver, as the blocking call. IRR_Ialltoallv
   plans without communicating: the linear exchange of the rank's own counts (the sizes phase
   would communicate before the request exists), so a mismatch is MPI's business there (a
   larger send: MPI_ERR_TRUNCATE at the receiver) and a rank with bad arguments returns its
   class at once and sends nothing: ranks that expect its data wait (erroneous, as MPI says). ---- */
static void irr__a2areq_free(void *ext) {
  irr__a2a_plan_free((irr__a2aplan *)ext);
  IRRCOLL_FREE(ext);
}
static int irr__a2areq_start(struct irr_request_s *R, MPI_Comm comm, int tag) {
  irr__a2aplan *L = (irr__a2aplan *)R->ext;
  int rc = irr__a2a_copy_in(L);
  if (rc != MPI_SUCCESS) return rc;
  return irr__allv_start(R->ctx, &L->s, comm, tag, &L->rb, &L->sb, L->A.mism, 0, &R->X);
}
static int irr__a2areq_finish(struct irr_request_s *R, int rc) {
  irr__a2aplan *L = (irr__a2aplan *)R->ext;
  int bad = 0;
  rc = irr__allv_finish(R->ctx, &L->rb, &L->sb, &R->X, rc, &bad);
  return rc == MPI_SUCCESS && bad ? MPI_ERR_TRUNCATE : rc == MPI_SUCCESS ? L->A.err : rc;
}
static int irr__a2a_request(const void *sendbuf, const irr__counts *sc, MPI_Datatype sendtype, void *recvbuf,
                            const irr__counts *rcn, MPI_Datatype recvtype, MPI_Comm comm, int nonblocking,
                            IRR_Request *request) {
  struct irr_request_s *R;
  irr__a2aplan *L;
  int rc, inter = 0, p = 0;
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter || (MPI_Comm_size(comm, &p), p > IRR_A2A_MAXP)) return irr__raise(comm, MPI_ERR_COMM);
  R = irr__req_new(comm);
  L = (irr__a2aplan *)IRRCOLL_MALLOC(sizeof *L);
  if (!R || !L) {
    if (R) IRRCOLL_FREE(R);
    if (L) IRRCOLL_FREE(L);
    return irr__raise(comm, MPI_ERR_NO_MEM);
  }
  memset(L, 0, sizeof *L);
  R->ext = L, R->ext_start = irr__a2areq_start, R->ext_finish = irr__a2areq_finish, R->ext_free = irr__a2areq_free;
  rc = irr__a2a_setup(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, comm, nonblocking ? IRR__A2A_NONBLOCKING : IRR__A2A_INIT,
                      IRR_ALG_AUTO, L);
  R->ctx = L->ctx, R->ag = 1;
  if (rc == MPI_SUCCESS && L->none) rc = L->A.err;
  if (nonblocking) {
    if (rc != MPI_SUCCESS) {
      irr__req_release(R);
      return irr__raise(comm, rc);
    }
    R->oneshot = 1;
    irr__req_run(R, R->ctx->pc, L->A.tag + 1);
    *request = R;
    return MPI_SUCCESS;
  }
  if (rc != MPI_SUCCESS) { /* every rank knows (the agreement): no request anywhere */
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  return irr__req_ready(R, MPI_SUCCESS, request);
}

/* ---- Reduce_scatter (mpi/reduce_scatter.h): the plan is made without messages, so init and
   the nonblocking calls plan as the blocking one does. Init fails on every rank alike if
   any rank's arguments are bad (its agreement); a nonblocking call with a bad buffer runs
   with poison as the blocking one, and completes with its error. ---- */
static void irr__rsreq_free(void *ext) {
  irr__rs_plan_free((irr__rsplan *)ext);
  IRRCOLL_FREE(ext);
}
static int irr__rsreq_start(struct irr_request_s *R, MPI_Comm comm, int tag) {
  return irr__rs_start((irr__rsplan *)R->ext, comm, tag, &R->X);
}
static int irr__rsreq_finish(struct irr_request_s *R, int rc) {
  irr__rsplan *L = (irr__rsplan *)R->ext;
  if (L->none) return rc == MPI_SUCCESS ? L->err : rc; /* nothing ran */
  return irr__rs_finish(L, &R->X, rc);
}
static int irr__rs_request(const void *sendbuf, void *recvbuf, const irr__counts *cn, MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, int nonblocking, IRR_Request *request) {
  struct irr_request_s *R;
  irr__rsplan *L;
  int rc, inter = 0, native = 0;
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__raise(comm, MPI_ERR_COMM);
  R = irr__req_new(comm);
  L = (irr__rsplan *)IRRCOLL_MALLOC(sizeof *L);
  if (!R || !L) {
    if (R) IRRCOLL_FREE(R);
    if (L) IRRCOLL_FREE(L);
    return irr__raise(comm, MPI_ERR_NO_MEM);
  }
  memset(L, 0, sizeof *L);
  R->ext = L, R->ext_start = irr__rsreq_start, R->ext_finish = irr__rsreq_finish, R->ext_free = irr__rsreq_free;
  rc = irr__rs_setup(sendbuf, recvbuf, cn, type, op, comm, IRR_ALG_AUTO, 1, L, &native);
  R->ctx = L->ctx, R->ag = 1;
  if (rc == MPI_SUCCESS && native) rc = MPI_ERR_TYPE; /* no request of MPI's to hand out here */
  if (rc == MPI_SUCCESS && L->none) rc = L->err;
  if (nonblocking) {
    if (rc != MPI_SUCCESS) {
      irr__req_release(R);
      return irr__raise(comm, rc);
    }
    R->oneshot = 1;
    if (L->none) { /* nothing to move: complete at once */
      R->rc = MPI_SUCCESS, R->state = IRR__REQ_DONE;
    } else {
      irr__req_run(R, R->ctx->pc, L->tag + 1);
    }
    *request = R;
    return MPI_SUCCESS;
  }
  if (rc == MPI_SUCCESS) rc = L->err;
  return irr__req_ready(R, rc, request);
}
/* ==== end mpi/persist.h ==== */
/* ==== begin mpi/greq.h ==== */
/* ---- IRR_Request_mpi: an MPI request that the user's own MPI_Wait/MPI_Test/MPI_Waitall
   complete, by MPICH's extended generalized requests (MPIX_Grequest_start). MPICH calls
   poll_fn from its test calls and wait_fn, in a loop until the request is complete, from
   its wait calls (MPI_Waitall: each such request in turn, before the others). Both make one
   pass without waiting over every handed-out request (irr__greq_head, whatever its
   communicator: a wait on one must not starve another that a peer waits on first), as
   IRR_Test does, and call MPI_Grequest_complete for those that are over. The MPI calls
   they make nest in MPICH's (allowed: ROMIO's nonblocking collective I/O does the same;
   MPICH >= 4.1 even leaves its global lock around them) and move the native requests too.
   query_fn raises the run's error on the request's communicator (once, as IRR_Wait does)
   and returns it: the completion call's result (MPICH may wrap it as MPI_ERR_OTHER in
   MPI_Waitall's MPI_ERR_IN_STATUS statuses), MPI_ERROR of a status that query fills.
   free_fn gives the request back (a persistent one: inactive, may be started again) or
   frees it (a nonblocking call's). Not thread-safe (one list per process). Elsewhere
   (IRRCOLL_HAVE_REQUEST_MPI 0): MPI_ERR_UNSUPPORTED_OPERATION. ---- */
#if IRRCOLL_HAVE_REQUEST_MPI
static struct irr_request_s *irr__greq_head;

static int irr__greq_pass(void) {
  struct irr_request_s **pp, *R;
  int rc = MPI_SUCCESS, rc2;
  for (R = irr__greq_head; R; R = R->gnext)
    if (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 0);
  for (pp = &irr__greq_head; (R = *pp) != NULL;) {
    if (R->state != IRR__REQ_DONE) {
      pp = &R->gnext;
      continue;
    }
    *pp = R->gnext; /* out of the list before MPI may free it */
    R->gnext = NULL;
    R->state = IRR__REQ_INACTIVE;
    if ((rc2 = MPI_Grequest_complete(R->mreq)) != MPI_SUCCESS && rc == MPI_SUCCESS) rc = rc2;
  }
  return rc;
}
static int irr__greq_poll(void *extra, MPI_Status *status) {
  (void)extra, (void)status;
  return irr__greq_pass();
}
static int irr__greq_wait(int count, void **states, double timeout, MPI_Status *status) {
  (void)count, (void)states, (void)timeout, (void)status; /* MPICH calls it until complete */
  return irr__greq_pass();
}
static int irr__greq_query(void *extra, MPI_Status *status) {
  struct irr_request_s *R = (struct irr_request_s *)extra;
  MPI_Status_set_elements(status, MPI_BYTE, 0);
  MPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_ANY_SOURCE;
  status->MPI_TAG = MPI_ANY_TAG;
  status->MPI_ERROR = R->rc;
  return R->rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(R->comm, R->rc); /* raised once, on comm */
}
static int irr__greq_free(void *extra) {
  struct irr_request_s *R = (struct irr_request_s *)extra;
  R->handed = 0;
  R->mreq = MPI_REQUEST_NULL;
  if (R->oneshot) irr__req_release(R);
  return MPI_SUCCESS;
}
static int irr__greq_cancel(void *extra, int complete) { /* a collective cannot be cancelled: no effect */
  (void)extra, (void)complete;
  return MPI_SUCCESS;
}
#endif
/* ==== end mpi/greq.h ==== */
/* ==== begin mpi/xgatherv.h ==== */
/* IRR_XGatherv: Gatherv's tree, the sizes riding along (algo/xv/), or direct on few ranks. */

/* One unknown-size XGatherv call. At the root: the sizes as learned (bytes), the counts and
   displacements they give (elements), and the byte view the executor writes through (vcnt:
   bytes, voff: byte offset in the region). */
typedef struct irr__xg {
  const void *sendbuf;
  int root, rank, p, tag, isroot, consec, err, next;
  int64_t sendcount, bound;
  MPI_Datatype sendtype, recvtype;
  void *recvbuf;
  irr__xarr recvcounts, displs; /* the root's: in-out */
  irr__ctx *ctx;
  irr__dt sdt, rdt;
  int64_t own, at, *bytes, *cnt, *dsp, *vcnt, *voff;
  char *stage;        /* direct, non-contiguous receive type: the buffer with elements packed */
  irr__buf vb, ob;
} irr__xg;

/* Local checks (an error here is the rank's own; it still takes part, with an empty block
   or draining what comes) and the root's arrays. */
static int irr__xg_begin(irr__xg *G) {
  int rc;
  if (G->sendbuf == MPI_IN_PLACE) G->err = MPI_ERR_ARG; /* the root's own count would be unknown */
  else if (G->sendcount < 0) G->err = MPI_ERR_COUNT;
  else if ((rc = irr__dt_info(G->sendtype, &G->sdt)) != MPI_SUCCESS) G->err = rc;
  else if (!irr__mul_ok(G->sendcount, G->sdt.size, &G->own)) G->err = MPI_ERR_COUNT;
  else if (G->own > 0 && !G->sendbuf && G->sdt.true_lb == 0) G->err = MPI_ERR_BUFFER;
  if (G->err != MPI_SUCCESS) G->own = 0;
  if (!G->isroot) return MPI_SUCCESS;
  if (irr__xnull(G->displs)) G->err = MPI_ERR_ARG;
  else if ((rc = irr__dt_info(G->recvtype, &G->rdt)) != MPI_SUCCESS) G->err = rc;
  else if (irr__xbound(G->bound, G->rdt.size) < 0) G->err = MPI_ERR_COUNT;
  else if (G->bound > 0 && G->rdt.size > 0 && !G->recvbuf && G->rdt.true_lb == 0) G->err = MPI_ERR_BUFFER;
  G->consec = !irr__xnull(G->displs) && irr__xget(G->displs, 0) == IRR_DISPL_CONSECUTIVE;
  if (!(G->bytes = (int64_t *)IRRCOLL_MALLOC((size_t)G->p * 5 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(G->bytes, 0, (size_t)G->p * 5 * sizeof(int64_t));
  G->cnt = G->bytes + G->p;
  G->dsp = G->cnt + G->p;
  G->vcnt = G->dsp + G->p;
  G->voff = G->vcnt + G->p;
  return MPI_SUCCESS;
}

/* The own-block view: what this rank sends (staged if non-contiguous). */
static void irr__xg_own(irr__xg *G) {
  G->ob.dt = G->sdt;
  G->ob.own = G->rank;
  G->ob.count = G->own > 0 ? G->sendcount : 0;
  G->ob.base = irr__base(G->sendbuf);
  G->ob.discard = G->own == 0;
}

/* ---- direct: the root learns the sizes in rank order (IRR_OPF_LEARN) and puts each block
   in place as it comes: its displacement (consecutive: after the lower ranks' blocks) is
   known by then. A contiguous receive type is written in the user's buffer; any other into
   a packed image of it (element k at byte k * size, bound * size bytes: no larger than the
   buffer the user promised), unpacked afterwards, as the executor stages such types
   anyway. After an error nothing more is written; later blocks are drained, their sizes
   still learned (the caller gets the counts back, to size a buffer and retry). ---- */

static void irr__xg_fail(irr__xg *G, int e) {
  if (G->err == MPI_SUCCESS) G->err = e;
  G->vb.discard = 1;
}

/* The own block's place, once the blocks before it are known. */
static void irr__xg_put_own(irr__xg *G) {
  int r = G->root;
  int64_t d = G->consec ? G->at : irr__xget(G->displs, r);
  G->dsp[r] = d;
  G->vcnt[r] = G->bytes[r];
  if (G->cnt[r] > 0 && (d < 0 || irr__sat_add(d, G->cnt[r]) > G->bound)) irr__xg_fail(G, MPI_ERR_TRUNCATE);
  else G->voff[r] = d * G->rdt.size;
  G->at = irr__sat_add(G->at, G->cnt[r]);
  G->next = r + 1;
}

static int64_t irr__xg_place(void *arg, const irr_op *o) {
  irr__xg *G = (irr__xg *)arg;
  int i = o->blo;
  int64_t d = G->consec ? G->at : (!irr__xnull(G->displs) ? irr__xget(G->displs, i) : 0);
  G->dsp[i] = d;
  if (G->err != MPI_SUCCESS || i != G->next) return -1;
  if (d < 0 || d > G->bound) return 0; /* only an empty block fits */
  G->voff[i] = d * G->rdt.size; /* d <= bound: bound * size fits (irr__xbound) */
  G->vcnt[i] = (G->bound - d) * G->rdt.size;
  return G->vcnt[i];
}

static void irr__xg_learned(void *arg, const irr_op *o, int64_t bytes, int taken) {
  irr__xg *G = (irr__xg *)arg;
  int i = o->blo;
  int64_t es = G->rdt.size;
  G->bytes[i] = bytes;
  G->cnt[i] = es > 0 ? bytes / es : 0;
  G->vcnt[i] = taken ? bytes : 0;
  if (es > 0 ? bytes % es != 0 : bytes > 0) irr__xg_fail(G, MPI_ERR_TYPE);
  else if (!taken) irr__xg_fail(G, MPI_ERR_TRUNCATE);
  G->at = irr__sat_add(G->at, G->cnt[i]);
  G->next = i + 1;
  if (G->next == G->root) irr__xg_put_own(G);
}

/* The root's view: bytes, block i at voff[i] of the user's buffer or of the packed image. */
static int irr__xg_direct_view(irr__xg *G) {
  irr__buf *vb = &G->vb;
  vb->v = 1;
  vb->p = G->p;
  vb->counts = G->vcnt;
  vb->displs = G->voff;
  vb->dt.type = MPI_BYTE;
  vb->dt.size = vb->dt.extent = 1;
  vb->dt.contig = 1;
  vb->discard = G->err != MPI_SUCCESS;
  G->bytes[G->root] = G->own;
  G->cnt[G->root] = G->rdt.size > 0 ? G->own / G->rdt.size : 0;
  if (G->rdt.size > 0 ? G->own % G->rdt.size != 0 : G->own > 0) irr__xg_fail(G, MPI_ERR_TYPE);
  if (G->root == 0) irr__xg_put_own(G);
  if (vb->discard) return MPI_SUCCESS;
  if (G->rdt.contig) {
    vb->base = irr__at(irr__base(G->recvbuf), G->rdt.true_lb);
    return MPI_SUCCESS;
  }
  if (!(G->stage = (char *)IRRCOLL_MALLOC((size_t)G->bound * (size_t)G->rdt.size + 1))) return MPI_ERR_NO_MEM;
  vb->base = G->stage;
  return MPI_SUCCESS;
}

static int irr__xg_direct(irr__xg *G) {
  int cap = G->isroot ? G->p + 1 : 1, rc;
  irr_op *ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  irr_sched s;
  irr__exec X;
  memset(&X, 0, sizeof X);
  if (!ops) return MPI_ERR_NO_MEM;
  irr_sched_init(&s, G->rank, G->p, ops, cap);
  if (irr_xgatherv_direct(G->rank, G->p, G->root, G->own, NULL, &s) != IRR_OK) rc = MPI_ERR_INTERN;
  else if (!G->isroot || (rc = irr__xg_direct_view(G)) == MPI_SUCCESS) rc = irr__buf_stage(&G->ob, 1, G->ctx->pc);
  if (rc == MPI_SUCCESS) {
    X.s = &s;
    X.buf[IRR_BUF_RECV] = &G->vb;
    X.buf[IRR_BUF_SEND] = &G->ob;
    X.comm = G->ctx->pc;
    X.tag = G->tag + 1;
    X.place = irr__xg_place;
    X.learned = irr__xg_learned;
    X.larg = G;
    rc = irr__exec_run(&X);
  }
  irr__buf_unstage(&G->ob, 0, G->ctx->pc);
  irr__exec_free(&X);
  IRRCOLL_FREE(ops);
  if (rc == MPI_SUCCESS && G->isroot && G->err == MPI_SUCCESS && G->stage)
    rc = irr__xplace(irr__base(G->recvbuf), &G->rdt, G->p, G->bytes, G->voff, G->dsp, G->stage, G->ctx->pc);
  return rc;
}

/* ---- the tree: Gatherv's (degraded as Gatherv's), built by a construction whose
   messages carry the sizes: a fixed root sends its partner its subcube's sizes with its
   summary, and the outcome sent to the root carries the other side's. When it ends, the
   root knows every size (sz), builds the whole tree as Gatherv's root does, lays the blocks
   out and receives in place (consecutive, contiguous type; else into scratch, placed
   afterwards). The data messages carry their sizes too (IRR_OPF_COUNTS). ---- */

/* The root's byte view, every size known: block i in place (consecutive layout, contiguous
   type, no error) or at its rank-order offset in scratch. */
static int irr__xg_tree_view(irr__xg *G, int *inplace, char **scratch) {
  int i, e;
  int64_t at = 0;
  irr__buf *vb = &G->vb;
  if (G->err == MPI_SUCCESS &&
      (e = irr__xlayout(G->p, G->bytes, G->rdt.size, G->consec, G->displs, G->bound, G->cnt, G->dsp)) != MPI_SUCCESS)
    G->err = e;
  *inplace = G->err == MPI_SUCCESS && G->consec && G->rdt.contig;
  for (i = 0; i < G->p; i++) {
    G->vcnt[i] = G->bytes[i];
    G->voff[i] = *inplace ? G->dsp[i] * G->rdt.size : at;
    at = irr__sat_add(at, G->bytes[i]);
  }
  memset(vb, 0, sizeof *vb);
  vb->v = 1;
  vb->p = G->p;
  vb->counts = G->vcnt;
  vb->displs = G->voff;
  vb->dt.type = MPI_BYTE;
  vb->dt.size = vb->dt.extent = 1;
  vb->dt.contig = 1;
  if (*inplace) {
    vb->base = irr__at(irr__base(G->recvbuf), G->rdt.true_lb);
    return MPI_SUCCESS;
  }
  if (at == INT64_MAX || (uint64_t)at >= (uint64_t)SIZE_MAX || !(*scratch = (char *)IRRCOLL_MALLOC((size_t)at + 1)))
    return MPI_ERR_NO_MEM;
  vb->base = *scratch;
  return MPI_SUCCESS;
}

static int irr__xg_tree(irr__xg *G, irr_alg alg) {
  irr_tree t;
  irr_tree_all T;
  irr_sched s;
  irr__exec X;
  irr_op *ops = NULL;
  int rc, cap, inplace = 0, rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
  int64_t th = alg == IRR_ALG_TREE ? irr_gatherv_thresh(G->ctx->md) : INT64_MAX, *sz;
  long long *cbuf;
  char *scratch = NULL, *mem;
  memset(&X, 0, sizeof X);
  memset(&T, 0, sizeof T);
  /* sizes (the root's: G->bytes) and the construction's message buffers */
  mem = (char *)IRRCOLL_MALLOC((size_t)G->p * sizeof(int64_t) + 4 * (size_t)(5 + G->p) * sizeof(long long));
  if (!mem) return MPI_ERR_NO_MEM;
  sz = G->isroot ? G->bytes : (int64_t *)(void *)mem;
  cbuf = (long long *)(void *)(mem + (size_t)G->p * sizeof(int64_t));
  memset(sz, 0, (size_t)G->p * sizeof(int64_t));
  sz[G->rank] = G->own;
  irr_tree_init(&t, G->rank, G->p, G->root, rule, G->own);
  irr_tree_degrade(&t, th);
  rc = irr__tree_build_mpi_sz(&t, G->ctx->pc, G->tag, sz, cbuf);
  if (rc == MPI_SUCCESS && G->isroot && th < INT64_MAX) { /* the whole tree: its direct senders */
    irr_status st = irr_tree_build_t(&T, G->p, G->root, rule, sz, th);
    if (st != IRR_OK) rc = st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
  }
  cap = irr_v_maxops(IRR_ALG_TREE, G->p, G->rank, G->root);
  if (rc == MPI_SUCCESS && !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) rc = MPI_ERR_NO_MEM;
  if (rc == MPI_SUCCESS) {
    irr_sched_init(&s, G->rank, G->p, ops, cap);
    if (irr_xgatherv_tree(&t, T.parent ? &T : NULL, G->isroot ? sz : NULL, 0, &s) != IRR_OK) rc = MPI_ERR_INTERN;
  }
  if (rc == MPI_SUCCESS && G->isroot) rc = irr__xg_tree_view(G, &inplace, &scratch);
  else if (rc == MPI_SUCCESS) G->vb.discard = 1;
  if (rc == MPI_SUCCESS && (rc = irr__buf_stage(&G->ob, 1, G->ctx->pc)) == MPI_SUCCESS) {
    X.s = &s;
    X.buf[IRR_BUF_RECV] = &G->vb;
    X.buf[IRR_BUF_SEND] = &G->ob;
    X.comm = G->ctx->pc;
    X.tag = G->tag + 1;
    X.cnt = sz; /* the sizes the messages carry: all ranks' slots */
    X.cnt_lo = 0;
    rc = irr__exec_run(&X);
    if (rc == MPI_SUCCESS && X.bad && G->err == MPI_SUCCESS) G->err = MPI_ERR_INTERN; /* sizes announced, then not sent */
  }
  irr__buf_unstage(&G->ob, 0, G->ctx->pc);
  irr__exec_free(&X);
  if (rc == MPI_SUCCESS && G->isroot && G->err == MPI_SUCCESS && !inplace)
    rc = irr__xplace(irr__base(G->recvbuf), &G->rdt, G->p, G->bytes, G->voff, G->dsp, scratch, G->ctx->pc);
  irr_tree_all_free(&T);
  if (scratch) IRRCOLL_FREE(scratch);
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(mem);
  return rc;
}

/* validate -> choose -> run (direct or tree) -> return the counts at the root. */
static int irr__xgatherv_unknown(irr__xg *G) {
  double t0 = IRRCOLL_CLOCK();
  irr_alg alg = irr_xgatherv_choose(irr__forced(G->ctx, IRR_COLL_XGATHERV), G->p);
  int rc = irr__xg_begin(G);
  irr__note_call(G->ctx, IRR_COLL_XGATHERV, alg, 0, 0, irr__plan_cpu(&G->ctx->md, G->isroot ? G->p : 1, 0), t0);
  irr__xg_own(G);
  if (rc == MPI_SUCCESS) rc = alg == IRR_ALG_DIRECT ? irr__xg_direct(G) : irr__xg_tree(G, alg);
  if (rc == MPI_SUCCESS && G->isroot && G->err != MPI_SUCCESS) /* the counts of the rest, for the caller */
    (void)irr__xlayout(G->p, G->bytes, G->rdt.size, G->consec || irr__xnull(G->displs), G->displs, G->bound, G->cnt,
                       G->dsp);
  if (rc == MPI_SUCCESS && G->isroot) {
    int e3 = irr__xreturn(G->p, G->cnt, G->dsp, G->recvcounts, G->displs, G->consec);
    if (G->err == MPI_SUCCESS) G->err = e3;
  }
  if (G->bytes) IRRCOLL_FREE(G->bytes);
  if (G->stage) IRRCOLL_FREE(G->stage);
  return rc != MPI_SUCCESS ? rc : G->err;
}

/* ---- IRR_Ixgatherv (a request of its own kind, mpi/request.h): the direct program on any
   number of ranks, planned without communicating; the root takes the blocks in rank order
   as each comes (learned receives, MPI_Iprobe in a nonblocking step), the counts are
   returned when the request completes. ---- */

static void irr__xg_free(void *ext) {
  irr__xg *G = (irr__xg *)ext;
  if (G->bytes) IRRCOLL_FREE(G->bytes);
  if (G->stage) IRRCOLL_FREE(G->stage);
  IRRCOLL_FREE(G);
}

static int irr__xg_istart(struct irr_request_s *R, MPI_Comm comm, int tag) {
  irr__xg *G = (irr__xg *)R->ext;
  int rc = MPI_SUCCESS;
  memset(&R->X, 0, sizeof R->X);
  if (G->isroot) rc = irr__xg_direct_view(G);
  if (rc == MPI_SUCCESS) rc = irr__buf_stage(&G->ob, 1, G->ctx->pc);
  if (rc != MPI_SUCCESS) return rc;
  R->X.s = &R->s;
  R->X.buf[IRR_BUF_RECV] = &G->vb;
  R->X.buf[IRR_BUF_SEND] = &G->ob;
  R->X.comm = comm;
  R->X.tag = tag;
  R->X.place = irr__xg_place;
  R->X.learned = irr__xg_learned;
  R->X.larg = G;
  return irr__exec_begin(&R->X);
}

/* irr__xg_direct's and irr__xgatherv_unknown's ends: place, counts out, the error. */
static int irr__xg_ifinish(struct irr_request_s *R, int rc) {
  irr__xg *G = (irr__xg *)R->ext;
  if (R->X.s) irr__exec_end(&R->X);
  irr__buf_unstage(&G->ob, 0, G->ctx->pc);
  irr__exec_free(&R->X);
  if (rc == MPI_SUCCESS && G->isroot && G->err == MPI_SUCCESS && G->stage)
    rc = irr__xplace(irr__base(G->recvbuf), &G->rdt, G->p, G->bytes, G->voff, G->dsp, G->stage, G->ctx->pc);
  if (rc == MPI_SUCCESS && G->isroot && G->err != MPI_SUCCESS)
    (void)irr__xlayout(G->p, G->bytes, G->rdt.size, G->consec || irr__xnull(G->displs), G->displs, G->bound, G->cnt,
                       G->dsp);
  if (rc == MPI_SUCCESS && G->isroot) {
    int e3 = irr__xreturn(G->p, G->cnt, G->dsp, G->recvcounts, G->displs, G->consec);
    if (G->err == MPI_SUCCESS) G->err = e3;
  }
  return rc != MPI_SUCCESS ? rc : G->err;
}

/* Unknown sizes: the request, its program, begun (errors: raised, no request). */
static int irr__xg_icall(irr__xg *G, MPI_Comm comm, IRR_Request *request) {
  struct irr_request_s *R = irr__req_new(comm);
  int rc, cap = G->isroot ? G->p + 1 : 1;
  if (!R) {
    irr__xg_free(G);
    return irr__raise(comm, MPI_ERR_NO_MEM);
  }
  R->oneshot = 1;
  R->ctx = G->ctx;
  R->ext = G, R->ext_start = irr__xg_istart, R->ext_finish = irr__xg_ifinish, R->ext_free = irr__xg_free;
  rc = irr__xg_begin(G);
  irr__xg_own(G);
  if (rc == MPI_SUCCESS && !(R->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) rc = MPI_ERR_NO_MEM;
  if (rc == MPI_SUCCESS) {
    irr_sched_init(&R->s, G->rank, G->p, R->ops, cap);
    if (irr_xgatherv_direct(G->rank, G->p, G->root, G->own, NULL, &R->s) != IRR_OK) rc = MPI_ERR_INTERN;
  }
  if (rc != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  irr__req_run(R, G->ctx->pc, G->tag + 1);
  *request = R;
  return MPI_SUCCESS;
}
/* ==== end mpi/xgatherv.h ==== */
/* ==== begin mpi/xallgatherv.h ==== */
/* IRR_XAllgatherv: phase 1, Bruck with the sizes in every message (irr_xallgatherv_sched),
   run a round at a time on the program rebuilt from the sizes learned so far; phase 2, the
   large blocks by the known-size Allgatherv (irr_xallgatherv_large). Together the program
   irr_xallgatherv_build_all gives the checker and the model. */

/* One unknown-size XAllgatherv call. Arrays of p: sz every size (bytes) as learned (the
   executor's size table), me the eager data of the blocks known so far, ml the large ones,
   cnt/dsp the layout (elements), ce/cl the counts of the eager / large blocks (the two
   phases' views of the receive buffer). */
typedef struct irr__xa {
  const void *sendbuf;
  int rank, p, tag, consec, err;
  int64_t sendcount, bound;
  MPI_Datatype sendtype, recvtype;
  void *recvbuf;
  irr__xarr recvcounts, displs; /* in-out */
  irr__ctx *ctx;
  irr__dt sdt, rdt;
  int64_t own, eager, *sz, *me, *ml, *cnt, *dsp, *ce, *cl;
  irr__buf ob;
} irr__xa;

/* Local checks: an error here is the rank's own; it still takes part, with an empty block
   (every rank learns its size 0), and writes nothing. */
static int irr__xa_begin(irr__xa *G) {
  int rc;
  if (G->sendbuf == MPI_IN_PLACE) G->err = MPI_ERR_ARG; /* the own count would be unknown */
  else if (G->sendcount < 0) G->err = MPI_ERR_COUNT;
  else if ((rc = irr__dt_info(G->sendtype, &G->sdt)) != MPI_SUCCESS) G->err = rc;
  else if (!irr__mul_ok(G->sendcount, G->sdt.size, &G->own)) G->err = MPI_ERR_COUNT;
  else if (G->own > 0 && !G->sendbuf && G->sdt.true_lb == 0) G->err = MPI_ERR_BUFFER;
  else if (irr__xnull(G->displs)) G->err = MPI_ERR_ARG;
  else if ((rc = irr__dt_info(G->recvtype, &G->rdt)) != MPI_SUCCESS) G->err = rc;
  else if (irr__xbound(G->bound, G->rdt.size) < 0) G->err = MPI_ERR_COUNT;
  if (G->err != MPI_SUCCESS) G->own = 0;
  G->consec = !irr__xnull(G->displs) && irr__xget(G->displs, 0) == IRR_DISPL_CONSECUTIVE;
  G->eager = irr_xallgatherv_eager(G->p, G->ctx->md);
  if (!(G->sz = (int64_t *)IRRCOLL_MALLOC((size_t)G->p * 7 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(G->sz, 0, (size_t)G->p * 7 * sizeof(int64_t));
  G->me = G->sz + G->p, G->ml = G->me + G->p, G->cnt = G->ml + G->p;
  G->dsp = G->cnt + G->p, G->ce = G->dsp + G->p, G->cl = G->ce + G->p;
  G->sz[G->rank] = G->own;
  G->me[G->rank] = G->own <= G->eager ? G->own : 0;
  G->ob.dt = G->sdt;
  G->ob.own = G->rank;
  G->ob.count = G->own > 0 ? G->sendcount : 0;
  G->ob.base = irr__base(G->sendbuf);
  G->ob.discard = G->own == 0;
  return MPI_SUCCESS;
}

/* Every size is known: the layout, checked against the bound, and the two phases' counts. */
static void irr__xa_layout(irr__xa *G) {
  int i, e = irr__xlayout(G->p, G->sz, G->rdt.size, G->consec || irr__xnull(G->displs), G->displs, G->bound, G->cnt, G->dsp);
  if (G->err == MPI_SUCCESS) G->err = e;
  for (i = 0; i < G->p; i++) {
    G->ce[i] = G->sz[i] <= G->eager ? G->cnt[i] : 0;
    G->cl[i] = G->sz[i] <= G->eager ? 0 : G->cnt[i];
    G->ml[i] = G->sz[i] <= G->eager ? 0 : G->sz[i];
  }
}

/* Run ops [a, b) of program s (a slice of phase 1) on X; vb: the receive buffer's view. */
static int irr__xa_slice(irr__xa *G, irr__exec *X, const irr_sched *s, int a, int b, irr__buf *vb) {
  irr_sched part = *s;
  unsigned char *wrote = NULL;
  int rc;
  if (a == b) return MPI_SUCCESS;
  part.ops = s->ops + a;
  part.nops = part.cap = b - a;
  if (!vb->discard && !vb->dt.contig) {
    if (!(wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)G->p))) return MPI_ERR_NO_MEM;
    memset(wrote, 0, (size_t)G->p);
    vb->wrote = wrote;
  }
  X->s = &part;
  X->buf[IRR_BUF_RECV] = vb;
  rc = irr__buf_stage(vb, 0, G->ctx->pc);
  if (rc == MPI_SUCCESS) rc = irr__exec_run(X);
  if (rc == MPI_SUCCESS) rc = irr__buf_unstage(vb, 1, G->ctx->pc);
  irr__buf_unstage(vb, 0, G->ctx->pc);
  X->s = NULL;
  vb->wrote = NULL;
  if (wrote) IRRCOLL_FREE(wrote);
  return rc;
}

/* After round k of phase 1 a rank holds the sizes of blocks rank .. rank + 2^k - 1 (mod p):
   their eager data sizes, for the next rebuild. */
static int irr__xa_learn(irr__xa *G, int k) {
  int have = k < 30 && ((int64_t)1 << k) < G->p ? 1 << k : G->p, j;
  for (j = 0; j < have; j++) {
    int b = (G->rank + j) % G->p;
    if (G->sz[b] < 0) return MPI_ERR_INTERN;
    G->me[b] = G->sz[b] <= G->eager ? G->sz[b] : 0;
  }
  return MPI_SUCCESS;
}

/* Ops [*a, *b) of round k of phase 1, rebuilt from the sizes known now; *c: the first copy
   into the receive buffer (the last round's, after its messages), else *b. */
static int irr__xa_build(irr__xa *G, irr_sched *s, irr_op *ops, int cap, int k, int *a, int *b, int *c) {
  irr_sched_init(s, G->rank, G->p, ops, cap);
  if (irr_xallgatherv_sched(G->p, G->rank, G->me, 0, s) != IRR_OK) return MPI_ERR_INTERN;
  for (*a = 0; *a < s->nops && s->ops[*a].round < k;) ++*a;
  for (*b = *a; *b < s->nops && s->ops[*b].round == k;) ++*b;
  for (*c = *a; *c < *b && !(s->ops[*c].kind == IRR_OP_COPY && s->ops[*c].dbuf == IRR_BUF_RECV);) ++*c;
  return MPI_SUCCESS;
}

/* Phase 1, round k (0 .. ceil(log2 p)) of the program rebuilt from the sizes known now:
   its messages need only those; the receive's length comes with it (learned). The last
   round's copies into the receive buffer need every size (the layout): rebuilt once more
   after its messages. */
static int irr__xa_round(irr__xa *G, irr__exec *X, irr_op *ops, int cap, int k) {
  irr_sched s;
  irr__buf vb;
  int a, b, c, rc;
  memset(&vb, 0, sizeof vb);
  vb.discard = 1;
  if ((rc = irr__xa_build(G, &s, ops, cap, k, &a, &b, &c)) != MPI_SUCCESS) return rc;
  if ((rc = irr__xa_slice(G, X, &s, a, c, &vb)) != MPI_SUCCESS || (rc = irr__xa_learn(G, k)) != MPI_SUCCESS ||
      k < irr_tree_levels(G->p))
    return rc;
  if ((rc = irr__xa_build(G, &s, ops, cap, k, &a, &b, &c)) != MPI_SUCCESS) return rc;
  irr__xa_layout(G);
  vb.v = 1;
  vb.p = G->p;
  vb.base = irr__base(G->recvbuf);
  vb.dt = G->rdt;
  vb.counts = G->ce;
  vb.displs = G->dsp;
  vb.discard = G->err != MPI_SUCCESS;
  return irr__xa_slice(G, X, &s, c, b, &vb);
}

static int irr__xa_phase1(irr__xa *G) {
  int K = irr_tree_levels(G->p), cap = 4 * K + G->p + 2, k, rc;
  irr_op *ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  irr__exec X;
  memset(&X, 0, sizeof X);
  X.comm = G->ctx->pc;
  X.tag = G->tag + 1;
  X.cnt = G->sz;
  X.keep_tmp = 1; /* the blocks gathered so far stay in scratch from round to round */
  X.buf[IRR_BUF_SEND] = &G->ob;
  if (!ops) return MPI_ERR_NO_MEM;
  rc = irr__buf_stage(&G->ob, 1, G->ctx->pc);
  for (k = 0; k <= K && rc == MPI_SUCCESS; k++) rc = irr__xa_round(G, &X, ops, cap, k);
  irr__buf_unstage(&G->ob, 0, G->ctx->pc);
  irr__exec_free(&X);
  IRRCOLL_FREE(ops);
  return rc;
}

/* Phase 2: the large blocks by the known-size Allgatherv, in place when this rank can take
   them, else through scratch (it must still forward them) and dropped. */
static int irr__xa_phase2(irr__xa *G) {
  int i, rc, bad = 0;
  int64_t cap, at = 0, B = 0;
  irr_op *ops;
  irr_sched s;
  irr__buf vb;
  irr_alg alg;
  char *flat = NULL;
  void *work;
  for (i = 0; i < G->p && G->ml[i] == 0; i++) {}
  if (i == G->p) return MPI_SUCCESS; /* no large block: phase 2 is empty */
  if (!(work = IRRCOLL_MALLOC(IRR_AG_WORK(G->p) * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  alg = irr_xallgatherv_large_alg(G->p, G->ml, G->ctx->md, &B, work);
  IRRCOLL_FREE(work);
  cap = irr_allgatherv_maxops(alg, G->p, G->ml, B);
  if (cap > INT_MAX / 2 || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
  irr_sched_init(&s, G->rank, G->p, ops, (int)cap);
  s.nrounds = irr_tree_levels(G->p) + 1; /* after phase 1 */
  rc = irr_xallgatherv_large(G->p, G->rank, G->ml, alg, B, &s) == IRR_OK ? MPI_SUCCESS : MPI_ERR_INTERN;
  memset(&vb, 0, sizeof vb);
  vb.v = 1;
  vb.p = G->p;
  if (G->err == MPI_SUCCESS) {
    vb.base = irr__base(G->recvbuf), vb.dt = G->rdt, vb.counts = G->cl, vb.displs = G->dsp;
  } else { /* bytes, consecutive, in scratch */
    for (i = 0; i < G->p; i++) G->ce[i] = at, at += G->ml[i];
    vb.counts = G->ml, vb.displs = G->ce;
    vb.dt.type = MPI_BYTE, vb.dt.size = vb.dt.extent = 1, vb.dt.contig = 1;
    if (rc == MPI_SUCCESS && !(vb.base = flat = (char *)IRRCOLL_MALLOC((size_t)at + 1))) rc = MPI_ERR_NO_MEM;
  }
  if (rc == MPI_SUCCESS) rc = irr__run_allv(G->ctx, &s, G->ctx->pc, G->tag + 1, &vb, &G->ob, 0, &bad, NULL);
  if (rc == MPI_SUCCESS && bad && G->err == MPI_SUCCESS) G->err = MPI_ERR_INTERN; /* sizes announced, then not sent */
  if (flat) IRRCOLL_FREE(flat);
  IRRCOLL_FREE(ops);
  return rc;
}

/* validate -> phase 1 (every size, the eager blocks) -> phase 2 (the large ones) -> counts. */
static int irr__xallgatherv_unknown(irr__xa *G) {
  double t0 = IRRCOLL_CLOCK();
  int rc = irr__xa_begin(G);
  if (rc == MPI_SUCCESS) irr__note_call(G->ctx, IRR_COLL_XALLGATHERV, IRR_ALG_BRUCK, 0, 0, irr__plan_cpu(&G->ctx->md, G->p, 0), t0);
  if (rc == MPI_SUCCESS) rc = irr__xa_phase1(G);
  if (rc == MPI_SUCCESS) rc = irr__xa_phase2(G);
  if (rc == MPI_SUCCESS) {
    int e = irr__xreturn(G->p, G->cnt, G->dsp, G->recvcounts, G->displs, G->consec);
    if (G->err == MPI_SUCCESS) G->err = e;
  }
  if (G->sz) IRRCOLL_FREE(G->sz);
  return rc != MPI_SUCCESS ? rc : G->err;
}

/* Known counts: consecutive displacements, the bound, then irrcoll's Allgatherv (its
   choice, its executor). A rank whose bound is too small takes part without writing: it
   receives into scratch, in a consecutive layout. */
static int irr__xallgatherv_known(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  int64_t recv_max_count, irr__xarr recvcounts, irr__xarr displs, MPI_Datatype recvtype,
                                  MPI_Comm comm, int rank, int p) {
  int pre, rc, i;
  irr__dt rdt;
  int64_t at = 0, sz, o;
  MPI_Aint *d2;
  char *flat = NULL;
  irr__counts c = irr__xcounts(recvcounts, displs);
  if (irr__xnull(displs)) return MPI_ERR_ARG;
  pre = irr__xknown(p, recvcounts, displs, irr__xget(displs, 0) == IRR_DISPL_CONSECUTIVE, recv_max_count);
  if (pre == MPI_ERR_COUNT) return pre; /* the same on every rank */
  if (pre == MPI_SUCCESS) return irr__ag_run(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, 0);
  if (!(d2 = (MPI_Aint *)IRRCOLL_MALLOC((size_t)p * sizeof(MPI_Aint)))) return MPI_ERR_NO_MEM;
  if ((rc = irr__dt_info(recvtype, &rdt)) == MPI_SUCCESS) {
    for (i = 0; i < p; i++) d2[i] = (MPI_Aint)at, at = irr__sat_add(at, irr__xget(recvcounts, i));
    if (irr__mul_ok(at, rdt.extent, &sz) && irr__add_ok(sz, rdt.true_extent, &sz) && (uint64_t)sz < SIZE_MAX)
      flat = (char *)IRRCOLL_MALLOC((size_t)sz + 1);
  }
  c.di = NULL, c.dc = d2;
  if (rc == MPI_SUCCESS && !flat) rc = MPI_ERR_NO_MEM;
  else if (rc == MPI_SUCCESS && sendbuf == MPI_IN_PLACE) /* my block is where the others expect it from */
    rc = irr__ag_run(irr__smul_ok(irr__xget(displs, rank), rdt.extent, &o) ? irr__at(irr__base(recvbuf), (MPI_Aint)o) : NULL,
                     irr__xget(recvcounts, rank), recvtype, flat - rdt.true_lb, &c, recvtype, comm, IRR_ALG_AUTO, 0);
  else if (rc == MPI_SUCCESS)
    rc = irr__ag_run(sendbuf, sendcount, sendtype, flat - rdt.true_lb, &c, recvtype, comm, IRR_ALG_AUTO, 0);
  IRRCOLL_FREE(d2);
  if (flat) IRRCOLL_FREE(flat);
  return rc != MPI_SUCCESS ? rc : pre;
}
/* ==== end mpi/xallgatherv.h ==== */
/* ==== begin mpi/xalltoallv.h ==== */
/* IRR_XAlltoallv: the sparse exchange (NBX) or the count exchange + Alltoallv (select/xv.h).
   NBX is irrcoll's one algorithm that is not a schedule: who sends to whom is known only to
   the senders, and a receiver learns it by probing until a nonblocking barrier says every
   message is in, so there is no program to build in advance for the checker or the model;
   the dense variant runs the native MPI_Alltoall and MPI_Alltoallv. */

/* A nonblocking dissemination barrier on point-to-point messages (tag): round k sends to
   rank + 2^k and waits for rank - 2^k; ceil(log2 p) rounds. Our own rather than
   MPI_Ibarrier, whose quality varies (SimGrid SMPI's is linear in p). */
typedef struct irr__nbar {
  int k, rank, p, tag, started;
  MPI_Comm comm;
  MPI_Request sr, rr;
  char sb, rb;
} irr__nbar;

/* Advance; *done = 1 once every rank has entered. */
static int irr__nbar_step(irr__nbar *b, int *done) {
  int rc = MPI_SUCCESS, flag = 0;
  *done = 0;
  for (;;) {
    if (((int64_t)1 << b->k) >= b->p) { *done = 1; return MPI_SUCCESS; }
    if (!b->started) {
      int d = 1 << b->k;
      rc = MPI_Irecv(&b->rb, 1, MPI_BYTE, (b->rank - d % b->p + b->p) % b->p, b->tag, b->comm, &b->rr);
      if (rc == MPI_SUCCESS) rc = MPI_Isend(&b->sb, 1, MPI_BYTE, (b->rank + d) % b->p, b->tag, b->comm, &b->sr);
      if (rc != MPI_SUCCESS) return rc;
      b->started = 1;
    }
    if ((rc = MPI_Test(&b->rr, &flag, MPI_STATUS_IGNORE)) != MPI_SUCCESS || !flag) return rc;
    if ((rc = MPI_Wait(&b->sr, MPI_STATUS_IGNORE)) != MPI_SUCCESS) return rc;
    b->started = 0;
    b->k++;
  }
}

/* The sparse exchange (NBX, Hoefler et al.): synchronous sends to the actual partners;
   receive whatever arrives (probed, so its size is known before it is taken); once the own
   sends are matched (so received), enter the nonblocking barrier; done when it completes,
   since then every rank's sends have been received. Arrivals go to their place when the
   displacements are the user's, else to a buffer each until the layout is known. */
static int irr__xalltoallv_sparse(const void *sendbuf, const int64_t *sc, const int64_t *sdsp,
                                  const irr__dt *sdt, MPI_Datatype sendtype, void *recvbuf, int64_t recv_max_count,
                                  irr__xarr rdispls, int consec, const irr__dt *rdt, MPI_Datatype recvtype,
                                  irr__ctx *ctx, int rank, int p, int tag, int64_t *bytes, char **held, int *err) {
  MPI_Request *sq = NULL;
  int ns = 0, i, rc = MPI_SUCCESS, barrier = 0, done = 0;
  int64_t used = 0;
  irr__nbar nb;
  memset(&nb, 0, sizeof nb);
  nb.rank = rank;
  nb.p = p;
  nb.tag = tag;
  nb.comm = ctx->pc;
  sq = (MPI_Request *)IRRCOLL_MALLOC((size_t)p * sizeof(MPI_Request) + 1);
  if (!sq) return MPI_ERR_NO_MEM;
  for (i = 0; i < p && rc == MPI_SUCCESS; i++) {
    int j = (rank + i) % p; /* start with the next rank: spreads the load */
    if (j == rank || sc[j] == 0) continue;
    rc = MPI_Issend(irr__at(irr__base(sendbuf), (MPI_Aint)sdsp[j] * sdt->extent), (int)sc[j], sendtype, j, tag + 1,
                    ctx->pc, &sq[ns++]);
  }
  while (rc == MPI_SUCCESS && !done) {
    int flag = 0;
    MPI_Status st;
    if ((rc = MPI_Iprobe(MPI_ANY_SOURCE, tag + 1, ctx->pc, &flag, &st)) != MPI_SUCCESS) break;
    if (flag) {
      int src = st.MPI_SOURCE, S = 0;
      int64_t n;
      MPI_Get_count(&st, MPI_BYTE, &S);
      bytes[src] = S;
      n = rdt->size > 0 ? S / rdt->size : 0;
      if (rdt->size == 0 || S % rdt->size) {
        if (*err == MPI_SUCCESS) *err = MPI_ERR_TYPE;
        rc = irr__xdrain(ctx->pc, src, tag + 1, S);
      } else if (!consec) {
        int64_t d = irr__xget(rdispls, src);
        int out = d < 0 || irr__sat_add(d, n) > recv_max_count;
        if (*err == MPI_SUCCESS && out) *err = MPI_ERR_TRUNCATE;
        if (*err == MPI_ERR_TRUNCATE && out)
          rc = irr__xdrain(ctx->pc, src, tag + 1, S);
        else
          rc = MPI_Recv(irr__at(irr__base(recvbuf), (MPI_Aint)d * rdt->extent), (int)n, recvtype, src, tag + 1, ctx->pc,
                        MPI_STATUS_IGNORE);
      } else {
        used += n;
        if (used > recv_max_count && *err == MPI_SUCCESS) *err = MPI_ERR_TRUNCATE;
        if (used > recv_max_count) {
          rc = irr__xdrain(ctx->pc, src, tag + 1, S);
        } else {
          if (!(held[src] = (char *)IRRCOLL_MALLOC((size_t)S + 1))) { rc = MPI_ERR_NO_MEM; break; }
          rc = MPI_Recv(held[src], S, MPI_BYTE, src, tag + 1, ctx->pc, MPI_STATUS_IGNORE);
        }
      }
      continue;
    }
    if (!barrier) {
      int all = 1, k;
      for (k = 0; k < ns && all && rc == MPI_SUCCESS; k++) /* one by one: see irr__exec_run */
        if (sq[k] != MPI_REQUEST_NULL) rc = MPI_Test(&sq[k], &all, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      if (all) {
        barrier = 1;
        rc = irr__nbar_step(&nb, &done);
      }
    } else {
      rc = irr__nbar_step(&nb, &done);
    }
  }
  IRRCOLL_FREE(sq);
  return rc;
}

/* MPI_Alltoallv on int64 arrays: MPI_Alltoallv_c for the `_c` entry point (wide), else
   MPI_Alltoallv, MPI_ERR_COUNT where a value does not fit in an int (a block of 2^31 bytes or
   more with unknown sizes). */
static int irr__alltoallv64(const void *sb, const int64_t *sc, const int64_t *sd, MPI_Datatype st, void *rb,
                            const int64_t *rc, const int64_t *rd, MPI_Datatype rt, int wide, int p, MPI_Comm comm) {
  const int64_t *v[4];
  int i, k, e = MPI_SUCCESS, *a;
  v[0] = sc, v[1] = sd, v[2] = rc, v[3] = rd;
#if MPI_VERSION >= 4
  if (wide) {
    MPI_Count *c = (MPI_Count *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(MPI_Count) + 1);
    MPI_Aint *d = (MPI_Aint *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(MPI_Aint) + 1);
    if (c && d) {
      for (i = 0; i < p; i++) c[i] = sc[i], d[i] = (MPI_Aint)sd[i], c[p + i] = rc[i], d[p + i] = (MPI_Aint)rd[i];
      e = MPI_Alltoallv_c(sb, c, d, st, rb, c + p, d + p, rt, comm);
    } else {
      e = MPI_ERR_NO_MEM;
    }
    if (c) IRRCOLL_FREE(c);
    if (d) IRRCOLL_FREE(d);
    return e;
  }
#else
  (void)wide;
#endif
  if (!(a = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int) + 1))) return MPI_ERR_NO_MEM;
  for (k = 0; k < 4; k++)
    for (i = 0; i < p; i++) {
      if (v[k][i] < INT_MIN || v[k][i] > INT_MAX) e = MPI_ERR_COUNT;
      a[k * p + i] = (int)v[k][i];
    }
  if (e == MPI_SUCCESS) e = MPI_Alltoallv(sb, a, a + p, st, rb, a + 2 * p, a + 3 * p, rt, comm);
  IRRCOLL_FREE(a);
  return e;
}

/* The native Alltoallv with the receive side in elements (from irr__xlayout or the user's
   known counts). A rank whose receive side is unusable (err) takes its part into scratch, so
   the others complete. */
static int irr__xalltoallv_native(const void *sendbuf, const int64_t *sc, const int64_t *sdsp, MPI_Datatype sendtype,
                                  void *recvbuf, const int64_t *cnt, const int64_t *dsp, const irr__dt *rdt,
                                  MPI_Datatype recvtype, int err, int wide, int p, MPI_Comm pc) {
  int64_t *rd = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t) + 1), at = 0, sz;
  int i, rc = MPI_SUCCESS;
  char *flat = NULL;
  void *rb = recvbuf;
  if (!rd) return MPI_ERR_NO_MEM;
  for (i = 0; i < p; i++) rd[i] = err == MPI_SUCCESS ? dsp[i] : at, at = irr__sat_add(at, cnt[i]);
  if (err != MPI_SUCCESS) {
    if (irr__mul_ok(at, rdt->extent, &sz) && irr__add_ok(sz, rdt->true_extent, &sz) && (uint64_t)sz < SIZE_MAX)
      flat = (char *)IRRCOLL_MALLOC((size_t)sz + 1);
    rb = flat ? flat - rdt->true_lb : NULL;
    if (!flat) rc = MPI_ERR_NO_MEM;
  }
  if (rc == MPI_SUCCESS) rc = irr__alltoallv64(sendbuf, sc, sdsp, sendtype, rb, cnt, rd, recvtype, wide, p, pc);
  if (flat) IRRCOLL_FREE(flat);
  IRRCOLL_FREE(rd);
  return rc;
}

/* One XAlltoallv call's state. */
typedef struct irr__xt {
  irr__ctx *ctx;
  int rank, p, tag, err, consec, deg, wide; /* wide: the `_c` entry point */
  int64_t *sc;                     /* send counts (0 everywhere after a local error) */
  int64_t *sdsp, *bytes, *cnt, *dsp; /* send displacements; received bytes, counts, displs */
  char **held;                     /* sparse, consecutive: arrivals held until the layout is known */
  irr__dt sdt, rdt;
} irr__xt;

/* validate: local checks (a rank with bad arguments sends nothing and drops what it
   receives), the send displacements, the out-degree. Unknown sizes: every block below 2^31
   bytes (it is probed: MPI_Get_count). */
static void irr__xt_validate(irr__xt *A, const void *sendbuf, irr__xarr sendcounts, irr__xarr sdispls,
                             MPI_Datatype sendtype, MPI_Datatype recvtype, int unknown) {
  int64_t at = 0, n, b;
  int i, rc, consec = irr__xget(sdispls, 0) == IRR_DISPL_CONSECUTIVE;
  if (sendbuf == MPI_IN_PLACE) A->err = MPI_ERR_ARG; /* not with unknown sizes: keep it simple, never */
  else if ((rc = irr__dt_info(sendtype, &A->sdt)) != MPI_SUCCESS || (rc = irr__dt_info(recvtype, &A->rdt)) != MPI_SUCCESS)
    A->err = rc;
  for (i = 0; i < A->p && A->err == MPI_SUCCESS; i++) {
    n = irr__xget(sendcounts, i);
    if (n < 0 || (unknown && (n > INT_MAX || !irr__mul_ok(n, A->sdt.size, &b) || b > INT_MAX))) A->err = MPI_ERR_COUNT;
    A->sdsp[i] = consec ? at : irr__xget(sdispls, i);
    if (!irr__add_ok(at, n, &at) || !irr__xfits(sdispls, at)) A->err = MPI_ERR_COUNT; /* int: MPI_Alltoallv's displs */
  }
  for (i = 0; i < A->p; i++) {
    A->sc[i] = A->err == MPI_SUCCESS ? irr__xget(sendcounts, i) : 0;
    if (i != A->rank && A->sc[i] > 0) A->deg++;
  }
}

/* sparse (NBX), then the layout from what arrived: held blocks and the own block placed */
static int irr__xt_sparse(irr__xt *A, const void *sendbuf, MPI_Datatype sendtype, void *recvbuf, int64_t bound,
                          irr__xarr rdispls, MPI_Datatype recvtype) {
  int rc = irr__xalltoallv_sparse(sendbuf, A->sc, A->sdsp, &A->sdt, sendtype, recvbuf, bound, rdispls, A->consec, &A->rdt,
                                  recvtype, A->ctx, A->rank, A->p, A->tag, A->bytes, A->held, &A->err);
  int i, e2;
  if (rc != MPI_SUCCESS) return rc;
  A->bytes[A->rank] = (int64_t)A->sc[A->rank] * A->sdt.size;
  e2 = irr__xlayout(A->p, A->bytes, A->rdt.size, A->consec, rdispls, bound, A->cnt, A->dsp);
  if (A->err == MPI_SUCCESS) A->err = e2;
  for (i = 0; i < A->p && rc == MPI_SUCCESS && A->err == MPI_SUCCESS; i++) {
    int64_t z = 0;
    if (i == A->rank && A->cnt[i] > 0)
      rc = MPI_Sendrecv(irr__at(irr__base(sendbuf), (MPI_Aint)A->sdsp[i] * A->sdt.extent), (int)A->sc[i], sendtype, A->rank,
                        A->tag, irr__at(irr__base(recvbuf), (MPI_Aint)A->dsp[i] * A->rdt.extent), (int)A->cnt[i], recvtype,
                        A->rank, A->tag, A->ctx->pc, MPI_STATUS_IGNORE);
    else if (A->held[i])
      rc = irr__xplace(irr__base(recvbuf), &A->rdt, 1, &A->bytes[i], &z, &A->dsp[i], A->held[i], A->ctx->pc);
  }
  return rc;
}

/* dense: exchange the byte counts, then the native Alltoallv */
static int irr__xt_dense(irr__xt *A, const void *sendbuf, MPI_Datatype sendtype, void *recvbuf, int64_t bound,
                         irr__xarr rdispls, MPI_Datatype recvtype) {
  long long *sb = (long long *)IRRCOLL_MALLOC((size_t)A->p * 2 * sizeof(long long));
  int i, rc, e2;
  if (!sb) return MPI_ERR_NO_MEM;
  for (i = 0; i < A->p; i++) sb[i] = (long long)A->sc[i] * A->sdt.size;
  rc = MPI_Alltoall(sb, 1, MPI_LONG_LONG, sb + A->p, 1, MPI_LONG_LONG, A->ctx->pc);
  for (i = 0; i < A->p; i++) A->bytes[i] = sb[A->p + i];
  IRRCOLL_FREE(sb);
  if (rc != MPI_SUCCESS) return rc;
  e2 = irr__xlayout(A->p, A->bytes, A->rdt.size, A->consec, rdispls, bound, A->cnt, A->dsp);
  if (A->err == MPI_SUCCESS) A->err = e2;
  return irr__xalltoallv_native(sendbuf, A->sc, A->sdsp, sendtype, recvbuf, A->cnt, A->dsp, &A->rdt, recvtype, A->err,
                                A->wide, A->p, A->ctx->pc);
}
/* ==== end mpi/xalltoallv.h ==== */
/* ==== begin api/comm.h ==== */
/* Per-communicator settings: IRR_Comm_set_alg, IRR_Comm_get_alg, IRR_Comm_set_model (contracts:
   api/decl.h), kept in the communicator's context (mpi/ctx.h). */

IRR_DEF int IRR_Comm_set_alg(MPI_Comm comm, irr_coll coll, irr_alg alg) {
  irr__ctx *ctx;
  int rc;
  int legacy = coll == IRR_COLL_XALLTOALLV && (alg == IRR_ALG_DIRECT || alg == IRR_ALG_LINEAR);
  if ((unsigned)coll >= IRR_COLL_COUNT || (alg != IRR_ALG_AUTO && !legacy && !irr_alg_find(coll, alg)))
    return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->force[coll] = alg;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_get_alg(MPI_Comm comm, irr_coll coll, irr_alg *alg) {
  irr__ctx *ctx;
  int rc;
  if ((unsigned)coll >= IRR_COLL_COUNT || !alg) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  *alg = ctx->force[coll];
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_set_model(MPI_Comm comm, double alpha, double beta) {
  irr__ctx *ctx;
  int rc;
  if (!(alpha > 0) || !(beta > 0)) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->md.alpha = alpha;
  ctx->md.beta = beta;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_get_last_call(MPI_Comm comm, irr_call_info *info) {
  irr__ctx *ctx;
  if (!info) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL || !(ctx = irr__ctx_peek(comm))) return irr__raise(comm, MPI_ERR_COMM);
  *info = ctx->last;
  return MPI_SUCCESS;
}
/* ==== end api/comm.h ==== */
/* ==== begin api/gatherv.h ==== */
/* IRR_Gatherv: blocking (int and MPI_Count), persistent and nonblocking (contracts: api/decl.h;
   the code they share with Scatterv: mpi/rooted.h, mpi/persist.h). */

IRR_DEF int IRR_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, recvcounts, NULL, displs, NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                          int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, NULL, recvcounts, NULL, displs, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}
#endif

IRR_DEF int IRR_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                             MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__vargs A;
  (void)info;
  memset(&A, 0, sizeof A);
  A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = recvcounts, A.c.di = displs, A.vtype = recvtype;
  A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
  A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm;
  return irr__v_init(&A, request);
}

IRR_DEF int IRR_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                         MPI_Comm comm, IRR_Request *request) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = recvcounts, A.c.di = displs, A.vtype = recvtype;
  A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
  A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm;
  return irr__v_icall(&A, request);
}
/* ==== end api/gatherv.h ==== */
/* ==== begin api/scatterv.h ==== */
/* IRR_Scatterv: blocking (int and MPI_Count), persistent and nonblocking (contracts: api/decl.h;
   the code they share with Gatherv: mpi/rooted.h, mpi/persist.h). */

IRR_DEF int IRR_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, sendcounts, NULL, displs, NULL, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                           MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, NULL, sendcounts, NULL, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}
#endif

IRR_DEF int IRR_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                              MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              int root, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__vargs A;
  (void)info;
  memset(&A, 0, sizeof A);
  A.scatter = 1;
  A.vuser = sendbuf, A.vbuf = irr__base(sendbuf), A.c.ci = sendcounts, A.c.di = displs, A.vtype = sendtype;
  A.ouser = recvbuf, A.inplace_arg = recvbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(recvbuf);
  A.ocount = recvcount, A.otype = recvtype, A.root = root, A.comm = comm;
  return irr__v_init(&A, request);
}

IRR_DEF int IRR_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          int root, MPI_Comm comm, IRR_Request *request) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.scatter = 1;
  A.vuser = sendbuf, A.vbuf = irr__base(sendbuf), A.c.ci = sendcounts, A.c.di = displs, A.vtype = sendtype;
  A.ouser = recvbuf, A.inplace_arg = recvbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(recvbuf);
  A.ocount = recvcount, A.otype = recvtype, A.root = root, A.comm = comm;
  return irr__v_icall(&A, request);
}
/* ==== end api/scatterv.h ==== */
/* ==== begin api/allgatherv.h ==== */
/* IRR_Allgatherv: blocking (int and MPI_Count), persistent and nonblocking (contracts:
   api/decl.h; mpi/allgatherv.h, mpi/persist.h). */

IRR_DEF int IRR_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  return irr__ag_run(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, 1);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, recvcounts, displs, 0, 0};
  return irr__ag_run(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, 1);
}
#endif

IRR_DEF int IRR_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  (void)info;
  return irr__ag_init(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, request);
}

IRR_DEF int IRR_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                            IRR_Request *request) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  struct irr_request_s *R;
  int rc, inter = 0;
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__raise(comm, MPI_ERR_COMM);
  if (!(R = irr__req_new(comm))) return irr__raise(comm, MPI_ERR_NO_MEM);
  R->ag = 1, R->oneshot = 1, R->G.nocomm = 1, R->G.owned = 1;
  if ((rc = irr__ag_setup(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, &R->ctx, &R->G,
                          &R->s, &R->ops, &R->vb, &R->ob)) != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  R->err0 = R->G.err;
  irr__req_run(R, R->ctx->pc, R->G.tag + 1);
  *request = R;
  return MPI_SUCCESS;
}
/* ==== end api/allgatherv.h ==== */
/* ==== begin api/inter.h ==== */
/* IRR_Allgather, IRR_Allgather_groups, IRR_Allgatherv_groups (int and MPI_Count); the
   intercommunicator Allgather(v) is IRR_Allgather(v) on one (mpi/inter.h). */

IRR_DEF int IRR_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 0);
}

IRR_DEF int IRR_Allgather_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                 MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

IRR_DEF int IRR_Allgatherv_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {recvcounts, displs, NULL, NULL, 0, 0};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 1);
}

IRR_DEF int IRR_Allgather_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

IRR_DEF int IRR_Allgatherv_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int group,
                                    MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, recvcounts, displs, 0, 0};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}
#endif
/* ==== end api/inter.h ==== */
/* ==== begin api/alltoallv.h ==== */
/* IRR_Alltoallv: blocking (int and MPI_Count), persistent and nonblocking (contracts:
   api/decl.h; mpi/alltoallv.h, mpi/persist.h). */

IRR_DEF int IRR_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {NULL, NULL, sendcounts, sdispls, 0, 0}, rc = {NULL, NULL, recvcounts, rdispls, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}
#endif

IRR_DEF int IRR_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  (void)info;
  return irr__a2a_request(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, 0, request);
}
IRR_DEF int IRR_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm, IRR_Request *request) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  return irr__a2a_request(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, 1, request);
}
/* ==== end api/alltoallv.h ==== */
/* ==== begin api/reduce_scatter.h ==== */
/* IRR_Reduce_scatter and IRR_Reduce_scatter_block: blocking (int and MPI_Count),
   nonblocking and persistent (contracts: api/decl.h; mpi/reduce_scatter.h, mpi/persist.h). */

IRR_DEF int IRR_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
#if MPI_VERSION >= 4
IRR_DEF int IRR_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                                 MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, recvcounts, NULL, 0, 0};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                       MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, (int64_t)recvcount};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
#endif

IRR_DEF int IRR_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, IRR_Request *request) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 1, request);
}
IRR_DEF int IRR_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                      MPI_Op op, MPI_Comm comm, IRR_Request *request) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 1, request);
}
IRR_DEF int IRR_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  (void)info;
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 0, request);
}
IRR_DEF int IRR_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  (void)info;
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 0, request);
}
/* ==== end api/reduce_scatter.h ==== */
/* ==== begin api/xgatherv.h ==== */
/* IRR_XGatherv (int and MPI_Count) and IRR_Ixgatherv (contracts: api/decl.h; mpi/xgatherv.h). */

/* The one body of IRR_XGatherv and IRR_XGatherv_c: recvcounts, displs as the user gave them. */
static int irr__xgatherv_call(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                              int64_t recv_max_count, irr__xarr recvcounts, irr__xarr displs, MPI_Datatype recvtype,
                              int root, MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, raised = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && irr__xnull(recvcounts)) rc = MPI_ERR_ARG; /* everyone reads recvcounts[0] */
  rc = irr__xcheck(ctx, "IRR_XGatherv", rank, p, root, rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN) {
    irr__xg G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcount = sendcount, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcounts = recvcounts, G.displs = displs, G.recvtype = recvtype;
    G.root = root, G.rank = rank, G.p = p, G.tag = tag, G.isroot = rank == root, G.ctx = ctx;
    rc = irr__xgatherv_unknown(&G);
  } else if (rc == MPI_SUCCESS) { /* known counts: the root fills in consecutive displacements, checks the bound */
    int pre = MPI_SUCCESS, ok;
    irr__dt rdt;
    if (rank == root) {
      if (irr__xnull(displs)) pre = MPI_ERR_ARG;
      else if (irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) pre = MPI_ERR_TYPE;
      else pre = irr__xknown(p, recvcounts, displs, irr__xget(displs, 0) == IRR_DISPL_CONSECUTIVE, recv_max_count);
    }
    ok = pre == MPI_SUCCESS;
    rc = irr__v_call(0, recvbuf, ok ? recvcounts.i : NULL, ok ? recvcounts.c : NULL, ok ? displs.i : NULL,
                     ok ? displs.a : NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, pre);
    raised = 1; /* irr__v_call raises its errors */
  }
  return rc == MPI_SUCCESS || raised ? rc : irr__raise(comm, rc);
}

IRR_DEF int IRR_Ixgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype, int root,
                          MPI_Comm comm, IRR_Request *request) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, rc;
  irr__xarr rc_ = irr__xarr_i(recvcounts), ds = irr__xarr_i(displs);
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && !recvcounts) rc = MPI_ERR_ARG; /* everyone reads recvcounts[0] */
  if (rc != MPI_SUCCESS) return irr__raise(comm, rc);
  if (recvcounts[0] == IRR_SIZE_UNKNOWN) {
    irr__xg *G = (irr__xg *)IRRCOLL_MALLOC(sizeof *G);
    if (!G) return irr__raise(comm, MPI_ERR_NO_MEM);
    memset(G, 0, sizeof *G);
    G->sendbuf = sendbuf, G->sendcount = sendcount, G->sendtype = sendtype;
    G->recvbuf = recvbuf, G->bound = recv_max_count, G->recvcounts = rc_, G->displs = ds, G->recvtype = recvtype;
    G->root = root, G->rank = rank, G->p = p, G->tag = tag, G->isroot = rank == root, G->ctx = ctx;
    return irr__xg_icall(G, comm, request);
  } else { /* known counts: IRR_Igatherv after the root's consecutive displacements and bound check */
    int pre = MPI_SUCCESS, ok;
    irr__dt rdt;
    irr__vargs A;
    if (rank == root) {
      if (!displs) pre = MPI_ERR_ARG;
      else if (irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) pre = MPI_ERR_TYPE;
      else pre = irr__xknown(p, rc_, ds, displs[0] == IRR_DISPL_CONSECUTIVE, recv_max_count);
    }
    ok = pre == MPI_SUCCESS;
    memset(&A, 0, sizeof A);
    A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = ok ? recvcounts : NULL, A.c.di = ok ? displs : NULL;
    A.vtype = recvtype;
    A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
    A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm, A.pre_err = pre;
    return irr__v_icall(&A, request);
  }
}

IRR_DEF int IRR_XGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm) {
  return irr__xgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_i(recvcounts),
                            irr__xarr_i(displs), recvtype, root, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XGatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[], MPI_Datatype recvtype,
                           int root, MPI_Comm comm) {
  return irr__xgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_c(recvcounts),
                            irr__xarr_a(displs), recvtype, root, comm);
}
#endif
/* ==== end api/xgatherv.h ==== */
/* ==== begin api/xscatterv.h ==== */
/* IRR_XScatterv (int and MPI_Count; contract: api/decl.h; mpi/xscatterv.h). */

/* The one body of IRR_XScatterv and IRR_XScatterv_c: the arrays as the user gave them. */
static int irr__xscatterv_call(const void *sendbuf, irr__xarr sendcounts, irr__xarr displs, MPI_Datatype sendtype,
                               void *recvbuf, int64_t recv_max_count, irr__xarr recvcount, MPI_Datatype recvtype,
                               int root, MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, raised = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && irr__xnull(recvcount)) rc = MPI_ERR_ARG; /* everyone reads *recvcount */
  rc = irr__xcheck(ctx, "IRR_XScatterv", rank, p, root, rc == MPI_SUCCESS && irr__xget(recvcount, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcount, 0) == IRR_SIZE_UNKNOWN) {
    irr__xs G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcounts = sendcounts, G.displs = displs, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcount = recvcount, G.recvtype = recvtype;
    G.root = root, G.rank = rank, G.p = p, G.tag = tag, G.isroot = rank == root, G.ctx = ctx;
    G.inplace = G.isroot && recvbuf == MPI_IN_PLACE;
    G.known = -1;
    rc = irr__xscatterv_unknown(&G);
  } else if (rc == MPI_SUCCESS) { /* known: the bound, then the known-size Scatterv */
    int pre = MPI_SUCCESS;
    int64_t own = irr__xget(recvcount, 0);
    if (recvbuf != MPI_IN_PLACE && own > recv_max_count) pre = MPI_ERR_TRUNCATE;
    if (rank == root && !irr__xnull(displs) && !irr__xnull(sendcounts) &&
        irr__xget(displs, 0) == IRR_DISPL_CONSECUTIVE) {
      int e = irr__xknown(p, sendcounts, displs, 1, INT64_MAX); /* consecutive displacements, all or none */
      if (e != MPI_SUCCESS) pre = e;
    }
    rc = irr__v_call(1, sendbuf, sendcounts.i, sendcounts.c, displs.i, displs.a, sendtype, recvbuf, own, recvtype, root,
                     comm, pre);
    raised = 1; /* irr__v_call raises its errors */
  }
  return rc == MPI_SUCCESS || raised ? rc : irr__raise(comm, rc);
}

IRR_DEF int IRR_XScatterv(const void *sendbuf, const int sendcounts[], int displs[], MPI_Datatype sendtype,
                          void *recvbuf, int recv_max_count, int *recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm) {
  return irr__xscatterv_call(sendbuf, irr__xarr_i(sendcounts), irr__xarr_i(displs), sendtype, recvbuf, recv_max_count,
                             irr__xarr_i(recvcount), recvtype, root, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XScatterv_c(const void *sendbuf, const MPI_Count sendcounts[], MPI_Aint displs[], MPI_Datatype sendtype,
                            void *recvbuf, MPI_Count recv_max_count, MPI_Count *recvcount, MPI_Datatype recvtype,
                            int root, MPI_Comm comm) {
  return irr__xscatterv_call(sendbuf, irr__xarr_c(sendcounts), irr__xarr_a(displs), sendtype, recvbuf, recv_max_count,
                             irr__xarr_c(recvcount), recvtype, root, comm);
}
#endif
/* ==== end api/xscatterv.h ==== */
/* ==== begin api/xallgatherv.h ==== */
/* IRR_XAllgatherv (int and MPI_Count; contract: api/decl.h; mpi/xallgatherv.h). */

/* The one body of IRR_XAllgatherv and IRR_XAllgatherv_c: the arrays as the user gave them. */
static int irr__xallgatherv_call(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int64_t recv_max_count, irr__xarr recvcounts, irr__xarr displs, MPI_Datatype recvtype,
                                 MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && irr__xnull(recvcounts)) rc = MPI_ERR_ARG;
  rc = irr__xcheck(ctx, "IRR_XAllgatherv", rank, p, 0, rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN) {
    irr__xa G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcount = sendcount, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcounts = recvcounts, G.displs = displs, G.recvtype = recvtype;
    G.rank = rank, G.p = p, G.tag = tag, G.ctx = ctx;
    rc = irr__xallgatherv_unknown(&G);
  } else if (rc == MPI_SUCCESS) {
    rc = irr__xallgatherv_known(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, recvcounts, displs, recvtype, comm,
                                rank, p);
  }
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_XAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                            MPI_Comm comm) {
  return irr__xallgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_i(recvcounts),
                               irr__xarr_i(displs), recvtype, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XAllgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[],
                              MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xallgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_c(recvcounts),
                               irr__xarr_a(displs), recvtype, comm);
}
#endif
/* ==== end api/xallgatherv.h ==== */
/* ==== begin api/xalltoallv.h ==== */
/* IRR_XAlltoallv (int and MPI_Count; contract: api/decl.h; mpi/xalltoallv.h). */

/* validate -> choose (irr_xalltoallv_choose: one Allreduce of the out-degree unless forced)
   -> sparse or dense -> the counts out. One exit. The one body of IRR_XAlltoallv and
   IRR_XAlltoallv_c: the arrays as the user gave them. */
static int irr__xalltoallv_call(const void *sendbuf, irr__xarr sendcounts, irr__xarr sdispls, MPI_Datatype sendtype,
                                void *recvbuf, int64_t recv_max_count, irr__xarr recvcounts, irr__xarr rdispls,
                                MPI_Datatype recvtype, MPI_Comm comm) {
  irr__xt A;
  int rc, i, maxdeg = -1, unknown;
  size_t per = 5 * sizeof(int64_t) + sizeof(char *);
  irr_alg alg;
  double t0 = IRRCOLL_CLOCK();
  memset(&A, 0, sizeof A);
  if ((rc = irr__xbegin(comm, &A.ctx, &A.rank, &A.p, &A.tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (irr__xnull(recvcounts) || irr__xnull(rdispls) || irr__xnull(sendcounts) || irr__xnull(sdispls))
    return irr__raise(comm, MPI_ERR_ARG);
  A.consec = irr__xget(rdispls, 0) == IRR_DISPL_CONSECUTIVE;
  A.wide = recvcounts.c != NULL;
  unknown = irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN;
  if (!(A.sdsp = (int64_t *)IRRCOLL_MALLOC((size_t)A.p * per))) return irr__raise(comm, MPI_ERR_NO_MEM);
  memset(A.sdsp, 0, (size_t)A.p * per);
  A.bytes = A.sdsp + A.p, A.cnt = A.bytes + A.p, A.dsp = A.cnt + A.p, A.sc = A.dsp + A.p;
  A.held = (char **)(void *)(A.sc + A.p);
  irr__xt_validate(&A, sendbuf, sendcounts, sdispls, sendtype, recvtype, unknown);
  if (!unknown) { /* known: consecutive displacements, the bound, native */
    if (A.err == MPI_SUCCESS) A.err = irr__xknown(A.p, recvcounts, rdispls, A.consec, recv_max_count);
    for (i = 0; i < A.p; i++) A.cnt[i] = irr__xget(recvcounts, i), A.dsp[i] = irr__xget(rdispls, i);
    irr__note_native(comm, IRR_COLL_XALLTOALLV);
    if (A.err == MPI_SUCCESS || A.err == MPI_ERR_TRUNCATE)
      rc = irr__xalltoallv_native(sendbuf, A.sc, A.sdsp, sendtype, recvbuf, A.cnt, A.dsp, &A.rdt, recvtype, A.err, A.wide,
                                  A.p, A.ctx->pc);
  } else {
    alg = irr_xalltoallv_choose(irr__forced(A.ctx, IRR_COLL_XALLTOALLV), A.p, maxdeg);
    if (alg == IRR_ALG_AUTO) { /* agree on the largest out-degree */
      if ((rc = MPI_Allreduce(&A.deg, &maxdeg, 1, MPI_INT, MPI_MAX, A.ctx->pc)) == MPI_SUCCESS)
        alg = irr_xalltoallv_choose(IRR_ALG_AUTO, A.p, maxdeg);
    }
    if (rc == MPI_SUCCESS) irr__note_call(A.ctx, IRR_COLL_XALLTOALLV, alg, 0, 0, irr__plan_cpu(&A.ctx->md, 2.0 * A.p, 0), t0);
    if (rc == MPI_SUCCESS)
      rc = alg == IRR_ALG_SPARSE ? irr__xt_sparse(&A, sendbuf, sendtype, recvbuf, recv_max_count, rdispls, recvtype)
                                 : irr__xt_dense(&A, sendbuf, sendtype, recvbuf, recv_max_count, rdispls, recvtype);
    if (rc == MPI_SUCCESS) {
      int e3 = irr__xreturn(A.p, A.cnt, A.dsp, recvcounts, rdispls, A.consec);
      if (A.err == MPI_SUCCESS) A.err = e3;
    }
  }
  for (i = 0; i < A.p; i++)
    if (A.held[i]) IRRCOLL_FREE(A.held[i]);
  IRRCOLL_FREE(A.sdsp);
  if (rc == MPI_SUCCESS) rc = A.err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_XAlltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, int recv_max_count, int recvcounts[], int rdispls[],
                           MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xalltoallv_call(sendbuf, irr__xarr_i(sendcounts), irr__xarr_i(sdispls), sendtype, recvbuf, recv_max_count,
                              irr__xarr_i(recvcounts), irr__xarr_i(rdispls), recvtype, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XAlltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, MPI_Count recv_max_count, MPI_Count recvcounts[],
                             MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xalltoallv_call(sendbuf, irr__xarr_c(sendcounts), irr__xarr_a(sdispls), sendtype, recvbuf, recv_max_count,
                              irr__xarr_c(recvcounts), irr__xarr_a(rdispls), recvtype, comm);
}
#endif
/* ==== end api/xalltoallv.h ==== */
/* ==== begin api/request.h ==== */
/* The requests' entry points: IRR_Start, IRR_Startall, IRR_Test, IRR_Wait, IRR_Waitall,
   IRR_Request_free, IRR_Request_mpi (contracts: api/decl.h; mpi/request.h, mpi/greq.h). */

IRR_DEF int IRR_Start(IRR_Request *request) {
  struct irr_request_s *R = request ? *request : NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (R->state != IRR__REQ_INACTIVE || R->oneshot || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  if (R->pristine) {
    R->s = R->s0;
    memcpy(R->ops, R->pristine, (size_t)R->s.nops * sizeof(irr_op));
  }
  irr__req_run(R, R->dc, (int)(R->starts++ % IRR__SEQ_MOD) * 2 + 1);
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Startall(int count, IRR_Request requests[]) {
  int i, rc = MPI_SUCCESS;
  if (count < 0 || (count > 0 && !requests)) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  for (i = 0; i < count && rc == MPI_SUCCESS; i++) rc = IRR_Start(&requests[i]);
  return rc;
}

IRR_DEF int IRR_Test(IRR_Request *request, int *flag, MPI_Status *status) {
  struct irr_request_s *R;
  if (!request || !flag) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  R = *request;
  *flag = 1;
  if (R && R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST); /* the MPI request's now */
  if (!R || R->state == IRR__REQ_INACTIVE) {
    irr__req_empty(status);
    return MPI_SUCCESS;
  }
  if (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 0);
  if (R->state == IRR__REQ_RUNNING) {
    *flag = 0;
    return MPI_SUCCESS;
  }
  return irr__req_complete(request, status);
}

IRR_DEF int IRR_Wait(IRR_Request *request, MPI_Status *status) {
  struct irr_request_s *R;
  if (!request) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  R = *request;
  if (R && R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  if (!R || R->state == IRR__REQ_INACTIVE) {
    irr__req_empty(status);
    return MPI_SUCCESS;
  }
  while (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 1);
  return irr__req_complete(request, status);
}

/* Every request progressed in turn (they may be on different communicators) until all are
   complete. */
IRR_DEF int IRR_Waitall(int count, IRR_Request requests[], MPI_Status statuses[]) {
  int i, running = 1, rc = MPI_SUCCESS, failed = 0;
  if (count < 0 || (count > 0 && !requests)) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  for (i = 0; i < count; i++)
    if (requests[i] && requests[i]->handed) return irr__raise(requests[i]->comm, MPI_ERR_REQUEST);
  while (running) {
    running = 0;
    for (i = 0; i < count; i++)
      if (requests[i] && requests[i]->state == IRR__REQ_RUNNING) {
        irr__req_progress(requests[i]->ctx, 0);
        running |= requests[i]->state == IRR__REQ_RUNNING;
      }
  }
  for (i = 0; i < count; i++) {
    MPI_Status *st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
    int r;
    if (!requests[i] || requests[i]->state == IRR__REQ_INACTIVE) {
      irr__req_empty(st);
      continue;
    }
    r = irr__req_complete(&requests[i], st);
    if (r != MPI_SUCCESS) {
      failed = 1;
      if (rc == MPI_SUCCESS) rc = r;
    }
  }
  if (failed && statuses != MPI_STATUSES_IGNORE) return MPI_ERR_IN_STATUS;
  return rc;
}

IRR_DEF int IRR_Request_free(IRR_Request *request) {
  struct irr_request_s *R = request ? *request : NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (R->state != IRR__REQ_INACTIVE || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  irr__req_release(R);
  *request = IRR_REQUEST_NULL;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Request_mpi(IRR_Request *request, MPI_Request *out) {
  struct irr_request_s *R = request ? *request : NULL;
  if (out) *out = MPI_REQUEST_NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (!out) return irr__raise(R->comm, MPI_ERR_ARG);
#if IRRCOLL_HAVE_REQUEST_MPI
  {
    int rc;
    if (R->state == IRR__REQ_INACTIVE || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
    rc = MPIX_Grequest_start(irr__greq_query, irr__greq_free, irr__greq_cancel, irr__greq_poll, irr__greq_wait, R,
                             &R->mreq);
    if (rc != MPI_SUCCESS) return irr__raise(R->comm, rc);
    R->handed = 1;
    R->gnext = irr__greq_head;
    irr__greq_head = R;
    *out = R->mreq;
    if (R->oneshot) *request = IRR_REQUEST_NULL; /* the MPI request owns it now */
    return MPI_SUCCESS;
  }
#else
  return irr__raise(R->comm, MPI_ERR_UNSUPPORTED_OPERATION);
#endif
}
/* ==== end api/request.h ==== */
/* ==== begin guide/common.h ==== */
/* Performance-guideline mock-ups (seed 002: Hunold, Carpen-Amarie, PGMPITuneLib, GL1-GL22,
   Table 1, Appendix A; seed 000 Section 4 for the irregular ones): each implements the
   collective on the left of a guideline, with its MPI signature, by the operations on the
   right. They are for tuning (irrtune) and for the interception layer (IRRCOLL_PMPI), which
   calls the faster one where a guideline is violated.
   - Intracommunicators only; anything else goes to the native operation. So does a case a
     mock-up cannot serve, decided alike on every rank: bytes (signature sizes, never element
     counts) over INT_MAX, a reduction's datatype that is not dense where the mock-up copies
     it as bytes (GL6, GL15, GL16; MPI requires the same type on every rank there), a
     non-commutative operation where the mock-up reorders a reduction (GL6, GL7, GL15, GL16,
     GL17, GL19), and scratch beyond the budget or not agreed (one rank's allocation failed).
   - Scratch comes from one block per communicator, allocated once at the size of the budget
     (IRRCOLL_SCRATCH bytes, default 64 MiB) when a mock-up first needs memory; a mock-up
     needing more falls back to the native operation. Each one's need is Table 1's.
   Local copies that must respect a datatype's type map go through MPI_Sendrecv on
   MPI_COMM_SELF. */

/* The rule every mock-up keeps: whether it runs or falls back to the native operation, and
   how much scratch it uses, is decided from what every rank has alike (p, root, signature
   sizes count x type size, the operation, the agreed budget and scratch state), never from
   one rank's datatype layout or allocation: a rank that fell back alone would hang the
   others. A rank whose type is not dense packs its data through scratch; that choice is
   local, since the bytes that travel are the same. Every mock-up that packs charges the
   packing room in its scratch need on every rank, so the need is the same everywhere. */

/* Scratch, agreed: on the first mock-up call on a communicator (irr__gl_begin, at the same
   point on every rank) every rank allocates its block of the budget and one MPI_Allreduce
   tells whether all have it; afterwards no communication. Lazily committed pages make an
   unused block cheap. */
static int irr__gl_agree(irr__ctx *ctx) {
  int ok = 1, all = 0;
  if (ctx->scr.state) return MPI_SUCCESS;
  if (ctx->scr.budget > 0 && !(ctx->scr.buf = (char *)IRRCOLL_MALLOC(ctx->scr.budget))) ok = 0;
  if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ctx->pc) != MPI_SUCCESS) all = 0;
  ctx->scr.state = all ? 1 : -1;
  if (!all && ctx->scr.buf) {
    IRRCOLL_FREE(ctx->scr.buf);
    ctx->scr.buf = NULL;
  }
  return MPI_SUCCESS;
}

/* Would `bytes` of scratch fit? The same answer on every rank (agreed state, agreed budget),
   for ranks that need none too. */
static int irr__gl_fits(MPI_Comm comm, size_t bytes) {
  irr__ctx *ctx;
  if (irr__ctx_get(comm, &ctx) != MPI_SUCCESS) return 0;
  return ctx->scr.state > 0 && bytes <= ctx->scr.budget && (bytes == 0 || ctx->scr.buf);
}

/* Scratch of `bytes` from comm's block (NULL: over the budget, the same on every rank). One
   mock-up uses it at a time: collectives on one communicator do not overlap. */
static char *irr__gl_scratch(MPI_Comm comm, size_t bytes) {
  irr__ctx *ctx;
  if (!irr__gl_fits(comm, bytes) || irr__ctx_get(comm, &ctx) != MPI_SUCCESS) return NULL;
  return ctx->scr.buf;
}

typedef struct irr__gl {
  int p, rank;
  MPI_Aint ext, lb;  /* the datatype's extent and true lower bound */
  int64_t size;      /* bytes per element: the signature's, equal on every rank */
  int contig;        /* dense from the buffer start: local, never decides a path */
} irr__gl;

/* comm's size and rank and t's layout (MPI_DATATYPE_NULL: none, for arguments that are not
   significant here); 0 if the mock-up cannot serve (intercommunicator, bad type): the
   caller falls back. The first call on a communicator agrees on scratch (collective). */
static int irr__gl_begin(MPI_Comm comm, MPI_Datatype t, irr__gl *g) {
  int inter = 1;
  irr__dt d;
  irr__ctx *ctx;
  memset(g, 0, sizeof *g);
  if (comm == MPI_COMM_NULL || MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return 0;
  /* the context (its first use duplicates comm: collective) at the same point on every rank,
     before any rank-dependent step */
  if (irr__ctx_get(comm, &ctx) != MPI_SUCCESS || irr__gl_agree(ctx) != MPI_SUCCESS) return 0;
  MPI_Comm_size(comm, &g->p);
  MPI_Comm_rank(comm, &g->rank);
  if (t == MPI_DATATYPE_NULL) return 1;
  if (irr__dt_info(t, &d) != MPI_SUCCESS) return 0;
  g->ext = d.extent, g->lb = d.true_lb, g->size = d.size, g->contig = d.contig && d.true_lb == 0;
  return 1;
}
/* scratch bytes for n elements of g's type laid out by extent from the buffer start (only for
   reductions, whose datatype is the same on every rank); too much (so irr__gl_scratch fails)
   for a negative lower bound or extent, or n > INT_MAX */
static size_t irr__gl_span(const irr__gl *g, int64_t n) {
  if (n < 0 || n > INT_MAX || g->lb < 0 || g->ext < 0) return (size_t)-1;
  return (size_t)g->lb + (size_t)n * (size_t)g->ext + 64;
}
/* The bytes of n elements of t at element `at` of buf: *out is their own address where t is
   dense, else tmp, into which they are packed. */
static int irr__gl_get(const void *buf, int64_t at, int64_t n, MPI_Datatype t, char *tmp, const char **out) {
  irr__dt d;
  int rc;
  if ((rc = irr__dt_info(t, &d)) != MPI_SUCCESS) return rc;
  if (d.contig || n <= 0) {
    *out = irr__at(irr__base(buf), d.true_lb + (MPI_Aint)at * d.extent);
    return MPI_SUCCESS;
  }
  *out = tmp;
  return irr__pack(0, irr__at(irr__base(buf), (MPI_Aint)at * d.extent), n, &d, tmp, MPI_COMM_SELF);
}
/* Store bytes into n elements of t at element `at` of buf (nothing to do if they are there). */
static int irr__gl_put(const char *bytes, void *buf, int64_t at, int64_t n, MPI_Datatype t) {
  irr__dt d;
  int rc;
  char *dst;
  if (n <= 0) return MPI_SUCCESS;
  if ((rc = irr__dt_info(t, &d)) != MPI_SUCCESS) return rc;
  if (!d.contig) return irr__pack(1, irr__at(irr__base(buf), (MPI_Aint)at * d.extent), n, &d, (char *)(uintptr_t)bytes, MPI_COMM_SELF);
  dst = irr__at(irr__base(buf), d.true_lb + (MPI_Aint)at * d.extent);
  if (dst != bytes) memmove(dst, bytes, (size_t)(n * d.size));
  return MPI_SUCCESS;
}
/* Where bytes for n elements of t at buf can be received directly (t dense), else NULL. */
static char *irr__gl_direct(void *buf, MPI_Datatype t) {
  irr__dt d;
  if (irr__dt_info(t, &d) != MPI_SUCCESS || !d.contig) return NULL;
  return irr__at(irr__base(buf), d.true_lb);
}
/* n elements of t from src to dst, by the type map */
static int irr__gl_copy(const void *src, void *dst, int n, MPI_Datatype t) {
  if (n <= 0 || src == dst) return MPI_SUCCESS;
  return MPI_Sendrecv(src, n, t, 0, 0, dst, n, t, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}
/* The signature's bytes, n elements of t: equal on every rank of a valid call, unlike n itself
   (-1: not a type). The element-count mock-ups decide from it whether counts fit an int; an
   empty signature (a rank may pass any count of a size-0 type) moves 0 MPI_BYTE. */
static int64_t irr__gl_sig(int n, MPI_Datatype t) {
  int sz = 0;
  if (n < 0 || t == MPI_DATATYPE_NULL || MPI_Type_size(t, &sz) != MPI_SUCCESS || sz == MPI_UNDEFINED) return -1;
  return (int64_t)n * sz;
}
/* counts n and displacements i n of p equal blocks, in c[0..p) and c[p..2p) */
static void irr__gl_equal(int *c, int p, int n) {
  int i;
  for (i = 0; i < p; i++) c[i] = n, c[p + i] = i * n;
}
static int irr__gl_commutative(MPI_Op op) {
  int c = 0;
  return MPI_Op_commutative(op, &c) == MPI_SUCCESS && c;
}
#define IRR__AT(b, off) ((char *)(uintptr_t)(b) + (off))
/* ==== end guide/common.h ==== */
/* ==== begin guide/regular.h ==== */
/* The mock-ups of the regular collectives' guidelines (seed 002, GL1-GL22), by collective. */

/* ---- MPI_Allgather ---- */
/* GL1: Gather to 0, then Bcast. No scratch. Falls back where the p blocks' bytes exceed an
   int (decided from signature bytes: element counts differ between ranks). */
IRR_DEF int IRR_Allgather_as_gather_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                          MPI_Comm comm) {
  irr__gl g;
  int rv;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX) return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = IRR__AT(rb, (MPI_Aint)g.rank * rc * g.ext), sc = rc, st = rt;
  rv = MPI_Gather(sb, sc, st, rb, rc, rt, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, g.p * rc, rt, 0, comm);
}
/* GL2: p copies of the own block, then Alltoall. Scratch p n, + p n where the receive type
   is not dense (charged on every rank: the need must be the same everywhere). */
IRR_DEF int IRR_Allgather_as_alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int i, rv;
  size_t n;
  char *s, *area;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  for (i = 0; i < g.p; i++)
    if (s + n * (size_t)i != own) memcpy(s + n * (size_t)i, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Alltoall(s, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL3: each rank's block at its place in p n zeros, bitwise-or Allreduce. Scratch p n, + p n
   where the receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Allgather_as_allreduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                       MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area;
  const char *own;
  int rv;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s + n * (size_t)g.rank, &own)
                          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Allreduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL4: Allgatherv with equal counts. Scratch 2p ints. Int limit as GL1. */
IRR_DEF int IRR_Allgather_as_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                        MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, rc);
  return MPI_Allgatherv(sb, sc, st, rb, c, c + g.p, rt, comm);
}

/* ---- MPI_Allreduce ---- */
/* GL5: Reduce to 0, then Bcast. No scratch. */
IRR_DEF int IRR_Allreduce_as_reduce_bcast(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  int rv;
  if (!irr__gl_begin(comm, t, &g)) return MPI_Allreduce(sb, rb, n, t, op, comm);
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = rb;
  rv = MPI_Reduce(sb, g.rank == 0 ? rb : NULL, n, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, n, t, 0, comm);
}
/* Equal blocks of ceil(n/p) for the block variants: the data padded to p of them. */
static int irr__gl_blocks(const irr__gl *g, int n) { return n <= 0 ? 0 : (n + g->p - 1) / g->p; }
/* GL6: Reduce_scatter_block on the padded vector, then Allgather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Allreduce_as_reducescatterblock_allgather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                          MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Allreduce(sb, rb, n, t, op, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, k, t, s, k, t, comm)) != MPI_SUCCESS) return rv;
  memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* Consecutive pieces of n elements for Reduce_scatter: chunks of C elements (C: at least 64
   bytes), as evenly as whole chunks allow. */
static void irr__gl_pieces(const irr__gl *g, int n, int *cnt, int *dsp) {
  int64_t C = g->size > 0 && g->size < 64 ? (64 + g->size - 1) / g->size : 1, nch = (n + C - 1) / C;
  int i;
  for (i = 0; i < g->p; i++) {
    int64_t a = nch * i / g->p * C, b = nch * (i + 1) / g->p * C;
    if (a > n) a = n;
    if (b > n) b = n;
    dsp[i] = (int)a, cnt[i] = (int)(b - a);
  }
}
/* GL7: Reduce_scatter into the receive buffer, then Allgatherv in place. Scratch 2p ints. */
IRR_DEF int IRR_Allreduce_as_reducescatter_allgatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (sb == MPI_IN_PLACE && !g.contig) ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  irr__gl_pieces(&g, n, c, c + g.p);
  if (sb == MPI_IN_PLACE) { /* the result lands at the start: move it to its place */
    if ((rv = MPI_Reduce_scatter(MPI_IN_PLACE, rb, c, t, op, comm)) != MPI_SUCCESS) return rv;
    memmove(IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), rb, (size_t)c[g.rank] * (size_t)g.size);
  } else if ((rv = MPI_Reduce_scatter(sb, IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), c, t, op, comm)) != MPI_SUCCESS) {
    return rv;
  }
  return MPI_Allgatherv(MPI_IN_PLACE, 0, t, rb, c, c + g.p, t, comm);
}

/* ---- MPI_Alltoall ---- */
/* GL8: Alltoallv with equal counts. Scratch 4p ints. Int limit as GL1. */
IRR_DEF int IRR_Alltoall_as_alltoallv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 4 * (size_t)g.p * sizeof(int))))
    return MPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, sc);
  irr__gl_equal(c + 2 * g.p, g.p, rc);
  return MPI_Alltoallv(sb, c, c + g.p, st, rb, c + 2 * g.p, c + 3 * g.p, rt, comm);
}

/* ---- MPI_Bcast ---- */
/* GL9: Allgatherv in place where only the root contributes, on the bytes (every rank may use
   its own type). Scratch 2p ints + n bytes (for a rank whose type is not dense). */
IRR_DEF int IRR_Bcast_as_allgatherv(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int i, *c, rv;
  size_t nb, ints;
  char *s, *area;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || (nb = (size_t)n * (size_t)g.size) > INT_MAX ||
      !(s = irr__gl_scratch(comm, (ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64) + nb + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  c = (int *)(void *)s;
  for (i = 0; i < g.p; i++) c[i] = i == root ? (int)nb : 0, c[g.p + i] = 0;
  area = irr__gl_direct(buf, t);
  if (!area) area = s + ints;
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, area, &in)) != MPI_SUCCESS) return rv;
  }
  if ((rv = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, area, c, c + g.p, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(area, buf, 0, n, t);
}
/* GL10: van de Geijn on the bytes: Scatter of p blocks of ceil(bytes/p), then Allgather.
   Scratch p k + k bytes (k = ceil(bytes / p)); the root's data is packed into it. */
IRR_DEF int IRR_Bcast_as_scatter_allgather(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int rv;
  size_t nb, k, all;
  char *s;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || n < 0 ||
      (k = ((nb = (size_t)n * (size_t)g.size) + (size_t)g.p - 1) / (size_t)g.p) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, (all = k * (size_t)g.p) + k + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, s, &in)) != MPI_SUCCESS) return rv;
    if (in != s && nb) memcpy(s, in, nb);
    memset(s + nb, 0, all - nb);
  }
  if ((rv = MPI_Scatter(s, (int)k, MPI_BYTE, s + all, (int)k, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, (int)k, MPI_BYTE, s, (int)k, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(s, buf, 0, n, t);
}

/* ---- MPI_Gather ---- */
/* GL11: Allgather on the bytes; the other ranks receive into scratch. Scratch p n + n (the
   root's own block when in place, or packing), charged on every rank. */
IRR_DEF int IRR_Gather_as_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  char *s, *area;
  const char *own;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g) || (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)(g.p + 1) + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot && sb == MPI_IN_PLACE) { /* the own block is in rb: send it from scratch (no aliasing) */
    if ((rv = irr__gl_get(rb, (int64_t)root * rc, rc, rt, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, n);
    own = s;
  } else if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) {
    return rv;
  }
  area = isroot ? irr__gl_direct(rb, rt) : NULL;
  if (!area) area = s + n;
  if ((rv = MPI_Allgather(own, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}
/* GL12: Gatherv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Gather_as_gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                  MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(rc, rt) : irr__gl_sig(sc, st)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, rc);
  return MPI_Gatherv(sb, sc, st, rb, c, c ? c + g.p : NULL, rt, root, comm);
}
/* GL13: each block at its place in p n zeros, bitwise-or Reduce. Scratch p n, + p n where
   the root's receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Gather_as_reduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area = NULL;
  const char *own;
  int ip = sb == MPI_IN_PLACE, rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if ((ip && !isroot) || !irr__gl_begin(comm, isroot ? rt : st, &g) ||
      (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = ip ? irr__gl_get(rb, (int64_t)root * rc, rc, rt, s + n * (size_t)g.rank, &own)
          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  if (isroot && !(area = irr__gl_direct(rb, rt))) area = s + n * (size_t)g.p;
  if ((rv = MPI_Reduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}

/* ---- MPI_Reduce ---- */
/* GL14: Allreduce; the other ranks receive into scratch. Scratch n (not at the root; at a
   root passing MPI_IN_PLACE its data, since Allreduce takes MPI_IN_PLACE at all ranks or none). */
IRR_DEF int IRR_Reduce_as_allreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv, isroot;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || !irr__gl_fits(comm, irr__gl_span(&g, n)))
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  isroot = g.rank == root;
  if ((!isroot || sb == MPI_IN_PLACE) && !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_ERR_INTERN;
  if (isroot && sb == MPI_IN_PLACE) {
    if ((rv = irr__gl_copy(rb, s, n, t)) != MPI_SUCCESS) return rv;
    sb = s;
  }
  return MPI_Allreduce(sb, isroot ? rb : s, n, t, op, comm);
}
/* GL15: Reduce_scatter_block on the padded vector, then Gather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Reduce_as_reducescatterblock_gather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                    MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Gather(s + all, k, t, s, k, t, root, comm)) != MPI_SUCCESS) return rv;
  if (g.rank == root) memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* GL16: Reduce_scatter into pieces, then Gatherv to the root. Scratch one piece + 2p ints. */
IRR_DEF int IRR_Reduce_as_reducescatter_gatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  char *s, *piece;
  size_t ints;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n < 0)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64;
  if (!(s = irr__gl_scratch(comm, ints + 2 * (size_t)n * (size_t)g.size + 64))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  c = (int *)(void *)s;
  irr__gl_pieces(&g, n, c, c + g.p);
  piece = s + ints;
  if (sb == MPI_IN_PLACE) { /* only the root may pass it: its data is in rb (all ranks asked for 2n) */
    memcpy(piece, rb, (size_t)n * (size_t)g.size);
    sb = piece, piece = piece + (size_t)n * (size_t)g.size;
  }
  if ((rv = MPI_Reduce_scatter(sb, piece, c, t, op, comm)) != MPI_SUCCESS) return rv;
  return MPI_Gatherv(piece, c[g.rank], t, rb, c, c + g.p, t, root, comm);
}

/* ---- MPI_Reduce_scatter_block ---- */
/* GL17: Reduce to 0, then Scatter. Scratch p n at rank 0. */
IRR_DEF int IRR_Reduce_scatter_block_as_reduce_scatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                       MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (int64_t)g.p * rc > INT_MAX ||
      !irr__gl_fits(comm, irr__gl_span(&g, (int64_t)g.p * rc)) ||
      (g.rank == 0 && !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc)))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if (sb == MPI_IN_PLACE) sb = rb; /* the whole vector is in rb; the result overwrites it */
  rv = MPI_Reduce(sb, s, g.p * rc, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Scatter(s, rc, t, rb, rc, t, 0, comm);
}
/* GL18: Reduce_scatter with equal counts. Scratch p ints. */
IRR_DEF int IRR_Reduce_scatter_block_as_reducescatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int i, *c;
  if (!irr__gl_begin(comm, t, &g) || !(c = (int *)(void *)irr__gl_scratch(comm, (size_t)g.p * sizeof(int))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  for (i = 0; i < g.p; i++) c[i] = rc;
  return MPI_Reduce_scatter(sb, rb, c, t, op, comm);
}
/* GL19: Allreduce of the whole vector, keep the own block. Scratch p n. */
IRR_DEF int IRR_Reduce_scatter_block_as_allreduce(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                  MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || (int64_t)g.p * rc > INT_MAX ||
      !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if ((rv = MPI_Allreduce(sb == MPI_IN_PLACE ? rb : sb, s, g.p * rc, t, op, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s + (MPI_Aint)g.rank * rc * g.ext, rb, rc, t);
}

/* ---- MPI_Scan ---- */
/* GL20: Exscan, then the own value on top with Reduce_local (rank 0: the own value). Scratch n. */
IRR_DEF int IRR_Scan_as_exscan_reducelocal(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_Scan(sb, rb, n, t, op, comm);
  /* s: my own value (prefix op own needs the own one on the right: inoutbuf = in op inout) */
  if ((rv = irr__gl_copy(sb == MPI_IN_PLACE ? rb : sb, s, n, t)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Exscan(s, rb, n, t, op, comm)) != MPI_SUCCESS) return rv;
  if (g.rank > 0 && (rv = MPI_Reduce_local(rb, s, n, t, op)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s, rb, n, t);
}

/* ---- MPI_Scatter ---- */
/* GL21: Bcast everything as bytes, keep the own block. Scratch p n, charged on every rank
   (the root packs into it where its type is not dense). */
IRR_DEF int IRR_Scatter_as_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  char *s;
  const char *all;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g) || (n = (size_t)(isroot ? sc : rc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)g.p + 1)))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot) {
    if ((rv = irr__gl_get(sb, 0, (int64_t)g.p * sc, st, s, &all)) != MPI_SUCCESS) return rv;
    if ((rv = MPI_Bcast((void *)(uintptr_t)all, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
    if (rb == MPI_IN_PLACE) return MPI_SUCCESS;
    return MPI_Sendrecv(irr__at(irr__base(sb), (MPI_Aint)root * sc * g.ext), sc, st, 0, 0, rb, rc, rt, 0, 0, MPI_COMM_SELF,
                        MPI_STATUS_IGNORE);
  }
  if ((rv = MPI_Bcast(s, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(s + n * (size_t)g.rank, rb, 0, rc, rt);
}
/* GL22: Scatterv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Scatter_as_scatterv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(sc, st) : irr__gl_sig(rc, rt)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, sc);
  return MPI_Scatterv(sb, c, c ? c + g.p : NULL, st, rb, rc, rt, root, comm);
}
/* ==== end guide/regular.h ==== */
/* ==== begin guide/irregular.h ==== */
/* The irregular guidelines (seed 000, Section 4): padded regular operations; irrcoll's own
   algorithms as alternatives for the v-collectives; the table of every mock-up. */

/* The padded irregular mock-ups work on bytes: block i is counts x signature size bytes on
   every rank, whatever type a rank uses; a rank whose type is not dense packs and unpacks. */

/* Unpack p padded blocks of mx bytes from s into the v buffer rb (counts, displacements in
   elements of rt), except block `skip` (in place: already there). */
static int irr__gl_put_padded(const char *s, int mx, void *rb, const int *rc, const int *dsp, MPI_Datatype rt, int p,
                              int skip) {
  int i, rv;
  for (i = 0; i < p; i++)
    if (i != skip && (rv = irr__gl_put(s + (size_t)mx * (size_t)i, rb, dsp[i], rc[i], rt)) != MPI_SUCCESS) return rv;
  return MPI_SUCCESS;
}

/* Gatherv as Allreduce(max count) + Gather of blocks padded to it. Scratch (p + 1) max, on
   every rank (the same need everywhere, decided after the Allreduce). */
IRR_DEF int IRR_Gatherv_as_allreduce_gather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                            const int dsp[], MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int mx = 0, mine, rv, ip = sb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *own;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g)) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  { /* the largest block in bytes, agreed; INT_MAX where a rank's own block is larger */
    int64_t b = (int64_t)(isroot ? rc[g.rank] : sc) * g.size;
    mine = b > INT_MAX ? INT_MAX : (int)b;
    if ((rv = MPI_Allreduce(&mine, &mx, 1, MPI_INT, MPI_MAX, comm)) != MPI_SUCCESS) return rv;
  }
  if ((int64_t)mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  if (!(ip && isroot)) {
    if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, (size_t)mine);
  }
  if ((rv = MPI_Gather(s, mx, MPI_BYTE, s + mx, mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put_padded(s + mx, mx, rb, rc, dsp, rt, g.p, ip ? root : -1) : MPI_SUCCESS;
}
/* Allgatherv as Allgather of padded blocks (every rank knows every count: no Allreduce).
   Scratch (p + 1) max. */
IRR_DEF int IRR_Allgatherv_as_allreduce_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                                  const int dsp[], MPI_Datatype rt, MPI_Comm comm) {
  irr__gl g;
  int i, rv, ip = sb == MPI_IN_PLACE;
  int64_t mx = 0;
  char *s;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g)) return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  for (i = 0; i < g.p; i++)
    if ((int64_t)rc[i] * g.size > mx) mx = (int64_t)rc[i] * g.size;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  rv = ip ? irr__gl_get(rb, dsp[g.rank], rc[g.rank], rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s) memcpy(s, own, (size_t)rc[g.rank] * (size_t)g.size);
  if ((rv = MPI_Allgather(s, (int)mx, MPI_BYTE, s + mx, (int)mx, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put_padded(s + mx, (int)mx, rb, rc, dsp, rt, g.p, ip ? g.rank : -1);
}
/* Scatterv as Bcast(max count) + Scatter of padded blocks. Scratch (p + 1) max, on every rank
   (decided after the Bcast, the same everywhere). */
IRR_DEF int IRR_Scatterv_as_bcast_scatter(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                          MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int64_t mx = 0;
  int i, rv, ip = rb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *blk;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g)) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++)
      if ((int64_t)sc[i] * g.size > mx) mx = (int64_t)sc[i] * g.size;
  if ((rv = MPI_Bcast(&mx, 1, MPI_INT64_T, root, comm)) != MPI_SUCCESS) return rv;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++) {
      char *at = s + mx + (size_t)mx * (size_t)i;
      if ((rv = irr__gl_get(sb, dsp[i], sc[i], st, at, &blk)) != MPI_SUCCESS) return rv;
      if (blk != at) memcpy(at, blk, (size_t)sc[i] * (size_t)g.size);
    }
  if ((rv = MPI_Scatter(s + mx, (int)mx, MPI_BYTE, s, (int)mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if (isroot && ip) return MPI_SUCCESS;
  return irr__gl_put(s, rb, 0, rc, rt);
}

/* ---- irrcoll's own algorithms as alternatives for the v-collectives: each calls the
   algorithm it names directly (auto: the communicator's choice) ---- */
#define IRR__GL_IRRV(name, alg)                                                                                               \
  IRR_DEF int IRR_Gatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[],     \
                                     MPI_Datatype rt, int root, MPI_Comm comm) {                                             \
    return irr__v_call_alg(0, rb, rc, NULL, dsp, NULL, rt, sb, sc, st, root, comm, MPI_SUCCESS, alg);                        \
  }                                                                                                                          \
  IRR_DEF int IRR_Scatterv_irr_##name(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,    \
                                      MPI_Datatype rt, int root, MPI_Comm comm) {                                            \
    return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, alg);                        \
  }
IRR__GL_IRRV(auto, IRR_ALG_AUTO)
IRR__GL_IRRV(tree, IRR_ALG_TREE)
IRR__GL_IRRV(binomial, IRR_ALG_BINOMIAL)
IRR__GL_IRRV(direct, IRR_ALG_DIRECT)
#undef IRR__GL_IRRV
IRR_DEF int IRR_Scatterv_irr_xtree(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                   MPI_Datatype rt, int root, MPI_Comm comm) { /* Scatterv only */
  return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, IRR_ALG_XTREE);
}
#define IRR__GL_IRRAG(name, alg)                                                                                              \
  IRR_DEF int IRR_Allgatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[], \
                                        MPI_Datatype rt, MPI_Comm comm) {                                                    \
    irr__counts c = {rc, dsp, NULL, NULL, 0, 0};                                                                                \
    return irr__ag_run(sb, sc, st, rb, &c, rt, comm, alg, 1);                                                                   \
  }
IRR__GL_IRRAG(auto, IRR_ALG_AUTO)
IRR__GL_IRRAG(ring, IRR_ALG_RING)
IRR__GL_IRRAG(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRAG(recdoubling, IRR_ALG_RECDOUBLING)
IRR__GL_IRRAG(hier, IRR_ALG_HIER)
IRR__GL_IRRAG(neighbor, IRR_ALG_NEIGHBOR)
IRR__GL_IRRAG(circulant, IRR_ALG_CIRCULANT)
#undef IRR__GL_IRRAG
#define IRR__GL_IRRA2A(name, alg)                                                                                         \
  IRR_DEF int IRR_Alltoallv_irr_##name(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb,       \
                                       const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm comm) {                \
    irr__counts s_ = {sc, sd, NULL, NULL, 0, 0}, r_ = {rc, rd, NULL, NULL, 0, 0};                                       \
    return irr__a2a_run(sb, &s_, st, rb, &r_, rt, comm, alg);                                                           \
  }
IRR__GL_IRRA2A(auto, IRR_ALG_AUTO)
IRR__GL_IRRA2A(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRA2A(linear, IRR_ALG_LINEAR)
IRR__GL_IRRA2A(direct, IRR_ALG_DIRECT)
#undef IRR__GL_IRRA2A
#define IRR__GL_IRRRS(name, alg)                                                                                          \
  IRR_DEF int IRR_Reduce_scatter_irr_##name(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op,        \
                                            MPI_Comm comm) {                                                            \
    irr__counts c_ = {rc, NULL, NULL, NULL, 0, 0};                                                                      \
    return irr__rs_run(sb, rb, &c_, t, op, comm, alg);                                                                  \
  }
IRR__GL_IRRRS(auto, IRR_ALG_AUTO)
IRR__GL_IRRRS(balanced, IRR_ALG_BALANCED)
IRR__GL_IRRRS(dominant, IRR_ALG_DOMINANT)
IRR__GL_IRRRS(spread, IRR_ALG_SPREAD)
IRR__GL_IRRRS(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRRS(halving, IRR_ALG_HALVING)
IRR__GL_IRRRS(ring, IRR_ALG_RING)
IRR__GL_IRRRS(pairwise, IRR_ALG_PAIRWISE)
IRR__GL_IRRRS(guarded, IRR_ALG_GUARDED)
#undef IRR__GL_IRRRS
IRR_DEF int IRR_Reduce_scatter_block_irr_auto(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, n};
  return irr__rs_run(sb, rb, &c, t, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block_irr_guarded(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                 MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, n};
  return irr__rs_run(sb, rb, &c, t, op, comm, IRR_ALG_GUARDED);
}
/* ---- the table: every mock-up by collective and name (PGMPITuneLib's names) ---- */
static const irr_gl_entry irr__gl_table[] = {
  {IRR_GL_ALLGATHER, "allgather_as_gather_bcast", "GL1", (irr_gl_fn)IRR_Allgather_as_gather_bcast},
  {IRR_GL_ALLGATHER, "allgather_as_alltoall", "GL2", (irr_gl_fn)IRR_Allgather_as_alltoall},
  {IRR_GL_ALLGATHER, "allgather_as_allreduce", "GL3", (irr_gl_fn)IRR_Allgather_as_allreduce},
  {IRR_GL_ALLGATHER, "allgather_as_allgatherv", "GL4", (irr_gl_fn)IRR_Allgather_as_allgatherv},
  {IRR_GL_ALLGATHER, "allgather_irr", "irrcoll", (irr_gl_fn)IRR_Allgather}, /* intergroup on intercommunicators */
  {IRR_GL_ALLREDUCE, "allreduce_as_reduce_bcast", "GL5", (irr_gl_fn)IRR_Allreduce_as_reduce_bcast},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatterblock_allgather", "GL6", (irr_gl_fn)IRR_Allreduce_as_reducescatterblock_allgather},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatter_allgatherv", "GL7", (irr_gl_fn)IRR_Allreduce_as_reducescatter_allgatherv},
  {IRR_GL_ALLTOALL, "alltoall_as_alltoallv", "GL8", (irr_gl_fn)IRR_Alltoall_as_alltoallv},
  {IRR_GL_BCAST, "bcast_as_allgatherv", "GL9", (irr_gl_fn)IRR_Bcast_as_allgatherv},
  {IRR_GL_BCAST, "bcast_as_scatter_allgather", "GL10", (irr_gl_fn)IRR_Bcast_as_scatter_allgather},
  {IRR_GL_GATHER, "gather_as_allgather", "GL11", (irr_gl_fn)IRR_Gather_as_allgather},
  {IRR_GL_GATHER, "gather_as_gatherv", "GL12", (irr_gl_fn)IRR_Gather_as_gatherv},
  {IRR_GL_GATHER, "gather_as_reduce", "GL13", (irr_gl_fn)IRR_Gather_as_reduce},
  {IRR_GL_REDUCE, "reduce_as_allreduce", "GL14", (irr_gl_fn)IRR_Reduce_as_allreduce},
  {IRR_GL_REDUCE, "reduce_as_reducescatterblock_gather", "GL15", (irr_gl_fn)IRR_Reduce_as_reducescatterblock_gather},
  {IRR_GL_REDUCE, "reduce_as_reducescatter_gatherv", "GL16", (irr_gl_fn)IRR_Reduce_as_reducescatter_gatherv},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reduce_scatter", "GL17", (irr_gl_fn)IRR_Reduce_scatter_block_as_reduce_scatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reducescatter", "GL18", (irr_gl_fn)IRR_Reduce_scatter_block_as_reducescatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_allreduce", "GL19", (irr_gl_fn)IRR_Reduce_scatter_block_as_allreduce},
  {IRR_GL_SCAN, "scan_as_exscan_reducelocal", "GL20", (irr_gl_fn)IRR_Scan_as_exscan_reducelocal},
  {IRR_GL_SCATTER, "scatter_as_bcast", "GL21", (irr_gl_fn)IRR_Scatter_as_bcast},
  {IRR_GL_SCATTER, "scatter_as_scatterv", "GL22", (irr_gl_fn)IRR_Scatter_as_scatterv},
  {IRR_GL_GATHERV, "gatherv_as_allreduce_gather", "Traff17-1", (irr_gl_fn)IRR_Gatherv_as_allreduce_gather},
  {IRR_GL_GATHERV, "gatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_auto},
  {IRR_GL_GATHERV, "gatherv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_tree},
  {IRR_GL_GATHERV, "gatherv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_binomial},
  {IRR_GL_GATHERV, "gatherv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_as_bcast_scatter", "Traff17-2", (irr_gl_fn)IRR_Scatterv_as_bcast_scatter},
  {IRR_GL_SCATTERV, "scatterv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_auto},
  {IRR_GL_SCATTERV, "scatterv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_tree},
  {IRR_GL_SCATTERV, "scatterv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_binomial},
  {IRR_GL_SCATTERV, "scatterv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_irr_xtree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_xtree},
  {IRR_GL_ALLGATHERV, "allgatherv_as_allreduce_allgather", "Traff17-3", (irr_gl_fn)IRR_Allgatherv_as_allreduce_allgather},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_auto},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_ring", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_ring},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_bruck},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_recdoubling", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_recdoubling},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_hier", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_hier},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_neighbor", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_neighbor},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_circulant", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_circulant},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_auto},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_bruck},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_linear", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_linear},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_direct},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reduce_scatter_block_irr_auto", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_block_irr_auto},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reduce_scatter_block_irr_guarded", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_block_irr_guarded},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_auto", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_auto},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_balanced", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_balanced},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_dominant", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_dominant},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_spread", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_spread},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_bruck},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_halving", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_halving},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_ring", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_ring},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_pairwise", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_pairwise},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_guarded", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_guarded},
};

IRR_DEF const irr_gl_entry *IRR_Guide_table(int *n) {
  if (n) *n = (int)(sizeof irr__gl_table / sizeof irr__gl_table[0]);
  return irr__gl_table;
}
IRR_DEF const char *IRR_Guide_coll_name(irr_gl_coll coll, int mpi) {
  static const char *const key[IRR_GL_NCOLL] = {"allgather", "allreduce", "alltoall", "bcast", "gather", "reduce",
                                                "reduce_scatter_block", "scan", "scatter", "gatherv", "scatterv",
                                                "allgatherv", "alltoallv", "reduce_scatter"};
  static const char *const name[IRR_GL_NCOLL] = {"MPI_Allgather", "MPI_Allreduce", "MPI_Alltoall", "MPI_Bcast", "MPI_Gather",
                                                 "MPI_Reduce", "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Scatter",
                                                 "MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoallv",
                                                 "MPI_Reduce_scatter"};
  if ((unsigned)coll >= (unsigned)IRR_GL_NCOLL) return NULL;
  return mpi ? name[coll] : key[coll];
}
IRR_DEF const irr_gl_entry *IRR_Guide_find(irr_gl_coll coll, const char *name) {
  int i, n;
  const irr_gl_entry *t = IRR_Guide_table(&n);
  for (i = 0; name && i < n; i++)
    if (t[i].coll == coll && strcmp(t[i].name, name) == 0) return &t[i];
  return NULL;
}
#undef IRR__AT
/* ==== end guide/irregular.h ==== */
#endif

/* ==== begin base/license.h ==== */
/* MIT License

   Copyright (c) 2026 the irrcoll developers

   Permission is hereby granted, free of charge, to any person obtaining a copy of this
   software and associated documentation files (the "Software"), to deal in the Software
   without restriction, including without limitation the rights to use, copy, modify, merge,
   publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
   to whom the Software is furnished to do so, subject to the following conditions:

   The above copyright notice and this permission notice shall be included in all copies or
   substantial portions of the Software.

   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
   INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
   PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
   FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
   OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
   DEALINGS IN THE SOFTWARE. */
/* ==== end base/license.h ==== */
