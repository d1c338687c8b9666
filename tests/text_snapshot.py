"""One .txt file per syrupy snapshot, so a change reads like a diff of what a person sees."""

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"
