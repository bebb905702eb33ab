#!/usr/bin/env bash
# Runs on the GPU machine (any Linux without the Debian packages): unpacks the .debs that
# tools/gpu/fetch_deps.sh put in .gpu-deps/ into a prefix, and rewrites what points at absolute
# /usr paths so that CMake can use the prefix:
#   cmake -DCMAKE_PREFIX_PATH=<prefix>/usr ...
#
#   bash tools/gpu/setup_prefix.sh [PREFIX]
#
# PREFIX: the argument, else $DPK_DEPS_PREFIX, else /opt/dpk-deps (or ${TMPDIR:-/tmp}/dpk-deps when
# /opt is not writable). The last line of output is the prefix. Idempotent: a prefix made from the
# same .debs by the same script is kept as it is. Unpacking uses dpkg-deb when present, else ar +
# tar, else python3 (DPK_DEPS_UNPACKER=dpkg-deb|ar|python forces one, for testing).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
debs="$root/.gpu-deps"
say() { echo "setup_prefix: $*" >&2; }
die() { say "$*"; exit 1; }

if [[ $# -gt 1 ]]; then die "usage: $0 [PREFIX]"; fi
prefix="${1:-${DPK_DEPS_PREFIX:-}}"
if [[ -z "$prefix" ]]; then
    prefix=/opt/dpk-deps
    if ! mkdir -p "$prefix" 2>/dev/null || [[ ! -w "$prefix" ]]; then
        prefix="${TMPDIR:-/tmp}/dpk-deps"
    fi
fi
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"   # absolute, without trailing slash

[[ -f "$debs/MANIFEST" ]] ||
    die "$debs/MANIFEST not found: run tools/gpu/fetch_deps.sh on the Debian machine and carry .gpu-deps"

# Nothing to do when the prefix came from these very .debs and this very script.
stamp="$prefix/.dpk-deps-stamp"
want_stamp="$(cat "$debs/MANIFEST" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want_stamp" ]]; then
    say "prefix $prefix is up to date"
    echo "$prefix"
    exit 0
fi

# The packages are amd64 (or arch-independent): refuse another machine with a clear message.
machine="$(uname -m)"
[[ "$machine" == x86_64 ]] || die "these .debs are for amd64; this machine is $machine"

# Which unpacker: dpkg-deb, else ar + tar, else python3 (ar format + tarfile).
unpacker="${DPK_DEPS_UNPACKER:-}"
if [[ -z "$unpacker" ]]; then
    if command -v dpkg-deb >/dev/null; then unpacker=dpkg-deb
    elif command -v ar >/dev/null && command -v tar >/dev/null; then unpacker="ar"
    elif command -v python3 >/dev/null; then unpacker=python
    else die "none of dpkg-deb, ar + tar, python3 found to unpack .deb files"
    fi
fi
say "unpacking with $unpacker into $prefix"

# ar + tar: the data member is data.tar.{xz,zst,gz,bz2} or plain data.tar.
unpack_ar() {
    local deb="$1" into="$2" member
    member="$(ar t "$deb" | grep '^data\.tar' | head -n1)"
    [[ -n "$member" ]] || die "$deb has no data.tar member"
    case "$member" in
        data.tar.xz)  ar p "$deb" "$member" | tar -xJ -C "$into" ;;
        data.tar.zst) ar p "$deb" "$member" | tar --zstd -x -C "$into" ;;
        data.tar.gz)  ar p "$deb" "$member" | tar -xz -C "$into" ;;
        data.tar.bz2) ar p "$deb" "$member" | tar -xj -C "$into" ;;
        data.tar)     ar p "$deb" "$member" | tar -x -C "$into" ;;
        *) die "$deb: unknown data member $member" ;;
    esac
}

# python3: reads the ar archive and the (xz/gz/bz2) tar with the standard library.
unpack_python() {
    python3 - "$1" "$2" <<'PY'
import io, sys, tarfile
deb, into = sys.argv[1], sys.argv[2]
with open(deb, "rb") as f:
    if f.read(8) != b"!<arch>\n":
        sys.exit(f"{deb}: not an ar archive")
    while True:
        header = f.read(60)
        if len(header) < 60:
            sys.exit(f"{deb}: no data.tar member")
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode())
        body = f.read(size)
        if size % 2:
            f.read(1)
        if name.startswith("data.tar"):
            if name.endswith(".zst"):
                sys.exit(f"{deb}: zstd data member needs dpkg-deb or tar --zstd")
            with tarfile.open(fileobj=io.BytesIO(body), mode="r:*") as t:
                t.extractall(into)
            break
PY
}

# Unpack into a staging folder next to the prefix, then swap it in (never a half-made prefix).
staging="$(mktemp -d "$prefix.new.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
while read -r package version arch sha256 file; do
    deb="$debs/$file"
    [[ -f "$deb" ]] || die "$file listed in MANIFEST is missing from .gpu-deps"
    [[ "$(sha256sum "$deb" | cut -d' ' -f1)" == "$sha256" ]] || die "$file: sha256 mismatch"
    case "$unpacker" in
        dpkg-deb) dpkg-deb -x "$deb" "$staging" ;;
        ar)       unpack_ar "$deb" "$staging" ;;
        python)   unpack_python "$deb" "$staging" ;;
        *)        die "unknown unpacker $unpacker" ;;
    esac
    say "  $package $version ($arch)"
done < "$debs/MANIFEST"

# 1. Symbolic links with absolute targets (/usr/lib/...) would leave the prefix: make them
#    relative to the link, inside the prefix.
while IFS= read -r -d '' link; do
    target="$(readlink "$link")"
    rel="$(realpath -m --relative-to="$(dirname "$link")" "$staging$target")"
    ln -sfn "$rel" "$link"
    say "  link ${link#"$staging"} -> $rel (was $target)"
done < <(find "$staging" -type l -lname '/*' -print0)

# 2. CMake package files and pkg-config files that name /usr: point them at the prefix. Only a
#    /usr that starts a path is rewritten (after a quote, '=', space, ';', '(' or a line start),
#    so running this twice changes nothing more.
while IFS= read -r -d '' f; do
    if grep -Eq '(^|["=; (])/usr(/|"|$| |;|\))' "$f"; then
        sed -E -i "s#(^|[\"=; (])/usr(/|\"|\$| |;|\\))#\\1$prefix/usr\\2#g" "$f"
        say "  rewrote /usr in ${f#"$staging"}"
    fi
done < <(find "$staging" -type f \( -name '*.cmake' -o -name '*.pc' \) -print0)

# Swap the new prefix in: its contents replace the old ones; the prefix folder itself stays.
find "$prefix" -mindepth 1 -maxdepth 1 ! -name "$(basename "$staging")" -exec rm -rf {} +
# Paths written above name $staging only through $prefix (rewrites use $prefix), so moving is safe.
(cd "$staging" && find . -mindepth 1 -maxdepth 1 -exec mv -t "$prefix" {} +)
echo "$want_stamp" > "$stamp"
say "prefix ready: $prefix ($(du -sh "$prefix" | cut -f1)); configure with -DCMAKE_PREFIX_PATH=$prefix/usr"
echo "$prefix"
