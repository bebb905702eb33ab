#!/usr/bin/env bash
# Prints every `// expect: LINE:COL: FRAGMENT` of the error corpus with the source line it names
# and a caret under the column, to review positions by eye (or FILE... to show some files).
# Positions inside a `// signature:` string (errors in the signature) are shown on that string.
set -euo pipefail
cd "$(dirname "$0")"
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(*.dpk)
for f in "${files[@]}"; do
    awk -v file="$f" '
        { lines[NR] = $0 }
        /^\/\/ signature:/ && !sig { sig = substr($0, index($0, ":") + 2) }
        END {
            for (n = 1; n <= NR; n++) {
                if (lines[n] !~ /^\/\/ expect: /) continue
                spec = substr(lines[n], 12)
                split(spec, p, ":")
                line = p[1] + 0; col = p[2] + 0
                frag = substr(spec, length(p[1]) + length(p[2]) + 4)
                src = lines[line]
                if (sig != "" && line == 1 && col <= length(sig) + 1 && substr(src, 1, 2) == "//")
                    src = sig " (signature)"
                caret = sprintf("%" col "s", "^")
                printf "%s:%d:%d: [%s]\n    %s\n    %s\n", file, line, col, frag, src, caret
            }
        }' "$f"
done
