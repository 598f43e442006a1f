"""The parts of a cost that are not mana (CR 118.1, 601.2h): sacrifice, discard, exile, tap,
return to hand, reveal, put a -1/-1 counter on a permanent, pay life — each with how many
objects it takes and which ones fit.

>>> part = read_cost_action("Sacrifice two Mountains")
>>> part.kind, part.minimum, sorted(part.filter.options[0].subtypes[0])
(<CostKind.SACRIFICE: 'sacrifice'>, 2, ['mountain', 'mountains'])
>>> read_cost_action("Pay 3 life").minimum
3
>>> read_cost_action("Put a -1/-1 counter on a creature you control").kind
<CostKind.COUNTER: 'counter'>
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from engine.contract import Choice, Zone
from engine.filters import Filter, Whose, count_word, read_filter

__all__ = ["NO_OBJECTS", "CostAction", "CostKind", "read_cost_action", "split_cost_actions"]


@unique
class CostKind(StrEnum):
    """What a non-mana part of a cost asks for; each but life is paid with chosen objects.

    >>> CostKind.RETURN.choice
    <Choice.RETURN: 'return'>
    """

    SACRIFICE = "sacrifice"
    DISCARD = "discard"
    EXILE = "exile"
    TAP = "tap"
    RETURN = "return"
    REVEAL = "reveal"
    COUNTER = "counter"
    """Put a -1/-1 counter on a permanent you control (122.1): it stays where it is."""
    LIFE = "life"
    LIFE_GAIN = "life_gain"
    """Another player gains life ("have an opponent gain 3 life"): nothing to choose."""

    @property
    def choice(self) -> Choice | None:
        """The request's choice list that pays it (None: life, paid or given, which needs
        no choice)."""
        return None if self in NO_OBJECTS else Choice(self.value)


NO_OBJECTS = frozenset({CostKind.LIFE, CostKind.LIFE_GAIN})
"""The kinds of part paid with no object."""


@dataclass(frozen=True, slots=True)
class CostAction:
    """One non-mana part of a cost, as printed, and what paying it takes.

    It takes from ``minimum`` to ``maximum`` objects (None: any number), or X of them when
    ``x`` is set; ``zone`` is where they are (None: the battlefield). Life is ``minimum`` life
    (X life when ``x``). ``at_random``: the objects are not chosen (a discard at random);
    ``every``: it takes every object that fits ("sacrifice all creatures you control",
    "discard your hand"), however many the board has.

    >>> read_cost_action("Discard X cards").x
    True
    """

    kind: CostKind
    text: str
    minimum: int = 1
    maximum: int | None = 1
    x: bool = False
    filter: Filter | None = None
    zone: Zone | None = None
    at_random: bool = False
    every: bool = False

    def bounds(self, x: int) -> tuple[int, int | None]:
        """How many objects (or how much life) it takes, X being ``x``.

        >>> read_cost_action("Sacrifice X lands").bounds(3)
        (3, 3)
        """
        if self.x:
            return x, x
        return self.minimum, self.maximum

    @property
    def needs_choice(self) -> bool:
        """Whether the payer names the objects (life and random discards need no choice)."""
        return self.kind not in NO_OBJECTS and not self.at_random


_COUNT = (
    r"(?P<count>any number of|one or more|all|an?|one|two|three|four|five|six|seven|eight|nine|"
    r"ten|x|\d+)"
)
_FORMS: tuple[tuple[CostKind, re.Pattern[str]], ...] = (
    (CostKind.SACRIFICE, re.compile(rf"^sacrifice {_COUNT} (?P<what>.+)$")),
    (CostKind.DISCARD, re.compile(rf"^discard {_COUNT} (?P<what>.+?)(?P<random> at random)?$")),
    (CostKind.EXILE, re.compile(rf"^exile {_COUNT} (?P<what>.+)$")),
    (CostKind.TAP, re.compile(rf"^tap {_COUNT} (?P<what>untapped .+)$")),
    (
        CostKind.RETURN,
        re.compile(rf"^return {_COUNT} (?P<what>.+?) to (?:its|their) owner'?s'? hands?$"),
    ),
    (CostKind.REVEAL, re.compile(rf"^reveal {_COUNT} (?P<what>.+)$")),
    (CostKind.COUNTER, re.compile(r"^put an? -1/-1 counter on (?P<count>an?|one) (?P<what>.+)$")),
)
_LIFE = re.compile(r"^pay (?P<n>\d+|x) life$")
_LIFE_GAIN = re.compile(
    r"^have (?:an opponent|target opponent|each opponent|each other player) gain (?P<n>\d+) life$"
)
_VERB = r"(?:sacrifice|discard|exile|tap|return|reveal|pay|put)\b"


def split_cost_actions(text: str) -> tuple[str, ...]:
    """Split "pay 1 life and exile a blue card from your hand" into its actions.

    >>> split_cost_actions("Pay 1 life and exile a blue card from your hand")
    ('Pay 1 life', 'exile a blue card from your hand')
    >>> split_cost_actions("Discard a card and sacrifice a creature")
    ('Discard a card', 'sacrifice a creature')
    >>> split_cost_actions("discard an Island card and another card")
    ('discard an Island card', 'discard a card')
    """
    parts = re.split(rf",?\s+and\s+(?={_VERB})|,\s+(?={_VERB})", text.strip(), flags=re.I)
    found: list[str] = []
    for part in (p.strip() for p in parts if p.strip()):
        another = _AND_ANOTHER.fullmatch(part)
        if another:  # "discard an Island card and another card": two objects, each its own
            verb = another.group("verb")
            second = f"{verb.lower()} a {another.group('second')}"
            found += [f"{verb} {another.group('first')}", second]
        else:
            found.append(part)
    return tuple(found)


_AND_ANOTHER = re.compile(
    r"(?P<verb>discard|sacrifice|exile|reveal) (?P<first>an? .+?) and another (?P<second>.+)",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def read_cost_action(text: str) -> CostAction | None:
    """Read one non-mana cost action; None when it is not understood (fail closed).

    >>> read_cost_action("Exile a creature card from your graveyard").zone
    <Zone.GRAVEYARD: 'graveyard'>
    >>> read_cost_action("Tap an untapped creature you control").filter.controller
    <Whose.YOU: 'you'>
    >>> read_cost_action("Sacrifice any number of creatures").bounds(0)
    (0, None)
    >>> read_cost_action("Sacrifice all creatures you control").every
    True
    """
    lowered = " ".join(text.replace("’", "'").split()).strip().rstrip(".").lower()
    life = _LIFE.match(lowered)
    if life:
        amount = life.group("n")
        return CostAction(
            kind=CostKind.LIFE,
            text=text.strip(),
            minimum=0 if amount == "x" else int(amount),
            maximum=None,
            x=amount == "x",
        )
    if lowered in ("discard your hand", "reveal your hand"):
        kind = CostKind.DISCARD if lowered.startswith("discard") else CostKind.REVEAL
        return _action(kind, text.strip(), "all", "cards", False)
    gain = _LIFE_GAIN.match(lowered)
    if gain:
        return CostAction(
            kind=CostKind.LIFE_GAIN, text=text.strip(), minimum=int(gain.group("n")), maximum=None
        )
    original = " ".join(text.replace("’", "'").split()).strip().rstrip(".")
    for kind, form in _FORMS:
        match = form.match(lowered)
        if match is None:
            continue
        count = match.group("count")
        what = original[match.start("what") : match.end("what")]
        return _action(kind, text.strip(), count, what, bool(match.groupdict().get("random")))
    return None


def _action(kind: CostKind, text: str, count: str, what: str, at_random: bool) -> CostAction | None:
    minimum: int
    maximum: int | None
    x = False
    every = count == "all"
    if count == "x":
        minimum, maximum, x = 0, None, True
    elif every:
        if kind not in (CostKind.SACRIFICE, CostKind.DISCARD, CostKind.REVEAL):
            return None
        minimum, maximum = 0, None
    elif count == "any number of":
        minimum, maximum = 0, None
    elif count == "one or more":
        minimum, maximum = 1, None
    else:
        number = count_word(count)
        if number is None:
            return None
        minimum = maximum = number
    found = read_filter(what)
    if found is None:
        return None
    zone = found.zone
    if kind in (CostKind.DISCARD, CostKind.REVEAL):
        if zone not in (None, Zone.HAND) or found.controller not in (Whose.ANY, Whose.YOU):
            return None
        zone = Zone.HAND
        found = replace(found, controller=Whose.YOU, zone=zone)
    elif kind is CostKind.EXILE:
        if zone is None and found.controller is not Whose.YOU:
            return None  # "exile a card" from where? not understood
    elif zone is not None:
        return None  # sacrifice, tap and return take permanents
    mine = (CostKind.SACRIFICE, CostKind.TAP, CostKind.RETURN, CostKind.COUNTER)
    if kind in mine and found.controller not in (
        Whose.ANY,
        Whose.YOU,
    ):
        return None  # only your own permanents can pay your costs (701.21a)
    if zone in (Zone.GRAVEYARD, Zone.HAND) and found.controller is not Whose.YOU:
        return None  # another player's hand or graveyard: not modelled
    return CostAction(
        kind=kind,
        text=text,
        minimum=minimum,
        maximum=maximum,
        x=x,
        filter=found,
        zone=zone,
        at_random=at_random,
        every=every,
    )
