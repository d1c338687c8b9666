"""``gtr fmt`` over files and folders, as ``gtr check`` and ``gtr import`` take them."""

import shutil
from pathlib import Path

from typer.testing import CliRunner

from gtr_replay.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def test_every_bundled_example_is_canonical():
    result = runner.invoke(app, ["fmt", "--check", str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    assert f"{len(list(EXAMPLES.rglob('*.gtr')))} files already canonical" in result.output


def test_a_folder_is_searched_and_only_the_files_that_change_are_rewritten(tmp_path):
    folder = tmp_path / "games"
    shutil.copytree(EXAMPLES / "rulebook", folder / "rulebook")
    untouched = sorted(folder.rglob("*.gtr"))[0]
    spoilt = sorted(folder.rglob("*.gtr"))[1]
    canonical = spoilt.read_text(encoding="utf-8")
    spoilt.write_text(canonical.replace("\nturn ", "\n\n\nturn ", 1), encoding="utf-8")
    before = untouched.stat().st_mtime_ns

    check = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert check.exit_code == 1
    lines = canonical.split("\n")
    turn = next(n for n, line in enumerate(lines, 1) if line.startswith("turn "))
    assert f"{spoilt}:{turn}: would reformat: a blank line would read {lines[turn - 1]!r}; run gtr fmt {spoilt}" \
        in check.output.replace("\n", "")
    assert str(untouched) not in check.output

    assert runner.invoke(app, ["fmt", str(tmp_path)]).exit_code == 0
    assert spoilt.read_text(encoding="utf-8") == canonical
    assert untouched.stat().st_mtime_ns == before
    assert runner.invoke(app, ["fmt", "--check", str(folder)]).exit_code == 0


def test_a_folder_without_records_and_a_missing_path_are_usage_errors(tmp_path):
    empty = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert empty.exit_code == 2
    assert f"no .gtr file in {tmp_path}" in empty.output
    missing = runner.invoke(app, ["fmt", str(tmp_path / "nowhere.gtr")])
    assert missing.exit_code == 2
    assert "no such file or folder" in missing.output


def _spoilt_copy(tmp_path: Path) -> tuple[Path, str]:
    """A copy of a bundled record with a blank line too many, and its canonical text."""
    source = sorted((EXAMPLES / "rulebook").glob("*.gtr"))[0]
    canonical = source.read_text(encoding="utf-8")
    spoilt = tmp_path / source.name
    spoilt.write_text(canonical.replace("\nturn ", "\n\n\nturn ", 1), encoding="utf-8")
    return spoilt, canonical


def test_a_rewrite_keeps_the_files_permissions_and_goes_through_a_link(tmp_path):
    spoilt, canonical = _spoilt_copy(tmp_path)
    spoilt.chmod(0o640)
    link = tmp_path / "link.gtr"
    link.symlink_to(spoilt.name)
    assert runner.invoke(app, ["fmt", str(link)]).exit_code == 0
    assert link.is_symlink() and spoilt.read_text(encoding="utf-8") == canonical
    assert spoilt.stat().st_mode & 0o777 == 0o640


def test_a_rewrite_that_fails_leaves_the_record_as_it_was(tmp_path, monkeypatch):
    """The canonical text goes to a new file renamed over the record once it is on the disk:
    a full disk (here, the flush failing) loses nothing and leaves no stray file."""
    spoilt, _ = _spoilt_copy(tmp_path)
    before = spoilt.read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("notation.fmt.os.fsync", full_disk)
    result = runner.invoke(app, ["fmt", str(spoilt)])
    assert result.exit_code == 2
    assert f"{spoilt}: cannot write: No space left on device" in result.output
    assert spoilt.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [spoilt.name]


def test_fmt_check_says_what_would_change_where_only_bytes_differ(tmp_path):
    """A file canonical but for its line ends or its byte-order mark is named with what would go."""
    canonical = (EXAMPLES / "games" / "republic-2p.gtr").read_text(encoding="utf-8")
    windows, marked = tmp_path / "windows.gtr", tmp_path / "marked.gtr"
    windows.write_bytes(canonical.replace("\n", "\r\n").encode("utf-8"))
    marked.write_bytes(b"\xef\xbb\xbf" + canonical.encode("utf-8"))
    check = runner.invoke(app, ["fmt", "--check", str(windows), str(marked)], env={"COLUMNS": "300"})
    assert check.exit_code == 1
    assert f"{windows}:1: would reformat: its line ends would become LF" in check.output
    assert f"{marked}:1: would reformat: its byte-order mark would go" in check.output
