"""Whether a package's hot modules run compiled, and the guard that keeps a stale build unused.

``setup.py`` compiles the modules a package lists (``Compiled.modules``) to C with mypyc: the
notation's reader here (``READER``), the rules engine in ``gtr_replay/_native.py``. The shared
library built from them is named after a digest of exactly those sources
(``<package>.<prefix>_<digest>__mypyc``), so that the compiled code is used only while it was
built from the sources beside it. In a checkout installed with ``pip install -e .`` an edited
source would otherwise hide behind its old compiled module; here it is simply read from source
until the next install builds it again.

``GTR_PURE_PYTHON=1`` in the environment reads every module from source (to debug or to
compare), and at install time builds nothing.

This module imports nothing but the standard library: ``notation/__init__.py`` imports it first,
to decide before any module it lists is imported.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

PURE_ENV = "GTR_PURE_PYTHON"

NOT_BUILT = "not compiled: installed with GTR_PURE_PYTHON=1 or without a C compiler"
"""Why a package runs from source when no build is there."""


class _FromSource:
    """A finder that reads compiled modules from their sources (stale build, or asked)."""

    sources: dict[str, str] = {}
    """The source file of each module read from source, by module name."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        source = cls.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


class Compiled:
    """The modules of one package that a build compiles (paths under its folder), and whether
    the build there is used: ``state`` is 'compiled', or 'pure Python' with the reason."""

    def __init__(self, package: str, folder: Path, modules: tuple[str, ...], prefix: str) -> None:
        self.package = package
        self.folder = folder
        self.modules = modules
        self.prefix = prefix
        self.state = "pure Python"

    def module_name(self, path: str) -> str:
        return f"{self.package}." + path.removesuffix(".py").replace("/", ".")

    def sources_digest(self) -> str:
        """A digest of the compiled modules' sources: it names the shared library built from them."""
        digest = hashlib.sha256()
        for path in self.modules:
            digest.update(path.encode())
            digest.update((self.folder / path).read_bytes())
        return digest.hexdigest()[:16]

    def library_name(self, digest: str) -> str:
        """The shared library's module name (``mypycify``'s ``group_name``, plus its suffix)."""
        return f"{self.package}.{self.prefix}_{digest}"

    def built_libraries(self) -> list[Path]:
        return sorted(self.folder.glob(f"{self.prefix}_*__mypyc*"))

    def built_modules(self) -> list[Path]:
        """Every compiled file of the package: the shared libraries and each module's stub that
        loads from one (a stub of a module no longer compiled would load a library gone)."""
        return sorted(p for p in self.folder.rglob("*") if p.suffix in (".so", ".pyd"))

    def choose(self) -> str:
        """Decide once, before any compiled module is imported, whether the build is used."""
        built = self.built_libraries()
        if not built:
            self.state = f"pure Python ({NOT_BUILT})"
            return self.state
        reason = None
        if os.environ.get(PURE_ENV):
            reason = f"{PURE_ENV} is set"
        elif not any(p.name.startswith(f"{self.prefix}_{self.sources_digest()}__mypyc") for p in built):
            reason = "the sources changed since the build; pip install -e . compiles them again"
        if reason is None:
            self.state = "compiled"
        else:
            _FromSource.sources.update({self.module_name(p): str(self.folder / p) for p in self.modules})
            if _FromSource not in sys.meta_path:
                sys.meta_path.insert(0, _FromSource)  # type: ignore[arg-type]
            self.state = f"pure Python ({reason})"
        return self.state


READER = Compiled("notation", Path(__file__).resolve().parent,
                  ("assemble.py", "lines.py", "reader.py", "scan.py", "terminals.py"), "_reader")
"""The notation's compiled modules: the line reader, its tokens, the record scanner and the
turn placer, which every check, import and format runs through. Their constants are typed
``Final``, as the engine's are (``gtr_replay._native.COMPILED``)."""
