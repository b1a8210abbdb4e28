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
