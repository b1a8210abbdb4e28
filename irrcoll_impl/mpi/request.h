/* MPI layer: requests of persistent and nonblocking calls (MPI-4 semantics; contract:
   api/decl.h; their init and start: mpi/persist.h). Init runs validate -> choose -> plan once, the blocking
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
