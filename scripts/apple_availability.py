#!/usr/bin/env python3
"""Flags references to standard-library declarations newer than the Apple platforms in Package.swift.

Inputs (see check-apple-availability.sh): the package root, its index store (which declaration every
identifier in Sources/ refers to, by USR) and the standard library's symbol graphs (each declaration's
Apple availability, by the same USR). A reference counts as guarded when it sits inside
`if #available(...)`, after `guard #available(...)`, or in a declaration marked `@available(...)`;
those ranges come from `swiftc -dump-parse`.
"""

import ctypes
import glob
import json
import os
import re
import subprocess
import sys

def version_text(version):
    return f"{version[0]}" if version[1] == 0 else f"{version[0]}.{version[1]}"


def with_vision_os(floors):
    """visionOS 1 is iOS 17: with no visionOS entry, Swift takes the iOS one (iOS 18 is visionOS 2)."""
    if "visionOS" not in floors and isinstance(floors.get("iOS"), tuple):
        ios = floors["iOS"]
        floors = dict(floors, visionOS=(max(1, ios[0] - 16), ios[1] if ios[0] > 17 else 0))
    return floors


def declared_platforms(package_swift):
    """`platforms: [.iOS(.v13), .macOS(.v10_15), .macOS("10.15"), ...]` -> {"iOS": (13, 0), ...}."""
    text = open(package_swift).read()
    block = re.search(r"platforms\s*:\s*\[(.*?)\]", text, re.S)
    if not block:
        sys.exit(f"error: {package_swift} declares no platforms")
    floors = {}
    for name, v1, v2, s1, s2 in re.findall(
        r"\.(\w+)\(\s*(?:\.v(\d+)(?:_(\d+))?|\"(\d+)(?:\.(\d+))?[.\d]*\")\s*\)", block.group(1)
    ):
        floors[name] = (int(v1 or s1), int(v2 or s2 or 0))
    return floors


def later(a, b):
    """The stricter of two requirements: "unavailable" beats any version, a version beats none."""
    if a is None or b == "unavailable":
        return b
    return a if a == "unavailable" or b is None or a >= b else b


def load_availability(symbol_graph_dir):
    """USR -> (dotted name, {domain: (major, minor) or "unavailable"}, [its default implementations' USRs]).

    Members inherit their type's availability. A protocol requirement added later with an older default
    implementation (`FixedWidthInteger.&*` in Swift 6) is fine: on older releases the compiler picks the default.
    """
    symbols, parents, defaults = {}, {}, {}
    for path in glob.glob(os.path.join(symbol_graph_dir, "*.symbols.json")):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            own = {}
            for entry in symbol.get("availability", []):
                domain = entry.get("domain")
                if entry.get("isUnconditionallyUnavailable"):
                    own[domain] = "unavailable"
                elif "introduced" in entry:
                    own[domain] = (entry["introduced"]["major"], entry["introduced"].get("minor", 0))
            symbols[symbol["identifier"]["precise"]] = (".".join(symbol["pathComponents"]), own)
        for relation in graph["relationships"]:
            if relation["kind"] == "memberOf":
                parents.setdefault(relation["source"], relation["target"])
            elif relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], []).append(relation["source"])
    resolved = {}

    def effective(usr, depth=0):
        if usr in resolved:
            return resolved[usr]
        name, own = symbols[usr]
        merged = dict(own)
        parent = parents.get(usr)
        if parent in symbols and depth < 20:
            for domain, version in effective(parent, depth + 1)[1].items():
                merged[domain] = later(merged.get(domain), version)
        resolved[usr] = (name, merged)
        return resolved[usr]

    return {usr: (*effective(usr), [d for d in defaults.get(usr, []) if d in symbols]) for usr in symbols}


class IndexStore:
    """The few libIndexStore calls needed to list every symbol occurrence of the package's own units."""

    class StringRef(ctypes.Structure):
        _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def __init__(self, library, store_path):
        lib = self.lib = ctypes.CDLL(library)
        ref, ptr = IndexStore.StringRef, ctypes.c_void_p
        for name, restype, argtypes in [
            ("indexstore_store_create", ptr, [ctypes.c_char_p, ctypes.POINTER(ptr)]),
            ("indexstore_store_units_apply_f", ctypes.c_bool, [ptr, ctypes.c_uint, ptr, ptr]),
            ("indexstore_unit_reader_create", ptr, [ptr, ctypes.c_char_p, ctypes.POINTER(ptr)]),
            ("indexstore_unit_reader_dispose", None, [ptr]),
            ("indexstore_unit_reader_is_system_unit", ctypes.c_bool, [ptr]),
            ("indexstore_unit_reader_get_main_file", ref, [ptr]),
            ("indexstore_unit_reader_get_module_name", ref, [ptr]),
            ("indexstore_unit_reader_dependencies_apply_f", ctypes.c_bool, [ptr, ptr, ptr]),
            ("indexstore_unit_dependency_get_kind", ctypes.c_int, [ptr]),
            ("indexstore_unit_dependency_get_name", ref, [ptr]),
            ("indexstore_unit_dependency_get_filepath", ref, [ptr]),
            ("indexstore_record_reader_create", ptr, [ptr, ctypes.c_char_p, ctypes.POINTER(ptr)]),
            ("indexstore_record_reader_dispose", None, [ptr]),
            ("indexstore_record_reader_occurrences_apply_f", ctypes.c_bool, [ptr, ptr, ptr]),
            ("indexstore_occurrence_get_symbol", ptr, [ptr]),
            ("indexstore_occurrence_get_roles", ctypes.c_uint64, [ptr]),
            ("indexstore_occurrence_get_line_col", None, [ptr] + [ctypes.POINTER(ctypes.c_uint)] * 2),
            ("indexstore_symbol_get_usr", ref, [ptr]),
            ("indexstore_error_get_description", ctypes.c_char_p, [ptr]),
        ]:
            function = getattr(lib, name)
            function.restype, function.argtypes = restype, argtypes
        error = ptr()
        self.store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
        if not self.store:
            sys.exit(f"error: cannot open index store {store_path}: {lib.indexstore_error_get_description(error)}")

    @staticmethod
    def text(ref):
        return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

    def units(self):
        names = []
        callback = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, IndexStore.StringRef)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, callback(lambda _, n: names.append(self.text(n)) or True))
        return names

    def unit(self, name):
        """(module, main file, [(record name, source file)]) of one unit, or None for a system unit."""
        lib, error = self.lib, ctypes.c_void_p()
        reader = lib.indexstore_unit_reader_create(self.store, name.encode(), ctypes.byref(error))
        if not reader or lib.indexstore_unit_reader_is_system_unit(reader):
            return None
        records = []

        def dependency(_, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == 2:  # INDEXSTORE_UNIT_DEPENDENCY_RECORD
                records.append(
                    (
                        self.text(lib.indexstore_unit_dependency_get_name(dep)),
                        self.text(lib.indexstore_unit_dependency_get_filepath(dep)),
                    )
                )
            return True

        callback = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, callback(dependency))
        module = self.text(lib.indexstore_unit_reader_get_module_name(reader))
        main = self.text(lib.indexstore_unit_reader_get_main_file(reader))
        lib.indexstore_unit_reader_dispose(reader)
        return module, main, records

    def references(self, record):
        """[(usr, line, column)] of every reference (not declaration) in one record."""
        lib, error, found = self.lib, ctypes.c_void_p(), []
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        if not reader:
            return found

        def occurrence(_, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            if roles & 0b100 and not roles & 0b11:  # REFERENCE, neither DECLARATION nor DEFINITION
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                usr = self.text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)))
                found.append((usr, line.value, column.value))
            return True

        callback = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
        lib.indexstore_record_reader_occurrences_apply_f(reader, None, callback(occurrence))
        lib.indexstore_record_reader_dispose(reader)
        return found


RANGE = re.compile(r"range=\[[^:\]]+:(\d+):(\d+) - line:(\d+):(\d+)\]")
SPEC = re.compile(r"availability_spec domain=(\w+) version=([\d.]+)")
ACCESSOR = re.compile(r"([vi])(?:g|s|M|r|w|W|x|y|i|[la][uoOp])(?=Z?$)")
ATTR = re.compile(r"available_attr .*domainIdentifier=(\w+) introduced=([\d.]+)")


def parse_version(text):
    parts = [int(p) for p in text.split(".")] + [0]
    return (parts[0], parts[1])


def guarded_ranges(path):
    """[(start, end, {domain: version})] for every `if #available`, `guard #available` and `@available`."""
    dump = subprocess.run(["swiftc", "-dump-parse", path], capture_output=True, text=True).stdout
    nodes = []  # (indent, text, range or None, children)
    stack = []
    for line in dump.splitlines():
        stripped = line.lstrip(" ")
        if not stripped.startswith("("):
            continue
        indent = len(line) - len(stripped)
        match = RANGE.search(stripped)
        span = ((int(match[1]), int(match[2])), (int(match[3]), int(match[4]))) if match else None
        node = (indent, stripped, span, [])
        while stack and stack[-1][0] >= indent:
            stack.pop()
        (stack[-1][3] if stack else nodes).append(node)
        stack.append(node)

    def text(node):
        return "\n".join([node[1]] + [text(child) for child in node[3]])

    def versions(pattern, text):
        return {m[1]: parse_version(m[2]) for m in pattern.finditer(text)}

    ranges = []

    def walk(node, parent):
        kind = node[1][1:].split(" ", 1)[0].rstrip(")")
        conditions = "\n".join(text(c) for c in node[3] if c[1].startswith("(conditions"))
        available = versions(SPEC, conditions) if "(#available" in conditions else {}
        if kind == "if_stmt" and available:  # the then-branch
            body = next(c for c in node[3] if c[1].startswith("(brace_stmt"))
            ranges.append((body[2][0], body[2][1], available))
        if kind == "guard_stmt" and available and parent and parent[2]:  # the rest of the enclosing block
            ranges.append((node[2][1], parent[2][1], available))
        marks = [c for c in node[3] if c[1].startswith("(available_attr")]
        attributes = versions(ATTR, "\n".join(c[1] for c in marks))
        if attributes and node[2]:  # the declaration, members and bodies included
            # From the @available attribute on: the attributes after it (a macro such as
            # @Observable, whose expansion the index places there) are the declaration's too.
            start = min([node[2][0]] + [c[2][0] for c in marks if c[2]])
            ranges.append((start, node[2][1], attributes))
        for child in node[3]:
            walk(child, node)

    for node in nodes:
        walk(node, None)
    return ranges


def requirements(needs, declared):
    return with_vision_os({d: v for d, v in needs.items() if d in declared})


def too_new(needs, floors):
    return any(v == "unavailable" or v > floors[d] for d, v in needs.items())


def main(root, store, library, symbol_graphs):
    declared = with_vision_os(declared_platforms(os.path.join(root, "Package.swift")))
    floors_text = ", ".join(f"{d} {version_text(v)}" for d, v in declared.items())
    availability = load_availability(symbol_graphs)
    sources = os.path.realpath(os.path.join(root, "Sources")) + os.sep
    index = IndexStore(library, store)
    references = set()
    for name in index.units():
        unit = index.unit(name)
        if not unit:
            continue
        module, _, records = unit
        for record, path in records:
            path = os.path.realpath(path)
            # Swift files only: the codec's C step (Sources/CBase64URL) calls no Swift API.
            if path.startswith(sources) and path.endswith(".swift") and os.path.exists(path):
                references.update((module, path, *ref) for ref in index.references(record))

    problems, guards, matched = [], {}, 0
    for module, path, usr, line, column in sorted(references, key=lambda r: (r[1], r[3], r[4], r[0], r[2])):
        # A getter, setter or other accessor counts as its property or subscript (`...vg` -> `...vp`).
        usr = usr if usr in availability else ACCESSOR.sub(r"\1p", usr)
        if usr not in availability:
            continue
        matched += 1
        name, needs, alternatives = availability[usr]
        needs = requirements(needs, declared)
        floors = dict(declared)
        if any(not too_new(requirements(availability[a][1], declared), declared) for a in alternatives):
            continue  # a default implementation the compiler picks on older releases
        if too_new(needs, declared):
            if path not in guards:
                guards[path] = guarded_ranges(path)
            for start, end, versions in guards[path]:
                if start <= (line, column) <= end:
                    for domain, version in with_vision_os(versions).items():
                        if domain in floors and version > floors[domain]:
                            floors[domain] = version
        if too_new(needs, floors):
            shown = [d for d in declared if d in needs and (d != "visionOS" or needs[d] > floors[d])]
            needs_text = ", ".join(
                f"{d} {version_text(needs[d]) if needs[d] != 'unavailable' else 'unavailable'}" for d in shown
            )
            where = "declared" if floors == declared else "guarded"
            above = ", ".join(f"{d} {version_text(v)}" for d, v in floors.items())
            relative = os.path.relpath(path, os.path.realpath(root))
            problem = f"{module}: {name} (needs {needs_text}) above {where} {above} at {relative}:{line}:{column}"
            if problem not in problems:  # a property and its getter share a position
                problems.append(problem)
    for problem in problems:
        print(problem)
    modules = sorted({r[0] for r in references})
    if not matched:
        print("error: no reference matched a standard-library symbol; has the index store or symbol graph format changed?")
        return 1
    if problems:
        print(f"error: {len(problems)} reference(s) need newer Apple releases than Package.swift declares ({floors_text})")
        return 1
    print(f"{', '.join(modules)}: {matched} standard-library references, none above {floors_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
