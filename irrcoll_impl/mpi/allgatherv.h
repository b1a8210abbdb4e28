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
