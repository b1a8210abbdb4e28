/* mpitest.h - what the MPI test runners share: the datatypes every case draws from (all of
   an int signature, so every rank may use its own), buffer helpers, a communicator with
   shuffled ranks, and the closing "N passed, N failed" summed over all ranks. Include after
   irrcoll.h and ../check.h. */
#ifndef IRR_TEST_MPITEST_H
#define IRR_TEST_MPITEST_H
#include "../dist.h"
#include <stdlib.h>

enum { NTYPES = 4, UNIT = 6 }; /* block sizes are multiples of 6 ints: every type divides them */
static MPI_Datatype types[NTYPES];
static const int ints_per[NTYPES] = {1, 2, 3, 1};

static inline void make_types(void) {
  MPI_Datatype t;
  types[0] = MPI_INT;
  MPI_Type_vector(2, 1, 3, MPI_INT, &types[1]); /* ints at 0 and 3: holes */
  MPI_Type_commit(&types[1]);
  MPI_Type_contiguous(3, MPI_INT, &types[2]);
  MPI_Type_commit(&types[2]);
  MPI_Type_create_resized(MPI_INT, 0, 3 * (MPI_Aint)sizeof(int), &t); /* int + 8 bytes padding */
  MPI_Type_dup(t, &types[3]);
  MPI_Type_free(&t);
  MPI_Type_commit(&types[3]);
}
static inline void free_types(void) {
  int k;
  for (k = 1; k < NTYPES; k++) MPI_Type_free(&types[k]);
}

static inline MPI_Aint ext_of(int t) {
  MPI_Aint lb, ext;
  MPI_Type_get_extent(types[t], &lb, &ext);
  return ext;
}
static inline size_t span(int t, long count) { /* bytes a buffer of count elements needs */
  return (size_t)(count > 0 ? count : 1) * (size_t)ext_of(t) + 64;
}
static inline void fill(unsigned char *b, size_t n, unsigned seed) {
  size_t i;
  for (i = 0; i < n; i++) b[i] = (unsigned char)(seed * 31u + i * 7u + 1u);
}

/* MPI_COMM_WORLD with its ranks permuted (MPI_Comm_split, keys a random permutation) */
static inline void shuffled_world(uint64_t seed, MPI_Comm *out) {
  irrt_rng kr;
  int i, p, rank, key, *perm;
  kr.s = seed;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  perm = (int *)malloc((size_t)p * sizeof(int));
  for (i = 0; i < p; i++) perm[i] = i;
  for (i = p - 1; i > 0; i--) { int j = (int)irrt_range(&kr, 0, i), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  key = perm[rank];
  free(perm);
  MPI_Comm_split(MPI_COMM_WORLD, 0, key, out);
}

/* n elements of t at buf to/from `bytes` (packed form) through MPI_COMM_SELF: unlike
   MPI_Pack this takes MPI_BOTTOM (MPICH 4.0.2's MPI_Pack rejects its NULL). */
static inline int irrt_to_bytes(const void *buf, int n, MPI_Datatype t, char *bytes, int nbytes) {
  return MPI_Sendrecv(buf, n, t, 0, 77, bytes, nbytes, MPI_PACKED, 0, 77, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}
static inline int irrt_from_bytes(const char *bytes, int nbytes, void *buf, int n, MPI_Datatype t) {
  return MPI_Sendrecv(bytes, nbytes, MPI_PACKED, 0, 78, buf, n, t, 0, 78, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}

/* The reference: MPI_Allgatherv on bytes (every rank the same type), each block then
   unpacked with the receive type. Not MPI_Allgatherv on the ranks' own types: Open MPI 4.1's
   is wrong when ranks send with different types of one signature (coll/tuned sizes the
   message from the local send type, so ranks pick different algorithms). */
static inline int irrt_ref_allgatherv(const void *sb, int n, MPI_Datatype st, void *rb, const int *cnt, const int *dsp,
                          MPI_Datatype rt, MPI_Comm comm) {
  int p, rank, i, e, tsz, *bc, *bd, pos;
  MPI_Aint lb, ext;
  char *bytes;
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &rank);
  MPI_Type_size(rt, &tsz);
  MPI_Type_get_extent(rt, &lb, &ext);
  bc = (int *)malloc((size_t)p * 2 * sizeof(int));
  bd = bc + p;
  for (i = 0, pos = 0; i < p; i++) bc[i] = cnt[i] * tsz, bd[i] = pos, pos += bc[i];
  bytes = (char *)malloc((size_t)pos + 1);
  if (sb == MPI_IN_PLACE) e = irrt_to_bytes((char *)rb + (MPI_Aint)dsp[rank] * ext, cnt[rank], rt, bytes + bd[rank], bc[rank]);
  else e = irrt_to_bytes(sb, n, st, bytes + bd[rank], bc[rank]);
  if (e == MPI_SUCCESS) e = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, bytes, bc, bd, MPI_BYTE, comm);
  for (i = 0; i < p && e == MPI_SUCCESS; i++)
    e = irrt_from_bytes(bytes + bd[i], bc[i], (char *)rb + (MPI_Aint)dsp[i] * ext, cnt[i], rt);
  free(bytes);
  free(bc);
  return e;
}

/* ---- mixed datatypes: kinds of one int signature (ints per element irrt_kints), their ints' byte
   offsets from the buffer pointer and extents; IRRT_K_BOT and IRRT_K_BOTV are anchored at a buffer's
   absolute address per call and passed with MPI_BOTTOM ---- */
enum { IRRT_K_INT, IRRT_K_PAIR, IRRT_K_VEC, IRRT_K_SUB, IRRT_K_STRUCT, IRRT_K_RES, IRRT_K_DUP, IRRT_K_BOT, IRRT_K_BOTV, IRRT_NK, IRRT_OFF = 64 };
static const char *const irrt_kname[IRRT_NK] = {"int", "pair", "vector", "subarray", "struct_lb4", "resized_lb-4", "dup", "bottom", "bottom_vector"};
static const int irrt_kints[IRRT_NK] = {1, 2, 2, 4, 2, 1, 1, 1, 2};
static const int irrt_koff[IRRT_NK][4] = {{0}, {0, 4}, {0, 12}, {16, 20, 28, 32}, {4, 12}, {0}, {0}, {0}, {0, 12}};
static const MPI_Aint irrt_kext[IRRT_NK] = {4, 8, 16, 48, 12, 12, 4, 4, 16};
static MPI_Datatype irrt_kt[IRRT_NK], irrt_kempty; /* irrt_kempty: contiguous(0, MPI_INT), the empty signature */

static inline void irrt_make_kinds(void) {
  int sz[2] = {4, 3}, sub[2] = {2, 2}, st[2] = {1, 1}, one[2] = {1, 1};
  MPI_Aint d[2] = {4, 12};
  MPI_Datatype it[2] = {MPI_INT, MPI_INT};
  int k;
  irrt_kt[IRRT_K_INT] = irrt_kt[IRRT_K_BOT] = MPI_INT;
  MPI_Type_contiguous(2, MPI_INT, &irrt_kt[IRRT_K_PAIR]);
  MPI_Type_vector(2, 1, 3, MPI_INT, &irrt_kt[IRRT_K_VEC]);
  MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, &irrt_kt[IRRT_K_SUB]);
  MPI_Type_create_struct(2, one, d, it, &irrt_kt[IRRT_K_STRUCT]);
  MPI_Type_create_resized(MPI_INT, -4, 12, &irrt_kt[IRRT_K_RES]);
  MPI_Type_dup(MPI_INT, &irrt_kt[IRRT_K_DUP]);
  MPI_Type_contiguous(0, MPI_INT, &irrt_kempty);
  MPI_Type_commit(&irrt_kempty);
  irrt_kt[IRRT_K_BOTV] = irrt_kt[IRRT_K_VEC];
  for (k = IRRT_K_PAIR; k <= IRRT_K_DUP; k++) MPI_Type_commit(&irrt_kt[k]);
}
static inline void irrt_free_kinds(void) {
  int k;
  for (k = IRRT_K_PAIR; k <= IRRT_K_DUP; k++) MPI_Type_free(&irrt_kt[k]);
  MPI_Type_free(&irrt_kempty);
}
/* the type and buffer argument of kind k for the buffer at base (its data at base + IRRT_OFF) */
static inline void irrt_anchor(int k, unsigned char *base, MPI_Datatype *t, void **arg) {
  int one = 1;
  MPI_Aint a;
  *t = irrt_kt[k], *arg = base + IRRT_OFF;
  if (k != IRRT_K_BOT && k != IRRT_K_BOTV) return;
  MPI_Get_address(base + IRRT_OFF, &a);
  if (k == IRRT_K_BOT) MPI_Type_create_hindexed(1, &one, &a, MPI_INT, t);
  else MPI_Type_create_struct(1, &one, &a, &irrt_kt[IRRT_K_VEC], t);
  MPI_Type_commit(t);
  *arg = MPI_BOTTOM;
}
static inline void irrt_unanchor(int k, MPI_Datatype *t) {
  if (k == IRRT_K_BOT || k == IRRT_K_BOTV) MPI_Type_free(t);
}
static inline int irrt_kind_of(MPI_Datatype t) {
  int k;
  for (k = 0; k < IRRT_NK; k++)
    if (irrt_kt[k] == t) return k;
  return -1;
}
/* The failures of all ranks into irrt_fail; then MPI_Finalize. Returns the exit status:
   rank 0 prints the summary line. */
static inline int mpi_summary_finalize(void) {
  long f = irrt_fail, fa = 0;
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  irrt_fail = fa;
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
#endif
