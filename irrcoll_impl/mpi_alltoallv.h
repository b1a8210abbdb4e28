/* IRR_Alltoallv: validate -> agree -> choose -> plan -> run (alltoallv.h).
     validate  this rank's arguments: its own error class (negative counts, NULL buffers with
               data, NULL or uncommitted types, MPI_IN_PLACE as recvbuf)
     agree     one MPI_Allreduce of IRR_A2A_NSTAT words (irr_alltoallv_stats: maxima and
               sums, one user operation): the choice's statistics, whether some rank's
               arguments are bad, and a hash of every (sender, receiver, bytes) from both ends
     choose    irr_alltoallv_choose from the agreed words: equal on every rank
     plan      linear: from the rank's own row and column; Bruck: q rounds of sizes
               (irr_alltoallv_bruck_meta_*), then the program
     run       irr__run_allv: staging, the executor
   Bad arguments never hang a rank: if some rank's are bad, no data moves, that rank returns
   its class and the others MPI_ERR_ARG; if a send and its receive differ in size (the hash),
   every rank takes part in a checked exchange (irr__a2a_checked): a receiver that gets more
   than it expects returns MPI_ERR_TRUNCATE and its buffer is untouched there; less is taken
   as MPICH and Open MPI take it (the rest of the block stays as it was). */

typedef struct irr__a2astate {
  int rank, p, tag, inplace, err;
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

/* agree: one MPI_Allreduce with irr_alltoallv_reduce as the operation */
static void irr__a2a_op(void *in, void *inout, int *len, MPI_Datatype *dt) {
  (void)dt;
  irr_alltoallv_reduce((const int64_t *)in, (int64_t *)inout, *len);
}
static int irr__a2a_agree(irr__ctx *ctx, irr__a2astate *A) {
  int64_t mine[IRR_A2A_NSTAT];
  MPI_Op op;
  int rc;
  irr_alltoallv_stats(A->rank, A->p, A->w + 2 * A->p, A->w + 5 * A->p, A->err != MPI_SUCCESS, mine);
  if ((rc = MPI_Op_create(irr__a2a_op, 1, &op)) != MPI_SUCCESS) return rc;
  rc = MPI_Allreduce(mine, A->v, IRR_A2A_NSTAT, MPI_INT64_T, op, ctx->pc);
  MPI_Op_free(&op);
  return rc;
}

/* Sizes differ between a sender and its receiver: every rank sends every block (empty ones
   too, so each receiver hears from every rank) and probes each arrival; one larger than the
   receiver expects is taken into scratch and reported (MPI_ERR_TRUNCATE). sbase/sdt: the send
   data (the in-place copy as bytes). */
static int irr__a2a_checked(irr__ctx *ctx, irr__a2astate *A, const char *sbase, const irr__dt *sdt, const int64_t *sdsp,
                            const int64_t *scnt, char *rbase) {
  int p = A->p, i, rc = MPI_SUCCESS, n = 0, trunc = 0;
  MPI_Request *req = (MPI_Request *)IRRCOLL_MALLOC((size_t)p * sizeof(MPI_Request));
  if (!req) return MPI_ERR_NO_MEM;
  for (i = 1; i < p && rc == MPI_SUCCESS; i++) {
    int d = (A->rank + i) % p;
    if (scnt[d] > INT_MAX) rc = MPI_ERR_COUNT;
    else rc = MPI_Isend(irr__at(sbase, (MPI_Aint)sdsp[d] * sdt->extent), (int)scnt[d], sdt->type, d, A->tag, ctx->pc,
                        &req[n++]);
  }
  for (i = 0; i < p && rc == MPI_SUCCESS; i++) {
    int src = (A->rank - i + p) % p, cnt = 0;
    int64_t want = A->w[5 * p + src];
    char *at = irr__at(rbase, (MPI_Aint)A->w[4 * p + src] * A->rdt.extent);
    MPI_Status st;
    if (i == 0) { /* the own block: the smaller of the two */
      int64_t have = scnt[src] * sdt->size;
      if (have > want) trunc = 1;
      else if (have > 0 && A->rdt.contig && sdt->contig)
        memcpy(irr__at(at, A->rdt.true_lb), irr__at(sbase, (MPI_Aint)sdsp[src] * sdt->extent + sdt->true_lb), (size_t)have);
      else if (have > 0)
        rc = MPI_Sendrecv(irr__at(sbase, (MPI_Aint)sdsp[src] * sdt->extent), (int)scnt[src], sdt->type, 0, 0, at,
                          (int)A->w[3 * p + src], A->rdt.type, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      continue;
    }
    if ((rc = MPI_Probe(src, A->tag, ctx->pc, &st)) != MPI_SUCCESS) break;
    if ((rc = MPI_Get_count(&st, MPI_BYTE, &cnt)) != MPI_SUCCESS) break;
    if ((int64_t)cnt > want) { /* more than the block holds: drain it, report */
      char *sink = (char *)IRRCOLL_MALLOC((size_t)cnt + 1);
      if (!sink) { rc = MPI_ERR_NO_MEM; break; }
      rc = MPI_Recv(sink, cnt, MPI_BYTE, src, A->tag, ctx->pc, MPI_STATUS_IGNORE);
      IRRCOLL_FREE(sink);
      trunc = 1;
    } else {
      rc = MPI_Recv(at, (int)A->w[3 * p + src], A->rdt.type, src, A->tag, ctx->pc, MPI_STATUS_IGNORE);
    }
  }
  for (i = 0; i < n; i++) {
    int e = MPI_Wait(&req[i], MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) rc = e;
  }
  IRRCOLL_FREE(req);
  return rc != MPI_SUCCESS ? rc : trunc ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
}

/* Bruck's size rounds: H ((q+1) p words) from the rank's sizes by destination. */
static int irr__a2a_meta(irr__ctx *ctx, irr__a2astate *A, int64_t *H) {
  int p = A->p, q = irr__a2a_q(p), k, rc = MPI_SUCCESS;
  int64_t *buf = (int64_t *)IRRCOLL_MALLOC((size_t)(p + 1) * sizeof(int64_t));
  if (!buf) return MPI_ERR_NO_MEM;
  irr_alltoallv_bruck_meta_init(A->rank, p, A->w + 2 * p, H);
  for (k = 0; k < q && rc == MPI_SUCCESS; k++) {
    int n = irr__a2a_npos(p, k), to = (A->rank + (1 << k)) % p, from = (A->rank - (1 << k) % p + p) % p;
    irr_alltoallv_bruck_meta_pack(p, k, H, buf);
    rc = MPI_Sendrecv_replace(buf, n, MPI_INT64_T, to, A->tag, from, A->tag, ctx->pc, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) irr_alltoallv_bruck_meta_step(p, k, H, buf);
  }
  IRRCOLL_FREE(buf);
  return rc;
}

/* plan: this rank's program for alg (after the agreement; Bruck: after its size rounds) */
static int irr__a2a_plan(irr__ctx *ctx, irr__a2astate *A, irr_alg alg, irr_sched *s, irr_op **ops) {
  int p = A->p, cap = irr_alltoallv_maxops(alg, p), rc;
  irr_status st;
  if (!(*ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
  irr_sched_init(s, A->rank, p, *ops, cap);
  if (alg == IRR_ALG_BRUCK) {
    int q = irr__a2a_q(p);
    int64_t *H = (int64_t *)IRRCOLL_MALLOC((size_t)p * (q + 2) * sizeof(int64_t));
    int *loc = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
    if (!H || !loc) rc = MPI_ERR_NO_MEM;
    else rc = irr__a2a_meta(ctx, A, H + p);
    st = rc == MPI_SUCCESS ? irr_alltoallv_bruck(A->rank, p, H + p, 0, loc, H, s) : IRR_OK;
    if (H) IRRCOLL_FREE(H);
    if (loc) IRRCOLL_FREE(loc);
    if (rc != MPI_SUCCESS) return rc;
  } else {
    st = irr_alltoallv_linear(A->rank, p, A->w + 2 * p, A->w + 5 * p, 0, s);
  }
  return st == IRR_OK ? MPI_SUCCESS : MPI_ERR_INTERN;
}

/* Everything up to the run, kept by a persistent request (mpi_request.h). mode: what a run
   does: IRR__A2A_RUN the program, IRR__A2A_NONE nothing (some rank's arguments are bad: A.err
   is this rank's result), IRR__A2A_CHECKED the checked exchange (sizes differ). */
enum { IRR__A2A_RUN, IRR__A2A_NONE, IRR__A2A_CHECKED };
typedef struct irr__a2aplan {
  irr__ctx *ctx;
  irr__a2astate A;
  irr_sched s;
  irr_op *ops;
  irr__buf rb, sb;
  const void *recvbuf, *sendbuf;
  char *copy;       /* MPI_IN_PLACE: the receive blocks packed (the send data), made at each run */
  int64_t *offs;
  int mode;
  irr_alg alg;
} irr__a2aplan;

static void irr__a2a_plan_free(irr__a2aplan *L) {
  if (L->A.w) IRRCOLL_FREE(L->A.w);
  if (L->ops) IRRCOLL_FREE(L->ops);
  if (L->copy) IRRCOLL_FREE(L->copy);
  if (L->offs) IRRCOLL_FREE(L->offs);
  L->A.w = NULL, L->ops = NULL, L->copy = NULL, L->offs = NULL;
}

/* validate, agree (nocomm: not; the linear exchange, no check across ranks), choose, plan.
   An error returned is MPI's or memory's; L->A.err this rank's argument error. */
static int irr__a2a_setup(const void *sendbuf, const irr__counts *sc, MPI_Datatype sendtype, void *recvbuf,
                          const irr__counts *rcn, MPI_Datatype recvtype, MPI_Comm comm, int nocomm, irr_alg forced,
                          irr__a2aplan *L) {
  irr__a2astate *A = &L->A;
  int rc, p;
  if ((rc = irr__ctx_get(comm, &L->ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, &A->rank);
  MPI_Comm_size(comm, &A->p);
  p = A->p;
  A->tag = (int)(L->ctx->seq++ % IRR__SEQ_MOD) * 2;
  A->inplace = sendbuf == MPI_IN_PLACE;
  L->recvbuf = recvbuf, L->sendbuf = sendbuf;
  if ((rc = irr__a2a_validate(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, A, L->ctx->pc)) != MPI_SUCCESS) return rc;
  if (nocomm) {
    L->mode = A->err != MPI_SUCCESS ? IRR__A2A_NONE : IRR__A2A_RUN;
  } else {
    if ((rc = irr__a2a_agree(L->ctx, A)) != MPI_SUCCESS) return rc;
    L->mode = irr_alltoallv_bad(A->v) == 1 ? IRR__A2A_NONE : irr_alltoallv_bad(A->v) == 2 ? IRR__A2A_CHECKED : IRR__A2A_RUN;
    if (L->mode == IRR__A2A_NONE && A->err == MPI_SUCCESS) A->err = MPI_ERR_ARG;
  }
  if (L->mode == IRR__A2A_NONE) return MPI_SUCCESS;
  if (A->inplace) { /* the send data will be a packed copy of the receive blocks, as bytes */
    int s;
    int64_t tot = 0;
    if (!(L->offs = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
    for (s = 0; s < p; s++) L->offs[s] = tot, tot += A->w[5 * p + s];
    if (!(L->copy = (char *)IRRCOLL_MALLOC((size_t)(tot > 0 ? tot : 1)))) return MPI_ERR_NO_MEM;
    memcpy(A->w, A->w + 5 * p, (size_t)p * sizeof(int64_t)); /* counts in bytes */
    memcpy(A->w + p, L->offs, (size_t)p * sizeof(int64_t));
    A->sdt.type = MPI_BYTE, A->sdt.size = 1, A->sdt.extent = 1, A->sdt.true_lb = 0, A->sdt.true_extent = 1, A->sdt.contig = 1;
  }
  if (L->mode == IRR__A2A_CHECKED) return MPI_SUCCESS;
  if (forced == IRR_ALG_AUTO) forced = irr__forced(L->ctx, IRR_COLL_ALLTOALLV);
  L->alg = nocomm ? IRR_ALG_LINEAR : irr_alltoallv_choose(forced, p, A->v, L->ctx->md);
  if ((rc = irr__a2a_plan(L->ctx, A, L->alg, &L->s, &L->ops)) != MPI_SUCCESS) return rc;
  L->rb.v = 1, L->rb.a2a = 2, L->rb.p = p, L->rb.own = A->rank, L->rb.dt = A->rdt, L->rb.base = irr__base(recvbuf);
  L->rb.counts = A->w + 3 * p, L->rb.displs = A->w + 4 * p;
  L->sb.v = 1, L->sb.a2a = 1, L->sb.p = p, L->sb.own = A->rank, L->sb.dt = A->sdt;
  L->sb.base = A->inplace ? L->copy : irr__base(sendbuf);
  L->sb.counts = A->w, L->sb.displs = A->w + p;
  return MPI_SUCCESS;
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
#if MPI_VERSION >= 4
    if (sc->cc) return MPI_Alltoallv_c(sendbuf, sc->cc, sc->dc, sendtype, recvbuf, rcn->cc, rcn->dc, recvtype, comm);
#endif
    return MPI_Alltoallv(sendbuf, sc->ci, sc->di, sendtype, recvbuf, rcn->ci, rcn->di, recvtype, comm);
  }
  if ((rc = irr__a2a_setup(sendbuf, sc, sendtype, recvbuf, rcn, recvtype, comm, 0, forced, &L)) == MPI_SUCCESS &&
      L.mode != IRR__A2A_NONE && (rc = irr__a2a_copy_in(&L)) == MPI_SUCCESS) {
    if (L.mode == IRR__A2A_CHECKED) {
      rc = irr__a2a_checked(L.ctx, &L.A, L.A.inplace ? L.copy : irr__base(sendbuf), &L.A.sdt, L.A.w + L.A.p, L.A.w,
                            irr__base(recvbuf));
    } else {
      int bad = 0;
      rc = irr__run_allv(L.ctx, &L.s, L.ctx->pc, L.A.tag + 1, &L.rb, &L.sb, 0, &bad);
      if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE;
    }
  }
  if (rc == MPI_SUCCESS) rc = L.A.err;
  irr__a2a_plan_free(&L);
  return irr__raise(comm, rc);
}

IRR_DEF int IRR_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {NULL, NULL, sendcounts, sdispls, 0, 0}, rc = {NULL, NULL, recvcounts, rdispls, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}
#endif
