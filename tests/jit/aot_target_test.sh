#!/usr/bin/env bash
# dpk-aot --target: the default target refuses a sub-group kernel at compile time, naming the
# feature; --target opencl+sub_groups compiles it and --list says what the image needs; a bad
# spec is a usage error. usage: aot_target_test.sh DPK_AOT KERNELS.dpk WORK_PREFIX
set -uo pipefail
aot="$1"
src="$2"
out="$3"
sig="void(f32[::1], f32[::1], i64[::1])"
fail() { echo "FAIL: $*"; exit 1; }
rm -f "$out".*.dpkb  # a bundle left by an earlier run must not hide one written now

err=$("$aot" -o "$out.default.dpkb" "$src" -k sg_sum -s "$sig" 2>&1)
status=$?
[[ $status == 1 ]] || fail "default target: exit $status, expected 1 ($err)"
grep -q "has no sub-groups (cl_khr_subgroups), needed for sub_group_reduce_add" <<<"$err" ||
    fail "default target: no sub-group message in: $err"
[[ ! -e "$out.default.dpkb" ]] || fail "default target: a bundle was written"

"$aot" --target opencl+sub_groups -o "$out.sg.dpkb" "$src" -k sg_sum -s "$sig" >/dev/null ||
    fail "--target opencl+sub_groups did not compile sg_sum"
listing=$("$aot" --list "$out.sg.dpkb") || fail "--list failed"
grep -q "sg_sum void(f32\[::1\], f32\[::1\], i64\[::1\]) .*; needs sub_groups)" <<<"$listing" ||
    fail "--list does not say sg_sum needs sub_groups: $listing"

err=$("$aot" --target opencl+warp_drive -o "$out.bad.dpkb" "$src" -k sg_sum -s "$sig" 2>&1)
status=$?
[[ $status == 2 ]] || fail "bad --target: exit $status, expected 2"
grep -q "^dpk-aot: error: --target opencl+warp_drive: " <<<"$err" || fail "bad --target message: $err"
echo "default target refuses sub-groups; --target opencl+sub_groups compiles; --list: $listing"
