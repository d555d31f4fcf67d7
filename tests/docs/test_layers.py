"""The layers import one way only, in the order CONTRIBUTING.md states: every import of every
module (inside functions and under TYPE_CHECKING too) goes to its own layer or a lower one,
the imports form no cycle, and no module imports another module's private name. Only the
core is free of third-party packages, only load uses pydantic and PyYAML, only the CLI click.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorecheck"
# '3. **load**: `scorecheck.load`' in the layer list of CONTRIBUTING.md, lowest first.
LAYER_LINE = re.compile(r"^(\d+)\. \*\*(?P<name>[^*]+)\*\*: (?P<modules>.+)$")


def contributing_layers() -> list[tuple[str, tuple[str, ...]]]:
    """The layers CONTRIBUTING.md lists, lowest first: a name and its modules or packages."""
    layers = []
    for line in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").splitlines():
        if match := LAYER_LINE.match(line):
            modules = tuple(re.findall(r"`(scorecheck[\w.]*)`", match["modules"]))
            layers.append((match["name"], modules))
    return layers


LAYERS = contributing_layers()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    """The index of a module's layer: the longest package that lists it (the root package
    'scorecheck' holds only its own __init__)."""
    best, length = -1, -1
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            inside = module.startswith(name + ".") and name != "scorecheck"
            if (module == name or inside) and len(name) > length:
                best, length = index, len(name)
    return best


@functools.cache
def parsed(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


def imports(module: str) -> Iterator[tuple[str, str, int, str]]:
    """(imported module, name taken from it or '', line, the local name it binds) for every
    import of a module of the package, wherever it stands."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(parsed(module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "scorecheck":
                    yield alias.name, "", node.lineno, alias.asname or ""
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            if base.split(".")[0] != "scorecheck":
                continue
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                local = alias.asname or alias.name
                if submodule in MODULES:  # from scorecheck.load import source
                    yield submodule, "", node.lineno, local
                else:
                    yield base, alias.name, node.lineno, local


def graph() -> dict[str, set[str]]:
    return {module: {target for target, *_ in imports(module)} for module in MODULES}


def test_contributing_states_the_layers_and_every_module_has_one() -> None:
    names = [name for name, _ in LAYERS]
    assert names[:1] == ["package"] and "core" in names and names[-1] == "front ends", names
    assert names.index("core") < names.index("load") < names.index("report"), names
    unplaced = [module for module in MODULES if layer_of(module) < 0]
    assert not unplaced, f"add these to the layer list in CONTRIBUTING.md: {unplaced}"


def test_every_module_or_package_the_layers_list_exists() -> None:
    """A name left in the list after its module moved or went would place nothing."""
    listed = [name for _, names in LAYERS for name in names]
    missing = [
        name for name in listed if not any(m == name or m.startswith(name + ".") for m in MODULES)
    ]
    assert listed and not missing, f"CONTRIBUTING.md lists modules that do not exist: {missing}"


def test_every_import_goes_to_the_same_layer_or_a_lower_one() -> None:
    wrong = []
    for module in MODULES:
        for target, _, line, _ in imports(module):
            if target in MODULES and layer_of(target) > layer_of(module):
                wrong.append(
                    f"{MODULES[module].relative_to(ROOT)}:{line}: {module} "
                    f"({LAYERS[layer_of(module)][0]}) imports {target} "
                    f"({LAYERS[layer_of(target)][0]})"
                )
    assert not wrong, "imports against the layer order:\n" + "\n".join(wrong)


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph, as the modules along it, or [] if it has none."""
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := walk(target)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(edges):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_the_imports_form_no_cycle() -> None:
    edges = graph()
    assert not (found := cycle(edges)), "an import cycle: " + " -> ".join(found)


def test_the_cycle_finder_finds_one() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def private_uses(module: str) -> Iterator[str]:
    """Private names of another module that a module imports or reads as an attribute."""
    bound = {}  # the local names of the package's modules: from scorecheck.load import source
    for target, name, line, local in imports(module):
        if name.startswith("_") and not name.startswith("__") and target != module:
            yield f"{module}:{line} imports {target}.{name}"
        if not name and local:
            bound[local] = target
    tree = parsed(module)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            yield f"{module}:{node.lineno} reads {bound[node.value.id]}.{node.attr}"


def test_no_module_imports_another_modules_private_names() -> None:
    found = [use for module in MODULES for use in private_uses(module)]
    assert not found, "\n".join(found)


def imported_roots(module: str) -> set[str]:
    roots = set()
    for node in ast.walk(parsed(module)):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_only_the_standard_library_and_itself() -> None:
    for module in MODULES:
        if module.startswith("scorecheck.core"):
            foreign = imported_roots(module) - set(sys.stdlib_module_names) - {"scorecheck"}
            assert not foreign, f"{module} imports {foreign}"


@pytest.mark.parametrize(
    ("packages", "where"),
    [
        ({"pydantic", "pydantic_core", "yaml"}, ("scorecheck.load",)),
        ({"click"}, ("scorecheck.cli", "scorecheck.clicklang")),
    ],
)
def test_third_party_packages_are_imported_in_one_place_only(
    packages: set[str], where: tuple[str, ...]
) -> None:
    for module in MODULES:
        uses = imported_roots(module) & packages
        if uses:
            inside = any(module == w or module.startswith(w + ".") for w in where)
            assert inside, f"{module} imports {uses}"


CHECKER = {
    "scorecheck.core.check",
    "scorecheck.core.claims",
    "scorecheck.core.collector",
    "scorecheck.core.endgame",
    "scorecheck.core.table",
}


def test_the_input_edge_names_results_without_the_checker() -> None:
    """load/ makes reports of unusable input from core/results.py, never core/check.py."""
    loaders = [module for module in MODULES if module.startswith("scorecheck.load")]
    found = [
        f"{module}:{line}"
        for module in loaders
        for target, _, line, _ in imports(module)
        if target in CHECKER
    ]
    assert loaders and not found, f"the input edge imports the checker: {found}"
