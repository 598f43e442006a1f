"""Word diff of two English texts, for the comparison of a re-worded clarification."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Chunk:
    """A run of words: ``kind`` is ``same``, ``removed`` or ``added``."""

    kind: str
    text: str


def word_diff(old: str, new: str) -> list[Chunk]:
    """The words of ``old`` and ``new``, with what was removed and added.

    >>> [(c.kind, c.text) for c in word_diff("You can't pay it once.",
    ...                                       "The ability doesn't let you pay it once.")]
    [('removed', "You can't"), ('added', "The ability doesn't let you"), ('same', 'pay it once.')]
    """
    a, b = old.split(), new.split()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    chunks: list[Chunk] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            chunks.append(Chunk("same", " ".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            chunks.append(Chunk("removed", " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            chunks.append(Chunk("added", " ".join(b[j1:j2])))
    return [c for c in chunks if c.text]
