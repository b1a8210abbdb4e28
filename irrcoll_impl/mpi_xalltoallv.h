/* IRR_XAlltoallv: the sparse exchange (NBX) or the count exchange + Alltoallv (xv.h).
   NBX is irrcoll's one algorithm that is not a schedule: who sends to whom is known only to
   the senders, and a receiver learns it by probing until a nonblocking barrier says every
   message is in, so there is no program to build in advance for the checker or the model;
   the dense variant runs the native MPI_Alltoall and MPI_Alltoallv. */

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
