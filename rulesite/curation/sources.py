"""Readers for MTGJSON v5 and Scryfall bulk files, streamed with ijson.

Memory stays bounded whatever the input: JSON is parsed incrementally and only one set (MTGJSON)
or one array element (Scryfall) is materialised at a time; what is kept between files is the
aggregated oracle cards themselves.

Multi-face cards (split, adventure, transform, modal DFC, flip, meld…) become one card named
"Front // Back" (the source's own name); the faces' mana costs and type lines are joined with
" // " (empty values left out, as Scryfall does), their oracle texts with a line holding "//";
mana value, power, toughness and loyalty are the front face's; colours and keywords are the union
of the faces'.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import io
import json
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import IO, Any, cast

import ijson
import msgspec
from isal import isal_zlib
from tqdm import tqdm

from rulesite.core.text import printed_line_breaks
from rulesite.curation.records import (
    SKIPPED_LAYOUTS,
    TEXT_FACE_SEPARATOR,
    CardRecord,
    PrintingRecord,
    RulingRecord,
    SourceError,
    color_string,
    join_faces,
    mana_value,
    parse_date,
)

JSON_SUFFIXES = (".json", ".json.gz")
#: Files up to this size (uncompressed) are parsed whole, which is twice as fast as streaming;
#: a set file is a few MB. Bigger ones (AllPrintings) are streamed.
WHOLE_FILE_BYTES = 64 << 20


@dataclass
class ReadStats:
    files: int = 0
    printings: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    rulings_unknown_card: int = 0

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


class _CountingReader(io.RawIOBase):
    """File wrapper that advances a progress bar by the bytes read from disk."""

    def __init__(self, raw: IO[bytes], bar: tqdm[Any] | None) -> None:
        self._raw = raw
        self._bar = bar

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._raw.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        if self._bar is not None and n:
            self._bar.update(n)
        return n


#: How deeply arrays and objects may nest in an import file. MTGJSON and Scryfall files nest
#: about eight levels; the parser's memory grows with the square of the depth (every level
#: keeps its path), so a small file nested 60,000 deep would take gigabytes.
MAX_JSON_DEPTH = 64
_QUOTED = re.compile(rb'"[^"]*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')


class _DepthLimitedReader(io.RawIOBase):
    """Passes JSON bytes through, refusing them once brackets nest past ``MAX_JSON_DEPTH``.

    It follows the nesting as the parser reads, chunk by chunk, on a copy of each chunk: escaped
    backslashes and quotes removed, everything but quotes and brackets dropped, then whole
    strings (whose brackets don't count, and which may go on in the next chunk), then the
    brackets left counted — all in C-speed passes, so a file is read once and never held whole.
    """

    def __init__(self, raw: IO[bytes], path: Path) -> None:
        self._raw = raw
        self._path = path
        self._depth = 0
        self._in_string = False
        self._backslash = False  # the previous chunk ended on an unpaired backslash

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._raw.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        if n:
            self._scan(bytes(data))
        return n

    def _scan(self, data: bytes) -> None:
        text = b"\\" + data if self._backslash else data
        trailing = len(text) - len(text.rstrip(b"\\"))
        self._backslash = trailing % 2 == 1
        if self._backslash:
            text = text[:-1]
        # Escapes pair up from the left, as str.replace scans: after these two passes every
        # quote left opens or closes a string.
        text = text.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE)
        if self._in_string:
            closing = text.find(b'"')
            if closing < 0:
                return
            text, self._in_string = text[closing + 1 :], False
        outside = _QUOTED.sub(b"", text)
        opening = outside.find(b'"')
        if opening >= 0:  # a string that goes on in the next chunk
            outside, self._in_string = outside[:opening], True
        opens = outside.count(b"[") + outside.count(b"{")
        if self._depth + opens > MAX_JSON_DEPTH:
            self._check_deepest(outside.translate(None, _NOT_BRACKETS))
        self._depth += opens - outside.count(b"]") - outside.count(b"}")

    def _check_deepest(self, brackets: bytes) -> None:
        depth = self._depth
        for bracket in brackets:
            depth += 1 if bracket in b"[{" else -1
            if depth > MAX_JSON_DEPTH:
                raise SourceError(
                    f"{self._path}: JSON nested more than {MAX_JSON_DEPTH} levels deep"
                )


#: ISA-L's zlib error (its stubs declare it as an instance, not a class).
_INFLATE_ERROR = cast(type[Exception], isal_zlib.error)


def whole_file(path: Path) -> bytes | None:
    """The bytes of a ``.json`` or gzip-compressed JSON file of at most ``WHOLE_FILE_BYTES``
    (uncompressed), decompressed no further than that; None for a bigger file, or one that is
    not plainly readable (unreadable, corrupt or multi-member gzip: the streaming reader says
    what is wrong with it)."""
    try:
        with path.open("rb") as stream:
            content = stream.read(WHOLE_FILE_BYTES + 1)
    except OSError:
        return None
    if content[:2] == b"\x1f\x8b":
        unzip = isal_zlib.decompressobj(wbits=31)  # zlib's format, twice as fast (ISA-L)
        try:
            content = unzip.decompress(content, WHOLE_FILE_BYTES + 1)
        except _INFLATE_ERROR:
            return None
        if not unzip.eof or unzip.unused_data:
            return None
    return content if len(content) <= WHOLE_FILE_BYTES else None


@contextlib.contextmanager
def open_json(path: Path, bar: tqdm[Any] | None = None) -> Iterator[IO[bytes]]:
    """Open a ``.json`` or gzip-compressed JSON file for streaming, nesting limited."""
    try:
        raw = path.open("rb")
    except OSError as exc:
        raise SourceError(f"{path}: {exc.strerror or exc}") from exc
    with raw:
        counted = io.BufferedReader(_CountingReader(raw, bar), buffer_size=1 << 16)
        head = counted.peek(2)[:2]
        if head == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=counted) as unzipped:
                yield io.BufferedReader(_DepthLimitedReader(unzipped, path), 1 << 16)  # type: ignore[arg-type]
        else:
            yield io.BufferedReader(_DepthLimitedReader(counted, path), 1 << 16)


@contextlib.contextmanager
def reading(path: Path) -> Iterator[None]:
    """Turn parse errors into a SourceError naming the file."""
    try:
        yield
    except SourceError:
        raise
    except (
        ijson.JSONError,
        json.JSONDecodeError,
        gzip.BadGzipFile,
        EOFError,
        zlib.error,
        UnicodeDecodeError,
    ) as exc:
        detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise SourceError(f"{path}: not valid JSON ({detail})") from exc
    except OSError as exc:
        raise SourceError(f"{path}: {exc}") from exc
    except (KeyError, TypeError, AttributeError) as exc:
        raise SourceError(f"{path}: unexpected structure ({exc!r})") from exc


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Files as given, directories expanded to their ``*.json`` / ``*.json.gz`` files (sorted)."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.iterdir() if p.is_file() and p.name.endswith(JSON_SUFFIXES))
            )
        elif path.is_file():
            found.append(path)
        else:
            raise SourceError(f"{path}: no such file or directory")
    if not found:
        raise SourceError("no .json or .json.gz file in the given paths")
    return found


def progress_bar(total: int, *, desc: str, enabled: bool) -> tqdm[Any] | None:
    if not enabled:
        return None
    return tqdm(total=total, desc=desc, unit="B", unit_scale=True, unit_divisor=1024, leave=False)


# --------------------------------------------------------------------------------------------
# MTGJSON


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


class _Identifiers(msgspec.Struct):
    scryfallOracleId: str = ""


class _RulingIn(msgspec.Struct):
    date: str | None = None
    text: str = ""


class _ForeignIn(msgspec.Struct):
    language: str = ""
    name: str = ""
    faceName: str = ""
    type: str = ""
    text: str = ""


#: A field left as its JSON text, decoded only when kept (``null`` when absent).
_ABSENT = msgspec.Raw(b"null")


class _Printed(msgspec.Struct):
    """The fields of one MTGJSON printing that the importer reads (the rest is skipped).

    Legalities, rulings and foreign data are most of a set file and are read of one printing
    in two or three (the newest printing's, the French one's): they stay JSON text, decoded
    when kept — the same legalities once, the rulings of a card's newest printing only, the
    foreign data of a printing that has French only.
    """

    name: str = ""
    layout: str = ""
    side: str = ""
    identifiers: _Identifiers | None = None
    manaCost: str = ""
    manaValue: float | None = None
    type: str = ""
    text: str = ""
    power: str = ""
    toughness: str = ""
    loyalty: str = ""
    colors: list[str] | None = None
    keywords: list[str] | None = None
    colorIdentity: list[str] | None = None
    legalities: msgspec.Raw = _ABSENT
    rulings: msgspec.Raw = _ABSENT
    foreignData: msgspec.Raw = _ABSENT
    setCode: str = ""
    number: str = ""
    rarity: str = ""


class _SetData(msgspec.Struct):
    cards: list[_Printed] | None = None
    releaseDate: str = ""
    code: str = ""
    name: str = ""


class _SetFile(msgspec.Struct):
    data: _SetData | None = None


#: A set file, decoded straight into the fields read; anything else it refuses (another shape,
#: another type where a field is read, values nested past msgspec's recursion limit) is read by
#: the careful path, whose errors name the problem.
_SET_FILE = msgspec.json.Decoder(_SetFile)
_RULINGS = msgspec.json.Decoder(list[_RulingIn])
_FOREIGN = msgspec.json.Decoder(list[_ForeignIn])
_ANY = msgspec.json.Decoder()
_ENCODE = msgspec.json.Encoder()


def _rulings_in(value: object) -> list[_RulingIn]:
    """A printing's rulings read as plain JSON values (a list)."""
    assert isinstance(value, list)
    return [_RulingIn(r.get("date"), r.get("text")) for r in value]


def _rulings(text: bytes) -> list[_RulingIn]:
    try:
        return _RULINGS.decode(text)
    except msgspec.ValidationError:  # another type where a field is read
        return _rulings_in(_ANY.decode(text))


def _foreign_in(value: object) -> list[_ForeignIn]:
    """A printing's foreign data read as plain JSON values: text fields that are not strings
    are empty."""
    return [
        _ForeignIn(
            language=foreign.get("language"),
            name=_text(foreign.get("name")),
            faceName=_text(foreign.get("faceName")),
            type=_text(foreign.get("type")),
            text=_text(foreign.get("text")),
        )
        for foreign in value or ()  # type: ignore[attr-defined]
    ]


def _foreign(text: bytes) -> list[_ForeignIn]:
    try:
        return _FOREIGN.decode(text)
    except msgspec.ValidationError:
        return _foreign_in(_ANY.decode(text))


def _printed(card: dict[str, Any]) -> _Printed:
    """A printing read as a plain dict (streamed or careful path), as the importer reads it:
    text fields that are not strings are empty, lists that are absent are None."""
    identifiers = card.get("identifiers") or {}
    rulings = card.get("rulings")
    return _Printed(
        name=_text(card.get("name")),
        layout=_text(card.get("layout")),
        side=_text(card.get("side")),
        identifiers=_Identifiers(_text(identifiers.get("scryfallOracleId"))),
        manaCost=_text(card.get("manaCost")),
        manaValue=card.get("manaValue"),
        type=_text(card.get("type")),
        text=_text(card.get("text")),
        power=_text(card.get("power")),
        toughness=_text(card.get("toughness")),
        loyalty=_text(card.get("loyalty")),
        colors=list(card.get("colors") or ()),
        keywords=list(card.get("keywords") or ()),
        colorIdentity=card.get("colorIdentity"),
        legalities=_as_json(card.get("legalities")),
        rulings=_as_json(_rulings_in(rulings)) if isinstance(rulings, list) else _ABSENT,
        foreignData=_as_json(_foreign_in(card.get("foreignData"))),
        setCode=_text(card.get("setCode")),
        number=_text(card.get("number")),
        rarity=_text(card.get("rarity")),
    )


def _as_json(value: object) -> msgspec.Raw:
    return _ABSENT if value is None else msgspec.Raw(_ENCODE.encode(value))


@dataclass(slots=True)
class _Face:
    """A card face as its newest printing gives it."""

    release: str
    mana_cost: str
    mana_value: object
    type_line: str
    text: str
    power: str
    toughness: str
    loyalty: str
    colors: list[str]
    keywords: list[str]


@dataclass(slots=True)
class _French:
    rank: tuple[bool, str]
    name: str
    type_line: str
    text: str
    set_code: str


@dataclass(slots=True)
class _MtgjsonCard:
    name: str
    oracle_id: str | None
    faces: dict[str, _Face] = field(default_factory=dict)
    french: dict[str, _French] = field(default_factory=dict)
    rulings_release: str = ""
    rulings: bytes | None = None  # the JSON array of the newest printing's rulings
    rulings_from: Path | None = None
    printings: dict[tuple[str, str], PrintingRecord] = field(default_factory=dict)
    legalities_release: str = ""
    legalities: dict[str, str] | None = None
    color_identity: list[str] = field(default_factory=list)
    layout: str = "normal"


def _is_atomic_entry(key: str, value: object) -> bool:
    """An AtomicCards ``data`` entry: the card name -> the card's faces (each named so)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(c, dict) and c.get("name") == key for c in value)
    )


class MtgjsonReader:
    """Aggregates printings from MTGJSON v5 files into oracle cards.

    Accepts per-set files (``{"meta", "data": Set}``), ``AtomicCards.json``
    (``{"data": {name: [card, …]}}``) and ``AllPrintings.json`` (``{"data": {code: Set}}``).
    For each card, the newest printing (by set release date) gives the faces, the rulings and —
    among printings with French text — the French name, type and printed text.
    """

    def __init__(self) -> None:
        self.stats = ReadStats()
        self._cards: dict[str, _MtgjsonCard] = {}
        self._lower: dict[str, str] = {}
        self._legalities: dict[tuple[tuple[str, Any], ...], dict[str, str]] = {}
        self._legalities_text: dict[bytes, dict[str, str] | None] = {}
        self._path: Path | None = None  # the file being read
        # Parsed once for each distinct value: dates, release dates and mana values.
        self._days: dict[str | None, datetime.date] = {}
        self._release_days: dict[str, datetime.date | None] = {}
        self._mana_values: dict[object, Decimal] = {}

    def read(self, paths: Sequence[Path], *, progress: bool = False) -> None:
        bar = progress_bar(
            sum(p.stat().st_size for p in paths), desc="Reading MTGJSON", enabled=progress
        )
        try:
            for path in paths:
                self._read_file(path, bar)
                self.stats.files += 1
        finally:
            if bar is not None:
                bar.close()

    def _read_file(self, path: Path, bar: tqdm[Any] | None) -> None:
        self._path = path
        with reading(path):
            if self._read_set_file(path, bar):
                return
            with open_json(path, None) as stream:
                head = stream.read(WHOLE_FILE_BYTES + 1)
                if len(head) <= WHOLE_FILE_BYTES:  # parsed at once, in C
                    document = json.loads(head)
                    data = document.get("data") if isinstance(document, dict) else None
                    self._read_data(path, data.items() if isinstance(data, dict) else ())
                    return
            with open_json(path, None) as stream:  # AllPrintings and the like: streamed
                self._read_data(path, ijson.kvitems(stream, "data", use_float=True))

    def _read_set_file(self, path: Path, bar: tqdm[Any] | None) -> bool:
        """Read ``path`` if it is a set file of the usual shape, decoded straight into the
        fields read (a few MB, at once); False, having read nothing, for anything else."""
        content = whole_file(path)
        if bar is not None:
            bar.update(path.stat().st_size)
        if content is None:
            return False
        try:
            document = _SET_FILE.decode(content)
        except (msgspec.DecodeError, RecursionError):
            return False
        data = document.data
        if data is None or data.cards is None:
            return False
        for card in data.cards:
            self._add_printing(card, data.releaseDate, data.code, data.name)
        return True

    def _read_data(self, path: Path, items: Iterable[tuple[str, Any]]) -> None:
        found = False
        set_cards: list[dict[str, Any]] | None = None
        release = code = set_name = ""
        for key, value in items:
            if key == "cards" and isinstance(value, list):
                set_cards = value  # a set file: its releaseDate may come after "cards"
            elif key == "releaseDate" and isinstance(value, str):
                release = value
            elif key == "code" and isinstance(value, str):
                code = value
            elif key == "name" and isinstance(value, str):
                set_name = value
            elif _is_atomic_entry(key, value):  # AtomicCards: name -> [card, …]
                found = True
                for card in value:
                    self._add_printing(_printed(card), "", "", "")
            elif isinstance(value, dict) and isinstance(value.get("cards"), list):
                found = True  # AllPrintings: code -> Set
                set_release = _text(value.get("releaseDate"))
                set_code = _text(value.get("code"))
                name = _text(value.get("name"))
                for card in value["cards"]:
                    self._add_printing(_printed(card), set_release, set_code, name)
        if set_cards is not None:
            found = True
            for card in set_cards:
                self._add_printing(_printed(card), release, code, set_name)
        if not found:
            raise SourceError(
                f"{path}: not an MTGJSON v5 set, AtomicCards or AllPrintings file "
                '(no cards under "data")'
            )

    def _add_printing(self, card: _Printed, release: str, set_code: str, set_name: str) -> None:
        self.stats.printings += 1
        layout = card.layout.strip() or "normal"
        if layout in SKIPPED_LAYOUTS:
            self.stats.skip(f"layout {layout}")
            return
        name = card.name.strip()
        if not name:
            self.stats.skip("no name")
            return
        identifiers = card.identifiers
        oracle_id = (identifiers.scryfallOracleId.strip() if identifiers else "") or None
        key = oracle_id or f"name:{name}"
        entry = self._cards.get(key)
        if entry is None:
            entry = self._cards[key] = _MtgjsonCard(name=name, oracle_id=oracle_id, layout=layout)
        side = card.side.strip() or "a"
        face = entry.faces.get(side)
        if face is None or release > face.release:
            entry.faces[side] = _Face(
                release,
                card.manaCost,
                card.manaValue,
                card.type,
                card.text,
                card.power,
                card.toughness,
                card.loyalty,
                card.colors or [],
                card.keywords or [],
            )
            if side == "a":
                entry.name = name
        self._add_set_printing(entry, card, release, set_code, set_name)
        if entry.rulings is None or release > entry.rulings_release:
            rulings = bytes(card.rulings)  # a copy: the file's text is let go
            if rulings[:1] == b"[":  # anything but a list is no rulings
                entry.rulings = rulings
                entry.rulings_release = release
                entry.rulings_from = self._path
        known = entry.french.get(side)
        if known is not None and known.rank >= (True, release):
            return  # no French of this printing can come before the one kept
        foreign_data = bytes(card.foreignData)
        if b'"French"' not in foreign_data:
            return
        for foreign in _foreign(foreign_data):
            if foreign.language != "French":
                continue
            text = foreign.text.strip()
            rank = (bool(text), release)
            known = entry.french.get(side)
            if known is None or rank > known.rank:
                entry.french[side] = _French(  # line breaks restored in the text kept only
                    rank,
                    foreign.faceName.strip() or foreign.name.strip(),
                    foreign.type.strip(),
                    text,
                    card.setCode.strip() or set_code,
                )

    def _lowered(self, text: str) -> str:
        """``text`` in lower case, one string for each distinct text (formats and statuses
        are a few dozen, held by every card until its record is made)."""
        found = self._lower.get(text)
        if found is None:
            found = self._lower[text] = sys.intern(str(text).lower())
        return found

    def _legalities_of(self, text: bytes) -> dict[str, str] | None:
        """The legalities a printing's JSON gives, lowered (None: not an object), decoded once
        for each distinct text (cards printed in the same years share theirs)."""
        try:
            return self._legalities_text[text]
        except KeyError:
            value = _ANY.decode(text)
            found = self._legalities_text[text] = (
                self._lowered_legalities(value) if isinstance(value, dict) else None
            )
            return found

    def _lowered_legalities(self, legalities: dict[str, Any]) -> dict[str, str]:
        """``legalities`` with formats and statuses in lower case: one dict for each distinct
        set of legalities (a few thousand, shared by the cards that have it; they are read,
        never changed)."""
        items = tuple(legalities.items())
        try:
            return self._legalities[items]
        except KeyError:
            pass
        except TypeError:  # a value that is not hashable: not a status, left out below
            items = tuple((k, v) for k, v in items if isinstance(v, str))
            if items in self._legalities:
                return self._legalities[items]
        lowered = self._lower
        found = self._legalities[items] = {
            lowered.get(k) or self._lowered(k): lowered.get(v) or self._lowered(v)
            for k, v in items
            if isinstance(v, str)
        }
        return found

    def _add_set_printing(
        self, entry: _MtgjsonCard, card: _Printed, release: str, set_code: str, set_name: str
    ) -> None:
        """Where the card was printed (set files and AllPrintings; AtomicCards has no sets),
        the legality of its newest printing and its colour identity."""
        if entry.legalities is None or release >= entry.legalities_release:
            legalities = self._legalities_of(bytes(card.legalities))
            if legalities is not None:
                entry.legalities = legalities
                entry.legalities_release = release
        identity = card.colorIdentity
        if isinstance(identity, list) and len(identity) >= len(entry.color_identity):
            entry.color_identity = [c for c in identity if isinstance(c, str)]
        code = (card.setCode.strip() or set_code).upper()
        if not code:
            return
        number = card.number.strip()[:20]
        if (code, number) in entry.printings:
            return  # the other face of the same printing
        try:
            day = self._release_days[release]
        except KeyError:
            day = None
            if release:
                with contextlib.suppress(ValueError):
                    day = datetime.date.fromisoformat(release)
            self._release_days[release] = day
        entry.printings[(code, number)] = PrintingRecord(
            set_code=sys.intern(code[:10]),
            set_name=sys.intern((set_name or code)[:200]),
            released_on=day,
            rarity=sys.intern(card.rarity.strip().lower()[:10] or "common"),
            collector_number=number,
        )

    def records(self) -> Iterator[CardRecord]:
        """The aggregated cards, in a stable order (name, then oracle id), each once: what was
        read of a card is let go as its record is made, so the two are never all held."""
        cards = self._cards
        order = sorted(cards, key=lambda key: (cards[key].name, cards[key].oracle_id or ""))
        for key in order:
            yield self._record(cards.pop(key))

    def _day(self, value: str | None, where: str) -> datetime.date:
        """A ruling's date, parsed once for each distinct date (a few thousand)."""
        day = self._days.get(value)
        if day is None:
            day = self._days[value] = parse_date(value, where=where)
        return day

    def _mana_value(self, value: object) -> Decimal:
        try:
            return self._mana_values[value]
        except KeyError:
            found = self._mana_values[value] = mana_value(value)
            return found
        except TypeError:  # not hashable: mana_value says what is wrong with it
            return mana_value(value)

    @staticmethod
    def _rulings_of(entry: _MtgjsonCard) -> list[_RulingIn]:
        if entry.rulings is None:
            return []
        with reading(entry.rulings_from or Path(entry.name)):  # errors name the file
            return _rulings(entry.rulings)

    def _record(self, entry: _MtgjsonCard) -> CardRecord:
        sides = sorted(entry.faces)
        faces = [entry.faces[s] for s in sides]
        front = faces[0]
        multi = len(faces) > 1
        colors: list[str] = []
        keywords: set[str] = set()
        for face in faces:
            colors.extend(face.colors)
            keywords.update(_text(k) for k in face.keywords if _text(k))
        if multi:
            mana_cost = join_faces(f.mana_cost.strip() for f in faces)
            type_line = join_faces(f.type_line.strip() for f in faces)
            oracle_text = join_faces((f.text.strip() for f in faces), TEXT_FACE_SEPARATOR)
        else:  # one face: what joining its one value gives
            mana_cost = front.mana_cost.strip()
            type_line = front.type_line.strip()
            oracle_text = front.text.strip()
        rulings = []
        for ruling in self._rulings_of(entry):
            text = _text(ruling.text)
            if text:
                day = self._day(ruling.date, where=f"{entry.name} ruling")
                rulings.append(RulingRecord(day, "wotc", text))
        record = CardRecord(
            name=entry.name,
            oracle_id=entry.oracle_id,
            mana_cost=mana_cost,
            mana_value=self._mana_value(front.mana_value),
            type_line=type_line,
            colors=color_string(colors),
            power=front.power.strip(),
            toughness=front.toughness.strip(),
            loyalty=front.loyalty.strip(),
            oracle_text=oracle_text,
            keywords=tuple(sorted(keywords)),
            color_identity=color_string(entry.color_identity),
            printings=tuple(entry.printings.values()) if entry.printings else None,
            legalities=entry.legalities,
            rulings=tuple(rulings),
            # A meld pair's back face has a name of its own, so no front face joins it.
            meld_back_face=entry.layout == "meld" and "a" not in entry.faces,
        )
        french = [entry.french.get(s) for s in sides]
        if any(french):
            first = french[0]
            if first is not None and (" // " in first.name or not multi):
                record.name_fr = first.name
            else:
                record.name_fr = join_faces(f.name if f else "" for f in french)
            record.type_line_fr = join_faces(f.type_line if f else "" for f in french)
            record.printed_text_fr = join_faces(
                (printed_line_breaks(f.text) if f else "" for f in french),
                separator=TEXT_FACE_SEPARATOR,
            )
            record.printed_set_fr = next((f.set_code for f in french if f and f.set_code), "")
        return record


# --------------------------------------------------------------------------------------------
# Scryfall

SCRYFALL_SOURCES = frozenset({"wotc", "scryfall"})


def _faces(item: dict[str, Any]) -> list[dict[str, Any]]:
    faces = item.get("card_faces")
    return faces if isinstance(faces, list) and faces else [item]


def _is_meld_result(item: dict[str, Any], name: str) -> bool:
    """Whether a Scryfall card is the back face of a meld pair: the part its meld cards list as
    their "meld_result"."""
    parts = item.get("all_parts")
    return _text(item.get("layout")) == "meld" and any(
        isinstance(part, dict)
        and part.get("component") == "meld_result"
        and _text(part.get("name")) == name
        for part in (parts if isinstance(parts, list) else ())
    )


def _scryfall_oracle_id(item: dict[str, Any]) -> str:
    return _text(item.get("oracle_id")) or _text(_faces(item)[0].get("oracle_id"))


class ScryfallReader:
    """Reads Scryfall bulk files: oracle cards, rulings and (optionally) all cards for French."""

    def __init__(self) -> None:
        self.stats = ReadStats()
        self.rulings: dict[str, list[RulingRecord]] = {}
        self.french: dict[str, tuple[tuple[bool, str], str, str, str, str]] = {}

    def read_rulings(self, path: Path, *, progress: bool = False) -> None:
        bar = progress_bar(path.stat().st_size, desc="Reading rulings", enabled=progress)
        try:
            with reading(path), open_json(path, bar) as stream:
                for n, item in enumerate(ijson.items(stream, "item")):
                    where = f"{path}: ruling #{n + 1}"
                    if not isinstance(item, dict):
                        raise SourceError(f"{where} is not an object")
                    oracle_id = _text(item.get("oracle_id"))
                    source = _text(item.get("source"))
                    comment = _text(item.get("comment"))
                    if not oracle_id or not comment:
                        raise SourceError(f"{where}: oracle_id and comment are required")
                    if source not in SCRYFALL_SOURCES:
                        raise SourceError(f"{where}: unknown source {source!r}")
                    published = parse_date(item.get("published_at"), where=where)
                    self.rulings.setdefault(oracle_id, []).append(
                        RulingRecord(published, source, comment)
                    )
        finally:
            if bar is not None:
                bar.close()

    def read_all_cards(self, path: Path, *, progress: bool = False) -> None:
        """Keep the French printed name, type and text of the newest French printing."""
        bar = progress_bar(path.stat().st_size, desc="Reading all cards (FR)", enabled=progress)
        try:
            with reading(path), open_json(path, bar) as stream:
                for item in ijson.items(stream, "item"):
                    if not isinstance(item, dict) or item.get("lang") != "fr":
                        continue
                    oracle_id = _scryfall_oracle_id(item)
                    if not oracle_id:
                        continue
                    faces = _faces(item)
                    name = join_faces(_text(f.get("printed_name")) for f in faces)
                    type_line = join_faces(_text(f.get("printed_type_line")) for f in faces)
                    text = join_faces(
                        (_text(f.get("printed_text")) for f in faces),
                        separator=TEXT_FACE_SEPARATOR,
                    )
                    if not name:
                        continue
                    rank = (bool(text), _text(item.get("released_at")))
                    known = self.french.get(oracle_id)
                    if known is None or rank > known[0]:
                        set_code = _text(item.get("set")).upper()
                        self.french[oracle_id] = (rank, name, type_line, text, set_code)
        finally:
            if bar is not None:
                bar.close()

    def read_cards(self, path: Path, *, progress: bool = False) -> Iterator[CardRecord]:
        """Stream the oracle cards file; rulings and French must have been read first."""
        bar = progress_bar(path.stat().st_size, desc="Reading oracle cards", enabled=progress)
        seen: set[str] = set()
        try:
            with reading(path), open_json(path, bar) as stream:
                for n, item in enumerate(ijson.items(stream, "item", use_float=True)):
                    if not isinstance(item, dict):
                        raise SourceError(f"{path}: card #{n + 1} is not an object")
                    self.stats.printings += 1
                    layout = _text(item.get("layout")) or "normal"
                    if layout in SKIPPED_LAYOUTS:
                        self.stats.skip(f"layout {layout}")
                        continue
                    record = self._record(item, where=f"{path}: card #{n + 1}")
                    if record.oracle_id:
                        seen.add(record.oracle_id)
                    yield record
            self.stats.files += 1
        finally:
            if bar is not None:
                bar.close()
        self.stats.rulings_unknown_card = sum(
            len(rulings) for oracle_id, rulings in self.rulings.items() if oracle_id not in seen
        )

    def _record(self, item: dict[str, Any], *, where: str) -> CardRecord:
        name = _text(item.get("name"))
        oracle_id = _scryfall_oracle_id(item)
        if not name or not oracle_id:
            raise SourceError(f"{where}: name and oracle_id are required")
        faces = _faces(item)
        front = faces[0]
        colors = item.get("colors")
        if colors is None:
            colors = [c for f in faces for c in f.get("colors") or ()]
        record = CardRecord(
            name=name,
            oracle_id=oracle_id,
            mana_cost=_text(item.get("mana_cost"))
            or join_faces(_text(f.get("mana_cost")) for f in faces),
            mana_value=mana_value(item.get("cmc")),
            type_line=_text(item.get("type_line"))
            or join_faces(_text(f.get("type_line")) for f in faces),
            colors=color_string(colors),
            power=_text(item.get("power")) or _text(front.get("power")),
            toughness=_text(item.get("toughness")) or _text(front.get("toughness")),
            loyalty=_text(item.get("loyalty")) or _text(front.get("loyalty")),
            oracle_text=_text(item.get("oracle_text"))
            or join_faces((_text(f.get("oracle_text")) for f in faces), TEXT_FACE_SEPARATOR),
            keywords=tuple(sorted({_text(k) for k in item.get("keywords") or () if _text(k)})),
            color_identity=color_string(
                c for c in item.get("color_identity") or () if isinstance(c, str)
            ),
            legalities={
                str(k).lower(): str(v).lower()
                for k, v in (item.get("legalities") or {}).items()
                if isinstance(v, str)
            }
            if isinstance(item.get("legalities"), dict)
            else None,
            rulings=tuple(self.rulings.get(oracle_id, ())),
            meld_back_face=_is_meld_result(item, name),
        )
        french = self.french.get(oracle_id)
        if french is not None:
            (
                _,
                record.name_fr,
                record.type_line_fr,
                record.printed_text_fr,
                record.printed_set_fr,
            ) = french
        return record
