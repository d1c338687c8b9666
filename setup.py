"""Build: the rules engine's modules and the notation's reader compiled to C with mypyc
(``gtr_replay/_native.py`` and ``notation/_native.py`` list them; the latter explains the guard
against a stale build). Everything else is in pyproject.toml.

An install never fails for want of a compiler. Before anything is compiled, a one-line C
file that includes ``Python.h`` is compiled and linked with the compiler the build would use
(``CC`` and the rest, as setuptools reads them); where that fails, or the engine's own
compile fails later, the package installs from source: the same results, and a check takes
about 1.4 times as long. One line (``NOTICE``) says so and how to get the compiled
engine, and the version carries the local label ``+source`` (``gtr-replay 0.1.0+source``),
which pip's closing "Successfully installed" line shows (pip prints a build's own output only
with ``-v``); ``gtr --version`` says how the engine runs.

``GTR_PURE_PYTHON=1 pip install -e .`` installs from source on purpose.
"""

import os
import re
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from gtr_replay import _native  # noqa: E402  (the two packages' compiled modules)

BUILDS = (_native.ENGINE, _native.NOTATION)

NOTICE = ("gtr-replay: {why}, so the rules engine is installed from source (same results, a check takes "
          "about 1.4 times as long); for the compiled engine {how} and run pip install again")
GET_A_COMPILER = "install a C compiler and the Python headers (Debian: apt-get install gcc python3-dev)"


def notice(why: str, how: str = GET_A_COMPILER) -> None:
    print(NOTICE.format(why=why, how=how), file=sys.stderr, flush=True)


def compiler_missing() -> str | None:
    """Why C extensions cannot be built here (a few words), or None when they can."""
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint gtr_probe(void) { return 0; }\n")
        try:
            objects = compiler.compile([str(source)], output_dir=folder,
                                       include_dirs=[sysconfig.get_paths()["include"]])
            compiler.link_shared_object(objects, str(Path(folder) / "probe.so"))
        except (CCompilerError, DistutilsError, OSError) as error:
            command = " ".join(compiler.compiler_so[:1]) if getattr(compiler, "compiler_so", None) else "cc"
            return f"no working C compiler with the Python headers ({command}: {error})"
    return None


class OptionalBuildExt(build_ext):
    """Compiles the engine; where the C compile itself fails, installs from source instead."""

    def build_extensions(self) -> None:
        from distutils.errors import CCompilerError, DistutilsError

        try:
            super().build_extensions()
        except (CCompilerError, DistutilsError, OSError) as error:
            self.extensions = []  # nothing compiled is installed or copied into the tree
            notice(f"the engine's C compile failed ({type(error).__name__}; the compiler's words are above)")


def engine_extensions() -> tuple[list, str | None]:
    """The compiled extensions, one shared library per package, and why there are none
    (None: compiled)."""
    if os.environ.get(_native.PURE_ENV):
        return [], f"{_native.PURE_ENV} is set"
    missing = compiler_missing()
    if missing:
        return [], missing
    from mypyc.build import mypycify

    extensions = []
    for build in BUILDS:
        for old in build.built_modules():  # what earlier sources built: made again if still compiled
            old.unlink()
        sources = [f"{build.package}/{path}" for path in build.modules]
        extensions += mypycify(["--config-file", str(ROOT / "pyproject.toml"), *sources],
                               group_name=build.library_name(build.sources_digest()))
    return extensions, None


def version(from_source: bool) -> str:
    text = (ROOT / "gtr_replay" / "__init__.py").read_text(encoding="utf-8")
    number = re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)
    return f"{number}+source" if from_source else number


if __name__ == "__main__":  # as pip's build backend and ``python setup.py`` run it
    extensions, why = engine_extensions()
    if why:
        notice(why, f"unset {_native.PURE_ENV}" if os.environ.get(_native.PURE_ENV) else GET_A_COMPILER)
    setup(version=version(why is not None), ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
