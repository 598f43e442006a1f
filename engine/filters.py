"""What an object must be, read from a noun phrase of card text ("untapped white creature you
control", "artifact or creature", "creature card from your graveyard", "Goblin spells").

A :class:`Filter` is a disjunction of :class:`Quality` conjunctions ("black or red creature" is
black creature or red creature), plus what holds for the whole phrase: who controls or owns
the object, where it is, and "another". :func:`read_filter` returns None for a phrase with a
word it doesn't know, so a caller can say the text is not understood rather than check half of
it (fail closed).

>>> f = read_filter("untapped white creatures you control")
>>> f.controller, sorted(f.options[0].types), f.options[0].tapped
(<Whose.YOU: 'you'>, ['creature'], False)
>>> [sorted(q.types) for q in read_filter("artifact or creature").options]
[['artifact'], ['creature']]
>>> read_filter("creature with a name that rhymes") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from engine.contract import Player, Zone
from engine.mana import COLOR_WORDS, Color

if TYPE_CHECKING:
    from engine.cards import CardDefinition
    from engine.chosen import Chosen

__all__ = ["Bound", "Filter", "Noun", "Quality", "Whose", "read_filter", "singular"]

CARD_TYPES = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
)
PERMANENT_TYPES = frozenset(
    {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
)
SUPERTYPES = ("legendary", "basic", "snow", "world")
_KEYWORDS = (
    "flying",
    "reach",
    "haste",
    "flash",
    "trample",
    "defender",
    "vigilance",
    "deathtouch",
    "lifelink",
    "first strike",
    "double strike",
    "menace",
    "hexproof",
    "indestructible",
    "shroud",
    "mutate",
    "convoke",
    "kicker",
    "enchant creature",
)
_NUMBERS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_IRREGULAR = {
    "elves": "elf",
    "dwarves": "dwarf",
    "wolves": "wolf",
    "werewolves": "werewolf",
    "mice": "mouse",
    "fungi": "fungus",
    "octopi": "octopus",
    "allies": "ally",
    "faeries": "faerie",
    "zombies": "zombie",
    "spawn": "spawn",
    "eldrazi": "eldrazi",
    "sphinxes": "sphinx",
}


def singular(word: str) -> str:
    """The singular of a type or subtype word, lower case.

    >>> singular("Mountains"), singular("Elves"), singular("creatures"), singular("Sphinxes")
    ('mountain', 'elf', 'creature', 'sphinx')
    """
    lowered = word.lower()
    if lowered in _IRREGULAR:
        return _IRREGULAR[lowered]
    if lowered.endswith("ies") and len(lowered) > 4:
        return lowered[:-3] + "y"
    if lowered.endswith(("ches", "shes", "xes", "sses")):
        return lowered[:-2]
    if lowered.endswith("s") and not lowered.endswith("ss") and len(lowered) > 3:
        return lowered[:-1]
    return lowered


@unique
class Whose(StrEnum):
    """Whose object it must be, relative to the player the text is about ("you").

    >>> Whose("opponent")
    <Whose.OPPONENT: 'opponent'>
    """

    ANY = "any"
    YOU = "you"
    OPPONENT = "opponent"
    NOT_YOU = "not_you"

    def accepts(self, owner: Player, player: Player) -> bool:
        """Whether an object controlled (or owned) by ``owner`` fits, for ``player``.

        >>> Whose.NOT_YOU.accepts(Player.OPPONENT, Player.YOU)
        True
        """
        if self is Whose.YOU:
            return owner is player
        if self in (Whose.OPPONENT, Whose.NOT_YOU):
            return owner is not player
        return True


@unique
class Noun(StrEnum):
    """What the phrase names: any object, a permanent, a card (in a zone) or a spell."""

    ANY = "any"
    PERMANENT = "permanent"
    CARD = "card"
    SPELL = "spell"


@dataclass(frozen=True, slots=True)
class Bound:
    """A number an object's characteristic is compared with: "3 or less", "X or greater".

    >>> Bound(3, at_most=True).holds(2, x=0), Bound(None, at_most=False).holds(2, x=3)
    (True, False)
    """

    value: int | None  # None: X
    at_most: bool
    exactly: bool = False

    def holds(self, number: int, *, x: int) -> bool:
        """Whether ``number`` is within the bound, X being ``x``."""
        limit = x if self.value is None else self.value
        if self.exactly:
            return number == limit
        return number <= limit if self.at_most else number >= limit


@dataclass(frozen=True, slots=True)
class Quality:
    """One conjunction of qualities ("untapped white creature"): every one that is set holds.

    ``subtypes`` is one entry per subtype word, each the spellings it may have.

    >>> read_filter("nonland permanent").options[0].not_types
    frozenset({'land'})
    """

    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    subtypes: tuple[frozenset[str], ...] = ()
    not_subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[Color] = frozenset()
    not_colors: frozenset[Color] = frozenset()
    colorless: bool | None = None
    multicolored: bool | None = None
    permanent: bool = False
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    token: bool | None = None
    face_down: bool | None = None
    keywords: frozenset[str] = frozenset()
    not_keywords: frozenset[str] = frozenset()
    mana_value: Bound | None = None
    power: Bound | None = None
    toughness: Bound | None = None
    chosen: frozenset[str] = frozenset()
    """The source's chosen values it must have ("spells with the chosen name", "of the chosen
    type", "with mana value equal to the chosen number"): see :mod:`engine.chosen`."""
    even_mana_value: bool | None = None
    has_x: bool | None = None
    commander: bool | None = None
    counter: str | None = None
    """A kind of counter the permanent must have ("with a +1/+1 counter on it")."""
    cycling: bool | None = None
    """It has a cycling ability ("spells that have a cycling ability"): cycling or a
    typecycling (702.29f)."""

    def fits(
        self,
        card: CardDefinition,
        *,
        card_types: frozenset[str] | None = None,
        colors: frozenset[Color] | None = None,
        mana_value: int | None = None,
        tapped: bool = False,
        attacking: bool = False,
        blocking: bool = False,
        token: bool = False,
        face_down: bool = False,
        x: int = 0,
        chosen: Chosen | None = None,
        commander: bool = False,
        counters: tuple[tuple[str, int], ...] = (),
    ) -> bool:
        """Whether an object with these characteristics has every quality; ``chosen``: the
        values chosen for the permanent whose text it is (none chosen: "the chosen …" fits
        nothing)."""
        types = card.card_types if card_types is None else card_types
        if self.types and not self.types <= types:
            return False
        if self.not_types & types:
            return False
        if self.permanent and not types & PERMANENT_TYPES:
            return False
        subtypes = frozenset() if face_down else card.subtypes
        if any(not spellings & subtypes for spellings in self.subtypes):
            return False
        if self.not_subtypes & subtypes:
            return False
        supertypes = frozenset() if face_down else card.supertypes
        if self.supertypes and not self.supertypes <= supertypes:
            return False
        if self.not_supertypes & supertypes:
            return False
        shown = card.colors if colors is None else colors
        if self.colors and not self.colors <= shown:
            return False
        if self.not_colors & shown:
            return False
        if self.colorless is not None and self.colorless != (not shown):
            return False
        if self.multicolored is not None and self.multicolored != (len(shown) > 1):
            return False
        for wanted, actual in (
            (self.tapped, tapped),
            (self.attacking, attacking),
            (self.blocking, blocking),
            (self.token, token),
            (self.face_down, face_down),
            (self.commander, commander),
        ):
            if wanted is not None and wanted != actual:
                return False
        keywords = frozenset() if face_down else card.keywords
        if self.keywords and not self.keywords <= keywords:
            return False
        if self.not_keywords & keywords:
            return False
        value = card.mana_cost.mana_value if mana_value is None else mana_value
        if self.mana_value is not None and not self.mana_value.holds(value, x=x):
            return False
        if self.chosen and (chosen is None or not chosen.fits(self.chosen, card, value)):
            return False
        if self.even_mana_value is not None and self.even_mana_value != (value % 2 == 0):
            return False
        if self.has_x is not None and self.has_x != card.has_x:
            return False
        if self.counter is not None and not dict(counters).get(self.counter):
            return False
        if self.cycling is not None and self.cycling != _has_cycling(keywords):
            return False
        for bound, printed in ((self.power, card.power), (self.toughness, card.toughness)):
            if bound is None:
                continue
            number = 2 if face_down else _number(printed)
            if number is None or not bound.holds(number, x=x):
                return False
        return True


def _has_cycling(keywords: frozenset[str]) -> bool:
    """Whether keywords hold a cycling ability: cycling, a typecycling ("swampcycling"), or
    basic landcycling, read as "basic" (702.29e–f)."""
    return any(k.endswith("cycling") or k == "basic" for k in keywords)


def _number(printed: str | None) -> int | None:
    if printed is None:
        return None
    try:
        return int(printed)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Filter:
    """A noun phrase: any of its ``options``, plus whose it is, where it is, and "another".

    ``controller`` is about who controls a permanent or a spell (or owns a card in a zone);
    ``zone`` is where a card must be (None: where the caller looks).

    >>> read_filter("creature card from your graveyard").zone
    <Zone.GRAVEYARD: 'graveyard'>
    """

    options: tuple[Quality, ...]
    noun: Noun = Noun.ANY
    controller: Whose = Whose.ANY
    zone: Zone | None = None
    another: bool = False
    text: str = ""

    def fits(self, card: CardDefinition, **traits: object) -> bool:
        """Whether an object fits any of the options (see :meth:`Quality.fits`)."""
        return any(option.fits(card, **traits) for option in self.options)  # type: ignore[arg-type]

    @property
    def types(self) -> frozenset[str]:
        """Every card type any option asks for."""
        return frozenset(t for option in self.options for t in option.types)

    @property
    def chosen(self) -> frozenset[str]:
        """The chosen values any option asks for ("the chosen name"…).

        >>> sorted(read_filter("creature spells of the chosen type").chosen)
        ['type']
        """
        return frozenset(kind for option in self.options for kind in option.chosen)


_CONTROLLERS = (
    (r"(?:that )?you control", Whose.YOU),
    (r"you don't control", Whose.NOT_YOU),
    (r"(?:an opponent|your opponents|opponents) controls?", Whose.OPPONENT),
    (r"you own", Whose.YOU),
)
_ZONES = (
    (r"(?:from|in) your graveyard", Zone.GRAVEYARD, Whose.YOU),
    (r"(?:from|in) your hand", Zone.HAND, Whose.YOU),
    (r"(?:from|in) a graveyard", Zone.GRAVEYARD, Whose.ANY),
    (r"(?:from|in) an opponent's graveyard", Zone.GRAVEYARD, Whose.OPPONENT),
    (r"(?:from|in) exile", Zone.EXILE, Whose.ANY),
    (r"you own in exile", Zone.EXILE, Whose.YOU),
)
_BOUND = re.compile(
    r"^(?P<what>mana value|power|toughness) (?:(?P<n>\d+|x)(?: or (?P<dir>less|greater|more))?"
    r"|(?P<dir2>less|greater) than or equal to (?P<n2>\d+|x))$"
)


_PARTS = re.compile(r",\s*(?:and/or |and |or )?|\s+(?:and/or|and|or)\s+")
"""What separates the parts of a phrase: a comma (with its "and", "or", "and/or"), or one of
those words alone."""


def read_filter(phrase: str) -> Filter | None:
    """Read a noun phrase into a filter; None if a word of it is not understood.

    The phrase carries no count ("two", "a"): callers read it first.

    >>> f = read_filter("black or red creature an opponent controls")
    >>> [sorted(c.value for c in q.colors) for q in f.options], f.controller.value
    ([['B'], ['R']], 'opponent')
    >>> sorted(read_filter("Mountains").options[0].subtypes[0])
    ['mountain', 'mountains']
    >>> read_filter("creature with mana value 3 or less").options[0].mana_value
    Bound(value=3, at_most=True, exactly=False)
    """
    text = " ".join(phrase.replace("’", "'").split()).strip().rstrip(".")
    if not text:
        return None
    if re.search(r"\bhistoric\b", text, re.IGNORECASE):
        return _historic(text)
    lowered = text.lower()
    controller = Whose.ANY
    zone: Zone | None = None
    another = False
    withs: list[tuple[bool, str]] = []
    changed = True
    while changed:
        changed = False
        for pattern, whose in _CONTROLLERS:
            match = re.search(rf"\s+{pattern}$", lowered)
            if match:
                controller = whose
                text, lowered = text[: match.start()], lowered[: match.start()]
                changed = True
        for pattern, where, whose in _ZONES:
            match = re.search(rf"\s+{pattern}$", lowered)
            if match:
                zone = where
                controller = whose if whose is not Whose.ANY else controller
                text, lowered = text[: match.start()], lowered[: match.start()]
                changed = True
        match = re.search(r"\s+(?:that are )?of the chosen (type|color)$", lowered)
        if match:
            withs.append((False, f"the chosen {match.group(1)}"))
            text, lowered = text[: match.start()], lowered[: match.start()]
            changed = True
        match = re.search(r"\s+(?:with|without)\s+", lowered)
        if match:
            tail = lowered[match.start() :].strip()
            for part in re.split(r"\s+and\s+(?=with)|\s+(?=with(?:out)? )", tail):
                clause = re.fullmatch(r"(with|without)\s+(.+)", part.strip())
                if clause is None:
                    return None
                withs.append((clause.group(1) == "without", clause.group(2).strip()))
            text, lowered = text[: match.start()], lowered[: match.start()]
            changed = True
    for prefix in ("other ", "another "):
        if lowered.startswith(prefix):
            another = True
            text, lowered = text[len(prefix) :], lowered[len(prefix) :]
    words_text = text.strip()
    if not words_text:
        return None
    parts = [p for p in _PARTS.split(words_text) if p]
    read_parts = [_read_words(p.split()) for p in parts]
    if any(part is None for part in read_parts):
        return None
    options = [part for part in read_parts if part is not None]
    if _adjectives_listed(words_text, options):
        # "nonartifact, nonblack creature": one noun that is each of them.
        merged = options[-1][0]
        for quality, _, _ in options[:-1]:
            merged = _merge(merged, quality)
        options = [(merged, options[-1][1], options[-1][2])]
    nouns = {noun for _, noun, _ in options if noun is not Noun.ANY}
    # Parts without a noun of their own ("attacking" in "attacking or blocking creature")
    # take the last part's.
    last_quality, last_noun, last_has = options[-1]
    last_nouns = Quality(
        types=last_quality.types, subtypes=last_quality.subtypes, permanent=last_quality.permanent
    )
    qualities: list[Quality] = []
    for quality, _, has_noun in options:
        if not has_noun and last_has:
            quality = _merge(quality, last_nouns)
        qualities.append(quality)
    extra = _read_withs(withs)
    if extra is None:
        return None
    qualities = [_merge(q, extra) for q in qualities]
    noun = last_noun if len(nouns) <= 1 else Noun.ANY
    if noun is Noun.ANY and len(nouns) == 1:
        noun = next(iter(nouns))
    return Filter(
        options=tuple(qualities),
        noun=noun,
        controller=controller,
        zone=zone,
        another=another,
        text=phrase.strip(),
    )


def _adjectives_listed(text: str, parts: list[tuple[Quality, Noun, bool]]) -> bool:
    """Whether ``text`` lists adjectives of one noun with commas and no "and" or "or"
    ("non-Angel, non-Demon creature"): every part but the last has no noun of its own."""
    return (
        len(parts) > 1
        and re.search(r"\b(?:and|or|and/or)\b", text) is None
        and not any(has_noun for _, _, has_noun in parts[:-1])
    )


def _historic(text: str) -> Filter | None:
    """Historic: artifacts, legendaries and Sagas (CR 700.6)."""
    found = [
        read_filter(re.sub(r"\bhistoric\b", word, text, flags=re.IGNORECASE))
        for word in ("artifact", "legendary", "Saga")
    ]
    if any(f is None for f in found):
        return None
    first = found[0]
    assert first is not None
    options = tuple(q for f in found if f is not None for q in f.options)
    return Filter(
        options=options,
        noun=first.noun,
        controller=first.controller,
        zone=first.zone,
        another=first.another,
        text=text,
    )


def _merge(first: Quality, second: Quality) -> Quality:
    """Both qualities at once (sets joined; a quality set on either side is kept)."""
    values: dict[str, object] = {}
    for name in Quality.__slots__:
        a, b = getattr(first, name), getattr(second, name)
        if isinstance(a, frozenset):
            values[name] = a | b
        elif isinstance(a, tuple):
            values[name] = a + tuple(s for s in b if s not in a)
        elif isinstance(a, bool) and name == "permanent":
            values[name] = a or b
        else:
            values[name] = a if a is not None else b
    return Quality(**values)  # type: ignore[arg-type]


def _read_words(words: list[str]) -> tuple[Quality, Noun, bool] | None:
    """One part of a phrase: its qualities, its noun, and whether it has a noun of its own."""
    types: set[str] = set()
    not_types: set[str] = set()
    subtypes: list[frozenset[str]] = []
    not_subtypes: set[str] = set()
    supertypes: set[str] = set()
    not_supertypes: set[str] = set()
    colors: set[Color] = set()
    not_colors: set[Color] = set()
    flags: dict[str, bool | None] = {}
    noun = Noun.ANY
    has_noun = False
    permanent = False
    index = 0
    while index < len(words):
        raw = words[index]
        word = raw.lower().strip(",")
        base = singular(word)
        index += 1
        if word in ("spell", "spells"):
            noun, has_noun = Noun.SPELL, True
        elif word in ("card", "cards"):
            noun, has_noun = Noun.CARD, True
        elif word in ("permanent", "permanents"):
            noun, has_noun, permanent = Noun.PERMANENT, True, True
        elif word in ("token", "tokens"):
            flags["token"] = True
            has_noun = True
        elif word in ("nontoken",):
            flags["token"] = False
        elif word in ("commander", "commanders"):
            flags["commander"] = True
            has_noun = True
        elif base in CARD_TYPES:
            types.add("kindred" if base == "tribal" else base)
            has_noun = True
        elif word.startswith("non") and singular(word[3:].lstrip("-")) in CARD_TYPES:
            not_types.add(singular(word[3:].lstrip("-")))
        elif word in SUPERTYPES:
            supertypes.add(word)
        elif word.startswith("non") and word[3:] in SUPERTYPES:
            not_supertypes.add(word[3:])
        elif word in COLOR_WORDS:
            colors.add(COLOR_WORDS[word])
        elif word.startswith("non") and word[3:] in COLOR_WORDS:
            not_colors.add(COLOR_WORDS[word[3:]])
        elif word == "colorless":
            flags["colorless"] = True
        elif word == "colored":
            flags["colorless"] = False
        elif word == "multicolored":
            flags["multicolored"] = True
        elif word == "monocolored":
            flags["multicolored"] = False
            flags["colorless"] = False
        elif word in ("tapped", "untapped"):
            flags["tapped"] = word == "tapped"
        elif word in ("attacking", "blocking", "nonattacking", "nonblocking"):
            flags[word.removeprefix("non")] = not word.startswith("non")
        elif word in ("face-down",):
            flags["face_down"] = True
        elif re.fullmatch(r"non-[A-Z][a-z'-]+", raw.strip(",")):
            not_subtypes.update({word[4:], singular(word[4:])})  # "non-Human" (205.3)
        elif raw[:1].isupper() and re.fullmatch(r"[A-Z][a-z'-]+", raw.strip(",")):
            subtypes.append(frozenset({word, base}))
            has_noun = True
        else:
            return None
    quality = Quality(
        types=frozenset(types),
        not_types=frozenset(not_types),
        subtypes=tuple(subtypes),
        not_subtypes=frozenset(not_subtypes),
        supertypes=frozenset(supertypes),
        not_supertypes=frozenset(not_supertypes),
        colors=frozenset(colors),
        not_colors=frozenset(not_colors),
        colorless=flags.get("colorless"),
        multicolored=flags.get("multicolored"),
        permanent=permanent,
        tapped=flags.get("tapped"),
        attacking=flags.get("attacking"),
        blocking=flags.get("blocking"),
        token=flags.get("token"),
        face_down=flags.get("face_down"),
        commander=flags.get("commander"),
    )
    return quality, noun, has_noun


def _read_withs(withs: list[tuple[bool, str]]) -> Quality | None:
    keywords: set[str] = set()
    not_keywords: set[str] = set()
    bounds: dict[str, Bound] = {}
    chosen: set[str] = set()
    flags: dict[str, bool] = {}
    counter: str | None = None
    for negated, what in withs:
        if what in _KEYWORDS:
            (not_keywords if negated else keywords).add(what)
            continue
        named = _CHOSEN.fullmatch(what)
        if named and not negated:
            chosen.add(named.group(1) or "number")
            continue
        parity = re.fullmatch(r"(?:an? )?(even|odd) mana values?", what)
        if parity and not negated:
            flags["even_mana_value"] = parity.group(1) == "even"
            continue
        on_it = re.fullmatch(r"an? ([+\-/\w]+) counter on it", what)
        if on_it and not negated:
            counter = on_it.group(1)
            continue
        if what in ("cycling", "a cycling ability"):
            flags["cycling"] = not negated
            continue
        if re.fullmatch(r"\{x\} in (?:their|its) mana costs?", what):
            flags["has_x"] = not negated
            continue
        match = _BOUND.fullmatch(what)
        if match is None or negated:
            return None
        raw = match.group("n") or match.group("n2")
        direction = match.group("dir") or match.group("dir2")
        value = None if raw == "x" else int(raw)
        bound = Bound(value, at_most=direction == "less", exactly=direction is None)
        bounds[match.group("what").replace(" ", "_")] = bound
    return Quality(
        keywords=frozenset(keywords),
        not_keywords=frozenset(not_keywords),
        mana_value=bounds.get("mana_value"),
        power=bounds.get("power"),
        toughness=bounds.get("toughness"),
        chosen=frozenset(chosen),
        even_mana_value=flags.get("even_mana_value"),
        has_x=flags.get("has_x"),
        counter=counter,
        cycling=flags.get("cycling"),
    )


_CHOSEN = re.compile(r"the chosen (name|type|color)|(?:a )?mana value equal to the chosen number")


def count_word(word: str) -> int | None:
    """A count written as a word or digits ("a", "two", "3"); None if it is not one.

    >>> count_word("an"), count_word("four"), count_word("X")
    (1, 4, None)
    """
    lowered = word.lower()
    if lowered in ("a", "an"):
        return 1
    if lowered.isdigit():
        return int(lowered)
    return _NUMBERS.get(lowered)
