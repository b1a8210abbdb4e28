/* Hashing: FNV-1a over 64-bit words, for the keys of what the MPI layer keeps across calls
   (a choice, its program): the same on every rank for the same values. */

static inline uint64_t irr__hash(const int64_t *m, int n) { /* FNV-1a over the sizes */
  uint64_t h = 1469598103934665603ULL;
  int i;
  for (i = 0; i < n; i++) h = (h ^ (uint64_t)m[i]) * 1099511628211ULL;
  return h;
}
