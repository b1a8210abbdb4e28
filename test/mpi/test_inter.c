/* test_inter.c - intergroup IRR_Allgather / IRR_Allgatherv against the native operation (on
 * bytes, see ref_inter) on real intercommunicators (MPI_Intercomm_create), byte for byte over whole sentinel-filled
 * receive buffers; the same through IRR_Allgather(v)_groups on the intracommunicator of both
 * groups; each algorithm; bad input; the persistent IRR_Allgatherv_init (1000 restarts on
 * at most 5 ranks). Group sizes (1,1) (1,5) (5,1) (3,8) (8,3) (4,4) (7,2)
 * as far as the ranks allow.   mpiexec -n K ./test_inter [cases [restarts]]   (K >= 2) */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"
#include <string.h>
#include <threads.h>

static int cls(int e) {
  int c = e;
  if (e != MPI_SUCCESS) MPI_Error_class(e, &c);
  return c;
}

/* sizes in ints (multiples of UNIT, some zero) of both groups, the same on every rank */
static void sizes(uint64_t seed, int na, int nb, int regular, int *c) {
  irrt_rng r = {seed};
  int i, kind = (int)(seed % 4), ka = UNIT * (int)irrt_range(&r, 0, 40), kb = UNIT * (int)irrt_range(&r, 1, 40);
  for (i = 0; i < na + nb; i++) {
    int k = i < na ? ka : kb;
    if (regular) c[i] = k;
    else if (kind == 0) c[i] = UNIT * (int)irrt_range(&r, 0, 30);
    else if (kind == 1) c[i] = UNIT * (i % 3 == 0 ? 0 : (int)irrt_range(&r, 1, 200)); /* zeros and large */
    else if (kind == 2) c[i] = UNIT * (i + 1);                                            /* arithmetic */
    else c[i] = i == na / 2 ? UNIT * 500 : 0;                                              /* one block */
  }
}

typedef struct {
  int na, nb, grp, me; /* me: my rank in my group */
  MPI_Comm inter, both;
} setup;

/* The reference: the native intercommunicator MPI_Allgatherv on bytes (every rank the same
   type), each block then unpacked with the receive type. Not on the ranks' own types: Open
   MPI 4.1's coll/inter receives every count of its local Gatherv in the local root's send
   type (MPI_ERR_TRUNCATE there, then a hang). nr blocks of rc[j] elements of rt at dp[j]. */
static int ref_inter(const void *sb, int n, MPI_Datatype st, void *rb, int nr, const int *rc, const int *dp, MPI_Datatype rt,
                     MPI_Comm inter) {
  int j, e, tsz, ssz, *bc = (int *)malloc((size_t)(nr + 1) * 2 * sizeof(int)), *bd = bc + nr + 1, pos = 0;
  MPI_Aint lb, ext;
  char *in, *out;
  MPI_Type_size(rt, &tsz);
  MPI_Type_size(st, &ssz);
  MPI_Type_get_extent(rt, &lb, &ext);
  for (j = 0; j < nr; j++) bc[j] = rc[j] * tsz, bd[j] = pos, pos += bc[j];
  in = (char *)malloc((size_t)n * (size_t)ssz + 1);
  out = (char *)malloc((size_t)pos + 1);
  e = irrt_to_bytes(sb, n, st, in, n * ssz);
  if (e == MPI_SUCCESS) e = MPI_Allgatherv(in, n * ssz, MPI_BYTE, out, bc, bd, MPI_BYTE, inter);
  for (j = 0; j < nr && e == MPI_SUCCESS; j++)
    e = irrt_from_bytes(out + bd[j], bc[j], (char *)rb + (MPI_Aint)dp[j] * ext, rc[j], rt);
  free(in), free(out), free(bc);
  return e;
}

/* One case: returns 0 if irrcoll and native agree (both buffers compared whole). */
static void one_case(const setup *S, uint64_t seed, int regular, int groups, irr_alg alg) {
  int P = S->na + S->nb, nr = S->grp == 0 ? S->nb : S->na, rb = S->grp == 0 ? S->na : 0, lb = S->grp == 0 ? 0 : S->na;
  int *c = (int *)malloc((size_t)P * sizeof(int)), *rc = (int *)malloc((size_t)nr * sizeof(int)),
      *dp = (int *)malloc((size_t)nr * sizeof(int));
  int rt = (int)((seed + (uint64_t)S->me * 3 + (uint64_t)S->grp) % NTYPES), st = (int)((seed + 1 + (uint64_t)S->me) % NTYPES);
  int mode = (int)(seed / 4 % 3), j, e1, e2, rcount = 0;
  long tot = 0, pos = 0;
  size_t rbytes, sbytes;
  unsigned char *sb, *r1, *r2;
  sizes(seed, S->na, S->nb, regular, c);
  for (j = 0; j < nr; j++) { rc[j] = c[rb + j] / ints_per[rt]; tot += rc[j] + 1; }
  for (j = 0; j < nr; j++) { /* consecutive, gapped, reversed */
    int jj = mode == 2 ? nr - 1 - j : j;
    dp[jj] = (int)pos;
    pos += rc[jj] + (mode == 1 ? 1 : 0);
  }
  if (regular) {
    rcount = nr > 0 ? rc[0] : 0;
    for (j = 0; j < nr; j++) dp[j] = j * rcount;
  }
  rbytes = span(rt, tot + 1);
  sbytes = span(st, c[lb + S->me] / ints_per[st]);
  sb = (unsigned char *)malloc(sbytes);
  r1 = (unsigned char *)malloc(rbytes);
  r2 = (unsigned char *)malloc(rbytes);
  fill(sb, sbytes, (unsigned)(seed * 977 + (uint64_t)S->grp * 131 + (uint64_t)S->me));
  fill(r1, rbytes, 5);
  fill(r2, rbytes, 5);
  IRR_Comm_set_alg(groups ? S->both : S->inter, IRR_COLL_INTER_ALLGATHERV, alg);
  if (regular) {
    e1 = ref_inter(sb, c[lb + S->me] / ints_per[st], types[st], r1, nr, rc, dp, types[rt], S->inter);
    e2 = groups ? IRR_Allgather_groups(sb, c[lb + S->me] / ints_per[st], types[st], r2, rcount, types[rt], S->grp, S->both)
                : IRR_Allgather(sb, c[lb + S->me] / ints_per[st], types[st], r2, rcount, types[rt], S->inter);
  } else {
    e1 = ref_inter(sb, c[lb + S->me] / ints_per[st], types[st], r1, nr, rc, dp, types[rt], S->inter);
    e2 = groups ? IRR_Allgatherv_groups(sb, c[lb + S->me] / ints_per[st], types[st], r2, rc, dp, types[rt], S->grp, S->both)
                : IRR_Allgatherv(sb, c[lb + S->me] / ints_per[st], types[st], r2, rc, dp, types[rt], S->inter);
  }
  CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS, "(%d,%d) seed %llu: errors %d %d", S->na, S->nb, (unsigned long long)seed, e1, e2);
  CHECK(memcmp(r1, r2, rbytes) == 0, "(%d,%d) seed %llu %s %s %s mode %d rt %d: result differs from native", S->na, S->nb,
        (unsigned long long)seed, regular ? "allgather" : "allgatherv", groups ? "groups" : "inter", irr_alg_name(alg), mode, rt);
#if MPI_VERSION >= 4
  { /* the large-count entries: the same bytes */
    MPI_Count *cc = (MPI_Count *)malloc((size_t)nr * sizeof(MPI_Count)), n = c[lb + S->me] / ints_per[st];
    MPI_Aint *dc = (MPI_Aint *)malloc((size_t)nr * sizeof(MPI_Aint));
    for (j = 0; j < nr; j++) cc[j] = rc[j], dc[j] = dp[j];
    fill(r2, rbytes, 5);
    if (regular) e2 = groups ? IRR_Allgather_groups_c(sb, n, types[st], r2, rcount, types[rt], S->grp, S->both)
                             : IRR_Allgather_c(sb, n, types[st], r2, rcount, types[rt], S->inter);
    else e2 = groups ? IRR_Allgatherv_groups_c(sb, n, types[st], r2, cc, dc, types[rt], S->grp, S->both)
                     : IRR_Allgatherv_c(sb, n, types[st], r2, cc, dc, types[rt], S->inter);
    CHECK(e2 == MPI_SUCCESS && memcmp(r1, r2, rbytes) == 0, "(%d,%d) seed %llu %s %s _c: rc %d or result differs", S->na,
          S->nb, (unsigned long long)seed, regular ? "allgather" : "allgatherv", groups ? "groups" : "inter", e2);
    free(cc), free(dc);
  }
#endif
  free(c), free(rc), free(dp), free(sb), free(r1), free(r2);
}

/* The empty signature: one group X sends huge counts of a size-0 type (even ranks) or 0
   ints (odd ranks), and the other group Y receives them as 0 ints or as huge counts of the
   size-0 type (a rank's choice): legal, all signatures are empty. Y sends 6 ints per rank
   (dir 0, 1) or nothing (dir 2). Every entry and algorithm must match the reference on
   bytes and return: no rank may decide from its own counts. Not the native operation on
   these types: MPICH 4.0.2's own (intercommunicator) MPI_Allgather hangs here. */
static void empty_cases(const setup *S) {
  int nr = S->grp == 0 ? S->nb : S->na, rc[16], dp[16], sbuf[8], j, dir, a, api, e1, e2, big = INT_MAX / 2 + 1;
  unsigned char r1[512], r2[512];
  MPI_Datatype z;
  MPI_Type_contiguous(0, MPI_INT, &z);
  MPI_Type_commit(&z);
  for (j = 0; j < 8; j++) sbuf[j] = 100 + j;
  for (dir = 0; dir < 3; dir++)
    for (a = 0; a < 3; a++)
      for (api = 0; api < 4; api++) {
        irr_alg alg = a == 0 ? IRR_ALG_AUTO : a == 1 ? IRR_ALG_SUBGROUP : IRR_ALG_ROOTGATHER;
        int xg = dir == 1 ? 1 : 0, inx = S->grp == xg, ytot = dir == 2 ? 0 : 6;
        int sc = inx ? (S->me % 2 == 0 ? big : 0) : ytot, zrecv = !inx && S->me % 2 == 1;
        MPI_Datatype st = inx && S->me % 2 == 0 ? z : MPI_INT, rt = zrecv ? z : MPI_INT;
        int rcount = inx ? ytot : zrecv ? big : 0;
        int regular = api < 2, groups = api % 2;
        for (j = 0; j < nr; j++) rc[j] = rcount, dp[j] = zrecv ? 0 : j * rcount;
        fill(r1, sizeof r1, 7), fill(r2, sizeof r2, 7);
        e1 = ref_inter(sbuf, sc, st, r1, nr, rc, dp, rt, S->inter);
        IRR_Comm_set_alg(groups ? S->both : S->inter, IRR_COLL_INTER_ALLGATHERV, alg);
        if (regular) e2 = groups ? IRR_Allgather_groups(sbuf, sc, st, r2, rcount, rt, S->grp, S->both)
                                 : IRR_Allgather(sbuf, sc, st, r2, rcount, rt, S->inter);
        else e2 = groups ? IRR_Allgatherv_groups(sbuf, sc, st, r2, rc, dp, rt, S->grp, S->both)
                         : IRR_Allgatherv(sbuf, sc, st, r2, rc, dp, rt, S->inter);
        CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(r1, r2, sizeof r1) == 0,
              "(%d,%d) empty signature dir %d %s api %d: rc %d %d or result differs", S->na, S->nb, dir, irr_alg_name(alg), api,
              e1, e2);
#if MPI_VERSION >= 4
        { /* the large-count entries, counts past 2^31 */
          MPI_Count cc[16], huge = (MPI_Count)1 << 40, scc = st == z ? huge : sc, rcc = rt == z ? huge : rcount;
          MPI_Aint dc[16];
          for (j = 0; j < nr; j++) cc[j] = rcc, dc[j] = dp[j];
          fill(r2, sizeof r2, 7);
          if (regular) e2 = groups ? IRR_Allgather_groups_c(sbuf, scc, st, r2, rcc, rt, S->grp, S->both)
                                   : IRR_Allgather_c(sbuf, scc, st, r2, rcc, rt, S->inter);
          else e2 = groups ? IRR_Allgatherv_groups_c(sbuf, scc, st, r2, cc, dc, rt, S->grp, S->both)
                           : IRR_Allgatherv_c(sbuf, scc, st, r2, cc, dc, rt, S->inter);
          CHECK(e2 == MPI_SUCCESS && memcmp(r1, r2, sizeof r1) == 0,
                "(%d,%d) empty signature _c dir %d %s api %d: rc %d or result differs", S->na, S->nb, dir, irr_alg_name(alg),
                api, e2);
        }
#endif
      }
  { /* IRR_Allgather on an intracommunicator (the native operation but for this case) */
    int sc = S->me % 2 == 0 ? big : 0;
    MPI_Datatype t = S->me % 2 == 0 ? z : MPI_INT;
    fill(r1, sizeof r1, 7), fill(r2, sizeof r2, 7);
    e2 = IRR_Allgather(sbuf, sc, t, r2, sc, t, S->both);
    CHECK(e2 == MPI_SUCCESS && memcmp(r1, r2, sizeof r1) == 0, "(%d,%d) empty signature intracommunicator: rc %d or written",
          S->na, S->nb, e2);
#if MPI_VERSION >= 4
    e2 = IRR_Allgather_c(sbuf, t == z ? (MPI_Count)1 << 40 : 0, t, r2, t == z ? (MPI_Count)1 << 40 : 0, t, S->both);
    CHECK(e2 == MPI_SUCCESS && memcmp(r1, r2, sizeof r1) == 0, "(%d,%d) empty signature intracommunicator _c: rc %d", S->na,
          S->nb, e2);
#endif
  }
  MPI_Type_free(&z);
}

/* Bad input: the rank at fault gets its class, the others MPI_ERR_TRUNCATE, no receive
   buffer is touched, and a good call works afterwards. */
static void bad_cases(const setup *S) {
  int P = S->na + S->nb, nr = S->grp == 0 ? S->nb : S->na, k, j, e, fault = S->grp == 0 && S->me == S->na - 1;
  int rc[16], dp[16], sbuf[64];
  unsigned char rb[2048], ref[2048];
  for (j = 0; j < 64; j++) sbuf[j] = j;
  for (k = 0; k < 6; k++) {
    int sc = 6, mybad = 0, want;
    const void *sp = sbuf;
    for (j = 0; j < nr; j++) rc[j] = 6, dp[j] = 6 * j;
    if (k == 0 && fault) sc = -1, mybad = MPI_ERR_COUNT;
    if (k == 1 && S->grp == 1 && S->me == 0) rc[0] = 12; /* disagrees with the sender */
    if (k == 2 && fault) sp = MPI_IN_PLACE, mybad = MPI_ERR_ARG;
    fill(rb, sizeof rb, 9);
    memcpy(ref, rb, sizeof rb);
    if (k == 5 && S->na == 1) continue; /* the model only has to agree within a group */
    if (k == 5 && fault) IRR_Comm_set_model(S->both, 1e-3, 1e-9);
    if (k >= 4) { /* one rank's settings differ: MPI_ERR_ARG everywhere, nothing written */
      IRR_Comm_set_alg(S->inter, IRR_COLL_INTER_ALLGATHERV, k == 4 && fault ? IRR_ALG_ROOTGATHER : IRR_ALG_SEGMENT);
      IRR_Comm_set_alg(S->both, IRR_COLL_INTER_ALLGATHERV, IRR_ALG_AUTO);
      e = k == 4 ? IRR_Allgather(sbuf, 6, MPI_INT, rb, 6, MPI_INT, S->inter)
                 : IRR_Allgatherv_groups(sbuf, 6, MPI_INT, rb, rc, dp, MPI_INT, S->grp, S->both);
      CHECK(cls(e) == MPI_ERR_ARG, "(%d,%d) differing settings %d: class %d", S->na, S->nb, k, cls(e));
      CHECK(memcmp(rb, ref, sizeof rb) == 0, "(%d,%d) differing settings %d: receive buffer written", S->na, S->nb, k);
      IRR_Comm_set_model(S->both, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
    } else if (k < 3) {
      e = k == 1 || k == 2 ? IRR_Allgatherv(sp, sc, MPI_INT, rb, rc, dp, MPI_INT, S->inter)
                           : IRR_Allgatherv_groups(sp, sc, MPI_INT, rb, rc, dp, MPI_INT, S->grp, S->both);
      want = mybad ? mybad : MPI_ERR_TRUNCATE;
      CHECK(cls(e) == want, "(%d,%d) bad case %d: class %d, want %d", S->na, S->nb, k, cls(e), want);
      CHECK(memcmp(rb, ref, sizeof rb) == 0, "(%d,%d) bad case %d: receive buffer written", S->na, S->nb, k);
    } else { /* a group flag other than 0/1 on one rank: MPI_ERR_ARG everywhere */
      e = IRR_Allgatherv_groups(sbuf, 6, MPI_INT, rb, rc, dp, MPI_INT, fault ? 2 : S->grp, S->both);
      CHECK(cls(e) == MPI_ERR_ARG, "(%d,%d) bad group flag: class %d", S->na, S->nb, cls(e));
    }
  }
  (void)P;
  one_case(S, 4242, 0, 0, IRR_ALG_AUTO); /* still usable */
  one_case(S, 4243, 0, 1, IRR_ALG_AUTO);
}

/* The persistent intergroup IRR_Allgatherv_init against the blocking call's bytes, restarted
   nstart times (new background each time); freeing or starting it while active is
   MPI_ERR_REQUEST; a count disagreement fails init on every rank with no request. */
static void persist_case(const setup *S, uint64_t seed, irr_alg alg, int nstart) {
  int P = S->na + S->nb, nr = S->grp == 0 ? S->nb : S->na, rb = S->grp == 0 ? S->na : 0, lb = S->grp == 0 ? 0 : S->na;
  int *c = (int *)malloc((size_t)P * sizeof(int)), *rc = (int *)malloc((size_t)nr * sizeof(int)),
      *dp = (int *)malloc((size_t)nr * sizeof(int));
  int rt = (int)((seed + (uint64_t)S->me * 3 + (uint64_t)S->grp) % NTYPES), st = (int)((seed + 1 + (uint64_t)S->me) % NTYPES);
  int j, e1, e2, k, same = 1, sc;
  long tot = 0, pos = 0;
  size_t rbytes, sbytes;
  unsigned char *sb, *r1, *r2;
  IRR_Request r = IRR_REQUEST_NULL;
  sizes(seed, S->na, S->nb, 0, c);
  for (j = 0; j < nr; j++) { rc[j] = c[rb + j] / ints_per[rt]; tot += rc[j] + 1; }
  for (j = 0; j < nr; j++) dp[j] = (int)pos, pos += rc[j] + (int)(seed % 2);
  rbytes = span(rt, tot + 1);
  sc = c[lb + S->me] / ints_per[st];
  sbytes = span(st, sc);
  sb = (unsigned char *)malloc(sbytes);
  r1 = (unsigned char *)malloc(rbytes);
  r2 = (unsigned char *)malloc(rbytes);
  fill(sb, sbytes, (unsigned)(seed * 977 + (uint64_t)S->grp * 131 + (uint64_t)S->me));
  fill(r1, rbytes, 5);
  IRR_Comm_set_alg(S->inter, IRR_COLL_INTER_ALLGATHERV, alg);
  e1 = IRR_Allgatherv(sb, sc, types[st], r1, rc, dp, types[rt], S->inter);
  e2 = IRR_Allgatherv_init(sb, sc, types[st], r2, rc, dp, types[rt], S->inter, MPI_INFO_NULL, &r);
  CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && r != IRR_REQUEST_NULL, "(%d,%d) persistent init: %d %d", S->na, S->nb, e1, e2);
  for (k = 0; k < nstart && e2 == MPI_SUCCESS; k++) {
    fill(r2, rbytes, 5);
    if ((e2 = IRR_Start(&r)) != MPI_SUCCESS) break;
    if (k == 0) { /* active: neither freed nor started again */
      int e3 = IRR_Request_free(&r), e4 = IRR_Start(&r);
      CHECK(cls(e3) == MPI_ERR_REQUEST && cls(e4) == MPI_ERR_REQUEST && r != IRR_REQUEST_NULL,
            "(%d,%d) free/start of an active intergroup request: %d %d", S->na, S->nb, cls(e3), cls(e4));
    }
    if (k % 2) {
      int flag = 0;
      while (!flag && (e2 = IRR_Test(&r, &flag, MPI_STATUS_IGNORE)) == MPI_SUCCESS) {}
    } else {
      e2 = IRR_Wait(&r, MPI_STATUS_IGNORE);
    }
    same = same && memcmp(r1, r2, rbytes) == 0;
  }
  CHECK(e2 == MPI_SUCCESS && same, "(%d,%d) seed %llu %s: %d persistent starts: rc %d, same %d", S->na, S->nb,
        (unsigned long long)seed, irr_alg_name(alg), nstart, e2, same);
#if IRRCOLL_HAVE_REQUEST_MPI
  if (e2 == MPI_SUCCESS) { /* completed by MPI_Wait (IRR_Request_mpi), then by IRR_Wait again */
    MPI_Request q;
    for (k = 0; k < 2 && e2 == MPI_SUCCESS; k++) {
      fill(r2, rbytes, 5);
      if ((e2 = IRR_Start(&r)) != MPI_SUCCESS) break;
      if (k == 0 && (e2 = IRR_Request_mpi(&r, &q)) == MPI_SUCCESS) e2 = MPI_Wait(&q, MPI_STATUS_IGNORE);
      if (k == 1) e2 = IRR_Wait(&r, MPI_STATUS_IGNORE);
      CHECK(e2 == MPI_SUCCESS && memcmp(r1, r2, rbytes) == 0, "(%d,%d) intergroup request by %s: rc %d", S->na, S->nb,
            k ? "IRR_Wait" : "MPI_Wait", e2);
    }
  }
#endif
  if (r != IRR_REQUEST_NULL) CHECK(IRR_Request_free(&r) == MPI_SUCCESS && r == IRR_REQUEST_NULL, "free");
  /* one receiver disagrees with its sender: init fails everywhere, nothing is left */
  if (nr > 0 && S->grp == 1 && S->me == 0) rc[0] += 1;
  e2 = IRR_Allgatherv_init(sb, sc, types[st], r2, rc, dp, types[rt], S->inter, MPI_INFO_NULL, &r);
  CHECK(cls(e2) == MPI_ERR_TRUNCATE && r == IRR_REQUEST_NULL, "(%d,%d) persistent init, mismatch: class %d", S->na, S->nb,
        cls(e2));
  IRR_Comm_set_alg(S->inter, IRR_COLL_INTER_ALLGATHERV, IRR_ALG_AUTO);
  free(c), free(rc), free(dp), free(sb), free(r1), free(r2);
}

/* MPI_Barrier on MPI_COMM_WORLD, sleeping between tests: the ranks outside a pair of groups
   wait here, and MPICH's polling took the 2 cores from the pair (p = 11: 2 min 17 s with no
   case at all) */
static void quiet_barrier(void) {
  MPI_Request r;
  int done = 0;
  struct timespec nap = {0, 200000};
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  while (MPI_Test(&r, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done) thrd_sleep(&nap, NULL);
}

int main(int argc, char **argv) {
  static const int pairs[][2] = {{1, 1}, {1, 5}, {5, 1}, {3, 8}, {8, 3}, {4, 4}, {7, 2}, {2, 3}};
  int W, wr, pi, cases;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &W);
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  cases = argc > 1 ? atoi(argv[1]) : 6;
  make_types();
  for (pi = 0; pi < (int)(sizeof pairs / sizeof pairs[0]); pi++) {
    int na = pairs[pi][0], nb = pairs[pi][1], cs, a;
    MPI_Comm sub, local;
    setup S;
    if (na + nb > W) continue;
    MPI_Comm_split(MPI_COMM_WORLD, wr < na + nb ? 0 : MPI_UNDEFINED, wr, &sub);
    if (sub != MPI_COMM_NULL) {
      S.na = na, S.nb = nb, S.grp = wr < na ? 0 : 1, S.me = wr < na ? wr : wr - na, S.both = sub;
      MPI_Comm_split(sub, S.grp, wr, &local);
      MPI_Intercomm_create(local, 0, sub, S.grp == 0 ? na : 0, 77, &S.inter);
      MPI_Comm_set_errhandler(S.inter, MPI_ERRORS_RETURN);
      MPI_Comm_set_errhandler(sub, MPI_ERRORS_RETURN);
      for (cs = 0; cs < cases; cs++)
        for (a = 0; a < 3; a++) {
          irr_alg alg = a == 0 ? IRR_ALG_AUTO : a == 1 ? IRR_ALG_SUBGROUP : IRR_ALG_ROOTGATHER;
          uint64_t seed = (uint64_t)(pi * 1000 + cs * 10 + a);
          one_case(&S, seed, cs % 3 == 0, cs % 2, alg);
        }
      for (a = 0; a < 3; a++)
        persist_case(&S, (uint64_t)(pi * 1000 + 500 + a), a == 0 ? IRR_ALG_AUTO : a == 1 ? IRR_ALG_SUBGROUP : IRR_ALG_ROOTGATHER,
                     a == 0 ? (na + nb <= 5 ? (argc > 2 ? atoi(argv[2]) : 1000) : 50) : 20);
      empty_cases(&S);
      bad_cases(&S);
      MPI_Comm_free(&S.inter);
      MPI_Comm_free(&local);
      MPI_Comm_free(&sub);
    }
    quiet_barrier();
  }
  free_types();
  return mpi_summary_finalize();
}
