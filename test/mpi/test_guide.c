#define _POSIX_C_SOURCE 200809L
/* test_guide.c - every performance-guideline mock-up (IRR_Guide_table) against the native
 * operation, byte for byte over whole sentinel-filled buffers: random sizes and roots,
 * MPI_INT and a derived type with holes, MPI_IN_PLACE where MPI allows it, reductions with
 * MPI_SUM, MPI_BOR, MPI_MAX and a non-commutative user operation (a op b = a); mixed
 * datatypes (one rank, or the root alone, uses another type of the same signature: pairs,
 * a strided vector, a subarray, a struct with a nonzero lower bound, a resized extent with a
 * negative lower bound, a dup'd type, MPI_BOTTOM with absolute addresses; reductions, whose
 * type MPI requires to be the same everywhere, on each of these types through user
 * operations); a run where one rank cannot allocate scratch (all ranks must fall back alike);
 * a tiny scratch budget (every mock-up that needs memory falls back). No call may hang
 * (the runner's timeout) and the error codes must agree with the native ones.
 *   mpiexec -n K ./test_guide [cases] */
#include <stdlib.h>
/* the scratch allocation fails on one chosen rank while tg_fail is set: every allocation of
   at least tg_fail_min bytes (the scratch block is the budget) */
static int tg_fail, tg_fail_rank = -1;
static size_t tg_fail_min;
static int tg_rank;
static void *tg_malloc(size_t n) { return tg_fail && tg_rank == tg_fail_rank && n >= tg_fail_min ? NULL : malloc(n); }
#define IRRCOLL_MALLOC(n) tg_malloc(n)
#define IRRCOLL_FREE(q) free(q)
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"
#include <string.h>


static void noncomm(void *in, void *inout, int *len, MPI_Datatype *t) { /* a op b = a: associative, not commutative */
  (void)t;
  memcpy(inout, in, (size_t)*len * sizeof(int));
}

enum { BUF = 1 << 16 };
static unsigned char *A1, *A2, *S1, *S2;

/* user operations on every kind, by its type map: bitwise or (commutative) and a op b = a */
static void kop(void *in, void *inout, int *len, MPI_Datatype *t, int first) {
  int k = irrt_kind_of(*t), i, j;
  unsigned a, b;
  if (k < 0) abort();
  for (i = 0; i < *len; i++)
    for (j = 0; j < irrt_kints[k]; j++) {
      char *x = (char *)in + i * irrt_kext[k] + irrt_koff[k][j], *y = (char *)inout + i * irrt_kext[k] + irrt_koff[k][j];
      memcpy(&a, x, 4), memcpy(&b, y, 4);
      b = first ? a : a | b;
      memcpy(y, &b, 4);
    }
}
static void kor(void *in, void *inout, int *len, MPI_Datatype *t) { kop(in, inout, len, t, 0); }
static void kfirst(void *in, void *inout, int *len, MPI_Datatype *t) { kop(in, inout, len, t, 1); }
static MPI_Op op_or, op_first;

static MPI_Comm C; /* the communicator the cases run on */
static void one(const irr_gl_entry *e, int p, int rank, uint64_t seed, MPI_Op nc) {
  irrt_rng r = {seed};
  int n = (int)irrt_range(&r, 0, 60), root = (int)irrt_range(&r, 0, p - 1), t = (int)irrt_range(&r, 0, 3) == 0 ? 1 : 0;
  int ip = (int)irrt_range(&r, 0, 3) == 0, k = (int)irrt_range(&r, 0, 3), i, e1 = 0, e2 = 0;
  int cnt[64], dsp[64], c2[64], d2[64];
  MPI_Op ops[4] = {MPI_SUM, MPI_BOR, MPI_MAX, nc};
  MPI_Op op = ops[k];
  MPI_Datatype dt = t ? types[1] : MPI_INT; /* types[1]: 2 ints with a hole, extent 3 ints */
  MPI_Aint ext = t ? 3 * (MPI_Aint)sizeof(int) : (MPI_Aint)sizeof(int);
  void *sb1 = S1, *sb2 = S2;
  fill(A1, BUF, 3);
  fill(A2, BUF, 3);
  fill(S1, BUF, (unsigned)(seed + (uint64_t)rank * 7));
  memcpy(S2, S1, BUF);
  for (i = 0; i < p; i++) cnt[i] = (int)irrt_range(&r, 0, 30), c2[i] = (int)irrt_range(&r, 0, 30);
  for (i = 0, dsp[0] = d2[0] = 0; i < p; i++) dsp[i] = i ? dsp[i - 1] + cnt[i - 1] + (int)(seed % 2) : 0, d2[i] = i ? d2[i - 1] + c2[i - 1] : 0;
  if (e->coll == IRR_GL_ALLREDUCE || e->coll == IRR_GL_REDUCE || e->coll == IRR_GL_REDUCE_SCATTER_BLOCK || e->coll == IRR_GL_SCAN) {
    dt = MPI_INT, ext = sizeof(int); /* reductions on ints (the vector type has no predefined ops) */
    if (ip) memcpy(A1, S1, BUF), memcpy(A2, S1, BUF);
  }
  if (ip && (e->coll == IRR_GL_ALLGATHER || e->coll == IRR_GL_ALLGATHERV)) memcpy(A1, S1, BUF), memcpy(A2, S1, BUF);
  switch (e->coll) {
  case IRR_GL_ALLGATHER:
    e1 = MPI_Allgather(ip ? MPI_IN_PLACE : sb1, n, dt, A1, n, dt, C);
    e2 = ((irr_gl_ag *)e->fn)(ip ? MPI_IN_PLACE : sb2, n, dt, A2, n, dt, C);
    break;
  case IRR_GL_ALLTOALL:
    n = n / 4;
    e1 = MPI_Alltoall(sb1, n, dt, A1, n, dt, C);
    e2 = ((irr_gl_ag *)e->fn)(sb2, n, dt, A2, n, dt, C);
    break;
  case IRR_GL_ALLREDUCE:
  case IRR_GL_SCAN:
    n *= 4;
    if (e->coll == IRR_GL_ALLREDUCE) e1 = MPI_Allreduce(ip ? MPI_IN_PLACE : sb1, A1, n, dt, op, C);
    else e1 = MPI_Scan(ip ? MPI_IN_PLACE : sb1, A1, n, dt, op, C);
    e2 = ((irr_gl_ar *)e->fn)(ip ? MPI_IN_PLACE : sb2, A2, n, dt, op, C);
    break;
  case IRR_GL_REDUCE_SCATTER_BLOCK:
    e1 = MPI_Reduce_scatter_block(ip ? MPI_IN_PLACE : sb1, ip ? S1 : A1, n, dt, op, C);
    e2 = ((irr_gl_ar *)e->fn)(ip ? MPI_IN_PLACE : sb2, ip ? S2 : A2, n, dt, op, C);
    break;
  case IRR_GL_BCAST:
    n *= 8;
    memcpy(A1, S1, BUF), memcpy(A2, S1, BUF);
    if (rank != root) fill(A1, BUF, 5), fill(A2, BUF, 5);
    e1 = MPI_Bcast(A1, n, dt, root, C);
    e2 = ((irr_gl_bc *)e->fn)(A2, n, dt, root, C);
    break;
  case IRR_GL_GATHER:
    if (ip && rank == root) memcpy(A1 + root * n * ext, S1, (size_t)(n * ext)), memcpy(A2 + root * n * ext, S1, (size_t)(n * ext));
    e1 = MPI_Gather(ip && rank == root ? MPI_IN_PLACE : sb1, n, dt, A1, n, dt, root, C);
    e2 = ((irr_gl_g *)e->fn)(ip && rank == root ? MPI_IN_PLACE : sb2, n, dt, A2, n, dt, root, C);
    break;
  case IRR_GL_SCATTER:
    e1 = MPI_Scatter(sb1, n, dt, ip && rank == root ? MPI_IN_PLACE : A1, n, dt, root, C);
    e2 = ((irr_gl_g *)e->fn)(sb2, n, dt, ip && rank == root ? MPI_IN_PLACE : A2, n, dt, root, C);
    break;
  case IRR_GL_REDUCE:
    n *= 4;
    if (ip && rank == root) memcpy(A1, S1, BUF), memcpy(A2, S1, BUF);
    e1 = MPI_Reduce(ip && rank == root ? MPI_IN_PLACE : sb1, A1, n, dt, op, root, C);
    e2 = ((irr_gl_r *)e->fn)(ip && rank == root ? MPI_IN_PLACE : sb2, A2, n, dt, op, root, C);
    break;
  case IRR_GL_GATHERV:
    if (ip && rank == root) memcpy(A1 + dsp[root] * ext, S1, (size_t)(cnt[root] * ext)), memcpy(A2 + dsp[root] * ext, S1, (size_t)(cnt[root] * ext));
    e1 = MPI_Gatherv(ip && rank == root ? MPI_IN_PLACE : sb1, cnt[rank], dt, A1, cnt, dsp, dt, root, C);
    e2 = ((irr_gl_gv *)e->fn)(ip && rank == root ? MPI_IN_PLACE : sb2, cnt[rank], dt, A2, cnt, dsp, dt, root, C);
    break;
  case IRR_GL_SCATTERV:
    e1 = MPI_Scatterv(sb1, cnt, dsp, dt, ip && rank == root ? MPI_IN_PLACE : A1, cnt[rank], dt, root, C);
    e2 = ((irr_gl_sv *)e->fn)(sb2, cnt, dsp, dt, ip && rank == root ? MPI_IN_PLACE : A2, cnt[rank], dt, root, C);
    break;
  case IRR_GL_ALLGATHERV:
    e1 = MPI_Allgatherv(ip ? MPI_IN_PLACE : sb1, cnt[rank], dt, A1, cnt, dsp, dt, C);
    e2 = ((irr_gl_agv *)e->fn)(ip ? MPI_IN_PLACE : sb2, cnt[rank], dt, A2, cnt, dsp, dt, C);
    break;
  default:
    break;
  }
  (void)c2, (void)d2;
  CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS, "%s p=%d seed %llu: errors %d %d", e->name, p, (unsigned long long)seed, e1, e2);
  CHECK(memcmp(A1, A2, BUF) == 0 && memcmp(S1, S2, BUF) == 0, "%s p=%d seed %llu n=%d root=%d type=%d in_place=%d op=%d: differs from native",
        e->name, p, (unsigned long long)seed, n, root, t, ip, k);
}

/* Alltoall's reference on bytes, unpacked with each rank's own receive type: Open MPI 4.1's
   MPI_Alltoall (coll/tuned's Bruck at p = 16) reads past its temporary when ranks use
   different types of one signature. n send / rn receive elements per block. */
static int ref_alltoall(const void *sb, int n, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, MPI_Comm comm) {
  int p, rsz, e, nb;
  char *in, *out;
  MPI_Comm_size(comm, &p);
  MPI_Type_size(rt, &rsz);
  nb = p * rn * rsz; /* = p n x the send type's size: one signature */
  in = (char *)malloc((size_t)nb + 1);
  out = (char *)malloc((size_t)nb + 1);
  e = sb == MPI_IN_PLACE ? irrt_to_bytes(rb, p * rn, rt, in, nb) : irrt_to_bytes(sb, p * n, st, in, nb);
  if (e == MPI_SUCCESS) e = MPI_Alltoall(in, rn * rsz, MPI_BYTE, out, rn * rsz, MPI_BYTE, comm);
  if (e == MPI_SUCCESS) e = irrt_from_bytes(out, nb, rb, p * rn, rt);
  free(in), free(out);
  return e;
}

/* One mixed-datatype call: rank `dev` (who = 0: a random rank; who = 1: the root) sends with
   kind X and receives with kind Y, every other rank uses kind B for both; every rank's count
   x type covers the same ints (block sizes and displacements are multiples of 4 ints). The
   native operation with the same per-rank types is the reference. who = 2: the empty
   signature, the random rank passing a count over INT_MAX / p of a type of size 0 (so only
   its element counts overflow an int), the others count 0. */
static void mixed(const irr_gl_entry *e, int p, int rank, uint64_t seed, int who, MPI_Op nc) {
  irrt_rng r = {seed};
  int B = (int)irrt_range(&r, 0, IRRT_NK - 1), X = (int)irrt_range(&r, 0, IRRT_NK - 1), Y = (int)irrt_range(&r, 0, IRRT_NK - 1);
  int root = (int)irrt_range(&r, 0, p - 1), dev = who ? root : (int)irrt_range(&r, 0, p - 1);
  int N = 4 * (int)irrt_range(&r, 0, 6), ip = (int)irrt_range(&r, 0, 3) == 0, i, e1 = -1, e2 = -1, sk, rk;
  int cnt[256], dI[256], c1[256], d1[256], sc, rc, empty = who == 2 && rank == dev;
  MPI_Datatype ts1, ts2, ta1, ta2;
  void *s1, *s2, *a1, *a2;
  if (p > 256) return;
  if (X == B) X = (X + 1) % IRRT_NK;
  sk = rank == dev ? X : B, rk = rank == dev ? Y : B;
  for (i = 0; i < p; i++) cnt[i] = who == 2 ? 0 : 4 * (int)irrt_range(&r, 0, 6);
  if (who == 2) N = 0, sk = rk = B = IRRT_K_INT;
  for (i = 0; i < p; i++) dI[i] = i ? dI[i - 1] + cnt[i - 1] + 4 * (int)(seed % 2) : 0;
  fill(A1, BUF, (unsigned)(seed * 3 + (uint64_t)rank * 13));
  memcpy(A2, A1, BUF);
  fill(S1, BUF, (unsigned)(seed + (uint64_t)rank * 7));
  memcpy(S2, S1, BUF);
  if (e->coll == IRR_GL_ALLREDUCE || e->coll == IRR_GL_REDUCE || e->coll == IRR_GL_REDUCE_SCATTER_BLOCK || e->coll == IRR_GL_SCAN) {
    if (who == 2) return; /* one type everywhere: nothing to mix */
    /* one type on every rank (MPI requires it): any kind but the absolute ones */
    int k = (int)irrt_range(&r, 0, IRRT_K_DUP), n = (int)irrt_range(&r, 0, 40), sip = ip;
    MPI_Datatype t;
    MPI_Op ops[5] = {op_or, op_first, MPI_SUM, MPI_BOR, nc}, op = ops[irrt_range(&r, 0, k == IRRT_K_INT ? 4 : 1)];
    /* MPICH 4.0.2's own Reduce_scatter_block (the reference) overruns its temporaries with a
       user operation on a type whose extent exceeds its true extent */
    if (e->coll == IRR_GL_REDUCE_SCATTER_BLOCK && (k == IRRT_K_SUB || k == IRRT_K_RES)) k = IRRT_K_VEC;
    t = irrt_kt[k];
    s1 = S1 + IRRT_OFF, s2 = S2 + IRRT_OFF, a1 = A1 + IRRT_OFF, a2 = A2 + IRRT_OFF;
    switch (e->coll) {
    case IRR_GL_ALLREDUCE:
      e1 = MPI_Allreduce(ip ? MPI_IN_PLACE : s1, a1, n, t, op, C);
      e2 = ((irr_gl_ar *)e->fn)(ip ? MPI_IN_PLACE : s2, a2, n, t, op, C);
      break;
    case IRR_GL_SCAN: /* MPI_IN_PLACE is each rank's own choice */
      sip = (int)((seed >> 3) + (uint64_t)rank) % 3 == 0;
      e1 = MPI_Scan(sip ? MPI_IN_PLACE : s1, a1, n, t, op, C);
      e2 = ((irr_gl_ar *)e->fn)(sip ? MPI_IN_PLACE : s2, a2, n, t, op, C);
      break;
    case IRR_GL_REDUCE_SCATTER_BLOCK:
      n /= 4;
      e1 = MPI_Reduce_scatter_block(ip ? MPI_IN_PLACE : s1, ip ? s1 : a1, n, t, op, C);
      e2 = ((irr_gl_ar *)e->fn)(ip ? MPI_IN_PLACE : s2, ip ? s2 : a2, n, t, op, C);
      break;
    default: /* Reduce: MPI_IN_PLACE at the root only */
      sip = ip && rank == root;
      e1 = MPI_Reduce(sip ? MPI_IN_PLACE : s1, a1, n, t, op, root, C);
      e2 = ((irr_gl_r *)e->fn)(sip ? MPI_IN_PLACE : s2, a2, n, t, op, root, C);
      break;
    }
    CHECK(e1 == e2 && e1 == MPI_SUCCESS, "mixed %s p=%d seed %llu: errors %d %d", e->name, p, (unsigned long long)seed, e1, e2);
    CHECK(memcmp(A1, A2, BUF) == 0 && memcmp(S1, S2, BUF) == 0,
          "mixed %s p=%d seed %llu n=%d root=%d type=%s in_place=%d: differs from native", e->name, p,
          (unsigned long long)seed, n, root, irrt_kname[k], sip);
    return;
  }
  irrt_anchor(sk, S1, &ts1, &s1), irrt_anchor(sk, S2, &ts2, &s2), irrt_anchor(rk, A1, &ta1, &a1), irrt_anchor(rk, A2, &ta2, &a2);
  sc = N / irrt_kints[sk], rc = N / irrt_kints[rk];
  if (empty) ts1 = ts2 = ta1 = ta2 = irrt_kempty; /* its counts: EMPTY below */
#define EMPTY(c) (empty ? INT_MAX / 2 + 1 : (c))
  /* the empty signature: MPICH 4.0.2's own operation hangs on it; nothing may change */
#define NATIVE(call) (who == 2 ? MPI_SUCCESS : (call))
  sc = EMPTY(sc), rc = EMPTY(rc);
  switch (e->coll) {
  case IRR_GL_ALLGATHER: /* MPI_IN_PLACE at all ranks or none */
    e1 = NATIVE(MPI_Allgather(ip ? MPI_IN_PLACE : s1, sc, ts1, a1, rc, ta1, C));
    e2 = ((irr_gl_ag *)e->fn)(ip ? MPI_IN_PLACE : s2, sc, ts2, a2, rc, ta2, C);
    break;
  case IRR_GL_ALLTOALL:
    e1 = NATIVE(ref_alltoall(ip ? MPI_IN_PLACE : s1, sc, ts1, a1, rc, ta1, C));
    e2 = ((irr_gl_ag *)e->fn)(ip ? MPI_IN_PLACE : s2, sc, ts2, a2, rc, ta2, C);
    break;
  case IRR_GL_BCAST:
    e1 = NATIVE(MPI_Bcast(a1, rc, ta1, root, C));
    e2 = ((irr_gl_bc *)e->fn)(a2, rc, ta2, root, C);
    break;
  case IRR_GL_GATHER:
    e1 = NATIVE(MPI_Gather(ip && rank == root ? MPI_IN_PLACE : s1, sc, ts1, a1, rc, ta1, root, C));
    e2 = ((irr_gl_g *)e->fn)(ip && rank == root ? MPI_IN_PLACE : s2, sc, ts2, a2, rc, ta2, root, C);
    break;
  case IRR_GL_SCATTER:
    e1 = NATIVE(MPI_Scatter(s1, sc, ts1, ip && rank == root ? MPI_IN_PLACE : a1, rc, ta1, root, C));
    e2 = ((irr_gl_g *)e->fn)(s2, sc, ts2, ip && rank == root ? MPI_IN_PLACE : a2, rc, ta2, root, C);
    break;
  case IRR_GL_GATHERV: /* the root's counts and displacements in its receive type */
    for (i = 0; i < p; i++) c1[i] = EMPTY(cnt[i] / irrt_kints[rk]), d1[i] = dI[i] / irrt_kints[rk];
    sc = EMPTY(cnt[rank] / irrt_kints[sk]);
    e1 = NATIVE(MPI_Gatherv(ip && rank == root ? MPI_IN_PLACE : s1, sc, ts1, a1, c1, d1, ta1, root, C));
    e2 = ((irr_gl_gv *)e->fn)(ip && rank == root ? MPI_IN_PLACE : s2, sc, ts2, a2, c1, d1, ta2, root, C);
    break;
  case IRR_GL_SCATTERV:
    for (i = 0; i < p; i++) c1[i] = EMPTY(cnt[i] / irrt_kints[sk]), d1[i] = dI[i] / irrt_kints[sk];
    rc = EMPTY(cnt[rank] / irrt_kints[rk]);
    e1 = NATIVE(MPI_Scatterv(s1, c1, d1, ts1, ip && rank == root ? MPI_IN_PLACE : a1, rc, ta1, root, C));
    e2 = ((irr_gl_sv *)e->fn)(s2, c1, d1, ts2, ip && rank == root ? MPI_IN_PLACE : a2, rc, ta2, root, C);
    break;
  case IRR_GL_ALLGATHERV: /* every rank's counts and displacements in its own receive type */
    for (i = 0; i < p; i++) c1[i] = EMPTY(cnt[i] / irrt_kints[rk]), d1[i] = dI[i] / irrt_kints[rk];
    sc = EMPTY(cnt[rank] / irrt_kints[sk]);
    e1 = NATIVE(irrt_ref_allgatherv(ip ? MPI_IN_PLACE : s1, sc, ts1, a1, c1, d1, ta1, C));
    e2 = ((irr_gl_agv *)e->fn)(ip ? MPI_IN_PLACE : s2, sc, ts2, a2, c1, d1, ta2, C);
    break;
  default:
    e1 = e2 = MPI_SUCCESS;
    break;
  }
#undef EMPTY
#undef NATIVE
  irrt_unanchor(sk, &ts1), irrt_unanchor(sk, &ts2), irrt_unanchor(rk, &ta1), irrt_unanchor(rk, &ta2);
  CHECK(e1 == e2 && e1 == MPI_SUCCESS, "mixed %s p=%d seed %llu: errors %d %d", e->name, p, (unsigned long long)seed, e1, e2);
  CHECK(memcmp(A1, A2, BUF) == 0 && memcmp(S1, S2, BUF) == 0,
        "mixed %s p=%d seed %llu N=%d root=%d dev=%d base=%s send=%s recv=%s in_place=%d: differs from native", e->name, p,
        (unsigned long long)seed, N, root, dev, irrt_kname[B], irrt_kname[X], irrt_kname[Y], ip);
}

int main(int argc, char **argv) {
  int p, rank, ne, i, c, cases, nmixed;
  const irr_gl_entry *tab;
  MPI_Op nc;
  char env[32];
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  tg_rank = rank;
  cases = argc > 1 ? atoi(argv[1]) : 12;
  nmixed = argc > 2 ? atoi(argv[2]) : cases > 1 ? cases / 2 : cases; /* mixed-datatype calls per mock-up */
  make_types();
  irrt_make_kinds();
  MPI_Op_create(noncomm, 0, &nc);
  MPI_Op_create(kor, 1, &op_or);
  MPI_Op_create(kfirst, 0, &op_first);
  A1 = malloc(BUF), A2 = malloc(BUF), S1 = malloc(BUF), S2 = malloc(BUF);
  tab = IRR_Guide_table(&ne);
  CHECK(ne >= 36, "table has %d entries", ne);
  for (i = 0; i < ne; i++) {
    if (getenv("TG_ONLY") && !strstr(tab[i].name, getenv("TG_ONLY"))) continue; /* debugging: one family */
    MPI_Comm_dup(MPI_COMM_WORLD, &C); /* fresh: the first use of a communicator must work too */
    MPI_Comm_set_errhandler(C, MPI_ERRORS_RETURN);
    for (c = 0; c < cases; c++) {
      if (getenv("TG_VERBOSE") && rank == 0) fprintf(stderr, "%s %d\n", tab[i].name, c);
      one(&tab[i], p, rank, (uint64_t)(i * 1000 + c), nc);
    }
    for (c = 0; c < nmixed; c++) { /* alternately one rank and the root alone */
      if (getenv("TG_VERBOSE") && rank == 0) fprintf(stderr, "%s mixed %d\n", tab[i].name, c);
      mixed(&tab[i], p, rank, (uint64_t)(i * 1000 + 500 + c), (c + i + p) % 2, nc);
    }
    if (getenv("TG_VERBOSE") && rank == 0) fprintf(stderr, "%s empty signature\n", tab[i].name);
    if (cases > 1) mixed(&tab[i], p, rank, (uint64_t)(i * 1000 + 600), 2, nc);
    MPI_Comm_free(&C);
  }
  /* one rank cannot allocate its scratch: the ranks agree on none, every mock-up falls back
     alike (no hang), still the native bytes */
  {
    irr__ctx *ctx;
    tg_fail = 1, tg_fail_rank = p - 1, tg_fail_min = IRRCOLL_SCRATCH_DEFAULT;
    MPI_Comm_dup(MPI_COMM_WORLD, &C);
    MPI_Comm_set_errhandler(C, MPI_ERRORS_RETURN);
    for (i = 0; i < ne; i++) {
      if (getenv("TG_VERBOSE") && rank == 0) fprintf(stderr, "%s no scratch\n", tab[i].name);
      mixed(&tab[i], p, rank, (uint64_t)(i * 1000 + 997), i % 2, nc);
    }
    CHECK(irr__ctx_get(C, &ctx) == MPI_SUCCESS && ctx->scr.state == -1 && !ctx->scr.buf, "scratch state not agreed as none");
    MPI_Comm_free(&C);
    tg_fail = 0;
  }
  /* a scratch budget of 16 bytes: the mock-ups fall back, still correct */
  {
    MPI_Comm small;
    snprintf(env, sizeof env, "16");
    setenv("IRRCOLL_SCRATCH", env, 1);
    MPI_Comm_dup(MPI_COMM_WORLD, &small); /* a new context reads the budget */
    MPI_Comm_set_errhandler(small, MPI_ERRORS_RETURN);
    C = small;
    for (i = 0; i < ne; i++) one(&tab[i], p, rank, (uint64_t)(i * 1000 + 999), nc);
    MPI_Comm_free(&small);
  }
  free(A1), free(A2), free(S1), free(S2);
  MPI_Op_free(&nc);
  MPI_Op_free(&op_or);
  MPI_Op_free(&op_first);
  irrt_free_kinds();
  free_types();
  return mpi_summary_finalize();
}
