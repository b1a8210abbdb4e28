/* test_circulant - Träff's circulant-graph broadcast schedules (circulant.h) against a
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

int main(void) {
  static const int ns[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 40};
  int p, i;
  for (p = 1; p <= PMAX; p++) {
    test_schedules(p);
    for (i = 0; i < (int)(sizeof ns / sizeof ns[0]); i++) test_bcast(p, ns[i]);
  }
  test_large_tables();
  printf("recvblock entries the repair changed, p <= %d: %ld\n", PMAX, nrepair);
  return irrt_summary();
}
