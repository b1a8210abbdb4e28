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
