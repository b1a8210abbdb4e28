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
