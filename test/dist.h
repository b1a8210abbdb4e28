/* dist.h - block-size distributions and a deterministic RNG for tests and benchmarks.
   The first six are Träff 2017, Section 5 (average block size b, spikes with rho = 5);
   all-zero and one-huge are the extreme cases of DESIGN.md §6. */
#ifndef IRR_TEST_DIST_H
#define IRR_TEST_DIST_H
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct { uint64_t s; } irrt_rng;
static inline uint64_t irrt_next(irrt_rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static inline int64_t irrt_range(irrt_rng *r, int64_t lo, int64_t hi) { /* [lo, hi]; lo if empty */
  if (hi < lo) return lo;
  return lo + (int64_t)(irrt_next(r) % (uint64_t)(hi - lo + 1));
}

enum { IRRT_SAME, IRRT_RANDOM, IRRT_SPIKES, IRRT_DECREASING, IRRT_ALTERNATING, IRRT_TWOBLOCKS,
       IRRT_ZERO, IRRT_ONEHUGE, IRRT_NDIST };
static const char *const irrt_dist_name[IRRT_NDIST] = {
  "same", "random", "spikes", "decreasing", "alternating", "two_blocks", "all_zero", "one_huge"};

/* m[0..p-1] for distribution d with average block size b */
static inline void irrt_dist(int d, int p, int64_t b, irrt_rng *r, int64_t *m) {
  int i, huge = (int)irrt_range(r, 0, p - 1);
  for (i = 0; i < p; i++) {
    switch (d) {
    case IRRT_SAME: m[i] = b; break;
    case IRRT_RANDOM: m[i] = irrt_range(r, 1, 2 * b); break;
    case IRRT_SPIKES: m[i] = irrt_range(r, 0, 4) == 0 ? 5 * b : 1; break;
    case IRRT_DECREASING: m[i] = (2 * b * (p - i)) / p + 1; break;
    case IRRT_ALTERNATING: m[i] = i % 2 == 0 ? b + b / 2 : b - b / 2; break;
    case IRRT_TWOBLOCKS: m[i] = (i == 0 || i == p - 1) ? b : 0; break;
    case IRRT_ZERO: m[i] = 0; break;
    default: m[i] = i == huge ? b * 1000 : 1; break;
    }
  }
}

/* Random skewed sizes, a distribution nobody tuned on (issue 22): a random fraction (0 .. 0.95)
   of empty ranks, power-law sizes with a random exponent a in [0, 3] (Zipf: the i-th largest
   is (i+1)^-a, or Pareto draws u^-a), randomly placed, scaled to an average of avg bytes a
   rank (at least one rank non-empty; sizes round down). w: p doubles of workspace. */
static inline double irrt_urand(irrt_rng *r) { return (double)(irrt_next(r) >> 11) * (1.0 / 9007199254740992.0); }
static inline void irrt_skew(irrt_rng *r, int p, double avg, int64_t *m, double *w) {
  double f = 0.95 * irrt_urand(r), a = 3 * irrt_urand(r), sum = 0;
  int i, zipf = irrt_urand(r) < 0.5, any = 0;
  for (i = 0; i < p; i++) { /* inside-out shuffle: Zipf ranks in random places */
    int j = (int)irrt_range(r, 0, i);
    w[i] = w[j], w[j] = zipf ? pow((double)(i + 1), -a) : pow(1 - irrt_urand(r), -a);
  }
  for (i = 0; i < p; i++) {
    if (irrt_urand(r) < f && !(i == p - 1 && !any)) w[i] = 0;
    any |= w[i] > 0;
    sum += w[i];
  }
  for (i = 0; i < p; i++) m[i] = (int64_t)(avg * p * w[i] / sum);
}

/* Träff, Ripke et al. 2010 (seed 004), Section 3: m[0..p-1] for distribution d (0..5) with
   base count c; geometric: c p / (i log2 p) for the ranks i-1 .. 2i-2, i = 1, 2, 4, ... */
enum { IRRT_AG_NDIST = 6 };
static const char *const irrt_ag_name[IRRT_AG_NDIST] = {"regular", "broadcast", "spike", "half_full", "decreasing", "geometric"};
static inline void irrt_dist_ag(int d, int p, int64_t c, int64_t *m) {
  int i, L = 0;
  while ((1 << L) < p) L++;
  for (i = 0; i < p; i++) {
    switch (d) {
    case 0: m[i] = c; break;
    case 1: m[i] = i == 0 ? c : 0; break;
    case 2: m[i] = i == 0 ? c / 2 : c / (2 * (p > 1 ? p - 1 : 1)); break;
    case 3: m[i] = i % 2 == 0 ? 2 * c : 0; break;
    case 4: m[i] = p > 1 ? 2 * c * (p - 1 - i) / (p - 1) : c; break;
    default: { int64_t g = 1; while (2 * g <= i + 1) g *= 2; m[i] = c * p / (g * (L > 0 ? L : 1)); break; }
    }
  }
}

/* Reduce_scatter's block patterns (bench_reduce_scatter_model, bench_cpu), m[0..p-1] of
   average c: 0 regular, 1 half (one random rank owns half the vector, the others c/2), 2 zipf
   (1/i sizes at random places), 3 sparse (a random 3/4 of the ranks empty). w: p doubles. */
enum { IRRT_RS_NDIST = 4 };
static const char *const irrt_rs_name[IRRT_RS_NDIST] = {"regular", "half", "zipf", "sparse"};
static inline void irrt_rs(int d, int p, int64_t c, irrt_rng *r, int64_t *m, double *w) {
  int i, h = (int)irrt_range(r, 0, p - 1);
  double sum = 0;
  for (i = 0; i < p; i++) w[i] = 1;
  if (d == 2) { /* Zipf in random places: an inside-out shuffle of 1/(i+1) */
    for (i = 0; i < p; i++) {
      int j = (int)irrt_range(r, 0, i);
      w[i] = w[j], w[j] = 1.0 / (i + 1);
    }
  }
  if (d == 3)
    for (i = 0; i < p; i++) w[i] = irrt_range(r, 0, 3) == 0;
  for (i = 0; i < p; i++) sum += w[i];
  for (i = 0; i < p; i++) {
    if (d == 1) m[i] = i == h ? c * p / 2 : c / 2;
    else m[i] = sum > 0 ? (int64_t)((double)c * p * w[i] / sum) : 0;
  }
}

/* Alltoallv sizes mat[s*p + d] (bytes from s to d), average about c a pair: 0 uniform,
   1 random in [0, 2c], 2 sparse (each rank sends to ceil(log2 p) random others, c p / log2 p
   each), 3 one hot receiver (every rank sends it c p / 2, the rest c / 2), 4 power law
   (Pareto sizes, random exponent in [0.5, 2.5], 30% of pairs empty), 5 random rows (each
   rank's sends all of one random size in [0, 2c]). */
enum { IRRT_A2A_NDIST = 6 };
static const char *const irrt_a2a_name[IRRT_A2A_NDIST] = {"uniform", "random", "sparse", "hot", "powerlaw", "rows"};
static inline void irrt_a2a(irrt_rng *r, int kind, int p, double c, int64_t *mat) {
  int s, d, L = 1, hot = (int)irrt_range(r, 0, p - 1);
  double a = 0.5 + 2 * irrt_urand(r), x;
  while ((1 << L) < p) L++;
  for (s = 0; s < p; s++) {
    double row = 2 * c * irrt_urand(r);
    for (d = 0; d < p; d++) {
      int64_t *m = &mat[(size_t)s * p + d];
      switch (kind) {
      case 0: *m = (int64_t)c; break;
      case 1: *m = irrt_range(r, 0, (int64_t)(2 * c)); break;
      case 2: *m = 0; break;
      case 3: *m = (int64_t)(d == hot ? c * p / 2 : c / 2); break;
      case 4: x = irrt_urand(r) < 0.3 ? 0 : pow(1 - irrt_urand(r), -1 / a); *m = (int64_t)(c * x * (a - 1 > 0.2 ? (a - 1) / a : 0.2)); break;
      default: *m = (int64_t)row; break;
      }
    }
    if (kind == 2)
      for (d = 0; d < L && p > 1; d++) mat[(size_t)s * p + irrt_range(r, 0, p - 1)] = (int64_t)(c * p / L);
  }
}
#endif
