/* IRR_XScatterv: the root builds the tree on the sizes it alone knows; every rank learns its
   range and sizes from the one message it receives and forwards likewise (xv.h). */

static int irr__xscatterv_unknown(const void *sendbuf, const int *sendcounts, const int *displs, MPI_Datatype sendtype,
                                  void *recvbuf, int recv_max_count, int *recvcount, MPI_Datatype recvtype, int root,
                                  irr__ctx *ctx, int rank, int p, int tag) {
  int rc = MPI_SUCCESS, err = MPI_SUCCESS, rerr = MPI_SUCCESS, isroot = rank == root, i, lo = 0, hi = p, parent = -1, rule, consec = 0;
  int inplace = isroot && recvbuf == MPI_IN_PLACE;
  int64_t *m = NULL, *w = NULL, *vcd = NULL, own = 0, bound = -1, *hdr = NULL;
  char *msg = NULL, *data = NULL;
  irr__dt sdt, rdt;
  irr_alg alg = ctx->force[IRR_COLL_SCATTERV];
  irr_tree_all T;
  irr_tree t;
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  irr__exec X;
  memset(&T, 0, sizeof T);
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  memset(&X, 0, sizeof X);
  memset(&rdt, 0, sizeof rdt);
  if (alg == IRR_ALG_AUTO) alg = p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
  if (alg == IRR_ALG_LINEAR) alg = IRR_ALG_DIRECT;
  rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
  if (!inplace) {
    if ((rc = irr__dt_info(recvtype, &rdt)) != MPI_SUCCESS) rerr = rc;
    else if ((bound = irr__xbound(recv_max_count, rdt.size)) < 0) rerr = MPI_ERR_COUNT;
    rc = MPI_SUCCESS;
  }
  /* err: the root's send side (then everyone gets 0); rerr: this rank's receive side */
  if (isroot) { /* the sizes of everyone, as bytes; bad arguments: send everyone 0 */
    if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
    memset(m, 0, (size_t)p * 3 * sizeof(int64_t));
    vcd = m + p;
    if (!sendcounts || !displs) err = MPI_ERR_ARG;
    else if ((rc = irr__dt_info(sendtype, &sdt)) != MPI_SUCCESS) err = rc;
    else {
      int64_t at = 0, tot = 0;
      consec = displs[0] == IRR_DISPL_CONSECUTIVE;
      for (i = 0; i < p; i++) {
        if (sendcounts[i] < 0) { err = MPI_ERR_COUNT; break; }
        vcd[i] = sendcounts[i];
        vcd[p + i] = consec ? at : displs[i];
        at += sendcounts[i];
        m[i] = vcd[i] * sdt.size;
        tot += m[i];
      }
      if (err == MPI_SUCCESS && tot > 0 && !sendbuf && sdt.true_lb == 0) err = MPI_ERR_BUFFER;
      if (err == MPI_SUCCESS && consec)
        for (i = 0; i < p; i++) ((int *)(uintptr_t)displs)[i] = (int)vcd[p + i]; /* in-out at the root */
    }
    rc = MPI_SUCCESS;
    if (err != MPI_SUCCESS) memset(m, 0, (size_t)p * 3 * sizeof(int64_t));
    own = m[rank];
  } else { /* the one message, from wherever it comes; the sender's executor may have split it
              into pieces of IRRCOLL_MAX_MSG bytes, which come in order: take them until the
              header's total is there */
    MPI_Status st;
    int S = 0;
    int64_t got = 0, total = -1, cap = 0;
    if ((rc = MPI_Probe(MPI_ANY_SOURCE, tag + 1, ctx->pc, &st)) != MPI_SUCCESS) goto out;
    parent = st.MPI_SOURCE;
    for (;;) {
      MPI_Get_count(&st, MPI_BYTE, &S);
      if (got + S > cap) {
        char *nm = (char *)IRRCOLL_MALLOC((size_t)(got + S) + 16);
        if (!nm) { rc = MPI_ERR_NO_MEM; goto out; }
        if (got) memcpy(nm, msg, (size_t)got);
        if (msg) IRRCOLL_FREE(msg);
        msg = nm;
        cap = got + S;
      }
      if ((rc = MPI_Recv(msg + got, S, MPI_BYTE, parent, tag + 1, ctx->pc, MPI_STATUS_IGNORE)) != MPI_SUCCESS) goto out;
      got += S;
      hdr = (int64_t *)(void *)msg;
      if (total < 0 && got >= 16) {
        if (hdr[0] < 0 || hdr[1] <= hdr[0] || hdr[1] > p) { rc = MPI_ERR_INTERN; goto out; }
        if (got >= 16 + 8 * (hdr[1] - hdr[0])) total = 16 + 8 * (hdr[1] - hdr[0]) + irr__range_sum(hdr + 2, 0, (int)(hdr[1] - hdr[0]));
      }
      if ((total >= 0 && got >= total) || S == 0) break;
      if ((rc = MPI_Probe(parent, tag + 1, ctx->pc, &st)) != MPI_SUCCESS) goto out;
    }
    S = (int)got;
    hdr = (int64_t *)(void *)msg;
    lo = S >= 24 ? (int)hdr[0] : -1;
    hi = S >= 24 ? (int)hdr[1] : -1;
    if (lo < 0 || hi > p || rank < lo || rank >= hi || (int64_t)S < 16 + 8 * (int64_t)(hi - lo)) { rc = MPI_ERR_INTERN; goto out; }
    m = hdr + 2;
    data = msg + 16 + 8 * (hi - lo);
    if (irr__range_sum(m, 0, hi - lo) != (int64_t)S - (16 + 8 * (int64_t)(hi - lo))) { rc = MPI_ERR_INTERN; goto out; }
    own = m[rank - lo];
  }
  /* the own block: count, bound */
  if (!inplace && rerr == MPI_SUCCESS) {
    if (rdt.size > 0 ? own % rdt.size != 0 : own > 0) rerr = MPI_ERR_TYPE;
    else if (own > bound) rerr = MPI_ERR_TRUNCATE;
    else if (own > 0 && !recvbuf && rdt.true_lb == 0) rerr = MPI_ERR_BUFFER;
  }
  if (recvcount && !inplace) *recvcount = rdt.size > 0 ? (int)(own / rdt.size) : 0;
  /* my program: the tree on my range, or direct */
  if (alg == IRR_ALG_DIRECT) {
    i = isroot ? p + 1 : 2;
    if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)i * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto out; }
    irr_sched_init(&s, rank, p, ops, i);
    if (irr_xscatterv_sched(NULL, lo, rank, parent, m, inplace, &s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
  } else {
    if (!(w = (int64_t *)IRRCOLL_MALLOC((size_t)(hi - lo) * sizeof(int64_t)))) { rc = MPI_ERR_NO_MEM; goto out; }
    if (irr_xscatterv_tree(&T, lo, hi, rank, m, rule, w) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
    irr_tree_view(&T, rank - lo, &t);
    i = irr_tree_levels(hi - lo) + 3;
    if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)i * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto out; }
    irr_sched_init(&s, rank, p, ops, i);
    if (irr_xscatterv_sched(&t, lo, rank, parent, m, inplace, &s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
  }
  if (!isroot) { /* its receive is done: run the rest on the message as scratch */
    memmove(s.ops, s.ops + 1, (size_t)(s.nops - 1) * sizeof(irr_op));
    s.nops--;
    X.tmp_given = data;
  }
  X.cnt = m;
  X.cnt_lo = lo;
  vb.v = 1;
  vb.p = p;
  vb.discard = !isroot || err != MPI_SUCCESS;
  if (isroot) {
    vb.base = irr__base(sendbuf);
    vb.dt = sdt;
    vb.counts = vcd;
    vb.displs = vcd + p;
  }
  ob.own = rank;
  ob.base = irr__base(recvbuf);
  ob.dt = rdt;
  ob.count = rdt.size > 0 ? own / rdt.size : 0;
  ob.discard = inplace || err != MPI_SUCCESS || rerr != MPI_SUCCESS || own == 0;
  if ((rc = irr__buf_stage(&vb, 1, ctx->pc)) == MPI_SUCCESS && (rc = irr__buf_stage(&ob, 0, ctx->pc)) == MPI_SUCCESS) {
    X.s = &s;
    X.buf[IRR_BUF_SEND] = &vb;
    X.buf[IRR_BUF_RECV] = &ob;
    X.comm = ctx->pc;
    X.tag = tag + 1;
    rc = irr__exec_run(&X);
    if (rc == MPI_SUCCESS) rc = irr__buf_unstage(&ob, 1, ctx->pc);
  }
out:
  irr__buf_unstage(&vb, 0, ctx->pc);
  irr__buf_unstage(&ob, 0, ctx->pc);
  irr_tree_all_free(&T);
  if (isroot && m) IRRCOLL_FREE(m);
  if (msg) IRRCOLL_FREE(msg);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return rc != MPI_SUCCESS ? rc : err != MPI_SUCCESS ? err : rerr;
}

IRR_DEF int IRR_XScatterv(const void *sendbuf, const int sendcounts[], int displs[], MPI_Datatype sendtype,
                          void *recvbuf, int recv_max_count, int *recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm) {
  irr__ctx *ctx;
  int rank, p, tag, rc, i;
  if ((rc = irr__xbegin(comm, &ctx, &rank, &p, &tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (root < 0 || root >= p) return irr__raise(comm, MPI_ERR_ROOT);
  if (!recvcount) return irr__raise(comm, MPI_ERR_ARG); /* everyone reads *recvcount */
  if (*recvcount == IRR_SIZE_UNKNOWN)
    rc = irr__xscatterv_unknown(sendbuf, sendcounts, displs, sendtype, recvbuf, recv_max_count, recvcount, recvtype,
                                root, ctx, rank, p, tag);
  else { /* known: the bound, then the known-size Scatterv */
    int pre = MPI_SUCCESS;
    if (recvbuf != MPI_IN_PLACE && *recvcount > recv_max_count) pre = MPI_ERR_TRUNCATE;
    if (rank == root && displs && sendcounts && displs[0] == IRR_DISPL_CONSECUTIVE) {
      int64_t at = 0;
      for (i = 0; i < p; i++) {
        displs[i] = (int)at;
        at += sendcounts[i] > 0 ? sendcounts[i] : 0;
        if (at > INT_MAX) pre = MPI_ERR_COUNT;
      }
    }
    return irr__v_call(1, sendbuf, sendcounts, NULL, displs, NULL, sendtype, recvbuf, *recvcount, recvtype, root, comm, pre);
  }
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}
