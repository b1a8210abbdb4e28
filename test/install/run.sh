#!/bin/sh
# test/install/run.sh MAKE MPICC "RUN" [make variables...]: `make install` into a fresh
# prefix, then a tiny consumer (test/install/app.c) built three ways - plain `mpicc -I`,
# `pkg-config --cflags irrcoll`, CMake `find_package(irrcoll CONFIG)` - and each run on 3
# ranks ("RUN" is the mpiexec command up to the process count, e.g. "timeout 120 mpiexec -n");
# DESTDIR staging writes the final prefix into the files; `make uninstall` removes every
# file it installed. Prints "N passed, N failed"; exit status 1 on a failure.
set -u
sh tools/deps.sh cmake pkg-config >/dev/null # the consumers' build tools
make=$1 mpicc=$2 run=$3
shift 3
tmp=$(mktemp -d)
pass=0 fail=0
ok() {
  if [ "$1" = 0 ]; then pass=$((pass + 1)); echo "ok: $2"; else fail=$((fail + 1)); echo "FAIL: $2"; fi
}
prefix=$tmp/prefix
$make --no-print-directory install PREFIX="$prefix" "$@" >"$tmp/install.log" 2>&1
ok $? "make install PREFIX=<fresh directory>" || cat "$tmp/install.log"
for f in include/irrcoll.h lib/pkgconfig/irrcoll.pc lib/cmake/irrcoll/irrcoll-config.cmake \
         lib/cmake/irrcoll/irrcoll-config-version.cmake lib/libirrcoll_pmpi.so bin/irrtune; do
  test -f "$prefix/$f"
  ok $? "installed $f"
done
"$prefix/bin/irrtune" --help >/dev/null 2>&1
ok $? "irrtune --help"
$mpicc -I"$prefix/include" -o "$tmp/app_plain" test/install/app.c && $run 3 "$tmp/app_plain"
ok $? "plain mpicc -I: builds and runs"
cflags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags irrcoll) &&
  $mpicc $cflags -o "$tmp/app_pc" test/install/app.c && $run 3 "$tmp/app_pc"
ok $? "mpicc \$(pkg-config --cflags irrcoll): builds and runs"
if cmake -S test/install -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DMPI_C_COMPILER="$(command -v $mpicc)" \
     >"$tmp/cmake.log" 2>&1 && cmake --build "$tmp/cmake" >>"$tmp/cmake.log" 2>&1; then
  $run 3 "$tmp/cmake/app"
  ok $? "CMake find_package(irrcoll CONFIG) + irrcoll::irrcoll: builds and runs"
else
  cat "$tmp/cmake.log"
  ok 1 "CMake find_package(irrcoll CONFIG) + irrcoll::irrcoll"
fi
$make --no-print-directory install PREFIX=/opt/irrcoll DESTDIR="$tmp/stage" "$@" >/dev/null 2>&1 &&
  test -f "$tmp/stage/opt/irrcoll/include/irrcoll.h" &&
  grep -q '^prefix=/opt/irrcoll$' "$tmp/stage/opt/irrcoll/lib/pkgconfig/irrcoll.pc"
ok $? "DESTDIR staging keeps the final prefix in irrcoll.pc"
$make --no-print-directory uninstall PREFIX="$prefix" "$@" >/dev/null 2>&1 && test -z "$(find "$prefix" -type f)"
ok $? "make uninstall removes every installed file"
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
