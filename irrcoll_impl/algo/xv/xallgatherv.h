/* XAllgatherv with unknown sizes everywhere (seed 003).

   XAllgatherv (irr_xallgatherv_sched): Bruck's allgather (ceil(log2 p) rounds, any p) in
   which every message carries the sizes of the blocks it holds, so the sizes need no
   separate exchange; blocks larger than irr_xallgatherv_eager() travel only as sizes here and
   are delivered afterwards by irrcoll's known-size Allgatherv, ring or Bruck
   (irr_xallgatherv_large; Bruck on irregular data can carry a large block in every round).
   Phase 2's choice and generator: select/xv.h. */

/* XAllgatherv: blocks of at most this many bytes ride along with the sizes in Bruck's
   rounds; larger ones go by the known-size Allgatherv afterwards. Bruck's rounds are as
   slow as their largest message, so a block of b bytes can cost up to beta*b per round; the
   bound keeps that excess (beta * p * eager) within about ceil(log2 p) latencies, the
   rounds that a separate exchange of the sizes would cost (md: the model's alpha/beta). */
static inline int64_t irr_xallgatherv_eager(int p, irr_model md) {
  int L = irr_tree_levels(p); /* ceil(log2 p) */
  double e = md.beta > 0 && p > 0 ? md.alpha * (L > 0 ? L : 1) / (md.beta * p) : 1e18;
  if (e < 64) e = 64;
  return e > 1e15 ? (int64_t)1e15 : (int64_t)e;
}

/* XAllgatherv's phase 1, rank r's program: irr_allgatherv_bruck with the sizes in every
   message, whose receivers learn the lengths (IRR_OPF_COUNTS | IRR_OPF_LEARN). m: the data
   this phase moves (the eager blocks; a larger block counts 0 here: its size still
   travels, its data goes in phase 2). Rounds 0 .. ceil(log2 p). The MPI layer runs it a
   round at a time, rebuilt from the sizes learned so far: round k needs only those. */
static inline irr_status irr_xallgatherv_sched(int p, int r, const int64_t *m, int inplace, irr_sched *s) {
  return irr_allgatherv_bruck(p, r, m, inplace, IRR_OPF_COUNTS | IRR_OPF_LEARN, s);
}
