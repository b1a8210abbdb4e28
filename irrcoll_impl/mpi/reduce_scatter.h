/* IRR_Reduce_scatter (and _block): validate -> choose -> plan -> run (algo/reduce_scatter/,
   select/reduce_scatter.h). MPI requires recvcounts, datatype and op to be the same on every
   rank, so every rank plans the same programs from its own arguments, without
   communicating.
     validate  counts (MPI_ERR_COUNT; NULL: MPI_ERR_ARG), datatype (MPI_ERR_TYPE), op
               (MPI_ERR_OP): errors every rank sees alike, returned with no message sent;
               buffers (MPI_ERR_BUFFER): this rank's own, so it still runs the program with
               0-byte poison messages, and the ranks they reach return MPI_ERR_TRUNCATE
     choose    irr_reduce_scatter_choose on the counts, the operation's commutativity and
               the model with beta and gamma per element
     plan      the program in elements, scaled to bytes
     run       the executor (its receive-and-reduce ops, mpi/rounds.h)
   Buffers: a type whose elements are dense bytes (size = extent = true extent) is used in
   place; any other is copied into an extent-layout scratch (element i at i * extent, the
   holes travel as bytes and MPI_Reduce_local skips them) and the result block back, both
   through MPI (pack, unpack), so holes in the user's buffers are never written. A type whose
   data lies outside its extent (a resized overlap) goes to MPI's own. MPI_IN_PLACE: the
   input vector is copied out of recvbuf first (the result overwrites its start). */

typedef struct irr__rsplan {
  irr__ctx *ctx;
  int rank, p, tag, ordered, inplace;
  int err;            /* this rank's error class (MPI_SUCCESS: none) */
  int none;           /* no run: an error every rank sees, or nothing to do */
  int bad;            /* run with poison: this rank's buffers are bad */
  irr_alg alg;
  MPI_Datatype type;
  MPI_Op op;
  irr__dt d;
  MPI_Aint lb;
  int stage;          /* the type is not dense: extent-layout copies in and out */
  int64_t U, n;       /* bytes an element in the program's buffers; elements in all */
  int64_t *w;         /* counts (p), D (p + 1), workspace P (p + 1) */
  irr_sched s;
  irr_op *ops;
  irr__buf sb, rb;    /* the vector (every block at D_i), the own block */
  const void *sendbuf;
  void *recvbuf;
  char *in, *out;     /* the input vector (in place, staged), the staged result block */
} irr__rsplan;

static void irr__rs_plan_free(irr__rsplan *L) {
  if (L->w) IRRCOLL_FREE(L->w);
  if (L->ops) IRRCOLL_FREE(L->ops);
  if (L->in) IRRCOLL_FREE(L->in);
  if (L->out) IRRCOLL_FREE(L->out);
  L->w = NULL, L->ops = NULL, L->in = L->out = NULL;
}

/* A byte view of the program's elements: U bytes each, at base + lb0 + i U. */
static void irr__rs_view(irr__buf *b, char *base, MPI_Aint lb0, int64_t U) {
  memset(b, 0, sizeof *b);
  b->base = base;
  b->dt.type = MPI_BYTE, b->dt.size = U, b->dt.extent = (MPI_Aint)U, b->dt.true_lb = lb0;
  b->dt.true_extent = (MPI_Aint)U, b->dt.contig = 1;
}

/* validate, choose, plan (no communication). An error returned is memory's or MPI's; L->err
   this rank's class. *native: MPI's own runs, 1: the type cannot be laid out here, 2: the
   guard (IRR_ALG_GUARDED, forced or the communicator's; blocking calls only) found no clear
   gain, its CPU in ctx->last. owned: the program is the caller's own (a request's), never
   the communicator's kept one. */
static int irr__rs_setup(const void *sendbuf, void *recvbuf, const irr__counts *cn, MPI_Datatype type, MPI_Op op,
                         MPI_Comm comm, irr_alg forced, int owned, irr__rsplan *L, int *native) {
  int rc, p, commute = 1, e, guard = 0, entry = forced == IRR_ALG_GUARDED;
  int64_t *D, *P, mr, bytes;
  MPI_Aint ext;
  irr_model md;
  double t0 = IRRCOLL_CLOCK();
  *native = 0;
  if ((rc = irr__ctx_get(comm, &L->ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, &L->rank);
  MPI_Comm_size(comm, &L->p);
  p = L->p;
  L->tag = (int)(L->ctx->seq++ % IRR__SEQ_MOD) * 2;
  L->inplace = sendbuf == MPI_IN_PLACE;
  L->sendbuf = sendbuf, L->recvbuf = recvbuf, L->type = type, L->op = op;
  if (!(L->w = (int64_t *)IRRCOLL_MALLOC(((size_t)p * 3 + 2) * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  D = L->w + p, P = D + p + 1;
  /* what every rank sees alike: no run, no message */
  L->none = 1;
  if ((e = irr__widen(p, cn, 1, 1, L->w, NULL, NULL, &L->n)) != MPI_SUCCESS) return L->err = e, MPI_SUCCESS;
  if ((e = irr__dt_usable(type, &L->d, L->ctx->pc)) != MPI_SUCCESS) return L->err = e, MPI_SUCCESS;
  if (op == MPI_OP_NULL || MPI_Op_commutative(op, &commute) != MPI_SUCCESS) return L->err = MPI_ERR_OP, MPI_SUCCESS;
  if ((rc = MPI_Type_get_extent(type, &L->lb, &ext)) != MPI_SUCCESS) return rc;
  L->stage = !L->d.contig;
  L->U = L->stage ? (int64_t)ext : L->d.size;
  if (L->stage && (ext <= 0 || L->d.true_lb < L->lb || L->d.true_lb + L->d.true_extent > L->lb + ext)) {
    *native = 1; /* its data runs outside its extent: no extent layout */
    return MPI_SUCCESS;
  }
  if (L->d.size == 0 || L->n == 0) return MPI_SUCCESS; /* nothing to reduce */
  if (!irr__mul_ok(L->n, L->U, &bytes)) return L->err = MPI_ERR_COUNT, MPI_SUCCESS;
  L->none = 0;
  L->ordered = !commute;
  irr__rs_starts(p, L->w, D);
  mr = L->w[L->rank];
  /* this rank's own buffers */
  if (recvbuf == MPI_IN_PLACE) L->err = MPI_ERR_BUFFER;
  else if (!L->inplace && !sendbuf && L->d.true_lb == 0) L->err = MPI_ERR_BUFFER;
  else if (!recvbuf && (mr > 0 || L->inplace) && L->d.true_lb == 0) L->err = MPI_ERR_BUFFER;
  L->bad = L->err != MPI_SUCCESS;
  /* choose and plan, in elements, or the kept plan while the counts repeat (mpi/cache.h: the
     key hashes everything the choice and the program depend on, equal on every rank) */
  md = L->ctx->md;
  md.beta *= (double)L->d.size, md.gamma *= (double)L->d.size;
  if (forced == IRR_ALG_AUTO) forced = irr__forced(L->ctx, IRR_COLL_REDUCE_SCATTER);
  if (forced == IRR_ALG_GUARDED) guard = !owned, forced = IRR_ALG_AUTO; /* a request runs the choice */
  /* MPI's own at once, no choice (the entries' calls: irr__rs_run looked before any context) */
  if (guard && !entry && irr_reduce_scatter_native_first(p, D, cn->regular)) {
    irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 0,
                   irr__plan_cpu(&md, (cn->regular ? 3.0 : 3.0 + IRR_RS_PASS) * p, 0), t0); /* widened, starts (the largest) */
    return *native = 2, MPI_SUCCESS;
  }
  /* MPI's own from the total and the largest block (small vectors), before the counts' hash:
     the model's CPU (select/reduce_scatter.h's units): the counts widened (2 a count, no
     hash), the block starts, the largest, the lower bounds */
  if (guard && irr_reduce_scatter_native_bound(p, D, irr__rs_maxblock(p, D), L->ordered, md)) {
    irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 0,
                   irr__plan_cpu(&md, (2.0 + 1.0 + IRR_RS_PASS) * p + IRR_RS_FIXED / 2, 0), t0);
    return *native = 2, MPI_SUCCESS;
  }
  {
    irr__plan_cache *pc = &L->ctx->rsc;
    int64_t k[6];
    uint64_t key;
    int repeat, cap = irr_reduce_scatter_maxops(p), j;
    irr_op *room;
    k[0] = (int64_t)irr__hash(L->w, p), k[1] = ((int64_t)guard << 40) ^ ((int64_t)forced << 33) ^ ((int64_t)p << 1) ^ L->ordered;
    k[2] = L->U, k[3] = L->d.size;
    memcpy(&k[4], &md.alpha, 8), memcpy(&k[5], &md.beta, 8);
    key = irr__hash(k, 6);
    repeat = pc->valid && pc->key == key;
    if (repeat && guard && pc->alg == IRR_ALG_GUARDED) { /* MPI's own again (the guard, below) */
      pc->hits++;
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, 1, irr__plan_cpu(&md, (IRR_VALIDATE_SIZES + 1.0) * p, 0), t0);
      return *native = 2, MPI_SUCCESS;
    }
    if (repeat && pc->nops > 0 && !owned && !L->bad) { /* the kept program, as it is */
      L->alg = pc->alg;
      irr_sched_init(&L->s, L->rank, p, pc->ops, pc->nops);
      L->s.nops = pc->nops, L->s.tmp = pc->tmp, L->s.nrounds = pc->nops ? pc->ops[pc->nops - 1].round + 1 : 0;
      pc->hits++;
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, L->alg, 0, 1, irr__plan_cpu(&md, (IRR_VALIDATE_SIZES + 1.0) * p, 0), t0);
    } else {
      int early = 0;
      double units = IRR_VALIDATE_SIZES * p + p; /* the counts widened and hashed, the block starts and the largest */
      if (!repeat) pc->hits = 0;
      if (!guard) L->alg = irr__rs_choose(forced, p, D, L->ordered, md, P, NULL, &units);
      else if (irr_reduce_scatter_guard(p, D, L->ordered, md, P, &L->alg, &early, &units)) {
        /* no clear gain: MPI's own, whatever this rank's buffers (every rank goes alike). The
           model's CPU: the counts, their hash, the early test's walks (and the choice's) */
        irr__plan_drop_program(pc);
        pc->key = key, pc->alg = IRR_ALG_GUARDED, pc->valid = 1;
        irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, IRR_ALG_COUNT, 0, repeat, irr__plan_cpu(&md, units, 0), t0);
        return *native = 2, MPI_SUCCESS;
      }
      room = owned ? NULL : irr__plan_room(pc, cap); /* a request's program is its own */
      if (!room && !(room = L->ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
      irr_sched_init(&L->s, L->rank, p, room, cap);
      if (irr_reduce_scatter_build(L->alg, L->rank, p, D, L->ordered, md, P, &L->s) != IRR_OK) return MPI_ERR_INTERN;
      for (j = 0; j < L->s.nops; j++) { /* elements -> bytes (n U fits) */
        irr_op *o = &L->s.ops[j];
        o->skip *= L->U, o->len *= L->U, o->off *= L->U, o->doff *= L->U;
      }
      L->s.tmp *= L->U;
      if (!owned) pc->key = key, pc->alg = L->alg, pc->valid = 1; /* a request's key would name the kept program */
      if (room == pc->ops && !L->bad) irr__plan_keep(pc, &L->s);
      /* the model's CPU: the counts read, the choice's walks (counted), the ops */
      irr__note_call(L->ctx, IRR_COLL_REDUCE_SCATTER, L->alg, 0, repeat, irr__plan_cpu(&md, units, L->s.nops), t0);
    }
  }
  /* the views: elements of U bytes; dense types in the user's buffers, others staged */
  if ((L->inplace || L->stage) && !L->bad && !(L->in = (char *)IRRCOLL_MALLOC((size_t)bytes))) return MPI_ERR_NO_MEM;
  if (L->stage && !L->bad && !(L->out = (char *)IRRCOLL_MALLOC((size_t)(mr * L->U + 1)))) return MPI_ERR_NO_MEM;
  irr__rs_view(&L->sb, L->in ? L->in : irr__base(sendbuf), L->in ? 0 : L->d.true_lb, L->U);
  L->sb.v = 1, L->sb.p = p, L->sb.counts = L->w, L->sb.displs = D;
  irr__rs_view(&L->rb, L->stage ? L->out : irr__base(recvbuf), L->stage ? 0 : L->d.true_lb, L->U);
  L->rb.own = L->rank, L->rb.count = mr, L->rb.p = p;
  L->sb.discard = L->rb.discard = L->bad;
  return MPI_SUCCESS;
}

/* Move n elements of the type from user buffer `from` to `to` (either may be an extent-layout
   scratch, given as the pointer MPI wants: its start - lb): packed through a temporary. */
static int irr__rs_move(irr__rsplan *L, const char *from, char *to, int64_t n) {
  char *tmp;
  int rc;
  if (n == 0) return MPI_SUCCESS;
  if (!(tmp = (char *)IRRCOLL_MALLOC((size_t)(n * L->d.size + 1)))) return MPI_ERR_NO_MEM;
  rc = irr__pack(0, (char *)(uintptr_t)from, n, &L->d, tmp, L->ctx->pc);
  if (rc == MPI_SUCCESS) rc = irr__pack(1, to, n, &L->d, tmp, L->ctx->pc);
  IRRCOLL_FREE(tmp);
  return rc;
}

/* At each run: the input into scratch (in place, staged), then the executor begins. */
static int irr__rs_start(irr__rsplan *L, MPI_Comm comm, int tag, irr__exec *X) {
  int rc;
  memset(X, 0, sizeof *X);
  if (L->in) {
    const char *src = irr__base(L->inplace ? L->recvbuf : L->sendbuf);
    if (!L->stage) memcpy(L->in, irr__at(src, L->d.true_lb), (size_t)(L->n * L->U));
    else if ((rc = irr__rs_move(L, src, irr__at(L->in, -L->lb), L->n)) != MPI_SUCCESS) return rc;
  }
  X->s = &L->s;
  X->buf[IRR_BUF_SEND] = &L->sb;
  X->buf[IRR_BUF_RECV] = &L->rb;
  X->comm = comm, X->tag = tag, X->bad = L->bad, X->md = &L->ctx->md;
  X->lanes_ok = 1, X->lane_tag = tag - 1; /* the call's other tag (L->tag, tag = L->tag + 1) */
  X->rop = L->op, X->rdt = L->type, X->runit = L->U, X->rshift = L->stage ? L->lb : L->d.true_lb;
  return irr__exec_begin(X);
}

/* The run is over (rc its result): the staged result out, the call's error. */
static int irr__rs_finish(irr__rsplan *L, irr__exec *X, int rc) {
  int bad;
  L->ctx->last.cpu_model_s += X->cpu_total;
  irr__exec_end(X);
  bad = X->bad;
  if (rc == MPI_SUCCESS && !bad && L->stage)
    rc = irr__rs_move(L, irr__at(L->out, -L->lb), irr__base(L->recvbuf), L->w[L->rank]);
  if (rc == MPI_SUCCESS && L->err != MPI_SUCCESS) rc = L->err;
  if (rc == MPI_SUCCESS && bad) rc = MPI_ERR_TRUNCATE; /* poison came: some rank's arguments are bad */
  return rc;
}

/* The guard's answer before any context (irr_reduce_scatter_native_first): equal counts on
   2^k ranks, read from the arguments, which every rank has alike. Neither irrcoll's
   communicator nor its settings are made for a call MPI runs anyway: a first call costs
   what MPI's does. */
static int irr__rs_equal_pof2(MPI_Comm comm, const irr__counts *cn) {
  int p, i;
  if (MPI_Comm_size(comm, &p) != MPI_SUCCESS || (p & (p - 1)) != 0) return 0;
  if (cn->regular) return 1;
  for (i = 1; i < p; i++)
    if (cn->ci ? cn->ci[i] != cn->ci[0] : !cn->cc || cn->cc[i] != cn->cc[0]) return 0;
  return cn->ci || cn->cc;
}

/* The whole call; forced: the caller's algorithm (IRR_ALG_AUTO: the communicator's). */
static int irr__rs_run(const void *sendbuf, void *recvbuf, const irr__counts *cn, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm, irr_alg forced) {
  irr__rsplan L;
  int rc, inter = 0, native = 0;
  memset(&L, 0, sizeof L);
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (!inter && forced == IRR_ALG_GUARDED && irr__rs_equal_pof2(comm, cn)) native = 3; /* before any context */
  else if (!inter && (rc = irr__rs_setup(sendbuf, recvbuf, cn, type, op, comm, forced, 0, &L, &native)) == MPI_SUCCESS &&
           !native) {
    if (!L.none) {
      irr__exec X;
      int done = 0;
      rc = irr__rs_start(&L, L.ctx->pc, L.tag + 1, &X);
      while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
      rc = irr__rs_finish(&L, &X, rc);
    } else {
      rc = L.err;
    }
  }
  irr__rs_plan_free(&L);
  if (rc == MPI_SUCCESS && (inter || native)) { /* MPI's own */
    if (native != 2) irr__note_native(comm, IRR_COLL_REDUCE_SCATTER); /* 2: the guard noted it, its CPU with it */
    if (cn->regular) {
#if MPI_VERSION >= 4
      if (cn->rcount > INT_MAX) return MPI_Reduce_scatter_block_c(sendbuf, recvbuf, (MPI_Count)cn->rcount, type, op, comm);
#endif
      return MPI_Reduce_scatter_block(sendbuf, recvbuf, (int)cn->rcount, type, op, comm);
    }
#if MPI_VERSION >= 4
    if (cn->cc) return MPI_Reduce_scatter_c(sendbuf, recvbuf, cn->cc, type, op, comm);
#endif
    return MPI_Reduce_scatter(sendbuf, recvbuf, cn->ci, type, op, comm);
  }
  return irr__raise(comm, rc);
}
