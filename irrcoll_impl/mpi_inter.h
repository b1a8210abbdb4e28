/* Intergroup Allgather/Allgatherv (inter.h) on MPI: on an intercommunicator (merged once
   into an intracommunicator, cached with it), or on two groups inside an intracommunicator
   (IRR_Allgather(v)_groups). The schedule's ranks are group A (flag 0 / the group the merge
   puts first) then group B; it runs on the merged or private communicator through gmap. */

/* Intercommunicator: merge (high = 0 on both sides: MPI orders the groups, the same for
   all) and split off the local group. Collective on the first call. */
static int irr__inter_setup(irr__ctx *ctx) {
  int rc, lrank, lsize, rsize, mrank, first, i;
  if (ctx->inter.gcomm != MPI_COMM_NULL) return MPI_SUCCESS;
  MPI_Comm_rank(ctx->pc, &lrank);
  MPI_Comm_size(ctx->pc, &lsize);
  MPI_Comm_remote_size(ctx->pc, &rsize);
  if ((rc = MPI_Intercomm_merge(ctx->pc, 0, &ctx->inter.gcomm)) != MPI_SUCCESS) return rc;
  MPI_Comm_set_errhandler(ctx->inter.gcomm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(ctx->inter.gcomm, &mrank);
  first = mrank == lrank; /* each group keeps its order; the first one starts at 0 */
  if ((rc = MPI_Comm_split(ctx->inter.gcomm, !first, lrank, &ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  MPI_Comm_set_errhandler(ctx->inter.glocal, MPI_ERRORS_RETURN);
  ctx->inter.na = first ? lsize : rsize;
  ctx->inter.nb = first ? rsize : lsize;
  ctx->inter.grank = mrank;
  if (!(ctx->inter.gmap = (int *)IRRCOLL_MALLOC((size_t)(lsize + rsize) * sizeof(int)))) return MPI_ERR_NO_MEM;
  for (i = 0; i < lsize + rsize; i++) ctx->inter.gmap[i] = i;
  return MPI_SUCCESS;
}

/* Two groups in an intracommunicator: every call gathers the flags (one int per rank) and
   redoes the layout only when they changed. All ranks see the same flags, so a bad flag or
   an empty group is the same error everywhere. */
static int irr__groups_setup(irr__ctx *ctx, int group, int rank, int p) {
  int *f, rc, i, na = 0, k;
  if (!(f = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
  if ((rc = MPI_Allgather(&group, 1, MPI_INT, f, 1, MPI_INT, ctx->pc)) != MPI_SUCCESS) goto fail;
  for (i = 0; i < p; i++) {
    if (f[i] != 0 && f[i] != 1) { rc = MPI_ERR_ARG; goto fail; }
    na += f[i] == 0;
  }
  if (na == 0 || na == p) { rc = MPI_ERR_ARG; goto fail; }
  if (ctx->inter.gflags && memcmp(ctx->inter.gflags, f, (size_t)p * sizeof(int)) == 0) {
    IRRCOLL_FREE(f);
    return MPI_SUCCESS;
  }
  if (ctx->inter.glocal != MPI_COMM_NULL) MPI_Comm_free(&ctx->inter.glocal);
  if (ctx->inter.gflags) IRRCOLL_FREE(ctx->inter.gflags);
  if (!ctx->inter.gmap && !(ctx->inter.gmap = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) { ctx->inter.gflags = NULL; rc = MPI_ERR_NO_MEM; goto fail; }
  ctx->inter.gflags = f;
  ctx->inter.na = na, ctx->inter.nb = p - na;
  for (k = 0, i = 0; i < p; i++) if (f[i] == 0) ctx->inter.gmap[k++] = i;
  for (i = 0; i < p; i++) if (f[i] == 1) ctx->inter.gmap[k++] = i;
  for (k = 0; k < p; k++) if (ctx->inter.gmap[k] == rank) ctx->inter.grank = k;
  if ((rc = MPI_Comm_split(ctx->pc, group, rank, &ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  MPI_Comm_set_errhandler(ctx->inter.glocal, MPI_ERRORS_RETURN);
  return MPI_SUCCESS;
fail:
  IRRCOLL_FREE(f);
  return rc;
}

static uint64_t irr__hash(const int64_t *m, int n) { /* FNV-1a over the sizes */
  uint64_t h = 1469598103934665603ULL;
  int i;
  for (i = 0; i < n; i++) h = (h ^ (uint64_t)m[i]) * 1099511628211ULL;
  return h;
}

/* The intergroup Allgather(v), after the setup. rc: the remote group's counts and
   displacements (regular: block j of rcount elements at j * rcount, and every rank's own
   size is the same). */
static int irr__inter_run(irr__ctx *ctx, MPI_Comm gcomm, const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const irr__counts *rcs, MPI_Datatype recvtype) {
  int P = ctx->inter.na + ctx->inter.nb, me = ctx->inter.grank, inA = me < ctx->inter.na, nl = inA ? ctx->inter.na : ctx->inter.nb, nr = P - nl;
  int lb = inA ? 0 : ctx->inter.na, rb = inA ? ctx->inter.na : 0, rc = MPI_SUCCESS, err = MPI_SUCCESS, i, tag;
  int64_t *m = NULL, own = 0, cap;
  long long chk[5], got[5], mine[5];
  irr_alg alg = irr_inter_choose(irr__forced(ctx, IRR_COLL_INTER_ALLGATHERV));
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  int bad = 0;
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  if (!rcs->regular && ((!rcs->ci && !rcs->cc) || (!rcs->di && !rcs->dc))) return MPI_ERR_ARG;
  tag = (int)(ctx->seq++ % IRR__SEQ_MOD) * 2;
  if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)P * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  memset(m, 0, (size_t)P * 3 * sizeof(int64_t));
  /* local errors: this rank's arguments */
  if ((rc = irr__dt_info(recvtype, &vb.dt)) != MPI_SUCCESS) err = rc, vb.dt.size = 0;
  if (err == MPI_SUCCESS) { /* the remote group's blocks: counts, displacements, bytes */
    err = irr__widen(nr, rcs, vb.dt.size, vb.dt.extent, m + P + rb, m + 2 * P + rb, m + rb, NULL);
  }
  if (err == MPI_SUCCESS) {
    if (sendbuf == MPI_IN_PLACE) err = MPI_ERR_ARG; /* not allowed on intercommunicators */
    else if (sendcount < 0) err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_info(sendtype, &ob.dt)) != MPI_SUCCESS) err = rc;
    else if (!irr__mul_ok(sendcount, ob.dt.size, &own)) err = MPI_ERR_COUNT;
    else if (own > 0 && !sendbuf && ob.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  }
  for (i = 0; i < nr && err == MPI_SUCCESS; i++)
    if (m[rb + i] > 0 && !recvbuf && vb.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  /* my group's sizes (Allgatherv: gathered; Allgather: all equal), then one check that both
     groups agree on every size and nobody failed: otherwise nobody moves data, so a bad
     argument anywhere cannot hang or corrupt anyone (the others return MPI_ERR_TRUNCATE) */
  if (!rcs->regular) {
    int64_t mb = err == MPI_SUCCESS ? own : -1;
    if ((rc = MPI_Allgather(&mb, 1, MPI_INT64_T, m + lb, 1, MPI_INT64_T, ctx->inter.glocal)) != MPI_SUCCESS) goto out;
  } else {
    for (i = 0; i < nl; i++) m[lb + i] = err == MPI_SUCCESS ? own : -1;
  }
  mine[0] = (long long)(irr__hash(m + rb, nr) >> 1), mine[1] = -mine[0], mine[2] = err != MPI_SUCCESS;
  mine[3] = (long long)(irr__hash(m + lb, nl) >> 1), mine[4] = -mine[3];
  for (i = 0; i < nl; i++) mine[2] |= m[lb + i] < 0;
  /* max and -min of each view in my group: equal views iff max == min */
  if ((rc = MPI_Allreduce(mine, chk, 5, MPI_LONG_LONG, MPI_MAX, ctx->inter.glocal)) != MPI_SUCCESS) goto out;
  if (me == lb) { /* the group roots compare views */
    int peer = ctx->inter.gmap[rb];
    if ((rc = MPI_Sendrecv(chk, 5, MPI_LONG_LONG, peer, tag, got, 5, MPI_LONG_LONG, peer, tag, gcomm, MPI_STATUS_IGNORE)) != MPI_SUCCESS) goto out;
    chk[2] = chk[2] || got[2] || chk[0] != -chk[1] || got[0] != -got[1] || chk[3] != -chk[4] || got[3] != -got[4] ||
             chk[0] != got[3] || got[0] != chk[3];
  }
  if ((rc = MPI_Bcast(&chk[2], 1, MPI_LONG_LONG, 0, ctx->inter.glocal)) != MPI_SUCCESS) goto out;
  if (chk[2]) { rc = err != MPI_SUCCESS ? err : MPI_ERR_TRUNCATE; goto out; }
  /* the schedule, its peers mapped to gcomm's ranks */
  if ((cap = irr_inter_maxops(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md)) < 0 || cap > INT_MAX / 2 ||
      !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) { rc = MPI_ERR_NO_MEM; goto out; }
  irr_sched_init(&s, me, P, ops, (int)cap);
  if (irr_inter_allgatherv(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md, &s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
  for (i = 0; i < s.nops; i++)
    if (ops[i].kind != IRR_OP_COPY) ops[i].peer = ctx->inter.gmap[ops[i].peer];
  vb.v = 1, vb.p = P, vb.base = irr__base(recvbuf), vb.counts = m + P, vb.displs = m + 2 * P;
  ob.v = 0, ob.own = me, ob.count = sendcount, ob.base = irr__base(sendbuf), ob.discard = own == 0;
  rc = irr__run_allv(ctx, &s, gcomm, tag + 1, &vb, &ob, 0, &bad);
  if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE;
out:
  if (m) IRRCOLL_FREE(m);
  if (ops) IRRCOLL_FREE(ops);
  return rc;
}

/* The intercommunicator path of IRR_Allgather / IRR_Allgatherv. */
static int irr__inter_entry(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const irr__counts *rcs, MPI_Datatype recvtype, MPI_Comm comm) {
  irr__ctx *ctx;
  int rc;
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if ((rc = irr__inter_setup(ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  rc = irr__inter_run(ctx, ctx->inter.gcomm, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

static int irr__groups_entry(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const irr__counts *rcs, MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__ctx *ctx;
  int rc, inter = 0, rank, p;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if ((rc = irr__groups_setup(ctx, group, rank, p)) != MPI_SUCCESS) return irr__raise(comm, rc);
  rc = irr__inter_run(ctx, ctx->pc, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  int rc, inter = 0;
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!inter) return MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  return irr__inter_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, comm);
}

IRR_DEF int IRR_Allgather_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                 MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

IRR_DEF int IRR_Allgatherv_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {recvcounts, displs, NULL, NULL, 0, 0};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}
