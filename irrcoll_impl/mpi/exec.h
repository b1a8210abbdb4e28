/* MPI layer: the schedule executor. It maps a schedule (ir/sched.h) onto nonblocking
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
  MPI_Datatype *keep;      /* per op: the datatypes of a kept plan (mpi/cache.h), or NULL: a
                              message's derived datatype is made when posted and freed when done */
  const irr_model *md;     /* the model whose CPU term each round charges (NULL: none) */
  double cpu, cpu_total;   /* the CPU of the round being posted in that model; of the run */
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
  MPI_Request *live;       /* the round's requests not complete yet, compacted (irr__exec_complete) */
  int *lidx, nlive, nlb;   /* their indices in req; req[0 .. nlb) are in live or complete */
  int nexact, cap;         /* live receives a bad sender could truncate; req's capacity */
  MPI_Status *stat;
  MPI_Datatype *types;
  int64_t *expect, *rws;
  char **old;
  int nold, capold;
  MPI_Request *lreq;       /* learned receives into user buffers, in flight */
  int nlreq, caplreq;
  /* called once a round's messages are complete, before its blocks are marked and its
     copies run (NULL: none): a check that may adapt the rounds still to run (the direct
     Gatherv's heads, mpi/rooted.h); an error it returns ends the run */
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
  /* lanes (IRR_OPF_LANE, ir/sched.h): a program whose lane-1 ops run beside the rest. They
     go to a second executor, ln, on tag lane_tag (set by the caller, with lanes_ok), sharing
     this one's scratch; X->s then holds lane 0's ops, whole the program. Lane 1's first
     round past 0 is posted once lane 0 has finished its rounds before it (lim_on, until
     that round is posted or lane 0 is done: rounds past lim, lane 0's current, wait), and
     lane 0 never waits for lane 1 (irr__exec_step). done0/done1: each lane's end. */
  struct irr__exec *ln;
  irr_sched *whole, lane[2];
  irr_op *lops;
  int lanes_ok, lane_tag, lim_on, lim, done0, done1;
  int learning, lj;          /* learned receives of the round still to take: ops[lj, hi) */
  int64_t lshift;            /* learned scratch data before ops[lj] in the round */
  int64_t *pnext, ppending;  /* irr__exec_probed: chunks taken per op, still to come */
  /* receive-and-reduce ops (IRR_OPF_REDUCE, Reduce_scatter): the operation, the datatype it
     combines, the bytes of one element in the program's buffers (runit; 0: no reduces), and what to
     subtract from a byte address to get the pointer MPI_Reduce_local wants (the type's
     lower bound where the element's window starts, mpi/reduce_scatter.h) */
  MPI_Op rop;
  MPI_Datatype rdt;
  int64_t runit;
  MPI_Aint rshift;
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
   (ir/sched.h), at least 1. */
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
static int irr__drain(MPI_Comm comm, int src, int bytes, int tag) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, comm, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}
static int irr__exec_drain(const irr__exec *X, int src, int bytes, int tag) { return irr__drain(X->comm, src, bytes, tag); }

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
