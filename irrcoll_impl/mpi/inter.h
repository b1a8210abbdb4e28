/* Intergroup Allgather/Allgatherv (algo/inter/) on MPI: on an intercommunicator (merged once
   into an intracommunicator, cached with it), or on two groups inside an intracommunicator
   (IRR_Allgather(v)_groups). The schedule's ranks are group A (flag 0 / the group the merge
   puts first) then group B; it runs on the merged or private communicator through gmap. */

/* Intercommunicator: merge (high = 0 on both sides: MPI orders the groups, the same for
   all) and split off the local group. Collective on the first call. The context of an
   intercommunicator agrees on nothing when it is made, so one Allreduce (min) over the
   merged communicator takes its rank 0's forced algorithm and model, its CPU constants
   too (they change who sends what to whom; environments may differ) and whether every
   rank has its map; nothing is kept unless all succeeded. */
static int irr__inter_setup(irr__ctx *ctx) {
  int rc, lrank, lsize, rsize, mrank, first, i, *map;
  double v[4 + IRR__NCPU], none = 1e300; /* above any setting: min takes rank 0's */
  double *cpu[IRR__NCPU];
  MPI_Comm g = MPI_COMM_NULL, l = MPI_COMM_NULL;
  if (ctx->inter.gcomm != MPI_COMM_NULL) return MPI_SUCCESS;
  MPI_Comm_rank(ctx->pc, &lrank);
  MPI_Comm_size(ctx->pc, &lsize);
  MPI_Comm_remote_size(ctx->pc, &rsize);
  map = (int *)IRRCOLL_MALLOC((size_t)(lsize + rsize) * sizeof(int));
  if ((rc = MPI_Intercomm_merge(ctx->pc, 0, &g)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(g, MPI_ERRORS_RETURN);
  MPI_Comm_rank(g, &mrank);
  v[0] = map != NULL;
  v[1] = mrank == 0 ? (double)irr__forced(ctx, IRR_COLL_INTER_ALLGATHERV) : none;
  v[2] = mrank == 0 ? ctx->md.alpha : none, v[3] = mrank == 0 ? ctx->md.beta : none;
  irr__cpu_fields(&ctx->md, cpu); /* IRRCOLL_CPU's constants (mpi/ctx.h) */
  for (i = 0; i < IRR__NCPU; i++) v[4 + i] = mrank == 0 ? *cpu[i] : none;
  if ((rc = MPI_Allreduce(MPI_IN_PLACE, v, 4 + IRR__NCPU, MPI_DOUBLE, MPI_MIN, g)) != MPI_SUCCESS) goto fail;
  if (v[0] == 0) { rc = MPI_ERR_NO_MEM; goto fail; }
  first = mrank == lrank; /* each group keeps its order; the first one starts at 0 */
  if ((rc = MPI_Comm_split(g, !first, lrank, &l)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(l, MPI_ERRORS_RETURN);
  ctx->force[IRR_COLL_INTER_ALLGATHERV] = (irr_alg)(int)v[1], ctx->md.alpha = v[2], ctx->md.beta = v[3];
  for (i = 0; i < IRR__NCPU; i++) *cpu[i] = v[4 + i];
  ctx->inter.gcomm = g, ctx->inter.glocal = l, ctx->inter.gmap = map;
  ctx->inter.na = first ? lsize : rsize;
  ctx->inter.nb = first ? rsize : lsize;
  ctx->inter.grank = mrank;
  for (i = 0; i < lsize + rsize; i++) map[i] = i;
  return MPI_SUCCESS;
fail:
  if (g != MPI_COMM_NULL) MPI_Comm_free(&g);
  if (map) IRRCOLL_FREE(map);
  return rc;
}

/* Two groups in an intracommunicator: every call gathers the flags (one int per rank) and
   redoes the layout only when they changed. All ranks see the same flags, so a bad flag or
   an empty group is the same error everywhere. The context changes only once the split
   succeeded (a later call never sees flags without their communicator). */
static int irr__groups_setup(irr__ctx *ctx, int group, int rank, int p) {
  int *f, rc, i, na = 0, k;
  MPI_Comm l;
  if (!ctx->inter.gmap && !(ctx->inter.gmap = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
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
  if ((rc = MPI_Comm_split(ctx->pc, group, rank, &l)) != MPI_SUCCESS) goto fail;
  MPI_Comm_set_errhandler(l, MPI_ERRORS_RETURN);
  if (ctx->inter.glocal != MPI_COMM_NULL) MPI_Comm_free(&ctx->inter.glocal);
  if (ctx->inter.gflags) IRRCOLL_FREE(ctx->inter.gflags);
  ctx->inter.glocal = l, ctx->inter.gflags = f;
  ctx->inter.na = na, ctx->inter.nb = p - na;
  for (k = 0, i = 0; i < p; i++) if (f[i] == 0) ctx->inter.gmap[k++] = i;
  for (i = 0; i < p; i++) if (f[i] == 1) ctx->inter.gmap[k++] = i;
  for (k = 0; k < p; k++) if (ctx->inter.gmap[k] == rank) ctx->inter.grank = k;
  return MPI_SUCCESS;
fail:
  IRRCOLL_FREE(f);
  return rc;
}

/* The intergroup Allgather(v)'s plan, after the setup: tag, sizes, this rank's program (its
   peers gcomm's ranks) and buffer views, agreed by both groups; freed by irr__iplan_free.
   irr__inter_run runs it once; a persistent request (mpi/persist.h) at every start. */
typedef struct irr__iplan {
  int tag;
  int64_t *m;   /* bytes (P), counts (P), displacements (P): vb's */
  irr_op *ops;
  irr_sched s;
  irr__buf vb, ob;
} irr__iplan;

static void irr__iplan_free(irr__iplan *L) {
  if (L->m) IRRCOLL_FREE(L->m);
  if (L->ops) IRRCOLL_FREE(L->ops);
  L->m = NULL, L->ops = NULL;
}

/* One check that both groups agree on every size (m: my group's nl sizes at lb, the remote
   group's nr at rb), the algorithm (both groups' programs) and the model (a group's
   Allgatherv), and that nobody failed (bad: this rank): otherwise nobody moves data, so a
   bad argument anywhere cannot hang or corrupt anyone (the others return MPI_ERR_TRUNCATE;
   differing settings are MPI_ERR_ARG everywhere). Views as max and -min over my group:
   equal iff max == min. *verdict, the same on every rank of both groups: 0 agreed, 1 sizes
   or a failure, 2 settings. */
static int irr__inter_agree(irr__ctx *ctx, MPI_Comm gcomm, const int64_t *m, int lb, int nl, int rb, int nr, irr_alg alg,
                            int bad, int tag, long long *verdict) {
  long long chk[9], got[9], mine[9];
  int64_t md[2];
  int rc;
  memcpy(md, &ctx->md.alpha, sizeof md[0]), memcpy(md + 1, &ctx->md.beta, sizeof md[1]);
  mine[0] = (long long)(irr__hash(m + rb, nr) >> 1), mine[1] = -mine[0], mine[2] = bad;
  mine[3] = (long long)(irr__hash(m + lb, nl) >> 1), mine[4] = -mine[3];
  mine[5] = (long long)alg, mine[6] = -mine[5], mine[7] = (long long)(irr__hash(md, 2) >> 1), mine[8] = -mine[7];
  if ((rc = MPI_Allreduce(mine, chk, 9, MPI_LONG_LONG, MPI_MAX, ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  if (ctx->inter.grank == lb) { /* the group roots compare views; both reach the same verdict */
    int peer = ctx->inter.gmap[rb], sizes, sets;
    if ((rc = MPI_Sendrecv(chk, 9, MPI_LONG_LONG, peer, tag, got, 9, MPI_LONG_LONG, peer, tag, gcomm, MPI_STATUS_IGNORE)) != MPI_SUCCESS) return rc;
    sizes = chk[2] || got[2] || chk[0] != -chk[1] || got[0] != -got[1] || chk[3] != -chk[4] || got[3] != -got[4] ||
            chk[0] != got[3] || got[0] != chk[3];
    sets = chk[5] != -chk[6] || got[5] != -got[6] || chk[5] != got[5] || chk[7] != -chk[8] || got[7] != -got[8];
    chk[2] = sizes ? 1 : sets ? 2 : 0;
  }
  if ((rc = MPI_Bcast(&chk[2], 1, MPI_LONG_LONG, 0, ctx->inter.glocal)) != MPI_SUCCESS) return rc;
  *verdict = chk[2];
  return MPI_SUCCESS;
}

/* rcs: the remote group's counts and displacements (regular: block j of rcount elements at
   j * rcount, and every rank's own size is the same). Every size is in bytes (count x type size), so any counts of one
   signature work alike, an empty one (e.g. a size-0 type) included. An error is the same
   on every rank of both groups once the check has run (a bad argument anywhere: the
   others' MPI_ERR_TRUNCATE). */
static int irr__inter_plan(irr__ctx *ctx, MPI_Comm gcomm, const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const irr__counts *rcs, MPI_Datatype recvtype, irr__iplan *L) {
  int P = ctx->inter.na + ctx->inter.nb, me = ctx->inter.grank, inA = me < ctx->inter.na, nl = inA ? ctx->inter.na : ctx->inter.nb, nr = P - nl;
  int lb = inA ? 0 : ctx->inter.na, rb = inA ? ctx->inter.na : 0, rc = MPI_SUCCESS, err = MPI_SUCCESS, i, tag, lbad = 0;
  int64_t *m = NULL, own = 0, cap;
  long long verdict = 0;
  double t0 = IRRCOLL_CLOCK();
  irr_alg alg = irr_inter_choose(irr__forced(ctx, IRR_COLL_INTER_ALLGATHERV));
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  memset(L, 0, sizeof *L);
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
  /* my group's sizes (Allgatherv: gathered; Allgather: all equal) */
  if (!rcs->regular) {
    int64_t mb = err == MPI_SUCCESS ? own : -1;
    if ((rc = MPI_Allgather(&mb, 1, MPI_INT64_T, m + lb, 1, MPI_INT64_T, ctx->inter.glocal)) != MPI_SUCCESS) goto out;
  } else {
    for (i = 0; i < nl; i++) m[lb + i] = err == MPI_SUCCESS ? own : -1;
  }
  for (i = 0; i < nl; i++) lbad |= m[lb + i] < 0;
  /* this rank's program, before the check: failing to build it (memory) is one more local
     error the check agrees on, never a rank missing from a schedule the others run */
  if (err == MPI_SUCCESS && !lbad) {
    if ((cap = irr_inter_maxops(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md)) < 0 || cap > INT_MAX / 2 ||
        !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
      err = MPI_ERR_NO_MEM;
    } else {
      irr_status st;
      irr_sched_init(&s, me, P, ops, (int)cap);
      if ((st = irr_inter_allgatherv(me, ctx->inter.na, ctx->inter.nb, m, alg, ctx->md, &s)) != IRR_OK)
        err = st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
    }
  }
  if ((rc = irr__inter_agree(ctx, gcomm, m, lb, nl, rb, nr, alg, err != MPI_SUCCESS || lbad, tag, &verdict)) != MPI_SUCCESS)
    goto out;
  if (verdict) { rc = err != MPI_SUCCESS ? err : verdict == 1 ? MPI_ERR_TRUNCATE : MPI_ERR_ARG; goto out; }
  /* run it, its peers mapped to gcomm's ranks */
  for (i = 0; i < s.nops; i++)
    if (ops[i].kind != IRR_OP_COPY) ops[i].peer = ctx->inter.gmap[ops[i].peer];
  vb.v = 1, vb.p = P, vb.base = irr__base(recvbuf), vb.counts = m + P, vb.displs = m + 2 * P;
  ob.v = 0, ob.own = me, ob.count = sendcount, ob.base = irr__base(sendbuf), ob.discard = own == 0;
  L->tag = tag, L->m = m, L->ops = ops, L->s = s, L->vb = vb, L->ob = ob;
  irr__note_call(ctx, IRR_COLL_INTER_ALLGATHERV, alg, 0, 0, irr__plan_cpu(&ctx->md, 3.0 * P, s.nops), t0);
  return MPI_SUCCESS;
out:
  if (m) IRRCOLL_FREE(m);
  if (ops) IRRCOLL_FREE(ops);
  return rc;
}

/* The intergroup Allgather(v), after the setup: plan, run once. */
static int irr__inter_run(irr__ctx *ctx, MPI_Comm gcomm, const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const irr__counts *rcs, MPI_Datatype recvtype) {
  irr__iplan L;
  int bad = 0, rc = irr__inter_plan(ctx, gcomm, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype, &L);
  if (rc != MPI_SUCCESS) return rc;
  rc = irr__run_allv(ctx, &L.s, gcomm, L.tag + 1, &L.vb, &L.ob, 0, &bad, NULL);
  if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE;
  irr__iplan_free(&L);
  return rc;
}

/* The intercommunicator path of IRR_Allgather(_c) / IRR_Allgatherv(_c). */
static int irr__inter_entry(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const irr__counts *rcs, MPI_Datatype recvtype, MPI_Comm comm) {
  irr__ctx *ctx;
  int rc;
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if ((rc = irr__inter_setup(ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  rc = irr__inter_run(ctx, ctx->inter.gcomm, sendbuf, sendcount, sendtype, recvbuf, rcs, recvtype);
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

/* IRR_Allgather(v)_groups(_c). */
static int irr__groups_entry(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
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

/* IRR_Allgather(_c): the intergroup algorithm on intercommunicators; on intracommunicators
   the native operation, except on an empty signature (recvcount x recvtype's size is 0,
   the same on every rank as MPI requires): nothing moves, so every rank returns at once.
   MPICH 4.0.2 decides there from each rank's own counts, and ranks sending a positive count
   of a size-0 type wait forever for those sending 0 elements (p >= 3). A rank whose own
   block is not empty then is MPI_ERR_TRUNCATE, alone. large: the `_c` entry. */
static int irr__allgather(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf, int64_t recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm, int large) {
  int rc, inter = 0;
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__inter_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, comm);
  if (recvcount >= 0 && recvtype != MPI_DATATYPE_NULL &&
      (sendbuf == MPI_IN_PLACE || (sendcount >= 0 && sendtype != MPI_DATATYPE_NULL))) {
    MPI_Count rsz = 0, ssz = 0;
    int64_t rbytes = -1, sbytes = 0;
    if (MPI_Type_size_x(recvtype, &rsz) == MPI_SUCCESS && irr__mul_ok(recvcount, (int64_t)rsz, &rbytes) && rbytes == 0) {
      if (sendbuf != MPI_IN_PLACE && (MPI_Type_size_x(sendtype, &ssz) != MPI_SUCCESS || !irr__mul_ok(sendcount, (int64_t)ssz, &sbytes)))
        sbytes = -1;
      return sbytes == 0 ? MPI_SUCCESS : irr__raise(comm, MPI_ERR_TRUNCATE);
    }
  }
#if MPI_VERSION >= 4
  if (large) return MPI_Allgather_c(sendbuf, (MPI_Count)sendcount, sendtype, recvbuf, (MPI_Count)recvcount, recvtype, comm);
#endif
  (void)large;
  return MPI_Allgather(sendbuf, (int)sendcount, sendtype, recvbuf, (int)recvcount, recvtype, comm);
}
