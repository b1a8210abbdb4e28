/* test_allgatherv.c - IRR_Allgatherv against MPI_Allgatherv, byte for byte over whole
   sentinel-filled receive buffers (gaps included), on random cases the same on every rank:
   seed 004's six distributions and random sizes (several zero-size ranks), every rank its
   own send type of the same signature, consecutive / gapped / reversed displacements,
   MPI_IN_PLACE, the algorithm (auto, ring, Bruck, node-aware), the model (default; a tiny alpha, so the
   ring cuts blocks of a few bytes; a huge one), a node layout (IRRCOLL_PPN) and communicators
   with shuffled ranks (MPI_Comm_split, keys a random permutation). Then bad input. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"

static long ncases;

/* seed 004 Section 3's distributions (c: base count), then random with zeros */
static void dist(int d, int p, long c, irrt_rng *r, int64_t *m) {
  int i;
  if (d < IRRT_AG_NDIST) irrt_dist_ag(d, p, c, m);
  else
    for (i = 0; i < p; i++) m[i] = irrt_range(r, 0, 3) == 0 ? 0 : irrt_range(r, 0, 2 * c);
}

/* IRRCOLL_CPU (mpi/ctx.h): the model's CPU constants are rank 0's on every rank, whatever
   the others' environments say; a malformed value leaves the defaults. Read off the model's
   CPU term of this rank's part of one Allgatherv (irr_call_info.cpu_model_s) on a fresh
   communicator whose ranks each set IRRCOLL_CPU to mine (rank 0) or other (the rest). */
static double cpu_env_call(const char *mine, const char *other) {
  MPI_Comm c;
  irr_call_info info;
  int rank, p, i, *cnt, *dsp, one = 0, sb[4] = {1, 2, 3, 4}, *rb;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  cnt = (int *)malloc((size_t)p * sizeof(int)), dsp = (int *)malloc((size_t)p * sizeof(int));
  rb = (int *)malloc((size_t)p * 4 * sizeof(int));
  for (i = 0; i < p; i++) cnt[i] = 1 + i % 4, dsp[i] = one, one += cnt[i];
  MPI_Comm_dup(MPI_COMM_WORLD, &c);
  if (rank == 0 ? mine : other) setenv("IRRCOLL_CPU", rank == 0 ? mine : other, 1);
  else unsetenv("IRRCOLL_CPU");
  CHECK(IRR_Allgatherv(sb, cnt[rank], MPI_INT, rb, cnt, dsp, MPI_INT, c) == MPI_SUCCESS, "cpu_env: allgatherv");
  unsetenv("IRRCOLL_CPU");
  info.cpu_model_s = -1;
  CHECK(IRR_Comm_get_last_call(c, &info) == MPI_SUCCESS, "cpu_env: last call");
  MPI_Comm_free(&c);
  free(cnt), free(dsp), free(rb);
  return info.cpu_model_s;
}
static void cpu_env(void) {
  int p;
  double dflt = cpu_env_call(NULL, NULL), zero = cpu_env_call("0", "msg=1e-3");
  double big = cpu_env_call("msg=1e-3,size=0", "0"), bad = cpu_env_call("msg=1e-3,sizes=0", "msg=1e-3");
  double lo[3], hi[3];
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  lo[0] = dflt, lo[1] = big, lo[2] = bad == dflt; /* the least over the ranks */
  hi[0] = zero, hi[1] = 0, hi[2] = 0;             /* the most */
  MPI_Allreduce(MPI_IN_PLACE, lo, 3, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, hi, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  CHECK(p == 1 || lo[0] > 0, "cpu_env: the default model charges the CPU (%g)", lo[0]);
  CHECK(hi[0] == 0, "cpu_env: IRRCOLL_CPU=0 on rank 0 holds everywhere (%g)", hi[0]);
  CHECK(p == 1 || lo[1] >= 1e-3, "cpu_env: rank 0's msg=1e-3 holds everywhere (%g)", lo[1]);
  CHECK(lo[2] == 1, "cpu_env: a malformed IRRCOLL_CPU leaves the defaults");
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
  alg = (int)irrt_range(&rng, 0, 5);
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
  e1 = irrt_ref_allgatherv(inplace ? MPI_IN_PLACE : sb, n_me, types[mytype], rn, cnt, dsp, types[vt], comm);
  IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV,
                   alg == 1   ? IRR_ALG_RING
                   : alg == 2 ? IRR_ALG_BRUCK
                   : alg == 3 ? IRR_ALG_HIER
                   : alg == 4 ? IRR_ALG_NEIGHBOR
                   : alg == 5 ? IRR_ALG_CIRCULANT
                              : IRR_ALG_AUTO);
  if (k % 5 == 1 && c <= 40) IRR_Comm_set_model(comm, 1e-12, 1e-10); /* tiny blocks (few: the ring runs b rounds) */
  else if (k % 5 == 3) IRR_Comm_set_model(comm, 1e-3, 1e-10);
  else IRR_Comm_set_model(comm, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  e2 = IRR_Allgatherv(inplace ? MPI_IN_PLACE : sb, n_me, types[mytype], rx, cnt, dsp, types[vt], comm);
  ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(rn, rx, rbytes) == 0;
  CHECK(ok, "allgatherv differs: p=%d rank=%d case %d dist=%d c=%ld vt=%d mode=%d inplace=%d alg=%d (rc %d/%d)", p,
        rank, k, k % 7, c, vt, mode, inplace, alg, e1, e2);
  if (k % 2 == 0) { /* the same counts again: the kept plan (mpi/cache.h), in this buffer, another, this one again,
                       then in place if it was not (and the other way round): not the same plan */
    unsigned char *ry = (unsigned char *)malloc(rbytes + 32);
    int rep;
    for (rep = 0; rep < 4; rep++) {
      unsigned char *dst = rep == 1 ? ry + 8 : rx;
      int ip = rep == 3 ? !inplace : inplace;
      irr_call_info info;
      fill(dst, rbytes, 3);
      if (ip)
        MPI_Sendrecv(sb, n_me, types[mytype], 0, 5, dst + (size_t)dsp[rank] * (size_t)ext_of(vt), cnt[rank], types[vt], 0, 5,
                     MPI_COMM_SELF, MPI_STATUS_IGNORE);
      e2 = IRR_Allgatherv(ip ? MPI_IN_PLACE : sb, n_me, types[mytype], dst, cnt, dsp, types[vt], comm);
      CHECK(e2 == MPI_SUCCESS && memcmp(rn, dst, rbytes) == 0, "repeated allgatherv differs: p=%d rank=%d case %d rep %d alg=%d (rc %d)",
            p, rank, k, rep, alg, e2);
      CHECK(IRR_Comm_get_last_call(comm, &info) == MPI_SUCCESS && info.coll == IRR_COLL_ALLGATHERV && info.repeat == (rep < 3) &&
                info.alg < IRR_ALG_COUNT,
            "repeated allgatherv: last call coll %d alg %d repeat %d (p=%d case %d)", (int)info.coll, (int)info.alg,
            info.repeat, p, k);
    }
    free(ry);
  }
#if MPI_VERSION >= 4
  if (k % 3 == 0) { /* the large-count variant: the same bytes */
    MPI_Count *cc = (MPI_Count *)malloc((size_t)p * sizeof(MPI_Count));
    MPI_Aint *dc = (MPI_Aint *)malloc((size_t)p * sizeof(MPI_Aint));
    unsigned char *rc = (unsigned char *)malloc(rbytes);
    for (i = 0; i < p; i++) cc[i] = cnt[i], dc[i] = dsp[i];
    fill(rc, rbytes, 3);
    if (inplace)
      MPI_Sendrecv(sb, n_me, types[mytype], 0, 5, rc + (size_t)dsp[rank] * (size_t)ext_of(vt), cnt[rank], types[vt], 0, 5,
                   MPI_COMM_SELF, MPI_STATUS_IGNORE);
    e2 = IRR_Allgatherv_c(inplace ? MPI_IN_PLACE : sb, n_me, types[mytype], rc, cc, dc, types[vt], comm);
    CHECK(e2 == MPI_SUCCESS && memcmp(rn, rc, rbytes) == 0, "IRR_Allgatherv_c differs: p=%d rank=%d case %d (rc %d)", p,
          rank, k, e2);
    free(cc), free(dc), free(rc);
  }
#endif
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
  static const irr_alg ealg[] = {IRR_ALG_RING, IRR_ALG_BRUCK, IRR_ALG_HIER, IRR_ALG_NEIGHBOR, IRR_ALG_CIRCULANT};
  for (a = 0; a < 5; a++) { /* the node-aware one: comm has IRRCOLL_PPN=3 nodes; neighbor: on odd p the ring */
    IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, ealg[a]);
    /* the last rank sends 3 ints where 2 are expected: it and the ranks downstream fail with
       MPI_ERR_TRUNCATE, nothing hangs, nothing is written past the blocks */
    for (i = 0; i < 2 * p + 4; i++) out[i] = -1;
    e = IRR_Allgatherv(v, rank == p - 1 ? 3 : 2, MPI_INT, out, cnt, dsp, MPI_INT, comm);
    CHECK((rank == p - 1 ? cls(e) == MPI_ERR_TRUNCATE : cls(e) == MPI_SUCCESS || cls(e) == MPI_ERR_TRUNCATE) &&
              out[2 * p] == -1,
          "allgatherv bad own count (%s): rank %d class %d", irr_alg_name(ealg[a]), rank, cls(e));
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
  ncases += 9;
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
  shuffled_world(97, &shuffled);
  MPI_Comm_dup(MPI_COMM_WORLD, &ppn); /* its first irrcoll call sees IRRCOLL_PPN=3: nodes of 3 ranks */
  setenv("IRRCOLL_PPN", "3", 1);
  IRR_Comm_set_model(ppn, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT); /* creates its context now */
  unsetenv("IRRCOLL_PPN");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  cpu_env();
  for (k = 0; k < ncase; k++) run_case(k % 3 == 0 ? shuffled : k % 3 == 1 ? ppn : MPI_COMM_WORLD, (unsigned)irrt_next(&rng), k);
  MPI_Comm_dup(MPI_COMM_WORLD, &errc); /* nodes of 3 ranks, as ppn */
  setenv("IRRCOLL_PPN", "3", 1);
  IRR_Comm_set_model(errc, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  unsetenv("IRRCOLL_PPN");
  MPI_Comm_set_errhandler(errc, MPI_ERRORS_RETURN);
  run_errors(errc);
  MPI_Comm_free(&errc);
  MPI_Comm_free(&ppn);
  MPI_Comm_free(&shuffled);
  free_types();
  MPI_Reduce(&ncases, &all, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("p=%d: %ld allgatherv cases compared with MPI_Allgatherv\n", p, all);
  return mpi_summary_finalize();
}
