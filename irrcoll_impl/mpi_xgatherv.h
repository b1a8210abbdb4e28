/* IRR_XGatherv: the tree with sizes riding along (xv.h), or direct on few ranks. */

/* The root's receive buffer while the counts are unknown: a byte view in which each child
   subtree's range is one block (its total, heard during the construction) at consecutive
   offsets. It is the user's buffer when the layout is consecutive and the type contiguous,
   else scratch that is placed afterwards. */
static void irr__xroot_view(irr__buf *vb, int p, int rank, const irr_tree *t, int64_t own, int64_t *fake, char *base) {
  int d, lo, hi, i;
  int64_t at = 0;
  memset(fake, 0, (size_t)p * 2 * sizeof(int64_t));
  for (d = 0; d < t->levels; d++) { /* heard[d] < 0: no such subcube */
    irr_tree_cube(((int64_t)rank >> d) ^ 1, d, p, &lo, &hi);
    if (lo < hi) fake[lo] = t->heard[d];
  }
  fake[rank] = own;
  for (i = 0; i < p; i++) {
    fake[p + i] = at;
    at += fake[i];
  }
  memset(vb, 0, sizeof *vb);
  vb->v = 1;
  vb->p = p;
  vb->base = base;
  vb->counts = fake;
  vb->displs = fake + p;
  vb->dt.type = MPI_BYTE;
  vb->dt.size = vb->dt.extent = 1;
  vb->dt.contig = 1;
}

static int irr__xgatherv_unknown(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recv_max_count, int *recvcounts, int *displs, MPI_Datatype recvtype,
                                 int root, irr__ctx *ctx, int rank, int p, int tag) {
  int rc = MPI_SUCCESS, err = MPI_SUCCESS, isroot = rank == root, consec = 0, i, lo = 0, hi = 1;
  int64_t own = 0, bound = -1, *bytes = NULL, *cnt = NULL, *dsp = NULL, *fake = NULL, *off = NULL;
  irr__dt sdt, rdt;
  irr_alg alg = ctx->force[IRR_COLL_GATHERV];
  char *scratch = NULL;
  irr_op *ops = NULL;
  memset(&sdt, 0, sizeof sdt);
  memset(&rdt, 0, sizeof rdt);
  if (sendbuf == MPI_IN_PLACE) err = MPI_ERR_ARG; /* the root's own count would be unknown */
  else if (sendcount < 0) err = MPI_ERR_COUNT;
  else if ((rc = irr__dt_info(sendtype, &sdt)) != MPI_SUCCESS) err = rc;
  else if ((own = (int64_t)sendcount * sdt.size) > 0 && !sendbuf && sdt.true_lb == 0) err = MPI_ERR_BUFFER;
  rc = MPI_SUCCESS;
  if (err != MPI_SUCCESS) own = 0;
  if (isroot) {
    int e2 = MPI_SUCCESS;
    if (!displs) e2 = MPI_ERR_ARG;
    else if ((rc = irr__dt_info(recvtype, &rdt)) != MPI_SUCCESS) e2 = rc;
    else if ((bound = irr__xbound(recv_max_count, rdt.size)) < 0) e2 = MPI_ERR_COUNT;
    else if (bound > 0 && !recvbuf && rdt.true_lb == 0) e2 = MPI_ERR_BUFFER;
    rc = MPI_SUCCESS;
    if (e2 == MPI_SUCCESS) consec = displs[0] == IRR_DISPL_CONSECUTIVE;
    if (e2 != MPI_SUCCESS) err = e2;
    bytes = (int64_t *)IRRCOLL_MALLOC((size_t)p * 6 * sizeof(int64_t));
    if (!bytes) { rc = MPI_ERR_NO_MEM; goto out; }
    memset(bytes, 0, (size_t)p * 6 * sizeof(int64_t));
    cnt = bytes + p;
    dsp = cnt + p;
    fake = dsp + p; /* 2p */
    off = fake + 2 * p;
  }
  if (alg == IRR_ALG_AUTO) alg = p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
  if (alg == IRR_ALG_LINEAR) alg = IRR_ALG_DIRECT;

  if (alg == IRR_ALG_DIRECT || p == 1) {
    /* Every rank sends its block (empty ones too) to the root, which probes the sizes in
       rank order and takes each block as soon as its place is known (consecutive: after the
       sizes of all lower ranks), in place with the user's type. A block that does not fit,
       or follows one that did not, or is not whole elements, is drained. */
    MPI_Request *rq;
    int64_t at = 0;
    if (!isroot) {
      rc = own > 0 ? MPI_Send(sendbuf, sendcount, sendtype, root, tag + 1, ctx->pc)
                   : MPI_Send(NULL, 0, MPI_BYTE, root, tag + 1, ctx->pc);
      goto out;
    }
    if (!(rq = (MPI_Request *)IRRCOLL_MALLOC((size_t)p * sizeof(MPI_Request)))) { rc = MPI_ERR_NO_MEM; goto out; }
    for (i = 0; i < p; i++) rq[i] = MPI_REQUEST_NULL;
    for (i = 0; i < p && rc == MPI_SUCCESS; i++) {
      MPI_Status st;
      int c = 0, fits;
      if (i != root) {
        if ((rc = MPI_Probe(i, tag + 1, ctx->pc, &st)) != MPI_SUCCESS) break;
        MPI_Get_count(&st, MPI_BYTE, &c);
      }
      bytes[i] = i == root ? own : c;
      if (err == MPI_SUCCESS && (rdt.size > 0 ? bytes[i] % rdt.size : bytes[i] > 0)) err = MPI_ERR_TYPE;
      cnt[i] = rdt.size > 0 ? bytes[i] / rdt.size : 0;
      dsp[i] = consec ? at : (displs ? (int64_t)displs[i] : 0);
      at = irr__sat_add(at, cnt[i]);
      fits = cnt[i] == 0 || (dsp[i] >= 0 && dsp[i] + cnt[i] <= (int64_t)recv_max_count);
      if (err == MPI_SUCCESS && !fits) err = MPI_ERR_TRUNCATE;
      if (i == root) {
        if (err == MPI_SUCCESS && own > 0)
          rc = MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, tag,
                            irr__at(irr__base(recvbuf), (MPI_Aint)dsp[i] * rdt.extent), (int)cnt[i], recvtype, rank,
                            tag, ctx->pc, MPI_STATUS_IGNORE);
      } else if (err == MPI_SUCCESS) {
        rc = MPI_Irecv(irr__at(irr__base(recvbuf), (MPI_Aint)dsp[i] * rdt.extent), (int)cnt[i], recvtype, i, tag + 1,
                       ctx->pc, &rq[i]);
      } else {
        rc = irr__xdrain(ctx->pc, i, tag + 1, c);
      }
    }
    for (i = 0; i < p; i++)
      if (rq[i] != MPI_REQUEST_NULL) {
        int rc2 = MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = rc2;
      }
    IRRCOLL_FREE(rq);
    if (rc == MPI_SUCCESS && err != MPI_SUCCESS) /* the counts of the rest, for the caller */
      (void)irr__xlayout(p, bytes, rdt.size, consec, displs, recv_max_count, cnt, dsp);
  } else {
    irr_tree t;
    irr_sched s;
    irr__buf vb, ob;
    irr__exec X;
    int direct;
    irr_tree_init(&t, rank, p, root, alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, own);
    if ((rc = irr__tree_build_mpi(&t, ctx->pc, tag)) != MPI_SUCCESS) goto out;
    i = irr_v_maxops(IRR_ALG_TREE, p, rank, root);
    if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)i * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto out; }
    irr_sched_init(&s, rank, p, ops, i);
    if (irr_xgatherv_tree(&t, 0, &s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
    /* the sizes this rank collects: its subcube's (the root: everyone's) */
    if (!isroot) irr_tree_cube((int64_t)rank >> t.send_level, t.send_level, p, &lo, &hi);
    else hi = p;
    if (!isroot && !(cnt = (int64_t *)IRRCOLL_MALLOC((size_t)(hi - lo) * sizeof(int64_t)))) { rc = MPI_ERR_NO_MEM; goto out; }
    memset(isroot ? bytes : cnt, 0, (size_t)(hi - lo) * sizeof(int64_t));
    memset(&vb, 0, sizeof vb);
    memset(&ob, 0, sizeof ob);
    memset(&X, 0, sizeof X);
    X.cnt = isroot ? bytes : cnt;
    X.cnt_lo = lo;
    X.cnt[rank - lo] = own;
    direct = 0;
    if (isroot) { /* the subtree totals are known now: fits? in place? */
      int64_t total;
      irr__xroot_view(&vb, p, rank, &t, own, fake, NULL);
      total = fake[2 * p - 1] + fake[p - 1];
      if (err == MPI_SUCCESS && consec && total > bound) err = MPI_ERR_TRUNCATE;
      direct = err == MPI_SUCCESS && consec && rdt.contig;
      if (!direct && !(scratch = (char *)IRRCOLL_MALLOC((size_t)total + 1))) { rc = MPI_ERR_NO_MEM; goto out; }
      vb.base = direct ? irr__at(irr__base(recvbuf), rdt.true_lb) : scratch;
    } else {
      vb.discard = 1;
    }
    ob.dt = sdt;
    ob.own = rank;
    ob.count = own > 0 ? sendcount : 0;
    ob.base = irr__base(sendbuf);
    ob.discard = own == 0;
    if ((rc = irr__buf_stage(&ob, 1, ctx->pc)) != MPI_SUCCESS) { irr__buf_unstage(&ob, 0, ctx->pc); goto out; }
    X.s = &s;
    X.buf[IRR_BUF_RECV] = &vb;
    X.buf[IRR_BUF_SEND] = &ob;
    X.comm = ctx->pc;
    X.tag = tag + 1;
    rc = irr__exec_run(&X);
    irr__buf_unstage(&ob, 0, ctx->pc);
    if (rc == MPI_SUCCESS && X.bad && err == MPI_SUCCESS) err = MPI_ERR_INTERN; /* sizes announced, then not sent */
    if (rc != MPI_SUCCESS || !isroot) goto out;
    { /* the root: every size is known now */
      int e2 = irr__xlayout(p, bytes, rdt.size, consec, displs, recv_max_count, cnt, dsp);
      if (err == MPI_SUCCESS) err = e2;
      if (err == MPI_SUCCESS && !direct) {
        for (i = 0; i < p; i++) off[i] = i ? off[i - 1] + bytes[i - 1] : 0;
        rc = irr__xplace(irr__base(recvbuf), &rdt, p, bytes, off, dsp, scratch, ctx->pc);
      }
    }
  }
  if (rc == MPI_SUCCESS && isroot && recvcounts) {
    int e3 = irr__xreturn(p, cnt, dsp, recvcounts, displs, consec && displs);
    if (err == MPI_SUCCESS) err = e3;
  }
out:
  if (!isroot && cnt) IRRCOLL_FREE(cnt);
  if (bytes) IRRCOLL_FREE(bytes);
  if (scratch) IRRCOLL_FREE(scratch);
  if (ops) IRRCOLL_FREE(ops);
  return rc != MPI_SUCCESS ? rc : err;
}

IRR_DEF int IRR_XGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm) {
  irr__ctx *ctx;
  int rank, p, tag, rc;
  if ((rc = irr__xbegin(comm, &ctx, &rank, &p, &tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (root < 0 || root >= p) return irr__raise(comm, MPI_ERR_ROOT);
  if (!recvcounts) return irr__raise(comm, MPI_ERR_ARG); /* everyone reads recvcounts[0] */
  if (recvcounts[0] == IRR_SIZE_UNKNOWN)
    rc = irr__xgatherv_unknown(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, recvcounts, displs,
                               recvtype, root, ctx, rank, p, tag);
  else { /* known counts: the root fills in consecutive displacements, checks the bound */
    int pre = MPI_SUCCESS;
    irr__dt rdt;
    if (rank == root) {
      if (!displs) pre = MPI_ERR_ARG;
      else if (irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) pre = MPI_ERR_TYPE;
      else pre = irr__xknown(p, recvcounts, displs, displs[0] == IRR_DISPL_CONSECUTIVE, recv_max_count);
    }
    return irr__v_call(0, recvbuf, pre == MPI_SUCCESS ? recvcounts : NULL, NULL, pre == MPI_SUCCESS ? displs : NULL,
                       NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, pre); /* raises its errors */
  }
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

