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
