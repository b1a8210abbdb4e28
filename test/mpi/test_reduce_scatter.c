/* test_reduce_scatter - IRR_Reduce_scatter and its forms against MPI_Reduce_scatter, byte for
   byte, on random inputs: every algorithm forced and the automatic choice; counts random
   with zeros, one dominant block, skewed (power laws, random empty ranks, random placement);
   int64 sums, integer-valued double sums, int maxima, a vector type with holes, a user
   operation that is commutative and one that is not (2x2 matrix products mod 2^64);
   MPI_IN_PLACE; _block, _c, nonblocking and persistent forms; bad input. Arguments: cases
   [seed]. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"

static int rank, p; /* in the shuffled communicator the tests run on */

/* 2x2 matrices of uint64 (a b; c d), row-major: inout = in * inout (MPI's order: in comes first) */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *dt) {
  uint64_t *a = (uint64_t *)in, *b = (uint64_t *)inout;
  int i;
  (void)dt;
  for (i = 0; i < *len; i++, a += 4, b += 4) {
    uint64_t r0 = a[0] * b[0] + a[1] * b[2], r1 = a[0] * b[1] + a[1] * b[3];
    uint64_t r2 = a[2] * b[0] + a[3] * b[2], r3 = a[2] * b[1] + a[3] * b[3];
    b[0] = r0, b[1] = r1, b[2] = r2, b[3] = r3;
  }
}
/* the vector type's two ints (at 0 and 12 bytes of its 16): MPI's predefined operations
   take predefined types only */
static void vsum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout, i;
  (void)dt;
  for (i = 0; i < *len; i++, a += 4, b += 4) b[0] += a[0], b[3] += a[3];
}
static void usersum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  uint64_t *a = (uint64_t *)in, *b = (uint64_t *)inout; /* int64 sums wrap around as MPI's do */
  int i;
  (void)dt;
  for (i = 0; i < *len; i++) b[i] += a[i];
}

enum { K_I64, K_DBL, K_MAX, K_HOLES, K_USERSUM, K_MAT, NKIND };
static const char *kname[NKIND] = {"int64 sum", "double sum", "int max", "vector with holes", "user sum", "matrix product"};
static MPI_Datatype ktype[NKIND];
static MPI_Op kop[NKIND];

static void setup_kinds(void) {
  MPI_Datatype v;
  MPI_Op s, m, vs;
  ktype[K_I64] = MPI_INT64_T, kop[K_I64] = MPI_SUM;
  ktype[K_DBL] = MPI_DOUBLE, kop[K_DBL] = MPI_SUM;
  ktype[K_MAX] = MPI_INT, kop[K_MAX] = MPI_MAX;
  MPI_Type_vector(2, 1, 3, MPI_INT, &v); /* ints at 0 and 3, extent 4 ints: holes */
  MPI_Type_commit(&v);
  MPI_Op_create(vsum, 1, &vs);
  ktype[K_HOLES] = v, kop[K_HOLES] = vs;
  MPI_Op_create(usersum, 1, &s);
  ktype[K_USERSUM] = MPI_INT64_T, kop[K_USERSUM] = s;
  MPI_Type_contiguous(4, MPI_UINT64_T, &v);
  MPI_Type_commit(&v);
  MPI_Op_create(matmul, 0, &m);
  ktype[K_MAT] = v, kop[K_MAT] = m;
}

/* element bytes in a buffer (the extent) */
static MPI_Aint extent(int k) {
  MPI_Aint lb, e;
  MPI_Type_get_extent(ktype[k], &lb, &e);
  return e;
}
/* Fill n elements of kind k (holes get their own pattern: they must stay as they were). */
static void fill_kind(int k, unsigned char *b, long n, irrt_rng *r) {
  long i, e = (long)extent(k);
  fill(b, (size_t)(n * e + 64), (unsigned)irrt_next(r));
  for (i = 0; i < n; i++) {
    unsigned char *x = b + i * e;
    if (k == K_DBL) { double d = (double)irrt_range(r, -1000, 1000); memcpy(x, &d, 8); }
    else if (k == K_I64 || k == K_USERSUM) { int64_t v = (int64_t)irrt_next(r); memcpy(x, &v, 8); }
    else if (k == K_MAX) { int v = (int)irrt_next(r); memcpy(x, &v, 4); }
    else if (k == K_HOLES) { int v = (int)irrt_range(r, -99999, 99999), w = (int)irrt_range(r, -99999, 99999); memcpy(x, &v, 4); memcpy(x + 12, &w, 4); }
    else { uint64_t m4[4]; int j; for (j = 0; j < 4; j++) m4[j] = irrt_next(r) % 5; memcpy(x, m4, 32); }
  }
}

static const irr_alg ALGS[] = {IRR_ALG_AUTO, IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_SPREAD, IRR_ALG_BRUCK,
                               IRR_ALG_HALVING, IRR_ALG_RING, IRR_ALG_PAIRWISE, IRR_ALG_GUARDED};
enum { NALGS = 9 };
enum { F_BLOCKING, F_INPLACE, F_BLOCK, F_C, F_NB, F_PERSIST, NFORM };
static const char *fname[NFORM] = {"blocking", "in place", "_block", "_c", "nonblocking", "persistent"};

/* One case: counts of distribution d (same on every rank: drawn from a shared seed), kind k,
   algorithm a, form f. */
static void one_case(MPI_Comm comm, uint64_t seed, int d, int k, int a, int f) {
  irrt_rng sr = {seed}, lr;
  int *cnt = malloc((size_t)p * sizeof(int)), i, rc, rc2 = MPI_SUCCESS, starts, s;
  int64_t m[1024];
  double w[1024];
  long n = 0, e = (long)extent(k);
  unsigned char *in, *out, *ref, *in2;
  int blockc = (int)irrt_range(&sr, 0, 5);
  if (d == 0) irrt_skew(&sr, p, 3, m, w);
  else for (i = 0; i < p; i++) m[i] = d == 1 ? irrt_range(&sr, 0, 6) * (irrt_range(&sr, 0, 3) > 0) : d == 2 ? (i == (int)(seed % (unsigned)p) ? 40 : irrt_range(&sr, 0, 2)) : blockc;
  if (f == F_BLOCK) for (i = 0; i < p; i++) m[i] = blockc;
  for (i = 0; i < p; i++) cnt[i] = (int)m[i], n += m[i];
  lr.s = seed * 1000003u + (uint64_t)rank;
  in = malloc((size_t)(n * e + 64)), in2 = malloc((size_t)(n * e + 64));
  out = malloc((size_t)((n + 1) * e + 64)), ref = malloc((size_t)((n + 1) * e + 64));
  fill_kind(k, in, n, &lr);
  fill(out, (size_t)((n + 1) * e + 64), 7u), fill(ref, (size_t)((n + 1) * e + 64), 7u);
  IRR_Comm_set_alg(comm, IRR_COLL_REDUCE_SCATTER, ALGS[a]);
  if (f == F_INPLACE) { /* the reference in place too: the holes of the result are the input's */
    memcpy(ref, in, (size_t)(n * e));
    MPI_Reduce_scatter(MPI_IN_PLACE, ref, cnt, ktype[k], kop[k], comm);
  } else {
    MPI_Reduce_scatter(in, ref, cnt, ktype[k], kop[k], comm);
  }
  starts = f == F_PERSIST ? 2 : 1;
  for (s = 0; s < starts; s++) {
    if (f == F_INPLACE) {
      memcpy(out, in, (size_t)(n * e));
      rc = IRR_Reduce_scatter(MPI_IN_PLACE, out, cnt, ktype[k], kop[k], comm);
    } else if (f == F_BLOCK) {
      rc = IRR_Reduce_scatter_block(in, out, blockc, ktype[k], kop[k], comm);
    } else if (f == F_C) {
#if MPI_VERSION >= 4
      MPI_Count *cc = malloc((size_t)p * sizeof(MPI_Count));
      for (i = 0; i < p; i++) cc[i] = cnt[i];
      rc = IRR_Reduce_scatter_c(in, out, cc, ktype[k], kop[k], comm);
      free(cc);
#else
      rc = IRR_Reduce_scatter(in, out, cnt, ktype[k], kop[k], comm);
#endif
    } else if (f == F_NB) {
      IRR_Request req;
      rc = IRR_Ireduce_scatter(in, out, cnt, ktype[k], kop[k], comm, &req);
      if (rc == MPI_SUCCESS) rc2 = IRR_Wait(&req, MPI_STATUS_IGNORE);
    } else if (f == F_PERSIST) {
      static IRR_Request req;
      if (s == 0) rc = IRR_Reduce_scatter_init(in, out, cnt, ktype[k], kop[k], comm, MPI_INFO_NULL, &req);
      else rc = MPI_SUCCESS;
      if (s == 1) { /* new data, same buffers: the second start reads it */
        fill_kind(k, in, n, &lr);
        fill(ref, (size_t)((n + 1) * e + 64), 7u);
        MPI_Reduce_scatter(in, ref, cnt, ktype[k], kop[k], comm);
      }
      if (rc == MPI_SUCCESS) rc2 = IRR_Start(&req);
      if (rc2 == MPI_SUCCESS) rc2 = IRR_Wait(&req, MPI_STATUS_IGNORE);
      if (s == 1) IRR_Request_free(&req);
    } else {
      rc = IRR_Reduce_scatter(in, out, cnt, ktype[k], kop[k], comm);
    }
    CHECK(rc == MPI_SUCCESS && rc2 == MPI_SUCCESS, "rc %d/%d: %s %s %s p=%d", rc, rc2, kname[k], irr_alg_name(ALGS[a]), fname[f], p);
    if (f == F_BLOCKING && n > 0) { /* the same counts again, new data: the kept plan runs */
      irr_call_info ci;
      CHECK(memcmp(out, ref, (size_t)(cnt[rank] * e)) == 0, "first call differs: %s %s p=%d", kname[k], irr_alg_name(ALGS[a]), p);
      fill_kind(k, in, n, &lr);
      fill(ref, (size_t)((n + 1) * e + 64), 7u);
      MPI_Reduce_scatter(in, ref, cnt, ktype[k], kop[k], comm);
      rc = IRR_Reduce_scatter(in, out, cnt, ktype[k], kop[k], comm);
      /* guarded, equal blocks on 2^k ranks go to MPI before any choice: nothing to keep */
      CHECK(rc == MPI_SUCCESS && IRR_Comm_get_last_call(comm, &ci) == MPI_SUCCESS && ci.coll == IRR_COLL_REDUCE_SCATTER &&
                (ci.repeat || (ALGS[a] == IRR_ALG_GUARDED && ci.alg == IRR_ALG_COUNT)),
            "a repeated call keeps its plan: %s %s p=%d", kname[k], irr_alg_name(ALGS[a]), p);
    }
    /* the block, and the bytes after it (and holes) untouched; in place: the rest of the input is MPI's business */
    CHECK(memcmp(out, ref, (size_t)(cnt[rank] * e)) == 0 && (f == F_INPLACE || memcmp(out + cnt[rank] * e, ref + cnt[rank] * e, 64) == 0),
          "result differs: %s %s %s p=%d rank %d (block %d of %ld)", kname[k], irr_alg_name(ALGS[a]), fname[f], p, rank, cnt[rank], n);
  }
  (void)in2;
  free(cnt), free(in), free(in2), free(out), free(ref);
}

/* Bad input: errors every rank sees (no message), a bad buffer on one rank (the others
   fail too, nobody hangs), and the communicator works afterwards. Guarded, the errors every
   rank sees are still irrcoll's: they come before the guard; a bad buffer there is MPI's
   own business wherever the guard hands the call to MPI, so it is not tried. */
static int cls(int rc) {
  int c = rc;
  if (rc != MPI_SUCCESS) MPI_Error_class(rc, &c);
  return c;
}
static void bad_input(MPI_Comm comm) {
  int *cnt = malloc((size_t)p * sizeof(int)), i, rc, c;
  int64_t *in = calloc((size_t)(p * 3 + 1), 8), *out = calloc(4, 8);
  for (i = 0; i < p; i++) cnt[i] = 3;
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  IRR_Comm_set_alg(comm, IRR_COLL_REDUCE_SCATTER, IRR_ALG_GUARDED);
  cnt[p - 1] = -1;
  CHECK(cls(IRR_Reduce_scatter(in, out, cnt, MPI_INT64_T, MPI_SUM, comm)) == MPI_ERR_COUNT, "guarded, negative count: MPI_ERR_COUNT");
  cnt[p - 1] = 3;
  CHECK(cls(IRR_Reduce_scatter(in, out, cnt, MPI_INT64_T, MPI_OP_NULL, comm)) == MPI_ERR_OP, "guarded, null op: MPI_ERR_OP");
  IRR_Comm_set_alg(comm, IRR_COLL_REDUCE_SCATTER, IRR_ALG_AUTO);
  cnt[p - 1] = -1;
  CHECK(cls(IRR_Reduce_scatter(in, out, cnt, MPI_INT64_T, MPI_SUM, comm)) == MPI_ERR_COUNT, "negative count: MPI_ERR_COUNT");
  cnt[p - 1] = 3;
  CHECK(cls(IRR_Reduce_scatter(in, out, NULL, MPI_INT64_T, MPI_SUM, comm)) == MPI_ERR_ARG, "NULL counts: MPI_ERR_ARG");
  CHECK(cls(IRR_Reduce_scatter(in, out, cnt, MPI_DATATYPE_NULL, MPI_SUM, comm)) == MPI_ERR_TYPE, "null type: MPI_ERR_TYPE");
  CHECK(cls(IRR_Reduce_scatter(in, out, cnt, MPI_INT64_T, MPI_OP_NULL, comm)) == MPI_ERR_OP, "null op: MPI_ERR_OP");
  CHECK(cls(IRR_Reduce_scatter(in, MPI_IN_PLACE, cnt, MPI_INT64_T, MPI_SUM, comm)) == MPI_ERR_BUFFER, "in place recvbuf: MPI_ERR_BUFFER");
  rc = IRR_Reduce_scatter(rank == p - 1 ? NULL : (void *)in, out, cnt, MPI_INT64_T, MPI_SUM, comm);
  c = cls(rc);
  if (rank == p - 1) CHECK(c == MPI_ERR_BUFFER, "NULL sendbuf on one rank: MPI_ERR_BUFFER there (got %d)", c);
  else CHECK(p == 1 || c == MPI_ERR_TRUNCATE, "NULL sendbuf on another rank: MPI_ERR_TRUNCATE (got %d)", c);
  for (i = 0; i < p * 3; i++) in[i] = rank + i;
  rc = IRR_Reduce_scatter(in, out, cnt, MPI_INT64_T, MPI_SUM, comm);
  CHECK(rc == MPI_SUCCESS && out[0] == (int64_t)p * (p - 1) / 2 + (int64_t)p * 3 * rank, "works afterwards (rc %d, %lld)", rc, (long long)out[0]);
  {
    IRR_Request req;
    CHECK(cls(IRR_Reduce_scatter_init(in, out, cnt, MPI_INT64_T, MPI_OP_NULL, comm, MPI_INFO_NULL, &req)) == MPI_ERR_OP &&
              req == IRR_REQUEST_NULL, "init with a null op: MPI_ERR_OP, no request");
  }
  free(cnt), free(in), free(out);
}

/* The interception library's default entries (IRR_ALG_GUARDED) on a fresh communicator:
   equal counts (MPI's own before irrcoll makes any context on 2^k ranks), one block of
   half the vector at 1 KiB a rank (irrcoll's), Zipf-like and random counts; each against
   MPI_Reduce_scatter, and Reduce_scatter_block's entry against MPI's. */
static void guarded_entries(uint64_t seed) {
  irrt_rng sr = {seed};
  int *cnt = malloc((size_t)p * sizeof(int)), i, c, rc, tot;
  int64_t *in, *out, *ref;
  MPI_Comm fresh;
  for (c = 0; c < 4; c++) {
    MPI_Comm_dup(MPI_COMM_WORLD, &fresh);
    for (i = 0, tot = 0; i < p; i++) {
      cnt[i] = c == 0 ? 5 : c == 1 ? (i == p / 3 ? 128 * p / 2 : 64) : c == 2 ? 200 / (i + 1) : (int)irrt_range(&sr, 0, 40);
      tot += cnt[i];
    }
    in = malloc((size_t)(tot + 8 * p) * 8), out = malloc((size_t)(tot + 8) * 8), ref = malloc((size_t)(tot + 8) * 8);
    for (i = 0; i < tot + 8 * p; i++) in[i] = (int64_t)(irrt_next(&sr) % 1000003) + rank; /* the block form reads 8 p at most */
    MPI_Reduce_scatter(in, ref, cnt, MPI_INT64_T, MPI_SUM, fresh);
    rc = IRR_Reduce_scatter_irr_guarded(in, out, cnt, MPI_INT64_T, MPI_SUM, fresh);
    CHECK(rc == MPI_SUCCESS && memcmp(out, ref, (size_t)cnt[rank] * 8) == 0, "guarded entry, counts %d p=%d: rc %d", c, p, rc);
    MPI_Reduce_scatter_block(in, ref, cnt[0] < 8 ? cnt[0] : 8, MPI_INT64_T, MPI_SUM, fresh);
    rc = IRR_Reduce_scatter_block_irr_guarded(in, out, cnt[0] < 8 ? cnt[0] : 8, MPI_INT64_T, MPI_SUM, fresh);
    CHECK(rc == MPI_SUCCESS && memcmp(out, ref, (size_t)(cnt[0] < 8 ? cnt[0] : 8) * 8) == 0, "guarded block entry %d p=%d: rc %d", c, p, rc);
    free(in), free(out), free(ref);
    MPI_Comm_free(&fresh);
  }
  free(cnt);
}

/* The plan kept for repeated counts belongs to blocking calls: a request in between, with
   other counts, plans for itself and must leave it alone. Blocking on counts A (kept), a
   nonblocking call on B, then blocking on B: before the fix the last ran A's program
   under B's key. */
static void cache_after_request(MPI_Comm comm) {
  int *a = malloc((size_t)p * sizeof(int)), *b = malloc((size_t)p * sizeof(int)), i, j, rc;
  int64_t *in = malloc((size_t)(8 * p + 8) * 8), out[16], ref[16];
  IRR_Request req;
  IRR_Comm_set_alg(comm, IRR_COLL_REDUCE_SCATTER, IRR_ALG_AUTO);
  for (i = 0; i < p; i++) a[i] = 3, b[i] = i == p / 2 ? 7 : 1;
  for (i = 0; i < 8 * p + 8; i++) in[i] = (int64_t)(rank + 1) * (i + 3);
  for (j = 0; j < 2; j++) { /* A blocking twice (the second keeps and reuses) */
    rc = IRR_Reduce_scatter(in, out, a, MPI_INT64_T, MPI_SUM, comm);
    CHECK(rc == MPI_SUCCESS, "counts A, blocking: rc %d", rc);
  }
  rc = IRR_Ireduce_scatter(in, out, b, MPI_INT64_T, MPI_SUM, comm, &req);
  if (rc == MPI_SUCCESS) rc = IRR_Wait(&req, MPI_STATUS_IGNORE);
  CHECK(rc == MPI_SUCCESS, "counts B, nonblocking: rc %d", rc);
  MPI_Reduce_scatter(in, ref, b, MPI_INT64_T, MPI_SUM, comm);
  memset(out, 0, sizeof out);
  rc = IRR_Reduce_scatter(in, out, b, MPI_INT64_T, MPI_SUM, comm);
  CHECK(rc == MPI_SUCCESS && memcmp(out, ref, (size_t)b[rank] * 8) == 0, "counts B, blocking after the request: rc %d", rc);
  free(a), free(b), free(in);
}

int main(int argc, char **argv) {
  int cases = argc > 1 ? atoi(argv[1]) : 20, c, k, a, f;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
  MPI_Comm comm;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (!seed) {
    seed = (uint64_t)time(NULL) * 1000003u;
    MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  }
  if (rank == 0) printf("seed %llu\n", (unsigned long long)seed);
  setup_kinds();
  shuffled_world(seed, &comm);
  MPI_Comm_rank(comm, &rank);
  for (c = 0; c < cases; c++)
    for (k = 0; k < NKIND; k++)
      for (a = 0; a < NALGS; a++)
        for (f = 0; f < NFORM; f++) {
          if (f != F_BLOCKING && a != 0 && (c + k + a + f) % 3) continue; /* the forms mostly with auto */
          one_case(comm, seed + (uint64_t)c * 7919u + (uint64_t)f, c % 4, k, a, f);
        }
  cache_after_request(comm);
  guarded_entries(seed);
  bad_input(comm);
  MPI_Comm_free(&comm);
  MPI_Type_free(&ktype[K_HOLES]), MPI_Type_free(&ktype[K_MAT]);
  MPI_Op_free(&kop[K_USERSUM]), MPI_Op_free(&kop[K_MAT]), MPI_Op_free(&kop[K_HOLES]);
  return mpi_summary_finalize();
}
