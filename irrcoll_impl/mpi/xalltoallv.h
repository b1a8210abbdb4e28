/* IRR_XAlltoallv: the sparse exchange (NBX) or the count exchange + Alltoallv (select/xv.h).
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
static int irr__xalltoallv_sparse(const void *sendbuf, const int64_t *sc, const int64_t *sdsp,
                                  const irr__dt *sdt, MPI_Datatype sendtype, void *recvbuf, int64_t recv_max_count,
                                  irr__xarr rdispls, int consec, const irr__dt *rdt, MPI_Datatype recvtype,
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
    rc = MPI_Issend(irr__at(irr__base(sendbuf), (MPI_Aint)sdsp[j] * sdt->extent), (int)sc[j], sendtype, j, tag + 1,
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
        int64_t d = irr__xget(rdispls, src);
        int out = d < 0 || irr__sat_add(d, n) > recv_max_count;
        if (*err == MPI_SUCCESS && out) *err = MPI_ERR_TRUNCATE;
        if (*err == MPI_ERR_TRUNCATE && out)
          rc = irr__xdrain(ctx->pc, src, tag + 1, S);
        else
          rc = MPI_Recv(irr__at(irr__base(recvbuf), (MPI_Aint)d * rdt->extent), (int)n, recvtype, src, tag + 1, ctx->pc,
                        MPI_STATUS_IGNORE);
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

/* MPI_Alltoallv on int64 arrays: MPI_Alltoallv_c for the `_c` entry point (wide), else
   MPI_Alltoallv, MPI_ERR_COUNT where a value does not fit in an int (a block of 2^31 bytes or
   more with unknown sizes). */
static int irr__alltoallv64(const void *sb, const int64_t *sc, const int64_t *sd, MPI_Datatype st, void *rb,
                            const int64_t *rc, const int64_t *rd, MPI_Datatype rt, int wide, int p, MPI_Comm comm) {
  const int64_t *v[4];
  int i, k, e = MPI_SUCCESS, *a;
  v[0] = sc, v[1] = sd, v[2] = rc, v[3] = rd;
#if MPI_VERSION >= 4
  if (wide) {
    MPI_Count *c = (MPI_Count *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(MPI_Count) + 1);
    MPI_Aint *d = (MPI_Aint *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(MPI_Aint) + 1);
    if (c && d) {
      for (i = 0; i < p; i++) c[i] = sc[i], d[i] = (MPI_Aint)sd[i], c[p + i] = rc[i], d[p + i] = (MPI_Aint)rd[i];
      e = MPI_Alltoallv_c(sb, c, d, st, rb, c + p, d + p, rt, comm);
    } else {
      e = MPI_ERR_NO_MEM;
    }
    if (c) IRRCOLL_FREE(c);
    if (d) IRRCOLL_FREE(d);
    return e;
  }
#else
  (void)wide;
#endif
  if (!(a = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int) + 1))) return MPI_ERR_NO_MEM;
  for (k = 0; k < 4; k++)
    for (i = 0; i < p; i++) {
      if (v[k][i] < INT_MIN || v[k][i] > INT_MAX) e = MPI_ERR_COUNT;
      a[k * p + i] = (int)v[k][i];
    }
  if (e == MPI_SUCCESS) e = MPI_Alltoallv(sb, a, a + p, st, rb, a + 2 * p, a + 3 * p, rt, comm);
  IRRCOLL_FREE(a);
  return e;
}

/* The native Alltoallv with the receive side in elements (from irr__xlayout or the user's
   known counts). A rank whose receive side is unusable (err) takes its part into scratch, so
   the others complete. */
static int irr__xalltoallv_native(const void *sendbuf, const int64_t *sc, const int64_t *sdsp, MPI_Datatype sendtype,
                                  void *recvbuf, const int64_t *cnt, const int64_t *dsp, const irr__dt *rdt,
                                  MPI_Datatype recvtype, int err, int wide, int p, MPI_Comm pc) {
  int64_t *rd = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t) + 1), at = 0, sz;
  int i, rc = MPI_SUCCESS;
  char *flat = NULL;
  void *rb = recvbuf;
  if (!rd) return MPI_ERR_NO_MEM;
  for (i = 0; i < p; i++) rd[i] = err == MPI_SUCCESS ? dsp[i] : at, at = irr__sat_add(at, cnt[i]);
  if (err != MPI_SUCCESS) {
    if (irr__mul_ok(at, rdt->extent, &sz) && irr__add_ok(sz, rdt->true_extent, &sz) && (uint64_t)sz < SIZE_MAX)
      flat = (char *)IRRCOLL_MALLOC((size_t)sz + 1);
    rb = flat ? flat - rdt->true_lb : NULL;
    if (!flat) rc = MPI_ERR_NO_MEM;
  }
  if (rc == MPI_SUCCESS) rc = irr__alltoallv64(sendbuf, sc, sdsp, sendtype, rb, cnt, rd, recvtype, wide, p, pc);
  if (flat) IRRCOLL_FREE(flat);
  IRRCOLL_FREE(rd);
  return rc;
}

/* One XAlltoallv call's state. */
typedef struct irr__xt {
  irr__ctx *ctx;
  int rank, p, tag, err, consec, deg, wide; /* wide: the `_c` entry point */
  int64_t *sc;                     /* send counts (0 everywhere after a local error) */
  int64_t *sdsp, *bytes, *cnt, *dsp; /* send displacements; received bytes, counts, displs */
  char **held;                     /* sparse, consecutive: arrivals held until the layout is known */
  irr__dt sdt, rdt;
} irr__xt;

/* validate: local checks (a rank with bad arguments sends nothing and drops what it
   receives), the send displacements, the out-degree. Unknown sizes: every block below 2^31
   bytes (it is probed: MPI_Get_count). */
static void irr__xt_validate(irr__xt *A, const void *sendbuf, irr__xarr sendcounts, irr__xarr sdispls,
                             MPI_Datatype sendtype, MPI_Datatype recvtype, int unknown) {
  int64_t at = 0, n, b;
  int i, rc, consec = irr__xget(sdispls, 0) == IRR_DISPL_CONSECUTIVE;
  if (sendbuf == MPI_IN_PLACE) A->err = MPI_ERR_ARG; /* not with unknown sizes: keep it simple, never */
  else if ((rc = irr__dt_info(sendtype, &A->sdt)) != MPI_SUCCESS || (rc = irr__dt_info(recvtype, &A->rdt)) != MPI_SUCCESS)
    A->err = rc;
  for (i = 0; i < A->p && A->err == MPI_SUCCESS; i++) {
    n = irr__xget(sendcounts, i);
    if (n < 0 || (unknown && (n > INT_MAX || !irr__mul_ok(n, A->sdt.size, &b) || b > INT_MAX))) A->err = MPI_ERR_COUNT;
    A->sdsp[i] = consec ? at : irr__xget(sdispls, i);
    if (!irr__add_ok(at, n, &at) || !irr__xfits(sdispls, at)) A->err = MPI_ERR_COUNT; /* int: MPI_Alltoallv's displs */
  }
  for (i = 0; i < A->p; i++) {
    A->sc[i] = A->err == MPI_SUCCESS ? irr__xget(sendcounts, i) : 0;
    if (i != A->rank && A->sc[i] > 0) A->deg++;
  }
}

/* sparse (NBX), then the layout from what arrived: held blocks and the own block placed */
static int irr__xt_sparse(irr__xt *A, const void *sendbuf, MPI_Datatype sendtype, void *recvbuf, int64_t bound,
                          irr__xarr rdispls, MPI_Datatype recvtype) {
  int rc = irr__xalltoallv_sparse(sendbuf, A->sc, A->sdsp, &A->sdt, sendtype, recvbuf, bound, rdispls, A->consec, &A->rdt,
                                  recvtype, A->ctx, A->rank, A->p, A->tag, A->bytes, A->held, &A->err);
  int i, e2;
  if (rc != MPI_SUCCESS) return rc;
  A->bytes[A->rank] = (int64_t)A->sc[A->rank] * A->sdt.size;
  e2 = irr__xlayout(A->p, A->bytes, A->rdt.size, A->consec, rdispls, bound, A->cnt, A->dsp);
  if (A->err == MPI_SUCCESS) A->err = e2;
  for (i = 0; i < A->p && rc == MPI_SUCCESS && A->err == MPI_SUCCESS; i++) {
    int64_t z = 0;
    if (i == A->rank && A->cnt[i] > 0)
      rc = MPI_Sendrecv(irr__at(irr__base(sendbuf), (MPI_Aint)A->sdsp[i] * A->sdt.extent), (int)A->sc[i], sendtype, A->rank,
                        A->tag, irr__at(irr__base(recvbuf), (MPI_Aint)A->dsp[i] * A->rdt.extent), (int)A->cnt[i], recvtype,
                        A->rank, A->tag, A->ctx->pc, MPI_STATUS_IGNORE);
    else if (A->held[i])
      rc = irr__xplace(irr__base(recvbuf), &A->rdt, 1, &A->bytes[i], &z, &A->dsp[i], A->held[i], A->ctx->pc);
  }
  return rc;
}

/* dense: exchange the byte counts, then the native Alltoallv */
static int irr__xt_dense(irr__xt *A, const void *sendbuf, MPI_Datatype sendtype, void *recvbuf, int64_t bound,
                         irr__xarr rdispls, MPI_Datatype recvtype) {
  long long *sb = (long long *)IRRCOLL_MALLOC((size_t)A->p * 2 * sizeof(long long));
  int i, rc, e2;
  if (!sb) return MPI_ERR_NO_MEM;
  for (i = 0; i < A->p; i++) sb[i] = (long long)A->sc[i] * A->sdt.size;
  rc = MPI_Alltoall(sb, 1, MPI_LONG_LONG, sb + A->p, 1, MPI_LONG_LONG, A->ctx->pc);
  for (i = 0; i < A->p; i++) A->bytes[i] = sb[A->p + i];
  IRRCOLL_FREE(sb);
  if (rc != MPI_SUCCESS) return rc;
  e2 = irr__xlayout(A->p, A->bytes, A->rdt.size, A->consec, rdispls, bound, A->cnt, A->dsp);
  if (A->err == MPI_SUCCESS) A->err = e2;
  return irr__xalltoallv_native(sendbuf, A->sc, A->sdsp, sendtype, recvbuf, A->cnt, A->dsp, &A->rdt, recvtype, A->err,
                                A->wide, A->p, A->ctx->pc);
}
