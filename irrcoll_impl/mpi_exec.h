/* MPI layer: the schedule executor. It maps a schedule (sched.h) onto nonblocking
   point-to-point calls round by round; it is the one place where irrcoll moves data. */

typedef struct irr__piece {
  char *addr;
  int64_t len;
} irr__piece;

typedef struct irr__exec {
  const irr_sched *s;
  irr__buf *buf[4];        /* indexed by IRR_BUF_*; [IRR_BUF_TMP] unused */
  char *tmp;
  irr__piece *pc;          /* piece scratch: two arrays of npc entries (a copy's two sides) */
  int npc;
  MPI_Comm comm;
  int tag;
  int bad;                 /* a receive came short or long: later sends are 0-byte poison */
  int *blens;              /* derived-type scratch, npc entries */
  MPI_Aint *disps;
  int64_t *cnt;            /* sizes that IRR_OPF_COUNTS messages carry: block b at cnt[b - cnt_lo] */
  int cnt_lo;
  char *tmp_given;         /* scratch supplied by the caller (kept), instead of allocating */
} irr__exec;

/* Memory pieces of an op's message in buffer `which` at `off`, into pc[0 .. X->npc-1]
   (adjacent pieces merged): returns how many, or -1 if the op does not fit the buffer. A
   message with IRR_OPF_COUNTS starts with its size header: rw (blo, bhi; IRR_OPF_RANGE, sends
   only) and the sizes from X->cnt. Copies carry no header. */
static int irr__op_pieces(const irr__exec *X, int which, int64_t off, const irr_op *o, irr__piece *pc,
                          int64_t *rw) {
  int n = 0, b, j, nl = irr_op_nlabels(o, X->s->size);
  int64_t at = 0, x = o->skip;
  if (o->kind != IRR_OP_COPY && (o->flags & IRR_OPF_COUNTS)) {
    if (!X->cnt || o->blo < X->cnt_lo) return -1;
    if (o->flags & IRR_OPF_RANGE) {
      if (!rw || o->kind != IRR_OP_SEND) return -1;
      rw[0] = o->blo;
      rw[1] = o->bhi;
      pc[n].addr = (char *)rw;
      pc[n++].len = 16;
    }
    pc[n].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
    pc[n++].len = 8 * (int64_t)(o->bhi - o->blo);
  }
  if (which == IRR_BUF_TMP) {
    if (off < 0 || o->len < 0 || off + o->len > X->s->tmp) return -1;
    pc[n].addr = X->tmp + off;
    pc[n].len = o->len;
    return n + 1;
  }
  for (j = 0; at < o->len && j < nl; j++, x = 0) {
    irr__buf *B = X->buf[which];
    int64_t take;
    b = irr_op_label(o, j, X->s->size);
    take = irr__blk_bytes(B, b) - x;
    char *a;
    if (take > o->len - at) take = o->len - at;
    if (take <= 0) continue;
    a = irr__blk_addr(B, b) + x;
    if (n > 0 && pc[n - 1].addr + pc[n - 1].len == a) {
      pc[n - 1].len += take;
    } else {
      if (n >= X->npc) return -1;
      pc[n].addr = a;
      pc[n].len = take;
      n++;
    }
    at += take;
  }
  return at == o->len ? n : -1;
}

/* Describe bytes [from, from+len) of the op's pieces as (address, count, type); a derived
   type (MPI_BOTTOM-based hindexed) when they are not one piece. *freeme: type to free. */
static int irr__chunk_type(const irr__piece *pc, int n, int64_t from, int64_t len, void **addr,
                           int *count, MPI_Datatype *type, int *derived, int *blens, MPI_Aint *disps) {
  int i, k = 0, rc;
  int64_t pos = 0;
  *derived = 0;
  for (i = 0; i < n && len > 0; i++) {
    int64_t s0 = pos, s1 = pos + pc[i].len;
    pos = s1;
    if (s1 <= from) continue;
    {
      int64_t a = from > s0 ? from - s0 : 0, take = s1 - s0 - a;
      if (take > len) take = len;
      blens[k] = (int)take;
      MPI_Get_address(pc[i].addr + a, &disps[k]);
      if (k == 0) *addr = pc[i].addr + a;
      k++;
      from += take;
      len -= take;
    }
  }
  if (k <= 1) {
    *count = k ? blens[0] : 0;
    *type = MPI_BYTE;
    if (!k) *addr = (void *)disps; /* any valid address: nothing is read or written */
    return MPI_SUCCESS;
  }
  rc = MPI_Type_create_hindexed(k, blens, disps, MPI_BYTE, type);
  if (rc == MPI_SUCCESS) rc = MPI_Type_commit(type);
  if (rc != MPI_SUCCESS) return rc;
  *derived = 1;
  *addr = MPI_BOTTOM;
  *count = 1;
  return MPI_SUCCESS;
}

static int64_t irr__nchunks(int64_t len) { return len <= 0 ? 1 : (len + IRR__CHUNK - 1) / IRR__CHUNK; }

/* The probed receives (IRR_OPF_PROBE) of round ops[lo, hi): take the messages in arrival
   order; each is checked against its op before it is received, and one of another size goes
   to scratch (marking the result bad), so MPI never truncates. Every expected message is
   taken; one from an unexpected sender is drained. Only for rounds where no other message
   with this tag can arrive from those senders meanwhile (the direct algorithm). */
static int irr__exec_probed(irr__exec *X, int lo, int hi) {
  const irr_sched *s = X->s;
  int rc = MPI_SUCCESS, j;
  int64_t pending = 0, *next = NULL;
  for (j = lo; j < hi; j++)
    if (s->ops[j].kind == IRR_OP_RECV && (s->ops[j].flags & IRR_OPF_PROBE)) pending += irr__nchunks(irr_op_msglen(&s->ops[j]));
  if (pending == 0) return MPI_SUCCESS;
  next = (int64_t *)IRRCOLL_MALLOC((size_t)(hi - lo) * sizeof(int64_t)); /* chunks taken per op */
  if (!next) return MPI_ERR_NO_MEM;
  memset(next, 0, (size_t)(hi - lo) * sizeof(int64_t));
  while (pending > 0 && rc == MPI_SUCCESS) {
    MPI_Status st;
    int cnt = 0, found = -1, n = 0, count = 0, derived = 0;
    int64_t from = 0, len = 0;
    void *addr = NULL;
    MPI_Datatype t = MPI_BYTE;
    if ((rc = MPI_Probe(MPI_ANY_SOURCE, X->tag, X->comm, &st)) != MPI_SUCCESS) break;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    for (j = lo; j < hi && found < 0; j++) {
      const irr_op *o = &s->ops[j];
      if (o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_PROBE) && o->peer == st.MPI_SOURCE &&
          next[j - lo] < irr__nchunks(irr_op_msglen(o)))
        found = j;
    }
    if (found >= 0) {
      const irr_op *o = &s->ops[found];
      irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
      from = next[found - lo]++ * IRR__CHUNK;
      len = irr_op_msglen(o) - from < IRR__CHUNK ? irr_op_msglen(o) - from : IRR__CHUNK;
      if (len < 0) len = 0;
      pending--;
      if ((int64_t)cnt == len && !(B && B->discard)) {
        if ((n = irr__op_pieces(X, o->buf, o->off, o, X->pc, NULL)) < 0) { rc = MPI_ERR_INTERN; break; }
        rc = irr__chunk_type(X->pc, n, from, len, &addr, &count, &t, &derived, X->blens, X->disps);
        if (rc == MPI_SUCCESS) rc = MPI_Recv(addr, count, t, st.MPI_SOURCE, X->tag, X->comm, MPI_STATUS_IGNORE);
        if (derived) MPI_Type_free(&t);
        continue;
      }
      if ((int64_t)cnt != len) X->bad = 1;
    } else {
      X->bad = 1; /* nobody here expects this sender */
    }
    { /* drain it into scratch of exactly its size */
      char *junk = (char *)IRRCOLL_MALLOC((size_t)cnt + 1);
      if (!junk) { rc = MPI_ERR_NO_MEM; break; }
      rc = MPI_Recv(junk, cnt, MPI_BYTE, st.MPI_SOURCE, X->tag, X->comm, MPI_STATUS_IGNORE);
      IRRCOLL_FREE(junk);
    }
  }
  IRRCOLL_FREE(next);
  return rc;
}

/* Run schedule s. Sends and receives of a round are posted together (receives first), then
   completed, then the round's copies run. Every receive must get exactly its length: a short
   or truncated message marks the result bad (MPI_ERR_TRUNCATE) and turns this rank's later
   sends into 0-byte messages, so the error travels down the tree instead of bad data. */
static int irr__exec_run(irr__exec *X) {
  const irr_sched *s = X->s;
  int rc = MPI_SUCCESS, lo = 0, maxspan = 1, j;
  int64_t maxmsg = 1;
  MPI_Request *req = NULL;
  MPI_Status *stat = NULL;
  MPI_Datatype *types = NULL;
  int64_t *expect = NULL;
  int *blens = NULL;
  MPI_Aint *disps = NULL;
  char dummy = 0;
  /* sizes of the per-round arrays */
  while (lo < s->nops) {
    int hi = lo;
    int64_t msgs = 0;
    while (hi < s->nops && s->ops[hi].round == s->ops[lo].round) {
      const irr_op *o = &s->ops[hi++];
      if (irr_op_nlabels(o, s->size) + 1 > maxspan) maxspan = irr_op_nlabels(o, s->size) + 1;
      if (o->kind != IRR_OP_COPY) msgs += irr__nchunks(irr_op_msglen(o));
    }
    if (msgs > maxmsg) maxmsg = msgs;
    lo = hi;
  }
  int64_t *rws = NULL;
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(s); /* test-only: the program exactly as it runs (test/mpi/test_same.c) */
#endif
  if (X->tmp_given) X->tmp = X->tmp_given;
  else if (s->tmp > 0) X->tmp = (char *)IRRCOLL_MALLOC((size_t)s->tmp);
  X->npc = 2 * maxspan + 2;
  X->pc = (irr__piece *)IRRCOLL_MALLOC((size_t)X->npc * 2 * sizeof(irr__piece));
  req = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  stat = (MPI_Status *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Status));
  types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Datatype));
  expect = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int64_t));
  blens = (int *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(int));
  disps = (MPI_Aint *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(MPI_Aint));
  rws = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(int64_t));
  if ((s->tmp > 0 && !X->tmp) || !X->pc || !req || !stat || !types || !expect || !blens || !disps || !rws) {
    rc = MPI_ERR_NO_MEM;
    goto out;
  }
  X->blens = blens;
  X->disps = disps;
  lo = 0;
  while (lo < s->nops && rc == MPI_SUCCESS) {
    int hi = lo, nreq = 0, pass, i;
    while (hi < s->nops && s->ops[hi].round == s->ops[lo].round) hi++;
    for (pass = 0; pass < 2 && rc == MPI_SUCCESS; pass++) /* receives, then sends */
      for (j = lo; j < hi && rc == MPI_SUCCESS; j++) {
        const irr_op *o = &s->ops[j];
        int recv = o->kind == IRR_OP_RECV, n = 0;
        int64_t c, nc = irr__nchunks(irr_op_msglen(o)), mlen = irr_op_msglen(o);
        irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
        int dead = o->buf == IRR_BUF_NONE || (B && B->discard) || (!recv && X->bad);
        if (o->kind == IRR_OP_COPY || recv != (pass == 0) || (recv && (o->flags & IRR_OPF_PROBE))) continue;
        if (!dead && (n = irr__op_pieces(X, o->buf, o->off, o, X->pc, rws + 2 * nreq)) < 0) { rc = MPI_ERR_INTERN; break; }
        for (c = 0; c < nc && rc == MPI_SUCCESS; c++) {
          int64_t from = c * IRR__CHUNK, len = mlen - from < IRR__CHUNK ? mlen - from : IRR__CHUNK;
          void *addr = &dummy;
          int count = 0, derived = 0;
          MPI_Datatype t = MPI_BYTE;
          if (len < 0) len = 0;
          if (!dead) rc = irr__chunk_type(X->pc, n, from, len, &addr, &count, &t, &derived, blens, disps);
          if (rc != MPI_SUCCESS) break;
          types[nreq] = derived ? t : MPI_DATATYPE_NULL;
          expect[nreq] = recv && !dead ? len : -1;
          int tg = X->tag + ((o->flags & IRR_OPF_ALTTAG) ? IRR__ALTTAG : 0);
          if (recv) rc = MPI_Irecv(addr, count, t, o->peer, tg, X->comm, &req[nreq]);
          else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(addr, count, t, o->peer, tg, X->comm, &req[nreq]);
          else rc = MPI_Isend(addr, count, t, o->peer, tg, X->comm, &req[nreq]);
          if (rc == MPI_SUCCESS) nreq++;
          else if (derived) MPI_Type_free(&types[nreq]);
        }
      }
    if (rc == MPI_SUCCESS) rc = irr__exec_probed(X, lo, hi);
    /* One MPI_Wait per request, not MPI_Waitall: MPICH reports a failed request of
       MPI_Waitall (e.g. a truncated receive) through MPI_COMM_WORLD's error handler, which
       would abort a program whose own communicator returns errors. */
    for (i = 0; i < nreq; i++) {
      int ec = MPI_Wait(&req[i], &stat[i]), cls = MPI_SUCCESS;
      if (ec != MPI_SUCCESS) MPI_Error_class(ec, &cls);
      if (expect[i] >= 0) { /* a real receive: exactly the expected bytes, or bad */
        int got = -1;
        if (cls == MPI_ERR_TRUNCATE) X->bad = 1;
        else if (ec == MPI_SUCCESS && (MPI_Get_count(&stat[i], MPI_BYTE, &got), (int64_t)got != expect[i])) X->bad = 1;
      }
      if (ec != MPI_SUCCESS && cls != MPI_ERR_TRUNCATE && rc == MPI_SUCCESS) rc = ec;
      if (types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&types[i]);
    }
    if (rc != MPI_SUCCESS) break;
    /* blocks now in a staged v buffer */
    for (j = lo; j < hi; j++) {
      const irr_op *o = &s->ops[j];
      int w = o->kind == IRR_OP_RECV ? o->buf : o->kind == IRR_OP_COPY ? o->dbuf : IRR_BUF_NONE, b;
      if ((w == IRR_BUF_SEND || w == IRR_BUF_RECV) && X->buf[w]->wrote && !X->bad)
        for (b = 0; b < irr_op_nlabels(o, s->size); b++) X->buf[w]->wrote[irr_op_label(o, b, s->size)] = 1;
    }
    for (j = lo; j < hi && rc == MPI_SUCCESS; j++) { /* copies, after the round's messages */
      const irr_op *o = &s->ops[j];
      irr__piece *src = X->pc, *dst = X->pc + X->npc;
      int ns, nd, a = 0, b = 0;
      int64_t ua = 0, ub = 0;
      if (o->kind != IRR_OP_COPY) continue;
      if ((o->buf != IRR_BUF_TMP && X->buf[o->buf]->discard) ||
          (o->dbuf != IRR_BUF_TMP && X->buf[o->dbuf]->discard))
        continue;
      ns = irr__op_pieces(X, o->buf, o->off, o, src, NULL);
      nd = irr__op_pieces(X, o->dbuf, o->doff, o, dst, NULL);
      if (ns < 0 || nd < 0) { rc = MPI_ERR_INTERN; break; }
      while (a < ns && b < nd) { /* piece against piece */
        int64_t n = src[a].len - ua < dst[b].len - ub ? src[a].len - ua : dst[b].len - ub;
        memmove(dst[b].addr + ub, src[a].addr + ua, (size_t)n);
        ua += n;
        ub += n;
        if (ua == src[a].len) a++, ua = 0;
        if (ub == dst[b].len) b++, ub = 0;
      }
    }
    lo = hi;
  }
out:
  if (X->tmp && X->tmp != X->tmp_given) IRRCOLL_FREE(X->tmp);
  if (rws) IRRCOLL_FREE(rws);
  if (X->pc) IRRCOLL_FREE(X->pc);
  X->tmp = NULL;
  X->pc = NULL;
  if (req) IRRCOLL_FREE(req);
  if (stat) IRRCOLL_FREE(stat);
  if (types) IRRCOLL_FREE(types);
  if (expect) IRRCOLL_FREE(expect);
  if (blens) IRRCOLL_FREE(blens);
  if (disps) IRRCOLL_FREE(disps);
  return rc;
}

/* Run program s of an allgather-shaped collective: vb holds every block at its
   displacement (v layout over vb->p blocks; the caller fills the view), ob the own block.
   Non-contiguous types are staged (vb packed first only if read_recv: its blocks are
   sources), the program runs on comm with tag, written blocks are unstaged. *bad in: send
   0-byte poison (bad arguments here); out: some receive came short or long. */
static int irr__run_allv(irr__ctx *ctx, const irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                         int read_recv, int *bad) {
  irr__exec X;
  unsigned char *wrote = NULL;
  int rc;
  memset(&X, 0, sizeof X);
  if (!vb->dt.contig) {
    if (!(wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)vb->p))) return MPI_ERR_NO_MEM;
    memset(wrote, 0, (size_t)vb->p);
    vb->wrote = wrote;
  }
  if ((rc = irr__buf_stage(vb, read_recv, ctx->pc)) == MPI_SUCCESS && (rc = irr__buf_stage(ob, 1, ctx->pc)) == MPI_SUCCESS) {
    X.s = s;
    X.buf[IRR_BUF_RECV] = vb;
    X.buf[IRR_BUF_SEND] = ob;
    X.comm = comm;
    X.tag = tag;
    X.bad = *bad;
    rc = irr__exec_run(&X);
    if (rc == MPI_SUCCESS) rc = irr__buf_unstage(vb, 1, ctx->pc);
    *bad = X.bad;
  }
  irr__buf_unstage(vb, 0, ctx->pc);
  irr__buf_unstage(ob, 0, ctx->pc);
  vb->wrote = NULL;
  if (wrote) IRRCOLL_FREE(wrote);
  return rc;
}
