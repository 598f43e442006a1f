"""JSON fields declared once: each reads, writes and describes itself (a JSON Schema).

A contract dataclass declares its JSON form on its own fields, with :func:`json_field`::

    tapped: bool = field(default=False, metadata=json_field(BOOLEAN))

:class:`Record` then reads a JSON object into the dataclass (collecting every error with its
field path), writes the dataclass back (leaving out values equal to their default), and gives
the JSON Schema of both, its bounds taken from the codecs' own limits. A field added to the
dataclass this way is added to the codec, the writer and the schema at once.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Turn:
...     number: int = field(default=1, metadata=json_field(Integer(maximum=99)))
>>> TURN = Record(Turn, name="Turn")
>>> reader = Reader()
>>> TURN.read({"number": 3}, reader, ()), TURN.write(Turn(number=1))
(Turn(number=3), {})
>>> TURN.read({"number": 300}, reader, ()), reader.errors
(INVALID, [FieldError(field='number', message='must be at most 99')])
>>> TURN.object_schema({})["properties"]["number"]
{'type': 'integer', 'minimum': 0, 'maximum': 99, 'default': 1}
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from engine.contract import MAX_LIST, MAX_TEXT
from engine.errors import EngineError, FieldError
from engine.mana import ManaCost, SymbolKind

__all__ = [
    "BOOLEAN",
    "INVALID",
    "Boolean",
    "Choice",
    "Codec",
    "Computed",
    "Integer",
    "JsonField",
    "ListOf",
    "Mana",
    "Nullable",
    "Path",
    "Reader",
    "Record",
    "STRING",
    "String",
    "Text",
    "json_field",
    "path_text",
]

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)

Path = tuple[str | int, ...]
"""Where a value is: ``("battlefield", 0, "card")`` is ``battlefield[0].card``."""


def path_text(path: Path) -> str:
    """The path as the API writes it.

    >>> path_text(("battlefield", 0, "card")), path_text(())
    ('battlefield[0].card', '')
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


class _Invalid:
    """The value of a field that could not be read (its error is recorded)."""

    _instance: _Invalid | None = None

    def __new__(cls) -> _Invalid:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "INVALID"

    def __bool__(self) -> bool:
        return False


INVALID = _Invalid()


class Reader:
    """Collects the errors of one read, and holds what later fields are checked against.

    ``catalog`` finds cards by name; ``context`` holds what a record read earlier puts there
    for the fields after it (the board's ids, for the action's references).
    """

    def __init__(self, catalog: Any = None) -> None:
        self.catalog = catalog
        self.errors: list[FieldError] = []
        self.paths: list[Path] = []
        self.context: dict[str, Any] = {}

    def error(self, path: Path, message: str) -> _Invalid:
        """Record an error at ``path``; return :data:`INVALID` for the caller to hand back."""
        self.errors.append(FieldError(field=path_text(path), message=message, path=path))
        self.paths.append(path)
        return INVALID


class Codec(Generic[T]):
    """How one kind of JSON value is read, written and described."""

    writes_as_is: bool = False
    """Whether the JSON value is the value itself (no call to :meth:`write` needed)."""

    def read(self, value: object, reader: Reader, path: Path) -> T | _Invalid:
        """The typed value, or INVALID after recording an error at ``path``."""
        raise NotImplementedError

    def write(self, value: T) -> object:
        """The JSON value."""
        return value

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        """The JSON Schema of the value; named records go into ``defs``."""
        raise NotImplementedError

    def find(self, value: object, reader: Reader) -> object:
        """For a codec whose value is looked up (a card in the catalog): what ``value`` finds
        now, or None, recording no error. A record that finds an object it read before
        checks this is still what its JSON finds (see :class:`Record`'s ``seen``)."""
        return None

    looks_up: bool = False
    """Whether the value read is looked up by :meth:`find` (a card in the catalog)."""

    def reads_as_is(self, values: Sequence[object]) -> bool:
        """Whether each of ``values`` reads as itself, with no error: a list of them is then
        read without a call for each (False: each is read)."""
        return False


class Boolean(Codec[bool]):
    """``true`` or ``false``."""

    writes_as_is = True

    def read(self, value: object, reader: Reader, path: Path) -> bool | _Invalid:
        if value is True or value is False:
            return value
        return reader.error(path, "must be true or false")

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "boolean"}


BOOLEAN = Boolean()


@dataclass(frozen=True)
class Integer(Codec[int]):
    """A whole number from 0 to ``maximum`` (no bound: None, for answers)."""

    writes_as_is = True

    maximum: int | None = None

    def read(self, value: object, reader: Reader, path: Path) -> int | _Invalid:
        if type(value) is int and value >= 0 and (self.maximum is None or value <= self.maximum):
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            return reader.error(path, "must be an integer")
        if value < 0:
            return reader.error(path, "must not be negative")
        if self.maximum is not None and value > self.maximum:
            return reader.error(path, f"must be at most {self.maximum}")
        return value

    def reads_as_is(self, values: Sequence[object]) -> bool:
        maximum = self.maximum
        for value in values:
            if type(value) is not int or value < 0 or (maximum is not None and value > maximum):
                return False
        return True

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        if self.maximum is None:
            return {"type": "integer", "minimum": 0}
        return {"type": "integer", "minimum": 0, "maximum": self.maximum}


class String(Codec[str]):
    """Any string (in answers)."""

    writes_as_is = True

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string"}


STRING = String()


@dataclass(frozen=True)
class Nullable(Codec[T | None]):
    """A value or ``null`` (in answers)."""

    codec: Codec[T]

    def __post_init__(self) -> None:
        # null is written as it is: so is the value when its codec writes it as it is
        object.__setattr__(self, "writes_as_is", self.codec.writes_as_is)

    def write(self, value: T | None) -> object:
        return None if value is None else self.codec.write(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema = self.codec.schema(defs)
        if isinstance(schema.get("type"), str) and "$ref" not in schema:
            return {**schema, "type": [schema["type"], "null"]}
        return {"oneOf": [schema, {"type": "null"}]}


@dataclass(frozen=True)
class Text(Codec[str]):
    """A string that is not blank, at most ``max_length`` characters."""

    writes_as_is = True

    max_length: int = MAX_TEXT

    def read(self, value: object, reader: Reader, path: Path) -> str | _Invalid:
        if type(value) is str and len(value) <= self.max_length and value.strip():
            return value
        if not isinstance(value, str):
            return reader.error(path, "must be a string")
        if len(value) > self.max_length:
            return reader.error(path, f"is longer than {self.max_length} characters")
        if not value.strip():
            return reader.error(path, "must not be empty")
        return value

    def reads_as_is(self, values: Sequence[object]) -> bool:
        limit = self.max_length
        for value in values:
            if type(value) is not str or len(value) > limit or not value.strip():
                return False
        return True

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length, "pattern": r"\S"}


@dataclass(frozen=True)
class Choice(Codec[E]):
    """One value of a StrEnum, written as its value."""

    enum: type[E]
    noun: str

    def read(self, value: object, reader: Reader, path: Path) -> E | _Invalid:
        member = self.enum._value2member_map_.get(value) if isinstance(value, str) else None
        if member is not None:
            return member  # type: ignore[return-value]
        options = ", ".join(m.value for m in self.enum)
        return reader.error(path, f"unknown {self.noun} {value!r}; expected one of {options}")

    def write(self, value: E) -> object:
        return value.value

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "enum": [m.value for m in self.enum]}


@dataclass(frozen=True)
class Mana(Codec[ManaCost]):
    """Mana notation (``{2}{G}``), at most ``max_length`` characters; ``pool``: only mana."""

    max_length: int
    pool: bool = False

    def read(self, value: object, reader: Reader, path: Path) -> ManaCost | _Invalid:
        if not isinstance(value, str):
            return reader.error(path, "must be mana notation such as '{2}{G}'")
        if len(value) > self.max_length:
            return reader.error(path, f"is longer than {self.max_length} characters")
        try:
            cost = ManaCost.parse(value)
        except EngineError as error:
            return reader.error(path, str(error))
        if self.pool and any(s.kind not in _POOL_KINDS for s in cost.symbols):
            return reader.error(path, "a mana pool holds only {W}{U}{B}{R}{G}{C} mana")
        return cost

    def write(self, value: ManaCost) -> object:
        return str(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        if self.pool:
            return {
                "type": "string",
                "maxLength": self.max_length,
                "pattern": r"^(\{[WUBRGC]\})*$",
                "description": "Mana symbols {W}{U}{B}{R}{G}{C} only.",
            }
        return {
            "type": "string",
            "maxLength": self.max_length,
            "description": (
                "Mana notation, every symbol in braces: {2}{R}, {X}{G}, {R/G}, {2/W}, {R/P}."
            ),
            "examples": ["{4}{R}", "{0}"],
        }


_POOL_KINDS = (SymbolKind.COLORED, SymbolKind.COLORLESS)


@dataclass(frozen=True)
class ListOf(Codec[tuple[T, ...]]):
    """A JSON array of at most ``max_items`` items (no bound: None, for answers), read into a
    tuple."""

    item: Codec[T]
    max_items: int | None = MAX_LIST
    not_a_list: str = "must be a list"
    too_long: str = "has more than {limit} items"

    def read(self, value: object, reader: Reader, path: Path) -> tuple[T, ...] | _Invalid:
        if not isinstance(value, list | tuple):
            return reader.error(path, self.not_a_list)
        if self.max_items is not None and len(value) > self.max_items:
            return reader.error(path, self.too_long.format(limit=self.max_items))
        item = self.item
        if item.reads_as_is(value):
            return tuple(value)
        if isinstance(item, Record) and item._seen is not None:
            found = item.seen_all(value, reader)
            if found is not None:
                return found
        read = item.read
        errors = len(reader.errors)
        items = [read(v, reader, path + (i,)) for i, v in enumerate(value)]
        if len(reader.errors) == errors:  # an item is INVALID only with its error
            return tuple(items)  # type: ignore[arg-type]
        return tuple([i for i in items if i is not INVALID])  # type: ignore[misc]

    def write(self, value: tuple[T, ...]) -> object:
        item = self.item
        if item.writes_as_is:
            return list(value)
        write = item.write
        if isinstance(item, Record) and item._memo:
            # A record that keeps its JSON (a trace step, a violation): copied without a call
            return [
                write(v) if v._json is None else dict(v._json)  # type: ignore[attr-defined]
                for v in value
            ]
        return [write(v) for v in value]

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.schema(defs)}
        if self.max_items is not None:
            schema["maxItems"] = self.max_items
        return schema


_MISSING: Any = dataclasses.MISSING
_SCALARS = frozenset({str, int, float, bool, type(None)})
_TEXTS = frozenset({str, type(None)})
_SEEN_MAX = 4096
_KEY_SHOWN = 80
"""An unknown field's name is said up to this many characters (a request may send any)."""


def _named_key(key: object) -> str:
    """An unknown key as an error names it: cut short when long."""
    text = str(key)
    return text if len(text) <= _KEY_SHOWN else text[: _KEY_SHOWN - 1] + "…"


@dataclass(frozen=True)
class JsonField:
    """How one dataclass field appears in JSON: its key, codec and description."""

    codec: Codec[Any]
    key: str | None = None
    description: str = ""
    examples: tuple[object, ...] = ()
    required_in_schema: bool | None = None
    """Whether the schema lists the key as required: by default, when it has no default."""


def json_field(
    codec: Codec[Any],
    *,
    key: str | None = None,
    description: str = "",
    examples: Sequence[object] = (),
    required_in_schema: bool | None = None,
) -> dict[str, JsonField]:
    """Metadata for ``dataclasses.field``: the field's JSON form."""
    return {
        "json": JsonField(
            codec=codec,
            key=key,
            description=description,
            examples=tuple(examples),
            required_in_schema=required_in_schema,
        )
    }


@dataclass(frozen=True)
class Computed:
    """A key of a written record that no field holds as such (``legal``, ``kick_count``)."""

    key: str
    codec: Codec[Any]
    get: Callable[[Any], object]
    description: str = ""
    required: bool = True


@dataclass(frozen=True)
class _Field:
    key: str
    attr: str
    codec: Codec[Any]
    default: Any
    description: str
    examples: tuple[object, ...]
    required_in_schema: bool


class Record(Codec[T]):
    """A dataclass read from and written to a JSON object, by its fields' :func:`json_field`.

    Unknown keys are errors, a field with no default is required, and ``check`` (run after
    the fields are read, with their values by attribute name) checks how fields fit together:
    it may record errors and change the values. ``computed`` keys are written after the
    fields. ``sparse`` records (requests) leave out values equal to their default; the others
    (answers) write every key. A ``memoize`` record read twice alike is one object; a ``seen``
    one (its reading depends on nothing but its JSON and the cards its fields look up, its
    check on its values only) finds a JSON object of scalars it read before without reading
    it again, once each looked-up field still finds what it found then.
    """

    def __init__(
        self,
        cls: type[T],
        *,
        name: str,
        description: str = "",
        check: Callable[[dict[str, Any], Reader, Path], None] | None = None,
        computed: Iterable[Computed] = (),
        sparse: bool = True,
        before: Iterable[Computed] = (),
        gate: Iterable[str] = (),
        essential: Iterable[str] = (),
        extra_schema: Mapping[str, Any] | None = None,
        memoize: bool = False,
        seen: bool = False,
    ) -> None:
        self.cls = cls
        self.name = name
        self.description = description
        self.check = check
        self.sparse = sparse
        self.before = tuple(before)
        self.computed = tuple(computed)
        self.extra_schema = dict(extra_schema or {})
        self.essential = tuple(essential)
        self.fields = tuple(_fields_of(cls))
        self.keys = frozenset(f.key for f in self.fields)
        self._defaults = {f.attr: f.default for f in self.fields if f.default is not _MISSING}
        # Every field in field order, a required one _MISSING until read: the values read
        # then come out in field order whatever the order of the JSON object's keys.
        self._template = {f.attr: f.default for f in self.fields}
        gates = set(gate)
        self._gates = tuple(f for f in self.fields if f.attr in gates)
        gate_keys = {f.key for f in self._gates}
        # Reading and writing follow these plans: they run for every object of every request.
        self._readers = {
            f.key: (f.attr, f.codec.read) for f in self.fields if f.key not in gate_keys
        }
        self._required = tuple(
            (f.key, f.attr) for f in self.fields if f.default is _MISSING and f.key not in gate_keys
        )
        self._required_keys = frozenset(key for key, _ in self._required)
        self._order = {f.key: index for index, f in enumerate(self.fields)}
        self._writers = tuple(
            (f.key, f.attr, None if f.codec.writes_as_is else f.codec.write, f.default)
            for f in self.fields
        )
        self._computed = tuple(
            (c.key, c.get, None if c.codec.writes_as_is else c.codec.write) for c in self.computed
        )
        self._before = tuple(
            (c.key, c.get, None if c.codec.writes_as_is else c.codec.write) for c in self.before
        )
        self._attrs = attrs = tuple(f.attr for f in self.fields)
        self._keys = tuple(f.key for f in self.fields)
        self._getter = operator.attrgetter(*attrs)
        self._conversions = tuple(
            (index, f.key, f.codec.write)
            for index, f in enumerate(self.fields)
            if not f.codec.writes_as_is
        )

        def build(*values: Any) -> T:
            return cls(**dict(zip(attrs, values, strict=True)))

        # A memoized record read twice alike is one object: what is memoized on it (a
        # permanent's mana) is then found by identity.
        self._build = functools.lru_cache(maxsize=4096)(build) if memoize else None
        # A record with a ``_json`` slot keeps its JSON once written (each answer gets its own
        # copy of the outer mapping; what is inside is shared: answers are read, not edited).
        self._memo = "_json" in getattr(cls, "__slots__", ())
        # A ``seen`` record's reading depends only on its JSON and what its looked-up fields
        # find (no context, a check of its values only): a JSON object of scalars read before
        # is the object it gave then, if every looked-up field still finds the same.
        # Each is kept with the JSON types of its values when one is a number or a boolean
        # (true == 1 == 1.0); with None when every value is a string or null, which equal
        # nothing else.
        self._seen: dict[tuple[tuple[str, object], ...], tuple[tuple[type, ...] | None, T]] | None
        self._seen = {} if seen else None
        self._lookups = tuple((f.key, f.attr, f.codec) for f in self.fields if f.codec.looks_up)

    def read(self, value: object, reader: Reader, path: Path) -> T | _Invalid:
        # The hottest code of a request: every object of the board comes through here.
        seen = self._seen
        if seen is not None and type(value) is dict:
            found = self._seen_entry(seen, value, reader)
            if found is not None:
                return found
        if type(value) is not dict and not isinstance(value, Mapping):
            reader.error(path, "must be an object")
            return INVALID
        if not self.keys.issuperset(value):
            self._unknown(value, reader, path)
        errors = reader.errors
        first = len(errors)
        values = self._read_values(value, reader, path, first)
        if len(errors) == first:
            built = self.cls(**values) if self._build is None else self._build(*values.values())
            if self._seen is not None and type(value) is dict:
                self._remember(value, built)
            return built
        if self.essential and all(values[name] is not INVALID for name in self.essential):
            return self.partial(values)  # still there for what refers to it
        return INVALID

    def seen_all(self, values: Sequence[object], reader: Reader) -> tuple[T, ...] | None:
        """For a ``seen`` record: the objects ``values`` gave when they were read before, if
        each was (see :meth:`read`); else None."""
        seen = self._seen
        assert seen is not None
        found: list[T] = []
        for value in values:
            built = self._seen_entry(seen, value, reader) if type(value) is dict else None
            if built is None:
                return None
            found.append(built)
        return tuple(found)

    def _seen_entry(
        self,
        seen: dict[tuple[tuple[str, object], ...], tuple[tuple[type, ...] | None, T]],
        value: dict[str, object],
        reader: Reader,
    ) -> T | None:
        """The object ``value`` gave when it was read before, if it is still that object: an
        object of scalars (a list or an object in it is unhashable), of the same JSON types
        (true is not 1, nor 1 1.0), whose looked-up fields still find the same cards."""
        try:
            entry = seen.get(tuple(value.items()))
        except TypeError:
            return None
        if entry is None or (entry[0] is not None and entry[0] != tuple(map(type, value.values()))):
            return None
        found = entry[1]
        for key, attr, codec in self._lookups:
            if key in value and codec.find(value[key], reader) is not getattr(found, attr):
                return None  # the catalog finds another card now
        return found

    def _remember(self, value: dict[str, object], built: T) -> None:
        types = tuple(map(type, value.values()))
        if not _SCALARS.issuperset(types):
            return
        assert self._seen is not None
        if len(self._seen) >= _SEEN_MAX:
            self._seen.clear()
        exact = _TEXTS.issuperset(types)
        self._seen[tuple(value.items())] = (None if exact else types, built)

    @staticmethod
    def mapping(
        value: object, reader: Reader, path: Path, keys: frozenset[str]
    ) -> Mapping[str, object] | None:
        """``value`` as a JSON object, each key not in ``keys`` an "unknown field" error."""
        if type(value) is not dict and not isinstance(value, Mapping):
            reader.error(path, "must be an object")
            return None
        if not keys.issuperset(value):
            for key in value:
                if key not in keys:
                    reader.error((*path, _named_key(key)), "unknown field")
        return value

    def _unknown(self, value: Mapping[str, object], reader: Reader, path: Path) -> None:
        for key in value:
            if key not in self.keys:
                reader.error((*path, _named_key(key)), "unknown field")

    def read_fields(
        self, value: Mapping[str, object], reader: Reader, path: Path
    ) -> dict[str, Any]:
        """The fields' values by attribute name, then checked; a wrong one is INVALID.

        The ``gate`` fields are read first: when one of them is wrong, the others are not
        read (their errors would only follow from it).
        """
        return self._read_values(value, reader, path, len(reader.errors))

    def _read_values(
        self, value: Mapping[str, object], reader: Reader, path: Path, first: int
    ) -> dict[str, Any]:
        values = self._template.copy()
        errors = reader.errors
        if self._gates:
            for f in self._gates:
                if f.key in value:
                    values[f.attr] = f.codec.read(value[f.key], reader, (*path, f.key))
                elif f.default is _MISSING:
                    values[f.attr] = reader.error((*path, f.key), "is required")
            if len(errors) > first:
                return {k: INVALID if v is _MISSING else v for k, v in values.items()}
        readers = self._readers
        for key, raw in value.items():
            found = readers.get(key)
            if found is not None:
                values[found[0]] = found[1](raw, reader, path + (key,))
        if not self._required_keys <= value.keys():
            for key, attr in self._required:
                if key not in value:
                    values[attr] = reader.error((*path, key), "is required")
        if len(errors) > first:
            self._in_field_order(reader, first, len(path))
        if self.check is not None:
            self.check(values, reader, path)
        return values

    def _in_field_order(self, reader: Reader, first: int, depth: int) -> None:
        """Put the errors from ``first`` on in the order of the fields they are about (the
        fields were read in the order the object gives them)."""
        order = self._order
        found = reader.errors[first:]
        paths = reader.paths[first:]
        ranked = sorted(
            range(len(found)),
            key=lambda i: order.get(str(paths[i][depth]), -1) if len(paths[i]) > depth else -1,
        )
        reader.errors[first:] = [found[i] for i in ranked]
        reader.paths[first:] = [paths[i] for i in ranked]

    def partial(self, values: Mapping[str, Any]) -> T:
        """The dataclass from ``values``, each value that could not be read at its default."""
        return self.cls(**{k: self._defaults[k] if v is INVALID else v for k, v in values.items()})

    def write(self, value: T) -> object:
        if self._memo:
            cached = value._json  # type: ignore[attr-defined]
            if cached is None:
                cached = self._write(value)
                object.__setattr__(value, "_json", cached)
            return dict(cached)
        return self._write(value)

    def _write(self, value: T) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, get, write in self._before:
            item = get(value)
            out[key] = item if write is None else write(item)
        items = self._getter(value) if len(self._attrs) > 1 else (self._getter(value),)
        if self.sparse:
            for (key, _, write, default), item in zip(self._writers, items, strict=True):
                if item != default:
                    out[key] = item if write is None else write(item)
        else:
            out.update(zip(self._keys, items, strict=True))
            for index, key, write in self._conversions:
                out[key] = write(items[index])
        for key, get, write in self._computed:
            item = get(value)
            out[key] = item if write is None else write(item)
        return out

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        if self.name not in defs:
            defs[self.name] = {}  # a placeholder first: records may refer to themselves
            defs[self.name] = self.object_schema(defs)
        return {"$ref": f"#/$defs/{self.name}"}

    def object_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        """The schema of the object itself (not a reference to it)."""
        properties: dict[str, Any] = {}
        required: list[str] = []
        for c in self.before:
            properties[c.key] = _described(c.codec.schema(defs), c.description)
            if c.required:
                required.append(c.key)
        for f in self.fields:
            described = _described(f.codec.schema(defs), f.description)
            if f.default not in (_MISSING, None) and self.sparse:
                described["default"] = f.codec.write(f.default)
            if f.examples:
                described["examples"] = list(f.examples)
            properties[f.key] = described
            if f.required_in_schema:
                required.append(f.key)
        for c in self.computed:
            properties[c.key] = _described(c.codec.schema(defs), c.description)
            if c.required:
                required.append(c.key)
        schema: dict[str, Any] = {"type": "object"}
        if self.description:
            schema["description"] = self.description
        if required:
            schema["required"] = required
        if self.sparse:
            schema["additionalProperties"] = False
        schema["properties"] = properties
        schema.update(self.extra_schema)
        return schema


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    if not description:
        return schema
    if "$ref" in schema:
        return {"allOf": [schema], "description": description}
    return {**schema, "description": description}


def _fields_of(cls: type[Any]) -> Iterable[_Field]:
    for f in dataclasses.fields(cls):
        spec = f.metadata.get("json")
        if not isinstance(spec, JsonField):
            continue
        default: Any = f.default
        factory: Any = f.default_factory
        if default is _MISSING and factory is not _MISSING:
            default = factory()
        required = spec.required_in_schema
        yield _Field(
            key=spec.key or f.name,
            attr=f.name,
            codec=spec.codec,
            default=default,
            description=spec.description,
            examples=spec.examples,
            required_in_schema=default is _MISSING if required is None else required,
        )
