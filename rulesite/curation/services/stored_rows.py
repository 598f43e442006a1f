"""A digest of every stored row a card import compares with its files.

An import of the same files by the same code compares them with the same rows, so it writes
nothing when the rows are those the last import of these files left: the digest of the rows
taken as that import committed (:func:`stored_rows_digest`, remembered with the files' digest)
and taken again now say whether they still are, whoever wrote since and however (a database
restored or mended by hand included). The rows digested are every input of the comparison:
cards (every field the import writes, derived ones included), the cards whose French a person
changed (history records with a user), printings, legalities, keywords and their links,
rulings (English, hash, date, source, withdrawal, keyword) and their links.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec
from django.db import connection

from rulesite.cards.models import Card, Keyword, Legality, Printing, Ruling
from rulesite.curation.card_fields import ALL_FIELDS

#: model -> the fields digested, in this order (rows in primary key order).
DIGESTED: tuple[tuple[Any, tuple[str, ...]], ...] = (
    (Card, ("id", "slug", *ALL_FIELDS)),
    (Printing, ("id", "card", "set_code", "collector_number", "set_name", "released_on", "rarity")),
    (Legality, ("id", "card", "format", "status")),
    (Keyword, ("id", "slug", "name_en", "name_fr", "rule_number")),
    (Card.keywords.through, ("id", "card", "keyword")),
    (
        Ruling,
        ("id", "published_on", "source", "text_en", "text_hash", "withdrawn_on", "keyword"),
    ),
    (Ruling.cards.through, ("id", "card", "ruling")),
)


_ENCODE = msgspec.json.Encoder(decimal_format="number")


def stored_rows_digest(curated: Iterable[int]) -> str:
    """The digest of the rows an import compares, as this transaction sees them, and of
    ``curated``: the cards whose French a person changed (read from their history)."""
    digest = hashlib.sha256()
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for model, fields in DIGESTED:
            meta = model._meta
            columns = ", ".join(quote(meta.get_field(f).column) for f in fields)
            cursor.execute(
                f"SELECT {columns} FROM {quote(meta.db_table)} ORDER BY {quote(meta.pk.column)}"
            )
            digest.update(f"{meta.db_table}\0".encode())
            while rows := cursor.fetchmany(5000):
                digest.update(_ENCODE.encode(rows))
    digest.update(b"curated\0" + repr(sorted(curated)).encode())
    return digest.hexdigest()
