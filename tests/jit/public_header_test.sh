#!/usr/bin/env bash
# dpk's public API is the folder include/dpk of the repository, and only it is installed: every
# header there, included alone by a one-line translation unit (#include <dpk/...>), compiles with
# -I INCLUDE_DIR alone (no source root, no SPIRV-Headers, no ANTLR include folder), and its include
# tree (-H) reaches nothing outside INCLUDE_DIR but the standard library: no SPIRV-Headers, ANTLR,
# nor any header of the source tree (core/, runtime/, jit/, backends/, compiler/, grammar/); and
# outside its comments it names no backend type (backends::...): the backend objects behind the
# runtime's handles are dpk's own business (runtime/backend_access.h), not the API's.
# usage: public_header_test.sh CXX INCLUDE_DIR
set -uo pipefail
cxx="$1"
include="$(cd "$2" && pwd)"
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$work"' EXIT
include_re=$(sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$include")  # the folder as a literal in a regex

# The compiler's own include folders (`-v` lists them after "#include <...> search starts here:").
mapfile -t system_dirs < <("$cxx" -std=c++20 -x c++ -E -v - </dev/null 2>&1 |
    sed -n '/#include <...> search starts here:/,/End of search list/p' | sed -n 's/^ \+//p')
((${#system_dirs[@]})) || fail "$cxx lists no system include folder (-v)"
system_re=$(for d in "${system_dirs[@]}"; do
    d=$(cd "$d" 2>/dev/null && pwd -P || echo "$d")
    printf '^%s/|' "$(sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$d")"
done)
system_re="${system_re%|}"

mapfile -t headers < <(cd "$include" && find dpk -name '*.h' | sort)
((${#headers[@]})) || fail "no header under $include/dpk"
for header in "${headers[@]}"; do
    tree=$(cd "$work" &&
           echo "#include <$header>" | "$cxx" -std=c++20 -I"$include" -fsyntax-only -H -x c++ - 2>&1)
    status=$?
    [[ $status == 0 ]] || fail "$header does not compile on its own (exit $status): $tree"
    # Every header the tree reaches: under INCLUDE_DIR/dpk, or the compiler's and system's own
    # (the folders the compiler searches for <...> by itself, wherever it is installed).
    reached=$(grep -E '^\.+ ' <<<"$tree" | sed 's/^\.* //')
    if leaks=$(grep -Ev "^$include_re/dpk/" <<<"$reached" | grep -Ev "$system_re") &&
        [[ -n "$leaks" ]]; then
        fail "$header reaches $(head -1 <<<"$leaks") (outside $include/dpk)"
    fi
    # The header's own text, comments dropped: no backends:: (nor a namespace backends block).
    if named=$(sed -e 's://.*$::' "$include/$header" |
               grep -nE '\bbackends\s*::|namespace\s+(dpk::)?backends\b') && [[ -n "$named" ]]; then
        fail "$header names a backend type: $(head -1 <<<"$named")"
    fi
    if grep -Eq 'spirv\.hpp|spirv/unified1|antlr4' <<<"$reached"; then
        fail "$header includes $(grep -E 'spirv\.hpp|spirv/unified1|antlr4' <<<"$reached" | head -1)"
    fi
done
echo "only dpk's API, each header on its own: ${headers[*]}"
