/* MPI layer, the executor's learned receives (IRR_OPF_LEARN): probed piece by piece, each
   taken before the next is probed (the first names the sender when the op's peer is < 0).
   Taken blocking: the next one's place may depend on this one's size, and the round's other
   messages are all posted already, so nothing waits on it. */

static int irr__learn_probe(const irr__exec *X, int *src, int *c) {
  MPI_Status st;
  int rc = MPI_Probe(*src, X->tag, X->comm, &st);
  if (rc != MPI_SUCCESS) return rc;
  *src = st.MPI_SOURCE;
  return MPI_Get_count(&st, MPI_BYTE, c);
}

/* With IRR_OPF_RANGE: the whole message into X->lmsg; then the range, the sizes (X->cnt)
   and the data length (the rest) from its header, checked. */
static int irr__learn_range(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc, i;
  int64_t got = 0, cap = 0, n, *h;
  char *m = NULL;
  do {
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (!m || got + c > cap) {
      char *nm = (char *)IRRCOLL_MALLOC((size_t)(2 * (got + c) + 64));
      if (!nm) { rc = MPI_ERR_NO_MEM; break; }
      if (got) memcpy(nm, m, (size_t)got);
      if (m) IRRCOLL_FREE(m);
      m = nm;
      cap = 2 * (got + c) + 64;
    }
    rc = MPI_Recv(m + got, c, MPI_BYTE, src, X->tag, X->comm, MPI_STATUS_IGNORE);
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (X->lmsg) IRRCOLL_FREE(X->lmsg);
  X->lmsg = m;
  if (rc != MPI_SUCCESS) return rc;
  h = (int64_t *)(void *)m;
  if (got < 16 || h[0] < 0 || h[1] <= h[0] || h[1] > X->s->size) return MPI_ERR_INTERN;
  n = h[1] - h[0];
  if (got < 16 + 8 * n) return MPI_ERR_INTERN;
  for (i = 0; i < n; i++)
    if (h[2 + i] < 0) return MPI_ERR_INTERN;
  if (irr__range_sum(h + 2, 0, (int)n) != got - 16 - 8 * n) return MPI_ERR_INTERN;
  o->peer = src;
  o->blo = (int)h[0];
  o->bhi = (int)h[1];
  o->len = got - 16 - 8 * n;
  X->cnt = h + 2;
  X->cnt_lo = o->blo;
  return MPI_SUCCESS;
}

/* Into scratch at o->off: the size header (IRR_OPF_COUNTS) into X->cnt, the data after it;
   scratch grows as pieces come. */
static int irr__learn_tmp(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc, n, count = 0, derived = 0;
  int64_t h = (o->flags & IRR_OPF_COUNTS) ? 8 * (int64_t)(o->bhi - o->blo) : 0, got = 0;
  irr__piece pc[2];
  if (h && (!X->cnt || o->blo < X->cnt_lo)) return MPI_ERR_INTERN;
  do {
    void *addr = NULL;
    MPI_Datatype t = MPI_BYTE;
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (got + c > h && (rc = irr__exec_grow(X, o->off + got + c - h)) != MPI_SUCCESS) break;
    n = 0;
    if (h) {
      pc[n].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
      pc[n++].len = h;
    }
    if (got + c > h) {
      pc[n].addr = X->tmp + o->off;
      pc[n++].len = got + c - h;
    }
    rc = irr__chunk_type(pc, n, got, c, &addr, &count, &t, &derived, X->blens, X->disps);
    if (rc == MPI_SUCCESS) rc = MPI_Recv(addr, count, t, src, X->tag, X->comm, MPI_STATUS_IGNORE);
    if (derived) MPI_Type_free(&t);
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (rc != MPI_SUCCESS) return rc;
  if (got < h) return MPI_ERR_INTERN;
  o->peer = src;
  o->len = got - h;
  if (o->off + o->len > X->s->tmp) X->s->tmp = o->off + o->len;
  return MPI_SUCCESS;
}

/* Receive a probed piece nonblocking (its place is known; X->lreq, waited by the caller): the
   next piece can be probed while it streams in. */
static int irr__exec_lrecv(irr__exec *X, void *addr, int count, MPI_Datatype t, int src) {
  int rc;
  if (X->nlreq == X->caplreq) { /* room for one more request */
    int c2 = X->caplreq ? 2 * X->caplreq : 16;
    MPI_Request *r2 = (MPI_Request *)IRRCOLL_MALLOC((size_t)c2 * sizeof(MPI_Request));
    if (!r2) return MPI_ERR_NO_MEM;
    if (X->nlreq) memcpy(r2, X->lreq, (size_t)X->nlreq * sizeof(MPI_Request));
    if (X->lreq) IRRCOLL_FREE(X->lreq);
    X->lreq = r2;
    X->caplreq = c2;
  }
  rc = MPI_Irecv(addr, count, t, src, X->tag, X->comm, &X->lreq[X->nlreq]);
  if (rc == MPI_SUCCESS) X->nlreq++;
  return rc;
}
static int irr__exec_lwait(irr__exec *X, int rc) {
  int k, idx = 0, rc2;
  /* every one posted, whatever happened; each as it completes (waited one by one from the
     last posted, the receive costs of blocks that came early pile up after the last one:
     XGatherv's direct at p = 16, 2733 ints, was 0.89 of Gather + Gatherv in SMPI, now 0.99) */
  for (k = 0; k < X->nlreq && idx != MPI_UNDEFINED; k++) {
    rc2 = MPI_Waitany(X->nlreq, X->lreq, &idx, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) rc = rc2;
  }
  X->nlreq = 0;
  return rc;
}

/* Into a user buffer, where the caller's place() puts the block; a message that does not fit
   there (or that place() refuses) is drained. Its place is known once it is probed, so it is
   received nonblocking (irr__exec_learned waits): the next one is probed meanwhile. */
static int irr__learn_user(irr__exec *X, irr_op *o) {
  int src = o->peer < 0 ? MPI_ANY_SOURCE : o->peer, c = 0, rc = MPI_SUCCESS, n = 0, taken;
  int64_t got = 0, room;
  if (o->flags & (IRR_OPF_COUNTS | IRR_OPF_RANGE)) return MPI_ERR_INTERN;
  room = X->place ? X->place(X->larg, o) : -1;
  taken = room >= 0;
  if (taken) {
    irr_op q = *o;
    q.len = room;
    if ((n = irr__op_pieces(X, o->buf, o->off, &q, X->pc, NULL)) < 0) return MPI_ERR_INTERN;
  }
  do {
    if ((rc = irr__learn_probe(X, &src, &c)) != MPI_SUCCESS) break;
    if (taken && got + c <= room) {
      void *addr = NULL;
      int count = 0, derived = 0;
      MPI_Datatype t = MPI_BYTE;
      rc = irr__chunk_type(X->pc, n, got, c, &addr, &count, &t, &derived, X->blens, X->disps);
      if (rc == MPI_SUCCESS) rc = irr__exec_lrecv(X, addr, count, t, src);
      if (derived) MPI_Type_free(&t); /* freed once the receive is done */
    } else {
      taken = 0;
      rc = irr__exec_drain(X, src, c, X->tag);
    }
    got += c;
  } while (rc == MPI_SUCCESS && c >= IRR__CHUNK);
  if (rc != MPI_SUCCESS) return rc;
  o->peer = src;
  o->len = got;
  if (X->learned) X->learned(X->larg, o, got, taken);
  return MPI_SUCCESS;
}

/* The round's learned receives, in op order, from X->lj on. block != 1 (a request's step):
   one whose first piece has not come (MPI_Iprobe) ends the call, *ldone = 0, to resume
   there; once the first piece is there, the rest are taken blocking (their sender posted
   them with it). */
static int irr__exec_learned(irr__exec *X, int block, int *ldone) {
  int rc = MPI_SUCCESS;
  *ldone = 0;
  for (; X->lj < X->hi && rc == MPI_SUCCESS; X->lj++) {
    irr_op *o = &X->s->ops[X->lj];
    if (!irr__op_learned(o)) continue;
    if (block != 1) {
      int flag = 0;
      rc = MPI_Iprobe(o->peer < 0 ? MPI_ANY_SOURCE : o->peer, X->tag, X->comm, &flag, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      if (!flag) return MPI_SUCCESS;
    }
    if (o->flags & IRR_OPF_RANGE) {
      rc = irr__learn_range(X, o);
    } else if (o->buf == IRR_BUF_TMP) {
      o->off += X->lshift;
      rc = irr__learn_tmp(X, o);
      X->lshift += o->len;
    } else {
      rc = irr__learn_user(X, o);
    }
  }
  *ldone = 1;
  return irr__exec_lwait(X, rc);
}

/* The probed receives (IRR_OPF_PROBE, length known) of round ops[lo, hi): take the messages
   in arrival order; each is checked against its op before it is received (nonblocking: the
   transfers overlap, as the posted receives of MPI's own linear Gatherv do), and one of another
   size goes to scratch (marking the result bad), so MPI never truncates. Every expected
   message is taken; one from an unexpected sender is drained. Only for rounds where no other
   message with this tag can arrive from those senders meanwhile (the direct algorithm).
   Resumable: block = 0 returns (*pdone = 0) when no message is there yet (MPI_Iprobe); the
   ops taken so far are in X->pnext, X->ppending still to come. An op with IRR_OPF_EOM (the
   nonblocking calls') ends with the sender's short piece, however many pieces this rank
   expected, so a size mismatch across IRRCOLL_MAX_MSG pieces cannot leave it waiting. */
static int irr__exec_probed(irr__exec *X, int block, int *pdone) {
  const irr_sched *s = X->s;
  int rc = MPI_SUCCESS, j, lo = X->lo, hi = X->hi;
  int64_t *next = X->pnext; /* chunks taken per op */
  *pdone = 0;
  if (!X->ppending) {
    for (j = lo; j < hi; j++)
      if (irr__op_probed(&s->ops[j])) X->ppending += (s->ops[j].flags & IRR_OPF_EOM) ? 1 : irr__op_nchunks(&s->ops[j], 0);
    if (X->ppending == 0) return *pdone = 1, MPI_SUCCESS;
    next = X->pnext = (int64_t *)IRRCOLL_MALLOC((size_t)(hi - lo) * sizeof(int64_t));
    if (!next) return *pdone = 1, MPI_ERR_NO_MEM;
    memset(next, 0, (size_t)(hi - lo) * sizeof(int64_t));
  }
  while (X->ppending > 0 && rc == MPI_SUCCESS) {
    MPI_Status st;
    int cnt = 0, found = -1, n = 0, count = 0, derived = 0, flag = 1;
    int64_t from = 0, len = 0;
    void *addr = NULL;
    MPI_Datatype t = MPI_BYTE;
    rc = block ? MPI_Probe(MPI_ANY_SOURCE, X->tag, X->comm, &st) : MPI_Iprobe(MPI_ANY_SOURCE, X->tag, X->comm, &flag, &st);
    if (rc != MPI_SUCCESS) break;
    if (!flag) return MPI_SUCCESS; /* block = 0: nothing more has come yet */
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    for (j = lo; j < hi && found < 0; j++) {
      const irr_op *o = &s->ops[j];
      if (irr__op_probed(o) && o->peer == st.MPI_SOURCE &&
          ((o->flags & IRR_OPF_EOM) ? next[j - lo] >= 0 : next[j - lo] < irr__op_nchunks(o, 0)))
        found = j;
    }
    if (found >= 0) {
      const irr_op *o = &s->ops[found];
      irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
      from = next[found - lo]++ * IRR__CHUNK;
      len = irr_op_msglen(o) - from < IRR__CHUNK ? irr_op_msglen(o) - from : IRR__CHUNK;
      if (len < 0) len = 0;
      if (!(o->flags & IRR_OPF_EOM)) X->ppending--;
      else if ((int64_t)cnt < IRR__CHUNK) { /* the sender's last piece, whatever this rank expected */
        next[found - lo] = -1;
        X->ppending--;
        if ((int64_t)cnt == len && from + len != irr_op_msglen(o)) X->bad = 1;
      }
      if (((int64_t)cnt == len ||
           ((int64_t)cnt < len && (from == 0 || (o->flags & IRR_OPF_EOM)) && irr__exec_short(X, found, from + cnt))) &&
          !(B && B->discard)) {
        if ((n = irr__op_pieces(X, o->buf, o->off, o, X->pc, NULL)) < 0) { rc = MPI_ERR_INTERN; break; }
        rc = irr__chunk_type(X->pc, n, from, cnt, &addr, &count, &t, &derived, X->blens, X->disps);
        if (rc == MPI_SUCCESS) rc = irr__exec_lrecv(X, addr, count, t, st.MPI_SOURCE);
        if (derived) MPI_Type_free(&t);
        continue;
      }
      if ((int64_t)cnt != len) X->bad = 1;
    } else {
      X->bad = 1; /* nobody here expects this sender */
    }
    rc = irr__exec_drain(X, st.MPI_SOURCE, cnt, X->tag);
  }
  IRRCOLL_FREE(X->pnext);
  X->pnext = NULL;
  X->ppending = 0;
  *pdone = 1;
  return irr__exec_lwait(X, rc); /* matched already: their senders have sent */
}
