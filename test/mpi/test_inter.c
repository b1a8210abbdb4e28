/* test_inter.c - intergroup IRR_Allgather / IRR_Allgatherv against the native operation (on
 * bytes, see ref_inter) on real intercommunicators (MPI_Intercomm_create), byte for byte over whole sentinel-filled
 * receive buffers; the same through IRR_Allgather(v)_groups on the intracommunicator of both
 * groups; each algorithm; bad input. Group sizes (1,1) (1,5) (5,1) (3,8) (8,3) (4,4) (7,2)
 * as far as the ranks allow.   mpiexec -n K ./test_inter [cases]   (K >= 2) */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"
#include <string.h>

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
  free(c), free(rc), free(dp), free(sb), free(r1), free(r2);
}

/* Bad input: the rank at fault gets its class, the others MPI_ERR_TRUNCATE, no receive
   buffer is touched, and a good call works afterwards. */
static void bad_cases(const setup *S) {
  int P = S->na + S->nb, nr = S->grp == 0 ? S->nb : S->na, k, j, e, fault = S->grp == 0 && S->me == S->na - 1;
  int rc[16], dp[16], sbuf[64];
  unsigned char rb[2048], ref[2048];
  for (j = 0; j < 64; j++) sbuf[j] = j;
  for (k = 0; k < 4; k++) {
    int sc = 6, mybad = 0, want;
    const void *sp = sbuf;
    for (j = 0; j < nr; j++) rc[j] = 6, dp[j] = 6 * j;
    if (k == 0 && fault) sc = -1, mybad = MPI_ERR_COUNT;
    if (k == 1 && S->grp == 1 && S->me == 0) rc[0] = 12; /* disagrees with the sender */
    if (k == 2 && fault) sp = MPI_IN_PLACE, mybad = MPI_ERR_ARG;
    fill(rb, sizeof rb, 9);
    memcpy(ref, rb, sizeof rb);
    if (k < 3) {
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
      bad_cases(&S);
      MPI_Comm_free(&S.inter);
      MPI_Comm_free(&local);
      MPI_Comm_free(&sub);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free_types();
  return mpi_summary_finalize();
}
