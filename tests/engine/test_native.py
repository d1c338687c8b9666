"""The compiled engine: used only when built from the sources beside it, and replaying
exactly as the engine read from source does (``gtr_replay._native``, ``setup.py``)."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gtr_replay import _native
from notation._native import Compiled, _FromSource

ROOT = Path(__file__).parents[2]

_DIGEST = '''
import hashlib, json, sys
from pathlib import Path
import notation
from gtr_replay import _native
from notation._native import Compiled, _FromSource
from gtr_replay.replay.replayer import Replayer
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal
digest = hashlib.sha256()
for path in sorted(Path("examples").rglob("*.gtr")):
    for record in notation.parse(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary()):
        replayer = Replayer(record, KeepStates(Refusal.END_LINE))
        for s in replayer.run():
            digest.update(repr((s.path, s.decision, s.events, s.made, s.forced, s.annotation.to_dict())).encode())
            digest.update(json.dumps(s.state_dict, sort_keys=True).encode())
        digest.update(repr((replayer.diagnostics, replayer.warnings)).encode())
print(_native.STATE)
print(digest.hexdigest())
'''


def _replay_digest(pure: bool) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != _native.PURE_ENV}
    if pure:
        env[_native.PURE_ENV] = "1"
    run = subprocess.run([sys.executable, "-c", _DIGEST], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=600, check=True)
    state, digest = run.stdout.split("\n")[:2]
    return state, digest


def test_the_compiled_engine_and_the_sources_replay_every_example_alike():
    compiled_state, compiled = _replay_digest(pure=False)
    source_state, from_source = _replay_digest(pure=True)
    assert source_state.startswith("pure Python")
    assert compiled == from_source, f"{compiled_state} and {source_state} replay the examples differently"


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package folder of two 'compiled' sources, its build list, and a clean import system."""
    for name in ("engine/a.py", "engine/b.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(f"# {name}\n")
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if f is not _FromSource])
    monkeypatch.setattr(_FromSource, "sources", {})
    monkeypatch.delenv(_native.PURE_ENV, raising=False)
    return Compiled("gtr_replay", tmp_path, ("engine/a.py", "engine/b.py"), "_engine")


def _build(package: Compiled) -> None:
    name = package.library_name(package.sources_digest()).rpartition(".")[2]
    (package.folder / f"{name}__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")


def test_a_build_of_the_present_sources_is_used(package):
    _build(package)
    assert package.choose() == "compiled" and package.state == "compiled"
    assert _FromSource not in sys.meta_path


def test_an_edited_source_is_read_from_source_until_built_again(package):
    _build(package)
    (package.folder / "engine/b.py").write_text("# b, edited\n")
    assert package.choose().startswith("pure Python (the sources changed since the build")
    assert sys.meta_path[0] is _FromSource
    spec = _FromSource.find_spec("gtr_replay.engine.b")
    assert spec.origin == str(package.folder / "engine/b.py")
    assert _FromSource.find_spec("gtr_replay.cli") is None  # not a compiled module: the usual import


def test_the_environment_asks_for_the_sources(package, monkeypatch):
    _build(package)
    monkeypatch.setenv(_native.PURE_ENV, "1")
    assert package.choose() == f"pure Python ({_native.PURE_ENV} is set)"
    assert sys.meta_path[0] is _FromSource


def test_without_a_build_the_sources_are_all_there_is(package):
    assert package.choose().startswith("pure Python (not compiled")
    assert _FromSource not in sys.meta_path


def test_the_digest_covers_every_compiled_source(package):
    before = package.sources_digest()
    (package.folder / "engine/a.py").write_text("# a, edited\n")
    assert package.sources_digest() != before
    assert hashlib.sha256(b"").hexdigest()[:16] != before  # not a constant


def test_each_package_guards_its_own_build():
    """The engine and the notation's reader each name their library after their own sources,
    and the notation decides before any of its compiled modules is imported (it imports
    nothing of the engine)."""
    assert {build.package for build in (_native.ENGINE, _native.NOTATION)} == {"gtr_replay", "notation"}
    for build in (_native.ENGINE, _native.NOTATION):
        assert all((build.folder / path).is_file() for path in build.modules)
        assert build.library_name("d").startswith(f"{build.package}._")
    opening = (ROOT / "notation" / "__init__.py").read_text()
    assert opening.index("READER.choose()") < opening.index("from .reader import")
    assert _native.NOTATION.state.startswith(("compiled", "pure Python"))


def test_the_engine_values_pickle_and_copy_whole():
    """Frozen values of the compiled modules (decisions, forced steps, scores, problems) come
    back equal from pickle and copy, as they do from source."""
    import copy
    import pickle

    import notation
    from gtr_replay.engine.handlers.base import problem
    from gtr_replay.engine.scoring import result
    from gtr_replay.replay.replayer import Replayer
    from gtr_replay.replay.visitors import LiveState
    from gtr_replay.vocabulary import card_vocabulary

    values = []
    for path in sorted((ROOT / "examples" / "games").glob("*.gtr")):
        for record in notation.parse(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary()):
            replayer = Replayer(record, LiveState())
            for snap in replayer.run():
                values += [snap.decision, *snap.made]
            values.append(result(replayer.final))
    values.append(problem("a message", "R-LEG-1", hint="a hint"))
    kinds = {type(v).__name__ for v in values}
    assert {"Lead", "Follow", "Think", "Pass", "Give", "Result"} <= kinds
    assert pickle.loads(pickle.dumps(values)) == values
    assert copy.deepcopy(values) == values
