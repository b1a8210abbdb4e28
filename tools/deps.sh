#!/bin/sh
# deps.sh PKG... - install Debian packages that are missing (as root, or through sudo), and
# leave Debian's alternatives where they pointed before. Installing Open MPI next to MPICH
# would otherwise switch every group in automatic mode (mpi: mpicc, mpicxx...; mpirun:
# mpirun, mpiexec; mpi-x86_64-linux-gnu: the headers and libmpi.so) to Open MPI, whose
# priority is higher, and a user's own `mpicc` would then build against another MPI. The
# Makefile never needs them: it calls mpicc.mpich, mpirun.openmpi, ... by name (MPICC, MPIEXEC).
# A group the installation moved is set back to its value with `update-alternatives --set`,
# which leaves it in manual mode (in automatic mode the highest priority wins, so it cannot
# keep its value there); `update-alternatives --auto NAME` hands it to the priorities again.
# Groups the installation created are left as they are.
set -e
# one installation at a time: make -j may start deps-mpi and deps-sim together, and the
# second apt-get would fail on the first one's lock (then it finds its packages installed)
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/irrcoll-deps.lock"
  flock 9
fi
missing=""
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
[ -n "$missing" ] || exit 0
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
echo "installing:$missing"
# "name status value" per group, e.g. "mpi auto /usr/bin/mpicc.mpich"
before=$(update-alternatives --get-selections 2>/dev/null || :)
rc=0
$sudo apt-get update -qq || rc=$?
[ $rc != 0 ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing || rc=$?

# restore, also after a failed installation (it may have configured some packages)
after=$(update-alternatives --get-selections 2>/dev/null || :)
kept=""
while read -r name status value; do
  [ -n "$name" ] || continue
  old=$(printf '%s\n' "$before" | awk -v n="$name" '$1 == n { print $2, $3; exit }')
  [ -n "$old" ] || continue # a new group
  old_status=${old%% *} old_value=${old#* }
  # moved, or no longer manual where it was: set it back
  [ "$value" != "$old_value" ] || { [ "$old_status" = manual ] && [ "$status" != manual ]; } || continue
  if [ -e "$old_value" ] && $sudo update-alternatives --quiet --set "$name" "$old_value"; then
    kept="$kept $name"
  else
    echo "deps.sh: could not set alternative $name back to $old_value (now $value)" >&2
  fi
done <<EOF
$after
EOF
[ -z "$kept" ] || echo "deps.sh: Debian's alternatives$kept kept where they pointed (now in manual mode;" \
  "'update-alternatives --auto NAME' lets the highest priority win again)"
exit $rc
