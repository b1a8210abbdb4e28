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
