/* MPI layer, the executor's rounds: the per-round arrays, posting a round's sends and
   receives, completing them, the copies, and the drivers: irr__exec_run (blocking),
   irr__exec_step (nonblocking, for requests) and irr__run_allv (the v-collectives' staging
   around a run). */

/* The per-round arrays, sized for s's largest round. */
static int irr__exec_alloc(irr__exec *X) {
  const irr_sched *s = X->s;
  int lo = 0, maxspan = 1;
  int64_t maxmsg = 1;
  while (lo < s->nops) {
    int hi = lo;
    int64_t msgs = 0;
    while (hi < s->nops && s->ops[hi].round == s->ops[lo].round) {
      const irr_op *o = &s->ops[hi];
      int span = irr_op_nlabels(o, s->size) + 1, k, nm = 1;
      if (irr_op_is_head(o)) { /* a message of several ops: all their pieces at once */
        nm = irr__msg_nops(s, hi);
        for (k = hi + 1; k < hi + nm; k++) span += irr_op_nlabels(&s->ops[k], s->size) + 1;
        msgs += irr__msg_nchunks(s, hi, 0);
      }
      if (span > maxspan) maxspan = span;
      hi += nm;
    }
    if (msgs > maxmsg) maxmsg = msgs;
    lo = hi;
  }
  if (X->each) {
    int64_t all = 1;
    for (lo = 0; lo < s->nops; lo++)
      if (irr_op_is_head(&s->ops[lo])) all += irr__msg_nchunks(s, lo, 0);
    maxmsg = all;
  }
  X->npc = 2 * maxspan + 2;
  X->pc = (irr__piece *)IRRCOLL_MALLOC((size_t)X->npc * 2 * sizeof(irr__piece));
  X->cap = (int)maxmsg;
  X->req = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  X->stat = (MPI_Status *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(MPI_Status)); /* + MPI_Waitall's */
  X->types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Datatype));
  X->expect = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int64_t));
  X->rws = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(int64_t));
  X->reqop = (int *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int));
  X->live = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  X->lidx = (int *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int));
  X->blens = (int *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(int));
  X->disps = (MPI_Aint *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(MPI_Aint));
  if (!X->pc || !X->req || !X->stat || !X->types || !X->expect || !X->rws || !X->reqop || !X->blens || !X->disps ||
      !X->live || !X->lidx)
    return MPI_ERR_NO_MEM;
  if (X->tmp_given) {
    X->tmp = X->tmp_given;
    return MPI_SUCCESS;
  }
  return irr__exec_grow(X, s->tmp); /* nothing in flight: retired at once */
}

static void irr__exec_release(irr__exec *X) {
  void **a[11];
  int i;
  a[0] = (void **)&X->pc, a[1] = (void **)&X->req, a[2] = (void **)&X->stat, a[3] = (void **)&X->types;
  a[4] = (void **)&X->expect, a[5] = (void **)&X->rws, a[6] = (void **)&X->blens, a[7] = (void **)&X->disps;
  a[8] = (void **)&X->reqop, a[9] = (void **)&X->live, a[10] = (void **)&X->lidx;
  for (i = 0; i < 11; i++) {
    if (*a[i]) IRRCOLL_FREE(*a[i]);
    *a[i] = NULL;
  }
  irr__exec_retire(X);
  if (X->pnext) IRRCOLL_FREE(X->pnext);
  X->pnext = NULL;
  if (X->lreq) IRRCOLL_FREE(X->lreq);
  X->lreq = NULL;
  X->caplreq = 0;
  if (X->old) IRRCOLL_FREE(X->old);
  X->old = NULL;
  X->capold = 0;
  if (X->tmp_given) X->tmp = NULL;
  else if (!X->keep_tmp) irr__exec_free_tmp(X);
}

/* A head (IRR_OPF_ROOM) is one MPI message at both ends: its sizes and a whole slot fit one piece. */
typedef char irr__head_fits_one_piece[IRR_HEAD_ROOM + 8 <= IRR__CHUNK ? 1 : -1];

/* A message with sizes (IRR_OPF_COUNTS, known-size receiver) whose data this rank discards
   (an empty or bad block) still carries its sizes: its receiver posted room for them. */
static int irr__op_hdr_only(const irr__exec *X, const irr_op *o, const irr__buf *B) {
  return o->kind == IRR_OP_SEND && (o->flags & IRR_OPF_COUNTS) && !(o->flags & (IRR_OPF_LEARN | IRR_OPF_RANGE)) &&
         B && B->discard && !X->bad && o->len == 0;
}

/* Post one message's MPI messages (its chunks) into X->req from *nreq on: o is its head,
   followed by its IRR_OPF_CONT ops, if any (irr__msg_nops). A message of several ops is one
   MPI message of their pieces in order (one derived type over the concatenation, chunked
   at IRR__CHUNK like any other), received likewise with the sum as its expected length; it
   is dead (0-byte poison, or a receive whose data nobody keeps) if any of its ops is. */
static int irr__exec_post_op(irr__exec *X, const irr_op *o, int *nreq) {
  int recv = o->kind == IRR_OP_RECV, n = 0, rc = MPI_SUCCESS, tg = X->tag + ((o->flags & IRR_OPF_ALTTAG) ? IRR__ALTTAG : 0);
  int j = (int)(o - X->s->ops), nm = irr__msg_nops(X->s, j), k;
  irr__buf *B = o->buf == IRR_BUF_TMP ? NULL : X->buf[o->buf];
  int hdr = irr__op_hdr_only(X, o, B), dead = !hdr && (o->buf == IRR_BUF_NONE || (B && B->discard) || (!recv && X->bad));
  int64_t c, nc, mlen = irr__msg_len(X->s->ops, j, X->s->nops);
  static char dummy;
  for (k = j + 1; k < j + nm; k++) { /* the pieces' buffers */
    const irr_op *q = &X->s->ops[k];
    if (q->buf == IRR_BUF_NONE || (q->buf != IRR_BUF_TMP && X->buf[q->buf]->discard)) dead = 1;
  }
  if (nm > 1 && (hdr || (o->flags & (IRR_OPF_ROOM | IRR_OPF_COUNTS | IRR_OPF_LEARN)))) return MPI_ERR_INTERN;
  nc = irr__msg_nchunks(X->s, j, dead);
  if (X->keep && X->keep[j] != MPI_DATATYPE_NULL && nc == 1 && !dead && !hdr) { /* a kept datatype (mpi/cache.h) */
    int ni = 0, na = 0, nd = 0, comb = 0;
    X->types[*nreq] = MPI_DATATYPE_NULL;
    X->reqop[*nreq] = j;
    X->expect[*nreq] = recv ? mlen : -1;
    if (recv) rc = MPI_Irecv(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    else rc = MPI_Isend(MPI_BOTTOM, 1, X->keep[j], o->peer, tg, X->comm, &X->req[*nreq]);
    if (rc == MPI_SUCCESS) ++*nreq;
    if (X->md && MPI_Type_get_envelope(X->keep[j], &ni, &na, &nd, &comb) == MPI_SUCCESS)
      X->cpu += X->md->cpu_msg + (ni > 1 ? (double)(ni - 2) * X->md->cpu_piece : 0); /* hindexed: count + its lengths */
    return rc;
  }
  if (hdr) { /* the sizes alone */
    if (!X->cnt || o->blo < X->cnt_lo) return MPI_ERR_INTERN;
    X->pc[0].addr = (char *)(X->cnt + (o->blo - X->cnt_lo));
    X->pc[0].len = mlen;
    n = 1;
  } else if (!dead && (n = irr__msg_pieces(X, j, nm, X->pc, X->rws + 2 * *nreq)) < 0) {
    return MPI_ERR_INTERN;
  }
  if (recv && (o->flags & IRR_OPF_ROOM)) { /* one message into the whole slot, header first */
    int64_t h = mlen - o->len;
    if (o->buf != IRR_BUF_TMP || o->off < h || o->off + IRR_HEAD_ROOM > X->s->tmp || h + IRR_HEAD_ROOM > IRR__CHUNK)
      return MPI_ERR_INTERN;
    X->pc[0].addr = X->tmp + o->off - h;
    X->pc[0].len = h + IRR_HEAD_ROOM;
    memset(X->pc[0].addr, 0xff, (size_t)h); /* no header arrives: sizes of -1, never a size */
    n = 1;
    nc = 1;
  }
  for (c = 0; c < nc && rc == MPI_SUCCESS; c++) {
    int64_t from = c * IRR__CHUNK, len = mlen - from < IRR__CHUNK ? mlen - from : IRR__CHUNK;
    void *addr = &dummy;
    int count = 0, derived = 0;
    MPI_Datatype t = MPI_BYTE;
    if (len < 0) len = 0;
    if (!dead)
      rc = irr__chunk_type(X->pc, n, from, (recv && (o->flags & IRR_OPF_ROOM)) ? X->pc[0].len : len, &addr, &count, &t,
                           &derived, X->blens, X->disps);
    if (rc != MPI_SUCCESS) break;
    X->types[*nreq] = derived ? t : MPI_DATATYPE_NULL;
    if (derived && X->keep && nc == 1 && !hdr) X->keep[j] = t, X->types[*nreq] = MPI_DATATYPE_NULL; /* kept for the next call */
    if (X->md) X->cpu += X->md->cpu_msg + (derived ? X->md->cpu_type + (n - 1) * (X->md->cpu_piece + X->md->cpu_op) : 0);
    X->reqop[*nreq] = (int)(o - X->s->ops);
    /* a head (IRR_OPF_ROOM) may come shorter: its size is the collective's to judge (irr__v_heads);
       a dead receive is not checked, but a bad sender can truncate it (-2, irr__exec_all) */
    X->expect[*nreq] = !recv || (o->flags & IRR_OPF_ROOM) ? -1 : dead ? -2 : len;
    if (recv) rc = MPI_Irecv(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else rc = MPI_Isend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    if (rc == MPI_SUCCESS) ++*nreq;
    else if (derived && X->types[*nreq] != MPI_DATATYPE_NULL) MPI_Type_free(&X->types[*nreq]);
  }
  return rc;
}

/* Post the round's receives, then its sends (learned and probed receives are taken apart). */
static int irr__exec_post(irr__exec *X, int lo, int hi, int *nreq) {
  int pass, j, rc = MPI_SUCCESS;
  for (pass = 0; pass < 2 && rc == MPI_SUCCESS; pass++)
    for (j = lo; j < hi && rc == MPI_SUCCESS; j++) {
      const irr_op *o = &X->s->ops[j];
      if (!irr_op_is_head(o) || (o->kind == IRR_OP_RECV) != (pass == 0) || irr__op_learned(o) || irr__op_probed(o) ||
          (X->early && X->early[j]))
        continue; /* copies; the ops that continue a message go with its head */
      rc = irr__exec_post_op(X, o, nreq);
    }
  return rc;
}

/* Complete the posted requests as they complete: the per-message work at a receiver (e.g.
   SimGrid's per-message overhead, a real library's matching and unpacking) then overlaps the
   transfers still under way, as in MPI's own linear Gatherv; waiting in posting order made
   IRR_Gatherv's linear schedule 9% slower than MPI_Gatherv at p = 256 in SMPI. A pass tests
   every request not complete yet (MPI_Test: kept in a compact array, so a pass costs what is
   still live) and takes those that are; only a pass that found none waits (MPI_Waitany).
   MPI_Waitany alone cost O(n) a completion in MPICH (it looks at every handle of its array
   each call): 1.1 us a message in a round of 512 self messages, 3.4 us in one of 2048;
   with the passes 0.1 us. But where the messages come a few at a time, a pass after each
   would poll once per request still under way (O(n^2) polls in a round of n receives: SMPI,
   which charges 100 ns a failed test, put MPI's linear Gatherv at p = 64 8 us ahead of the
   same schedule run so). So a round of at most IRR__WAIT_MAXLIVE live requests tests one
   request first, makes passes while each takes at least half of what it tested, and
   otherwise completes by MPI_Waitany alone (a scan of at most that many handles a
   message). MPI_Waitall only where no bad sender can truncate a request (irr__exec_all);
   elsewhere not MPI_Waitall/Waitsome: MPICH reports a failed request of those (e.g. a
   truncated receive) through MPI_COMM_WORLD's error handler, which would abort a program
   whose own communicator returns errors. Every receive must get exactly its
   length: a short or truncated one marks the result bad. block = 0 (irr__exec_step): only
   those already complete, X->nleft of X->nreq left; the first error into X->wrc. The each
   hook may post more requests: X->nreq and X->nleft grow. */
#define IRR__WAIT_MAXLIVE 64
static void irr__exec_done(irr__exec *X, int i, MPI_Status *st, int ec) {
  int cls = MPI_SUCCESS;
  X->nleft--;
  X->stat[i] = *st;
  if (ec != MPI_SUCCESS) MPI_Error_class(ec, &cls);
  if (X->expect[i] >= 0) { /* a real receive: exactly the expected bytes, or bad */
    int got = -1;
    if (cls == MPI_ERR_TRUNCATE) X->bad = 1;
    else if (ec == MPI_SUCCESS && (MPI_Get_count(&X->stat[i], MPI_BYTE, &got), (int64_t)got != X->expect[i]) &&
             !((int64_t)got < X->expect[i] && irr__exec_short(X, X->reqop[i], got)))
      X->bad = 1;
  }
  if (ec != MPI_SUCCESS && cls != MPI_ERR_TRUNCATE && X->wrc == MPI_SUCCESS) X->wrc = ec;
  if (X->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&X->types[i]);
  if (X->each && X->wrc == MPI_SUCCESS) {
    int n0 = X->nreq, e = X->each(X, X->reqop[i], &X->nreq);
    X->nleft += X->nreq - n0;
    if (e != MPI_SUCCESS) X->wrc = e;
  }
}
/* Live request k is complete: it leaves the compact array (the last takes its place). */
static int irr__exec_unlive(irr__exec *X, int k) {
  int i = X->lidx[k];
  X->req[i] = MPI_REQUEST_NULL;
  if (X->expect[i] != -1) X->nexact--;
  X->live[k] = X->live[X->nlive - 1], X->lidx[k] = X->lidx[X->nlive - 1], X->nlive--;
  return i;
}
/* Every live request, none of which an erroneous sender could truncate (sends, ROOM
   receives: expect -1): MPI_Waitall, as MPI's own linear algorithms wait (no test polls; a failed
   request there would be a failure of MPI's own, not bad arguments). The last live ones
   first, so that none moves before it is taken. */
static void irr__exec_all(irr__exec *X) {
  MPI_Status *st = X->stat + X->cap;
  int k, n = X->nlive, ec = MPI_Waitall(n, X->live, st);
  for (k = n - 1; k >= 0; k--)
    irr__exec_done(X, irr__exec_unlive(X, k), &st[k], ec == MPI_ERR_IN_STATUS ? st[k].MPI_ERROR : ec);
}
static int irr__exec_complete(irr__exec *X, int block) {
  int mode = 0; /* 0: one request first, 1: passes, 2: MPI_Waitany alone (few live, few come at once) */
  while (X->nleft > 0) {
    MPI_Status st;
    int ec, flag, k, found = 0, tested;
    for (; X->nlb < X->nreq; X->nlb++) /* the requests still to complete, in a compact array */
      if (X->req[X->nlb] != MPI_REQUEST_NULL) {
        X->live[X->nlive] = X->req[X->nlb], X->lidx[X->nlive++] = X->nlb;
        if (X->expect[X->nlb] != -1) X->nexact++;
      }
    if (block && X->nexact == 0 && X->nlive > 1) { /* nothing to truncate: all at once */
      irr__exec_all(X);
      continue;
    }
    if (X->nlive > IRR__WAIT_MAXLIVE) mode = 1;
    if (mode == 0) { /* a pass only if it has come */
      flag = 0;
      ec = MPI_Test(&X->live[0], &flag, &st);
      mode = flag || ec != MPI_SUCCESS ? 1 : 2;
      if (mode == 1) irr__exec_done(X, irr__exec_unlive(X, 0), &st, ec), found = 1;
    } else if (mode == 1) {
      for (k = 0, tested = X->nlive; k < X->nlive && X->nleft > 0;) { /* a pass */
        flag = 0;
        ec = MPI_Test(&X->live[k], &flag, &st);
        if (!flag && ec == MPI_SUCCESS) {
          k++;
          continue;
        }
        irr__exec_done(X, irr__exec_unlive(X, k), &st, ec), found++;
      }
      if (2 * found < tested && X->nlive <= IRR__WAIT_MAXLIVE) mode = 2;
    }
    if (found || X->nleft <= 0) continue;
    if (!block) return 0;
    ec = MPI_Waitany(X->nlive, X->live, &k, &st);
    if (k == MPI_UNDEFINED || k < 0 || k >= X->nlive) {
      if (ec != MPI_SUCCESS && X->wrc == MPI_SUCCESS) X->wrc = ec;
      X->nleft = 0;
      break;
    }
    irr__exec_done(X, irr__exec_unlive(X, k), &st, ec);
  }
  return 1;
}

/* Blocks now in a staged v buffer (unstaged afterwards). */
static void irr__exec_mark(irr__exec *X, int lo, int hi) {
  const irr_sched *s = X->s;
  int j, b;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &s->ops[j];
    int w = o->kind == IRR_OP_RECV ? o->buf : o->kind == IRR_OP_COPY ? o->dbuf : IRR_BUF_NONE;
    if ((w == IRR_BUF_SEND || w == IRR_BUF_RECV) && X->buf[w]->wrote && !X->bad)
      for (b = 0; b < irr_op_nlabels(o, s->size); b++) {
        int i = irr__blk_index(X->buf[w], irr_op_label(o, b, s->size));
        if (i >= 0) X->buf[w]->wrote[i] = 1;
      }
  }
}

/* The round's copies, after its messages: piece against piece. */
static int irr__exec_copies(irr__exec *X, int lo, int hi) {
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &X->s->ops[j];
    irr__piece *src = X->pc, *dst = X->pc + X->npc;
    int ns, nd, a = 0, b = 0;
    int64_t ua = 0, ub = 0;
    if (o->kind != IRR_OP_COPY) continue;
    if ((o->buf != IRR_BUF_TMP && X->buf[o->buf]->discard) || (o->dbuf != IRR_BUF_TMP && X->buf[o->dbuf]->discard))
      continue;
    ns = irr__op_pieces(X, o->buf, o->off, o, src, NULL);
    nd = irr__op_pieces(X, o->dbuf, o->doff, o, dst, NULL);
    if (ns < 0 || nd < 0) return MPI_ERR_INTERN;
    while (a < ns && b < nd) {
      int64_t n = src[a].len - ua < dst[b].len - ub ? src[a].len - ua : dst[b].len - ub;
      memmove(dst[b].addr + ub, src[a].addr + ua, (size_t)n);
      ua += n;
      ub += n;
      if (ua == src[a].len) a++, ua = 0;
      if (ub == dst[b].len) b++, ub = 0;
    }
  }
  return MPI_SUCCESS;
}

/* The round's receive-and-reduce ops, after its messages and before its copies: each
   combines its arrived data (a slot in scratch) into the data at (dbuf, doff), one
   contiguous piece, by MPI_Reduce_local in pieces that fit an int count. Nothing once some
   message came bad (the poison of a rank with bad arguments: its data is not there). */
static int irr__exec_reduces(irr__exec *X, int lo, int hi) {
  int j, rc;
  for (j = lo; j < hi && !X->bad; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t cnt, done = 0, U = X->runit, per = INT_MAX / 2;
    char *in, *acc;
    if (!(o->flags & IRR_OPF_REDUCE) || o->len == 0) continue;
    if (o->dbuf != IRR_BUF_TMP && X->buf[o->dbuf]->discard) continue;
    if (o->buf != IRR_BUF_TMP || U <= 0 || o->len % U || irr__op_pieces(X, o->dbuf, o->doff, o, X->pc, NULL) != 1)
      return MPI_ERR_INTERN;
    in = X->tmp + o->off, acc = X->pc[0].addr, cnt = o->len / U;
    while (done < cnt) {
      int k = (int)(cnt - done < per ? cnt - done : per);
      char *a = in + done * U, *b = acc + done * U;
      if (o->flags & IRR_OPF_RIGHT) { /* acc = acc (+) arrived: into the slot, then back */
        rc = MPI_Reduce_local(irr__at(b, -X->rshift), irr__at(a, -X->rshift), k, X->rdt, X->rop);
        if (rc == MPI_SUCCESS) memcpy(b, a, (size_t)k * (size_t)U);
      } else {
        rc = MPI_Reduce_local(irr__at(a, -X->rshift), irr__at(b, -X->rshift), k, X->rdt, X->rop);
      }
      if (rc != MPI_SUCCESS) return rc;
      done += k;
    }
  }
  return MPI_SUCCESS;
}

/* The sizes that the round's IRR_OPF_ROOM receives carried, from their slots into X->cnt. */
static void irr__exec_room_sizes(irr__exec *X, int lo, int hi) {
  int j;
  if (!X->cnt) return; /* no program with sizes: nothing to look at, every round */
  for (j = lo; j < hi; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t h = 8 * (int64_t)(o->bhi - o->blo);
    if (o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_ROOM) && o->blo >= X->cnt_lo)
      memcpy(X->cnt + (o->blo - X->cnt_lo), X->tmp + o->off - h, (size_t)h);
  }
}

/* Run program X->s round by round: post the sends and receives (receives first), take the
   learned and probed receives, complete, then run the round's reduces and copies. A short or truncated
   message marks the result bad (MPI_ERR_TRUNCATE) and turns this rank's later sends into
   0-byte messages, so the error travels down the tree instead of bad data. The test-only
   hook IRRCOLL_TRACE sees the program at the end, as run: learned receives filled in.
   Resumable: irr__exec_begin (scratch), irr__exec_step until *done, irr__exec_end (always,
   after begin). A step posts the current round if it is not posted yet, then completes its
   requests: block = 1 all of them, block = 0 only those already complete (it returns at
   once, *done = 0, if any is not), and goes on to the next round while rounds complete;
   block = -1 only posts the current round (a request's start: no test that costs time).
   Probed receives (IRR_OPF_PROBE) are taken as they come (MPI_Iprobe with block = 0).
   Learned ones (IRR_OPF_LEARN) in op order, with block = 0 each once its first piece has
   come (MPI_Iprobe; IRR_Ixgatherv's root). An error ends the run: *done = 1, the error
   returned. */
static int irr__exec_begin1(irr__exec *X) {
  X->lo = X->hi = X->nreq = X->nleft = X->posted = X->probing = X->learning = 0;
  X->pnext = NULL;
  X->ppending = 0;
  X->wrc = MPI_SUCCESS;
  return irr__exec_alloc(X);
}
/* A program with lanes: its ops split into X->lane[0] (run by X) and X->lane[1] (by X->ln),
   in order, the flag dropped; lane 1 gets X's settings, its tag and X's scratch. Only the
   plain ops of a reduce-scatter (ir/check.h checks that the lanes share no scratch, no
   message and no written buffer): no hooks, learned or counted messages. */
static int irr__exec_lanes(irr__exec *X) {
  const irr_sched *s = X->s;
  int j, n1 = 0, a = 0, b, odd = 0;
  irr__exec *Y;
  for (j = 0; j < s->nops; j++) {
    const irr_op *o = &s->ops[j];
    if (o->flags & IRR_OPF_LANE) n1++;
    if (o->flags & (IRR_OPF_LEARN | IRR_OPF_COUNTS | IRR_OPF_PROBE | IRR_OPF_ROOM)) odd = 1;
  }
  if (n1 == 0) return MPI_SUCCESS;
  if (!X->lanes_ok || odd || X->each || X->after || X->keep || X->tmp_given) return MPI_ERR_INTERN;
  Y = (irr__exec *)IRRCOLL_MALLOC(sizeof *Y);
  X->lops = (irr_op *)IRRCOLL_MALLOC((size_t)s->nops * sizeof(irr_op));
  if (!Y || !X->lops) {
    if (Y) IRRCOLL_FREE(Y);
    return MPI_ERR_NO_MEM;
  }
  memset(Y, 0, sizeof *Y);
  X->ln = Y, X->whole = X->s, X->lane[0] = X->lane[1] = *s;
  for (j = 0, b = s->nops - n1; j < s->nops; j++) {
    irr_op o = s->ops[j];
    int l = (o.flags & IRR_OPF_LANE) != 0;
    o.flags = (uint16_t)(o.flags & ~IRR_OPF_LANE);
    X->lops[l ? b++ : a++] = o;
  }
  X->lane[0].ops = X->lops, X->lane[0].nops = a;
  X->lane[1].ops = X->lops + a, X->lane[1].nops = n1;
  X->s = &X->lane[0], Y->s = &X->lane[1];
  memcpy(Y->buf, X->buf, sizeof Y->buf);
  Y->comm = X->comm, Y->tag = X->lane_tag, Y->md = X->md, Y->bad = X->bad, Y->shortok = X->shortok;
  Y->rop = X->rop, Y->rdt = X->rdt, Y->runit = X->runit, Y->rshift = X->rshift;
  Y->lim_on = 1; /* until its first round past 0 is posted */
  return MPI_SUCCESS;
}
static int irr__exec_begin(irr__exec *X) {
  int rc;
  X->ln = NULL, X->lops = NULL, X->done0 = X->done1 = 0;
  if ((rc = irr__exec_lanes(X)) != MPI_SUCCESS || (rc = irr__exec_begin1(X)) != MPI_SUCCESS || !X->ln) return rc;
  X->ln->tmp_given = X->tmp, X->ln->tmpcap = X->tmpcap;
  return irr__exec_begin1(X->ln);
}
static int irr__exec_step1(irr__exec *X, int block, int *done) {
  int rc = MPI_SUCCESS;
  *done = 0;
  while (X->lo < X->s->nops) {
    if (!X->posted && X->lim_on && X->s->ops[X->lo].round > X->lim) return MPI_SUCCESS; /* lane 1 waits for lane 0 */
    if (!X->posted && X->lim_on && X->s->ops[X->lo].round > 0) X->lim_on = 0; /* once only */
    if (!X->posted) {
      int hi = X->lo;
      while (hi < X->s->nops && X->s->ops[hi].round == X->s->ops[X->lo].round) hi++;
      X->hi = hi, X->nreq = 0, X->posted = 1, X->wrc = MPI_SUCCESS;
      X->cpu = 0, X->nlive = X->nlb = X->nexact = 0;
      rc = irr__exec_post(X, X->lo, hi, &X->nreq);
      if (X->md) IRRCOLL_CPU_CHARGE(X->cpu), X->cpu_total += X->cpu; /* the round's CPU in the model (mpi/cache.h) */
      X->nleft = X->nreq;
      X->lj = X->lo, X->lshift = 0, X->probing = 0;
      X->learning = rc == MPI_SUCCESS;
      if (rc != MPI_SUCCESS) block = 1; /* whatever was posted completes before the error returns */
      else if (block < 0) return MPI_SUCCESS; /* post only */
    }
    if (X->learning) {
      int ldone = 0;
      rc = irr__exec_learned(X, block, &ldone);
      if (!ldone) return MPI_SUCCESS;
      X->learning = 0;
      X->probing = rc == MPI_SUCCESS;
      if (rc != MPI_SUCCESS) block = 1;
    }
    if (X->probing) {
      int pdone = 0;
      rc = irr__exec_probed(X, block, &pdone);
      if (!pdone) return MPI_SUCCESS;
      X->probing = 0;
      if (rc != MPI_SUCCESS) block = 1;
    }
    if (!irr__exec_complete(X, block)) return MPI_SUCCESS;
    irr__exec_retire(X);
    X->posted = 0;
    if (rc == MPI_SUCCESS) rc = X->wrc;
    if (rc == MPI_SUCCESS) irr__exec_room_sizes(X, X->lo, X->hi);
    if (rc == MPI_SUCCESS && X->after) rc = X->after(X, X->lo, X->hi);
    if (rc != MPI_SUCCESS) break;
    irr__exec_mark(X, X->lo, X->hi);
    if (X->runit > 0 && (rc = irr__exec_reduces(X, X->lo, X->hi)) != MPI_SUCCESS) break;
    if ((rc = irr__exec_copies(X, X->lo, X->hi)) != MPI_SUCCESS) break;
    X->lo = X->hi;
  }
  *done = 1;
  return rc;
}
/* Both lanes, lane 0 first; block as irr__exec_step1's, but a blocking step polls both
   (neither may wait for the other) until the lane left can block alone. An error in one
   lane ends the run once the other's posted requests are complete. */
static int irr__exec_step(irr__exec *X, int block, int *done) {
  irr__exec *Y = X->ln;
  int rc = MPI_SUCCESS;
  if (!Y) return irr__exec_step1(X, block, done);
  for (;;) {
    if (!X->done0) rc = irr__exec_step1(X, X->done1 ? block : block < 0 ? -1 : 0, &X->done0);
    if (rc == MPI_SUCCESS && !X->done1) {
      if (X->done0) Y->lim_on = 0;
      else Y->lim = X->s->ops[X->lo].round;
      Y->bad |= X->bad;
      rc = irr__exec_step1(Y, X->done0 ? block : block < 0 ? -1 : 0, &X->done1);
      X->bad |= Y->bad;
    }
    if (rc != MPI_SUCCESS || (X->done0 && X->done1) || block <= 0) break;
  }
  if (rc != MPI_SUCCESS) {
    irr__exec *Z = X->done0 ? Y : X; /* the lane still running */
    if (Z->posted) irr__exec_complete(Z, 1), irr__exec_retire(Z), Z->posted = 0;
    X->done0 = X->done1 = 1;
  }
  *done = X->done0 && X->done1;
  if (*done) X->cpu_total += Y->cpu_total, Y->cpu_total = 0;
  return rc;
}
static void irr__exec_end(irr__exec *X) {
  if (X->ln) {
    irr__exec_release(X->ln);
    IRRCOLL_FREE(X->ln);
    X->ln = NULL;
  }
  if (X->lops) IRRCOLL_FREE(X->lops), X->lops = NULL, X->s = X->whole;
  irr__exec_release(X);
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(X->s); /* test-only: the program as it ran (test/mpi/test_same.c) */
#endif
}
static int irr__exec_run(irr__exec *X) {
  int rc = irr__exec_begin(X), done = 0;
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(X, 1, &done);
  irr__exec_end(X);
  return rc;
}

/* Run program s of an allgather-shaped collective: vb holds every block at its
   displacement (v layout over vb->p blocks; the caller fills the view), ob the own block.
   Non-contiguous types are staged (vb packed first only if read_recv: its blocks are
   sources), the program runs on comm with tag, written blocks are unstaged. *bad in: send
   0-byte poison (bad arguments here); out: some receive came short or long. In halves for
   the persistent requests (mpi/request.h): irr__allv_start stages and begins X (X->s set
   only once it has begun), irr__allv_finish ends it and unstages (rc: the run's result).
   keep: per op, the datatypes of a kept plan (mpi/cache.h; NULL: none kept); tmp: the kept
   plan's scratch of at least s->tmp bytes, which its datatypes may address (NULL: the
   executor's own). */
static int irr__allv_start_tmp(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                               int read_recv, int bad, irr__exec *X, char *tmp) {
  int rc;
  memset(X, 0, sizeof *X);
  if (tmp) X->tmp_given = tmp, X->tmpcap = s->tmp;
  if (!vb->dt.contig) {
    if (!(vb->wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)vb->p))) return MPI_ERR_NO_MEM;
    memset(vb->wrote, 0, (size_t)vb->p);
  }
  if ((rc = irr__buf_stage(vb, read_recv, ctx->pc)) != MPI_SUCCESS || (rc = irr__buf_stage(ob, 1, ctx->pc)) != MPI_SUCCESS)
    return rc;
  X->s = s;
  X->buf[IRR_BUF_RECV] = vb;
  X->buf[IRR_BUF_SEND] = ob;
  X->comm = comm;
  X->tag = tag;
  X->bad = bad;
  X->md = &ctx->md;
  return irr__exec_begin(X);
}
static int irr__allv_start(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                           int read_recv, int bad, irr__exec *X) {
  return irr__allv_start_tmp(ctx, s, comm, tag, vb, ob, read_recv, bad, X, NULL);
}
static int irr__allv_finish(irr__ctx *ctx, irr__buf *vb, irr__buf *ob, irr__exec *X, int rc, int *bad) {
  ctx->last.cpu_model_s += X->cpu_total;
  if (X->s) {
    irr__exec_end(X);
    if (rc == MPI_SUCCESS) rc = irr__buf_unstage(vb, 1, ctx->pc);
    *bad = X->bad;
  }
  irr__buf_unstage(vb, 0, ctx->pc);
  irr__buf_unstage(ob, 0, ctx->pc);
  if (vb->wrote) IRRCOLL_FREE(vb->wrote);
  vb->wrote = NULL;
  return rc;
}
static int irr__run_allv_tmp(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                             int read_recv, int *bad, MPI_Datatype *keep, char *tmp) {
  irr__exec X;
  int rc = irr__allv_start_tmp(ctx, s, comm, tag, vb, ob, read_recv, *bad, &X, tmp), done = 0;
  X.keep = keep; /* a kept plan's datatypes (mpi/cache.h), for buffers as they were */
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
  return irr__allv_finish(ctx, vb, ob, &X, rc, bad);
}
static int irr__run_allv(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                         int read_recv, int *bad, MPI_Datatype *keep) {
  return irr__run_allv_tmp(ctx, s, comm, tag, vb, ob, read_recv, bad, keep, NULL);
}
