/* Intergroup Allgather(v)'s choice and the programs of all ranks of its algorithms. */

/* Intergroup Allgather(v): Algorithm 2 unless forced (in the model it equals Algorithm 1 at
   equal group sizes and beats it otherwise; root gathering is the baseline). */
static inline irr_alg irr_inter_choose(irr_alg forced) {
  if (forced == IRR_ALG_SUBGROUP || forced == IRR_ALG_ROOTGATHER) return forced;
  return IRR_ALG_SEGMENT;
}

/* The programs of all na + nb ranks, into set (free with irr_sched_set_free). */
static inline irr_status irr_inter_build_all(irr_sched_set *set, irr_alg alg, int na, int nb, const int64_t *m, irr_model md) {
  irr_status st;
  int r;
  int64_t cap = 0, c;
  irr_op *ops;
  if (na < 1 || nb < 1) return IRR_ERR_ARG;
  for (r = 0; r < na + nb; r++) {
    if ((c = irr_inter_maxops(r, na, nb, m, alg, md)) < 0) return IRR_ERR_NOMEM;
    if (c > cap) cap = c;
  }
  if (cap > INT32_MAX) return IRR_ERR_NOMEM;
  if ((st = irr_sched_set_init(set, na + nb)) != IRR_OK) return st;
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  if (!ops) { irr_sched_set_free(set); return IRR_ERR_NOMEM; }
  for (r = 0; r < na + nb && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, na + nb, ops, (int)cap);
    st = irr_inter_allgatherv(r, na, nb, m, alg, md, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  IRRCOLL_FREE(ops);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}
