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
