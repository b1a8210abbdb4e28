/* IRR_Allgatherv: argument checks, the node layout (once per communicator), the algorithm
   and block size from the sizes every rank knows, then one schedule run by the executor. */

/* Each rank's node, for the ring order (Section 2.2): NULL when every rank has its own node
   or all share one (then the flat order with zero-size ranks spread is the better one).
   IRRCOLL_PPN=k (tests, benchmarks) declares k consecutive ranks per node instead of asking
   MPI. Collective on the first call. */
static int irr__nodes(irr__ctx *ctx, MPI_Comm comm, int rank, int p) {
  MPI_Comm local;
  int rc, lowest, i, nn = 0, *node;
  const char *env = getenv("IRRCOLL_PPN");
  if (ctx->node_known) return MPI_SUCCESS;
  if (!(node = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return MPI_ERR_NO_MEM;
  if (env && atoi(env) > 0) {
    for (i = 0; i < p; i++) node[i] = i / atoi(env) * atoi(env);
  } else {
    if ((rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &local)) != MPI_SUCCESS) {
      IRRCOLL_FREE(node);
      return rc;
    }
    rc = MPI_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, local);
    MPI_Comm_free(&local);
    if (rc == MPI_SUCCESS) rc = MPI_Allgather(&lowest, 1, MPI_INT, node, 1, MPI_INT, ctx->pc);
    if (rc != MPI_SUCCESS) {
      IRRCOLL_FREE(node);
      return rc;
    }
  }
  for (i = 0; i < p; i++) nn += node[i] == i;
  if (nn == 1 || nn == p) {
    IRRCOLL_FREE(node);
    node = NULL;
  }
  ctx->node = node;
  ctx->node_known = 1;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank, p, rc, err = MPI_SUCCESS, inter = 0, tag, i, inplace = sendbuf == MPI_IN_PLACE, *ring = NULL;
  int64_t *m = NULL, B = 0, cap, own = 0;
  irr_alg alg;
  irr_sched s;
  irr_op *ops = NULL;
  irr__buf vb, ob;
  int bad;
  memset(&vb, 0, sizeof vb);
  memset(&ob, 0, sizeof ob);
  s.ops = NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__inter_entry(sendbuf, sendcount, sendtype, recvbuf, recvcounts, 0, displs, recvtype, comm);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  tag = (int)(ctx->seq++ % IRR__SEQ_MOD) * 2;
  /* Arguments every rank has alike (MPI requires the same recvcounts everywhere): an error
     there is the same on all ranks, so all return it without communicating. */
  if (!recvcounts || !displs) return irr__raise(comm, MPI_ERR_ARG);
  if ((rc = irr__dt_info(recvtype, &vb.dt)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) return irr__raise(comm, MPI_ERR_NO_MEM);
  for (i = 0; i < p; i++) {
    m[p + i] = recvcounts[i];
    m[2 * p + i] = displs[i];
    if (recvcounts[i] < 0 || !irr__mul_ok(recvcounts[i], vb.dt.size, &m[i])) {
      IRRCOLL_FREE(m);
      return irr__raise(comm, MPI_ERR_COUNT);
    }
  }
  /* This rank's own block: an error here is local; the rank still runs the schedule, but
     sends 0-byte messages, which its successors detect as short (MPI_ERR_TRUNCATE). */
  if (!inplace) {
    if (sendcount < 0) err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_info(sendtype, &ob.dt)) != MPI_SUCCESS) err = rc;
    else if (!irr__mul_ok(sendcount, ob.dt.size, &own) || own != m[rank]) err = MPI_ERR_TRUNCATE;
    else if (own > 0 && !sendbuf && ob.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  }
  if (m[rank] > 0 && !recvbuf && vb.dt.true_lb == 0) err = MPI_ERR_BUFFER;
  /* the algorithm and the block size: the same on every rank */
  alg = ctx->force[IRR_COLL_ALLGATHERV];
  if (alg != IRR_ALG_BRUCK && (rc = irr__nodes(ctx, comm, rank, p)) != MPI_SUCCESS) goto out;
  if (alg == IRR_ALG_RING) B = irr_allgatherv_block(p, m, ctx->md);
  else if (alg != IRR_ALG_BRUCK) { /* ranks per node sharing a NIC: the most on any node */
    int share = 1, j, c;
    for (i = 0; ctx->node && i < p; i++)
      if (ctx->node[i] == i) {
        for (j = i, c = 0; j < p; j++) c += ctx->node[j] == i;
        if (c > share) share = c;
      }
    alg = irr_allgatherv_choose_on(p, m, ctx->md, share, &B);
  }
  cap = irr_allgatherv_maxops(alg, p, m, B);
  if (cap > INT_MAX / 2 || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op))) ||
      !(ring = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) {
    rc = MPI_ERR_NO_MEM;
    goto out;
  }
  irr_sched_init(&s, rank, p, ops, (int)cap);
  /* the logarithmic algorithm: Bruck, but on SMP nodes with 2^k ranks recursive doubling,
     whose first rounds stay inside nodes (SMPI, 16-core nodes, p = 64, 4 B: Bruck 0.89-0.91
     of SMPI's best, recursive doubling 1.00) */
  if (alg == IRR_ALG_RING) {
    irr_allgatherv_order(p, m, ctx->node, ring);
    if (irr_allgatherv_ring(rank, p, m, B, ring, inplace, &s) != IRR_OK) { rc = MPI_ERR_INTERN; goto out; }
  } else if ((ctx->node && (p & (p - 1)) == 0 ? irr_allgatherv_recdoubling(rank, p, m, inplace, &s)
                                               : irr_allgatherv_bruck(p, rank, m, inplace, 0, &s)) != IRR_OK) {
    rc = MPI_ERR_INTERN;
    goto out;
  }
  vb.v = 1;
  vb.p = p;
  vb.base = irr__base(recvbuf);
  vb.counts = m + p;
  vb.displs = m + 2 * p;
  ob.v = 0;
  ob.own = rank;
  ob.count = err == MPI_SUCCESS && !inplace ? sendcount : 0;
  ob.base = irr__base(sendbuf);
  ob.discard = inplace || err != MPI_SUCCESS || own == 0;
  bad = err != MPI_SUCCESS; /* poison: send nothing real */
  rc = irr__run_allv(ctx, &s, ctx->pc, tag + 1, &vb, &ob, inplace, &bad);
  if (rc == MPI_SUCCESS && bad && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
out:
  if (m) IRRCOLL_FREE(m);
  if (ops) IRRCOLL_FREE(ops);
  if (ring) IRRCOLL_FREE(ring);
  if (rc == MPI_SUCCESS) rc = err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_Comm_set_model(MPI_Comm comm, double alpha, double beta) {
  irr__ctx *ctx;
  int rc;
  if (!(alpha > 0) || !(beta > 0)) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->md.alpha = alpha;
  ctx->md.beta = beta;
  return MPI_SUCCESS;
}
