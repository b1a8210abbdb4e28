/* Hashing: FNV-1a over 64-bit words, for the keys of what the MPI layer keeps across calls
   (a choice, its program): the same on every rank for the same values. Four lanes (words
   i mod 4), then the lanes and n: one multiply's latency a word was the chain's whole cost
   (0.83 ns a size at p = 256); four chains at once take about a quarter of it. */

static inline uint64_t irr__hash(const int64_t *m, int n) { /* FNV-1a over the sizes */
  uint64_t h[4] = {1469598103934665603ULL, 1469598103934665603ULL ^ 1, 1469598103934665603ULL ^ 2,
                   1469598103934665603ULL ^ 3},
           z = 1469598103934665603ULL;
  int i;
  for (i = 0; i + 3 < n; i += 4) {
    h[0] = (h[0] ^ (uint64_t)m[i]) * 1099511628211ULL, h[1] = (h[1] ^ (uint64_t)m[i + 1]) * 1099511628211ULL;
    h[2] = (h[2] ^ (uint64_t)m[i + 2]) * 1099511628211ULL, h[3] = (h[3] ^ (uint64_t)m[i + 3]) * 1099511628211ULL;
  }
  for (; i < n; i++) h[i & 3] = (h[i & 3] ^ (uint64_t)m[i]) * 1099511628211ULL;
  for (i = 0; i < 4; i++) z = (z ^ h[i]) * 1099511628211ULL;
  return (z ^ (uint64_t)n) * 1099511628211ULL;
}
