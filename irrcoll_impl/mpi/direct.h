/* MPI layer, the direct exchanges: messages posted straight between the user's buffers in
   their own datatypes, no program, no staging, no executor (MPI packs, as in its own linear
   algorithms). They serve where a call's messages are one per pair and nothing needs
   agreeing first: Alltoallv's direct exchange (mpi/alltoallv.h) and the direct Gatherv and
   Scatterv (mpi/rooted.h), blocking calls only.

   Nothing is agreed before the data, so a rank with bad arguments still sends each peer its
   one message, a 0-byte poison under the call's even tag (data go under the odd one), and
   takes its peers' messages into nothing; receives take any tag from their source, and the
   tag tells the receiver. Any tag cannot match another call's message: these exchanges have
   a communicator of their own (ctx->pd, irr__dx_comm), blocking calls alone use it, every
   pair exchanges at most one message a call, always the same pairs for the same call, and
   MPI matches a sender's messages in the order sent.

   A message larger than its receive: MPI's truncation (MPI_ERR_TRUNCATE at the receiver,
   the block's bytes undefined, nothing written past it) where MPI keeps it inside the block;
   elsewhere (IRR_DX_PROBE) a matched probe tells each message's size first, and a larger one
   is taken whole into scratch and dropped (the block untouched). */

/* How the direct exchanges receive. 0: every receive posted before the data arrive (MPICH;
   SMPI, which has no matched probe). 1: each receive posted once a matched probe has told
   its size: Open MPI 4.1's ob1 writes a larger rendezvous message past a shorter receive
   (test_alltoallv's "80 KB more" at 12 ranks wrote 8 bytes beyond the block), and other
   libraries are not known to be safe. Tests set it to run the other way. */
#ifndef IRR_DX_PROBE
#if defined(MPICH_VERSION) || defined(SMPI_H) || MPI_VERSION < 3
#define IRR_DX_PROBE 0
#else
#define IRR_DX_PROBE 1
#endif
#endif

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

/* One send: the block (buf, n, t), or the poison (bad). */
static int irr__dx_send(int bad, void *buf, int64_t n, MPI_Datatype t, int peer, int tag, MPI_Comm pc, MPI_Request *r) {
  return bad ? MPI_Isend(NULL, 0, MPI_BYTE, peer, tag, pc, r) : irr__dx_post(0, buf, n, t, peer, tag + 1, pc, r);
}

/* A rank's receives, one per source: the block of source i is count[i] elements of type at
   base + displ[i] * extent, bytes[i] bytes (its receive count); a single block (count NULL:
   count1 elements, bytes1 bytes, at base) for any source. bad: into nothing. */
typedef struct irr__dxin {
  char *base;
  MPI_Aint extent;
  MPI_Datatype type;
  const int64_t *count, *displ, *bytes;
  int64_t count1, bytes1;
  int bad, tag;                /* the call's even tag (the poison's) */
  int arg, trunc;              /* out: a poison came; a message came larger than its block */
} irr__dxin;

/* The receive from src: posted into its block (*ok), or with a matched probe (msg: got
   bytes), a larger message, the poison or any message to a bad rank taken whole into
   scratch and dropped. */
static int irr__dx_recv1(irr__dxin *I, int src, MPI_Comm pc, MPI_Message *msg, int64_t got, MPI_Request *r, int *ok) {
  int64_t n = I->count ? I->count[src] : I->count1;
  char *at = I->count ? irr__at(I->base, (MPI_Aint)I->displ[src] * I->extent) : I->base;
  *ok = 0;
#if IRR_DX_PROBE
  if (msg) {
    int rc;
    char *tmp;
    if (!I->bad && got <= (I->count ? I->bytes[src] : I->bytes1)) {
      *ok = 1;
#if MPI_VERSION >= 4
      if (n > INT_MAX) return MPI_Imrecv_c(at, (MPI_Count)n, I->type, msg, r);
#endif
      return MPI_Imrecv(at, (int)n, I->type, msg, r);
    }
    if (got > INT_MAX) return MPI_ERR_COUNT; /* not to be dropped in one piece: never from a correct call */
    tmp = got > 0 ? (char *)IRRCOLL_MALLOC((size_t)got) : NULL;
    rc = MPI_Mrecv(tmp, tmp ? (int)got : 0, MPI_BYTE, msg, MPI_STATUS_IGNORE);
    if (tmp) IRRCOLL_FREE(tmp);
    return rc == MPI_SUCCESS && got > 0 && !tmp ? MPI_ERR_NO_MEM : rc;
  }
#else
  (void)msg, (void)got;
#endif
  if (I->bad) return MPI_Irecv(NULL, 0, MPI_BYTE, src, MPI_ANY_TAG, pc, r);
  *ok = 1;
  return irr__dx_post(1, at, n, I->type, src, MPI_ANY_TAG, pc, r);
}

/* Post the receives from the n sources src(0..n-1) (src(i) = (from - i * step) mod p, step
   1 or 0), into rq (*nr of them, counted on). Without IRR_DX_PROBE all of them now;
   with it, call after the sends: it probes until every source's message is matched, taking
   each as irr__dx_recv1 says. done: n bytes of workspace (IRR_DX_PROBE only). */
static int irr__dx_recvs(irr__dxin *I, int from, int step, int n, int p, MPI_Comm pc, char *done, MPI_Request *rq, int *nr) {
  int i, rc = MPI_SUCCESS, ok;
#if IRR_DX_PROBE
  int left = n;
  memset(done, 0, (size_t)n);
  while (left > 0 && rc == MPI_SUCCESS)
    for (i = 0; i < n && rc == MPI_SUCCESS; i++) {
      int src = ((from - i * step) % p + p) % p, flag = 0, poison;
      MPI_Message msg;
      MPI_Status st;
      MPI_Count got = 0;
      if (done[i] || (rc = MPI_Improbe(src, MPI_ANY_TAG, pc, &flag, &msg, &st)) != MPI_SUCCESS || !flag) continue;
      done[i] = 1, left--;
      MPI_Get_elements_x(&st, MPI_BYTE, &got);
      poison = st.MPI_TAG == I->tag;
      I->arg |= poison;
      if (poison) {
        int bad = I->bad;
        I->bad = 1, rc = irr__dx_recv1(I, src, pc, &msg, 0, &rq[*nr], &ok), I->bad = bad;
      } else {
        rc = irr__dx_recv1(I, src, pc, &msg, (int64_t)got, &rq[*nr], &ok);
        if (!ok && !I->bad) I->trunc = 1;
      }
      if (ok) ++*nr;
    }
#else
  (void)done;
  for (i = 0; i < n && rc == MPI_SUCCESS; i++)
    if ((rc = irr__dx_recv1(I, ((from - i * step) % p + p) % p, pc, NULL, 0, &rq[*nr], &ok)) == MPI_SUCCESS) ++*nr;
#endif
  return rc;
}

/* Complete nr receives one at a time (a truncated one fails alone: MPICH would raise a
   failed MPI_Waitall's on MPI_COMM_WORLD's handler), noting poison and truncation in I,
   then ns sends. Returns MPI's other errors. */
static int irr__dx_wait(irr__dxin *I, MPI_Request *rq, int nr, MPI_Request *sq, int ns) {
  int i, rc = MPI_SUCCESS, rc2;
  for (i = 0; i < nr; i++) {
    int k;
    MPI_Status st;
    rc2 = MPI_Waitany(nr, rq, &k, &st);
    if (rc2 != MPI_SUCCESS) {
      int c = rc2;
      MPI_Error_class(rc2, &c);
      if (c == MPI_ERR_TRUNCATE) I->trunc |= !I->bad;
      else if (rc == MPI_SUCCESS) rc = rc2;
      if (k == MPI_UNDEFINED) break;
    } else if (st.MPI_TAG == I->tag) I->arg = 1;
  }
  for (i = 0; i < ns; i++)
    if ((rc2 = MPI_Wait(&sq[i], MPI_STATUS_IGNORE)) != MPI_SUCCESS && rc == MPI_SUCCESS) rc = rc2;
  return rc;
}

/* A rank's own block, copied (as MPI's own linear algorithms do; a message to itself would
   meet Open MPI 4.1's self transport, which writes a larger message past a shorter
   receive): n bytes, from count elements of sdt at src into those of rdt at dst (rcount
   elements of room, rbytes bytes); all of it, the start of the block if it is shorter,
   nothing if it is larger (*trunc). */
static int irr__dx_copy(char *src, int64_t count, const irr__dt *sdt, int64_t n, char *dst, const irr__dt *rdt,
                        int64_t rbytes, MPI_Comm pc, int *trunc) {
  char *tmp;
  int rc;
  if (n > rbytes) return *trunc = 1, MPI_SUCCESS;
  if (n == 0) return MPI_SUCCESS;
  if (sdt->contig && rdt->contig) return memcpy(dst + rdt->true_lb, src + sdt->true_lb, (size_t)n), MPI_SUCCESS;
  if (!(tmp = (char *)IRRCOLL_MALLOC((size_t)n))) return MPI_ERR_NO_MEM;
  rc = irr__pack(0, src, count, sdt, tmp, pc);
  if (rc == MPI_SUCCESS) rc = irr__pack(1, dst, n / rdt->size, rdt, tmp, pc);
  IRRCOLL_FREE(tmp);
  return rc;
}
