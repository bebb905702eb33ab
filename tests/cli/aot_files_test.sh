#!/usr/bin/env bash
# dpk-aot with several input files: each -k KERNEL is compiled from the file that declares it,
# into one bundle; a kernel in none or in two of them is an error naming them; --depfile names
# every file read, imported stdlib modules included. usage: aot_files_test.sh DPK_AOT SOURCE_DIR
set -uo pipefail
aot="$1"
src="$2"
source "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

saxpy="$src/examples/saxpy/saxpy.dpk"
reduction="$src/examples/reduction/reduction.dpk"
"$aot" -o "$tmp/two.dpkb" --depfile "$tmp/two.d" "$saxpy" "$reduction" \
    -k partial_sums -s "void(f32[::1], f32[::1], local f32[:])" \
    -k saxpy -s "void(f32, f32[::1], f32[::1])" >"$tmp/out" 2>"$tmp/err"
check "two files, one bundle" 0 $?
"$aot" --list "$tmp/two.dpkb" >"$tmp/list" 2>"$tmp/err"; check "--list" 0 $?
contains "2 images" "$tmp/list" "2 kernel images"
contains "partial_sums listed" "$tmp/list" "partial_sums void(f32[::1], f32[::1], local f32[:])"
contains "saxpy listed" "$tmp/list" "saxpy void(f32, f32[::1], f32[::1])"
contains "depfile target" "$tmp/two.d" "$tmp/two.dpkb:"
contains "depfile names saxpy.dpk" "$tmp/two.d" "examples/saxpy/saxpy.dpk"
contains "depfile names the stdlib module" "$tmp/two.d" "stdlib/reduce.dpk"

"$aot" -o "$tmp/none.dpkb" "$saxpy" "$reduction" -k nope -s "void()" >"$tmp/out" 2>"$tmp/err"
check "kernel in no file" 1 $?
contains "names the files" "$tmp/err" "no kernel 'nope' in $saxpy, $reduction"
[[ ! -e "$tmp/none.dpkb" ]]; check "no bundle written" 0 $?
"$aot" -o "$tmp/dup.dpkb" "$saxpy" "$saxpy" -k saxpy -s "void(f32, f32[::1], f32[::1])" \
    >"$tmp/out" 2>"$tmp/err"
check "kernel in two files" 1 $?
contains "names both" "$tmp/err" "kernel 'saxpy' is declared in $saxpy and in $saxpy"
finish
