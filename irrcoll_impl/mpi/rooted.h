/* IRR_Gatherv and IRR_Scatterv (and their _c variants): validate -> choose -> plan -> run.
   Both collectives share this code: the root holds every block in a "v" buffer (Gatherv:
   recvbuf, Scatterv: sendbuf) and every rank has its own block (Gatherv: sendbuf,
   Scatterv: recvbuf).
     validate  local argument checks and the one widening of the root's counts; a rank with
               bad arguments still takes part (empty block, nothing written), so no rank hangs
     choose    irr_gatherv_choose (select/gatherv.h): from p and the forced algorithm only
     plan      the tree construction (Lemma 3, over MPI) where the algorithm needs it, then
               this rank's program from the generator (algo/gatherv/)
     run       buffer views, staging of non-contiguous types, the executor */

typedef struct irr__vargs {
  int scatter;
  const void *vuser, *ouser;   /* the user's pointers, as given (forwarded unchanged) */
  char *vbuf;                  /* the root's buffer of all blocks, as an address base */
  irr__counts c;               /* the root's counts and displacements (int or MPI-4) */
  MPI_Datatype vtype;
  char *obuf;                  /* the own block */
  int64_t ocount;
  MPI_Datatype otype;
  int inplace_arg;             /* the IN_PLACE argument was given (sendbuf or recvbuf) */
  int root;
  MPI_Comm comm;
  int pre_err;                 /* an error the caller found (the rank takes part as with bad arguments) */
} irr__vargs;

/* One call's state after validation. */
typedef struct irr__vstate {
  irr__ctx *ctx;
  int rank, p, isroot, inplace, tag;
  int err;                     /* this rank's argument error (it takes part with an empty block) */
  int64_t own;                 /* bytes of the own block */
  int64_t ocount;              /* its elements as they move: the argument's, or fewer where a
                                  Scatterv receive is known to come short (taken as MPICH does) */
  int64_t *m_root;             /* root, valid arguments: bytes (p), counts (p), displacements (p) */
  irr__buf vb, ob;
  irr_alg alg;                 /* the algorithm chosen */
  int64_t *heard;              /* the direct Gatherv's root: the sizes the heads announced */
  int64_t *fix;                /* the root's ops made shorter for blocks that came short: (op, len,
                                  peer) triples, restored after the run (a persistent request
                                  runs its program again) */
  int nfix;
  int64_t announce;            /* the direct Gatherv's sender: its size, -2 with bad arguments (an
                                  empty block that must not pass for a short one) */
  unsigned call;               /* the context's call number (the sizes window) */
} irr__vstate;

/* An intercommunicator: no intergroup algorithm for these, the native operation. */
static int irr__v_native(const irr__vargs *A) {
  irr__note_native(A->comm, A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV);
#if MPI_VERSION >= 4
  if (A->c.cc || A->c.dc)
    return A->scatter ? MPI_Scatterv_c(A->vuser, A->c.cc, A->c.dc, A->vtype, (void *)(uintptr_t)A->ouser, A->ocount,
                                       A->otype, A->root, A->comm)
                      : MPI_Gatherv_c(A->ouser, A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->c.cc, A->c.dc,
                                      A->vtype, A->root, A->comm);
#endif
  if (A->scatter)
    return MPI_Scatterv(A->vuser, A->c.ci, A->c.di, A->vtype, (void *)(uintptr_t)A->ouser, (int)A->ocount, A->otype,
                        A->root, A->comm);
  return MPI_Gatherv(A->ouser, (int)A->ocount, A->otype, (void *)(uintptr_t)A->vuser, A->c.ci, A->c.di, A->vtype,
                     A->root, A->comm);
}

/* A block shorter than its receive count is erroneous MPI that MPICH and Open MPI accept:
   taken so (without IRRCOLL_CHECK) where the program can place it: the direct Gatherv from
   its heads (irr__v_heads), its trees from the sizes window (irr__v_reread), the linear ones
   and the direct Scatterv by the executor (irr__exec_short), XScatterv's tree from the sizes
   it carries. Scatterv's trees (forced only) report MPI_ERR_TRUNCATE. */
static int irr__v_short_ok(const irr__vargs *A, const irr__vstate *V) {
  return !V->ctx->check && (V->alg == IRR_ALG_LINEAR || V->alg == IRR_ALG_DIRECT || (A->scatter && V->alg == IRR_ALG_XTREE) ||
                            (!A->scatter && (V->alg == IRR_ALG_TREE || V->alg == IRR_ALG_BINOMIAL)));
}

/* A block of `sent` bytes where more fit, known before the run: taken if the algorithm can
   and it is whole elements of the receiving side (*count gets them), as MPICH takes it (the
   rest of the receive buffer untouched). 0: MPI_ERR_TRUNCATE. */
static int irr__v_shorter(const irr__vargs *A, const irr__vstate *V, int64_t sent, int64_t *count) {
  int64_t es = A->scatter ? V->ob.dt.size : V->vb.dt.size;
  if (!irr__v_short_ok(A, V) || es <= 0 || sent % es != 0) return 0;
  *count = sent / es;
  return 1;
}

/* The root's arguments: its counts widened once into V->m_root; its own block must fit
   (a shorter one as irr__v_shorter says). */
static int irr__v_validate_root(const irr__vargs *A, irr__vstate *V) {
  int64_t total = 0, *m, sent, room;
  int rc, p = V->p;
  if ((!A->c.ci && !A->c.cc) || (!A->c.di && !A->c.dc)) return MPI_ERR_ARG;
  if ((rc = irr__dt_usable(A->vtype, &V->vb.dt, V->ctx->pc)) != MPI_SUCCESS) return rc;
  if (!(m = (int64_t *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int64_t)))) return MPI_ERR_NO_MEM;
  V->m_root = m;
  if ((rc = irr__widen(p, &A->c, V->vb.dt.size, V->vb.dt.extent, m + p, m + 2 * p, m, &total)) != MPI_SUCCESS)
    return rc;
  if (V->err != MPI_SUCCESS) return V->err; /* the own block's error stands */
  if (total > 0 && !A->vbuf && V->vb.dt.true_lb == 0) return MPI_ERR_BUFFER;
  if (!A->inplace_arg && V->own > 0 && A->vbuf && A->vbuf == A->obuf) return MPI_ERR_BUFFER;
  if (V->inplace) {
    V->own = m[V->rank];
    return MPI_SUCCESS;
  }
  sent = A->scatter ? m[V->rank] : V->own, room = A->scatter ? V->own : m[V->rank]; /* the root's own block */
  if (sent > room) return MPI_ERR_TRUNCATE;
  if (sent < room && !irr__v_shorter(A, V, sent, A->scatter ? &V->ocount : &m[p + V->rank]))
    return MPI_ERR_TRUNCATE;
  if (sent < room) *(A->scatter ? &V->own : &m[V->rank]) = sent;
  return MPI_SUCCESS;
}

/* Local checks. A rank with bad arguments records the error and takes part with an empty
   block (receiving nothing into user memory), so every other rank completes; a root whose
   own block does not match its count (MPI_ERR_TRUNCATE) still moves the others' blocks. */
static void irr__v_validate(const irr__vargs *A, irr__vstate *V) {
  int rc;
  if (A->inplace_arg && !V->isroot) V->err = MPI_ERR_BUFFER;
  V->ocount = A->ocount;
  if (!V->inplace) {
    if (A->ocount < 0) V->err = MPI_ERR_COUNT;
    else if ((rc = irr__dt_usable(A->otype, &V->ob.dt, V->ctx->pc)) != MPI_SUCCESS) V->err = rc;
    else if (!irr__mul_ok(A->ocount, V->ob.dt.size, &V->own)) V->err = MPI_ERR_COUNT;
    else if (V->own > 0 && !A->obuf && V->ob.dt.true_lb == 0) V->err = MPI_ERR_BUFFER; /* NULL, not MPI_BOTTOM use */
  }
  if (V->isroot) {
    rc = irr__v_validate_root(A, V);
    if (rc != MPI_SUCCESS) V->err = rc;
    if (A->pre_err != MPI_SUCCESS) V->err = A->pre_err;
    if (V->err != MPI_SUCCESS && V->m_root) {
      IRRCOLL_FREE(V->m_root);
      V->m_root = NULL;
    }
  }
  if (V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE) V->own = 0;
  if (A->pre_err != MPI_SUCCESS) { /* the caller's error: take part as with bad arguments */
    V->err = A->pre_err;
    V->own = 0;
  }
}

/* Every entry's first checks and this rank's place (blocking, persistent, nonblocking):
   *inter set on an intercommunicator, where nothing else is done. Returns the error to
   raise on A->comm. */
static int irr__v_open(const irr__vargs *A, irr__vstate *V, int *inter) {
  int rc;
  memset(V, 0, sizeof *V);
  *inter = 0;
  if (A->comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  if ((rc = MPI_Comm_test_inter(A->comm, inter)) != MPI_SUCCESS || *inter) return rc;
  if ((rc = irr__ctx_get(A->comm, &V->ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(A->comm, &V->rank);
  MPI_Comm_size(A->comm, &V->p);
  return A->root < 0 || A->root >= V->p ? MPI_ERR_ROOT : MPI_SUCCESS;
}

/* The call's state once alg is chosen: its tags (the next of the context's), the root's
   roles, the local checks. */
static void irr__v_begin(const irr__vargs *A, irr__vstate *V, irr_alg alg) {
  V->alg = alg;
  V->call = V->ctx->seq;
  V->tag = (int)(V->ctx->seq++ % IRR__SEQ_MOD) * 2;
  V->isroot = V->rank == A->root;
  V->inplace = V->isroot && A->inplace_arg;
  irr__v_validate(A, V);
}

/* The root's tree T (from its counts) is the one the subcubes announced in t. */
static int irr__v_matches(const irr__vstate *V, const irr_tree *t, const irr_tree_all *T) {
  int d;
  for (d = 0; d < t->levels; d++) {
    int64_t j = T->lvoff[d] + (((int64_t)V->rank >> d) ^ 1);
    if (t->heard[d] >= 0 && (T->M[j] != t->heard[d] || T->ND[j] != t->heard_nd[d] || T->H[j] != t->heard_h[d]))
      return 0;
  }
  return 1;
}

/* Gatherv's root, whose counts disagree with what the subcubes announced (erroneous MPI):
   if every sender's own size, read from the sizes window, is at most its count and whole
   elements, and the tree of those sizes is the one announced, they become the counts: the
   shorter blocks are taken as MPICH takes them (the rest of each untouched). 1: so; else T
   is the counts' tree or freed. Only on this path: p reads, none in a correct call. */
static int irr__v_reread(irr__vstate *V, int root, int rule, int64_t th, const irr_tree *t, irr_tree_all *T) {
  int64_t *m = V->m_root, *m2, es = V->vb.dt.size;
  int i, ok = 1, p = V->p;
  if (V->ctx->agw.state != 1 || !(m2 = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t)))) return 0;
  for (i = 0; i < p && ok; i++) {
    m2[i] = i == V->rank ? m[i] : irr__agwin_read(V->ctx, i, p, V->call, 0);
    ok = m2[i] >= 0 && m2[i] <= m[i] && (es > 0 ? m2[i] % es == 0 : m2[i] == 0);
  }
  if (ok) { /* T keeps the sizes it is built from: m gets the read ones, m2 the counts' */
    for (i = 0; i < p; i++) {
      int64_t x = m[i];
      m[i] = m2[i], m2[i] = x;
    }
    irr_tree_all_free(T);
    ok = irr_tree_build_t(T, p, root, rule, m, th) == IRR_OK && irr__v_matches(V, t, T);
    for (i = 0; i < p; i++)
      if (ok) m[p + i] = es > 0 ? m[i] / es : 0;
      else m[i] = m2[i];
  }
  IRRCOLL_FREE(m2);
  return ok;
}

/* The tree's construction over MPI (Gatherv's tree degrades gracefully: thresh from the
   agreed model). The root then builds the whole tree from its counts (*T) and checks it
   against what each subcube announced: its data, and its direct senders' number and
   fingerprint. A Gatherv whose senders sent less than its counts say has its blocks taken
   (irr__v_reread: every rank publishes its size first). On another mismatch it cannot know
   who sends straight to it: *ndrain gets how many do (as announced), to be taken whole and
   dropped, and T is freed. */
static int irr__v_construct(const irr__vargs *A, irr__vstate *V, irr_alg alg, irr_tree *t, irr_tree_all *T,
                            int64_t *ndrain) {
  int rc, d, rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, ok;
  int reread = !A->scatter && irr__v_short_ok(A, V); /* equal on every rank: alg, IRRCOLL_CHECK */
  int64_t th = alg == IRR_ALG_TREE && !A->scatter ? irr_gatherv_thresh(V->ctx->md) : INT64_MAX;
  if (reread) { /* every rank: its size where the root can read it */
    if ((rc = irr__agwin_make(V->ctx)) != MPI_SUCCESS) return rc;
    irr__agwin_publish(V->ctx, V->call, V->err != MPI_SUCCESS ? -2 : V->own, -1);
  }
  irr_tree_init(t, V->rank, V->p, A->root, rule, V->own);
  irr_tree_degrade(t, th);
  if ((rc = irr__tree_build_mpi(t, V->ctx->pc, V->tag)) != MPI_SUCCESS || !V->isroot) return rc;
  ok = V->m_root && V->err == MPI_SUCCESS;
  if (ok && (rc = irr_tree_build_t(T, V->p, A->root, rule, V->m_root, th)) != IRR_OK)
    return rc == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
  *ndrain = 0;
  for (d = 0; d < t->levels; d++)
    if (t->heard[d] >= 0) *ndrain += t->heard_nd[d]; /* a merge in this level */
  if (ok && !irr__v_matches(V, t, T)) ok = reread && irr__v_reread(V, A->root, rule, th, t, T);
  if (ok) *ndrain = 0;
  else {
    if (V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
    irr_tree_all_free(T);
  }
  return MPI_SUCCESS;
}

/* Direct senders the root cannot place (bad arguments): each message taken whole into
   scratch (learned, from any sender) and dropped. */
static void irr__v_drain_direct(int64_t n, int root, irr_sched *s) {
  int n0 = s->nops;
  for (; n > 0 && s->err == IRR_OK; n--) irr_sched_recv(s, 0, -1, IRR_BUF_TMP, s->tmp, root, root + 1, 0);
  irr__flag_msgs(s, n0, IRR_OPF_LEARN | IRR_OPF_EOM);
}

/* Where a subtree's announced size differs from the root's counts (or the root's counts are
   unusable), MPI must not see a truncated receive: MPICH reports those through
   MPI_COMM_WORLD's handler. Gatherv: take that subtree's message into scratch and drop it.
   Scatterv: send it 0-byte messages, which its ranks detect as short. With consistent
   arguments nothing changes: the program stays the generator's. */
static void irr__v_redirect(const irr__vargs *A, irr__vstate *V, irr_sched *s) {
  int i, vbufk = A->scatter ? IRR_BUF_SEND : IRR_BUF_RECV;
  for (i = 0; i < s->nops; i++) {
    irr_op *o = &s->ops[i];
    if (o->kind == IRR_OP_COPY || o->buf != vbufk) continue;
    if (V->m_root && irr__range_sum(V->m_root, o->blo, o->bhi) == o->len) continue;
    if (V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
    if (A->scatter) {
      o->buf = IRR_BUF_NONE;
    } else {
      o->buf = IRR_BUF_TMP;
      o->off = s->tmp;
      s->tmp += o->len;
    }
  }
}

/* This rank's program for alg: the construction first where the algorithm is a tree. */
static int irr__v_plan(const irr__vargs *A, irr__vstate *V, irr_alg alg, irr_sched *s, irr_op **ops) {
  int istree = alg == IRR_ALG_TREE || alg == IRR_ALG_BINOMIAL, cap = irr_v_maxops(alg, V->p, V->rank, A->root), rc;
  int skipcopy;
  int64_t ndrain = 0;
  irr_status st;
  irr_tree t;
  irr_tree_all T;
  memset(&T, 0, sizeof T);
  if (istree && (rc = irr__v_construct(A, V, alg, &t, &T, &ndrain)) != MPI_SUCCESS) {
    irr_tree_all_free(&T);
    return rc;
  }
  cap += (int)(ndrain < V->p ? ndrain : V->p);
  skipcopy = V->inplace || V->err == MPI_ERR_TRUNCATE; /* a root-side mismatch of its own block: no copy */
  if (!(*ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
    irr_tree_all_free(&T);
    return MPI_ERR_NO_MEM;
  }
  irr_sched_init(s, V->rank, V->p, *ops, cap);
  if (!istree) /* linear or direct: the root's sizes from its counts (direct: probed) */
    st = irr__linear_v(A->scatter, alg == IRR_ALG_DIRECT ? IRR__V_EXEC : 0, V->rank, V->p, A->root, V->own,
                       V->isroot ? V->m_root : NULL, skipcopy, s);
  else /* messages sized as announced in the construction: every receive fits */
    st = A->scatter ? irr_scatterv_tree(&t, NULL, skipcopy, 0, s)
                    : irr_gatherv_tree(&t, T.parent ? &T : NULL, NULL, skipcopy, 0, s);
  irr__v_drain_direct(ndrain, A->root, s);
  if (st == IRR_OK) st = s->err;
  irr_tree_all_free(&T);
  if (st == IRR_ERR_ARG && V->isroot && !V->m_root) st = IRR_OK; /* bad root arguments: nothing to do */
  if (st != IRR_OK) return st == IRR_ERR_NOMEM ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
  if (V->isroot && istree) irr__v_redirect(A, V, s);
  return MPI_SUCCESS;
}

/* Op k of s, its length and peer recorded first, for irr__v_unfix to restore after the run
   (a persistent request runs the program again). */
static irr_op *irr__v_fix(irr__vstate *V, irr_sched *s, int k) {
  irr_op *o = &s->ops[k];
  V->fix[3 * V->nfix] = k, V->fix[3 * V->nfix + 1] = o->len, V->fix[3 * V->nfix + 2] = o->peer, V->nfix++;
  return o;
}

/* A block that came c < m bytes: the op that puts it in place (the slot's copy, or the rest
   above IRR_HEAD_ROOM) takes c, recorded for irr__v_unfix (a rest the head took whole is not
   waited for); a staged buffer's tail gets zeros. A block expected at IRR_HEAD_ROOM or more
   had its head received in place: what came is there. */
static int irr__v_short(irr__exec *X, irr__vstate *V, int lo, int hi, int q, int64_t c, int64_t m) {
  int k;
  irr__buf *B = X->buf[IRR_BUF_RECV];
  for (k = lo; k < X->s->nops; k++) {
    irr_op *o = &X->s->ops[k];
    int slot = k < hi && o->kind == IRR_OP_COPY && o->buf == IRR_BUF_TMP && o->blo == q;
    int rest = k >= hi && o->kind == IRR_OP_RECV && o->peer == q;
    if (!slot && !rest) continue;
    irr__v_fix(V, X->s, k)->len = slot ? c : c > IRR_HEAD_ROOM ? c - IRR_HEAD_ROOM : 0;
    if (rest && o->len == 0) o->peer = MPI_PROC_NULL; /* it sends no rest */
    break;
  }
  if (k == X->s->nops && m < IRR_HEAD_ROOM) return 0; /* no slot: nothing came to place */
  if (B && B->stage && B->start) memset(B->stage + B->start[q] + c, 0, (size_t)(m - c));
  return 1;
}
static void irr__v_unfix(irr__vstate *V, irr_sched *s) {
  for (; V->nfix > 0; V->nfix--) {
    irr_op *o = &s->ops[V->fix[3 * V->nfix - 3]];
    o->len = V->fix[3 * V->nfix - 2], o->peer = (int)V->fix[3 * V->nfix - 1];
  }
}

/* The rest a direct Gatherv's sender sends after a head that announced c > IRR_HEAD_ROOM
   units, on the other tag and chunked as the executor sends it (tag: the heads'): taken whole
   and dropped. */
static int irr__v_drain_rest(MPI_Comm comm, int peer, int64_t c, int tag) {
  int64_t at;
  int rc = MPI_SUCCESS;
  for (at = IRR_HEAD_ROOM; at < c && rc == MPI_SUCCESS; at += IRR__CHUNK)
    rc = irr__drain(comm, peer, (int)(c - at < IRR__CHUNK ? c - at : IRR__CHUNK), tag + IRR__ALTTAG);
  return rc;
}

/* The direct Gatherv's root, once the heads are in (round 0): a sender whose announced size
   is not the root's count marks the result bad; its slot is not copied into its block (left
   as it was, as irr__v_root_heads leaves it), the rest it sends (above IRR_HEAD_ROOM) is
   taken whole and dropped, and the rest the root expected from it is not waited for. A
   shorter block is accepted (MPICH does; MPI calls it erroneous), but with IRRCOLL_CHECK. */
static int irr__v_heads(irr__exec *X, int lo, int hi) {
  irr__vstate *V = (irr__vstate *)X->aarg;
  int j, k, rc = MPI_SUCCESS;
  if (X->s->ops[lo].round != 0) return MPI_SUCCESS;
  for (j = lo; j < hi && rc == MPI_SUCCESS; j++) {
    const irr_op *o = &X->s->ops[j];
    int64_t c, m;
    if (o->kind != IRR_OP_RECV || !(o->flags & IRR_OPF_COUNTS)) continue;
    c = V->heard[o->peer], m = V->m_root ? V->m_root[o->peer] : 0;
    if (c == m) continue;
    if (c >= 0 && c < m && X->shortok && irr__v_short(X, V, lo, hi, o->peer, c, m)) continue;
    X->bad = 1;
    for (k = lo; k < hi; k++) { /* its slot is not copied in: the block stays as it was */
      const irr_op *y = &X->s->ops[k];
      if (y->kind == IRR_OP_COPY && y->buf == IRR_BUF_TMP && y->blo == o->peer) {
        irr__v_fix(V, X->s, k)->len = 0;
        break;
      }
    }
    for (k = hi; k < X->s->nops; k++)
      if (X->s->ops[k].kind == IRR_OP_RECV && X->s->ops[k].peer == o->peer) X->s->ops[k].peer = MPI_PROC_NULL;
    rc = irr__v_drain_rest(X->comm, o->peer, c, X->tag);
  }
  return rc;
}

/* The direct Gatherv's root, as a head completes: if it announced the size the root
   expects, post the rest right away (the next round skips it). Waiting for every head
   first delayed each large block by the p per-message overheads of the others (two
   blocks of 200 KB at p = 64: 0.68 of MPI_Gatherv in SMPI). */
static int irr__v_head_in(irr__exec *X, int op, int *nreq) {
  const irr__vstate *V = (const irr__vstate *)X->aarg;
  const irr_op *o = &X->s->ops[op];
  int k, q = o->peer;
  if (o->kind != IRR_OP_RECV || o->round != 0 || !(o->flags & IRR_OPF_COUNTS) || (o->flags & IRR_OPF_ROOM) ||
      !V->m_root || V->heard[q] != V->m_root[q] || V->m_root[q] <= IRR_HEAD_ROOM)
    return MPI_SUCCESS;
  for (k = op + 1; k < X->s->nops; k++)
    if (X->s->ops[k].round == 1 && X->s->ops[k].kind == IRR_OP_RECV && X->s->ops[k].peer == q && !X->early[k]) {
      X->early[k] = 1;
      return irr__exec_post_op(X, &X->s->ops[k], nreq);
    }
  return MPI_SUCCESS;
}

/* The direct Gatherv's sizes: a sender's head carries its own (X->cnt), the root's heads fill
   V->heard (unheard: -1, never a size). */
static int irr__v_exec_heads(irr__vstate *V, const irr_sched *s, irr__exec *X) {
  int i;
  if (V->alg != IRR_ALG_DIRECT) return MPI_SUCCESS;
  if (!V->isroot) {
    V->announce = V->err != MPI_SUCCESS ? -2 : V->own;
    X->cnt = &V->announce;
    X->cnt_lo = V->rank;
    return MPI_SUCCESS;
  }
  if (!(V->heard = (int64_t *)IRRCOLL_MALLOC((size_t)V->p * 4 * sizeof(int64_t) + (size_t)s->nops + 1)))
    return MPI_ERR_NO_MEM;
  for (i = 0; i < V->p; i++) V->heard[i] = -1;
  V->fix = V->heard + V->p, V->nfix = 0;
  X->early = (unsigned char *)(V->heard + 4 * (size_t)V->p);
  memset(X->early, 0, (size_t)s->nops + 1);
  X->cnt = V->heard;
  X->cnt_lo = 0;
  X->after = irr__v_heads;
  X->each = irr__v_head_in;
  X->aarg = V;
  return MPI_SUCCESS;
}

/* The executor's views of the user's buffers (mpi/buf.h): the root's blocks, the own block;
   a view with nothing to move in it is discarded. */
static void irr__v_views(const irr__vargs *A, irr__vstate *V) {
  irr__buf *vb = &V->vb, *ob = &V->ob;
  vb->v = 1, vb->p = V->p, vb->base = A->vbuf;
  vb->counts = V->m_root ? V->m_root + V->p : NULL;
  vb->displs = V->m_root ? V->m_root + 2 * V->p : NULL;
  vb->discard = !V->isroot || !V->m_root;
  ob->v = 0, ob->own = V->rank, ob->count = V->ocount, ob->base = A->obuf;
  ob->discard = V->inplace || (V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE) || V->own == 0;
  if (V->inplace) ob->dt.contig = 1;
}

/* Run the program on the user's buffers (non-contiguous types staged), on comm with tag. In
   halves for the persistent requests (mpi/request.h): irr__v_start stages and begins X (X->s
   set only once it has begun), irr__v_finish ends it and unstages (rc: the run's result). */
static int irr__v_start(const irr__vargs *A, irr__vstate *V, irr_sched *s, MPI_Comm comm, int tag, irr__exec *X) {
  int vbufk = A->scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obufk = A->scatter ? IRR_BUF_RECV : IRR_BUF_SEND, rc;
  irr__buf *vb = &V->vb, *ob = &V->ob;
  memset(X, 0, sizeof *X);
  irr__v_views(A, V);
  if (!vb->discard && !vb->dt.contig && !A->scatter) {
    if (!(vb->wrote = (unsigned char *)IRRCOLL_MALLOC((size_t)V->p))) return MPI_ERR_NO_MEM;
    memset(vb->wrote, 0, (size_t)V->p);
  }
  if (!A->scatter && (rc = irr__v_exec_heads(V, s, X)) != MPI_SUCCESS) return rc;
  X->shortok = irr__v_short_ok(A, V);
  if ((rc = irr__buf_stage(vb, A->scatter, V->ctx->pc)) != MPI_SUCCESS ||
      (rc = irr__buf_stage(ob, !A->scatter, V->ctx->pc)) != MPI_SUCCESS)
    return rc;
  X->s = s;
  X->buf[vbufk] = vb;
  X->buf[obufk] = ob;
  X->comm = comm;
  X->tag = tag;
  X->md = &V->ctx->md;
  return irr__exec_begin(X);
}
static int irr__v_finish(const irr__vargs *A, irr__vstate *V, irr__exec *X, int rc) {
  irr__buf *vb = &V->vb, *ob = &V->ob;
  int rc2, rc3;
  V->ctx->last.cpu_model_s += X->cpu_total;
  if (X->s) {
    irr__exec_end(X);
    rc2 = irr__buf_unstage(vb, !A->scatter, V->ctx->pc);
    rc3 = irr__buf_unstage(ob, A->scatter && !X->bad, V->ctx->pc);
    if (rc == MPI_SUCCESS) rc = rc2 != MPI_SUCCESS ? rc2 : rc3;
    if (rc == MPI_SUCCESS && X->bad && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  }
  irr__buf_unstage(vb, 0, V->ctx->pc);
  irr__buf_unstage(ob, 0, V->ctx->pc);
  if (vb->wrote) IRRCOLL_FREE(vb->wrote);
  vb->wrote = NULL;
  if (X->s) irr__v_unfix(V, X->s);
  if (V->heard) IRRCOLL_FREE(V->heard);
  V->heard = NULL;
  return rc;
}
static int irr__v_exec(const irr__vargs *A, irr__vstate *V, irr_sched *s) {
  irr__exec X;
  int rc = irr__v_start(A, V, s, V->ctx->pc, V->tag + 1, &X), done = 0;
  while (rc == MPI_SUCCESS && !done) rc = irr__exec_step(&X, 1, &done);
  return irr__v_finish(A, V, &X, rc);
}

/* The blocking direct Gatherv's root where its program is heads alone: every block it
   expects is below IRR_HEAD_ROOM (no rest; each head lands in a scratch slot), its receive
   type is contiguous, and no IRRCOLL_CHECK. The program's receives are posted straight from
   its ops and completed by one MPI_Waitall (no head can truncate: its slot has room for any
   head); then each head's size is checked and its data copied into place, as the executor
   with irr__v_heads does, without the executor's pieces, chunks and completion passes
   (cpu_msg). With those charged, p = 64 at 4 B - 1 KiB ran at 0.914 of MPI_Gatherv in SMPI
   (bench/run_e2e.sh). The senders run the executor: the messages are the same. As there, a
   block whose head is wrong is left as it was, and a head that announced more than the
   room has its rest drained. 1 where this applies. */
static int irr__v_root_plain(const irr__vargs *A, irr__vstate *V, const irr_sched *s) {
  int j;
  if (A->scatter || !V->isroot || V->alg != IRR_ALG_DIRECT || V->ctx->check) return 0;
  irr__v_views(A, V);
  if (!V->vb.discard && !V->vb.dt.contig) return 0;
  for (j = 0; j < s->nops; j++) {
    const irr_op *o = &s->ops[j];
    if (o->round != 0 || (o->kind != IRR_OP_RECV && o->kind != IRR_OP_COPY)) return 0;
    if (o->kind == IRR_OP_RECV && (o->buf != IRR_BUF_TMP || o->bhi != o->blo + 1 ||
                                   (o->flags & (IRR_OPF_COUNTS | IRR_OPF_ROOM)) != (IRR_OPF_COUNTS | IRR_OPF_ROOM)))
      return 0;
    if (o->kind == IRR_OP_COPY && o->dbuf != IRR_BUF_RECV) return 0;
  }
  return 1;
}
/* The model's CPU of a head there, in cpu_msg: its size read and checked, its data copied,
   beyond MPI's own receive. bench/bench_cpu.c ("head", 8 B blocks) measured 19-24 ns a head
   in runs where the executor's own work was 58-73 ns a message. Charged as the executor
   charges its messages, once they are posted. */
#define IRR_V_HEAD_MSG 0.3
/* Run it (irr__v_root_plain said 1). Scratch: the program's slots; requests and statuses
   beyond 64. */
static int irr__v_root_heads(irr__vstate *V, const irr_sched *s) {
  MPI_Request stk[64], *rq = stk;
  MPI_Status sst[64], *st = sst;
  MPI_Comm comm = V->ctx->pc;
  int j, k, nr = 0, rc = MPI_SUCCESS, rc2, tag = V->tag + 1, bad = 0;
  char *tmp = s->tmp > 0 ? (char *)IRRCOLL_MALLOC((size_t)s->tmp) : NULL;
  double cpu;
  for (j = 0; j < s->nops; j++) nr += s->ops[j].kind == IRR_OP_RECV;
  if (nr > 64) {
    rq = (MPI_Request *)IRRCOLL_MALLOC((size_t)nr * sizeof(MPI_Request));
    st = (MPI_Status *)IRRCOLL_MALLOC((size_t)nr * sizeof(MPI_Status));
  }
  if (!rq || !st || (s->tmp > 0 && !tmp)) { /* as any rank that cannot take part: its peers wait */
    if (tmp) IRRCOLL_FREE(tmp);
    if (rq && rq != stk) IRRCOLL_FREE(rq);
    if (st && st != sst) IRRCOLL_FREE(st);
    return MPI_ERR_NO_MEM;
  }
#ifdef IRRCOLL_TRACE
  IRRCOLL_TRACE(s); /* test-only: the program as it runs (test/mpi/test_same.c) */
#endif
  for (nr = 0, j = 0; j < s->nops && rc == MPI_SUCCESS; j++)
    if (s->ops[j].kind == IRR_OP_RECV &&
        (rc = MPI_Irecv(tmp + s->ops[j].off - 8, 8 + IRR_HEAD_ROOM, MPI_BYTE, s->ops[j].peer, tag, comm, &rq[nr])) ==
            MPI_SUCCESS)
      nr++;
  cpu = (double)nr * IRR_V_HEAD_MSG * V->ctx->md.cpu_msg;
  IRRCOLL_CPU_CHARGE(cpu);
  V->ctx->last.cpu_model_s += cpu;
  for (j = 0; j < s->nops && rc == MPI_SUCCESS; j++) /* the own block, while the heads come */
    if (s->ops[j].kind == IRR_OP_COPY && s->ops[j].buf == IRR_BUF_SEND && !V->vb.discard && !V->ob.discard)
      rc = irr__dx_copy(&s->ops[j], &V->ob, &V->vb, comm, &bad);
  rc2 = nr > 0 ? MPI_Waitall(nr, rq, st) : MPI_SUCCESS;
  if (rc == MPI_SUCCESS) rc = rc2;
  for (k = 0, j = 0; j < s->nops && rc == MPI_SUCCESS; j++) {
    const irr_op *o = &s->ops[j];
    int64_t c = -1; /* no header: a size of -1, never a size */
    int got = 0;
    if (o->kind != IRR_OP_RECV) continue;
    if (MPI_Get_count(&st[k++], MPI_BYTE, &got) == MPI_SUCCESS && got >= 8) memcpy(&c, tmp + o->off - 8, 8);
    if (c >= 0 && c <= o->len) { /* its block, or a shorter one (taken at its start, as MPICH does) */
      if (c > 0 && !V->vb.discard) memcpy(irr__blk_addr(&V->vb, o->blo), tmp + o->off, (size_t)c);
      continue;
    }
    bad = 1;
    rc = irr__v_drain_rest(comm, o->peer, c, tag);
  }
  if (tmp) IRRCOLL_FREE(tmp);
  if (rq != stk) IRRCOLL_FREE(rq);
  if (st != sst) IRRCOLL_FREE(st);
  if (rc == MPI_SUCCESS && bad && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  return rc;
}

/* A blocking direct Scatterv (IRR_ALG_DIRECT, without IRRCOLL_CHECK): the program of
   irr_scatterv_direct (one message from the root to every other rank, empty ones too) run
   straight on the user's buffers (mpi/direct.h), as MPI's own linear algorithm: no staging,
   no executor. A root with bad arguments sends its poison and every rank drains what comes;
   a receiver of the poison or of a block larger than its count returns MPI_ERR_TRUNCATE,
   the block untouched; a shorter block, an empty one too, is taken at the start of its
   block, as MPICH does. Not Gatherv, whose direct program sends each block's size ahead
   (irr_gatherv_direct_h): run this way its root would probe each of its p - 1 messages
   before receiving it, on the call's critical path (SMPI, p = 64, 4 B to 1 KiB: 0.876 of
   MPI's linear, against 0.913 with the executor's pre-posted heads; its root now runs its
   heads itself, irr__v_root_heads). Nor a build
   whose receives are not probed (IRR_DX_PROBE 0: MPICH raises a truncated receive on
   MPI_COMM_WORLD's handler). */
static int irr__v_direct(const irr__vargs *A, irr__vstate *V, irr_sched *s, irr_op **ops, double t0) {
  int p = V->p, cap = irr_v_maxops(IRR_ALG_DIRECT, p, V->rank, A->root), bad = V->err != MPI_SUCCESS && V->err != MPI_ERR_TRUNCATE;
  int rc, e = MPI_SUCCESS;
  MPI_Comm pd;
  if (!(*ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) return MPI_ERR_NO_MEM;
  irr_sched_init(s, V->rank, p, *ops, cap);
  if (irr_scatterv_direct(V->rank, p, A->root, V->own, V->isroot ? V->m_root : NULL,
                          V->inplace || V->err == MPI_ERR_TRUNCATE, s) != IRR_OK)
    return MPI_ERR_INTERN;
  /* the model's CPU: the root's counts widened, the program; the messages are MPI's own */
  irr__note_call(V->ctx, IRR_COLL_SCATTERV, IRR_ALG_DIRECT, 0, 0,
                 irr__plan_cpu(&V->ctx->md, V->isroot ? IRR_VALIDATE_SIZES * p : 1, s->nops), t0);
  irr__v_views(A, V);
  if ((rc = irr__dx_comm(V->ctx, &pd)) == MPI_SUCCESS) rc = irr__dx_run(s, &V->vb, &V->ob, bad || (V->isroot && !V->m_root), V->tag, pd, &e);
  if (rc == MPI_SUCCESS && e != MPI_SUCCESS && V->err == MPI_SUCCESS) V->err = MPI_ERR_TRUNCATE;
  return rc;
}

/* IRR_Scatterv (and _c) by XScatterv's tree (IRR_ALG_XTREE): the root's counts travel as if
   unknown, and every rank checks the size it learns against its own count. A larger block
   is MPI_ERR_TRUNCATE at that rank, its block unwritten (the root cannot see it: it hears
   from nobody, as with MPI's linear Scatterv); a shorter one is taken as MPICH does, the
   rest of the receive buffer untouched (but with IRRCOLL_CHECK, or an empty one). A rank
   with bad arguments still receives and forwards its one message, so nobody waits. */
static int irr__xs_known(const irr__vargs *A) {
  irr__ctx *ctx = NULL;
  MPI_Aint learned = 0;
  irr__xs G;
  irr__xarr sc = {(int *)(uintptr_t)A->c.ci, (MPI_Count *)(uintptr_t)A->c.cc, NULL};
  irr__xarr sd = {(int *)(uintptr_t)A->c.di, NULL, (MPI_Aint *)(uintptr_t)A->c.dc};
  irr__xarr rc1 = {NULL, NULL, &learned};
  int rc;
  memset(&G, 0, sizeof G);
  rc = irr__xbegin(A->comm, &ctx, &G.rank, &G.p, &G.tag);
  if (rc == MPI_SUCCESS) {
    G.sendbuf = A->vuser, G.sendcounts = sc, G.displs = sd, G.sendtype = A->vtype;
    G.recvbuf = (void *)(uintptr_t)A->ouser, G.bound = A->ocount, G.recvcount = rc1, G.recvtype = A->otype;
    G.root = A->root, G.isroot = G.rank == A->root, G.ctx = ctx, G.known = A->ocount;
    G.inplace = G.isroot && A->inplace_arg;
    if (A->inplace_arg && !G.isroot) G.rerr = MPI_ERR_BUFFER;
    if (A->pre_err != MPI_SUCCESS) *(G.isroot ? &G.err : &G.rerr) = A->pre_err;
    rc = irr__xscatterv_unknown(&G);
  }
  return rc == MPI_SUCCESS ? rc : irr__raise(A->comm, rc);
}

/* validate -> choose -> plan -> run; forced: the algorithm the caller wants (IRR_ALG_AUTO:
   the communicator's forced one, else the automatic choice). One exit path. */
static int irr__v_run(const irr__vargs *A, irr_alg forced) {
  irr__vstate V;
  irr_sched s;
  irr_op *ops = NULL;
  int rc, inter = 0;
  double t0 = IRRCOLL_CLOCK();
  irr_coll coll = A->scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
  const char *name = A->scatter ? "IRR_Scatterv" : "IRR_Gatherv";
  if ((rc = irr__v_open(A, &V, &inter)) != MPI_SUCCESS) {
    if (rc == MPI_ERR_ROOT && V.ctx && V.ctx->check) irr__check_agree(V.ctx, name, V.rank, V.p, -1, NULL, 1);
    return irr__raise(A->comm, rc);
  }
  if (inter) return irr__v_native(A);
  if (V.ctx->check && (rc = irr__check_agree(V.ctx, name, V.rank, V.p, A->root, NULL, 0)) != MPI_SUCCESS)
    return irr__raise(A->comm, rc);
  if (forced == IRR_ALG_AUTO) forced = irr__forced(V.ctx, coll);
  forced = A->scatter ? irr_scatterv_choose(forced, V.p) : irr_gatherv_choose(forced, V.p);
  if (forced == IRR_ALG_XTREE) return irr__xs_known(A); /* its own tags, checks and errors */
  irr__v_begin(A, &V, forced);
  if (forced == IRR_ALG_DIRECT && A->scatter && !V.ctx->check && IRR_DX_PROBE) { /* its program on the user's buffers */
    rc = irr__v_direct(A, &V, &s, &ops, t0);
  } else if ((rc = irr__v_plan(A, &V, forced, &s, &ops)) == MPI_SUCCESS) {
    irr__note_call(V.ctx, coll, forced, 0, 0, irr__plan_cpu(&V.ctx->md, V.isroot ? IRR_VALIDATE_SIZES * V.p : 1, s.nops), t0);
    rc = irr__v_root_plain(A, &V, &s) ? irr__v_root_heads(&V, &s) : irr__v_exec(A, &V, &s);
  }
  if (ops) IRRCOLL_FREE(ops);
  if (V.m_root) IRRCOLL_FREE(V.m_root);
  if (rc == MPI_SUCCESS) rc = V.err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(A->comm, rc);
}

/* Every entry point: the root's "v" buffer and the own block, in the shape irr__v_run takes. */
static int irr__v_call_alg(int scatter, const void *vuser, const int *counts, const MPI_Count *counts_c,
                           const int *displs, const MPI_Aint *displs_c, MPI_Datatype vtype, const void *ouser,
                           int64_t ocount, MPI_Datatype otype, int root, MPI_Comm comm, int pre_err, irr_alg alg) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.scatter = scatter;
  A.vuser = vuser;
  A.ouser = ouser;
  A.vbuf = irr__base(vuser); /* Scatterv only reads it */
  A.c.ci = counts;
  A.c.cc = counts_c;
  A.c.di = displs;
  A.c.dc = displs_c;
  A.vtype = vtype;
  A.inplace_arg = ouser == MPI_IN_PLACE;
  A.obuf = A.inplace_arg ? NULL : irr__base(ouser); /* Gatherv only reads it */
  A.ocount = ocount;
  A.otype = otype;
  A.root = root;
  A.comm = comm;
  A.pre_err = pre_err;
  return irr__v_run(&A, alg);
}
static int irr__v_call(int scatter, const void *vuser, const int *counts, const MPI_Count *counts_c,
                       const int *displs, const MPI_Aint *displs_c, MPI_Datatype vtype, const void *ouser,
                       int64_t ocount, MPI_Datatype otype, int root, MPI_Comm comm, int pre_err) {
  return irr__v_call_alg(scatter, vuser, counts, counts_c, displs, displs_c, vtype, ouser, ocount, otype, root, comm,
                         pre_err, IRR_ALG_AUTO);
}
