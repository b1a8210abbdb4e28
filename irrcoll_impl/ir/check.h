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
       subtrees, and an empty subtree sends nothing;
     - for reductions (Reduce_scatter, irr__chk_reduce), unit by unit, which element each
       unit holds and whose contributions: a receive-and-reduce combines disjoint sets (each
       contribution exactly once), in rank order when spec.ordered, and every rank ends with
       all p contributions to every unit of its block.
   Cost: O(n * k) for n ops, k = entries of a rank's buffer state (small for trees); meant
   for tests and tools, not for the MPI fast path. */

typedef struct irr_spec {
  irr_coll coll;
  int p, root;
  const int64_t *m; /* m[i]: units of block i */
  int inplace;      /* MPI_IN_PLACE at the root (allgather: everywhere): its block stays */
  int unknown;      /* receivers do not know the sizes: check that they learn them */
  int ordered;      /* reductions: the operation is not commutative, so contributions must
                       combine in rank order (irr__chk_reduce) */
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
          ((o->flags ^ q->flags) & (IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LANE)) ||
          (o->buf != IRR_BUF_NONE &&
           (q->blo != o->blo || q->bhi != o->bhi || q->skip != o->skip)))
        return irr__chk_fail(rep, IRR_ERR_MISMATCH, r, j, "send and its receive name different data");
    }
  return IRR_OK;
}

/* Lanes (IRR_OPF_LANE): the MPI executor runs a rank's lane-1 ops beside its lane-0 ops,
   so the checks above, which run the rounds one after the other, hold for any interleaving
   only if the lanes touch nothing in common but the input: no scratch unit (a receive's
   slot, a reduce's or copy's target, what a send or copy reads), and the receive buffer in
   one lane alone. Messages pair within a lane (irr__chk_pairs). O(n log n) a rank. */
typedef struct irr__lspan {
  int64_t a, b;
  int lane;
} irr__lspan;
static int irr__lspan_cmp(const void *x, const void *y) {
  int64_t a = ((const irr__lspan *)x)->a, b = ((const irr__lspan *)y)->a;
  return a < b ? -1 : a > b;
}
static inline irr_status irr__chk_lanes(const irr_sched *s, int p, irr_check_report *rep) {
  int r, j, n, any = 0;
  irr__lspan *v = NULL;
  irr_status st = IRR_OK;
  for (r = 0; r < p && !any; r++)
    for (j = 0; j < s[r].nops && !any; j++) any = (s[r].ops[j].flags & IRR_OPF_LANE) != 0;
  for (r = 0; r < p && any && st == IRR_OK; r++) {
    int recv = -1;
    int64_t end[2] = {INT64_MIN, INT64_MIN};
    if (!(v = (irr__lspan *)IRRCOLL_MALLOC((2 * (size_t)s[r].nops + 1) * sizeof *v))) return IRR_ERR_NOMEM;
    for (j = n = 0; j < s[r].nops && st == IRR_OK; j++) {
      const irr_op *o = &s[r].ops[j];
      int l = (o->flags & IRR_OPF_LANE) != 0, side, buf;
      for (side = 0; side < 2; side++) {
        buf = side ? o->dbuf : o->buf;
        if (buf == IRR_BUF_TMP && o->len > 0) v[n].a = side ? o->doff : o->off, v[n].b = v[n].a + o->len, v[n++].lane = l;
        if (buf == IRR_BUF_RECV && recv >= 0 && recv != l)
          st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "both lanes use the receive buffer");
        if (buf == IRR_BUF_RECV) recv = l;
      }
    }
    qsort(v, (size_t)n, sizeof *v, irr__lspan_cmp);
    for (j = 0; j < n && st == IRR_OK; j++) {
      if (v[j].a < end[!v[j].lane]) st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, -1, "both lanes use a scratch unit");
      if (v[j].b > end[v[j].lane]) end[v[j].lane] = v[j].b;
    }
    IRRCOLL_FREE(v);
  }
  return st;
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

/* ---- reductions: unit by unit ----
   The data is the vector of n = sum m_i units (block i at D_i = m_0 + ... + m_(i-1)). A
   unit's state is the element it holds (-1: nothing) and the set of ranks whose
   contributions it combines (a bit per rank: p <= 64). Rank r's SEND buffer holds element g
   with contribution {r} at g; its RECV buffer element D_r + k at k. Each rank runs round by
   round: its messages carry the state at the start of the sender's round, its receives
   land, its reduces combine (the slot a reduce's message arrived in is empty again after),
   then its copies run. Cost: O(units moved) plus O(p) a pass over the ranks. */
typedef struct irr__ru {
  int64_t e;     /* element, -1: undefined */
  uint64_t who;  /* contributions */
} irr__ru;

typedef struct irr__rchk {
  const irr_spec *sp;
  const irr_sched *s;
  int64_t *D;          /* p + 1 */
  irr__ru **recv, **tmp; /* per rank */
} irr__rchk;

/* The k-th unit of op o's side (buf, off) on rank r: its state, and the element it must
   be (*g). NULL: out of bounds. SEND units are made in *tmpu. */
static inline irr__ru *irr__rchk_unit(irr__rchk *R, int r, int buf, int64_t off, const irr_op *o, int64_t k,
                                      int64_t *g, irr__ru *tmpu) {
  int64_t n = R->D[R->sp->p], x;
  if (o->blo < 0 || o->blo >= R->sp->p || o->skip < 0) return NULL;
  x = R->D[o->blo] + o->skip + k;
  if (o->flags & IRR_OPF_WRAP) x = n > 0 ? x % n : x;
  if (x >= n) return NULL;
  *g = x;
  if (buf == IRR_BUF_SEND) {
    tmpu->e = x;
    tmpu->who = (uint64_t)1 << r;
    return tmpu;
  }
  if (buf == IRR_BUF_RECV) return x >= R->D[r] && x < R->D[r + 1] ? &R->recv[r][x - R->D[r]] : NULL;
  if (buf == IRR_BUF_TMP) return off + k < R->s[r].tmp ? &R->tmp[r][off + k] : NULL;
  return NULL;
}

/* Is w a run of consecutive ranks? Its lowest and highest. */
static inline int irr__rchk_run(uint64_t w, int *lo, int *hi) {
  int a = 0, b = 63;
  if (!w) return 0;
  while (!((w >> a) & 1)) a++;
  while (!((w >> b) & 1)) b--;
  *lo = a, *hi = b;
  return b - a == 63 ? w == ~(uint64_t)0 : w == ((((uint64_t)1 << (b - a + 1)) - 1) << a);
}

static inline irr_status irr__chk_reduce(const irr_sched *s, const irr_spec *sp, const int64_t *base,
                                         const int64_t *partner, irr_check_report *rep) {
  int p = sp->p, r, progress;
  int64_t *moff = NULL, nmsg = 0, g = -1, k;
  unsigned char *snap = NULL;
  irr__ru *msg = NULL, one;
  irr__rchk R;
  irr_status st = IRR_OK;
  int *pos = NULL;
  uint64_t full = p == 64 ? ~(uint64_t)0 : (((uint64_t)1 << p) - 1);
  memset(&R, 0, sizeof R);
  R.sp = sp, R.s = s;
  if (p > 64 || sp->inplace) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "reductions: p > 64 or in place");
  R.D = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  R.recv = (irr__ru **)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(irr__ru *));
  pos = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
  moff = (int64_t *)IRRCOLL_MALLOC(((size_t)base[p] + 1) * sizeof(int64_t));
  if (!R.D || !R.recv || !pos || !moff) { st = IRR_ERR_NOMEM; goto out; }
  memset(R.recv, 0, (size_t)p * 2 * sizeof(irr__ru *));
  R.tmp = R.recv + p;
  R.D[0] = 0;
  for (r = 0; r < p; r++) R.D[r + 1] = R.D[r] + sp->m[r];
  for (r = 0; r < p; r++) {
    int j;
    R.recv[r] = (irr__ru *)IRRCOLL_MALLOC((size_t)(sp->m[r] + 1) * sizeof(irr__ru));
    R.tmp[r] = (irr__ru *)IRRCOLL_MALLOC((size_t)(s[r].tmp + 1) * sizeof(irr__ru));
    if (!R.recv[r] || !R.tmp[r]) { st = IRR_ERR_NOMEM; goto out; }
    for (k = 0; k < sp->m[r]; k++) R.recv[r][k].e = -1, R.recv[r][k].who = 0;
    for (k = 0; k < s[r].tmp; k++) R.tmp[r][k].e = -1, R.tmp[r][k].who = 0;
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      if ((o->flags & IRR_OPF_REDUCE) && (o->kind != IRR_OP_RECV || o->buf != IRR_BUF_TMP || o->dbuf == IRR_BUF_SEND ||
                                         o->dbuf == IRR_BUF_NONE)) {
        st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a reduce is no receive into scratch combining into a buffer");
        goto out;
      }
      moff[base[r] + j] = nmsg;
      if (o->kind == IRR_OP_SEND) nmsg += o->len;
    }
    pos[r] = 0;
  }
  if (!(msg = (irr__ru *)IRRCOLL_MALLOC((size_t)(nmsg + 1) * sizeof(irr__ru))) ||
      !(snap = (unsigned char *)IRRCOLL_MALLOC((size_t)base[p] + 1))) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  memset(snap, 0, (size_t)base[p] + 1);
  /* Ranks advance on their own: a rank entering a round takes its sends' data (snap), and
     ends the round once every receive's send has been taken. */
  for (progress = 1; progress;) {
    progress = 0;
    for (r = 0; r < p; r++) {
      int j, hi, phase, rd;
      if (pos[r] >= s[r].nops) continue;
      rd = s[r].ops[pos[r]].round;
      for (hi = pos[r]; hi < s[r].nops && s[r].ops[hi].round == rd; hi++) {
        const irr_op *o = &s[r].ops[hi];
        if (o->kind != IRR_OP_SEND || snap[base[r] + hi]) continue;
        for (k = 0; k < o->len; k++) {
          irr__ru *u = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
          if (!u || u->e != g) { st = irr__chk_fail(rep, u ? IRR_ERR_UNDEFINED : IRR_ERR_BOUNDS, r, hi, "a send reads data that is not there"); goto out; }
          msg[moff[base[r] + hi] + k] = *u;
        }
        snap[base[r] + hi] = 1;
        progress = 1;
      }
      for (j = pos[r]; j < hi; j++)
        if (s[r].ops[j].kind == IRR_OP_RECV && !snap[partner[base[r] + j]]) break;
      if (j < hi) continue; /* a send it waits for is in a later round of its sender */
      for (phase = 1; phase < 4; phase++)
        for (j = pos[r]; j < hi; j++) {
          const irr_op *o = &s[r].ops[j];
          if (phase == 1 && o->kind == IRR_OP_RECV) {
            const irr__ru *in = msg + moff[partner[base[r] + j]];
            for (k = 0; k < o->len; k++) {
              irr__ru *u = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              if (!u || o->buf == IRR_BUF_SEND) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a receive writes where it may not"); goto out; }
              if (u->e >= 0) { st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "a receive writes over data"); goto out; }
              if (in[k].e != g) { st = irr__chk_fail(rep, IRR_ERR_MISMATCH, r, j, "a message carries other elements"); goto out; }
              *u = in[k];
            }
          } else if (phase == 2 && (o->flags & IRR_OPF_REDUCE)) {
            for (k = 0; k < o->len; k++) {
              int64_t g2;
              irr__ru *a = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              irr__ru *acc = irr__rchk_unit(&R, r, o->dbuf, o->doff, o, k, &g2, &one);
              int al, ah, bl, bh;
              if (!a || !acc) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a reduce outside its buffers"); goto out; }
              if (acc->e != g) { st = irr__chk_fail(rep, IRR_ERR_UNDEFINED, r, j, "a reduce into data that is not there"); goto out; }
              if (a->who & acc->who) { st = irr__chk_fail(rep, IRR_ERR_RESULT, r, j, "a reduce combines a contribution twice"); goto out; }
              if (sp->ordered && (!irr__rchk_run(a->who, &al, &ah) || !irr__rchk_run(acc->who, &bl, &bh) ||
                                  ((o->flags & IRR_OPF_RIGHT) ? bh + 1 != al : ah + 1 != bl))) {
                st = irr__chk_fail(rep, IRR_ERR_RESULT, r, j, "a reduce breaks rank order");
                goto out;
              }
              acc->who |= a->who;
              a->e = -1, a->who = 0; /* the slot is free again */
            }
          } else if (phase == 3 && o->kind == IRR_OP_COPY) {
            for (k = 0; k < o->len; k++) {
              int64_t g2;
              irr__ru *a = irr__rchk_unit(&R, r, o->buf, o->off, o, k, &g, &one);
              irr__ru src, *d;
              if (!a || a->e != g) { st = irr__chk_fail(rep, a ? IRR_ERR_UNDEFINED : IRR_ERR_BOUNDS, r, j, "a copy reads data that is not there"); goto out; }
              src = *a;
              d = irr__rchk_unit(&R, r, o->dbuf, o->doff, o, k, &g2, &one);
              if (!d || o->dbuf == IRR_BUF_SEND) { st = irr__chk_fail(rep, IRR_ERR_BOUNDS, r, j, "a copy writes where it may not"); goto out; }
              if (d->e >= 0) { st = irr__chk_fail(rep, IRR_ERR_OVERWRITE, r, j, "a copy writes over data"); goto out; }
              *d = src;
            }
          }
        }
      pos[r] = hi;
      progress = 1;
    }
  }
  for (r = 0; r < p; r++)
    if (pos[r] < s[r].nops) { st = irr__chk_fail(rep, IRR_ERR_DEADLOCK, r, pos[r], "a round waits forever"); goto out; }
  for (r = 0; r < p; r++)
    for (k = 0; k < sp->m[r]; k++)
      if (R.recv[r][k].e != R.D[r] + k || R.recv[r][k].who != full) {
        st = irr__chk_fail(rep, IRR_ERR_RESULT, r, -1, "a unit of the rank's block lacks contributions");
        goto out;
      }
out:
  if (R.recv)
    for (r = 0; r < 2 * p; r++)
      if (R.recv[r]) IRRCOLL_FREE(R.recv[r]);
  if (R.recv) IRRCOLL_FREE(R.recv);
  if (R.D) IRRCOLL_FREE(R.D);
  if (pos) IRRCOLL_FREE(pos);
  if (moff) IRRCOLL_FREE(moff);
  if (msg) IRRCOLL_FREE(msg);
  if (snap) IRRCOLL_FREE(snap);
  return st;
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
  if (sp->coll == IRR_COLL_REDUCE_SCATTER) { /* its own rules: irr__chk_reduce */
    if (p <= 0) return irr__chk_fail(rep, IRR_ERR_ARG, -1, -1, "bad p");
    for (r = 0; r < p; r++)
      if (sp->m[r] < 0) return irr__chk_fail(rep, IRR_ERR_COUNT, r, -1, "negative block size");
  } else if ((st = irr__chk_spec(sp, rep)) != IRR_OK) {
    return st;
  }
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
  if ((st = irr__chk_pairs(s, p, base, partner, rep)) != IRR_OK || (st = irr__chk_lanes(s, p, rep)) != IRR_OK) goto out;
  st = irr_sched_cost(s, p, unit, &c, NULL); /* deadlock: the cost model must run every message */
  if (st != IRR_OK) { st = irr__chk_fail(rep, st, -1, -1, "the cost model cannot run the programs"); goto out; }
  if (sp->coll == IRR_COLL_REDUCE_SCATTER) st = irr__chk_reduce(s, sp, base, partner, rep);
  else
    for (r = 0; r < p && st == IRR_OK; r++) st = irr__chk_rank(&C, &s[r], r, rep);
out:
  if (C.lab) IRRCOLL_FREE(C.lab);
  if (C.known) IRRCOLL_FREE(C.known);
  if (base) IRRCOLL_FREE(base);
  if (partner) IRRCOLL_FREE(partner);
  return st;
}
