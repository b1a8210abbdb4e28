/* Max-plus recursions: the cost model's time (ir/cost.h, irr_sched_cost) of programs that run
   in rounds in which each rank sends at most one message and receives at most one, to
   partners in the same round of their programs (Allgatherv's ring, Bruck, recursive doubling,
   neighbor exchange, node-aware and circulant algorithms). No port is ever contended, so the
   time is
     E_k(r) = max over r's messages of round k of max(E_{k-1}(r), E_{k-1}(peer)) + alpha + beta len,
   E_k(r) = E_{k-1}(r) in a round without messages, time = max_r E_K(r).
   The algorithms' *_time functions evaluate it from the sizes, without building the
   programs: O(p) a round instead of the simulator's event queue. */

/* One message in the recursion: the clock e of a rank that was at er before the round, after
   a message (nonempty) with a peer that was at ep: it starts when both are ready and takes
   alpha + bl (bl: its beta term); an empty message takes no time. Evaluated as
   (max + alpha) + bl, so every recursion rounds alike. */
static inline double irr__mp_msg(double e, double er, double ep, double alpha, double bl, int nonempty) {
  double x;
  if (nonempty && (x = (ep > er ? ep : er) + alpha + bl) > e) e = x;
  return e;
}

/* The recursion's start (P: prefix sums of m, p + 1 entries; E: every rank at time 0) and its
   end (the last rank to finish). */
static inline void irr__mp_start(int p, const int64_t *m, int64_t *P, double *E) {
  int r;
  for (P[0] = 0, r = 0; r < p; r++) P[r + 1] = P[r] + m[r], E[r] = 0;
}
static inline double irr__mp_latest(const double *E, int p) {
  double t = 0;
  int r;
  for (r = 0; r < p; r++) t = E[r] > t ? E[r] : t;
  return t;
}
