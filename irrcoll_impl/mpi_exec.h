/* MPI layer: the schedule executor. It maps a schedule (sched.h) onto nonblocking
   point-to-point calls round by round; it is the one place where irrcoll moves data. */

typedef struct irr__piece {
  char *addr;
  int64_t len;
} irr__piece;

typedef struct irr__exec {
  irr_sched *s;            /* the program; learned receives (IRR_OPF_LEARN) are filled in */
  irr__buf *buf[4];        /* indexed by IRR_BUF_*; [IRR_BUF_TMP] unused */
  char *tmp;               /* scratch of tmpcap bytes */
  int64_t tmpcap;
  int keep_tmp;            /* scratch outlives a run (a program run in phases): irr__exec_free */
  char *tmp_given;         /* scratch supplied by the caller (kept, never grown) */
  irr__piece *pc;          /* piece scratch: two arrays of npc entries (a copy's two sides) */
  int npc;
  MPI_Comm comm;
  int tag;
  int bad;                 /* a receive came short or long: later sends are 0-byte poison */
  int shortok;             /* a block that comes shorter is taken (irr__exec_short) */
  int *blens;              /* derived-type scratch, npc entries */
  MPI_Aint *disps;
  int64_t *cnt;            /* sizes that IRR_OPF_COUNTS messages carry: block b at cnt[b - cnt_lo] */
  int cnt_lo;
  /* IRR_OPF_LEARN receives into a user buffer (the block's place may depend on the sizes
     learned before it): place() puts block o->blo in the buffer view and returns the bytes
     that fit there (< 0: drain the message, it cannot be taken); learned() is told its
     size and whether it was taken whole (0: it did not fit, or was drained). */
  int64_t (*place)(void *arg, const irr_op *o);
  void (*learned)(void *arg, const irr_op *o, int64_t bytes, int taken);
  void *larg;
  char *lmsg;              /* IRR_OPF_LEARN | IRR_OPF_RANGE: the whole message (range, sizes,
                              data), kept for the program's next phase; irr__exec_free */
  /* per round: requests and what each expects; retired scratch that sends may still read */
  MPI_Request *req;
  MPI_Status *stat;
  MPI_Datatype *types;
  int64_t *expect, *rws;
  char **old;
  int nold, capold;
  MPI_Request *lreq;       /* learned receives into user buffers, in flight */
  int nlreq, caplreq;
  /* called once a round's messages are complete, before its blocks are marked and its
     copies run (NULL: none): a check that may adapt the rounds still to run (the direct
     Gatherv's heads, mpi_gatherv.h); an error it returns ends the run */
  int (*after)(struct irr__exec *X, int lo, int hi);
  /* called as each posted op of a round completes (NULL: none); it may post a later round's
     op early (irr__exec_post_op into X->nreq), marking it in early[] so that its own round
     skips it. The request arrays then have room for every message of the program. */
  int (*each)(struct irr__exec *X, int op, int *nreq);
  unsigned char *early;    /* per op, with each: posted already */
  int *reqop;              /* per request: its op */
  void *aarg;
  /* the resumable state (irr__exec_step): round ops[lo, hi) is posted with nreq requests,
     of which nleft are not complete; wrc: the first error among the completed ones */
  int lo, hi, nreq, nleft, posted, wrc, probing;
  int learning, lj;          /* learned receives of the round still to take: ops[lj, hi) */
  int64_t lshift;            /* learned scratch data before ops[lj] in the round */
  int64_t *pnext, ppending;  /* irr__exec_probed: chunks taken per op, still to come */
} irr__exec;

/* Free the executor's own scratch; irr__exec_free: also what it keeps between the runs of a
   phased program. */
static void irr__exec_free_tmp(irr__exec *X) {
  if (X->tmp && X->tmp != X->tmp_given) IRRCOLL_FREE(X->tmp);
  X->tmp = NULL;
  X->tmpcap = 0;
}
static void irr__exec_free(irr__exec *X) {
  irr__exec_free_tmp(X);
  if (X->lmsg) IRRCOLL_FREE(X->lmsg);
  X->lmsg = NULL;
}

/* Memory pieces of an op's message in buffer `which` at `off`, into pc[0 .. cap-1]
   (adjacent pieces merged): returns how many, or -1 if the op does not fit the buffer (or
   cap). A message with IRR_OPF_COUNTS starts with its size header: rw (blo, bhi;
   IRR_OPF_RANGE, sends only) and the sizes from X->cnt. Copies carry no header.
   irr__op_pieces: cap = X->npc. */
static int irr__op_pieces_cap(const irr__exec *X, int which, int64_t off, const irr_op *o, irr__piece *pc, int cap,
                              int64_t *rw) {
  int n = 0, b, j, nl = irr_op_nlabels(o, X->s->size);
  int64_t at = 0, x = o->skip;
  if (cap < 3) return -1;
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
      if (n >= cap) return -1;
      pc[n].addr = a;
      pc[n].len = take;
      n++;
    }
    at += take;
  }
  return at == o->len ? n : -1;
}
static int irr__op_pieces(const irr__exec *X, int which, int64_t off, const irr_op *o, irr__piece *pc,
                          int64_t *rw) {
  return irr__op_pieces_cap(X, which, off, o, pc, X->npc, rw);
}

/* The ops of the message whose head is ops[j]: the head and the IRR_OPF_CONT ops after it
   (sched.h), at least 1. */
static int irr__msg_nops(const irr_sched *s, int j) {
  int k = j + 1;
  while (k < s->nops && (s->ops[k].flags & IRR_OPF_CONT)) k++;
  return k - j;
}

/* Memory pieces of the message whose head is ops[j] (nops ops, irr__msg_nops): every op's
   pieces (irr__op_pieces) one after the other, in op order, adjacent ones merged, into
   pc[0 .. X->npc-1]; -1 if one does not fit. The MPI layer sends and receives them as one
   message (irr__chunk_type over the concatenation): the cost model's one alpha per message. */
static int irr__msg_pieces(const irr__exec *X, int j, int nops, irr__piece *pc, int64_t *rw) {
  int n = 0, k;
  for (k = j; k < j + nops; k++) {
    const irr_op *o = &X->s->ops[k];
    int m = irr__op_pieces_cap(X, o->buf, o->off, o, pc + n, X->npc - n, k == j ? rw : NULL), i = 0;
    if (m < 0) return -1;
    if (n > 0 && m > 0 && pc[n - 1].addr + pc[n - 1].len == pc[n].addr) { /* joins the one before */
      pc[n - 1].len += pc[n].len;
      i = 1;
    }
    if (i) memmove(pc + n, pc + n + 1, (size_t)(m - 1) * sizeof(irr__piece));
    n += m - i;
  }
  return n;
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

/* MPI messages of an op's message: pieces of at most IRR__CHUNK bytes, at least one. A
   learned message (IRR_OPF_LEARN) ends with a piece shorter than IRR__CHUNK (possibly
   empty), so its receiver sees the end; sent dead (poison), it is one empty piece. */
static int64_t irr__op_nchunks(const irr_op *o, int dead) {
  if (o->flags & IRR_OPF_LEARN) return dead ? 1 : irr_op_msglen(o) / IRR__CHUNK + 1;
  if (o->flags & IRR_OPF_EOM) return irr_op_msglen(o) / IRR__CHUNK + 1; /* its receiver may not learn */
  return irr__nchunks(irr_op_msglen(o));
}

/* The same for the message whose head is ops[j] (its IRR_OPF_CONT ops too: their total
   length, the head's flags). */
static int64_t irr__msg_nchunks(const irr_sched *s, int j, int dead) {
  const irr_op *o = &s->ops[j];
  int64_t len = irr__msg_len(s->ops, j, s->nops);
  if (o->flags & IRR_OPF_LEARN) return dead ? 1 : len / IRR__CHUNK + 1;
  if (o->flags & IRR_OPF_EOM) return len / IRR__CHUNK + 1;
  return irr__nchunks(len);
}

/* Receives taken apart from the round's posted messages. */
static int irr__op_learned(const irr_op *o) { return o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_LEARN); }
static int irr__op_probed(const irr_op *o) {
  return o->kind == IRR_OP_RECV && (o->flags & IRR_OPF_PROBE) && !(o->flags & IRR_OPF_LEARN);
}

/* Take a message from src on tag that nobody here can use: into scratch of its size, dropped. */
static int irr__exec_drain(const irr__exec *X, int src, int bytes, int tag) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, X->comm, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}

/* Make scratch hold `need` bytes, keeping its contents. The old block is retired, not freed:
   the round's sends may still read it (irr__exec_retire frees it after their waits). */
static int irr__exec_grow(irr__exec *X, int64_t need) {
  int64_t cap = X->tmpcap < 64 ? 64 : X->tmpcap;
  char *n;
  if (need <= X->tmpcap) return MPI_SUCCESS;
  if (X->tmp_given) return MPI_ERR_INTERN; /* the caller's scratch has the program's size */
  while (cap < need) cap *= 2;
  if (!(n = (char *)IRRCOLL_MALLOC((size_t)cap))) return MPI_ERR_NO_MEM;
  if (X->tmp && X->nold == X->capold) {
    int c2 = X->capold ? 2 * X->capold : 4;
    char **o2 = (char **)IRRCOLL_MALLOC((size_t)c2 * sizeof(char *));
    if (!o2) {
      IRRCOLL_FREE(n);
      return MPI_ERR_NO_MEM;
    }
    if (X->nold) memcpy(o2, X->old, (size_t)X->nold * sizeof(char *));
    if (X->old) IRRCOLL_FREE(X->old);
    X->old = o2;
    X->capold = c2;
  }
  if (X->tmp) {
    memcpy(n, X->tmp, (size_t)X->tmpcap);
    X->old[X->nold++] = X->tmp;
  }
  X->tmp = n;
  X->tmpcap = cap;
  return MPI_SUCCESS;
}
static void irr__exec_retire(irr__exec *X) {
  while (X->nold > 0) IRRCOLL_FREE(X->old[--X->nold]);
}

/* A receive that came cnt bytes, short of its length, where the caller takes that as MPICH
   and Open MPI do (X->shortok; MPI calls it erroneous): one block in one message, cnt > 0
   (0 bytes is the poison of a rank with bad arguments, which must stay an error), in one
   piece unless the message ends with a short one (IRR_OPF_EOM). Its data is at the block's
   start; the rest stays as it was in the user's memory, and is zeros in a staged copy
   (that is unpacked whole). A head with sizes (IRR_OPF_COUNTS: cnt counts the header) is
   left to the collective's check of the sizes after the round (X->after). 1: taken so. */
static int irr__exec_short(irr__exec *X, int j, int64_t cnt) {
  const irr_op *o = &X->s->ops[j];
  int n, k;
  int64_t at = 0;
  if (!X->shortok || o->kind != IRR_OP_RECV || o->buf == IRR_BUF_TMP || o->buf == IRR_BUF_NONE || cnt <= 0 ||
      irr__msg_nops(X->s, j) != 1 || irr_op_nlabels(o, X->s->size) != 1 || (o->flags & (IRR_OPF_ROOM | IRR_OPF_LEARN)) ||
      X->buf[o->buf]->discard)
    return 0;
  if (o->flags & IRR_OPF_COUNTS) return X->after && cnt >= 8 && cnt < o->len + 8;
  if (cnt >= o->len || (o->len > IRR__CHUNK && !(o->flags & IRR_OPF_EOM))) return 0;
  if (X->buf[o->buf]->stage && (n = irr__op_pieces(X, o->buf, o->off, o, X->pc, NULL)) > 0)
    for (k = 0; k < n; at += X->pc[k++].len)
      if (at + X->pc[k].len > cnt) {
        int64_t z = cnt > at ? cnt - at : 0;
        memset(X->pc[k].addr + z, 0, (size_t)(X->pc[k].len - z));
      }
  return 1;
}

/* ---- learned receives (IRR_OPF_LEARN): probed piece by piece, each taken before the next
   is probed (the first names the sender when the op's peer is < 0). Taken blocking: the
   next one's place may depend on this one's size, and the round's other messages are all
   posted already, so nothing waits on it. ---- */

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

/* ---- the rounds ---- */

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
  X->req = (MPI_Request *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Request));
  X->stat = (MPI_Status *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Status));
  X->types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(MPI_Datatype));
  X->expect = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int64_t));
  X->rws = (int64_t *)IRRCOLL_MALLOC((size_t)maxmsg * 2 * sizeof(int64_t));
  X->reqop = (int *)IRRCOLL_MALLOC((size_t)maxmsg * sizeof(int));
  X->blens = (int *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(int));
  X->disps = (MPI_Aint *)IRRCOLL_MALLOC((size_t)X->npc * sizeof(MPI_Aint));
  if (!X->pc || !X->req || !X->stat || !X->types || !X->expect || !X->rws || !X->reqop || !X->blens || !X->disps)
    return MPI_ERR_NO_MEM;
  if (X->tmp_given) {
    X->tmp = X->tmp_given;
    return MPI_SUCCESS;
  }
  return irr__exec_grow(X, s->tmp); /* nothing in flight: retired at once */
}

static void irr__exec_release(irr__exec *X) {
  void **a[9];
  int i;
  a[0] = (void **)&X->pc, a[1] = (void **)&X->req, a[2] = (void **)&X->stat, a[3] = (void **)&X->types;
  a[4] = (void **)&X->expect, a[5] = (void **)&X->rws, a[6] = (void **)&X->blens, a[7] = (void **)&X->disps;
  a[8] = (void **)&X->reqop;
  for (i = 0; i < 9; i++) {
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
    X->reqop[*nreq] = (int)(o - X->s->ops);
    /* a head (IRR_OPF_ROOM) may come shorter: its size is the collective's to judge (irr__v_heads) */
    X->expect[*nreq] = recv && !dead && !(o->flags & IRR_OPF_ROOM) ? len : -1;
    if (recv) rc = MPI_Irecv(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else if (o->flags & IRR_OPF_SYNC) rc = MPI_Issend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    else rc = MPI_Isend(addr, count, t, o->peer, tg, X->comm, &X->req[*nreq]);
    if (rc == MPI_SUCCESS) ++*nreq;
    else if (derived) MPI_Type_free(&X->types[*nreq]);
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

/* Complete the posted requests, in the order they complete (MPI_Waitany): the per-message
   work at a receiver (e.g. SimGrid's per-message overhead, a real library's matching and
   unpacking) then overlaps the transfers still under way, as in MPI's own linear Gatherv;
   waiting in posting order made IRR_Gatherv's linear schedule 9% slower than MPI_Gatherv at
   p = 256 in SMPI. Not MPI_Waitall: MPICH reports a failed request of MPI_Waitall (e.g. a
   truncated receive) through MPI_COMM_WORLD's error handler, which would abort a program
   whose own communicator returns errors. Every receive must get exactly its length: a
   short or truncated one marks the result bad. block = 0 (irr__exec_step): only those
   already complete (MPI_Testany), X->nleft of X->nreq left; the first error into X->wrc.
   The each hook may post more requests: X->nreq and X->nleft grow. */
static int irr__exec_complete(irr__exec *X, int block) {
  int i = 0;
  while (X->nleft > 0) {
    MPI_Status st;
    int ec, cls = MPI_SUCCESS, flag = 1;
    ec = block ? MPI_Waitany(X->nreq, X->req, &i, &st) : MPI_Testany(X->nreq, X->req, &i, &flag, &st);
    if (!flag) return 0;
    if (i == MPI_UNDEFINED || i < 0 || i >= X->nreq) {
      if (ec != MPI_SUCCESS && X->wrc == MPI_SUCCESS) X->wrc = ec;
      X->nleft = 0;
      break;
    }
    X->nleft--;
    X->stat[i] = st;
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
   learned and probed receives, complete, then run the round's copies. A short or truncated
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
static int irr__exec_begin(irr__exec *X) {
  X->lo = X->hi = X->nreq = X->nleft = X->posted = X->probing = X->learning = 0;
  X->pnext = NULL;
  X->ppending = 0;
  X->wrc = MPI_SUCCESS;
  return irr__exec_alloc(X);
}
static int irr__exec_step(irr__exec *X, int block, int *done) {
  int rc = MPI_SUCCESS;
  *done = 0;
  while (X->lo < X->s->nops) {
    if (!X->posted) {
      int hi = X->lo;
      while (hi < X->s->nops && X->s->ops[hi].round == X->s->ops[X->lo].round) hi++;
      X->hi = hi, X->nreq = 0, X->posted = 1, X->wrc = MPI_SUCCESS;
      rc = irr__exec_post(X, X->lo, hi, &X->nreq);
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
    if ((rc = irr__exec_copies(X, X->lo, X->hi)) != MPI_SUCCESS) break;
    X->lo = X->hi;
  }
  *done = 1;
  return rc;
}
static void irr__exec_end(irr__exec *X) {
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
   the persistent requests (mpi_request.h): irr__allv_start stages and begins X (X->s set
   only once it has begun), irr__allv_finish ends it and unstages (rc: the run's result). */
static int irr__allv_start(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                           int read_recv, int bad, irr__exec *X) {
  int rc;
  memset(X, 0, sizeof *X);
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
  return irr__exec_begin(X);
}
static int irr__allv_finish(irr__ctx *ctx, irr__buf *vb, irr__buf *ob, irr__exec *X, int rc, int *bad) {
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
static int irr__run_allv(irr__ctx *ctx, irr_sched *s, MPI_Comm comm, int tag, irr__buf *vb, irr__buf *ob,
                         int read_recv, int *bad) {
  irr__exec X;
  int rc = irr__allv_start(ctx, s, comm, tag, vb, ob, read_recv, *bad, &X), done = 0;
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
  return irr__allv_finish(ctx, vb, ob, &X, rc, bad);
}
