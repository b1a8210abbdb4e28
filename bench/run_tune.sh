#!/bin/sh
# run_tune.sh PROG OUTDIR P SELECTOR... - the tuner (tools/irrtune.c built with smpicc)
# under SimGrid SMPI (flat cluster, 0.5 us overhead) with SMPI's collective selector S:
# finds the guideline violations for sizes 1 B .. 64 KiB, writes the profiles to
# OUTDIR/tune_pP_S/, then measures again choosing by those profiles (--verify) and
# reports any violation still above 10%. Summary: violations per collective.
set -e
prog=$1; out=$2; p=$3; shift 3
here=$(dirname "$0")
for s in "$@"; do
  d="$out/tune_p${p}_$s"; mkdir -p "$d"; rm -f "$d"/*.prf
  "$here/smpi-run" -p "$p" -o 0.5us --selector "$s" -- "$prog" -o "$d" --max 30 > "$d/tune.csv" 2> "$d/tune.txt"
  "$here/smpi-run" -p "$p" -o 0.5us --selector "$s" -- "$prog" --verify "$d" --max 30 > "$d/verify.csv" 2> "$d/verify.txt"
  echo "SMPI p=$p selector=$s: violations found (sizes 1 B .. 64 KiB) -> after tuning, remaining > 10%"
  grep -E '^MPI_[A-Za-z_]+: [0-9]+ violation' "$d/tune.txt" | sed 's/: / /; s/ violation.*//' > "$d/a"
  grep -E '^MPI_[A-Za-z_]+: [0-9]+ size' "$d/verify.txt" | sed 's/: / /; s/ size.*//' > "$d/b"
  join "$d/a" "$d/b" | awk '{ printf "  %-26s %3d -> %d\n", $1, $2, $3 }'
  rm -f "$d/a" "$d/b"
done
