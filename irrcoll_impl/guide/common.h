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
