#!/bin/sh
# amalgamate.sh MANIFEST - print the single-file irrcoll.h: the manifest with every
# '#include "part.h"' line replaced by that part between banner comments. Deterministic.
# Fails (status 1) if a part is missing or empty, or if a part includes another part.
set -eu
manifest=$1
dir=$(dirname "$manifest")
fail=0
for part in $(sed -n 's/^#include "\(.*\)"$/\1/p' "$manifest"); do
  if [ ! -s "$dir/$part" ]; then
    echo "amalgamate: part '$part' is missing or empty" >&2; fail=1
  elif grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$dir/$part" >&2; then
    echo "amalgamate: part '$part' includes another part (parts never include each other)" >&2; fail=1
  fi
done
[ "$fail" = 0 ] || exit 1
echo "/* irrcoll.h: generated from irrcoll_impl/ by tools/amalgamate.sh; do not edit. */"
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    '#include "'*'"')
      part=${line#'#include "'}; part=${part%'"'}
      echo "/* ==== begin $part ==== */"
      cat "$dir/$part"
      echo "/* ==== end $part ==== */"
      ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$manifest"
