/* MPI layer, shared machinery (only in the IRRCOLL_IMPLEMENTATION translation unit):
   the private-communicator cache, datatype views of user buffers, the schedule executor,
   and the driver of the distributed tree construction. */

#include <stdatomic.h>

#define IRR__NCOLL 5
/* Bytes per MPI message: larger messages are split (MPI counts are int). Both sides split
   the same way, since both know the length. Tests set it small to exercise splitting. */
#ifndef IRRCOLL_MAX_MSG
#define IRRCOLL_MAX_MSG ((int64_t)1 << 30)
#endif
#define IRR__CHUNK ((int64_t)(IRRCOLL_MAX_MSG))
#define IRR__SEQ_MOD 8192             /* tags per call: 2, so tags stay below 2^14 */
#define IRR__ALTTAG 16384             /* IRR_OPF_ALTTAG: tags in [2^14, 2^15), below MPI's least tag bound */

typedef struct irr__ctx {
  MPI_Comm pc;                 /* private duplicate: irrcoll's messages only */
  unsigned seq;                /* calls made on this communicator */
  irr_alg force[IRR__NCOLL];   /* IRR_ALG_AUTO: automatic */
  irr_model md;                /* alpha (s) and beta (s/byte) for model-chosen parameters */
  int *node;                   /* Allgatherv: each rank's node (NULL: not known yet / flat) */
  int node_known;
  /* intergroup (mpi_inter.h): the communicator the schedule runs on (an intercommunicator's
     merged one, or NULL: pc), my group's own communicator, schedule rank -> rank there, the
     group flags it was made for (groups entry point), group sizes, my schedule rank */
  MPI_Comm gcomm, glocal;
  int *gmap, *gflags, na, nb, grank;
  char *scr;                   /* mock-ups' scratch (mpi_guide.h): one block of scr_budget bytes */
  size_t scr_budget;
} irr__ctx;

static const char *const irr__coll_names[IRR__NCOLL] = {"gatherv", "scatterv", "allgatherv", "alltoallv", "inter"};

/* The one piece of global state: the attribute key, created once (race-free by CAS). */
static _Atomic int irr__keyval = MPI_KEYVAL_INVALID;

static int irr__ctx_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__ctx *c = (irr__ctx *)attr;
  int rc = MPI_SUCCESS;
  (void)comm;
  (void)keyval;
  (void)extra;
  if (c) {
    rc = MPI_Comm_free(&c->pc);
    if (c->node) IRRCOLL_FREE(c->node);
    if (c->gcomm != MPI_COMM_NULL) MPI_Comm_free(&c->gcomm);
    if (c->glocal != MPI_COMM_NULL) MPI_Comm_free(&c->glocal);
    if (c->gmap) IRRCOLL_FREE(c->gmap);
    if (c->gflags) IRRCOLL_FREE(c->gflags);
    if (c->scr) IRRCOLL_FREE(c->scr);
    IRRCOLL_FREE(c);
  }
  return rc;
}

static int irr__keyval_get(int *kv) {
  int k = atomic_load(&irr__keyval), expect = MPI_KEYVAL_INVALID, rc;
  if (k != MPI_KEYVAL_INVALID) {
    *kv = k;
    return MPI_SUCCESS;
  }
  rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, irr__ctx_delete, &k, NULL);
  if (rc != MPI_SUCCESS) return rc;
  if (!atomic_compare_exchange_strong(&irr__keyval, &expect, k)) {
    MPI_Comm_free_keyval(&k); /* another thread won */
    k = expect;
  }
  *kv = k;
  return MPI_SUCCESS;
}

/* comm's context, made at the first call (collective: MPI_Comm_dup). */
static int irr__ctx_get(MPI_Comm comm, irr__ctx **out) {
  int kv, flag = 0, rc, i;
  irr__ctx *c = NULL;
  const char *env;
  rc = irr__keyval_get(&kv);
  if (rc != MPI_SUCCESS) return rc;
  rc = MPI_Comm_get_attr(comm, kv, &c, &flag);
  if (rc != MPI_SUCCESS) return rc;
  if (flag && c) {
    *out = c;
    return MPI_SUCCESS;
  }
  c = (irr__ctx *)IRRCOLL_MALLOC(sizeof *c);
  if (!c) return MPI_ERR_NO_MEM;
  c->seq = 0;
  c->node = NULL;
  c->node_known = 0;
  c->gcomm = c->glocal = MPI_COMM_NULL;
  c->gmap = c->gflags = NULL;
  c->na = c->nb = c->grank = 0;
  c->scr = NULL;
  c->scr_budget = 0;
  c->md.alpha = IRR_MODEL_ALPHA_DEFAULT;
  c->md.beta = IRR_MODEL_BETA_DEFAULT;
  if ((env = getenv("IRRCOLL_ALPHA")) && atof(env) > 0) c->md.alpha = atof(env);
  if ((env = getenv("IRRCOLL_BETA")) && atof(env) > 0) c->md.beta = atof(env);
  env = getenv("IRRCOLL_ALG");
  for (i = 0; i < IRR__NCOLL; i++) {
    c->force[i] = IRR_ALG_AUTO;
    if (irr_alg_parse(env, irr__coll_names[i], &c->force[i]) != IRR_OK) c->force[i] = IRR_ALG_AUTO;
  }
  rc = MPI_Comm_dup(comm, &c->pc);
  if (rc != MPI_SUCCESS) {
    IRRCOLL_FREE(c);
    return rc;
  }
  rc = MPI_Comm_set_errhandler(c->pc, MPI_ERRORS_RETURN);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_set_attr(comm, kv, c);
  if (rc != MPI_SUCCESS) {
    MPI_Comm_free(&c->pc);
    IRRCOLL_FREE(c);
    return rc;
  }
  *out = c;
  return MPI_SUCCESS;
}

/* Report an error once through comm's error handler and return it. */
static int irr__raise(MPI_Comm comm, int code) {
  if (code != MPI_SUCCESS) MPI_Comm_call_errhandler(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, code);
  return code;
}

/* ---- datatypes and buffer views ---- */

typedef struct irr__dt {
  MPI_Datatype type;
  int64_t size;          /* bytes of data per element */
  MPI_Aint extent, true_lb, true_extent;
  int contig;            /* elements are dense bytes: addressable directly */
} irr__dt;

static int irr__dt_info(MPI_Datatype t, irr__dt *d) {
  MPI_Count size;
  MPI_Aint lb, tlb, text;
  int rc;
  d->type = t;
  if (t == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if ((rc = MPI_Type_size_x(t, &size)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_extent(t, &lb, &d->extent)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_true_extent(t, &tlb, &text)) != MPI_SUCCESS) return rc;
  if (size < 0) return MPI_ERR_TYPE;
  d->size = (int64_t)size;
  d->true_lb = tlb;
  d->true_extent = text;
  d->contig = (int64_t)text == d->size && (int64_t)d->extent == d->size;
  return MPI_SUCCESS;
}

/* A user buffer as the executor sees it: every block at its displacement ("v" layout, the
   root of Gatherv/Scatterv) or the rank's own block. Non-contiguous types are staged: packed
   into `stage` (blocks in rank order) before, unpacked after. */
typedef struct irr__buf {
  char *base;              /* user buffer */
  irr__dt dt;
  int v;                   /* 1: v layout */
  int own;                 /* single layout: the rank */
  int64_t count;           /* single layout: elements */
  const int64_t *counts, *displs; /* v: per block, elements (the root's, widened) */
  int p;
  char *stage;             /* packed copy (non-contiguous types) */
  int64_t *start;          /* v & staged: byte offset of block i in stage (p+1 entries) */
  unsigned char *wrote;    /* v: blocks written (staged buffers unpack only those) */
  int discard;             /* bad arguments: receive nothing into it, send nothing real */
} irr__buf;

/* Bytes of block i in the buffer; a single-block buffer holds only its own block (the
   schedule may name a range around it whose other blocks are empty). */
/* base + off without pointer arithmetic on NULL: MPI_BOTTOM is NULL in MPICH, and is a
   valid buffer for datatypes with absolute addresses */
static char *irr__at(const void *base, MPI_Aint off) { return (char *)((uintptr_t)base + (uintptr_t)off); }

static int64_t irr__blk_bytes(const irr__buf *b, int i) {
  if (!b->v) return i == b->own ? b->count * b->dt.size : 0;
  return b->counts[i] * b->dt.size;
}

static char *irr__blk_addr(const irr__buf *b, int i) {
  if (!b->v) return b->stage ? b->stage : irr__at(b->base, b->dt.true_lb);
  if (b->stage) return b->stage + b->start[i];
  return irr__at(b->base, b->dt.true_lb + (MPI_Aint)b->displs[i] * b->dt.extent);
}

/* element-wise pack/unpack in pieces that fit MPI's int counts */
static int irr__pack(int unpack, char *user, int64_t count, const irr__dt *dt, char *packed,
                     MPI_Comm comm) {
  int64_t per = dt->size > 0 ? (INT_MAX / 2) / dt->size : count, done = 0;
  if (per < 1) per = 1;
  while (done < count) {
    int n = (int)(count - done < per ? count - done : per), pos = 0, rc;
    char *u = irr__at(user, (MPI_Aint)done * dt->extent);
    if (unpack) rc = MPI_Unpack(packed, (int)(n * dt->size), &pos, u, n, dt->type, comm);
    else rc = MPI_Pack(u, n, dt->type, packed, (int)(n * dt->size), &pos, comm);
    if (rc != MPI_SUCCESS) return rc;
    if ((int64_t)pos != n * dt->size) return MPI_ERR_INTERN; /* not a homogeneous system */
    packed += pos;
    done += n;
  }
  return MPI_SUCCESS;
}

/* Stage a non-contiguous buffer: allocate and, if it is read, pack it. */
static int irr__buf_stage(irr__buf *b, int read, MPI_Comm comm) {
  int64_t total = 0;
  int i, nb = b->v ? b->p : 1, rc;
  if (b->dt.contig || b->discard) return MPI_SUCCESS;
  if (b->v) {
    b->start = (int64_t *)IRRCOLL_MALLOC(((size_t)b->p + 1) * sizeof(int64_t));
    if (!b->start) return MPI_ERR_NO_MEM;
    for (i = 0; i < b->p; i++) {
      b->start[i] = total;
      total += irr__blk_bytes(b, i);
    }
    b->start[b->p] = total;
  } else {
    total = irr__blk_bytes(b, b->own);
  }
  b->stage = (char *)IRRCOLL_MALLOC((size_t)(total > 0 ? total : 1));
  if (!b->stage) return MPI_ERR_NO_MEM;
  if (read)
    for (i = 0; i < nb; i++) {
      char *u = irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0);
      int64_t cnt = b->v ? b->counts[i] : b->count;
      rc = irr__pack(0, u, cnt, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  return MPI_SUCCESS;
}

/* Unpack the blocks the schedule wrote, then free the staging. */
static int irr__buf_unstage(irr__buf *b, int write, MPI_Comm comm) {
  int rc = MPI_SUCCESS, i;
  if (b->stage && write)
    for (i = 0; i < (b->v ? b->p : 1) && rc == MPI_SUCCESS; i++) {
      if (b->v && !(b->wrote && b->wrote[i])) continue;
      rc = irr__pack(1, irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0),
                     b->v ? b->counts[i] : b->count, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
    }
  if (b->stage) IRRCOLL_FREE(b->stage);
  if (b->start) IRRCOLL_FREE(b->start);
  b->stage = NULL;
  b->start = NULL;
  return rc;
}

/* ---- the executor ---- */

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

/* ---- the distributed tree construction (Lemma 3) over MPI ----
   Per level: the fixed roots exchange (g, M, m_g); the retiring (lower) one tells both
   gather roots the outcome (tree.h). About L+2 dependent steps of 24-byte messages. */
static int irr__tree_build_mpi(irr_tree *t, MPI_Comm pc, int tag) {
  int rc = MPI_SUCCESS;
  while (t->d < t->levels && rc == MPI_SUCCESS) {
    irr_tree_info mine, other;
    long long out[3], in[3];
    int partner = irr_tree_exchange(t, &mine), src, i;
    irr_tree_note notes[2];
    long long nb[2][3];
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if (partner >= 0) {
      int target[2];
      out[0] = mine.g, out[1] = mine.M, out[2] = mine.mg;
      rc = MPI_Sendrecv(out, 3, MPI_LONG_LONG, partner, tag, in, 3, MPI_LONG_LONG, partner, tag, pc,
                        MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      other.g = in[0], other.M = in[1], other.mg = in[2];
      irr_tree_decide(t, &other, notes, target);
      for (i = 0; i < 2 && rc == MPI_SUCCESS; i++) {
        if (target[i] == t->rank) {
          irr_tree_apply(t, &notes[i]);
        } else if (target[i] >= 0) {
          nb[i][0] = notes[i].win, nb[i][1] = notes[i].other_g, nb[i][2] = notes[i].other_M;
          rc = MPI_Isend(nb[i], 3, MPI_LONG_LONG, target[i], tag, pc, &rq[i]);
        }
      }
    }
    src = irr_tree_expect(t);
    if (src >= 0 && rc == MPI_SUCCESS) {
      rc = MPI_Recv(in, 3, MPI_LONG_LONG, src, tag, pc, MPI_STATUS_IGNORE);
      notes[0].win = in[0], notes[0].other_g = in[1], notes[0].other_M = in[2];
      if (rc == MPI_SUCCESS) irr_tree_apply(t, &notes[0]);
    }
    for (i = 0; i < 2; i++)
      if (rq[i] != MPI_REQUEST_NULL) {
        int rc2 = MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = rc2;
      }
    irr_tree_next(t);
  }
  return rc;
}
