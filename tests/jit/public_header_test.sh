#!/usr/bin/env bash
# A user's include brings dpk's API and nothing of its insides: each HEADER, included alone by a
# one-line translation unit, compiles against the repository root alone (no SPIRV-Headers, no
# ANTLR include folder), and its include tree (-H) reaches neither SPIRV-Headers, ANTLR, nor
# backends/, compiler/ or grammar/. usage: public_header_test.sh CXX REPO_ROOT HEADER...
set -uo pipefail
cxx="$1"
root="$2"
shift 2
fail() { echo "FAIL: $*"; exit 1; }
[[ $# -gt 0 ]] || fail "no header to check"
work=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$work"' EXIT
root_re=$(sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$root")  # the root as a literal in a regex
leak="spirv\\.hpp|spirv/unified1|antlr4|$root_re/(backends|compiler|grammar)/"

for header in "$@"; do
    tree=$(cd "$work" &&
           echo "#include \"$header\"" | "$cxx" -std=c++20 -I"$root" -fsyntax-only -H -x c++ - 2>&1)
    status=$?
    [[ $status == 0 ]] || fail "$header does not compile on its own (exit $status): $tree"
    if grep -Eq "$leak" <<<"$tree"; then
        echo "$header reaches dpk's insides; its include tree:"
        grep -E '^\.+ ' <<<"$tree" | grep -v '^\.* /usr/'
        fail "$header includes $(grep -E "$leak" <<<"$tree" | head -1 | sed 's/^\.* //')"
    fi
done
echo "only dpk's API: $*"
