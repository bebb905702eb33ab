#!/usr/bin/env bash
# The reproducers of hostile input and failed output against the three binaries: each must end in
# its documented exit status with a clear message and leave nothing partial behind.
# usage: hostile_input_test.sh DPKC DPK DPK_AOT SOURCE_DIR
set -uo pipefail
dpkc="$1"
dpk="$2"
aot="$3"
src="$4"
source "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

only_files() {  # only_files NAME EXPECTED...: the work folder holds exactly these names
    local want have
    want=$(printf '%s\n' "${@:2}" | sort | tr '\n' ' ')
    have=$(ls -A "$tmp/out" | sort | tr '\n' ' ')
    if [[ "$want" == "$have" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: expected files '$want', found '$have'"
    fi
}

saxpy="$src/examples/saxpy/saxpy.dpk"
mkdir -p "$tmp/out" "$tmp/dir.dpk"

# dpkc: a directory as the source is a usage error naming it (it compiled as an empty file).
"$dpkc" "$tmp/dir.dpk" 2>"$tmp/err"; check "dpkc directory source" 2 $?
contains "dpkc directory message" "$tmp/err" "dir.dpk': is a directory, not a file"
# dpkc -o onto a full device: exit 1 with the reason (it exited 0 before).
"$dpkc" "$saxpy" -o /dev/full 2>"$tmp/err"; check "dpkc -o /dev/full" 1 $?
contains "dpkc /dev/full message" "$tmp/err" "cannot write '/dev/full': No space left on device"
# dpkc -o through a symbolic link: the target is written, the link stays.
ln -s real.spv "$tmp/out/link.spv"
"$dpkc" "$saxpy" -o "$tmp/out/link.spv" 2>"$tmp/err"; check "dpkc -o link" 0 $?
[[ -L "$tmp/out/link.spv" && -s "$tmp/out/real.spv" ]]; check "dpkc link kept, target written" 0 $?
only_files "dpkc leaves no temporary" link.spv real.spv

# dpk-aot -o: a link is written through (it was replaced by a regular file), a full device fails.
ln -s real.dpkb "$tmp/out/link.dpkb"
"$aot" -o "$tmp/out/link.dpkb" "$saxpy" -k saxpy -s "void(f32, f32[::1], f32[::1])" \
    >/dev/null 2>"$tmp/err"; check "dpk-aot -o link" 0 $?
[[ -L "$tmp/out/link.dpkb" && -s "$tmp/out/real.dpkb" ]]; check "dpk-aot link kept" 0 $?
"$aot" -o /dev/full "$saxpy" -k saxpy -s "void(f32, f32[::1], f32[::1])" \
    >/dev/null 2>"$tmp/err"; check "dpk-aot -o /dev/full" 1 $?
contains "dpk-aot /dev/full message" "$tmp/err" "No space left on device"
"$aot" --list "$tmp/dir.dpk" >/dev/null 2>"$tmp/err"; check "dpk-aot --list directory" 1 $?
contains "dpk-aot --list directory message" "$tmp/err" "is a directory"
only_files "dpk-aot leaves no temporary" link.spv real.spv link.dpkb real.dpkb

# dpk run: a malformed .npy shape is exit 1 with the file named (it aborted, exit 134).
python3 - "$tmp/bad.npy" <<'PY'
import sys
header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (abc,), }\n"
open(sys.argv[1], "wb").write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header)
PY
run=("$dpk" run "$saxpy" -k saxpy --global 4 alpha=1 y=zeros:f32[4])
"${run[@]}" "x=@$tmp/bad.npy" 2>"$tmp/err"; check "dpk run malformed shape" 1 $?
contains "dpk run malformed shape message" "$tmp/err" "bad.npy: malformed .npy header"
"${run[@]}" x=zeros:f32[4] --out y=/dev/full 2>"$tmp/err"; check "dpk run --out /dev/full" 1 $?
contains "dpk run /dev/full message" "$tmp/err" "cannot write '/dev/full': No space left on device"
# --out /dev/stdout into a pipe: written through (it named a file that does not exist before).
"${run[@]}" x=zeros:f32[4] --out y=/dev/stdout 2>"$tmp/err" | head -c 6 | od -c >"$tmp/piped"
contains "dpk run --out /dev/stdout" "$tmp/piped" "223   N   U   M   P   Y"
"${run[@]}" x=zeros:f32[4] --device "" 2>"$tmp/err"; check "dpk run --device ''" 1 $?
contains "dpk run --device '' message" "$tmp/err" "--device needs a filter"
# Sizes that overflow: refused before any driver sees them (a driver assertion or crash before).
"$dpk" run "$saxpy" -k saxpy --global 4294967296,4294967296 alpha=1 x=zeros:f32[4] y=zeros:f32[4] \
    2>"$tmp/err"; check "dpk run --global 2^32,2^32" 1 $?
contains "dpk run --global message" "$tmp/err" "has more work items than a kernel's 64-bit signed ids"
"${run[@]}" x=zeros:f32[4611686018427387904,4] 2>"$tmp/err"; check "dpk run zeros 2^62 x 4" 1 $?
contains "dpk run zeros message" "$tmp/err" "its size in bytes overflows 64 bits"
"$dpk" run "$tmp/dir.dpk" -k k --global 4 2>"$tmp/err"; check "dpk run directory" 1 $?
contains "dpk run directory message" "$tmp/err" "is a directory, not a file"
"$dpk" --help | grep -q "Exit status: 0 success"; check "dpk --help documents exit codes" 0 $?
"$dpkc" --help | grep -q "3 internal error"; check "dpkc --help documents exit codes" 0 $?

finish
