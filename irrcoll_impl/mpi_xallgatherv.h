/* IRR_XAllgatherv: Bruck with the sizes in every message, then the large blocks (xv.h). */

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
