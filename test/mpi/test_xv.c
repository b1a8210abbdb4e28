/* test_xv.c - IRR_XGatherv, IRR_XScatterv, IRR_XAllgatherv, IRR_XAlltoallv against what a
   user must do today: exchange the counts first (MPI_Gather/Scatter/Allgather/Alltoall),
   then the native v-operation. Byte for byte, whole buffers (sentinel-filled, gaps
   included), plus the returned counts and displacements. Random cases (the same on every
   rank): seed 000's distributions with zeros and one huge block, every root, consecutive
   (IRR_DISPL_CONSECUTIVE) and explicit displacements (gaps, reverse order), derived types
   (every rank its own send type, same signature), known and unknown sizes, each algorithm,
   world and a communicator with shuffled ranks. Then the error cases: a receive bound too
   small (MPI_ERR_TRUNCATE, nothing written past the bound, true counts returned, the
   communicator still works), a type that does not divide, bad arguments. With an MPI-4
   library every other case goes through the `_c` entry points (MPI_Count counts, MPI_Aint
   displacements; the markers in those arrays), compared the same way, plus the int entry
   points' MPI_ERR_COUNT where a consecutive displacement passes INT_MAX, which the `_c` ones
   return whole. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"

static long ncases;
static int handler_calls;
static int use_c; /* this case goes through the `_c` entry points (MPI-4 only) */

/* The X entry points on int arrays, through the `_c` variants when use_c: the arrays are
   copied to MPI_Count/MPI_Aint (markers as they are) and back; a value that comes back past
   an int is a failure (wrapped[0]). n: entries of recvcounts/displs read or written. */
static int wrapped[1];
#if MPI_VERSION >= 4
static MPI_Count *cwide(const int *a, int n) {
  MPI_Count *w = (MPI_Count *)malloc((size_t)(n > 0 ? n : 1) * sizeof(MPI_Count));
  int i;
  for (i = 0; i < n && a; i++) w[i] = a[i];
  return a ? w : (free(w), (MPI_Count *)NULL);
}
static MPI_Aint *awide(const int *a, int n) {
  MPI_Aint *w = (MPI_Aint *)malloc((size_t)(n > 0 ? n : 1) * sizeof(MPI_Aint));
  int i;
  for (i = 0; i < n && a; i++) w[i] = a[i];
  return a ? w : (free(w), (MPI_Aint *)NULL);
}
static void back(int *a, MPI_Count *c, MPI_Aint *d, int n) { /* and free the wide copy */
  int i;
  for (i = 0; i < n && a; i++) {
    long long v = c ? (long long)c[i] : (long long)d[i];
    if (v < INT_MIN || v > INT_MAX) wrapped[0]++;
    a[i] = (int)v;
  }
  free(c);
  free(d);
}
#endif
static int x_gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int bound, int *rc, int *rd, MPI_Datatype rt,
                     int root, MPI_Comm comm, int n) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c = cwide(rc, n);
    MPI_Aint *d = awide(rd, n);
    int e = IRR_XGatherv_c(sb, sc, st, rb, bound, c, d, rt, root, comm);
    back(rc, c, NULL, n);
    back(rd, NULL, d, n);
    return e;
  }
#else
  (void)n;
#endif
  return IRR_XGatherv(sb, sc, st, rb, bound, rc, rd, rt, root, comm);
}
static int x_scatterv(const void *sb, const int *sc, int *sd, MPI_Datatype st, void *rb, int bound, int *rcount,
                      MPI_Datatype rt, int root, MPI_Comm comm, int n) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c = cwide(sc, n), *r = cwide(rcount, 1);
    MPI_Aint *d = awide(sd, n);
    int e = IRR_XScatterv_c(sb, c, d, st, rb, bound, r, rt, root, comm);
    free(c);
    back(sd, NULL, d, n);
    back(rcount, r, NULL, 1);
    return e;
  }
#else
  (void)n;
#endif
  return IRR_XScatterv(sb, sc, sd, st, rb, bound, rcount, rt, root, comm);
}
static int x_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int bound, int *rc, int *rd, MPI_Datatype rt,
                        MPI_Comm comm, int n) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c = cwide(rc, n);
    MPI_Aint *d = awide(rd, n);
    int e = IRR_XAllgatherv_c(sb, sc, st, rb, bound, c, d, rt, comm);
    back(rc, c, NULL, n);
    back(rd, NULL, d, n);
    return e;
  }
#else
  (void)n;
#endif
  return IRR_XAllgatherv(sb, sc, st, rb, bound, rc, rd, rt, comm);
}
static int x_alltoallv(const void *sb, const int *sc, const int *sd, MPI_Datatype st, void *rb, int bound, int *rc,
                       int *rd, MPI_Datatype rt, MPI_Comm comm, int n) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c = cwide(sc, n), *r = cwide(rc, n);
    MPI_Aint *d = awide(sd, n), *q = awide(rd, n);
    int e = IRR_XAlltoallv_c(sb, c, d, st, rb, bound, r, q, rt, comm);
    free(c);
    free(d);
    back(rc, r, NULL, n);
    back(rd, NULL, q, n);
    return e;
  }
#else
  (void)n;
#endif
  return IRR_XAlltoallv(sb, sc, sd, st, rb, bound, rc, rd, rt, comm);
}

static unsigned char *buf(size_t n, unsigned seed) {
  unsigned char *b = (unsigned char *)malloc(n);
  fill(b, n, seed);
  return b;
}

/* displacements of counts[] in elements: consecutive, or with gaps, or reversed with gaps */
static long layout(int mode, int p, const int *cnt, int *dsp, irrt_rng *r) {
  long pos = 0;
  int i;
  for (i = 0; i < p; i++) {
    int j = mode == 2 ? p - 1 - i : i;
    if (mode >= 1) pos += (long)irrt_range(r, 0, 3);
    dsp[j] = (int)pos;
    pos += cnt[j];
  }
  return pos;
}

typedef struct {
  int dist, root, vt, disp_mode, alg, comm_kind, unknown;
  long b;
  unsigned seed;
} tcase;

static const char *desc(const tcase *c) {
  static char s[200];
  snprintf(s, sizeof s, "dist=%s b=%ld root=%d vt=%d disp=%d alg=%d comm=%d unknown=%d _c=%d", irrt_dist_name[c->dist],
           c->b, c->root, c->vt, c->disp_mode, c->alg, c->comm_kind, c->unknown, use_c);
  return s;
}

/* XGatherv, XScatterv, XAllgatherv with the same block sizes (ints, multiples of UNIT) */
static void run_rooted(const tcase *c, MPI_Comm comm) {
  int rank, p, i, root, mytype, ok, e1, e2, *cnt, *dsp, *xc, *xd, n_me, bound;
  long tot;
  int64_t *m;
  irrt_rng rng;
  unsigned char *sb, *rn, *rx;
  size_t rbytes, obytes;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  root = c->root % p;
  rng.s = c->seed;
  m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  cnt = (int *)malloc((size_t)p * 4 * sizeof(int));
  dsp = cnt + p;
  xc = dsp + p;
  xd = xc + p;
  irrt_dist(c->dist, p, c->b, &rng, m);
  for (i = 0; i < p; i++) cnt[i] = (int)(m[i] * UNIT / ints_per[c->vt]); /* elements of vt */
  tot = layout(c->disp_mode, p, cnt, dsp, &rng);
  bound = (int)tot + (int)irrt_range(&rng, 0, 2);
  mytype = (int)((c->seed + (unsigned)rank) % NTYPES);
  n_me = (int)(m[rank] * UNIT / ints_per[mytype]);
  rbytes = span(c->vt, bound);
  obytes = span(mytype, n_me);
  IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, (irr_alg)c->alg);
  IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, (irr_alg)c->alg);

  /* ---- XGatherv vs MPI_Gather(counts) + MPI_Gatherv ---- */
  sb = buf(obytes, c->seed + (unsigned)rank * 1000u);
  rn = buf(rbytes, 77);
  rx = buf(rbytes, 77);
  {
    int mine = n_me * ints_per[mytype] / ints_per[c->vt], *got = (int *)malloc((size_t)p * sizeof(int));
    e1 = MPI_Gather(&mine, 1, MPI_INT, got, 1, MPI_INT, root, comm);
    if (e1 == MPI_SUCCESS) e1 = MPI_Gatherv(sb, n_me, types[mytype], rn, rank == root ? got : cnt, dsp, types[c->vt], root, comm);
    free(got);
  }
  /* every other case: a model whose degradation thresholds are 300 bytes (XGatherv) and 75
     (XScatterv), so the trees' subtrees go straight to or from the root at these sizes too
     (the same on all ranks) */
  if (c->seed % 2) IRR_Comm_set_model(comm, 1.5e-6, 1e-8);
  for (i = 0; i < p; i++) xc[i] = c->unknown ? -5 : cnt[i], xd[i] = c->disp_mode ? dsp[i] : -5;
  if (c->unknown) xc[0] = IRR_SIZE_UNKNOWN;
  if (!c->disp_mode) xd[0] = IRR_DISPL_CONSECUTIVE;
  if (rank != root) { /* non-roots: single ints */
    int one = xc[0], d1 = xd[0];
    e2 = x_gatherv(sb, n_me, types[mytype], NULL, 0, &one, &d1, types[c->vt], root, comm, 1);
    ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && one == xc[0] && d1 == xd[0];
  } else {
    e2 = x_gatherv(sb, n_me, types[mytype], rx, bound, xc, xd, types[c->vt], root, comm, p);
    ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(rn, rx, rbytes) == 0 &&
         memcmp(xc, cnt, (size_t)p * sizeof(int)) == 0 && memcmp(xd, dsp, (size_t)p * sizeof(int)) == 0;
  }
  CHECK(ok, "xgatherv differs: p=%d rank=%d %s (rc %d/%d)", p, rank, desc(c), e1, e2);
  if (c->seed % 2) IRR_Comm_set_model(comm, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);

  /* ---- XScatterv vs MPI_Scatter(counts) + MPI_Scatterv: root's data is rn ---- */
  {
    int mine = -1, rc_x, bound_me = n_me + (int)irrt_range(&rng, 0, 3);
    unsigned char *on = buf(span(mytype, bound_me), 5), *ox = buf(span(mytype, bound_me), 5);
    int *sc = (int *)malloc((size_t)p * 2 * sizeof(int)), *sd = sc + p;
    for (i = 0; i < p; i++) sc[i] = cnt[i], sd[i] = c->disp_mode ? dsp[i] : -9;
    if (!c->disp_mode) sd[0] = IRR_DISPL_CONSECUTIVE;
    e1 = MPI_Scatter(cnt, 1, MPI_INT, &mine, 1, MPI_INT, root, comm);
    mine = mine * ints_per[c->vt] / ints_per[mytype];
    if (e1 == MPI_SUCCESS) e1 = MPI_Scatterv(rn, cnt, dsp, types[c->vt], on, mine, types[mytype], root, comm);
    rc_x = c->unknown ? IRR_SIZE_UNKNOWN : n_me;
    e2 = x_scatterv(rn, sc, sd, types[c->vt], ox, bound_me, &rc_x, types[mytype], root, comm, p);
    ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && rc_x == n_me && memcmp(on, ox, span(mytype, bound_me)) == 0 &&
         (rank != root || memcmp(sd, dsp, (size_t)p * sizeof(int)) == 0);
    CHECK(ok, "xscatterv differs: p=%d rank=%d %s (rc %d/%d, count %d want %d)", p, rank, desc(c), e1, e2, rc_x, n_me);
    free(on); free(ox); free(sc);
  }

  /* ---- XAllgatherv vs MPI_Allgather(counts) + MPI_Allgatherv ---- */
  {
    int mine = n_me * ints_per[mytype] / ints_per[c->vt], *got = (int *)malloc((size_t)p * sizeof(int));
    fill(rn, rbytes, 78);
    fill(rx, rbytes, 78);
    e1 = MPI_Allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, comm);
    if (e1 == MPI_SUCCESS) e1 = irrt_ref_allgatherv(sb, n_me, types[mytype], rn, got, dsp, types[c->vt], comm);
    free(got);
    for (i = 0; i < p; i++) xc[i] = c->unknown ? -5 : cnt[i], xd[i] = c->disp_mode ? dsp[i] : -5;
    if (c->unknown) xc[0] = IRR_SIZE_UNKNOWN;
    if (!c->disp_mode) xd[0] = IRR_DISPL_CONSECUTIVE;
    e2 = x_allgatherv(sb, n_me, types[mytype], rx, bound, xc, xd, types[c->vt], comm, p);
    ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(rn, rx, rbytes) == 0 &&
         memcmp(xc, cnt, (size_t)p * sizeof(int)) == 0 && memcmp(xd, dsp, (size_t)p * sizeof(int)) == 0;
    CHECK(ok, "xallgatherv differs: p=%d rank=%d %s (rc %d/%d)", p, rank, desc(c), e1, e2);

  }
  ncases += 3;
  free(sb); free(rn); free(rx); free(m); free(cnt);
}

/* XAlltoallv: each rank sends to `deg` partners (sparse) or to everyone (dense) */
static void run_alltoallv(const tcase *c, MPI_Comm comm) {
  int rank, p, i, j, ok, e1, e2, mytype, *sc, *sd, *rcn, *rdn, *xc, *xd, bound;
  long stot = 0, rtot;
  irrt_rng rng;
  int64_t *m;
  size_t sbytes, rbytes;
  unsigned char *sb, *rn, *rx;
  int deg;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  rng.s = c->seed;
  deg = c->dist % 2 ? p : (int)irrt_range(&rng, 0, 6);
  m = (int64_t *)malloc((size_t)p * p * sizeof(int64_t)); /* m[i*p + j]: ints from i to j */
  for (i = 0; i < p; i++) {
    irrt_dist(c->dist, p, c->b, &rng, m + (size_t)i * p);
    if (deg < p) { /* keep deg random partners */
      int64_t *row = m + (size_t)i * p, keep[7];
      int nk = 0, k;
      for (k = 0; k < deg; k++) keep[nk++] = irrt_range(&rng, 0, p - 1);
      for (j = 0; j < p; j++) {
        int kept = 0;
        for (k = 0; k < nk; k++) kept |= keep[k] == j;
        if (!kept) row[j] = 0;
        else if (row[j] == 0) row[j] = 1;
      }
    }
  }
  mytype = (int)((c->seed + (unsigned)rank) % NTYPES);
  sc = (int *)malloc((size_t)p * 6 * sizeof(int));
  sd = sc + p; rcn = sd + p; rdn = rcn + p; xc = rdn + p; xd = xc + p;
  for (j = 0; j < p; j++) {
    sc[j] = (int)(m[(size_t)rank * p + j] * UNIT / ints_per[mytype]);
    sd[j] = (int)stot;
    stot += sc[j] + (c->disp_mode ? 1 : 0);
  }
  for (i = 0; i < p; i++) rcn[i] = (int)(m[(size_t)i * p + rank] * UNIT / ints_per[c->vt]);
  rtot = layout(c->disp_mode, p, rcn, rdn, &rng);
  bound = (int)rtot + (int)irrt_range(&rng, 0, 2);
  sbytes = span(mytype, stot);
  rbytes = span(c->vt, bound);
  sb = buf(sbytes, c->seed + (unsigned)rank);
  rn = buf(rbytes, 9);
  rx = buf(rbytes, 9);
  {
    int *got = (int *)malloc((size_t)p * sizeof(int)), *mine = (int *)malloc((size_t)p * sizeof(int));
    for (j = 0; j < p; j++) mine[j] = sc[j] * ints_per[mytype] / ints_per[c->vt];
    e1 = MPI_Alltoall(mine, 1, MPI_INT, got, 1, MPI_INT, comm);
    if (e1 == MPI_SUCCESS) e1 = MPI_Alltoallv(sb, sc, sd, types[mytype], rn, got, rdn, types[c->vt], comm);
    free(got); free(mine);
  }
  IRR_Comm_set_alg(comm, IRR_COLL_XALLTOALLV, (irr_alg)(c->alg == 1 ? IRR_ALG_DIRECT : c->alg == 2 ? IRR_ALG_LINEAR : IRR_ALG_AUTO));
  for (i = 0; i < p; i++) xc[i] = c->unknown ? -5 : rcn[i], xd[i] = c->disp_mode ? rdn[i] : -5;
  if (c->unknown) xc[0] = IRR_SIZE_UNKNOWN;
  if (!c->disp_mode) xd[0] = IRR_DISPL_CONSECUTIVE;
  e2 = x_alltoallv(sb, sc, sd, types[mytype], rx, bound, xc, xd, types[c->vt], comm, p);
  ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(rn, rx, rbytes) == 0 &&
       memcmp(xc, rcn, (size_t)p * sizeof(int)) == 0 && memcmp(xd, rdn, (size_t)p * sizeof(int)) == 0;
  CHECK(ok, "xalltoallv differs: p=%d rank=%d deg=%d %s (rc %d/%d)", p, rank, deg, desc(c), e1, e2);
  ncases++;
  free(sb); free(rn); free(rx); free(sc); free(m);
}

static void count_calls(MPI_Comm *comm, int *code, ...) {
  (void)comm;
  (void)code;
  handler_calls++;
}
static int cls(int e) {
  int c = e;
  if (e != MPI_SUCCESS) MPI_Error_class(e, &c);
  return c;
}

/* a good XGatherv on comm: the communicator still works */
static int still_works(MPI_Comm comm) {
  int rank, p, i, *c, *d, v[2], *out, e, ok;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  c = (int *)malloc((size_t)p * 2 * sizeof(int));
  d = c + p;
  out = (int *)malloc((size_t)p * 2 * sizeof(int) + 4);
  v[0] = rank, v[1] = -rank;
  c[0] = IRR_SIZE_UNKNOWN;
  d[0] = IRR_DISPL_CONSECUTIVE;
  e = IRR_XGatherv(v, 1 + rank % 2, MPI_INT, out, 2 * p, c, d, MPI_INT, p - 1, comm);
  ok = e == MPI_SUCCESS;
  if (rank == p - 1)
    for (i = 0; i < p; i++) ok = ok && c[i] == 1 + i % 2 && out[d[i]] == i;
  free(c); free(out);
  return ok;
}

/* bound too small, type that does not divide, bad arguments: the right class at the right
   ranks, the handler once per failing call, nothing past the bound, the comm still works */
static void run_errors(MPI_Comm comm) {
  int rank, p, i, e, *c, *d, guard_ok, calls0;
  int v[64], *out;
  MPI_Errhandler eh;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Comm_create_errhandler(count_calls, &eh);
  MPI_Comm_set_errhandler(comm, eh);
  c = (int *)malloc((size_t)p * 2 * sizeof(int));
  d = c + p;
  out = (int *)malloc((size_t)p * 8 * sizeof(int) + 64);
  for (i = 0; i < 64; i++) v[i] = rank * 100 + i;

  /* XGatherv: the root's bound holds all but the last int; true counts come back */
  for (i = 0; i < 2 * p + 8; i++) out[i] = -1;
  c[0] = IRR_SIZE_UNKNOWN;
  d[0] = IRR_DISPL_CONSECUTIVE;
  calls0 = handler_calls;
  e = IRR_XGatherv(v, 2, MPI_INT, out, 2 * p - 1, c, d, MPI_INT, 0, comm);
  guard_ok = 1;
  if (rank == 0) {
    for (i = 2 * p - 1; i < 2 * p + 8; i++) guard_ok = guard_ok && out[i] == -1;
    for (i = 0; i < p; i++) guard_ok = guard_ok && c[i] == 2 && d[i] == 2 * i;
  }
  CHECK(cls(e) == (rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && guard_ok && handler_calls - calls0 == (rank == 0),
        "xgatherv bound: rank %d class %d guard %d calls %d", rank, cls(e), guard_ok, handler_calls - calls0);
  CHECK(still_works(comm), "comm works after xgatherv truncation (rank %d)", rank);

  /* XGatherv, explicit displacements: the last rank's block would reach past the bound */
  if (p > 1) {
    for (i = 0; i < p; i++) d[i] = 3 * i;
    d[p - 1] = 3 * p; /* with 2 ints: ends at 3p + 2 > bound 3p + 1 */
    c[0] = IRR_SIZE_UNKNOWN;
    for (i = 0; i < 3 * p + 8; i++) out[i] = -1;
    e = IRR_XGatherv(v, 2, MPI_INT, out, 3 * p + 1, c, d, MPI_INT, 0, comm);
    guard_ok = 1;
    if (rank == 0)
      for (i = 3 * p + 1; i < 3 * p + 8; i++) guard_ok = guard_ok && out[i] == -1;
    CHECK(cls(e) == (rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && guard_ok, "xgatherv explicit bound: rank %d class %d", rank, cls(e));
  }

  /* XScatterv: the last rank's bound is one short */
  {
    int rc = IRR_SIZE_UNKNOWN, *src = (int *)malloc((size_t)p * 4 * sizeof(int)), *sd = (int *)malloc((size_t)p * sizeof(int));
    int *sc = (int *)malloc((size_t)p * sizeof(int));
    for (i = 0; i < 4 * p; i++) src[i] = i;
    for (i = 0; i < p; i++) sc[i] = 4;
    sd[0] = IRR_DISPL_CONSECUTIVE;
    for (i = 0; i < 8; i++) out[i] = -1;
    e = IRR_XScatterv(src, sc, sd, MPI_INT, out, rank == p - 1 ? 3 : 4, &rc, MPI_INT, 0, comm);
    CHECK(cls(e) == (rank == p - 1 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && rc == 4 &&
              (rank == p - 1 ? out[3] == -1 : out[3] == 4 * rank + 3),
          "xscatterv bound: rank %d class %d count %d", rank, cls(e), rc);
    CHECK(still_works(comm), "comm works after xscatterv truncation (rank %d)", rank);
    /* MPI_IN_PLACE at the root: the others get their blocks and counts */
    rc = IRR_SIZE_UNKNOWN;
    for (i = 0; i < 8; i++) out[i] = -1;
    e = IRR_XScatterv(src, sc, sd, MPI_INT, rank == 0 ? MPI_IN_PLACE : (void *)out, 4, &rc, MPI_INT, 0, comm);
    CHECK(e == MPI_SUCCESS && (rank == 0 ? out[0] == -1 && rc == IRR_SIZE_UNKNOWN : rc == 4 && out[0] == 4 * rank && out[3] == 4 * rank + 3),
          "xscatterv in place: rank %d rc %d count %d", rank, e, rc);
    /* a receive type that does not divide the block: MPI_ERR_TYPE at the receivers */
    {
      MPI_Datatype t3;
      MPI_Type_contiguous(3, MPI_INT, &t3);
      MPI_Type_commit(&t3);
      rc = IRR_SIZE_UNKNOWN;
      e = IRR_XScatterv(src, sc, sd, MPI_INT, out, 8, &rc, t3, 0, comm);
      CHECK(cls(e) == MPI_ERR_TYPE, "xscatterv type: rank %d class %d", rank, cls(e));
      MPI_Type_free(&t3);
    }
    free(src); free(sd); free(sc);
  }

  /* XAllgatherv: rank 0's bound is too small */
  for (i = 0; i < 2 * p + 8; i++) out[i] = -1;
  c[0] = IRR_SIZE_UNKNOWN;
  d[0] = IRR_DISPL_CONSECUTIVE;
  e = IRR_XAllgatherv(v, 2, MPI_INT, out, rank == 0 ? 2 * p - 1 : 2 * p, c, d, MPI_INT, comm);
  guard_ok = out[2 * p] == -1 && (rank != 0 || out[2 * p - 1] == -1);
  for (i = 0; i < p; i++) guard_ok = guard_ok && c[i] == 2;
  if (rank != 0)
    for (i = 0; i < p; i++) guard_ok = guard_ok && out[2 * i] == i * 100 && out[2 * i + 1] == i * 100 + 1;
  CHECK(cls(e) == (rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && guard_ok, "xallgatherv bound: rank %d class %d", rank, cls(e));
  /* ... and with a large block (past the eager size), so the second phase runs too */
  {
    int big = 40000, *bb = (int *)malloc((size_t)big * sizeof(int)), *ob = (int *)malloc(((size_t)big + (size_t)p * 2 + 8) * sizeof(int));
    for (i = 0; i < big; i++) bb[i] = i;
    for (i = 0; i < big + 2 * p + 8; i++) ob[i] = -1;
    c[0] = IRR_SIZE_UNKNOWN;
    d[0] = IRR_DISPL_CONSECUTIVE;
    e = IRR_XAllgatherv(rank == 0 ? bb : v, rank == 0 ? big : 2, MPI_INT, ob, rank == p - 1 ? big : big + 2 * p, c, d, MPI_INT, comm);
    guard_ok = ob[big + 2 * (p - 1)] == -1;
    if (rank != p - 1) guard_ok = guard_ok && ob[big - 1] == big - 1 && c[0] == big && (p == 1 || ob[big] == 100);
    CHECK(cls(e) == (rank == p - 1 && p > 1 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && guard_ok,
          "xallgatherv big bound: rank %d class %d", rank, cls(e));
    free(bb); free(ob);
  }
  CHECK(still_works(comm), "comm works after xallgatherv truncation (rank %d)", rank);

  /* XAlltoallv, sparse and dense: rank 0's bound is too small */
  {
    int a, *sc = (int *)malloc((size_t)p * 4 * sizeof(int)), *sd = sc + p, *src = (int *)malloc((size_t)p * 2 * sizeof(int));
    for (a = 0; a < 2; a++) {
      IRR_Comm_set_alg(comm, IRR_COLL_XALLTOALLV, a ? IRR_ALG_LINEAR : IRR_ALG_DIRECT);
      for (i = 0; i < p; i++) sc[i] = 2, sd[i] = 2 * i, src[2 * i] = rank, src[2 * i + 1] = i;
      for (i = 0; i < 2 * p + 8; i++) out[i] = -1;
      c[0] = IRR_SIZE_UNKNOWN;
      d[0] = IRR_DISPL_CONSECUTIVE;
      e = IRR_XAlltoallv(src, sc, sd, MPI_INT, out, rank == 0 ? 2 * p - 1 : 2 * p, c, d, MPI_INT, comm);
      guard_ok = out[2 * p] == -1 && (rank != 0 || out[2 * p - 1] == -1);
      for (i = 0; i < p; i++) guard_ok = guard_ok && c[i] == 2;
      if (rank != 0)
        for (i = 0; i < p; i++) guard_ok = guard_ok && out[2 * i] == i && out[2 * i + 1] == rank;
      CHECK(cls(e) == (rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS) && guard_ok, "xalltoallv %s bound: rank %d class %d",
            a ? "dense" : "sparse", rank, cls(e));
    }
    IRR_Comm_set_alg(comm, IRR_COLL_XALLTOALLV, IRR_ALG_AUTO);
    free(sc); free(src);
  }
  CHECK(still_works(comm), "comm works after xalltoallv truncation (rank %d)", rank);

  /* bad arguments */
  c[0] = IRR_SIZE_UNKNOWN;
  d[0] = IRR_DISPL_CONSECUTIVE;
  e = IRR_XGatherv(v, 1, MPI_INT, out, 4 * p, c, d, MPI_INT, p, comm);
  CHECK(cls(e) == MPI_ERR_ROOT, "xgatherv bad root: class %d", cls(e));
  e = IRR_XGatherv(v, 1, MPI_INT, out, 4 * p, NULL, d, MPI_INT, 0, comm);
  CHECK(cls(e) == MPI_ERR_ARG, "xgatherv NULL recvcounts: class %d", cls(e));
  c[0] = IRR_SIZE_UNKNOWN;
  e = IRR_XGatherv(rank == p - 1 ? v : v, rank == p - 1 ? -1 : 1, MPI_INT, out, 4 * p, c, d, MPI_INT, 0, comm);
  CHECK(cls(e) == (rank == p - 1 ? MPI_ERR_COUNT : MPI_SUCCESS) && (rank != 0 || c[p - 1] == (p == 1 ? -1 : 0) || p == 1),
        "xgatherv negative count: rank %d class %d", rank, cls(e));
  c[0] = IRR_SIZE_UNKNOWN;
  e = IRR_XGatherv(rank == 0 ? MPI_IN_PLACE : v, 1, MPI_INT, out, 4 * p, c, d, MPI_INT, 0, comm);
  CHECK(cls(e) == (rank == 0 ? MPI_ERR_ARG : MPI_SUCCESS), "xgatherv in place, unknown: rank %d class %d", rank, cls(e));
  c[0] = IRR_SIZE_UNKNOWN;
  e = IRR_XAllgatherv(v, 1, MPI_INT, out, -1, c, d, MPI_INT, comm);
  CHECK(cls(e) == MPI_ERR_COUNT, "xallgatherv negative bound: class %d", cls(e));
  CHECK(still_works(comm), "comm works after bad arguments (rank %d)", rank);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Errhandler_free(&eh);
  free(c); free(out);
  ncases += 12;
}

/* XGatherv's tree in the pure layer, degraded at several thresholds, with and without the
   construction (whose messages carry the sizes): the checker accepts every program, the
   root learning every size from the data messages alone. */
static void check_xtree_pure(void) {
  static const int64_t th[4] = {0, 75, 7500, INT64_MAX};
  int64_t m[40];
  irrt_rng rng = {99};
  long n = 0;
  int p, d, k, ctrl, ri;
  for (p = 1; p <= 40; p += p < 12 ? 1 : 7)
    for (d = 0; d < IRRT_NDIST; d++)
      for (ri = 0; ri < 3; ri++)
        for (k = 0; k < 4; k++)
          for (ctrl = 0; ctrl < 2; ctrl++) {
            int root = ri == 0 ? 0 : ri == 1 ? p / 2 : p - 1;
            irr_sched_set set;
            irr_spec sp;
            irr_check_report rep;
            irr_status st;
            irrt_dist(d, p, 1 + (int64_t)irrt_range(&rng, 0, 60), &rng, m);
            memset(&sp, 0, sizeof sp);
            sp.coll = IRR_COLL_GATHERV, sp.p = p, sp.root = root, sp.m = m, sp.unknown = 1;
            st = irr_xv_build_all_t(&set, IRR_COLL_GATHERV, IRR_ALG_TREE, p, root, m, 0, ctrl, th[k]);
            CHECK(st == IRR_OK, "xgatherv tree build p=%d root=%d th=%lld: %s", p, root, (long long)th[k], irr_status_name(st));
            if (st != IRR_OK) continue;
            memset(&rep, 0, sizeof rep);
            st = irr_sched_check(set.s, &sp, &rep);
            CHECK(st == IRR_OK, "xgatherv tree p=%d root=%d %s th=%lld ctrl=%d: %s (rank %d op %d: %s)", p, root,
                  irrt_dist_name[d], (long long)th[k], ctrl, irr_status_name(st), rep.rank, rep.op, rep.what);
            irr_sched_set_free(&set);
            n++;
          }
  CHECK(n > 1000, "only %ld degraded xgatherv programs checked", n);
}

/* The accessor the int and `_c` entry points share: an int array stores INT_MAX (never a
   wrapped value) and reports MPI_ERR_COUNT past it; the wide arrays take any value. */
static void check_xarr(void) {
  int ci[2] = {0, 0}, di[2] = {0, 0};
  int64_t cnt[2] = {7, (int64_t)3 << 30}, dsp[2] = {0, 7};
  irr__xarr xi = irr__xarr_i(ci), yi = irr__xarr_i(di);
  CHECK(irr__xreturn(2, cnt, dsp, xi, yi, 1) == MPI_ERR_COUNT && ci[0] == 7 && ci[1] == INT_MAX && di[1] == 7,
        "irr__xreturn to int arrays: %d %d %d", ci[0], ci[1], di[1]);
  CHECK(irr__xset(xi, 0, -1) == MPI_SUCCESS && ci[0] == -1 && irr__xget(xi, 0) == -1, "irr__xset int");
#if MPI_VERSION >= 4
  {
    MPI_Count cc[2] = {IRR_SIZE_UNKNOWN, 0};
    MPI_Aint dc[2] = {IRR_DISPL_CONSECUTIVE, 0};
    irr__xarr xc = irr__xarr_c(cc), yc = irr__xarr_a(dc);
    CHECK(irr__xget(xc, 0) == IRR_SIZE_UNKNOWN && irr__xget(yc, 0) == IRR_DISPL_CONSECUTIVE, "markers from wide arrays");
    cnt[1] = (int64_t)1 << 40, dsp[1] = (int64_t)3 << 31;
    CHECK(irr__xreturn(2, cnt, dsp, xc, yc, 1) == MPI_SUCCESS && cc[1] == (MPI_Count)1 << 40 && dc[1] == (MPI_Aint)3 << 31,
          "irr__xreturn to wide arrays");
  }
#endif
}

/* Known counts whose consecutive displacements pass INT_MAX (no data of that size moves:
   the root's bound is small): the int XGatherv is MPI_ERR_COUNT at the root, the `_c` one
   fills in every displacement whole (then MPI_ERR_TRUNCATE: the blocks exceed the bound).
   Non-roots send nothing here; they only must not hang. */
static void run_large_displs(MPI_Comm comm) {
  int rank, p, i, e, *c, *d, out[4];
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (p < 3) return;
  c = (int *)malloc((size_t)p * 2 * sizeof(int));
  d = c + p;
  for (i = 0; i < p; i++) c[i] = i == 0 ? INT_MAX : 1, d[i] = -7;
  d[0] = IRR_DISPL_CONSECUTIVE;
  e = IRR_XGatherv(out, 0, MPI_BYTE, out, 4, c, d, MPI_BYTE, p - 1, comm);
  CHECK(rank != p - 1 || (cls(e) == MPI_ERR_COUNT && d[2] == -7), "int xgatherv, displacement past INT_MAX: class %d",
        cls(e));
#if MPI_VERSION >= 4
  {
    MPI_Count *cc = (MPI_Count *)malloc((size_t)p * sizeof(MPI_Count));
    MPI_Aint *dc = (MPI_Aint *)malloc((size_t)p * sizeof(MPI_Aint));
    for (i = 0; i < p; i++) cc[i] = c[i], dc[i] = -7;
    dc[0] = IRR_DISPL_CONSECUTIVE;
    e = IRR_XGatherv_c(out, 0, MPI_BYTE, out, 4, cc, dc, MPI_BYTE, p - 1, comm);
    CHECK(rank != p - 1 || (cls(e) == MPI_ERR_TRUNCATE && dc[1] == INT_MAX && dc[2] == (MPI_Aint)INT_MAX + 1 &&
                            dc[p - 1] == (MPI_Aint)INT_MAX + p - 2),
          "xgatherv_c, displacement past INT_MAX: class %d, displs %ld %ld", cls(e), (long)dc[1], (long)dc[2]);
    free(cc);
    free(dc);
  }
#endif
  CHECK(still_works(comm), "comm works after displacements past INT_MAX (rank %d)", rank);
  free(c);
  ncases += 2;
}

int main(int argc, char **argv) {
  int rank, p, k, ncase = argc > 1 ? atoi(argv[1]) : 30;
  MPI_Comm shuffled, errcomm;
  irrt_rng rng = {4242};
  long all = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  make_types();
  shuffled_world(98, &shuffled);
  for (k = 0; k < ncase; k++) {
    tcase c;
    c.dist = (int)irrt_range(&rng, 0, IRRT_NDIST - 1);
    c.b = irrt_range(&rng, 0, 3) == 0 ? 0 : irrt_range(&rng, 1, k % 5 == 0 ? 700 : 12);
    if (c.dist == IRRT_ONEHUGE) c.b = irrt_range(&rng, 1, 8);
    c.root = (int)irrt_range(&rng, 0, 1 << 20);
    c.vt = (int)irrt_range(&rng, 0, NTYPES - 1);
    c.disp_mode = (int)irrt_range(&rng, 0, 2);
    c.alg = k % 4; /* auto, tree, linear (= direct for the X variants), binomial */
    c.comm_kind = k % 3 == 1;
    c.unknown = k % 5 != 4;
    c.seed = (unsigned)irrt_next(&rng);
    use_c = MPI_VERSION >= 4 && (k / 4) % 2; /* every algorithm both ways */
    run_rooted(&c, c.comm_kind ? shuffled : MPI_COMM_WORLD);
    run_alltoallv(&c, c.comm_kind ? shuffled : MPI_COMM_WORLD);
  }
  if (rank == 0 && getenv("XV_TIME")) fprintf(stderr, "random cases done at %.3f s\n", MPI_Wtime());
  for (k = 0; k < p; k++) { /* every root, unknown sizes, consecutive, the automatic choice */
    tcase c;
    c.dist = k % IRRT_NDIST;
    c.b = 1 + k % 5;
    c.root = k;
    c.vt = k % NTYPES;
    c.disp_mode = 0;
    c.alg = 0;
    c.comm_kind = 0;
    c.unknown = 1;
    c.seed = 77u + (unsigned)k;
    use_c = MPI_VERSION >= 4 && k % 2;
    run_rooted(&c, MPI_COMM_WORLD);
  }
  use_c = 0;
  CHECK(wrapped[0] == 0, "a _c entry point returned %d values past an int where ints were expected", wrapped[0]);
  MPI_Comm_dup(MPI_COMM_WORLD, &errcomm);
  run_errors(errcomm);
  run_large_displs(errcomm);
  check_xarr();
  if (rank == 0) check_xtree_pure();
  MPI_Comm_free(&errcomm);
  MPI_Comm_free(&shuffled);
  free_types();
  MPI_Reduce(&ncases, &all, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("p=%d: %ld unknown-size cases compared with counts-first + the native operations\n", p, all);
  return mpi_summary_finalize();
}
