/* sim_allgatherv.c - Allgatherv under SimGrid SMPI: seed 004's six distributions.
 *
 *   ./smpi-run -p 30 [--cfg=smpi/allgatherv:ring] -- ./sim_allgatherv WHO REPS C...
 *
 * WHO: "native" times MPI_Allgatherv (whichever SMPI algorithm the run selects, e.g.
 * --cfg=smpi/allgatherv:mpich_ring), "irrcoll" times IRR_Allgatherv. C: base counts in bytes
 * (MPI_BYTE data). Time of a call: from a start common to all ranks to the last rank's exit
 * (simbench.h). Output: '#@key=value' header, then who,p,dist,c_bytes,rep,seconds; repetition
 * 0 may include one-time costs (irrcoll's private communicator, node layout).
 * AG_SKEW=SEED:N in the environment: instead of the six, N random skewed distributions
 * (irrt_skew, test/dist.h) named skew0 .. skew<N-1>, the k-th drawn from seed SEED + k with
 * average c bytes a rank: the same sizes in every run of that seed, p and c.
 * SIM_MODE=new|repeat (bench/simmode.h): the end-to-end mode instead: distributions
 * SIM_DISTS (names of simmode.h separated by commas or spaces, default "random,spikes,skew")
 * with average c bytes a rank, new counts every repetition (new) or the same ones (repeat),
 * each cell on a fresh communicator with repetition 0 its first call, and one #summary line
 * per cell. irrcoll's modelled CPU is charged to the simulated clock (bench/simcpu.h). */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "simmode.h"
#include <string.h>

/* SIM_MODE: one cell (distribution d, average c bytes) on a communicator of its own */
static void mode_cell(const simmode *sm, int irr, int reps, int rank, int p, long c, int d) {
  int *m = malloc((size_t)p * sizeof(int)), *dsp = malloc((size_t)p * sizeof(int)), k, i, hits = 0;
  int64_t *m64 = malloc((size_t)p * sizeof(int64_t));
  double *t = malloc((size_t)reps * sizeof(double)), *cpu = calloc((size_t)reps, sizeof(double));
  char *sb = NULL, *rb = NULL;
  long tot = 0;
  simbench b;
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  simbench_init(&b, MPI_COMM_WORLD, 1.0);
  for (k = 0; k < reps; k++) {
    if (k == 0 || sm->fresh) { /* untimed: the counts and buffers of this repetition */
      simmode_draw(d, p, c, simmode_seed(sm, k), m64);
      for (i = 0, tot = 0; i < p; i++) m[i] = (int)m64[i], dsp[i] = (int)tot, tot += m[i];
      if (sb) simbench_free(sb), simbench_free(rb);
      sb = simbench_alloc((size_t)m[rank]);
      rb = simbench_alloc((size_t)tot);
    }
    simbench_start(&b);
    if (irr) IRR_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, comm);
    else MPI_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, comm);
    t[k] = simbench_stop(&b);
    if (irr) {
      irr_call_info ci;
      if (IRR_Comm_get_last_call(comm, &ci) == MPI_SUCCESS) cpu[k] = ci.cpu_model_s, hits += k > 0 && ci.repeat;
    }
  }
  simbench_max(&b, t, reps);
  simbench_max(&b, cpu, reps);
  if (!simbench_ok(&b)) MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0) {
    for (k = 0; k < reps; k++) printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, simmode_dist_name(d), c, k, t[k]);
    simmode_summary(sm, "allgatherv", irr ? "irrcoll" : "native", p, simmode_dist_name(d), c, t, irr ? cpu : NULL, hits, reps);
    fflush(stdout);
  }
  simbench_free(sb);
  simbench_free(rb);
  MPI_Comm_free(&comm);
  free(m); free(dsp); free(m64); free(t); free(cpu);
}

int main(int argc, char **argv) {
  int rank, p, reps = argc > 2 ? atoi(argv[2]) : 4, ci, d, k, i, irr = argc > 1 && strcmp(argv[1], "irrcoll") == 0;
  int nd = IRRT_AG_NDIST;
  unsigned long long seed = 0;
  const char *skew = getenv("AG_SKEW");
  simmode sm;
  int mdist[IRRT_NDIST + 1], nm = 0;
  if (skew && sscanf(skew, "%llu:%d", &seed, &nd) != 2) nd = IRRT_AG_NDIST, skew = NULL;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (simmode_get(&sm) < 0 || (sm.on && reps < 1)) {
    if (rank == 0) fprintf(stderr, "sim_allgatherv: SIM_MODE must be new or repeat, and REPS at least 1\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (sm.on) { /* SIM_DISTS */
    const char *dl = getenv("SIM_DISTS");
    char buf[256], *tok;
    snprintf(buf, sizeof buf, "%s", dl && *dl ? dl : "random,spikes,skew");
    for (tok = strtok(buf, ", "); tok && nm <= IRRT_NDIST; tok = strtok(NULL, ", "))
      if ((mdist[nm++] = simmode_dist(tok)) < 0) {
        if (rank == 0) fprintf(stderr, "sim_allgatherv: no such distribution '%s' (bench/simmode.h)\n", tok);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
  }
  if (rank == 0) {
    printf("#@benchmark=allgatherv_smpi\n#@p=%d\n#@simulated=%d\n#@reps=%d\n#@who=%s\n", p, SIMBENCH_SMPI, reps,
           irr ? "irrcoll" : "native");
    simcpu_header(stdout);
    simmode_header(&sm);
    printf("who,p,dist,c_bytes,rep,seconds\n");
  }
  if (sm.on) {
    for (ci = 3; ci < argc; ci++)
      for (d = 0; d < nm; d++) mode_cell(&sm, irr, reps, rank, p, atol(argv[ci]), mdist[d]);
    MPI_Finalize();
    return 0;
  }
  for (ci = 3; ci < argc; ci++) {
    long c = atol(argv[ci]);
    for (d = 0; d < nd; d++) {
      int *m = malloc(p * sizeof(int)), *dsp = malloc(p * sizeof(int));
      long tot = 0;
      char *sb, *rb;
      double *t = malloc(reps * sizeof(double));
      simbench sb_;
      int64_t *m64 = malloc(p * sizeof(int64_t));
      char name[32];
      if (skew) {
        irrt_rng rng = {seed + (unsigned long long)d};
        double *w = malloc(p * sizeof(double));
        irrt_skew(&rng, p, (double)c, m64, w);
        free(w);
        snprintf(name, sizeof name, "skew%d", d);
      } else {
        irrt_dist_ag(d, p, c, m64);
        snprintf(name, sizeof name, "%s", irrt_ag_name[d]);
      }
      for (i = 0; i < p; i++) m[i] = (int)m64[i], dsp[i] = (int)tot, tot += m[i];
      free(m64);
      sb = simbench_alloc((size_t)m[rank]);
      rb = simbench_alloc((size_t)tot);
      simbench_init(&sb_, MPI_COMM_WORLD, 1.0);
      for (k = 0; k < reps; k++) {
        simbench_start(&sb_);
        if (irr) IRR_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, MPI_COMM_WORLD);
        else MPI_Allgatherv(sb, m[rank], MPI_BYTE, rb, m, dsp, MPI_BYTE, MPI_COMM_WORLD);
        t[k] = simbench_stop(&sb_);
      }
      simbench_max(&sb_, t, reps);
      if (!simbench_ok(&sb_)) MPI_Abort(MPI_COMM_WORLD, 3);
      if (rank == 0)
        for (k = 0; k < reps; k++) printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, name, c, k, t[k]);
      simbench_free(sb);
      simbench_free(rb);
      free(m); free(dsp); free(t);
    }
  }
  MPI_Finalize();
  return 0;
}
