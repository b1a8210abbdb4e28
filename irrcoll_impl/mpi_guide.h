/* Performance-guideline mock-ups (seed 002: Hunold, Carpen-Amarie, PGMPITuneLib, GL1-GL22,
   Table 1, Appendix A; seed 000 Section 4 for the irregular ones): each implements the
   collective on the left of a guideline, with its MPI signature, by the operations on the
   right. They are for tuning (irrtune) and for the interception layer (IRRCOLL_PMPI), which
   calls the faster one where a guideline is violated.
   - Intracommunicators only; anything else goes to the native operation. So does a case a
     mock-up cannot serve, decided alike on every rank: bytes (signature sizes, never element
     counts) over INT_MAX, a reduction's datatype that is not dense where the mock-up copies
     it as bytes (GL6, GL15, GL16; MPI requires the same type on every rank there), a
     non-commutative operation where the mock-up reorders a reduction (GL6, GL7, GL15, GL16,
     GL17, GL19), and scratch beyond the budget or not agreed (one rank's allocation failed).
   - Scratch comes from one block per communicator, allocated once at the size of the budget
     (IRRCOLL_SCRATCH bytes, default 64 MiB) when a mock-up first needs memory; a mock-up
     needing more falls back to the native operation. Each one's need is Table 1's.
   Local copies that must respect a datatype's type map go through MPI_Sendrecv on
   MPI_COMM_SELF. */

/* The rule every mock-up keeps: whether it runs or falls back to the native operation, and
   how much scratch it uses, is decided from what every rank has alike (p, root, signature
   sizes count x type size, the operation, the agreed budget and scratch state), never from
   one rank's datatype layout or allocation: a rank that fell back alone would hang the
   others. A rank whose type is not dense packs its data through scratch; that choice is
   local, since the bytes that travel are the same. Every mock-up that packs charges the
   packing room in its scratch need on every rank, so the need is the same everywhere. */

/* Scratch, agreed: on the first mock-up call on a communicator (irr__gl_begin, at the same
   point on every rank) every rank allocates its block of the budget and one MPI_Allreduce
   tells whether all have it; afterwards no communication. Lazily committed pages make an
   unused block cheap. */
static int irr__gl_agree(irr__ctx *ctx) {
  int ok = 1, all = 0;
  if (ctx->scr.state) return MPI_SUCCESS;
  if (ctx->scr.budget > 0 && !(ctx->scr.buf = (char *)IRRCOLL_MALLOC(ctx->scr.budget))) ok = 0;
  if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ctx->pc) != MPI_SUCCESS) all = 0;
  ctx->scr.state = all ? 1 : -1;
  if (!all && ctx->scr.buf) {
    IRRCOLL_FREE(ctx->scr.buf);
    ctx->scr.buf = NULL;
  }
  return MPI_SUCCESS;
}

/* Would `bytes` of scratch fit? The same answer on every rank (agreed state, agreed budget),
   for ranks that need none too. */
static int irr__gl_fits(MPI_Comm comm, size_t bytes) {
  irr__ctx *ctx;
  if (irr__ctx_get(comm, &ctx) != MPI_SUCCESS) return 0;
  return ctx->scr.state > 0 && bytes <= ctx->scr.budget && (bytes == 0 || ctx->scr.buf);
}

/* Scratch of `bytes` from comm's block (NULL: over the budget, the same on every rank). One
   mock-up uses it at a time: collectives on one communicator do not overlap. */
static char *irr__gl_scratch(MPI_Comm comm, size_t bytes) {
  irr__ctx *ctx;
  if (!irr__gl_fits(comm, bytes) || irr__ctx_get(comm, &ctx) != MPI_SUCCESS) return NULL;
  return ctx->scr.buf;
}

typedef struct irr__gl {
  int p, rank;
  MPI_Aint ext, lb;  /* the datatype's extent and true lower bound */
  int64_t size;      /* bytes per element: the signature's, equal on every rank */
  int contig;        /* dense from the buffer start: local, never decides a path */
} irr__gl;

/* comm's size and rank and t's layout (MPI_DATATYPE_NULL: none, for arguments that are not
   significant here); 0 if the mock-up cannot serve (intercommunicator, bad type): the
   caller falls back. The first call on a communicator agrees on scratch (collective). */
static int irr__gl_begin(MPI_Comm comm, MPI_Datatype t, irr__gl *g) {
  int inter = 1;
  irr__dt d;
  irr__ctx *ctx;
  memset(g, 0, sizeof *g);
  if (comm == MPI_COMM_NULL || MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return 0;
  /* the context (its first use duplicates comm: collective) at the same point on every rank,
     before any rank-dependent step */
  if (irr__ctx_get(comm, &ctx) != MPI_SUCCESS || irr__gl_agree(ctx) != MPI_SUCCESS) return 0;
  MPI_Comm_size(comm, &g->p);
  MPI_Comm_rank(comm, &g->rank);
  if (t == MPI_DATATYPE_NULL) return 1;
  if (irr__dt_info(t, &d) != MPI_SUCCESS) return 0;
  g->ext = d.extent, g->lb = d.true_lb, g->size = d.size, g->contig = d.contig && d.true_lb == 0;
  return 1;
}
/* scratch bytes for n elements of g's type laid out by extent from the buffer start (only for
   reductions, whose datatype is the same on every rank); too much (so irr__gl_scratch fails)
   for a negative lower bound or extent, or n > INT_MAX */
static size_t irr__gl_span(const irr__gl *g, int64_t n) {
  if (n < 0 || n > INT_MAX || g->lb < 0 || g->ext < 0) return (size_t)-1;
  return (size_t)g->lb + (size_t)n * (size_t)g->ext + 64;
}
/* The bytes of n elements of t at element `at` of buf: *out is their own address where t is
   dense, else tmp, into which they are packed. */
static int irr__gl_get(const void *buf, int64_t at, int64_t n, MPI_Datatype t, char *tmp, const char **out) {
  irr__dt d;
  int rc;
  if ((rc = irr__dt_info(t, &d)) != MPI_SUCCESS) return rc;
  if (d.contig || n <= 0) {
    *out = irr__at(irr__base(buf), d.true_lb + (MPI_Aint)at * d.extent);
    return MPI_SUCCESS;
  }
  *out = tmp;
  return irr__pack(0, irr__at(irr__base(buf), (MPI_Aint)at * d.extent), n, &d, tmp, MPI_COMM_SELF);
}
/* Store bytes into n elements of t at element `at` of buf (nothing to do if they are there). */
static int irr__gl_put(const char *bytes, void *buf, int64_t at, int64_t n, MPI_Datatype t) {
  irr__dt d;
  int rc;
  char *dst;
  if (n <= 0) return MPI_SUCCESS;
  if ((rc = irr__dt_info(t, &d)) != MPI_SUCCESS) return rc;
  if (!d.contig) return irr__pack(1, irr__at(irr__base(buf), (MPI_Aint)at * d.extent), n, &d, (char *)(uintptr_t)bytes, MPI_COMM_SELF);
  dst = irr__at(irr__base(buf), d.true_lb + (MPI_Aint)at * d.extent);
  if (dst != bytes) memmove(dst, bytes, (size_t)(n * d.size));
  return MPI_SUCCESS;
}
/* Where bytes for n elements of t at buf can be received directly (t dense), else NULL. */
static char *irr__gl_direct(void *buf, MPI_Datatype t) {
  irr__dt d;
  if (irr__dt_info(t, &d) != MPI_SUCCESS || !d.contig) return NULL;
  return irr__at(irr__base(buf), d.true_lb);
}
/* n elements of t from src to dst, by the type map */
static int irr__gl_copy(const void *src, void *dst, int n, MPI_Datatype t) {
  if (n <= 0 || src == dst) return MPI_SUCCESS;
  return MPI_Sendrecv(src, n, t, 0, 0, dst, n, t, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}
/* The signature's bytes, n elements of t: equal on every rank of a valid call, unlike n itself
   (-1: not a type). The element-count mock-ups decide from it whether counts fit an int; an
   empty signature (a rank may pass any count of a size-0 type) moves 0 MPI_BYTE. */
static int64_t irr__gl_sig(int n, MPI_Datatype t) {
  int sz = 0;
  if (n < 0 || t == MPI_DATATYPE_NULL || MPI_Type_size(t, &sz) != MPI_SUCCESS || sz == MPI_UNDEFINED) return -1;
  return (int64_t)n * sz;
}
/* counts n and displacements i n of p equal blocks, in c[0..p) and c[p..2p) */
static void irr__gl_equal(int *c, int p, int n) {
  int i;
  for (i = 0; i < p; i++) c[i] = n, c[p + i] = i * n;
}
static int irr__gl_commutative(MPI_Op op) {
  int c = 0;
  return MPI_Op_commutative(op, &c) == MPI_SUCCESS && c;
}
#define IRR__AT(b, off) ((char *)(uintptr_t)(b) + (off))

/* ---- MPI_Allgather ---- */
/* GL1: Gather to 0, then Bcast. No scratch. Falls back where the p blocks' bytes exceed an
   int (decided from signature bytes: element counts differ between ranks). */
IRR_DEF int IRR_Allgather_as_gather_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                          MPI_Comm comm) {
  irr__gl g;
  int rv;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX) return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = IRR__AT(rb, (MPI_Aint)g.rank * rc * g.ext), sc = rc, st = rt;
  rv = MPI_Gather(sb, sc, st, rb, rc, rt, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, g.p * rc, rt, 0, comm);
}
/* GL2: p copies of the own block, then Alltoall. Scratch p n, + p n where the receive type
   is not dense (charged on every rank: the need must be the same everywhere). */
IRR_DEF int IRR_Allgather_as_alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int i, rv;
  size_t n;
  char *s, *area;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  for (i = 0; i < g.p; i++)
    if (s + n * (size_t)i != own) memcpy(s + n * (size_t)i, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Alltoall(s, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL3: each rank's block at its place in p n zeros, bitwise-or Allreduce. Scratch p n, + p n
   where the receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Allgather_as_allreduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                       MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area;
  const char *own;
  int rv;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s + n * (size_t)g.rank, &own)
                          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Allreduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL4: Allgatherv with equal counts. Scratch 2p ints. Int limit as GL1. */
IRR_DEF int IRR_Allgather_as_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                        MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, rc);
  return MPI_Allgatherv(sb, sc, st, rb, c, c + g.p, rt, comm);
}

/* ---- MPI_Allreduce ---- */
/* GL5: Reduce to 0, then Bcast. No scratch. */
IRR_DEF int IRR_Allreduce_as_reduce_bcast(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  int rv;
  if (!irr__gl_begin(comm, t, &g)) return MPI_Allreduce(sb, rb, n, t, op, comm);
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = rb;
  rv = MPI_Reduce(sb, g.rank == 0 ? rb : NULL, n, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, n, t, 0, comm);
}
/* Equal blocks of ceil(n/p) for the block variants: the data padded to p of them. */
static int irr__gl_blocks(const irr__gl *g, int n) { return n <= 0 ? 0 : (n + g->p - 1) / g->p; }
/* GL6: Reduce_scatter_block on the padded vector, then Allgather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Allreduce_as_reducescatterblock_allgather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                          MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Allreduce(sb, rb, n, t, op, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, k, t, s, k, t, comm)) != MPI_SUCCESS) return rv;
  memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* Consecutive pieces of n elements for Reduce_scatter: chunks of C elements (C: at least 64
   bytes), as evenly as whole chunks allow. */
static void irr__gl_pieces(const irr__gl *g, int n, int *cnt, int *dsp) {
  int64_t C = g->size > 0 && g->size < 64 ? (64 + g->size - 1) / g->size : 1, nch = (n + C - 1) / C;
  int i;
  for (i = 0; i < g->p; i++) {
    int64_t a = nch * i / g->p * C, b = nch * (i + 1) / g->p * C;
    if (a > n) a = n;
    if (b > n) b = n;
    dsp[i] = (int)a, cnt[i] = (int)(b - a);
  }
}
/* GL7: Reduce_scatter into the receive buffer, then Allgatherv in place. Scratch 2p ints. */
IRR_DEF int IRR_Allreduce_as_reducescatter_allgatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (sb == MPI_IN_PLACE && !g.contig) ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  irr__gl_pieces(&g, n, c, c + g.p);
  if (sb == MPI_IN_PLACE) { /* the result lands at the start: move it to its place */
    if ((rv = MPI_Reduce_scatter(MPI_IN_PLACE, rb, c, t, op, comm)) != MPI_SUCCESS) return rv;
    memmove(IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), rb, (size_t)c[g.rank] * (size_t)g.size);
  } else if ((rv = MPI_Reduce_scatter(sb, IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), c, t, op, comm)) != MPI_SUCCESS) {
    return rv;
  }
  return MPI_Allgatherv(MPI_IN_PLACE, 0, t, rb, c, c + g.p, t, comm);
}

/* ---- MPI_Alltoall ---- */
/* GL8: Alltoallv with equal counts. Scratch 4p ints. Int limit as GL1. */
IRR_DEF int IRR_Alltoall_as_alltoallv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 4 * (size_t)g.p * sizeof(int))))
    return MPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, sc);
  irr__gl_equal(c + 2 * g.p, g.p, rc);
  return MPI_Alltoallv(sb, c, c + g.p, st, rb, c + 2 * g.p, c + 3 * g.p, rt, comm);
}

/* ---- MPI_Bcast ---- */
/* GL9: Allgatherv in place where only the root contributes, on the bytes (every rank may use
   its own type). Scratch 2p ints + n bytes (for a rank whose type is not dense). */
IRR_DEF int IRR_Bcast_as_allgatherv(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int i, *c, rv;
  size_t nb, ints;
  char *s, *area;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || (nb = (size_t)n * (size_t)g.size) > INT_MAX ||
      !(s = irr__gl_scratch(comm, (ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64) + nb + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  c = (int *)(void *)s;
  for (i = 0; i < g.p; i++) c[i] = i == root ? (int)nb : 0, c[g.p + i] = 0;
  area = irr__gl_direct(buf, t);
  if (!area) area = s + ints;
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, area, &in)) != MPI_SUCCESS) return rv;
  }
  if ((rv = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, area, c, c + g.p, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(area, buf, 0, n, t);
}
/* GL10: van de Geijn on the bytes: Scatter of p blocks of ceil(bytes/p), then Allgather.
   Scratch p k + k bytes (k = ceil(bytes / p)); the root's data is packed into it. */
IRR_DEF int IRR_Bcast_as_scatter_allgather(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int rv;
  size_t nb, k, all;
  char *s;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || n < 0 ||
      (k = ((nb = (size_t)n * (size_t)g.size) + (size_t)g.p - 1) / (size_t)g.p) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, (all = k * (size_t)g.p) + k + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, s, &in)) != MPI_SUCCESS) return rv;
    if (in != s && nb) memcpy(s, in, nb);
    memset(s + nb, 0, all - nb);
  }
  if ((rv = MPI_Scatter(s, (int)k, MPI_BYTE, s + all, (int)k, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, (int)k, MPI_BYTE, s, (int)k, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(s, buf, 0, n, t);
}

/* ---- MPI_Gather ---- */
/* GL11: Allgather on the bytes; the other ranks receive into scratch. Scratch p n + n (the
   root's own block when in place, or packing), charged on every rank. */
IRR_DEF int IRR_Gather_as_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  char *s, *area;
  const char *own;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g) || (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)(g.p + 1) + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot && sb == MPI_IN_PLACE) { /* the own block is in rb: send it from scratch (no aliasing) */
    if ((rv = irr__gl_get(rb, (int64_t)root * rc, rc, rt, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, n);
    own = s;
  } else if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) {
    return rv;
  }
  area = isroot ? irr__gl_direct(rb, rt) : NULL;
  if (!area) area = s + n;
  if ((rv = MPI_Allgather(own, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}
/* GL12: Gatherv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Gather_as_gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                  MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(rc, rt) : irr__gl_sig(sc, st)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, rc);
  return MPI_Gatherv(sb, sc, st, rb, c, c ? c + g.p : NULL, rt, root, comm);
}
/* GL13: each block at its place in p n zeros, bitwise-or Reduce. Scratch p n, + p n where
   the root's receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Gather_as_reduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area = NULL;
  const char *own;
  int ip = sb == MPI_IN_PLACE, rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if ((ip && !isroot) || !irr__gl_begin(comm, isroot ? rt : st, &g) ||
      (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = ip ? irr__gl_get(rb, (int64_t)root * rc, rc, rt, s + n * (size_t)g.rank, &own)
          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  if (isroot && !(area = irr__gl_direct(rb, rt))) area = s + n * (size_t)g.p;
  if ((rv = MPI_Reduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}

/* ---- MPI_Reduce ---- */
/* GL14: Allreduce; the other ranks receive into scratch. Scratch n (not at the root; at a
   root passing MPI_IN_PLACE its data, since Allreduce takes MPI_IN_PLACE at all ranks or none). */
IRR_DEF int IRR_Reduce_as_allreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv, isroot;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || !irr__gl_fits(comm, irr__gl_span(&g, n)))
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  isroot = g.rank == root;
  if ((!isroot || sb == MPI_IN_PLACE) && !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_ERR_INTERN;
  if (isroot && sb == MPI_IN_PLACE) {
    if ((rv = irr__gl_copy(rb, s, n, t)) != MPI_SUCCESS) return rv;
    sb = s;
  }
  return MPI_Allreduce(sb, isroot ? rb : s, n, t, op, comm);
}
/* GL15: Reduce_scatter_block on the padded vector, then Gather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Reduce_as_reducescatterblock_gather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                    MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Gather(s + all, k, t, s, k, t, root, comm)) != MPI_SUCCESS) return rv;
  if (g.rank == root) memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* GL16: Reduce_scatter into pieces, then Gatherv to the root. Scratch one piece + 2p ints. */
IRR_DEF int IRR_Reduce_as_reducescatter_gatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  char *s, *piece;
  size_t ints;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n < 0)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64;
  if (!(s = irr__gl_scratch(comm, ints + 2 * (size_t)n * (size_t)g.size + 64))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  c = (int *)(void *)s;
  irr__gl_pieces(&g, n, c, c + g.p);
  piece = s + ints;
  if (sb == MPI_IN_PLACE) { /* only the root may pass it: its data is in rb (all ranks asked for 2n) */
    memcpy(piece, rb, (size_t)n * (size_t)g.size);
    sb = piece, piece = piece + (size_t)n * (size_t)g.size;
  }
  if ((rv = MPI_Reduce_scatter(sb, piece, c, t, op, comm)) != MPI_SUCCESS) return rv;
  return MPI_Gatherv(piece, c[g.rank], t, rb, c, c + g.p, t, root, comm);
}

/* ---- MPI_Reduce_scatter_block ---- */
/* GL17: Reduce to 0, then Scatter. Scratch p n at rank 0. */
IRR_DEF int IRR_Reduce_scatter_block_as_reduce_scatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                       MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (int64_t)g.p * rc > INT_MAX ||
      !irr__gl_fits(comm, irr__gl_span(&g, (int64_t)g.p * rc)) ||
      (g.rank == 0 && !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc)))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if (sb == MPI_IN_PLACE) sb = rb; /* the whole vector is in rb; the result overwrites it */
  rv = MPI_Reduce(sb, s, g.p * rc, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Scatter(s, rc, t, rb, rc, t, 0, comm);
}
/* GL18: Reduce_scatter with equal counts. Scratch p ints. */
IRR_DEF int IRR_Reduce_scatter_block_as_reducescatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int i, *c;
  if (!irr__gl_begin(comm, t, &g) || !(c = (int *)(void *)irr__gl_scratch(comm, (size_t)g.p * sizeof(int))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  for (i = 0; i < g.p; i++) c[i] = rc;
  return MPI_Reduce_scatter(sb, rb, c, t, op, comm);
}
/* GL19: Allreduce of the whole vector, keep the own block. Scratch p n. */
IRR_DEF int IRR_Reduce_scatter_block_as_allreduce(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                  MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || (int64_t)g.p * rc > INT_MAX ||
      !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if ((rv = MPI_Allreduce(sb == MPI_IN_PLACE ? rb : sb, s, g.p * rc, t, op, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s + (MPI_Aint)g.rank * rc * g.ext, rb, rc, t);
}

/* ---- MPI_Scan ---- */
/* GL20: Exscan, then the own value on top with Reduce_local (rank 0: the own value). Scratch n. */
IRR_DEF int IRR_Scan_as_exscan_reducelocal(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_Scan(sb, rb, n, t, op, comm);
  /* s: my own value (prefix op own needs the own one on the right: inoutbuf = in op inout) */
  if ((rv = irr__gl_copy(sb == MPI_IN_PLACE ? rb : sb, s, n, t)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Exscan(s, rb, n, t, op, comm)) != MPI_SUCCESS) return rv;
  if (g.rank > 0 && (rv = MPI_Reduce_local(rb, s, n, t, op)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s, rb, n, t);
}

/* ---- MPI_Scatter ---- */
/* GL21: Bcast everything as bytes, keep the own block. Scratch p n, charged on every rank
   (the root packs into it where its type is not dense). */
IRR_DEF int IRR_Scatter_as_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  char *s;
  const char *all;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g) || (n = (size_t)(isroot ? sc : rc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)g.p + 1)))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot) {
    if ((rv = irr__gl_get(sb, 0, (int64_t)g.p * sc, st, s, &all)) != MPI_SUCCESS) return rv;
    if ((rv = MPI_Bcast((void *)(uintptr_t)all, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
    if (rb == MPI_IN_PLACE) return MPI_SUCCESS;
    return MPI_Sendrecv(irr__at(irr__base(sb), (MPI_Aint)root * sc * g.ext), sc, st, 0, 0, rb, rc, rt, 0, 0, MPI_COMM_SELF,
                        MPI_STATUS_IGNORE);
  }
  if ((rv = MPI_Bcast(s, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(s + n * (size_t)g.rank, rb, 0, rc, rt);
}
/* GL22: Scatterv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Scatter_as_scatterv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(sc, st) : irr__gl_sig(rc, rt)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, sc);
  return MPI_Scatterv(sb, c, c ? c + g.p : NULL, st, rb, rc, rt, root, comm);
}

/* ---- the irregular guidelines (seed 000, Section 4): padded regular operations ---- */
/* The padded irregular mock-ups work on bytes: block i is counts x signature size bytes on
   every rank, whatever type a rank uses; a rank whose type is not dense packs and unpacks. */

/* Unpack p padded blocks of mx bytes from s into the v buffer rb (counts, displacements in
   elements of rt), except block `skip` (in place: already there). */
static int irr__gl_put_padded(const char *s, int mx, void *rb, const int *rc, const int *dsp, MPI_Datatype rt, int p,
                              int skip) {
  int i, rv;
  for (i = 0; i < p; i++)
    if (i != skip && (rv = irr__gl_put(s + (size_t)mx * (size_t)i, rb, dsp[i], rc[i], rt)) != MPI_SUCCESS) return rv;
  return MPI_SUCCESS;
}

/* Gatherv as Allreduce(max count) + Gather of blocks padded to it. Scratch (p + 1) max, on
   every rank (the same need everywhere, decided after the Allreduce). */
IRR_DEF int IRR_Gatherv_as_allreduce_gather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                            const int dsp[], MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int mx = 0, mine, rv, ip = sb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *own;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g)) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  { /* the largest block in bytes, agreed; INT_MAX where a rank's own block is larger */
    int64_t b = (int64_t)(isroot ? rc[g.rank] : sc) * g.size;
    mine = b > INT_MAX ? INT_MAX : (int)b;
    if ((rv = MPI_Allreduce(&mine, &mx, 1, MPI_INT, MPI_MAX, comm)) != MPI_SUCCESS) return rv;
  }
  if ((int64_t)mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  if (!(ip && isroot)) {
    if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, (size_t)mine);
  }
  if ((rv = MPI_Gather(s, mx, MPI_BYTE, s + mx, mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put_padded(s + mx, mx, rb, rc, dsp, rt, g.p, ip ? root : -1) : MPI_SUCCESS;
}
/* Allgatherv as Allgather of padded blocks (every rank knows every count: no Allreduce).
   Scratch (p + 1) max. */
IRR_DEF int IRR_Allgatherv_as_allreduce_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                                  const int dsp[], MPI_Datatype rt, MPI_Comm comm) {
  irr__gl g;
  int i, rv, ip = sb == MPI_IN_PLACE;
  int64_t mx = 0;
  char *s;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g)) return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  for (i = 0; i < g.p; i++)
    if ((int64_t)rc[i] * g.size > mx) mx = (int64_t)rc[i] * g.size;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  rv = ip ? irr__gl_get(rb, dsp[g.rank], rc[g.rank], rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s) memcpy(s, own, (size_t)rc[g.rank] * (size_t)g.size);
  if ((rv = MPI_Allgather(s, (int)mx, MPI_BYTE, s + mx, (int)mx, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put_padded(s + mx, (int)mx, rb, rc, dsp, rt, g.p, ip ? g.rank : -1);
}
/* Scatterv as Bcast(max count) + Scatter of padded blocks. Scratch (p + 1) max, on every rank
   (decided after the Bcast, the same everywhere). */
IRR_DEF int IRR_Scatterv_as_bcast_scatter(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                          MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int64_t mx = 0;
  int i, rv, ip = rb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *blk;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g)) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++)
      if ((int64_t)sc[i] * g.size > mx) mx = (int64_t)sc[i] * g.size;
  if ((rv = MPI_Bcast(&mx, 1, MPI_INT64_T, root, comm)) != MPI_SUCCESS) return rv;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++) {
      char *at = s + mx + (size_t)mx * (size_t)i;
      if ((rv = irr__gl_get(sb, dsp[i], sc[i], st, at, &blk)) != MPI_SUCCESS) return rv;
      if (blk != at) memcpy(at, blk, (size_t)sc[i] * (size_t)g.size);
    }
  if ((rv = MPI_Scatter(s + mx, (int)mx, MPI_BYTE, s, (int)mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if (isroot && ip) return MPI_SUCCESS;
  return irr__gl_put(s, rb, 0, rc, rt);
}

/* ---- irrcoll's own algorithms as alternatives for the v-collectives: each calls the
   algorithm it names directly (auto: the communicator's choice) ---- */
#define IRR__GL_IRRV(name, alg)                                                                                               \
  IRR_DEF int IRR_Gatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[],     \
                                     MPI_Datatype rt, int root, MPI_Comm comm) {                                             \
    return irr__v_call_alg(0, rb, rc, NULL, dsp, NULL, rt, sb, sc, st, root, comm, MPI_SUCCESS, alg);                        \
  }                                                                                                                          \
  IRR_DEF int IRR_Scatterv_irr_##name(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,    \
                                      MPI_Datatype rt, int root, MPI_Comm comm) {                                            \
    return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, alg);                        \
  }
IRR__GL_IRRV(auto, IRR_ALG_AUTO)
IRR__GL_IRRV(tree, IRR_ALG_TREE)
IRR__GL_IRRV(binomial, IRR_ALG_BINOMIAL)
IRR__GL_IRRV(direct, IRR_ALG_DIRECT)
#undef IRR__GL_IRRV
IRR_DEF int IRR_Scatterv_irr_xtree(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                   MPI_Datatype rt, int root, MPI_Comm comm) { /* Scatterv only */
  return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, IRR_ALG_XTREE);
}
#define IRR__GL_IRRAG(name, alg)                                                                                              \
  IRR_DEF int IRR_Allgatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[], \
                                        MPI_Datatype rt, MPI_Comm comm) {                                                    \
    irr__counts c = {rc, dsp, NULL, NULL, 0, 0};                                                                                \
    return irr__ag_run(sb, sc, st, rb, &c, rt, comm, alg, 1);                                                                   \
  }
IRR__GL_IRRAG(auto, IRR_ALG_AUTO)
IRR__GL_IRRAG(ring, IRR_ALG_RING)
IRR__GL_IRRAG(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRAG(recdoubling, IRR_ALG_RECDOUBLING)
IRR__GL_IRRAG(hier, IRR_ALG_HIER)
IRR__GL_IRRAG(neighbor, IRR_ALG_NEIGHBOR)
IRR__GL_IRRAG(circulant, IRR_ALG_CIRCULANT)
#undef IRR__GL_IRRAG
#define IRR__GL_IRRA2A(name, alg)                                                                                         \
  IRR_DEF int IRR_Alltoallv_irr_##name(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb,       \
                                       const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm comm) {                \
    irr__counts s_ = {sc, sd, NULL, NULL, 0, 0}, r_ = {rc, rd, NULL, NULL, 0, 0};                                       \
    return irr__a2a_run(sb, &s_, st, rb, &r_, rt, comm, alg);                                                           \
  }
IRR__GL_IRRA2A(auto, IRR_ALG_AUTO)
IRR__GL_IRRA2A(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRA2A(linear, IRR_ALG_LINEAR)
#undef IRR__GL_IRRA2A
/* ---- the table: every mock-up by collective and name (PGMPITuneLib's names) ---- */
static const irr_gl_entry irr__gl_table[] = {
  {IRR_GL_ALLGATHER, "allgather_as_gather_bcast", "GL1", (irr_gl_fn)IRR_Allgather_as_gather_bcast},
  {IRR_GL_ALLGATHER, "allgather_as_alltoall", "GL2", (irr_gl_fn)IRR_Allgather_as_alltoall},
  {IRR_GL_ALLGATHER, "allgather_as_allreduce", "GL3", (irr_gl_fn)IRR_Allgather_as_allreduce},
  {IRR_GL_ALLGATHER, "allgather_as_allgatherv", "GL4", (irr_gl_fn)IRR_Allgather_as_allgatherv},
  {IRR_GL_ALLGATHER, "allgather_irr", "irrcoll", (irr_gl_fn)IRR_Allgather}, /* intergroup on intercommunicators */
  {IRR_GL_ALLREDUCE, "allreduce_as_reduce_bcast", "GL5", (irr_gl_fn)IRR_Allreduce_as_reduce_bcast},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatterblock_allgather", "GL6", (irr_gl_fn)IRR_Allreduce_as_reducescatterblock_allgather},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatter_allgatherv", "GL7", (irr_gl_fn)IRR_Allreduce_as_reducescatter_allgatherv},
  {IRR_GL_ALLTOALL, "alltoall_as_alltoallv", "GL8", (irr_gl_fn)IRR_Alltoall_as_alltoallv},
  {IRR_GL_BCAST, "bcast_as_allgatherv", "GL9", (irr_gl_fn)IRR_Bcast_as_allgatherv},
  {IRR_GL_BCAST, "bcast_as_scatter_allgather", "GL10", (irr_gl_fn)IRR_Bcast_as_scatter_allgather},
  {IRR_GL_GATHER, "gather_as_allgather", "GL11", (irr_gl_fn)IRR_Gather_as_allgather},
  {IRR_GL_GATHER, "gather_as_gatherv", "GL12", (irr_gl_fn)IRR_Gather_as_gatherv},
  {IRR_GL_GATHER, "gather_as_reduce", "GL13", (irr_gl_fn)IRR_Gather_as_reduce},
  {IRR_GL_REDUCE, "reduce_as_allreduce", "GL14", (irr_gl_fn)IRR_Reduce_as_allreduce},
  {IRR_GL_REDUCE, "reduce_as_reducescatterblock_gather", "GL15", (irr_gl_fn)IRR_Reduce_as_reducescatterblock_gather},
  {IRR_GL_REDUCE, "reduce_as_reducescatter_gatherv", "GL16", (irr_gl_fn)IRR_Reduce_as_reducescatter_gatherv},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reduce_scatter", "GL17", (irr_gl_fn)IRR_Reduce_scatter_block_as_reduce_scatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reducescatter", "GL18", (irr_gl_fn)IRR_Reduce_scatter_block_as_reducescatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_allreduce", "GL19", (irr_gl_fn)IRR_Reduce_scatter_block_as_allreduce},
  {IRR_GL_SCAN, "scan_as_exscan_reducelocal", "GL20", (irr_gl_fn)IRR_Scan_as_exscan_reducelocal},
  {IRR_GL_SCATTER, "scatter_as_bcast", "GL21", (irr_gl_fn)IRR_Scatter_as_bcast},
  {IRR_GL_SCATTER, "scatter_as_scatterv", "GL22", (irr_gl_fn)IRR_Scatter_as_scatterv},
  {IRR_GL_GATHERV, "gatherv_as_allreduce_gather", "Traff17-1", (irr_gl_fn)IRR_Gatherv_as_allreduce_gather},
  {IRR_GL_GATHERV, "gatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_auto},
  {IRR_GL_GATHERV, "gatherv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_tree},
  {IRR_GL_GATHERV, "gatherv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_binomial},
  {IRR_GL_GATHERV, "gatherv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_as_bcast_scatter", "Traff17-2", (irr_gl_fn)IRR_Scatterv_as_bcast_scatter},
  {IRR_GL_SCATTERV, "scatterv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_auto},
  {IRR_GL_SCATTERV, "scatterv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_tree},
  {IRR_GL_SCATTERV, "scatterv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_binomial},
  {IRR_GL_SCATTERV, "scatterv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_irr_xtree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_xtree},
  {IRR_GL_ALLGATHERV, "allgatherv_as_allreduce_allgather", "Traff17-3", (irr_gl_fn)IRR_Allgatherv_as_allreduce_allgather},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_auto},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_ring", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_ring},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_bruck},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_recdoubling", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_recdoubling},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_hier", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_hier},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_neighbor", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_neighbor},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_circulant", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_circulant},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_auto},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_bruck},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_linear", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_linear},
};

IRR_DEF const irr_gl_entry *IRR_Guide_table(int *n) {
  if (n) *n = (int)(sizeof irr__gl_table / sizeof irr__gl_table[0]);
  return irr__gl_table;
}
IRR_DEF const char *IRR_Guide_coll_name(irr_gl_coll coll, int mpi) {
  static const char *const key[IRR_GL_NCOLL] = {"allgather", "allreduce", "alltoall", "bcast", "gather", "reduce",
                                                "reduce_scatter_block", "scan", "scatter", "gatherv", "scatterv",
                                                "allgatherv", "alltoallv"};
  static const char *const name[IRR_GL_NCOLL] = {"MPI_Allgather", "MPI_Allreduce", "MPI_Alltoall", "MPI_Bcast", "MPI_Gather",
                                                 "MPI_Reduce", "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Scatter",
                                                 "MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoallv"};
  if ((unsigned)coll >= (unsigned)IRR_GL_NCOLL) return NULL;
  return mpi ? name[coll] : key[coll];
}
IRR_DEF const irr_gl_entry *IRR_Guide_find(irr_gl_coll coll, const char *name) {
  int i, n;
  const irr_gl_entry *t = IRR_Guide_table(&n);
  for (i = 0; name && i < n; i++)
    if (t[i].coll == coll && strcmp(t[i].name, name) == 0) return &t[i];
  return NULL;
}
#undef IRR__AT
