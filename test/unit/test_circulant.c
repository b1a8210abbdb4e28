/* test_circulant - Träff's circulant-graph broadcast schedules (algo/common/circulant.h) against a
   round-by-round simulation, for every p = 1..300: the skips; each rank's recvblock and
   the table of every rank's recvblock (the q receives of a phase are distinct blocks, the
   rank's own baseblock among them); and the n-block broadcast for several n: in n - 1 + q
   rounds every rank receives every block exactly once, from a sender that already holds it
   at the start of the round. -O2 (speed). */
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"
#include <stdlib.h>
#include <string.h>

#define PMAX 300
static long nrepair;

static int skip[32], work[4 * 33 + (1 << 15)];
static int R[PMAX][32], S[PMAX][32], FL[PMAX];
static int T[(1 << 15) * 16];

static void test_schedules(int p) {
  int q = irr_circ_skips(p, skip), r, k, bad = 0;
  CHECK(skip[0] == 1 && skip[q] == p && (q == 0 || (1 << (q - 1)) < p) && (1 << q) >= p, "p=%d: q=%d skips", p, q);
  for (k = 0; k < q; k++) CHECK(skip[k] < skip[k + 1] && skip[k] == (skip[k + 1] + 1) / 2, "p=%d: skip %d", p, k);
  CHECK(irr_circ_table(p, skip, q, T, work) == 0, "p=%d: the repair got stuck", p);
  for (r = 0; r < p; r++) {
    int one[32];
    irr_circ_recvblocks(r, p, skip, q, one, work);
    for (k = 0; k < q; k++) { /* the search alone is right but for a few ranks */
      R[r][k] = T[r * q + k];
      if (one[k] != R[r][k]) nrepair++;
    }
  }
  for (r = 0; r < p; r++) /* the send schedule: what the receiver r + s_k takes in round k */
    for (k = 0; k < q; k++) S[r][k] = r + skip[k] == p ? k : R[(r + skip[k]) % p][k];
  for (r = 0; r < p; r++) {
    int b = irr_circ_baseblock(r, skip, q), own = 0;
    for (k = 0; k < q; k++) {
      int j;
      if (R[r][k] < -q || R[r][k] >= q) bad++;
      if (R[r][k] == b && r != 0) own++;
      for (j = 0; j < k; j++)
        if (R[r][j] == R[r][k]) bad++;
    }
    if (r != 0 && own != 1) bad++;
  }
  CHECK(bad == 0, "p=%d: %d schedule errors", p, bad);
}

/* n-block broadcast from relative root 0, simulated round by round */
static void test_bcast(int p, int n) {
  int q = irr_circ_q(p), r, t, k, bad = 0, rounds = n - 1 + q;
  unsigned char *have = (unsigned char *)calloc((size_t)p * n, 1), *got = (unsigned char *)calloc((size_t)p, 1);
  int *blk = (int *)malloc((size_t)p * sizeof(int));
  for (t = 0; t < n; t++) have[t] = 1;
  for (r = 0; r < p; r++) FL[r] = q ? irr_circ_first_last(R[r], n, q) : 0;
  for (t = 0; t < rounds && q > 0; t++) {
    int off = irr_circ_offset(t, n, q, &k);
    for (r = 0; r < p; r++) { /* every receive reads the state at the round's start */
      int from = (r - skip[k] + p) % p, sb;
      blk[r] = irr_circ_bcast_block(R[r], FL[r], r, t, n, q);
      if (blk[r] < 0) continue;
      if (blk[r] >= n || !have[(size_t)from * n + blk[r]]) {
        if (bad++ < 5) fprintf(stderr, "p=%d n=%d t=%d: %d sends block %d it does not hold to %d\n", p, n, t, from, blk[r], r);
        blk[r] = -1;
        continue;
      }
      sb = S[from][k] + off; /* the sender's own schedule names the same block */
      if (sb > n - 1) sb = n - 1;
      if (sb != blk[r] && bad++ < 5) fprintf(stderr, "p=%d n=%d t=%d: %d sends %d, %d receives %d\n", p, n, t, from, sb, r, blk[r]);
    }
    for (r = 0; r < p; r++)
      if (blk[r] >= 0) {
        if (have[(size_t)r * n + blk[r]] && bad++ < 5) fprintf(stderr, "p=%d n=%d t=%d: %d gets block %d twice\n", p, n, t, r, blk[r]);
        have[(size_t)r * n + blk[r]] = 1;
      }
  }
  for (r = 0; r < p; r++)
    for (t = 0; t < n; t++)
      if (!have[(size_t)r * n + t] && bad++ < 5) fprintf(stderr, "p=%d n=%d: %d lacks block %d\n", p, n, r, t);
  CHECK(bad == 0, "p=%d n=%d: %d broadcast errors", p, n, bad);
  free(have);
  free(got);
  free(blk);
}

/* larger p: the table only (the simulation's per-round check is its holds rule) */
static void test_large_tables(void) {
  int p, bad = 0;
  for (p = 301; p <= (1 << 15); p += p < 2200 ? 1 : 97) {
    int q = irr_circ_skips(p, skip);
    if (irr_circ_table(p, skip, q, T, work) != 0) bad++;
  }
  CHECK(bad == 0, "%d tables of p = 301 .. 2^15 stuck", bad);
}

/* The programs of irr_allgatherv_circulant: the symbolic checker (every rank receives every
   byte exactly once, from a sender that holds it; sends meet receives piece by piece) for
   p <= 24 and p = 33, 64, 65 (n <= 3); for every p = 1..300 the cost model runs them (matching,
   equal lengths, no deadlock) with one message per rank and round, and a coverage check:
   every rank's receives tile every other block exactly. Distributions: regular, one rank
   has all, half empty, random with zeros. */
static void circ_dist(int d, int p, irrt_rng *rng, int64_t *m) {
  int i, one = (int)irrt_range(rng, 0, p - 1);
  for (i = 0; i < p; i++)
    m[i] = d == 0 ? 37 : d == 1 ? (i == one ? 1000 : 0) : d == 2 ? (i % 2 ? 0 : 64) : (irrt_range(rng, 0, 2) == 0 ? 0 : irrt_range(rng, 1, 300));
}
static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}
static void test_programs(void) {
  static const int ns[] = {1, 2, 3, 7};
  irrt_rng rng = {42};
  int p, d, i, full = 0, bad = 0, badcov = 0, badrounds = 0;
  int64_t m[PMAX];
  irr_model md = irr_model_ab(1.0, 0.0);
  for (p = 1; p <= PMAX; p++)
    for (d = 0; d < 4; d++)
      for (i = 0; i < (p <= 100 ? 4 : 2); i++) {
        irr_sched_set set;
        irr_spec sp;
        irr_check_report rep;
        irr_cost c;
        int n = ns[i], q = irr_circ_q(p), r, j, inplace = (p + d + i) % 2;
        irr_status st;
        circ_dist(d, p, &rng, m);
        st = irr_allgatherv_build_all(&set, IRR_ALG_CIRCULANT, p, m, n, NULL, inplace, md);
        if (st != IRR_OK) { CHECK(0, "p=%d d=%d n=%d: build %s", p, d, n, irr_status_name(st)); continue; }
        if (p <= 24 || ((p == 33 || p == 64 || p == 65) && n <= 3)) {
          sp.coll = IRR_COLL_ALLGATHERV, sp.p = p, sp.root = 0, sp.m = m, sp.inplace = inplace, sp.unknown = 0;
          st = irr_sched_check(set.s, &sp, &rep);
          if (st != IRR_OK && bad++ < 5) fprintf(stderr, "p=%d d=%d n=%d: %s (rank %d op %d)\n", p, d, n, rep.what, rep.rank, rep.op);
          full++;
        }
        st = irr_sched_cost(set.s, p, md, &c, NULL);
        if (st != IRR_OK) bad++;
        else if (c.rounds > n + q || c.messages > (int64_t)p * (n - 1 + q)) badrounds++; /* round 0: the copy */
        for (r = 0; r < p; r++) { /* coverage: per block, sorted piece starts tile [0, m_b) */
          int64_t *lo = (int64_t *)malloc(((size_t)set.s[r].nops + 1) * 2 * sizeof(int64_t));
          int b, cnt;
          for (b = 0; b < p; b++) {
            int64_t at = 0;
            if (b == r) continue;
            for (cnt = 0, j = 0; j < set.s[r].nops; j++) {
              const irr_op *o = &set.s[r].ops[j];
              if (o->kind == IRR_OP_RECV && o->blo == b) lo[2 * cnt] = o->skip, lo[2 * cnt + 1] = o->len, cnt++;
            }
            qsort(lo, (size_t)cnt, 2 * sizeof(int64_t), cmp_i64);
            for (j = 0; j < cnt; j++) {
              if (lo[2 * j] != at) badcov++;
              at = lo[2 * j] + lo[2 * j + 1];
            }
            if (at != m[b]) badcov++;
          }
          free(lo);
        }
        irr_sched_set_free(&set);
      }
  CHECK(bad == 0, "%d circulant programs fail the checker or the model (%d checked in full)", bad, full);
  CHECK(badcov == 0, "%d blocks not received exactly once", badcov);
  CHECK(badrounds == 0, "%d programs with more than n - 1 + q rounds or one message per rank and round", badrounds);
}

int main(void) {
  static const int ns[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 40};
  int p, i;
  for (p = 1; p <= PMAX; p++) {
    test_schedules(p);
    for (i = 0; i < (int)(sizeof ns / sizeof ns[0]); i++) test_bcast(p, ns[i]);
  }
  test_large_tables();
  test_programs();
  printf("recvblock entries the repair changed, p <= %d: %ld\n", PMAX, nrepair);
  return irrt_summary();
}
