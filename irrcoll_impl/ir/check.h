/* Symbolic checker: runs the programs of all ranks on block *labels* instead of data and
   verifies (DESIGN.md §3):
     - every op is in bounds (ranks, blocks, scratch) and programs are in round order;
     - sends match receives (k-th send s->d with k-th receive at d from s) with the same
       labels and length; the programs do not deadlock (run through the cost model);
     - nothing is read before it is defined: a send reads the state at the start of its
       round, a copy the state after the round's receives;
     - nothing is written twice, and input buffers are never written;
     - at the end, the receive buffers hold exactly what the collective specifies;
     - with spec.unknown (receivers do not know the sizes: XGatherv & co.), the sizes travel
       too: a rank knows its own size (the root of a scatter knows all), learns the sizes a
       message carries (IRR_OPF_COUNTS) or a probed single-block message has, and may only
       forward sizes it knows. At the end the receivers know what they must (the gather
       root: every size; a scatter rank: its own; allgather: every size). For gathers the
       sizes of empty blocks count as known: the tree construction announces the totals of
       subtrees, and an empty subtree sends nothing.
   Cost: O(n * k) for n ops, k = entries of a rank's buffer state (small for trees); meant
   for tests and tools, not for the MPI fast path. */

typedef struct irr_spec {
  irr_coll coll;
  int p, root;
  const int64_t *m; /* m[i]: units of block i */
  int inplace;      /* MPI_IN_PLACE at the root (allgather: everywhere): its block stays */
  int unknown;      /* receivers do not know the sizes: check that they learn them */
} irr_spec;

typedef struct irr_check_report {
  int rank, op;      /* where the first error was found (-1: not tied to one op) */
  char what[160];
} irr_check_report;

/* one piece of buffer state: block b, units [x0, x1); TMP entries also carry their offset */
typedef struct irr__lab {
  int64_t off, x0, x1;
  int b, buf;
} irr__lab;

typedef struct irr__chk {
  const irr_spec *spec;
  irr__lab *lab;
  int n, cap;
  unsigned char *known; /* spec.unknown: sizes the rank knows, per block */
} irr__chk;

/* Is the label range defined in (buf, off)? For user buffers only presence counts; in TMP
   the labels must sit at the right offsets. */
static inline int irr__chk_has(const irr__chk *C, int buf, int64_t off, int b, int64_t x0,
                               int64_t x1) {
  int64_t cur = x0;
  while (cur < x1) {
    int i, found = 0;
    for (i = 0; i < C->n; i++) {
      const irr__lab *l = &C->lab[i];
      if (l->buf != buf || l->b != b || l->x0 > cur || l->x1 <= cur) continue;
      if (buf == IRR_BUF_TMP && l->off - l->x0 != off - x0) continue;
      cur = l->x1;
      found = 1;
      break;
    }
    if (!found) return 0;
  }
  return 1;
}

/* Does (buf, off, block b units [x0,x1)) overlap anything already written? */
static inline int irr__chk_overlaps(const irr__chk *C, int buf, int64_t off, int b, int64_t x0,
                                    int64_t x1) {
  int i;
  for (i = 0; i < C->n; i++) {
    const irr__lab *l = &C->lab[i];
    if (l->buf != buf) continue;
    if (buf == IRR_BUF_TMP) {
      int64_t a0 = l->off, a1 = l->off + (l->x1 - l->x0), b0 = off, b1 = off + (x1 - x0);
      if (a0 < b1 && b0 < a1) return 1;
    } else if (l->b == b && l->x0 < x1 && x0 < l->x1) {
      return 1;
    }
  }
  return 0;
}

static inline int irr__chk_add(irr__chk *C, int buf, int64_t off, int b, int64_t x0, int64_t x1) {
  if (C->n == C->cap) {
    int cap = C->cap ? 2 * C->cap : 64;
    irr__lab *l = (irr__lab *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr__lab));
    if (!l) return 0;
    if (C->n) memcpy(l, C->lab, (size_t)C->n * sizeof(irr__lab));
    if (C->lab) IRRCOLL_FREE(C->lab);
    C->lab = l;
    C->cap = cap;
  }
  C->lab[C->n].buf = buf;
  C->lab[C->n].off = off;
  C->lab[C->n].b = b;
  C->lab[C->n].x0 = x0;
  C->lab[C->n].x1 = x1;
  C->n++;
  return 1;
}

/* May rank r use buffer buf at all, and does it hold every block ("v" layout)? */
static inline int irr__chk_layout(const irr_spec *sp, int r, int buf, int *vlayout) {
  int root = r == sp->root;
  *vlayout = 0;
  if (buf == IRR_BUF_TMP || buf == IRR_BUF_NONE) return 1;
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* SEND: the rank's row; RECV: its column (labels say which) */
    *vlayout = 1;
    return 1;
  }
  if (sp->coll == IRR_COLL_ALLGATHERV || sp->coll == IRR_COLL_INTER_ALLGATHERV) {
    if (buf == IRR_BUF_SEND) return !sp->inplace;
    *vlayout = 1;
    return 1;
  }
  if (sp->coll == IRR_COLL_GATHERV) {
    if (buf == IRR_BUF_SEND) return !(root && sp->inplace);
    *vlayout = 1;
    return root;
  }
  /* scatterv */
  if (buf == IRR_BUF_SEND) { *vlayout = 1; return root; }
  return !(root && sp->inplace);
}

/* Apply f to each block piece of an op's label range: piece k covers block b units [x0,x1)
   and sits at `at` units after the op's start. Returns 0 if the range runs past the blocks. */
typedef int (*irr__piece_fn)(void *ctx, int b, int64_t x0, int64_t x1, int64_t at);
static inline int irr__for_pieces_at(const int64_t *m, int blo, int bhi, int64_t skip, int64_t len, int64_t at,
                                     irr__piece_fn f, void *ctx) {
  int b = blo;
  int64_t x = skip;
  len += at;
  while (at < len) {
    int64_t take;
    if (b >= bhi) return 0;
    if (x > m[b]) return 0;
    take = m[b] - x;
    if (take > len - at) take = len - at;
    if (take > 0 && !f(ctx, b, x, x + take, at)) return 0;
    at += take;
    x = 0;
    b++;
  }
  return 1;
}

typedef struct irr__chk_io {
  irr__chk *C;
  int buf, write, vlayout, rank;
  int64_t off;
  irr_status st;
} irr__chk_io;

static inline int irr__chk_piece(void *ctx, int b, int64_t x0, int64_t x1, int64_t at) {
  irr__chk_io *io = (irr__chk_io *)ctx;
  int64_t off = io->off + at;
  if (!io->vlayout && io->buf != IRR_BUF_TMP && b != io->rank) { io->st = IRR_ERR_BOUNDS; return 0; }
  if (io->write) {
    if (irr__chk_overlaps(io->C, io->buf, off, b, x0, x1)) { io->st = IRR_ERR_OVERWRITE; return 0; }
    if (!irr__chk_add(io->C, io->buf, off, b, x0, x1)) { io->st = IRR_ERR_NOMEM; return 0; }
  } else if (!irr__chk_has(io->C, io->buf, off, b, x0, x1)) {
    io->st = IRR_ERR_UNDEFINED;
    return 0;
  }
  return 1;
}

/* Read or write one side of an op on rank r. */
static inline irr_status irr__chk_side(irr__chk *C, int r, int buf, int64_t off, const irr_op *o,
                                       int write, const irr_sched *s) {
  irr__chk_io io;
  if (buf == IRR_BUF_NONE) return IRR_OK;
  if (!irr__chk_layout(C->spec, r, buf, &io.vlayout)) return IRR_ERR_BOUNDS;
  if (write && buf == IRR_BUF_SEND) return IRR_ERR_OVERWRITE;
  if (buf == IRR_BUF_TMP && off + o->len > s->tmp) return IRR_ERR_BOUNDS;
  io.C = C;
  io.buf = buf;
  io.write = write;
  io.rank = r;
  io.off = off;
  io.st = IRR_OK;
  if (o->flags & IRR_OPF_WRAP) { /* blo .. p-1, then 0 .. bhi-1 */
    int64_t first = 0;
    int b;
    if (o->bhi > o->blo || (o->flags & IRR_OPF_COUNTS)) return IRR_ERR_BOUNDS;
    for (b = o->blo; b < C->spec->p; b++) first += C->spec->m[b];
    first -= o->skip;
    if (first > o->len) first = o->len;
    if (!irr__for_pieces_at(C->spec->m, o->blo, C->spec->p, o->skip, first, 0, irr__chk_piece, &io) ||
        !irr__for_pieces_at(C->spec->m, 0, o->bhi, 0, o->len - first, first, irr__chk_piece, &io))
      return io.st != IRR_OK ? io.st : IRR_ERR_BOUNDS;
    return IRR_OK;
  }
  if (!irr__for_pieces_at(C->spec->m, o->blo, o->bhi, o->skip, o->len, 0, irr__chk_piece, &io))
    return io.st != IRR_OK ? io.st : IRR_ERR_BOUNDS;
  return IRR_OK;
}

/* Sizes: a send may carry only sizes its rank knows; receiving them teaches them. */
static inline int irr__chk_knows(const irr__chk *C, const irr_op *o) {
  int j, b, p = C->spec->p;
  for (j = 0; j < irr_op_nlabels(o, p); j++)
    if (b = irr_op_label(o, j, p), !C->known[b] && !(C->spec->coll == IRR_COLL_GATHERV && C->spec->m[b] == 0)) return 0;
  return 1;
}
static inline void irr__chk_learn(irr__chk *C, const irr_op *o) {
  int b;
  if (o->flags & IRR_OPF_COUNTS)
    for (b = o->blo; b < o->bhi; b++) C->known[b] = 1;
  else if ((o->flags & IRR_OPF_PROBE) && o->bhi - o->blo == 1)
    C->known[o->blo] = 1; /* the probed size is the block's */
}

static inline irr_status irr__chk_fail(irr_check_report *rep, irr_status st, int rank, int op,
                                       const char *what) {
  if (rep) {
    rep->rank = rank;
    rep->op = op;
    strncpy(rep->what, what, sizeof rep->what - 1);
    rep->what[sizeof rep->what - 1] = '\0';
  }
  return st;
}

/* Reject a specification the checker has no rules for; separate: the checks proper assume
   sane p, root and sizes. */
static inline irr_status irr__chk_spec(const irr_spec *sp, irr_check_report *rep) {
  int r, p = sp->p;
  if (p <= 0 || sp->root < 0 || sp->root >= p) return irr__chk_fail(rep, IRR_ERR_ROOT, -1, -1, "bad p or root");
  if (sp->coll == IRR_COLL_INTER_ALLGATHERV && (sp->root < 1 || sp->inplace))
    return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "intergroup: empty group A or in place");
  if (sp->coll == IRR_COLL_XALLTOALLV || ((unsigned)sp->coll > (unsigned)IRR_COLL_INTER_ALLGATHERV && sp->coll != IRR_COLL_ALLTOALLV)) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "no specification for this collective");
  if (sp->coll == IRR_COLL_ALLTOALLV && (p > IRR_A2A_MAXP || sp->inplace))
    return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "alltoallv: p too large or in place");
  for (r = 0; r < (sp->coll == IRR_COLL_ALLTOALLV ? p * p : p); r++)
    if (sp->m[r] < 0) return irr__chk_fail(rep, IRR_ERR_COUNT, r, -1, "negative block size");
  return IRR_OK;
}

/* Matched pairs carry the same labels; separate: the one check across ranks, which the
   per-rank data flow relies on. */
static inline irr_status irr__chk_pairs(const irr_sched *s, int p, const int64_t *base, const int64_t *partner,
                                        irr_check_report *rep) {
  int r, j;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j], *q;
      if (o->kind != IRR_OP_SEND) continue;
      q = &s[o->peer].ops[partner[base[r] + j] - base[o->peer]];
      if (q->len != o->len || (o->buf == IRR_BUF_NONE) != (q->buf == IRR_BUF_NONE) ||
          ((o->flags ^ q->flags) & (IRR_OPF_COUNTS | IRR_OPF_RANGE)) ||
          (o->buf != IRR_BUF_NONE &&
           (q->blo != o->blo || q->bhi != o->bhi || q->skip != o->skip)))
        return irr__chk_fail(rep, IRR_ERR_MISMATCH, r, j, "send and its receive name different data");
    }
  return IRR_OK;
}

/* Rank r's state before its first op: the blocks (and sizes) the collective gives it;
   separate: the collective's precondition. */
static inline irr_status irr__chk_start(irr__chk *C, int r) {
  const irr_spec *sp = C->spec;
  int p = sp->p;
  C->n = 0;
  if (C->known) {
    memset(C->known, sp->coll == IRR_COLL_SCATTERV && r == sp->root, (size_t)p);
    C->known[r] = 1;
  }
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* the row: labels d*p + (d - r) */
    int d;
    for (d = 0; d < p; d++) {
      int b = d * p + (d - r + p) % p;
      if (sp->m[b] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, b, 0, sp->m[b])) return IRR_ERR_NOMEM;
    }
  } else if (sp->coll == IRR_COLL_ALLGATHERV || sp->coll == IRR_COLL_INTER_ALLGATHERV) {
    if (sp->m[r] > 0 && !irr__chk_add(C, sp->inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
  } else if (sp->coll == IRR_COLL_GATHERV) {
    if (r == sp->root && sp->inplace) {
      if (sp->m[r] > 0 && !irr__chk_add(C, IRR_BUF_RECV, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
    } else if (sp->m[r] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, r, 0, sp->m[r])) return IRR_ERR_NOMEM;
  } else if (r == sp->root) {
    int b;
    for (b = 0; b < p; b++)
      if (sp->m[b] > 0 && !irr__chk_add(C, IRR_BUF_SEND, 0, b, 0, sp->m[b])) return IRR_ERR_NOMEM;
  }
  return IRR_OK;
}

/* One round, ops [lo, hi) of rank r: sends read the state at its start, then receives
   write, then copies; separate: this order is the semantics of a round. */
static inline irr_status irr__chk_round(irr__chk *C, const irr_sched *sc, int r, int lo, int hi,
                                        irr_check_report *rep) {
  irr_status st = IRR_OK;
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind == IRR_OP_SEND && (st = irr__chk_side(C, r, o->buf, o->off, o, 0, sc)) != IRR_OK)
      return irr__chk_fail(rep, st, r, j, "a send reads data that is not there");
    if (o->kind == IRR_OP_SEND && C->known && (o->flags & IRR_OPF_COUNTS) && !irr__chk_knows(C, o))
      return irr__chk_fail(rep, IRR_ERR_UNDEFINED, r, j, "a send carries sizes its rank does not know");
  }
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind == IRR_OP_RECV && (st = irr__chk_side(C, r, o->buf, o->off, o, 1, sc)) != IRR_OK)
      return irr__chk_fail(rep, st, r, j, "a receive writes where it may not");
    if (o->kind == IRR_OP_RECV && C->known) irr__chk_learn(C, o);
  }
  for (j = lo; j < hi; j++) {
    const irr_op *o = &sc->ops[j];
    if (o->kind != IRR_OP_COPY) continue;
    if (o->buf == IRR_BUF_NONE || o->dbuf == IRR_BUF_NONE ||
        (st = irr__chk_side(C, r, o->buf, o->off, o, 0, sc)) != IRR_OK ||
        (st = irr__chk_side(C, r, o->dbuf, o->doff, o, 1, sc)) != IRR_OK)
      return irr__chk_fail(rep, st != IRR_OK ? st : IRR_ERR_BOUNDS, r, j, "a copy reads or writes where it may not");
  }
  return IRR_OK;
}

/* Rank r's final state: exactly the specified blocks in its receive buffer, and the sizes
   it must return known; separate: the collective's postcondition. */
static inline irr_status irr__chk_end(const irr__chk *C, int r, irr_check_report *rep) {
  const irr_spec *sp = C->spec;
  int64_t want = 0, have = 0;
  int i, v, p = sp->p, usable = irr__chk_layout(sp, r, IRR_BUF_RECV, &v);
  for (i = 0; i < C->n; i++)
    if (C->lab[i].buf == IRR_BUF_RECV) have += C->lab[i].x1 - C->lab[i].x0;
  if (sp->coll == IRR_COLL_ALLTOALLV) { /* the column: labels r*p .. r*p + p - 1 */
    int b;
    for (b = r * p; b < r * p + p; b++) {
      want += sp->m[b];
      if (!irr__chk_has(C, IRR_BUF_RECV, 0, b, 0, sp->m[b]))
        return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a block is missing in the receive buffer");
    }
  } else if (usable && v) { /* every block (gatherv root; intergroup: the other group's) */
    int b, b0 = 0, b1 = p;
    if (sp->coll == IRR_COLL_INTER_ALLGATHERV) b0 = r < sp->root ? sp->root : 0, b1 = r < sp->root ? p : sp->root;
    for (b = b0; b < b1; b++) {
      want += sp->m[b];
      if (!irr__chk_has(C, IRR_BUF_RECV, 0, b, 0, sp->m[b]))
        return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a block is missing in the receive buffer");
    }
  } else if (usable && sp->coll == IRR_COLL_SCATTERV) {
    want = sp->m[r];
    if (!irr__chk_has(C, IRR_BUF_RECV, 0, r, 0, sp->m[r]))
      return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "the rank's block is missing");
  }
  if (have != want) /* entries never overlap, so equal totals mean nothing extra */
    return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "the receive buffer holds more than specified");
  if (C->known) { /* the sizes the receiver must learn */
    irr_op all;
    memset(&all, 0, sizeof all);
    all.blo = sp->coll == IRR_COLL_SCATTERV ? r : 0;
    all.bhi = sp->coll == IRR_COLL_SCATTERV ? r + 1 : p;
    if ((sp->coll != IRR_COLL_GATHERV || r == sp->root) && !irr__chk_knows(C, &all))
      return irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a receiver does not learn the sizes it must return");
  }
  return IRR_OK;
}

/* Rank r's data flow on its own, round by round (sends are verified at the sender and
   pairs carry equal labels, so receives are right too); separate: the per-rank half. */
static inline irr_status irr__chk_rank(irr__chk *C, const irr_sched *sc, int r, irr_check_report *rep) {
  irr_status st = irr__chk_start(C, r);
  int lo = 0;
  if (st != IRR_OK) return st;
  while (lo < sc->nops) {
    int hi = lo, rd = sc->ops[lo].round;
    while (hi < sc->nops && sc->ops[hi].round == rd) hi++;
    if ((st = irr__chk_round(C, sc, r, lo, hi, rep)) != IRR_OK) return st;
    lo = hi;
  }
  return irr__chk_end(C, r, rep);
}

/* Check the programs s[0..p-1] against the specification. rep (optional) says where the
   first error is. */
static inline irr_status irr_sched_check(const irr_sched *s, const irr_spec *sp,
                                         irr_check_report *rep) {
  int p = sp->p, r;
  int64_t *base = NULL, *partner = NULL, n = 0;
  irr__chk C;
  irr_status st = IRR_OK;
  irr_model unit = irr_model_ab(1.0, 0.0);
  irr_cost c;
  if (rep) { rep->rank = rep->op = -1; rep->what[0] = '\0'; }
  if ((st = irr__chk_spec(sp, rep)) != IRR_OK) return st;
  C.spec = sp;
  C.lab = NULL;
  C.n = C.cap = 0;
  C.known = NULL;
  base = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!base) return IRR_ERR_NOMEM;
  if (sp->unknown && !(C.known = (unsigned char *)IRRCOLL_MALLOC((size_t)p))) { st = IRR_ERR_NOMEM; goto out; }
  for (r = 0; r < p; r++) {
    if (s[r].rank != r || s[r].size != p) { st = irr__chk_fail(rep, IRR_ERR_ARG, r, -1, "program of the wrong rank or size"); goto out; }
    if (s[r].err != IRR_OK) { st = irr__chk_fail(rep, s[r].err, r, -1, "the generator reported an error"); goto out; }
    base[r] = n;
    n += s[r].nops;
  }
  base[p] = n;
  partner = (int64_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int64_t));
  if (!partner) { st = IRR_ERR_NOMEM; goto out; }
  st = irr__sched_match(s, p, base, partner);
  if (st != IRR_OK) { st = irr__chk_fail(rep, st, -1, -1, "sends and receives do not pair up"); goto out; }
  if ((st = irr__chk_pairs(s, p, base, partner, rep)) != IRR_OK) goto out;
  st = irr_sched_cost(s, p, unit, &c, NULL); /* deadlock: the cost model must run every message */
  if (st != IRR_OK) { st = irr__chk_fail(rep, st, -1, -1, "the cost model cannot run the programs"); goto out; }
  for (r = 0; r < p && st == IRR_OK; r++) st = irr__chk_rank(&C, &s[r], r, rep);
out:
  if (C.lab) IRRCOLL_FREE(C.lab);
  if (C.known) IRRCOLL_FREE(C.known);
  if (base) IRRCOLL_FREE(base);
  if (partner) IRRCOLL_FREE(partner);
  return st;
}
