/* MPI layer: persistent Gatherv, Scatterv and Allgatherv (MPI-4 semantics) and their
   requests (contract: irrcoll.in.h). Init runs validate -> choose -> plan once, the blocking
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

/* Persistent Scatterv's program (irr_scatterv_known, registry_build.h) from the sizes m. A
   rank whose own block must stay unwritten (the root sends it more than its count:
   MPI_ERR_TRUNCATE, or bad arguments) takes its data into scratch. Memory at init: O(p) on
   every rank for the ranges (freed here); the program holds the rank's own range. */
static int irr__sv_plan(struct irr_request_s *R, const int64_t *m, irr_alg alg) {
  irr__vstate *V = &R->V;
  int p = V->p, r = V->rank, root = R->A.root, *rg = NULL, cap, keep, skipcopy;
  int64_t *w = NULL, thresh = irr_gatherv_thresh(V->ctx->md);
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
  R->ag = 1;
  if ((rc = irr__ag_setup(sendbuf, sendcount, sendtype, recvbuf, c, recvtype, comm, IRR_ALG_AUTO, &R->ctx, &R->G,
                          &R->s, &R->ops, &R->vb, &R->ob)) != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  R->err0 = R->G.err;
  return irr__req_ready(R, MPI_SUCCESS, request);
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

IRR_DEF int IRR_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  (void)info;
  return irr__ag_init(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, request);
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
  R->ag = 1, R->oneshot = 1, R->G.nocomm = 1;
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


/* ---- Alltoallv: persistent and nonblocking (mpi_alltoallv.h). Init runs the blocking call's
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
  rc = irr__a2a_setup(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, comm, nonblocking, IRR_ALG_AUTO, L);
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
