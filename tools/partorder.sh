#!/bin/sh
# partorder.sh MANIFEST [CC] - no part uses a name defined only in a later part (DESIGN.md §1).
# For each part k of the manifest, compiles the manifest with every part after k left out
# (the guards and declarations between them stay), as the implementation unit, with the C
# compiler CC (default $CC, else cc; an MPI wrapper checks the MPI layer's parts too) and its
# warnings as errors: a
# function, type or macro of a later part is then undeclared, and a static function declared
# ahead but defined later is "used but never defined". Unused functions are expected (the
# later parts use them). Ends with "N passed, N failed" (one check a part); exit status 1
# and the first errors of each failing part if any.
set -u
manifest=$1
dir=$(cd "$(dirname "$manifest")" && pwd)
CC=${2:-${CC:-cc}}
JOBS=${JOBS:-2}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
parts=$(sed -n 's/^#include "\(.*\)"$/\1/p' "$manifest")
n=0
for part in $parts; do
  n=$((n + 1))
  awk -v k="$n" '/^#include "/ { i++; if (i > k) next } { print }' "$manifest" > "$tmp/m$n.h"
  printf '#define IRRCOLL_IMPLEMENTATION\n#include "m%d.h"\nint main(void) { return 0; }\n' "$n" > "$tmp/u$n.c"
  echo "$n $part"
done > "$tmp/list"
# one compile per part, JOBS at once; each writes its errors to eN
xargs -P "$JOBS" -L 1 sh -c '
  '"$CC"' -std=c11 -fsyntax-only -Wall -Wextra -Wno-unused-function -Werror -I"'"$dir"'" "'"$tmp"'/u$0.c" > "'"$tmp"'/e$0" 2>&1 || echo "$0" > "'"$tmp"'/f$0"
' < "$tmp/list"
bad=0 prev=ok
while read -r k part; do
  # a part fails also when a predecessor does: name only the first of each run of failures
  if [ -e "$tmp/f$k" ]; then
    bad=$((bad + 1))
    [ "$prev" = ok ] || continue
    prev=bad
    echo "partorder: $part uses a name of a later part (or does not compile alone after its predecessors):" >&2
    grep -m 5 'error' "$tmp/e$k" | sed "s|$tmp/m$k.h|irrcoll.in.h|" >&2
  else
    prev=ok
  fi
done < "$tmp/list"
echo "partorder: $n parts in manifest order, $bad do not compile after their predecessors alone"
echo "$((n - bad)) passed, $bad failed"
[ "$bad" = 0 ]
