/* test_profile.c - the PGMPITuneLib profile parser: the paper's Listing 1, lookups, and
 * malformed files (a clear message, no crash, nothing used). */
#include "../../pmpi/profile.h"
#include "../check.h"

int main(void) {
  static const char *listing1 =
      "# pgtune profile\nMPI_Scatter\n1024 # nb. of processes\n2 # nb. of mock -up impl.\n2 scatter_as_bcast\n"
      "3 scatter_as_scatterv\n8 # nb. of ranges\n1 1 2 # byte_range_start byte_range_end alg_id\n8 8 2\n32 32 2\n64 64 2\n"
      "100 100 2\n512 512 2\n1024 1024 2\n10000 10000 3\n";
  static const char *bad[] = {
      "", "# only a comment\n", "Scatter\n4\n0\n0\n", "MPI_Scatter\nfour\n", "MPI_Scatter\n4\n1\n2 x\n", "MPI_Scatter\n4\n1\n2 x\n1\n1 1 3\n",
      "MPI_Scatter\n4\n1\n2 x\n2\n1 10 2\n5 20 2\n", "MPI_Scatter\n4\n1\n2 x\n1\n9 3 2\n", "MPI_Scatter\n4\n1\n2 x\n3\n1 1 2\n",
      "MPI_Scatter\n4\n1\n2 x\n1\n1 1 2\nextra\n", "MPI_Scatter\n-3\n", "MPI_Scatter\n4\n99999999\n",
      "MPI_Scatter\n4\n1\n2 averyveryveryveryveryveryveryveryveryveryveryveryveryveryveryverylongname\n0\n"};
  irr_prof pr;
  char err[200];
  int i;
  CHECK(irr_prof_parse(listing1, &pr, err, sizeof err) == 0, "Listing 1 parses");
  CHECK(strcmp(pr.coll, "MPI_Scatter") == 0 && pr.p == 1024 && pr.nalg == 2 && pr.nrange == 8, "Listing 1 fields");
  CHECK(irr_prof_lookup(&pr, 1) && strcmp(irr_prof_lookup(&pr, 1), "scatter_as_bcast") == 0, "1 byte: scatter_as_bcast");
  CHECK(irr_prof_lookup(&pr, 10000) && strcmp(irr_prof_lookup(&pr, 10000), "scatter_as_scatterv") == 0, "10000: scatterv");
  CHECK(irr_prof_lookup(&pr, 2) == NULL && irr_prof_lookup(&pr, 0) == NULL && irr_prof_lookup(&pr, 20000) == NULL, "gaps: default");
  irr_prof_free(&pr);
  {
    static const char *unsorted = "MPI_Bcast 4 2 1 bcast_as_allgatherv 7 bcast_as_scatter_allgather 3 100 200 7 0 10 1 11 99 1";
    CHECK(irr_prof_parse(unsorted, &pr, err, sizeof err) == 0, "unsorted ranges parse: %s", err);
    CHECK(irr_prof_lookup(&pr, 5) && strcmp(irr_prof_lookup(&pr, 5), "bcast_as_allgatherv") == 0, "sorted lookup 5");
    CHECK(irr_prof_lookup(&pr, 150) && strcmp(irr_prof_lookup(&pr, 150), "bcast_as_scatter_allgather") == 0, "sorted lookup 150");
    irr_prof_free(&pr);
  }
  for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
    err[0] = '\0';
    CHECK(irr_prof_parse(bad[i], &pr, err, sizeof err) == -1 && err[0] != '\0' && pr.name == NULL && pr.r == NULL,
          "malformed profile %d rejected with a message", i);
  }
  CHECK(irr_prof_slurp("/nonexistent/profile") == NULL, "missing file: NULL");
  return irrt_summary();
}
