#!/usr/bin/env bash
# Regenerates dpk's ANTLR4 C++ lexer/parser from grammar/Dpk.g4 into grammar/generated/.
# The generated sources are checked in, so a build needs no Java; Dpk.g4 stays the source of truth.
# Run this after every edit of Dpk.g4 and commit grammar/generated/ with it.
#
#   tools/regenerate_parser.sh                 refresh grammar/generated/
#   tools/regenerate_parser.sh --check DIR     generate into DIR and diff against grammar/generated/
#                                              (exit 1 when they differ; the ctest
#                                              grammar_generated_up_to_date runs this)
#
# The tool: $ANTLR4 if set, else `antlr4` on PATH (Debian: the antlr4 package, 4.7.2, whose output
# works with the 4.9 C++ runtime). Output must not depend on where the tree lives, so the tool
# runs inside grammar/ with the relative name Dpk.g4 (it writes that name into every header).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grammar_dir="$root/grammar"
committed="$grammar_dir/generated"
antlr="${ANTLR4:-antlr4}"

usage() { echo "usage: $0 [--check OUTPUT_DIR]" >&2; exit 2; }

mode=refresh
out="$committed"
if (($#)); then
    [[ "$1" == "--check" && $# -eq 2 ]] || usage
    mode=check
    out="$2"
fi

if ! command -v "$antlr" >/dev/null 2>&1; then
    echo "regenerate_parser: ANTLR4 tool '$antlr' not found (Debian: apt-get install antlr4;" \
         "or set ANTLR4=/path/to/antlr4)" >&2
    exit 1
fi

# Generate into a fresh temporary folder first, so a failed run never leaves a half-written tree.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/dpk-parser.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
(cd "$grammar_dir" &&
    "$antlr" -Dlanguage=Cpp -visitor -no-listener -package dpk::grammar \
        -o "$tmp" -Xexact-output-dir Dpk.g4)
# The grammar's hash beside the output: CMake warns at configure time when Dpk.g4 changed since
# (grammar/CMakeLists.txt), even where no ANTLR tool is installed.
(cd "$grammar_dir" && sha256sum Dpk.g4) > "$tmp/Dpk.g4.sha256"

if [[ "$mode" == refresh ]]; then
    rm -rf "$committed"
    mkdir -p "$committed"
    cp -p "$tmp"/* "$committed"/
    echo "regenerate_parser: grammar/generated/ refreshed from grammar/Dpk.g4:"
    (cd "$committed" && ls)
    exit 0
fi

# --check: keep a copy of what the tool made (for a look when it fails), then compare file sets
# and contents.
rm -rf "$out"
mkdir -p "$out"
cp -p "$tmp"/* "$out"/
if diff -r -u "$committed" "$out"; then
    echo "grammar/generated/ is up to date with grammar/Dpk.g4"
    exit 0
fi
echo "" >&2
echo "FAIL: grammar/generated/ does not match what ANTLR makes from grammar/Dpk.g4." >&2
echo "Refresh it with:  bash tools/regenerate_parser.sh   (then commit grammar/generated/)" >&2
exit 1
