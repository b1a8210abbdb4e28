/* Arithmetic of the pure layer: saturating sums of size ranges, a square root without
   <math.h> (users need no -lm). */

static inline int64_t irr__range_sum(const int64_t *m, int lo, int hi) {
  int64_t s = 0;
  for (; lo < hi; lo++) s = irr__sat_add(s, m[lo]);
  return s;
}

/* sqrt without <math.h> (so users need no -lm): Newton from the exponent halved (the bits'
   half, a guess within 6%: five steps reach the double's precision; a sixth for margin),
   within 2 ulp. Outside 1e-300 .. 1e300, scaled by 2^600 into that range first. */
static inline double irr__sqrt(double x) {
  double y;
  uint64_t b;
  int i;
  if (!(x > 0)) return 0;
  if (x < 1e-300) return irr__sqrt(x * 4.149515568880993e180) * 4.909093465297727e-91;        /* 2^600, 2^-300 */
  if (x > 1e300) return x > 1.7976931348623157e308 ? x : irr__sqrt(x * 2.409919865102884e-181) * 2.037035976334486e90;
  memcpy(&b, &x, sizeof b);
  b = (b >> 1) + ((uint64_t)1023 << 51);
  memcpy(&y, &b, sizeof y);
  for (i = 0; i < 6; i++) y = 0.5 * (y + x / y);
  return y;
}
