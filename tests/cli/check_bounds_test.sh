#!/usr/bin/env bash
# dpk run --check-bounds and DPK_CHECK_BOUNDS=1: an out-of-bounds write and read end the run with
# exit 1 and a message naming kernel, array, index, shape and work-item, and write no output; an
# in-bounds kernel gives the same output checked and unchecked. On $DPK_DEVICE, else on every
# device `dpk devices` lists. usage: check_bounds_test.sh DPK
set -uo pipefail
dpk="$1"
source "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
export DPK_CACHE_DIR="$tmp/cache"
unset DPK_CHECK_BOUNDS

cat >"$tmp/oob.dpk" <<'DPK'
kernel write_past(out: f32[::1]) {
    let i = global_id(0);
    out[i + 1] = f32(i);
}
kernel read_past(a: f32[::1], out: f32[::1]) {
    let i = global_id(0);
    out[i] = a[i + 1] + 1.0;
}
kernel scale(a: f32[:, :], out: f32[:, :]) {
    let i = global_id(0);
    let j = global_id(1);
    out[i, j] = a[i, j] * 3.0 + f32(i * 5 + j);
}
DPK

if [[ -n "${DPK_DEVICE:-}" ]]; then
    devices=("$DPK_DEVICE")
else
    mapfile -t devices < <("$dpk" devices 2>/dev/null | sed -nE 's/^  ([a-z_]+:[a-z]+:[0-9]+) .*/\1/p')
fi
if ((${#devices[@]} == 0)); then
    echo "SKIPPED: dpk lists no device"
    exit 0
fi

for dev in "${devices[@]}"; do
    run=("$dpk" run "$tmp/oob.dpk" --device "$dev")
    # A write one past the end: refused with its message, and no output written.
    "${run[@]}" -k write_past --global 8 out=zeros:f32[8] --check-bounds --out out="$tmp/w.npy" \
        2>"$tmp/err"
    check "$dev: --check-bounds write" 1 $?
    contains "$dev: write message" "$tmp/err" "dpk run: error: kernel 'write_past': out-of-bounds write at $tmp/oob.dpk:3:5: index 8 in dimension 0 of parameter 0 'out', shape (8,), by work-item (7)"
    [[ ! -e "$tmp/w.npy" ]]; check "$dev: no output after the error" 0 $?

    # A read one past the end, checked through the environment.
    DPK_CHECK_BOUNDS=1 "${run[@]}" -k read_past --global 8 a=zeros:f32[8] out=zeros:f32[8] \
        2>"$tmp/err"
    check "$dev: DPK_CHECK_BOUNDS=1 read" 1 $?
    contains "$dev: read message" "$tmp/err" "dpk run: error: kernel 'read_past': out-of-bounds read at $tmp/oob.dpk:7:14: index 8 in dimension 0 of parameter 0 'a', shape (8,), by work-item (7)"
    # Unchecked, the same read passes unnoticed (a[8] lies past the array).
    DPK_CHECK_BOUNDS=0 "${run[@]}" -k read_past --global 8 a=zeros:f32[9] out=zeros:f32[8] \
        2>"$tmp/err"
    check "$dev: DPK_CHECK_BOUNDS=0 in-bounds read" 0 $?

    # In bounds: the same numbers checked and unchecked.
    "${run[@]}" -k scale --global 6,5 a=zeros:f32[6,5] out=zeros:f32[6,5] \
        --out out="$tmp/plain.npy" 2>"$tmp/err"
    check "$dev: scale unchecked" 0 $?
    "${run[@]}" -k scale --global 6,5 a=zeros:f32[6,5] out=zeros:f32[6,5] --check-bounds \
        --out out="$tmp/checked.npy" 2>"$tmp/err"
    check "$dev: scale checked" 0 $?
    cmp -s "$tmp/plain.npy" "$tmp/checked.npy"; check "$dev: same output checked" 0 $?
    rm -f "$tmp/plain.npy" "$tmp/checked.npy"
done

# A value that is neither 1 nor 0 is an error, not a guess.
DPK_CHECK_BOUNDS=yes "$dpk" run "$tmp/oob.dpk" -k read_past --global 8 a=zeros:f32[9] \
    out=zeros:f32[8] 2>"$tmp/err"
check "DPK_CHECK_BOUNDS=yes" 1 $?
contains "DPK_CHECK_BOUNDS=yes message" "$tmp/err" "DPK_CHECK_BOUNDS=yes: expected 1 (bounds-checked kernels) or 0"
finish
