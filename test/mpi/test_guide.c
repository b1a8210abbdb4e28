#define _POSIX_C_SOURCE 200809L
/* test_guide.c - every performance-guideline mock-up (IRR_Guide_table) against the native
 * operation, byte for byte over whole sentinel-filled buffers: random sizes and roots,
 * MPI_INT and a derived type with holes (the byte mock-ups fall back there), MPI_IN_PLACE
 * where MPI allows it, reductions with MPI_SUM, MPI_BOR, MPI_MAX and a non-commutative
 * user operation (a op b = a), a tiny scratch budget (every mock-up that needs memory falls back).
 *   mpiexec -n K ./test_guide [cases] */
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

int main(int argc, char **argv) {
  int p, rank, ne, i, c, cases;
  const irr_gl_entry *tab;
  MPI_Op nc;
  char env[32];
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  cases = argc > 1 ? atoi(argv[1]) : 12;
  make_types();
  MPI_Op_create(noncomm, 0, &nc);
  A1 = malloc(BUF), A2 = malloc(BUF), S1 = malloc(BUF), S2 = malloc(BUF);
  tab = IRR_Guide_table(&ne);
  CHECK(ne >= 36, "table has %d entries", ne);
  for (i = 0; i < ne; i++) {
    MPI_Comm_dup(MPI_COMM_WORLD, &C); /* fresh: the first use of a communicator must work too */
    for (c = 0; c < cases; c++) {
      if (getenv("TG_VERBOSE") && rank == 0) fprintf(stderr, "%s %d\n", tab[i].name, c);
      one(&tab[i], p, rank, (uint64_t)(i * 1000 + c), nc);
    }
    MPI_Comm_free(&C);
  }
  /* a scratch budget of 16 bytes: the mock-ups fall back, still correct */
  {
    MPI_Comm small;
    snprintf(env, sizeof env, "16");
    setenv("IRRCOLL_SCRATCH", env, 1);
    MPI_Comm_dup(MPI_COMM_WORLD, &small); /* a new context reads the budget */
    C = small;
    for (i = 0; i < ne; i++) one(&tab[i], p, rank, (uint64_t)(i * 1000 + 999), nc);
    MPI_Comm_free(&small);
  }
  free(A1), free(A2), free(S1), free(S2);
  MPI_Op_free(&nc);
  free_types();
  return mpi_summary_finalize();
}
