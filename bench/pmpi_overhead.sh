#!/bin/sh
# pmpi_overhead.sh LIB - instructions the interception library adds to a call when no
# forced choice, profile or report applies: callgrind on a program doing N one-byte
# MPI_Bcast calls on one rank, for two N; per call = the difference / the difference of N.
set -e
lib=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/loop.c" <<'C'
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) { int n = atoi(argv[1]), i; char b = 1; MPI_Init(&argc, &argv);
  for (i = 0; i < n; i++) MPI_Bcast(&b, 1, MPI_BYTE, 0, MPI_COMM_WORLD);
  MPI_Finalize(); return 0; }
C
${MPICC:-mpicc} -O2 -o "$tmp/loop" "$tmp/loop.c"
# instructions inside the interception wrapper itself: inclusive cost of the library's
# MPI_Bcast minus that of the PMPI_Bcast it calls (the MPI library's own count varies from
# run to run with its progress polling, so whole-program totals are too noisy for this)
wrap() { LD_PRELOAD=$lib valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$tmp/loop" "$1" > /dev/null 2>&1
         callgrind_annotate --inclusive=yes "$tmp/cg" | awk '{ gsub(",", "", $1) }
           /:MPI_Bcast \[/ { w = $1 } /:PMPI_Bcast \[/ { p = $1 } END { print w - p }'; }
plain() { valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$tmp/loop" "$1" > /dev/null 2>&1
          callgrind_annotate --inclusive=yes "$tmp/cg" | awk '{ gsub(",", "", $1) } /:PMPI_Bcast \[/ { print $1 }'; }
w1=$(wrap 1000); w2=$(wrap 3000); p1=$(plain 1000); p2=$(plain 3000)
echo "#@benchmark=pmpi_overhead"
echo "MPI_Bcast(1 byte, 1 rank): $(( (p2 - p1) / 2000 )) instructions per call in MPICH; the interception library with no profile adds $(( (w2 - w1) / 2000 )) (its wrapper, the one-time set-up excluded)"
