/* IRR_Gatherv and IRR_Scatterv: argument checks, algorithm choice, then one schedule run
   by the executor. Both collectives share this code: the root holds every block in a "v"
   buffer (Gatherv: recvbuf, Scatterv: sendbuf) and every rank has its own block (Gatherv:
   sendbuf, Scatterv: recvbuf). */

typedef struct irr__vargs {
  int scatter;
  const void *vuser, *ouser;   /* the user's pointers, as given (forwarded unchanged) */
  char *vbuf;                  /* the root's buffer of all blocks, as an address base */
  const int *counts, *displs;  /* the root's arrays: int (MPI_Gatherv) ... */
  const MPI_Count *counts_c;   /* ... or MPI_Count / MPI_Aint (MPI_Gatherv_c) */
  const MPI_Aint *displs_c;
  MPI_Datatype vtype;
  char *obuf;                  /* the own block */
  int64_t ocount;
  MPI_Datatype otype;
  int inplace_arg;             /* the IN_PLACE argument was given (sendbuf or recvbuf) */
  int root;
  MPI_Comm comm;
  int pre_err;                 /* an error the caller found (the rank takes part as with bad arguments) */
} irr__vargs;

static int irr__v_run(const irr__vargs *A) {
  irr__ctx *ctx = NULL;
  int rank, p, rc, err = MPI_SUCCESS, inter = 0, isroot, inplace, tag, i, coll, istree;
  int vbufk = A->scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obufk = A->scatter ? IRR_BUF_RECV : IRR_BUF_SEND;
  int64_t own = 0, *m_root = NULL, *vcd = NULL; /* root: sizes; counts and displs, widened */
  irr_alg alg;
  irr_tree t;
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  irr__exec X;
  unsigned char *wrote = NULL;

  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  memset(&X, 0, sizeof X);
  if (A->comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(A->comm, &inter)) != MPI_SUCCESS) return irr__raise(A->comm, rc);
  if (inter) { /* no intergroup algorithm for these: the native operation */
#if MPI_VERSION >= 4
    if (A->counts_c || A->displs_c)
      return A->scatter ? MPI_Scatterv_c(A->vuser, A->counts_c, A->displs_c, A->vtype, (void *)(uintptr_t)A->ouser,
                                         A->ocount, A->otype, A->root, A->comm)
                        : MPI_Gatherv_c(A->ouser, A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->counts_c,
                                        A->displs_c, A->vtype, A->root, A->comm);
#endif
    if (A->scatter)
      return MPI_Scatterv(A->vuser, A->counts, A->displs, A->vtype, (void *)(uintptr_t)A->ouser, (int)A->ocount,
                          A->otype, A->root, A->comm);
    return MPI_Gatherv(A->ouser, (int)A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->counts, A->displs,
                       A->vtype, A->root, A->comm);
  }
  if ((rc = irr__ctx_get(A->comm, &ctx)) != MPI_SUCCESS) return irr__raise(A->comm, rc);
  MPI_Comm_rank(A->comm, &rank);
  MPI_Comm_size(A->comm, &p);
  if (A->root < 0 || A->root >= p) return irr__raise(A->comm, MPI_ERR_ROOT);
  tag = (int)(ctx->seq++ % IRR__SEQ_MOD) * 2;
  isroot = rank == A->root;
  inplace = isroot && A->inplace_arg;

  /* Local checks. A rank with bad arguments records the error and still takes part with an
     empty block (receiving nothing into user memory), so every other rank completes. */
  if (A->inplace_arg && !isroot) err = MPI_ERR_BUFFER;
  if (!inplace) {
    if (A->ocount < 0) err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_info(A->otype, &ob.dt)) != MPI_SUCCESS) err = rc;
    else if (!irr__mul_ok(A->ocount, ob.dt.size, &own)) err = MPI_ERR_COUNT;
    else if (own > 0 && !A->obuf && ob.dt.true_lb == 0) err = MPI_ERR_BUFFER; /* NULL, not MPI_BOTTOM use */
  }
  if (isroot) {
    if ((!A->counts && !A->counts_c) || (!A->displs && !A->displs_c)) err = MPI_ERR_ARG;
    else if ((rc = irr__dt_info(A->vtype, &vb.dt)) != MPI_SUCCESS) err = rc;
    else if (!(m_root = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) err = MPI_ERR_NO_MEM;
    else {
      int64_t total = 0;
      vcd = m_root + p;
      for (i = 0; i < p; i++) {
        vcd[i] = A->counts ? (int64_t)A->counts[i] : (int64_t)A->counts_c[i];
        vcd[p + i] = A->displs ? (int64_t)A->displs[i] : (int64_t)A->displs_c[i];
      }
      for (i = 0; i < p; i++) {
        if (vcd[i] < 0 || !irr__mul_ok(vcd[i], vb.dt.size, &m_root[i]) ||
            !irr__add_ok(total, m_root[i], &total)) {
          err = MPI_ERR_COUNT;
          break;
        }
      }
      if (err == MPI_SUCCESS && total > 0 && !A->vbuf && vb.dt.true_lb == 0) err = MPI_ERR_BUFFER;
      if (err == MPI_SUCCESS && !A->inplace_arg && own > 0 && A->vbuf && A->vbuf == A->obuf) err = MPI_ERR_BUFFER;
      if (err == MPI_SUCCESS && inplace) own = m_root[rank];
      if (err == MPI_SUCCESS && !inplace && own != m_root[rank]) err = MPI_ERR_TRUNCATE;
    }
    if (A->pre_err != MPI_SUCCESS) err = A->pre_err;
    if (err != MPI_SUCCESS && m_root) {
      IRRCOLL_FREE(m_root);
      m_root = vcd = NULL;
    }
  }
  if (err != MPI_SUCCESS && err != MPI_ERR_TRUNCATE) own = 0;
  if (A->pre_err != MPI_SUCCESS) { /* the caller's error: take part as with bad arguments */
    err = A->pre_err;
    own = 0;
  }

  coll = A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
  alg = ctx->force[coll];
  if (alg == IRR_ALG_AUTO) alg = p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
  if (p == 1) alg = IRR_ALG_LINEAR; /* nothing to send */
  istree = alg == IRR_ALG_TREE || alg == IRR_ALG_BINOMIAL;

  if (istree) {
    irr_tree_init(&t, rank, p, A->root, alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, own);
    if ((rc = irr__tree_build_mpi(&t, ctx->pc, tag)) != MPI_SUCCESS) goto fail;
    if (m_root && err == MPI_SUCCESS) { /* what each subcube announced vs. the root's counts */
      int d, lo, hi;
      for (d = 0; d < t.levels; d++) {
        irr_tree_cube(((int64_t)rank >> d) ^ 1, d, p, &lo, &hi);
        if (lo < hi && t.heard[d] != irr__range_sum(m_root, lo, hi)) err = MPI_ERR_TRUNCATE;
      }
    }
  }
  i = irr_v_maxops(alg, p, rank, A->root);
  if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)i * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto fail; }
  irr_sched_init(&s, rank, p, ops, i);
  /* with a root-side mismatch of its own block, skip the local copy (inplace = 1) */
  {
    int skipcopy = inplace || err == MPI_ERR_TRUNCATE;
    irr_status st;
    if (!istree) /* linear or direct: the root's sizes from its counts (direct: probed) */
      st = irr__linear_v(A->scatter, alg == IRR_ALG_DIRECT, rank, p, A->root, own, isroot ? m_root : NULL, skipcopy, &s);
    else /* messages sized as announced in the construction: every receive fits */
      st = A->scatter ? irr_scatterv_tree(&t, NULL, skipcopy, 0, &s) : irr_gatherv_tree(&t, NULL, skipcopy, 0, &s);
    if (st == IRR_ERR_ARG && isroot && !m_root) st = IRR_OK; /* bad root arguments: linear, nothing to do */
    if (st != IRR_OK) { rc = st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN; goto fail; }
  }
  /* Where a subtree's announced size differs from the root's counts (or the root's counts are
     unusable), MPI must not see a truncated receive: MPICH reports those through
     MPI_COMM_WORLD's handler. Gatherv: take that subtree's message into scratch and drop it.
     Scatterv: send it 0-byte messages, which its ranks detect as short. */
  if (isroot && istree)
    for (i = 0; i < s.nops; i++) {
      irr_op *o = &s.ops[i];
      if (o->kind == IRR_OP_COPY || o->buf != vbufk) continue;
      if (m_root && irr__range_sum(m_root, o->blo, o->bhi) == o->len) continue;
      if (err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
      if (A->scatter) {
        o->buf = IRR_BUF_NONE;
      } else {
        o->buf = IRR_BUF_TMP;
        o->off = s.tmp;
        s.tmp += o->len;
      }
    }

  /* buffer views */
  vb.v = 1;
  vb.p = p;
  vb.base = A->vbuf;
  vb.counts = vcd;
  vb.displs = vcd ? vcd + p : NULL;
  vb.discard = !isroot || !m_root;
  ob.v = 0;
  ob.own = rank;
  ob.count = A->ocount;
  ob.base = A->obuf;
  ob.discard = inplace || (err != MPI_SUCCESS && err != MPI_ERR_TRUNCATE) || own == 0;
  if (inplace) ob.dt.contig = 1;
  if (!vb.discard && !vb.dt.contig && !A->scatter) {
    if (!(wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)p))) { rc = MPI_ERR_NO_MEM; goto fail; }
    memset(wrote, 0, (size_t)p);
    vb.wrote = wrote;
  }
  if ((rc = irr__buf_stage(&vb, A->scatter, ctx->pc)) != MPI_SUCCESS) goto fail;
  if ((rc = irr__buf_stage(&ob, !A->scatter, ctx->pc)) != MPI_SUCCESS) goto fail;
  X.s = &s;
  X.buf[vbufk] = &vb;
  X.buf[obufk] = &ob;
  X.comm = ctx->pc;
  X.tag = tag + 1;
  rc = irr__exec_run(&X);
  {
    int rc2 = irr__buf_unstage(&vb, !A->scatter, ctx->pc);
    int rc3 = irr__buf_unstage(&ob, A->scatter && !X.bad, ctx->pc);
    if (rc == MPI_SUCCESS) rc = rc2 != MPI_SUCCESS ? rc2 : rc3;
  }
  if (rc == MPI_SUCCESS && X.bad && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
fail:
  irr__buf_unstage(&vb, 0, ctx->pc);
  irr__buf_unstage(&ob, 0, ctx->pc);
  if (ops) IRRCOLL_FREE(ops);
  if (m_root) IRRCOLL_FREE(m_root);
  if (wrote) IRRCOLL_FREE(wrote);
  if (rc == MPI_SUCCESS) rc = err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(A->comm, rc);
}

/* User buffer as an address base: MPI_BOTTOM means address 0 (it is NULL in MPICH but a
   sentinel such as (void *)-111 elsewhere, e.g. SimGrid SMPI). */
static char *irr__base(const void *buf) { return buf == MPI_BOTTOM ? NULL : (char *)(uintptr_t)buf; }

/* Every entry point: the root's "v" buffer and the own block, in the shape irr__v_run takes. */
static int irr__v_call(int scatter, const void *vuser, const int *counts, const MPI_Count *counts_c,
                       const int *displs, const MPI_Aint *displs_c, MPI_Datatype vtype, const void *ouser,
                       int64_t ocount, MPI_Datatype otype, int root, MPI_Comm comm, int pre_err) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.scatter = scatter;
  A.vuser = vuser;
  A.ouser = ouser;
  A.vbuf = irr__base(vuser); /* Scatterv only reads it */
  A.counts = counts;
  A.counts_c = counts_c;
  A.displs = displs;
  A.displs_c = displs_c;
  A.vtype = vtype;
  A.inplace_arg = ouser == MPI_IN_PLACE;
  A.obuf = A.inplace_arg ? NULL : irr__base(ouser); /* Gatherv only reads it */
  A.ocount = ocount;
  A.otype = otype;
  A.root = root;
  A.comm = comm;
  A.pre_err = pre_err;
  return irr__v_run(&A);
}

IRR_DEF int IRR_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, recvcounts, NULL, displs, NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}

IRR_DEF int IRR_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, sendcounts, NULL, displs, NULL, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                          int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, NULL, recvcounts, NULL, displs, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}

IRR_DEF int IRR_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                           MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, NULL, sendcounts, NULL, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}
#endif

IRR_DEF int IRR_Comm_set_alg(MPI_Comm comm, irr_coll coll, irr_alg alg) {
  irr__ctx *ctx;
  int rc;
  if ((unsigned)coll >= IRR__NCOLL || (unsigned)alg >= (unsigned)IRR_ALG_COUNT) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->force[coll] = alg;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_get_alg(MPI_Comm comm, irr_coll coll, irr_alg *alg) {
  irr__ctx *ctx;
  int rc;
  if ((unsigned)coll >= IRR__NCOLL || !alg) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  *alg = ctx->force[coll];
  return MPI_SUCCESS;
}
