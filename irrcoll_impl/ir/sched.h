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
