/* Arithmetic of the pure layer: saturating sums of size ranges, a square root without
   <math.h> (users need no -lm). */

static inline int64_t irr__range_sum(const int64_t *m, int lo, int hi) {
  int64_t s = 0;
  for (; lo < hi; lo++) s = irr__sat_add(s, m[lo]);
  return s;
}

/* sqrt without <math.h> (so users need no -lm): Newton from a power of two above. */
static inline double irr__sqrt(double x) {
  double y = 1;
  int i;
  if (!(x > 0)) return 0;
  while (y * y < x && y < 1e300) y *= 2;
  for (i = 0; i < 64; i++) y = 0.5 * (y + x / y);
  return y;
}
