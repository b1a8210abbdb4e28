/* schedule_math.c - irrcoll's schedule math without MPI: build Träff's gather tree for some
 * block sizes, look at one rank's tree and program, check all programs symbolically, and
 * compare algorithms in the cost model.
 *
 *   cc -I.. -o schedule_math schedule_math.c && ./schedule_math [P]
 */
#define IRRCOLL_NO_MPI
#include "irrcoll.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int p = argc > 1 ? atoi(argv[1]) : 11, root = p > 9 ? 9 : p - 1, r, i, a;
  int64_t *m = malloc((size_t)(p > 0 ? p : 1) * sizeof *m);
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  irr_tree_all T;
  irr_tree t;
  if (p < 1 || p > 4096) return 2;
  for (r = 0; r < p; r++) m[r] = (r * 37) % 5 == 0 ? 0 : 400 + 100 * (r % 7); /* bytes */

  /* the tree every rank would reach with the distributed construction (Lemma 3) */
  if (irr_tree_build(&T, p, root, IRR_TREE_LINEAR_TIME, m) != IRR_OK) return 1;
  printf("gather tree, p = %d, root %d:\n", p, root);
  for (r = 0; r < p; r++) {
    irr_tree_view(&T, r, &t);
    printf("  rank %2d (%4lld B): ", r, (long long)m[r]);
    if (t.parent < 0) printf("root");
    else if (t.total == 0) printf("empty subtree: sends nothing (parent %d)", t.parent);
    else printf("sends %lld B to %d in level %d", (long long)t.total, t.parent, t.send_level);
    for (i = 0; i < t.nchild; i++)
      printf("%s%d (%lld B, level %d)", i ? ", " : "; receives from ", t.child[i].rank,
             (long long)t.child[i].size, t.child[i].level);
    printf("\n");
  }
  irr_tree_all_free(&T);

  /* every algorithm: check the programs symbolically, then cost them */
  for (a = IRR_ALG_TREE; a <= IRR_ALG_V_LAST; a++) {
    irr_sched_set set;
    irr_spec spec = {IRR_COLL_GATHERV, p, root, m, 0, 0, 0};
    irr_check_report rep;
    irr_cost c;
    irr_status st = irr_v_build_all(&set, IRR_COLL_GATHERV, (irr_alg)a, p, root, m, 0, 1);
    if (st == IRR_OK) st = irr_sched_check(set.s, &spec, &rep);
    if (st == IRR_OK) st = irr_sched_cost(set.s, p, md, &c, NULL);
    if (st != IRR_OK) {
      printf("%-8s: %s\n", irr_alg_name((irr_alg)a), irr_status_name(st));
      return 1;
    }
    printf("%-8s: checker ok, %3lld messages, %6lld bytes moved, %2d rounds, model time %6.2f us%s\n",
           irr_alg_name((irr_alg)a), (long long)c.messages, (long long)c.volume, c.rounds, c.time * 1e6,
           a == IRR_ALG_TREE ? " (its construction included)" : a == IRR_ALG_BINOMIAL ? " (sizes given free)" : "");
    irr_sched_set_free(&set);
  }
  printf("Theorem 1's bound for the tree: %.2f us\n", irr_gatherv_tree_bound(p, root, m, 1, md) * 1e6);
  free(m);
  return 0;
}
