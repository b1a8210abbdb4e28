/* test_mpi.c - IRR_Gatherv and IRR_Scatterv against MPI_Gatherv and MPI_Scatterv, byte for
   byte, on random cases (run under mpiexec -n K). Written only against the public API of the
   committed irrcoll.h.

   Every case draws (the same on every rank): a block-size distribution (seed 000's six,
   all-zero, one-huge), a root, datatypes (every rank may use its own send type; all have an
   int signature: MPI_INT, a strided vector, a contiguous derived type, an int with padding),
   displacements (consecutive, with gaps, in reverse rank order), MPI_IN_PLACE at the root,
   the algorithm (auto, tree, linear, binomial) and the communicator (world, a copy with
   shuffled ranks, self). Buffers are filled with a sentinel first and compared whole,
   gaps included, so a write out of place shows. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"

typedef struct {
  int dist, root, vt, disp_mode, inplace, alg, comm_kind;
  long b;
  unsigned seed;
} tcase;

static long ncases, ncases_c;

/* IRR_Gatherv / IRR_Scatterv, or (MPI-4, use_c) their _c variants on widened arrays */
#if MPI_VERSION >= 4
static void widen(const int *cnt, const int *dis, int p, MPI_Count **c, MPI_Aint **d) {
  int i;
  *c = (MPI_Count *)malloc((size_t)p * sizeof(MPI_Count));
  *d = (MPI_Aint *)malloc((size_t)p * sizeof(MPI_Aint));
  for (i = 0; i < p; i++) (*c)[i] = cnt[i], (*d)[i] = dis[i];
  ncases_c++;
}
#endif
static int irr_gv(int use_c, const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *ds,
                  MPI_Datatype rt, int root, MPI_Comm comm, int p) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c;
    MPI_Aint *d;
    int e;
    widen(rc, ds, p, &c, &d);
    e = IRR_Gatherv_c(sb, sc, st, rb, c, d, rt, root, comm);
    free(c); free(d);
    return e;
  }
#endif
  (void)use_c; (void)p;
  return IRR_Gatherv(sb, sc, st, rb, rc, ds, rt, root, comm);
}
static int irr_sv(int use_c, const void *sb, const int *sc, const int *ds, MPI_Datatype st, void *rb, int rc,
                  MPI_Datatype rt, int root, MPI_Comm comm, int p) {
#if MPI_VERSION >= 4
  if (use_c) {
    MPI_Count *c;
    MPI_Aint *d;
    int e;
    widen(sc, ds, p, &c, &d);
    e = IRR_Scatterv_c(sb, c, d, st, rb, rc, rt, root, comm);
    free(c); free(d);
    return e;
  }
#endif
  (void)use_c; (void)p;
  return IRR_Scatterv(sb, sc, ds, st, rb, rc, rt, root, comm);
}

static void run_case(const tcase *c, MPI_Comm world_shuffled) {
  MPI_Comm comm = c->comm_kind == 0 ? MPI_COMM_WORLD : c->comm_kind == 1 ? world_shuffled : MPI_COMM_SELF;
  int rank, p, i, root, st = (int)(c->seed % NTYPES), ok;
  irrt_rng rng;
  int64_t *m;
  int *rc_counts, *displs;
  long total_elems = 0, n_me;
  size_t rbytes, obytes;
  unsigned char *sbuf, *r_nat, *r_irr, *o_nat, *o_irr;
  int e1, e2, mytype;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  root = c->root % p;
  rng.s = c->seed;
  m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  rc_counts = (int *)malloc((size_t)p * sizeof(int));
  displs = (int *)malloc((size_t)p * sizeof(int));
  irrt_dist(c->dist, p, c->b, &rng, m);
  for (i = 0; i < p; i++) m[i] *= UNIT; /* ints in block i */
  /* root's layout, in elements of its type */
  {
    long pos = 0;
    for (i = 0; i < p; i++) rc_counts[i] = (int)(m[i] / ints_per[c->vt]);
    for (i = 0; i < p; i++) {
      int j = c->disp_mode == 2 ? p - 1 - i : i; /* reverse: last rank first */
      if (c->disp_mode >= 1) pos += (long)irrt_range(&rng, 0, 3);
      displs[j] = (int)pos;
      pos += rc_counts[j];
    }
    total_elems = pos + 2;
  }
  mytype = (st + rank) % NTYPES; /* every rank its own type, same signature */
  n_me = (long)(m[rank] / ints_per[mytype]);
  rbytes = span(c->vt, total_elems);
  obytes = span(mytype, n_me);
  irr_alg alg = (irr_alg)c->alg;
  IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, alg);
  /* Scatterv's other tree, XScatterv's (no construction), in a third of the tree cases */
  IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, alg == IRR_ALG_TREE && c->seed % 3 == 0 ? IRR_ALG_XTREE : alg);
  /* every other case: Gatherv's tree degrades above 8 bytes (2 alpha / beta: a subtree sends
     to the root), XScatterv's above 2 */
  if (c->seed % 2) IRR_Comm_set_model(comm, 4e-10, 1e-10);
  else IRR_Comm_set_model(comm, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);

  /* ---- Gatherv ---- */
  sbuf = (unsigned char *)malloc(obytes);
  fill(sbuf, obytes, c->seed + (unsigned)rank * 1000u);
  r_nat = (unsigned char *)malloc(rbytes);
  r_irr = (unsigned char *)malloc(rbytes);
  fill(r_nat, rbytes, 77);
  fill(r_irr, rbytes, 77);
  {
    int inplace = c->inplace && rank == root;
    if (inplace) { /* the root's block is already in place: put it there in both */
      MPI_Aint lb, ext;
      MPI_Type_get_extent(types[c->vt], &lb, &ext);
      MPI_Sendrecv(sbuf, (int)n_me, types[mytype], 0, 9, r_nat + (size_t)displs[root] * (size_t)ext, rc_counts[root],
                   types[c->vt], 0, 9, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      memcpy(r_irr, r_nat, rbytes);
    }
    /* all ranks must agree on IN_PLACE-ness only at the root; others pass sbuf */
    e1 = MPI_Gatherv(inplace ? MPI_IN_PLACE : sbuf, (int)n_me, types[mytype], r_nat, rc_counts, displs,
                     types[c->vt], root, comm);
    e2 = irr_gv((int)(c->seed >> 7) & 1, inplace ? MPI_IN_PLACE : sbuf, (int)n_me, types[mytype], r_irr, rc_counts,
                displs, types[c->vt], root, comm, p);
  }
  ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && (rank != root || memcmp(r_nat, r_irr, rbytes) == 0);
  CHECK(ok, "gatherv differs: p=%d root=%d dist=%s b=%ld vt=%d disp=%d inplace=%d alg=%s comm=%d rank=%d (rc %d/%d)",
        p, root, irrt_dist_name[c->dist], c->b, c->vt, c->disp_mode, c->inplace, irr_alg_name(alg),
        c->comm_kind, rank, e1, e2);

  /* ---- Scatterv: the root's buffer is r_nat (gathered above), each rank its own type ---- */
  o_nat = (unsigned char *)malloc(obytes);
  o_irr = (unsigned char *)malloc(obytes);
  fill(o_nat, obytes, 5);
  fill(o_irr, obytes, 5);
  {
    int inplace = c->inplace && rank == root;
    e1 = MPI_Scatterv(r_nat, rc_counts, displs, types[c->vt], inplace ? MPI_IN_PLACE : o_nat, (int)n_me,
                      types[mytype], root, comm);
    e2 = irr_sv((int)(c->seed >> 8) & 1, r_nat, rc_counts, displs, types[c->vt], inplace ? MPI_IN_PLACE : o_irr,
                (int)n_me, types[mytype], root, comm, p);
  }
  ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(o_nat, o_irr, obytes) == 0;
  CHECK(ok, "scatterv differs: p=%d root=%d dist=%s b=%ld vt=%d disp=%d inplace=%d alg=%s comm=%d rank=%d (rc %d/%d)",
        p, root, irrt_dist_name[c->dist], c->b, c->vt, c->disp_mode, c->inplace, irr_alg_name(alg),
        c->comm_kind, rank, e1, e2);
  ncases += 2;
  free(sbuf); free(r_nat); free(r_irr); free(o_nat); free(o_irr);
  free(m); free(rc_counts); free(displs);
}

/* MPI_BOTTOM with absolute-address datatypes (MPI_BOTTOM is NULL in MPICH: not an error) */
static void run_bottom(int n_base) {
  int rank, p, i, n, *cnt, *dis, *mine, *out1, *out2, total = 0, e1, e2;
  MPI_Aint addr;
  MPI_Datatype abs_t;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  cnt = (int *)malloc((size_t)p * sizeof(int));
  dis = (int *)malloc((size_t)p * sizeof(int));
  for (i = 0; i < p; i++) { cnt[i] = n_base + i % 3; dis[i] = total; total += cnt[i]; }
  n = cnt[rank];
  mine = (int *)malloc((size_t)(n + 1) * sizeof(int));
  out1 = (int *)malloc((size_t)(total + 1) * sizeof(int));
  out2 = (int *)malloc((size_t)(total + 1) * sizeof(int));
  for (i = 0; i < n; i++) mine[i] = rank * 1000 + i;
  for (i = 0; i < total; i++) out1[i] = out2[i] = -1;
  MPI_Get_address(mine, &addr);
  MPI_Type_create_hindexed(1, &n, &addr, MPI_INT, &abs_t); /* the whole block, absolute */
  MPI_Type_commit(&abs_t);
  e1 = MPI_Gatherv(MPI_BOTTOM, 1, abs_t, out1, cnt, dis, MPI_INT, p - 1, MPI_COMM_WORLD);
  e2 = IRR_Gatherv(MPI_BOTTOM, 1, abs_t, out2, cnt, dis, MPI_INT, p - 1, MPI_COMM_WORLD);
  {
    int ok = e1 == MPI_SUCCESS && e2 == MPI_SUCCESS, j;
    if (rank == p - 1) /* the known values (SMPI 3.32's own MPI_Gatherv gets the root's wrong) */
      for (i = 0; i < p; i++)
        for (j = 0; j < cnt[i]; j++) ok = ok && out2[dis[i] + j] == i * 1000 + j;
    CHECK(ok, "gatherv from MPI_BOTTOM wrong (rank %d, rc %d/%d)", rank, e1, e2);
    if (rank == p - 1 && memcmp(out1, out2, (size_t)total * sizeof(int)) != 0) fprintf(stderr, "note: the native MPI_Gatherv differs from the known values\n");
  }
  /* Scatterv back into MPI_BOTTOM at every rank */
  for (i = 0; i < n; i++) mine[i] = -7;
  e2 = IRR_Scatterv(out2, cnt, dis, MPI_INT, MPI_BOTTOM, 1, abs_t, p - 1, MPI_COMM_WORLD);
  {
    int ok = e2 == MPI_SUCCESS;
    for (i = 0; i < n; i++) ok = ok && mine[i] == rank * 1000 + i;
    CHECK(ok, "scatterv into MPI_BOTTOM wrong on rank %d (rc %d)", rank, e2);
  }
  MPI_Type_free(&abs_t);
  free(cnt); free(dis); free(mine); free(out1); free(out2);
  ncases += 2;
}

/* On an intercommunicator irrcoll forwards to the native operation: same result. */
static void run_intercomm(void) {
#ifndef SMPI_SHARED_MALLOC /* SMPI has no intercommunicators */
  int rank, p, low, lrank, rsize, i, root, e1, e2, *cnt, *dis, mine[3], *o1, *o2, r1[3], r2[3];
  MPI_Comm local, inter;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (p < 2) return;
  low = rank < p / 2;
  MPI_Comm_split(MPI_COMM_WORLD, low, rank, &local);
  MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? p / 2 : 0, 77, &inter);
  MPI_Comm_rank(local, &lrank);
  MPI_Comm_remote_size(inter, &rsize);
  cnt = (int *)malloc((size_t)rsize * sizeof(int));
  dis = (int *)malloc((size_t)rsize * sizeof(int));
  o1 = (int *)malloc(3 * (size_t)rsize * sizeof(int));
  o2 = (int *)malloc(3 * (size_t)rsize * sizeof(int));
  for (i = 0; i < rsize; i++) { cnt[i] = 1 + i % 3; dis[i] = 3 * i; }
  for (i = 0; i < 3 * rsize; i++) o1[i] = o2[i] = -1;
  for (i = 0; i < 3; i++) mine[i] = rank * 10 + i, r1[i] = r2[i] = -1;
  /* the low group's rank 0 gathers from the high group */
  root = low ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  e1 = MPI_Gatherv(mine, low ? 0 : 1 + lrank % 3, MPI_INT, o1, cnt, dis, MPI_INT, root, inter);
  e2 = IRR_Gatherv(mine, low ? 0 : 1 + lrank % 3, MPI_INT, o2, cnt, dis, MPI_INT, root, inter);
  CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(o1, o2, 3 * (size_t)rsize * sizeof(int)) == 0,
        "intercommunicator gatherv differs on rank %d", rank);
  e1 = MPI_Scatterv(o1, cnt, dis, MPI_INT, r1, low ? 0 : 1 + lrank % 3, MPI_INT, root, inter);
  e2 = IRR_Scatterv(o1, cnt, dis, MPI_INT, r2, low ? 0 : 1 + lrank % 3, MPI_INT, root, inter);
  CHECK(e1 == MPI_SUCCESS && e2 == MPI_SUCCESS && memcmp(r1, r2, sizeof r1) == 0,
        "intercommunicator scatterv differs on rank %d", rank);
  ncases += 2;
  MPI_Comm_free(&inter);
  MPI_Comm_free(&local);
  free(cnt); free(dis); free(o1); free(o2);
#endif
}

int main(int argc, char **argv) {
  int rank, p, k, ncase = argc > 1 ? atoi(argv[1]) : 40;
  MPI_Comm shuffled;
  irrt_rng rng = {2026};
  long all = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  make_types();
  shuffled_world(99, &shuffled);
  for (k = 0; k < ncase; k++) {
    tcase c;
    c.dist = (int)irrt_range(&rng, 0, IRRT_NDIST - 1);
    c.b = (long)irrt_range(&rng, 0, 3) == 0 ? 0 : irrt_range(&rng, 1, k % 5 == 0 ? 2000 : 12);
    if (c.dist == IRRT_ONEHUGE) c.b = irrt_range(&rng, 1, 30); /* 1000x: up to 720 KB */
    c.root = (int)irrt_range(&rng, 0, 1 << 20);
    c.vt = (int)irrt_range(&rng, 0, NTYPES - 1);
    c.disp_mode = (int)irrt_range(&rng, 0, 2);
    c.inplace = (int)irrt_range(&rng, 0, 3) == 0;
    c.alg = k % (IRR_ALG_V_LAST + 1); /* auto, tree, linear, binomial, direct */
    c.comm_kind = k % 7 == 3 ? 1 : k % 11 == 5 ? 2 : 0;
    c.seed = (unsigned)irrt_next(&rng);
    run_case(&c, shuffled);
  }
  run_intercomm();
  run_bottom(1);
  run_bottom(300);
  MPI_Comm_free(&shuffled);
  free_types();
  MPI_Reduce(&ncases, &all, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("p=%d: %ld random cases compared with the native operations (%ld through the _c variants)\n", p, all, ncases_c);
  return mpi_summary_finalize();
}
