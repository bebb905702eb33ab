#!/usr/bin/env python3
"""Fails on an #include that points up dpk's layers or across to a sibling it must not know.

The layers, bottom first, and what each may include: the one place these arrows are written down
(docs/architecture.md draws them). A folder not listed here may include nothing of dpk's layers.
The public headers, include/dpk/LAYER/ (include/dpk/dpk.h: jit), belong to their layer, spelled
"dpk/LAYER/..." when included; they include only each other (nothing of the source tree).
"""
import pathlib
import re
import sys

# folder -> folders whose headers it may include (its own folder always).
ALLOWED = {
    "core": set(),
    "backends": {"core"},  # backends/*.h shared by every backend; a backend never includes another
    "grammar": set(),
    "compiler": {"core", "grammar"},
    "runtime": {"core", "backends"},  # backends/*.h only: the interface, never a backend's folder
    "jit": {"core", "backends", "compiler", "runtime"},
    "tools": {"core", "backends", "compiler", "runtime", "jit"},
    # The math library's generator and its GPU harness: development tools, not shipped.
    "tools/cuda_math": {"backends", "tests"},
    "tests": {"core", "backends", "compiler", "runtime", "jit", "grammar", "tools", "bench"},
    "bench": {"core", "backends", "compiler", "runtime", "jit", "tests"},
    "examples": {"core", "runtime", "jit", "tests"},
    # The Python module: the JIT's and the runtime's API (the runtime-only module: runtime alone).
    "python": {"core", "runtime", "jit"},
}
# Folders whose subfolders are siblings that must not include each other (each backend stands
# alone on backends/*.h), and the layers this applies to: tests and benchmarks may reach into a
# backend to test it or to measure against its raw API.
SIBLINGS = {"backends"}
# Inside compiler/: its stages, bottom first, and which other stages each may include (the files
# directly in compiler/ tie them together and may include any).
COMPILER_STAGES = {
    "source": set(),
    "types": set(),
    "ast": {"source"},
    "parse": {"source", "ast"},
    "sema": {"source", "ast", "types"},
    "spirv": {"source", "ast", "types", "sema"},
}
SIBLING_RULE_LAYERS = {"core", "backends", "compiler", "runtime", "jit", "tools"}
LAYER_ROOTS = {k for k in ALLOWED if "/" not in k}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cu", ".in"}


def public_layer(parts: tuple[str, ...]) -> str:
    """A public header's layer, from its parts after "dpk": dpk/core/x.h: core, dpk/dpk.h: jit."""
    return parts[0] if len(parts) > 1 else "jit"


def check(root: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
            continue
        rel = path.relative_to(root)
        parts = rel.parts
        if parts[0] in {"build", ".git"} or parts[0].startswith("build") or parts[0].startswith("."):
            continue
        public = parts[:2] == ("include", "dpk")
        layer = public_layer(parts[2:]) if public else parts[0]
        if layer not in ALLOWED:
            continue
        key = layer if public else "/".join(parts[:2]) if "/".join(parts[:2]) in ALLOWED else layer
        text = path.read_text(errors="replace")
        for m in INCLUDE.finditer(text):
            target = pathlib.PurePosixPath(m.group(1))
            line = text.count("\n", 0, m.start()) + 1
            where = f"{rel}:{line}: #include \"{target}\""
            if public and target.parts[0] != "dpk":
                problems.append(f"{where}: a public header includes only dpk/ (include/dpk)")
                continue
            if target.parts[0] == "dpk":
                to = public_layer(target.parts[1:])
            elif target.parts[0] in LAYER_ROOTS:
                to = target.parts[0]
            else:
                continue  # a same-folder relative include or a generated header
            if to != layer and to not in ALLOWED[key]:
                problems.append(f"{where}: {key}/ may not include {to}/ "
                                f"(allowed: {', '.join(sorted(ALLOWED[key])) or 'nothing'})")
                continue
            if (not public and layer == to == "compiler" and len(parts) > 2
                    and len(target.parts) > 2
                    and parts[1] in COMPILER_STAGES and target.parts[1] != parts[1]
                    and target.parts[1] not in COMPILER_STAGES[parts[1]]):
                problems.append(f"{where}: compiler/{parts[1]}/ may not include "
                                f"compiler/{target.parts[1]}/ (allowed: "
                                f"{', '.join(sorted(COMPILER_STAGES[parts[1]])) or 'nothing'})")
                continue
            if (to in SIBLINGS and key in SIBLING_RULE_LAYERS and len(target.parts) > 2
                    and target.parts[0] == to):
                own = parts[1] if layer == to and len(parts) > 2 else None
                if target.parts[1] != own:
                    problems.append(f"{where}: only {to}/{target.parts[1]}/ itself may include "
                                    f"its headers; others use {to}/*.h")
    return problems


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} include(s) against the layers (tools/check_layers.py)")
        return 1
    print("check_layers: every include follows the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
