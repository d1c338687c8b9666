"""Fixtures for the rulebook records: JSON and text snapshots (helpers: rulebook_helpers)."""

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from tests.text_snapshot import TextSnapshot


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture
def json_snapshot(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)
