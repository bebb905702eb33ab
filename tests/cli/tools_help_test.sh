#!/usr/bin/env bash
# Every tool and subcommand prints its usage for -h / --help and exits 0; errors share one prefix
# style (`TOOL: error: ...`); --version prints "TOOL VERSION".
# usage: tools_help_test.sh DPKC DPK DPK_AOT VERSION
set -uo pipefail
dpkc="$1"
dpk="$2"
aot="$3"
version="$4"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

help_ok() {  # help_ok TEXT COMMAND...: exit 0 and TEXT on stdout
    local text="$1"
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [[ $rc != 0 ]] || ! grep -qF -- "$text" "$tmp/out"; then
        failed=$((failed + 1))
        echo "FAIL: '$*' exited $rc (want 0) or printed no '$text':"
        cat "$tmp/out" "$tmp/err"
    fi
}
error_prefix() {  # error_prefix PREFIX EXIT COMMAND...: exit EXIT and stderr starting with PREFIX
    local prefix="$1" want="$2"
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [[ $rc != "$want" ]] || [[ "$(head -c ${#prefix} "$tmp/err")" != "$prefix" ]]; then
        failed=$((failed + 1))
        echo "FAIL: '$*' exited $rc (want $want), stderr does not start with '$prefix':"
        cat "$tmp/err"
    fi
}

for flag in -h --help; do
    help_ok "usage: dpkc" "$dpkc" "$flag"
    help_ok "usage: dpk" "$dpk" "$flag"
    help_ok "usage: dpk run" "$dpk" run "$flag"
    help_ok "usage: dpk run" "$dpk" run some.dpk -k k "$flag"
    help_ok "usage: dpk devices" "$dpk" devices "$flag"
    help_ok "usage: dpk-aot" "$aot" "$flag"
done
help_ok "usage: dpk" "$dpk" help
help_ok "dpkc $version" "$dpkc" --version
help_ok "dpk $version" "$dpk" --version
help_ok "dpk-aot $version" "$aot" --version
[[ "$("$dpkc" --version)" == "dpkc $version" ]] || { failed=$((failed + 1)); echo "FAIL: dpkc --version"; }

error_prefix "dpkc: error: " 2 "$dpkc" --no-such-option
error_prefix "dpk: error: " 2 "$dpk" no-such-command
error_prefix "dpk: error: " 2 "$dpk" devices extra
error_prefix "dpk: error: " 1 "$dpk" run
error_prefix "dpk-aot: error: " 2 "$aot" --no-such-option

if [[ $failed != 0 ]]; then
    echo "$failed failed"
    exit 1
fi
echo "all passed"
