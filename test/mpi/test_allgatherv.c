/* test_allgatherv.c - IRR_Allgatherv against MPI_Allgatherv, byte for byte over whole
   sentinel-filled receive buffers (gaps included), on random cases the same on every rank:
   seed 004's six distributions and random sizes (several zero-size ranks), every rank its
   own send type of the same signature, consecutive / gapped / reversed displacements,
   MPI_IN_PLACE, the algorithm (auto, ring, Bruck), the model (default; a tiny alpha, so the
   ring cuts blocks of a few bytes; a huge one), a node layout (IRRCOLL_PPN) and communicators
   with shuffled ranks (MPI_Comm_split with random keys). Then bad input. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "../dist.h"
#include <stdlib.h>

enum { NTYPES = 4, UNIT = 6 };
static MPI_Datatype types[NTYPES];
static const int ints_per[NTYPES] = {1, 2, 3, 1};
static long ncases;

static void make_types(void) {
  MPI_Datatype t;
  types[0] = MPI_INT;
  MPI_Type_vector(2, 1, 3, MPI_INT, &types[1]);
  MPI_Type_commit(&types[1]);
  MPI_Type_contiguous(3, MPI_INT, &types[2]);
  MPI_Type_commit(&types[2]);
  MPI_Type_create_resized(MPI_INT, 0, 3 * (MPI_Aint)sizeof(int), &t);
  MPI_Type_dup(t, &types[3]);
  MPI_Type_free(&t);
  MPI_Type_commit(&types[3]);
}
static MPI_Aint ext_of(int t) {
  MPI_Aint lb, ext;
  MPI_Type_get_extent(types[t], &lb, &ext);
  return ext;
}
static void fill(unsigned char *b, size_t n, unsigned seed) {
  size_t i;
  for (i = 0; i < n; i++) b[i] = (unsigned char)(seed * 31u + i * 7u + 1u);
}

/* seed 004 Section 3's distributions (c: base count), then random with zeros */
static void dist(int d, int p, long c, irrt_rng *r, int64_t *m) {
  int i, L = 0;
  while ((1 << L) < p) L++;
  for (i = 0; i < p; i++) {
    switch (d) {
    case 0: m[i] = c; break;
    case 1: m[i] = i == 0 ? c : 0; break;
    case 2: m[i] = i == 0 ? c / 2 : c / (2 * (p > 1 ? p - 1 : 1)); break;
    case 3: m[i] = i % 2 == 0 ? 2 * c : 0; break;
    case 4: m[i] = p > 1 ? 2 * c * (p - 1 - i) / (p - 1) : c; break;
    case 5: { int g = 1; while (2 * g <= i + 1) g *= 2; m[i] = c * p / (g * (L > 0 ? L : 1)); break; }
    default: m[i] = irrt_range(r, 0, 3) == 0 ? 0 : irrt_range(r, 0, 2 * c); break;
    }
  }
}

static void run_case(MPI_Comm comm, unsigned seed, int k) {
  int rank, p, i, vt, mode, inplace, alg, mytype, e1, e2, n_me, ok, *cnt, *dsp;
  long c, pos = 0;
  int64_t *m;
  irrt_rng rng;
  size_t rbytes, sbytes;
  unsigned char *sb, *rn, *rx;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  rng.s = seed;
  c = irrt_range(&rng, 0, 4) == 0 ? 0 : irrt_range(&rng, 1, k % 4 == 0 ? 3000 : 40);
  vt = (int)irrt_range(&rng, 0, NTYPES - 1);
  mode = (int)irrt_range(&rng, 0, 2);
  inplace = irrt_range(&rng, 0, 3) == 0;
  alg = (int)irrt_range(&rng, 0, 2);
  m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  cnt = (int *)malloc((size_t)p * 2 * sizeof(int));
  dsp = cnt + p;
  dist(k % 7, p, c, &rng, m);
  for (i = 0; i < p; i++) cnt[i] = (int)(m[i] * UNIT / ints_per[vt]);
  for (i = 0; i < p; i++) {
    int j = mode == 2 ? p - 1 - i : i;
    if (mode >= 1) pos += (long)irrt_range(&rng, 0, 3);
    dsp[j] = (int)pos;
    pos += cnt[j];
  }
  mytype = (int)((seed + (unsigned)rank) % NTYPES);
  n_me = (int)(m[rank] * UNIT / ints_per[mytype]);
  rbytes = (size_t)(pos + 1) * (size_t)ext_of(vt) + 64;
  sbytes = (size_t)(n_me + 1) * (size_t)ext_of(mytype) + 64;
  sb = (unsigned char *)malloc(sbytes);
  rn = (unsigned char *)malloc(rbytes);
  rx = (unsigned char *)malloc(rbytes);
  fill(sb, sbytes, seed + (unsigned)rank);
  fill(rn, rbytes, 3);
  if (inplace) /* my block already in place: the same in both */
    MPI_Sendrecv(sb, n_me, types[mytype], 0, 5, rn + (size_t)dsp[rank] * (size_t)ext_of(vt), cnt[rank], types[vt], 0, 5,
                 MPI_COMM_SELF, MPI_STATUS_IGNORE);
  memcpy(rx, rn, rbytes);
  if (p > 1) e1 = MPI_Allgatherv(inplace ? MPI_IN_PLACE : sb, n_me, types[mytype], rn, cnt, dsp, types[vt], comm);
  else /* MPICH 4.0.2's MPI_Allgatherv ignores the displacement on one process */
    e1 = inplace ? MPI_SUCCESS : MPI_Sendrecv(sb, n_me, types[mytype], 0, 1, rn + (size_t)dsp[0] * (size_t)ext_of(vt), cnt[0],
                                              types[vt], 0, 1, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, alg == 1 ? IRR_ALG_RING : alg == 2 ? IRR_ALG_BRUCK : IRR_ALG_AUTO);
  if (k % 5 == 1 && c <= 40) IRR_Comm_set_model(comm, 1e-12, 1e-10); /* tiny blocks (few: the ring runs b rounds) */
  else if (k % 5 == 3) IRR_Comm_set_model(comm, 1e-3, 1e-10);
  else IRR_Comm_set_model(comm, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  e2 = IRR_Allgatherv(inplace ? MPI_IN_PLACE : sb, n_me, types[mytype], rx, cnt, dsp, types[vt], comm);
  ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(rn, rx, rbytes) == 0;
  CHECK(ok, "allgatherv differs: p=%d rank=%d case %d dist=%d c=%ld vt=%d mode=%d inplace=%d alg=%d (rc %d/%d)", p,
        rank, k, k % 7, c, vt, mode, inplace, alg, e1, e2);
  ncases++;
  free(sb); free(rn); free(rx); free(m); free(cnt);
}

static int cls(int e) {
  int c = e;
  if (e != MPI_SUCCESS) MPI_Error_class(e, &c);
  return c;
}

static void run_errors(MPI_Comm comm) {
  int rank, p, i, e, *cnt, *dsp, v[8], *out, a;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  cnt = (int *)malloc((size_t)p * 2 * sizeof(int));
  dsp = cnt + p;
  out = (int *)malloc((size_t)p * 4 * sizeof(int) + 16);
  for (i = 0; i < p; i++) cnt[i] = 2, dsp[i] = 2 * i;
  for (i = 0; i < 8; i++) v[i] = rank * 10 + i;
  for (a = 0; a < 2; a++) {
    IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, a ? IRR_ALG_BRUCK : IRR_ALG_RING);
    /* the last rank sends 3 ints where 2 are expected: it and the ranks downstream fail with
       MPI_ERR_TRUNCATE, nothing hangs, nothing is written past the blocks */
    for (i = 0; i < 2 * p + 4; i++) out[i] = -1;
    e = IRR_Allgatherv(v, rank == p - 1 ? 3 : 2, MPI_INT, out, cnt, dsp, MPI_INT, comm);
    CHECK((rank == p - 1 ? cls(e) == MPI_ERR_TRUNCATE : cls(e) == MPI_SUCCESS || cls(e) == MPI_ERR_TRUNCATE) &&
              out[2 * p] == -1,
          "allgatherv bad own count (%s): rank %d class %d", a ? "bruck" : "ring", rank, cls(e));
    e = IRR_Allgatherv(v, 2, MPI_INT, out, cnt, dsp, MPI_INT, comm);
    CHECK(e == MPI_SUCCESS && out[2 * (p - 1) + 1] == (p - 1) * 10 + 1, "allgatherv after an error (rank %d)", rank);
  }
  cnt[0] = -1;
  e = IRR_Allgatherv(v, 2, MPI_INT, out, cnt, dsp, MPI_INT, comm);
  CHECK(cls(e) == MPI_ERR_COUNT, "allgatherv negative count: class %d", cls(e));
  e = IRR_Allgatherv(v, 2, MPI_INT, out, NULL, dsp, MPI_INT, comm);
  CHECK(cls(e) == MPI_ERR_ARG, "allgatherv NULL counts: class %d", cls(e));
  e = IRR_Allgatherv(v, 2, MPI_INT, out, cnt, dsp, MPI_DATATYPE_NULL, comm);
  CHECK(cls(e) == MPI_ERR_TYPE, "allgatherv bad type: class %d", cls(e));
  CHECK(cls(IRR_Comm_set_model(comm, -1, 1)) == MPI_ERR_ARG, "set_model rejects a negative alpha");
  IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, IRR_ALG_AUTO);
  free(cnt); free(out);
  ncases += 7;
}

int main(int argc, char **argv) {
  int rank, p, k, ncase = argc > 1 ? atoi(argv[1]) : 40;
  irrt_rng rng = {2027};
  long all = 0;
  MPI_Comm shuffled, ppn, errc;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  make_types();
  { /* a permuted communicator: random keys */
    irrt_rng kr = {97};
    int i, key = 0;
    for (i = 0; i <= rank; i++) key = (int)irrt_range(&kr, 0, 1 << 20);
    MPI_Comm_split(MPI_COMM_WORLD, 0, key, &shuffled);
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &ppn); /* its first irrcoll call sees IRRCOLL_PPN=3: nodes of 3 ranks */
  setenv("IRRCOLL_PPN", "3", 1);
  IRR_Comm_set_model(ppn, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT); /* creates its context now */
  unsetenv("IRRCOLL_PPN");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  for (k = 0; k < ncase; k++) run_case(k % 3 == 0 ? shuffled : k % 3 == 1 ? ppn : MPI_COMM_WORLD, (unsigned)irrt_next(&rng), k);
  MPI_Comm_dup(MPI_COMM_WORLD, &errc);
  MPI_Comm_set_errhandler(errc, MPI_ERRORS_RETURN);
  run_errors(errc);
  MPI_Comm_free(&errc);
  MPI_Comm_free(&ppn);
  MPI_Comm_free(&shuffled);
  for (k = 1; k < NTYPES; k++) MPI_Type_free(&types[k]);
  MPI_Reduce(&ncases, &all, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  {
    long f = irrt_fail, fa = 0;
    MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    irrt_fail = fa;
  }
  if (rank == 0) printf("p=%d: %ld allgatherv cases compared with MPI_Allgatherv\n", p, all);
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
