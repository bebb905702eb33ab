#!/usr/bin/env python3
"""Splits nvcc's PTX of tools/cuda_math/dpk_math.cu into symbols and writes
backends/cuda/math/ptx_math_library_data.cpp (run by tools/cuda_math/generate.sh).

Each symbol is one top-level PTX definition: a .func (with body) or a .global/.const data
declaration. For each: the symbols its text references, and the text itself. Dropped: the
.version/.target/.address_size lines, comments, forward declarations (prototypes) of functions,
and the `.visible` linkage (definitions become module-local: a module that pastes them in
exports nothing of the library). Symbols are written in dependency order (every symbol after
the symbols it references), which is the order ptx_math_closure returns them in.
"""
import re
import sys

IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def strip_comments(text):
    out = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("//"):
            continue
        # trailing comments (nvcc writes none after code, but be safe outside of strings)
        if "//" in line:
            line = line[: line.index("//")].rstrip()
            if not line.strip():
                continue
        out.append(line.rstrip())
    return out


def split(ptx_text):
    lines = strip_comments(ptx_text)
    symbols = []  # (name, kind, text)
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        s = line.strip()
        if not s or s.startswith((".version", ".target", ".address_size")):
            i += 1
            continue
        words = s.split()
        if words[0] == ".visible" or words[0] == ".weak":
            words = words[1:]
            s = " ".join(words)
        if words[0] in (".global", ".const"):
            # one data declaration per line, ends with ';'
            assert s.endswith(";"), "multi-line data declaration: %r" % s[:80]
            m = re.match(r"\.(global|const)\s+(?:\.align\s+\d+\s+)?\.\w+\s+([A-Za-z_$][\w$]*)", s)
            assert m, "cannot parse data declaration: %r" % s[:80]
            symbols.append((m.group(2), "data", s))
            i += 1
            continue
        if words[0] == ".func":
            # header up to '{' (definition) or ';' (prototype)
            j = i
            header = []
            while True:
                t = lines[j].strip()
                header.append(t)
                if t == "{" or (t.endswith(";") and not t.startswith(".param")):
                    break
                j += 1
            if header[-1] != "{":
                i = j + 1  # a prototype: dropped
                continue
            # body: until the closing '}' at column 0
            k = j + 1
            while lines[k] != "}":
                k += 1
            head = " ".join(header[:-1])
            head = re.sub(r"^\.(visible|weak)\s+", "", head)
            m = re.match(r"\.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", head)
            assert m, "cannot parse function header: %r" % head[:120]
            name = m.group(1)
            first = lines[i].strip()
            first = re.sub(r"^\.(visible|weak)\s+", "", first)
            first = re.sub(r"\s+", " ", first)
            text = "\n".join([first] + [l for l in lines[i + 1 : k + 1]])
            symbols.append((name, "func", text))
            i = k + 1
            continue
        raise SystemExit("ptx_split: unexpected top-level PTX line: %r" % s[:120])
    return symbols


def dependencies(symbols):
    names = {name for name, _, _ in symbols}
    deps = {}
    for name, kind, text in symbols:
        body = text
        if kind == "data":
            body = text.split("=", 1)[1] if "=" in text else ""
        else:
            body = text.split("\n", 1)[1] if "\n" in text else ""
        used = []
        for tok in IDENT.findall(body):
            if tok in names and tok != name and tok not in used:
                used.append(tok)
        deps[name] = used
    return deps


def topo_order(symbols, deps):
    order = []
    seen = set()
    kinds = {name: kind for name, kind, _ in symbols}

    def visit(name, stack):
        if name in seen:
            return
        assert name not in stack, "cyclic PTX references: %s" % " -> ".join(stack + [name])
        for d in deps[name]:
            visit(d, stack + [name])
        seen.add(name)
        order.append(name)

    # data first (in nvcc's order), then functions in nvcc's order, each after what it uses
    for name, kind, _ in symbols:
        if kind == "data":
            visit(name, [])
    for name, kind, _ in symbols:
        if kinds[name] == "func":
            visit(name, [])
    return order


def cpp_raw(text):
    delim = "dpkptx"
    assert ")" + delim + '"' not in text
    return 'R"%s(%s)%s"' % (delim, text, delim)


def main():
    if len(sys.argv) != 4:
        raise SystemExit("usage: ptx_split.py IN.ptx OUT.cpp 'how it was made'")
    ptx_path, out_path, provenance = sys.argv[1:]
    symbols = split(open(ptx_path).read())
    deps = dependencies(symbols)
    # Keep what the entry points (__dpk_<name>_f32/_f64) reach: nvcc also emits the original of
    # a function it specialized into a clone ($ suffix), and tables it folded into constants.
    entry = re.compile(r"^__dpk_\w+_f(32|64)$")
    keep = set()
    todo = [name for name, kind, _ in symbols if kind == "func" and entry.match(name)]
    while todo:
        s = todo.pop()
        if s not in keep:
            keep.add(s)
            todo.extend(deps[s])
    dropped = [name for name, _, _ in symbols if name not in keep]
    if dropped:
        sys.stderr.write("ptx_split: unreferenced, dropped: %s\n" % " ".join(dropped))
    symbols = [s for s in symbols if s[0] in keep]
    order = topo_order(symbols, deps)
    by_name = {name: (kind, text) for name, kind, text in symbols}
    for name, kind, text in symbols:
        if kind == "func" and name.startswith("__dpk_") and "$" not in name:
            ret = re.search(r"\.func\s+\(\.param\s+\.b(32|64)\s+func_retval0\)\s+" + re.escape(name) + r"\(", text)
            assert ret, "unexpected ABI for %s: %s" % (name, text.splitlines()[0])
    out = []
    out.append("// GENERATED FILE: do not edit. dpk's CUDA math library as PTX, one entry per symbol.")
    out.append("// Regenerate with:  bash tools/cuda_math/generate.sh")
    out.append("// from tools/cuda_math/dpk_math.cu (musl-derived sources; backends/cuda/math/README.md).")
    for line in provenance.splitlines():
        out.append("// " + line)
    out.append("// %d symbols: %d functions, %d data declarations." % (
        len(order), sum(1 for n in order if by_name[n][0] == "func"),
        sum(1 for n in order if by_name[n][0] == "data")))
    out.append('#include "backends/cuda/math/ptx_math_library_data.h"')
    out.append("")
    out.append("namespace dpk::backends::cuda::detail {")
    out.append("")
    out.append("// {symbol, symbols it references (space-separated), kind, PTX text}; every symbol after")
    out.append("// the symbols it references.")
    out.append("const PtxMathSymbol kPtxMathSymbols[] = {")
    for name in order:
        kind, text = by_name[name]
        out.append("    {%s, %s, %s," % (
            '"%s"' % name, '"%s"' % " ".join(deps[name]), '"%s"' % kind))
        out.append("     " + cpp_raw(text) + "},")
    out.append("};")
    out.append("const std::size_t kPtxMathSymbolCount = sizeof(kPtxMathSymbols) / sizeof(kPtxMathSymbols[0]);")
    out.append("")
    out.append("}  // namespace dpk::backends::cuda::detail")
    open(out_path, "w").write("\n".join(out) + "\n")
    sys.stderr.write("ptx_split: %d symbols -> %s\n" % (len(order), out_path))


if __name__ == "__main__":
    main()
