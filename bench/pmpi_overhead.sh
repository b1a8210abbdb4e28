#!/bin/sh
# pmpi_overhead.sh LIB - instructions the interception library adds to a call when no
# forced choice, profile or report applies: callgrind's instruction count of a program
# doing N one-byte MPI_Bcast calls on one rank, for two N, with and without LIB preloaded;
# per call = difference of the differences / difference of N.
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
ir() { LD_PRELOAD=$1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$tmp/loop" "$2" > /dev/null 2>&1
       callgrind_annotate "$tmp/cg" | grep -m1 'PROGRAM TOTALS' | awk '{ gsub(",", "", $1); print $1 }'; }
a1=$(ir "" 1000); a2=$(ir "" 3000); b1=$(ir "$lib" 1000); b2=$(ir "$lib" 3000)
echo "#@benchmark=pmpi_overhead"
echo "MPI_Bcast(1 byte, 1 rank): $(( (a2 - a1) / 2000 )) instructions per call plain, $(( (b2 - b1) / 2000 )) with the interception library (no profile): +$(( (b2 - b1 - a2 + a1) / 2000 ))"
