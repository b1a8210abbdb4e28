/* IRR_XGatherv, IRR_XScatterv, IRR_XAllgatherv, IRR_XAlltoallv: v-collectives whose receive
   sizes are unknown (xv.h has the plans, mpi_api.h the contracts). With known sizes each one
   is its known-size operation (irrcoll's Gatherv/Scatterv, the native Allgatherv/Alltoallv)
   after the consecutive displacements are filled in and the bound is checked. */

/* The receive bound in bytes; -1 if it overflows. */
static int64_t irr__xbound(int bound, int64_t esize) {
  int64_t b;
  return bound >= 0 && irr__mul_ok(bound, esize, &b) ? b : -1;
}

/* Place n blocks given as bytes into the user's layout (displacements in elements of dt):
   block i is bytes[i] at src + off[i]. Contiguous types by memcpy, others unpacked. */
static int irr__xplace(char *base, const irr__dt *dt, int n, const int64_t *bytes, const int64_t *off,
                       const int64_t *displs, const char *src, MPI_Comm comm) {
  int i, rc;
  for (i = 0; i < n; i++) {
    if (bytes[i] <= 0) continue;
    if (dt->contig) {
      memcpy(irr__at(base, dt->true_lb + (MPI_Aint)displs[i] * dt->extent), src + off[i], (size_t)bytes[i]);
    } else {
      rc = irr__pack(1, irr__at(base, (MPI_Aint)displs[i] * dt->extent), bytes[i] / dt->size, dt,
                     (char *)(uintptr_t)(src + off[i]), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  }
  return MPI_SUCCESS;
}

/* From the byte sizes of n blocks: their counts in elements of esize bytes and their
   displacements (consecutive, or the user's), checked against the bound (elements).
   Returns MPI_ERR_TYPE if a size is not a whole number of elements, MPI_ERR_TRUNCATE if a
   block would leave the buffer [0, bound); counts and consecutive displacements are filled
   in either way (so a caller can size a buffer and retry). */
static int irr__xlayout(int n, const int64_t *bytes, int64_t esize, int consecutive, const int *udispls,
                        int bound, int64_t *cnt, int64_t *dsp) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < n; i++) {
    if (esize > 0 && bytes[i] % esize == 0) cnt[i] = bytes[i] / esize;
    else {
      cnt[i] = esize > 0 ? bytes[i] / esize : 0;
      if (bytes[i] > 0) err = MPI_ERR_TYPE;
    }
    dsp[i] = consecutive ? at : (int64_t)udispls[i];
    at = irr__sat_add(at, cnt[i]);
    if (cnt[i] > 0 && (dsp[i] < 0 || dsp[i] + cnt[i] > (int64_t)bound) && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
  }
  return err;
}

/* Known counts (elements of the receive type): fill in consecutive displacements (consec),
   then check every non-empty block against [0, bound). MPI_ERR_COUNT for a negative count
   or a consecutive displacement past INT_MAX, else MPI_ERR_TRUNCATE for a block outside. */
static int irr__xknown(int p, const int *counts, int *displs, int consec, int bound) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < p; i++)
    if (counts[i] < 0) return MPI_ERR_COUNT;
  for (i = 0; i < p; i++) {
    if (consec) {
      if (at > INT_MAX) return MPI_ERR_COUNT;
      displs[i] = (int)at;
    }
    if (counts[i] > 0 && (displs[i] < 0 || (int64_t)displs[i] + counts[i] > bound)) err = MPI_ERR_TRUNCATE;
    at += counts[i];
  }
  return err;
}

/* Return counts (and consecutive displacements) to the user's int arrays. */
static int irr__xreturn(int n, const int64_t *cnt, const int64_t *dsp, int *ucounts, int *udispls, int consecutive) {
  int i, err = MPI_SUCCESS;
  for (i = 0; i < n; i++) {
    if (cnt[i] > INT_MAX || dsp[i] > INT_MAX) err = MPI_ERR_COUNT;
    ucounts[i] = cnt[i] > INT_MAX ? INT_MAX : (int)cnt[i];
    if (consecutive) udispls[i] = dsp[i] > INT_MAX ? INT_MAX : (int)dsp[i];
  }
  return err;
}

/* The own block as bytes: a contiguous type's data in place, else packed into *packed. */
static int irr__xown(const void *buf, int count, const irr__dt *dt, char **data, char **packed, MPI_Comm comm) {
  int64_t bytes = (int64_t)count * dt->size;
  *packed = NULL;
  if (dt->contig || bytes == 0) {
    *data = irr__at(irr__base(buf), dt->true_lb);
    return MPI_SUCCESS;
  }
  if (!(*packed = (char *)IRRCOLL_MALLOC((size_t)bytes))) return MPI_ERR_NO_MEM;
  *data = *packed;
  return irr__pack(0, irr__base(buf), count, dt, *packed, comm);
}

/* Drain a probed message into scratch (it cannot be taken where it belongs). */
static int irr__xdrain(MPI_Comm pc, int src, int tag, int bytes) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, pc, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}

/* The common start of every X entry point: context, rank, size, tag; intercommunicators are
   not supported (MPI_ERR_COMM). */
static int irr__xbegin(MPI_Comm comm, irr__ctx **ctx, int *rank, int *p, int *tag) {
  int rc, inter = 0;
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return rc;
  if (inter) return MPI_ERR_COMM;
  if ((rc = irr__ctx_get(comm, ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, rank);
  MPI_Comm_size(comm, p);
  *tag = (int)((*ctx)->seq++ % IRR__SEQ_MOD) * 2;
  return MPI_SUCCESS;
}

/* ---- XGatherv ---- */

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

/* ---- XScatterv ---- */

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

/* MPI_Allgatherv, except on one process: MPICH 4.0.2 ignores the displacement there. */
static int irr__allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *rd,
                           MPI_Datatype rt, MPI_Comm pc, int p, int tag) {
  MPI_Aint lb, ext;
  if (p > 1) return MPI_Allgatherv(sb, sc, st, rb, rc, rd, rt, pc);
  if (rc[0] == 0 || sb == MPI_IN_PLACE) return MPI_SUCCESS;
  MPI_Type_get_extent(rt, &lb, &ext);
  return MPI_Sendrecv(sb, sc, st, 0, tag, irr__at(irr__base(rb), (MPI_Aint)rd[0] * ext), rc[0], rt, 0, tag, pc,
                      MPI_STATUS_IGNORE);
}

/* ---- XAllgatherv ---- */

/* Bruck's rounds with the sizes in every message (xv.h). Rank r keeps the sizes in relative
   order (rel[j]: block (r + j) mod p) and the eager blocks' data in one chunk per round
   (the own block, then round k's arrivals), so a send is the size prefix plus the first
   chunks. On return rel[] holds every size; chunk[k] the data received in round k. */
static int irr__xbruck(irr__ctx *ctx, int rank, int p, int tag, int64_t eager, int64_t *rel, char **chunk,
                       int64_t *clen, int nchunks) {
  int k, n, to, from, rc = MPI_SUCCESS, have = 1;
  int *blens = (int *)IRRCOLL_MALLOC((size_t)(nchunks + 2) * sizeof(int));
  MPI_Aint *disps = (MPI_Aint *)IRRCOLL_MALLOC((size_t)(nchunks + 2) * sizeof(MPI_Aint));
  if (!blens || !disps) { rc = MPI_ERR_NO_MEM; goto out; }
  for (k = 0; rc == MPI_SUCCESS && (n = irr_bruck_round(p, rank, k, &to, &from)) > 0; k++) {
    MPI_Datatype st, rt;
    MPI_Status pst;
    MPI_Request rq;
    int np = 0, c, S = 0, j;
    int64_t want = 0;
    for (j = 0; j < n; j++) want += rel[j] <= eager ? rel[j] : 0; /* data of my first n blocks */
    blens[np] = 8 * n;
    MPI_Get_address(rel, &disps[np++]);
    for (c = 0; c <= k && want > 0; c++) { /* chunk 0: own block; chunk c: round c-1's */
      int64_t take = clen[c] < want ? clen[c] : want;
      if (take > 0) {
        blens[np] = (int)take;
        MPI_Get_address(chunk[c], &disps[np++]);
      }
      want -= take;
    }
    if ((rc = MPI_Type_create_hindexed(np, blens, disps, MPI_BYTE, &st)) != MPI_SUCCESS) break;
    MPI_Type_commit(&st);
    rc = MPI_Isend(MPI_BOTTOM, 1, st, to, tag + 1, ctx->pc, &rq);
    MPI_Type_free(&st);
    if (rc != MPI_SUCCESS) break;
    if ((rc = MPI_Probe(from, tag + 1, ctx->pc, &pst)) == MPI_SUCCESS) {
      MPI_Get_count(&pst, MPI_BYTE, &S);
      if (S < 8 * n) rc = MPI_ERR_INTERN;
    }
    if (rc == MPI_SUCCESS) {
      clen[k + 1] = S - 8 * n;
      if (!(chunk[k + 1] = (char *)IRRCOLL_MALLOC((size_t)clen[k + 1] + 1))) rc = MPI_ERR_NO_MEM;
    }
    if (rc == MPI_SUCCESS) {
      blens[0] = 8 * n;
      MPI_Get_address(rel + have, &disps[0]);
      blens[1] = (int)clen[k + 1];
      MPI_Get_address(chunk[k + 1], &disps[1]);
      rc = MPI_Type_create_hindexed(2, blens, disps, MPI_BYTE, &rt);
      if (rc == MPI_SUCCESS) {
        MPI_Type_commit(&rt);
        rc = MPI_Recv(MPI_BOTTOM, 1, rt, from, tag + 1, ctx->pc, MPI_STATUS_IGNORE);
        MPI_Type_free(&rt);
      }
    }
    {
      int rc2 = MPI_Wait(&rq, MPI_STATUS_IGNORE);
      if (rc == MPI_SUCCESS) rc = rc2;
    }
    have += n;
  }
out:
  if (blens) IRRCOLL_FREE(blens);
  if (disps) IRRCOLL_FREE(disps);
  return rc;
}

static int irr__xallgatherv_unknown(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    int recv_max_count, int *recvcounts, int *displs, MPI_Datatype recvtype,
                                    irr__ctx *ctx, int rank, int p, int tag) {
  int rc = MPI_SUCCESS, err = MPI_SUCCESS, i, K = irr_tree_levels(p), consec = 0, big = 0;
  int64_t own = 0, eager, *rel = NULL, *bytes, *cnt, *dsp, *clen = NULL;
  char **chunk = NULL, *odata = NULL, *opacked = NULL, *flat = NULL;
  irr__dt sdt, rdt;
  irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
  memset(&sdt, 0, sizeof sdt);
  memset(&rdt, 0, sizeof rdt);
  eager = irr_xallgatherv_eager(p, md);
  if (sendbuf == MPI_IN_PLACE) err = MPI_ERR_ARG; /* the own count would be unknown */
  else if (sendcount < 0) err = MPI_ERR_COUNT;
  else if ((rc = irr__dt_info(sendtype, &sdt)) != MPI_SUCCESS) err = rc;
  else if ((own = (int64_t)sendcount * sdt.size) > 0 && !sendbuf && sdt.true_lb == 0) err = MPI_ERR_BUFFER;
  rc = MPI_SUCCESS;
  if (err == MPI_SUCCESS) {
    if (!displs) err = MPI_ERR_ARG;
    else if ((rc = irr__dt_info(recvtype, &rdt)) != MPI_SUCCESS) err = rc;
    else if (irr__xbound(recv_max_count, rdt.size) < 0) err = MPI_ERR_COUNT;
    rc = MPI_SUCCESS;
  }
  if (err != MPI_SUCCESS) own = 0;
  consec = displs && displs[0] == IRR_DISPL_CONSECUTIVE;
  rel = (int64_t *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int64_t) + (size_t)(K + 1) * (sizeof(int64_t) + sizeof(char *)));
  if (!rel) return MPI_ERR_NO_MEM;
  memset(rel, 0, (size_t)p * 4 * sizeof(int64_t) + (size_t)(K + 1) * (sizeof(int64_t) + sizeof(char *)));
  bytes = rel + p;
  cnt = bytes + p;
  dsp = cnt + p;
  clen = dsp + p;
  chunk = (char **)(void *)(clen + K + 1);
  rel[0] = own;
  if (own > 0 && own <= eager) {
    if ((rc = irr__xown(sendbuf, sendcount, &sdt, &odata, &opacked, ctx->pc)) != MPI_SUCCESS) goto out;
    chunk[0] = odata;
    clen[0] = own;
  }
  if ((rc = irr__xbruck(ctx, rank, p, tag, eager, rel, chunk, clen, K + 1)) != MPI_SUCCESS) goto out;
  for (i = 0; i < p; i++) bytes[(rank + i) % p] = rel[i];
  {
    int e2 = irr__xlayout(p, bytes, rdt.size, consec, displs, recv_max_count, cnt, dsp);
    if (err == MPI_SUCCESS) err = e2;
  }
  /* the eager blocks: from the chunks (in relative order) into place */
  if (err == MPI_SUCCESS) {
    int64_t c = 0, used = 0;
    for (i = 0; i < p && rc == MPI_SUCCESS; i++) {
      int b = (rank + i) % p;
      int64_t sz = rel[i] <= eager ? rel[i] : 0;
      while (sz > 0 && used == clen[c]) c++, used = 0;
      if (sz > 0) {
        int64_t z = 0;
        rc = irr__xplace(irr__base(recvbuf), &rdt, 1, &sz, &z, &dsp[b], chunk[c] + used, ctx->pc);
        used += sz;
      }
    }
  }
  for (i = 0; i < p; i++)
    if (bytes[i] > eager) big = 1;
  if (rc == MPI_SUCCESS && big) { /* the large blocks: a known-size Allgatherv of them only */
    int *c2 = (int *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int)), *d2;
    void *rb = recvbuf;
    if (!c2) { rc = MPI_ERR_NO_MEM; goto out; }
    d2 = c2 + p;
    for (i = 0; i < p; i++) {
      c2[i] = bytes[i] > eager ? (int)cnt[i] : 0;
      d2[i] = (int)dsp[i];
    }
    if (err != MPI_SUCCESS) { /* this rank cannot take them: scratch, consecutive, then dropped */
      int64_t at = 0;
      for (i = 0; i < p; i++) {
        d2[i] = (int)at;
        at += c2[i];
      }
      if (!(flat = (char *)IRRCOLL_MALLOC((size_t)(at * rdt.extent + rdt.true_extent) + 1))) {
        rc = MPI_ERR_NO_MEM; /* (a zero-size type with large blocks cannot happen: sizes are bytes) */
        IRRCOLL_FREE(c2);
        goto out;
      }
      rb = flat - rdt.true_lb;
    }
    rc = irr__allgatherv(c2[rank] > 0 ? sendbuf : NULL, c2[rank] > 0 ? sendcount : 0, sendtype, rb, c2, d2, recvtype,
                         ctx->pc, p, tag);
    IRRCOLL_FREE(c2);
  }
  if (rc == MPI_SUCCESS && recvcounts) {
    int e3 = irr__xreturn(p, cnt, dsp, recvcounts, displs, consec);
    if (err == MPI_SUCCESS) err = e3;
  }
out:
  if (chunk)
    for (i = 1; i <= K; i++)
      if (chunk[i]) IRRCOLL_FREE(chunk[i]);
  if (opacked) IRRCOLL_FREE(opacked);
  if (flat) IRRCOLL_FREE(flat);
  IRRCOLL_FREE(rel);
  return rc != MPI_SUCCESS ? rc : err;
}

IRR_DEF int IRR_XAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                            MPI_Comm comm) {
  irr__ctx *ctx;
  int rank, p, tag, rc, i, pre = MPI_SUCCESS;
  if ((rc = irr__xbegin(comm, &ctx, &rank, &p, &tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!recvcounts) return irr__raise(comm, MPI_ERR_ARG);
  if (recvcounts[0] == IRR_SIZE_UNKNOWN) {
    rc = irr__xallgatherv_unknown(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, recvcounts, displs, recvtype,
                                  ctx, rank, p, tag);
    return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
  }
  /* known counts: consecutive displacements, the bound, then the native Allgatherv */
  if (!displs) return irr__raise(comm, MPI_ERR_ARG);
  pre = irr__xknown(p, recvcounts, displs, displs[0] == IRR_DISPL_CONSECUTIVE, recv_max_count);
  if (pre == MPI_ERR_COUNT) return irr__raise(comm, pre); /* the same on every rank */
  if (pre != MPI_SUCCESS) { /* take part without writing: receive into scratch */
    irr__dt rdt;
    int64_t at = 0;
    int *d2 = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
    char *flat;
    if (!d2 || irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) { if (d2) IRRCOLL_FREE(d2); return irr__raise(comm, MPI_ERR_NO_MEM); }
    for (i = 0; i < p; i++) d2[i] = (int)at, at += recvcounts[i];
    flat = (char *)IRRCOLL_MALLOC((size_t)(at * rdt.extent + rdt.true_extent) + 1);
    if (!flat) rc = MPI_ERR_NO_MEM;
    else if (sendbuf == MPI_IN_PLACE) /* my block is where the others expect it from */
      rc = irr__allgatherv(irr__at(irr__base(recvbuf), (MPI_Aint)displs[rank] * rdt.extent), recvcounts[rank], recvtype,
                           flat - rdt.true_lb, recvcounts, d2, recvtype, ctx->pc, p, tag);
    else
      rc = irr__allgatherv(sendbuf, sendcount, sendtype, flat - rdt.true_lb, recvcounts, d2, recvtype, ctx->pc, p, tag);
    IRRCOLL_FREE(d2);
    if (flat) IRRCOLL_FREE(flat);
    return irr__raise(comm, rc != MPI_SUCCESS ? rc : pre);
  }
  rc = irr__allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, ctx->pc, p, tag);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

/* ---- XAlltoallv ---- */

/* A nonblocking dissemination barrier on point-to-point messages (tag): round k sends to
   rank + 2^k and waits for rank - 2^k; ceil(log2 p) rounds. Our own rather than
   MPI_Ibarrier, whose quality varies (SimGrid SMPI's is linear in p). */
typedef struct irr__nbar {
  int k, rank, p, tag, started;
  MPI_Comm comm;
  MPI_Request sr, rr;
  char sb, rb;
} irr__nbar;

/* Advance; *done = 1 once every rank has entered. */
static int irr__nbar_step(irr__nbar *b, int *done) {
  int rc = MPI_SUCCESS, flag = 0;
  *done = 0;
  for (;;) {
    if (((int64_t)1 << b->k) >= b->p) { *done = 1; return MPI_SUCCESS; }
    if (!b->started) {
      int d = 1 << b->k;
      rc = MPI_Irecv(&b->rb, 1, MPI_BYTE, (b->rank - d % b->p + b->p) % b->p, b->tag, b->comm, &b->rr);
      if (rc == MPI_SUCCESS) rc = MPI_Isend(&b->sb, 1, MPI_BYTE, (b->rank + d) % b->p, b->tag, b->comm, &b->sr);
      if (rc != MPI_SUCCESS) return rc;
      b->started = 1;
    }
    if ((rc = MPI_Test(&b->rr, &flag, MPI_STATUS_IGNORE)) != MPI_SUCCESS || !flag) return rc;
    if ((rc = MPI_Wait(&b->sr, MPI_STATUS_IGNORE)) != MPI_SUCCESS) return rc;
    b->started = 0;
    b->k++;
  }
}

/* The sparse exchange (NBX, Hoefler et al.): synchronous sends to the actual partners;
   receive whatever arrives (probed, so its size is known before it is taken); once the own
   sends are matched (so received), enter the nonblocking barrier; done when it completes,
   since then every rank's sends have been received. Arrivals go to their place when the
   displacements are the user's, else to a buffer each until the layout is known. */
static int irr__xalltoallv_sparse(const void *sendbuf, const int *sc, const int64_t *sdsp,
                                  const irr__dt *sdt, MPI_Datatype sendtype, void *recvbuf, int recv_max_count,
                                  const int *rdispls, int consec, const irr__dt *rdt, MPI_Datatype recvtype,
                                  irr__ctx *ctx, int rank, int p, int tag, int64_t *bytes, char **held, int *err) {
  MPI_Request *sq = NULL;
  int ns = 0, i, rc = MPI_SUCCESS, barrier = 0, done = 0;
  int64_t used = 0;
  irr__nbar nb;
  memset(&nb, 0, sizeof nb);
  nb.rank = rank;
  nb.p = p;
  nb.tag = tag;
  nb.comm = ctx->pc;
  sq = (MPI_Request *)IRRCOLL_MALLOC((size_t)p * sizeof(MPI_Request) + 1);
  if (!sq) return MPI_ERR_NO_MEM;
  for (i = 0; i < p && rc == MPI_SUCCESS; i++) {
    int j = (rank + i) % p; /* start with the next rank: spreads the load */
    if (j == rank || sc[j] == 0) continue;
    rc = MPI_Issend(irr__at(irr__base(sendbuf), (MPI_Aint)sdsp[j] * sdt->extent), sc[j], sendtype, j, tag + 1,
                    ctx->pc, &sq[ns++]);
  }
  while (rc == MPI_SUCCESS && !done) {
    int flag = 0;
    MPI_Status st;
    if ((rc = MPI_Iprobe(MPI_ANY_SOURCE, tag + 1, ctx->pc, &flag, &st)) != MPI_SUCCESS) break;
    if (flag) {
      int src = st.MPI_SOURCE, S = 0;
      int64_t n;
      MPI_Get_count(&st, MPI_BYTE, &S);
      bytes[src] = S;
      n = rdt->size > 0 ? S / rdt->size : 0;
      if (rdt->size == 0 || S % rdt->size) {
        if (*err == MPI_SUCCESS) *err = MPI_ERR_TYPE;
        rc = irr__xdrain(ctx->pc, src, tag + 1, S);
      } else if (!consec) {
        if (*err == MPI_SUCCESS && (rdispls[src] < 0 || rdispls[src] + n > recv_max_count)) *err = MPI_ERR_TRUNCATE;
        if (*err == MPI_ERR_TRUNCATE && (rdispls[src] < 0 || rdispls[src] + n > recv_max_count))
          rc = irr__xdrain(ctx->pc, src, tag + 1, S);
        else
          rc = MPI_Recv(irr__at(irr__base(recvbuf), (MPI_Aint)rdispls[src] * rdt->extent), (int)n, recvtype, src,
                        tag + 1, ctx->pc, MPI_STATUS_IGNORE);
      } else {
        used += n;
        if (used > recv_max_count && *err == MPI_SUCCESS) *err = MPI_ERR_TRUNCATE;
        if (used > recv_max_count) {
          rc = irr__xdrain(ctx->pc, src, tag + 1, S);
        } else {
          if (!(held[src] = (char *)IRRCOLL_MALLOC((size_t)S + 1))) { rc = MPI_ERR_NO_MEM; break; }
          rc = MPI_Recv(held[src], S, MPI_BYTE, src, tag + 1, ctx->pc, MPI_STATUS_IGNORE);
        }
      }
      continue;
    }
    if (!barrier) {
      int all = 1, k;
      for (k = 0; k < ns && all && rc == MPI_SUCCESS; k++) /* one by one: see irr__exec_run */
        if (sq[k] != MPI_REQUEST_NULL) rc = MPI_Test(&sq[k], &all, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      if (all) {
        barrier = 1;
        rc = irr__nbar_step(&nb, &done);
      }
    } else {
      rc = irr__nbar_step(&nb, &done);
    }
  }
  IRRCOLL_FREE(sq);
  return rc;
}

/* The native Alltoallv with the receive side in elements (int64: from irr__xlayout, each
   block inside the int bound). A rank whose receive side is unusable (err) takes its part
   into scratch, so the others complete. */
static int irr__xalltoallv_native(const void *sendbuf, const int *sc, const int64_t *sdsp, MPI_Datatype sendtype,
                                  void *recvbuf, const int64_t *cnt, const int64_t *dsp, const irr__dt *rdt,
                                  MPI_Datatype recvtype, int err, int p, MPI_Comm pc) {
  int *a = (int *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int) + 1), i, rc;
  int64_t at = 0;
  char *flat = NULL;
  void *rb = recvbuf;
  if (!a) return MPI_ERR_NO_MEM;
  for (i = 0; i < p; i++) {
    a[i] = (int)sdsp[i];
    a[p + i] = (int)cnt[i];
    a[2 * p + i] = err == MPI_SUCCESS ? (int)dsp[i] : (int)at;
    at += cnt[i];
  }
  if (err != MPI_SUCCESS) {
    flat = (char *)IRRCOLL_MALLOC((size_t)(at * rdt->extent + rdt->true_extent) + 1);
    rb = flat ? flat - rdt->true_lb : NULL;
  }
  rc = err != MPI_SUCCESS && !flat ? MPI_ERR_NO_MEM
                                   : MPI_Alltoallv(sendbuf, sc, a, sendtype, rb, a + p, a + 2 * p, recvtype, pc);
  if (flat) IRRCOLL_FREE(flat);
  IRRCOLL_FREE(a);
  return rc;
}

IRR_DEF int IRR_XAlltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, int recv_max_count, int recvcounts[], int rdispls[],
                           MPI_Datatype recvtype, MPI_Comm comm) {
  irr__ctx *ctx;
  int rank, p, tag, rc, i, err = MPI_SUCCESS, consec, sparse, deg = 0, maxdeg = 0, *sc;
  int64_t *sdsp, *bytes, *cnt, *dsp, at = 0;
  char **held;
  irr__dt sdt, rdt;
  irr_alg alg;
  if ((rc = irr__xbegin(comm, &ctx, &rank, &p, &tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!recvcounts || !rdispls || !sendcounts || !sdispls) return irr__raise(comm, MPI_ERR_ARG);
  consec = rdispls[0] == IRR_DISPL_CONSECUTIVE;
  if (!(sdsp = (int64_t *)IRRCOLL_MALLOC((size_t)p * (4 * sizeof(int64_t) + sizeof(char *) + sizeof(int)))))
    return irr__raise(comm, MPI_ERR_NO_MEM);
  memset(sdsp, 0, (size_t)p * (4 * sizeof(int64_t) + sizeof(char *) + sizeof(int)));
  bytes = sdsp + p;
  cnt = bytes + p;
  dsp = cnt + p;
  held = (char **)(void *)(dsp + p);
  sc = (int *)(void *)(held + p);
  /* Local checks. A rank with bad arguments sends nothing and drops what it receives. */
  if (sendbuf == MPI_IN_PLACE) err = MPI_ERR_ARG; /* not with unknown sizes: keep it simple, never */
  else if ((rc = irr__dt_info(sendtype, &sdt)) != MPI_SUCCESS || (rc = irr__dt_info(recvtype, &rdt)) != MPI_SUCCESS) err = rc;
  rc = MPI_SUCCESS;
  for (i = 0; i < p && err == MPI_SUCCESS; i++) {
    if (sendcounts[i] < 0) err = MPI_ERR_COUNT;
    sdsp[i] = sdispls[0] == IRR_DISPL_CONSECUTIVE ? at : sdispls[i];
    at += sendcounts[i];
    if (at > INT_MAX) err = MPI_ERR_COUNT;
  }
  for (i = 0; i < p; i++) {
    sc[i] = err == MPI_SUCCESS ? sendcounts[i] : 0;
    if (i != rank && sc[i] > 0) deg++;
  }
  if (recvcounts[0] != IRR_SIZE_UNKNOWN) { /* known: consecutive displacements, the bound, native */
    if (err == MPI_SUCCESS) err = irr__xknown(p, recvcounts, rdispls, consec, recv_max_count);
    for (i = 0; i < p; i++) cnt[i] = recvcounts[i], dsp[i] = rdispls[i];
    if (err == MPI_SUCCESS || err == MPI_ERR_TRUNCATE)
      rc = irr__xalltoallv_native(sendbuf, sc, sdsp, sendtype, recvbuf, cnt, dsp, &rdt, recvtype, err, p, ctx->pc);
    goto out;
  }
  alg = ctx->force[IRR_COLL_ALLTOALLV];
  if (alg == IRR_ALG_DIRECT) sparse = 1;
  else if (alg == IRR_ALG_LINEAR) sparse = 0;
  else {
    if ((rc = MPI_Allreduce(&deg, &maxdeg, 1, MPI_INT, MPI_MAX, ctx->pc)) != MPI_SUCCESS) goto out;
    sparse = irr_xalltoallv_sparse(p, maxdeg);
  }
  if (sparse) {
    rc = irr__xalltoallv_sparse(sendbuf, sc, sdsp, &sdt, sendtype, recvbuf, recv_max_count, rdispls, consec, &rdt,
                                recvtype, ctx, rank, p, tag, bytes, held, &err);
    if (rc != MPI_SUCCESS) goto out;
    bytes[rank] = (int64_t)sc[rank] * sdt.size;
    {
      int e2 = irr__xlayout(p, bytes, rdt.size, consec, rdispls, recv_max_count, cnt, dsp);
      if (err == MPI_SUCCESS) err = e2;
    }
    for (i = 0; i < p && rc == MPI_SUCCESS && err == MPI_SUCCESS; i++) { /* held blocks, own block */
      int64_t z = 0;
      if (i == rank && cnt[i] > 0)
        rc = MPI_Sendrecv(irr__at(irr__base(sendbuf), (MPI_Aint)sdsp[i] * sdt.extent), sc[i], sendtype, rank, tag,
                          irr__at(irr__base(recvbuf), (MPI_Aint)dsp[i] * rdt.extent), (int)cnt[i], recvtype, rank, tag,
                          ctx->pc, MPI_STATUS_IGNORE);
      else if (held[i])
        rc = irr__xplace(irr__base(recvbuf), &rdt, 1, &bytes[i], &z, &dsp[i], held[i], ctx->pc);
    }
  } else { /* dense: exchange the byte counts, then the native Alltoallv */
    long long *sb = (long long *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(long long));
    if (!sb) { rc = MPI_ERR_NO_MEM; goto out; }
    for (i = 0; i < p; i++) sb[i] = (long long)sc[i] * sdt.size;
    rc = MPI_Alltoall(sb, 1, MPI_LONG_LONG, sb + p, 1, MPI_LONG_LONG, ctx->pc);
    for (i = 0; i < p; i++) bytes[i] = sb[p + i];
    IRRCOLL_FREE(sb);
    if (rc != MPI_SUCCESS) goto out;
    {
      int e2 = irr__xlayout(p, bytes, rdt.size, consec, rdispls, recv_max_count, cnt, dsp);
      if (err == MPI_SUCCESS) err = e2;
    }
    rc = irr__xalltoallv_native(sendbuf, sc, sdsp, sendtype, recvbuf, cnt, dsp, &rdt, recvtype, err, p, ctx->pc);
  }
  if (rc == MPI_SUCCESS) {
    int e3 = irr__xreturn(p, cnt, dsp, recvcounts, rdispls, consec);
    if (err == MPI_SUCCESS) err = e3;
  }
out:
  for (i = 0; i < p; i++)
    if (held[i]) IRRCOLL_FREE(held[i]);
  IRRCOLL_FREE(sdsp);
  if (rc == MPI_SUCCESS) rc = err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}
