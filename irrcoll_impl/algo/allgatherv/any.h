/* Any Allgatherv algorithm: the ops a program needs, and the closed-form choice between the
   ring and Bruck that the algorithms built on Allgatherv use for their inner Allgatherv
   (intergroup, XAllgatherv's large blocks go by the full choice: select/allgatherv.h). */

/* The model's comparison, the same on every rank (all know the sizes): the cheaper of the
   ring (block size *B from Eq. 2) and Bruck by their closed-form estimates. share: ranks per node
   that share one NIC (1: flat). The node-aware ring crosses each NIC once per round; in
   Bruck's round k the 2^k first ranks of each node (at most share) send across it at once,
   so that round's bandwidth term is their sum. The full automatic rule is irr_allgatherv_choose
   (select/allgatherv.h). */
/* The ring's latency alone loses to Bruck's estimate lg, whatever its block size: its fewest
   rounds (irr__ring_rounds with every rank one block; z of the p ranks empty, not all) of
   alpha are above lg. */
static inline int irr__ag_ring_latency_loses(int p, int z, irr_model md, double lg) {
  return z < p && (double)irr__ring_rounds(p, p, z, 1) * md.alpha > lg;
}
/* lg: Bruck's estimate (irr_allgatherv_bruck_estimate with share). gate: first the ring's
   latency alone (irr__ag_ring_latency_loses). Where that is already above Bruck's estimate,
   Bruck is the choice without the ring's block size (Eq. 2 and its snap, about 25 ns a
   rank), and *B is 0, as the flat choice gives Bruck. kp (NULL: not asked): where the ring's
   block size was computed, the snap's result (irr__ring_pick), else untouched. st: the sizes'
   statistics (NULL: counted here, the empty ranks for the gate in a pass of their own). */
static inline irr_alg irr__allgatherv_choose_on_lg(int p, const int64_t *m, irr_model md, int share, int64_t *B, double *t,
                                                   int gate, double lg, irr__ring_pick *kp, const irr__ring_st *st) {
  double lr;
  irr__ring_pick k;
  if (gate && p > 1) {
    int i, z = 0;
    if (st) z = st->z;
    else
      for (i = 0; i < p; i++) z += m[i] <= 0;
    if (irr__ag_ring_latency_loses(p, z, md, lg)) return *t = lg, *B = 0, IRR_ALG_BRUCK;
  }
  k = irr__ring_pick_on(p, m, md, share > 1, st);
  *B = k.B, lr = irr__ring_est_rounds(p, k.rounds, k.B, md);
  if (kp) *kp = k;
  *t = lg < lr ? lg : lr; /* the chosen one's estimate */
  return lg < lr ? IRR_ALG_BRUCK : IRR_ALG_RING;
}
/* The same with Bruck's estimate lg computed here. */
static inline irr_alg irr__allgatherv_choose_on_t(int p, const int64_t *m, irr_model md, int share, int64_t *B, double *t,
                                                  int gate) {
  return irr__allgatherv_choose_on_lg(p, m, md, share, B, t, gate, irr_allgatherv_bruck_estimate(p, m, md, share > 1 ? share : 1),
                                      NULL, NULL);
}
static inline irr_alg irr_allgatherv_choose_on(int p, const int64_t *m, irr_model md, int share, int64_t *B) {
  double t;
  return irr__allgatherv_choose_on_t(p, m, md, share, B, &t, 0);
}

/* Ops of rank r's program, for any sizes: ring 2(b - b_r) + 1, Bruck 4 ceil(log2 p) + p + 1,
   recursive doubling and the node-aware algorithm at most Bruck's. */
static inline int64_t irr_allgatherv_maxops(irr_alg alg, int p, const int64_t *m, int64_t B) {
  int64_t b = 0;
  int i;
  if (alg == IRR_ALG_BRUCK || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER) return 4 * (int64_t)irr_tree_levels(p) + p + 2;
  if (alg == IRR_ALG_NEIGHBOR) return (int64_t)p + 2;
  if (alg == IRR_ALG_CIRCULANT) /* as irr_allgatherv_circulant_maxops (circulant.h) */
    return (int64_t)p * ((B > 0 ? B : 1) - 1 + irr_tree_levels(p)) + (int64_t)(p - 1) * (B > 0 ? B : 1) + 2;
  for (i = 0; i < p; i++) b += irr__nblocks(m[i], B);
  return 2 * b + 2;
}
