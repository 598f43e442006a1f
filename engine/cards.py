"""Card definitions built by reading the card's data and oracle text; no per-card code.

>>> bolt = CardDefinition.parse(
...     name="Burst Lightning", mana_cost="{R}", type_line="Instant",
...     oracle_text="Kicker {4} (You may pay an additional {4} as you cast this spell.)\\n"
...                 "Burst Lightning deals 2 damage to any target. If this spell was kicked, "
...                 "it deals 4 damage instead.",
... )
>>> [str(c) for c in bolt.kicker_costs], bolt.not_understood
(['{4}'], ())
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.abilities import (
    ActivatedAbility,
    Clause,
    ClauseKind,
    CostModifier,
    ManaAbility,
    read_cost_change,
    read_counters,
    read_damage,
    read_mana_ability,
)
from engine.costs import Cost
from engine.errors import InvalidNotationError
from engine.keywords import COST_KEYWORDS, SIMPLE_KEYWORDS
from engine.mana import Color, ManaCost, ManaType
from engine.messages import CardRef
from engine.text import (
    Condition,
    TargetSpec,
    normalize,
    read_condition,
    read_targets,
    split_sentences,
    strip_reminder,
)

__all__ = ["CardDefinition"]

_SUPERTYPES = ("legendary", "basic", "snow", "world", "ongoing")
_CARD_TYPES = (
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
_BASIC_MANA = {
    "plains": ManaType.WHITE,
    "island": ManaType.BLUE,
    "swamp": ManaType.BLACK,
    "mountain": ManaType.RED,
    "forest": ManaType.GREEN,
}
_VERBS = re.compile(
    r"^(?:~|\{|(?:\w+ creatures? you control|it|that|this|those|they|its|each|all|you|your|"
    r"target|other|another|creatures?|"
    r"spells?|return|destroy|draw|create|counter|copy|exile|search|tap|untap|gain|lose|sacrifice|"
    r"discard|prevent|put|choose|look|reveal|shuffle|add|regenerate|scry|mill|if|when|whenever|"
    r"at|as|until|enchanted|equipped|players?|opponents?|each|whenever|during|the first|"
    r"noncreature|nonland|instant|sorcery|artifact|enchantment|land|double|flip|"
    r"this turn|no|only|cast|activate|play|except|the|then|activated|abilities)\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class CardDefinition:
    """A card's characteristics and the abilities read from its oracle text.

    Build it with :meth:`parse`; equal inputs give the same (cached) object, and definitions
    compare by identity.
    ``announce_costs`` are the kicker costs in printed order, multikicker last (CR 702.33b–c);
    ``has_x`` says whether the mana cost or a kicker cost has {X} to announce (CR 107.3a).

    >>> elves = CardDefinition.parse(name="Llanowar Elves", mana_cost="{G}",
    ...     type_line="Creature — Elf Druid", oracle_text="{T}: Add {G}.", power="1",
    ...     toughness="1", colors="G")
    >>> elves.is_creature, len(elves.mana_abilities), elves.has_x, elves.announce_costs
    (True, 1, False, ())
    """

    name: str
    name_fr: str | None
    mana_cost: ManaCost
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    colors: frozenset[Color]
    supertypes: frozenset[str]
    card_types: frozenset[str]
    subtypes: frozenset[str]
    keywords: frozenset[str]
    kicker_costs: tuple[Cost, ...]
    multikicker_cost: Cost | None
    has_convoke: bool
    has_split_second: bool
    has_flash: bool
    has_delve: bool
    has_morph: bool
    split_second_if_kicked: bool
    cant_spend_mana: bool
    clauses: tuple[Clause, ...]
    mana_abilities: tuple[ManaAbility, ...]
    activated_abilities: tuple[ActivatedAbility, ...]
    cost_modifiers: tuple[CostModifier, ...]
    not_understood: tuple[str, ...]

    @classmethod
    def parse(
        cls,
        *,
        name: str,
        mana_cost: str | None,
        type_line: str,
        oracle_text: str | None,
        power: str | None = None,
        toughness: str | None = None,
        colors: str | Iterable[str] | None = None,
        name_fr: str | None = None,
    ) -> CardDefinition:
        """Build a definition from card data by reading its oracle text.

        :raises InvalidNotationError: if the mana cost is malformed.

        >>> CardDefinition.parse(name="Shock", mana_cost="{R}", type_line="Instant",
        ...     oracle_text="Shock deals 2 damage to any target.").clauses[0].damage.amount
        2
        """
        color_text = colors if isinstance(colors, str) or colors is None else "".join(colors)
        return _parse_cached(
            name,
            mana_cost or "",
            type_line,
            oracle_text or "",
            power,
            toughness,
            color_text,
            name_fr,
        )

    announce_costs: tuple[Cost, ...] = field(init=False)
    has_x: bool = field(init=False)
    ref: CardRef = field(init=False)
    """The card as messages name it (English and French names)."""

    def __post_init__(self) -> None:
        costs = self.kicker_costs
        if self.multikicker_cost is not None:
            costs = (*costs, self.multikicker_cost)
        object.__setattr__(self, "announce_costs", costs)
        has_x = self.mana_cost.x_count > 0 or any(c.mana_part.x_count for c in costs)
        object.__setattr__(self, "has_x", has_x)
        object.__setattr__(self, "ref", CardRef(self.name, self.name_fr or None))

    @property
    def is_creature(self) -> bool:
        """Whether it is a creature card.

        >>> bolt.is_creature
        False
        """
        return "creature" in self.card_types

    @property
    def is_permanent_card(self) -> bool:
        """Whether it would be a permanent spell (CR 110.4b): not an instant or sorcery.

        >>> bolt.is_permanent_card
        False
        """
        return not {"instant", "sorcery"} & self.card_types

    @property
    def is_instant_speed(self) -> bool:
        """Whether it may be cast any time its controller has priority (CR 117.1a, 702.8a).

        >>> bolt.is_instant_speed
        True
        """
        return "instant" in self.card_types or self.has_flash

    @property
    def has_kicker(self) -> bool:
        """Whether it has kicker or multikicker (CR 702.33).

        >>> bolt.has_kicker
        True
        """
        return bool(self.announce_costs)


def _read_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    parts = re.split(r"\s+[—-]\s+", type_line, maxsplit=1)
    words = parts[0].lower().split()
    right = parts[1] if len(parts) > 1 else ""
    supertypes = frozenset(w for w in words if w in _SUPERTYPES)
    card_types = frozenset(w for w in words if w in _CARD_TYPES)
    subtypes = frozenset(w.lower() for w in right.split())
    return supertypes, card_types, subtypes


@functools.lru_cache(maxsize=4096)
def _parse_cached(
    name: str,
    mana_cost: str,
    type_line: str,
    oracle_text: str,
    power: str | None,
    toughness: str | None,
    colors: str | None,
    name_fr: str | None,
) -> CardDefinition:
    reader = _Reader(name, _read_type_line(type_line)[1])
    for raw_line in oracle_text.replace("\r", "\n").split("\n"):
        reader.read_line(raw_line)
    supertypes, card_types, subtypes = _read_type_line(type_line)
    cost = ManaCost.parse(mana_cost)
    if colors is None:
        color_set = cost.colors
    else:
        letters = colors.replace(",", "").replace(" ", "").upper()
        if any(letter not in "WUBRG" for letter in letters):
            raise InvalidNotationError(f"invalid colors {colors!r}")
        color_set = frozenset(Color(letter) for letter in letters)
    mana_abilities = list(reader.mana_abilities)
    for subtype in sorted(subtypes):
        if subtype in _BASIC_MANA and "land" in card_types:
            produced = (frozenset({_BASIC_MANA[subtype]}),)
            if not any(m.produces == produced and m.taps for m in mana_abilities):
                mana_abilities.append(
                    ManaAbility(
                        cost="{T}",
                        produces=produced,
                        taps=True,
                        sacrifices=False,
                        other_costs=False,
                    )
                )
    return CardDefinition(
        name=name,
        name_fr=name_fr,
        mana_cost=cost,
        type_line=type_line,
        oracle_text=oracle_text,
        power=power,
        toughness=toughness,
        colors=color_set,
        supertypes=supertypes,
        card_types=card_types,
        subtypes=subtypes,
        keywords=frozenset(reader.keywords),
        kicker_costs=tuple(reader.kicker_costs),
        multikicker_cost=reader.multikicker,
        has_convoke="convoke" in reader.keywords,
        has_split_second="split second" in reader.keywords,
        has_flash="flash" in reader.keywords,
        has_delve="delve" in reader.keywords,
        has_morph=bool({"morph", "megamorph"} & reader.keywords),
        split_second_if_kicked=reader.split_second_if_kicked,
        cant_spend_mana=reader.cant_spend_mana,
        clauses=tuple(reader.clauses),
        mana_abilities=tuple(mana_abilities),
        activated_abilities=tuple(reader.activated),
        cost_modifiers=tuple(reader.modifiers),
        not_understood=tuple(reader.not_understood),
    )


_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]{0,40} — (?=[A-Z])")
_KICKER_LINE = re.compile(r"^(?P<kw>Multikicker|Kicker)(?:\s*—\s*|\s+)(?P<cost>.+?)\.?$")


class _Reader:
    """Reads oracle text line by line into the parts of a definition."""

    def __init__(self, name: str, card_types: frozenset[str]) -> None:
        self.name = name
        self.is_spell_text = bool({"instant", "sorcery"} & card_types)
        self.is_aura = False
        self.keywords: set[str] = set()
        self.kicker_costs: list[Cost] = []
        self.multikicker: Cost | None = None
        self.split_second_if_kicked = False
        self.cant_spend_mana = False
        self.clauses: list[Clause] = []
        self.mana_abilities: list[ManaAbility] = []
        self.activated: list[ActivatedAbility] = []
        self.modifiers: list[CostModifier] = []
        self.not_understood: list[str] = []

    @property
    def kicker_texts(self) -> tuple[str, ...]:
        return tuple(str(c) for c in self.kicker_costs)

    def read_line(self, raw_line: str) -> None:
        display = _ABILITY_WORD.sub("", strip_reminder(raw_line))
        line = _ABILITY_WORD.sub("", normalize(raw_line, self.name))
        if not line:
            return
        head, rest = _split_after_first_sentence(line)
        if rest and _KICKER_LINE.match(head):
            self._read_kicker(head, _split_after_first_sentence(display)[0])
            line, display = rest, _split_after_first_sentence(display)[1]
        elif self._read_kicker(line, display) or self._read_keywords(line, display):
            return
        if self._read_activated(line, display):
            return
        raw_sentences = split_sentences(display)
        sentences = split_sentences(line)
        if len(raw_sentences) != len(sentences):
            raw_sentences = tuple(s.replace("~", self.name) for s in sentences)
        line_clauses: list[Clause] = []
        for raw, sentence in zip(raw_sentences, sentences, strict=True):
            clause = self._read_sentence(raw, sentence, line)
            line_clauses.append(clause)
        self.clauses.extend(line_clauses)

    def _read_kicker(self, line: str, display: str) -> bool:
        match = _KICKER_LINE.match(line)
        if match is None:
            return False
        try:
            costs = [Cost.parse(part) for part in match.group("cost").split(" and/or ")]
        except InvalidNotationError:
            self.not_understood.append(display)
            return True
        if match.group("kw") == "Multikicker":
            self.keywords.add("multikicker")
            self.multikicker = costs[0]
        else:
            self.keywords.add("kicker")
            self.kicker_costs.extend(costs)
        self.clauses.append(
            Clause(text=display, kind=ClauseKind.KEYWORD, condition=Condition.ALWAYS)
        )
        return True

    def _read_keywords(self, line: str, display: str) -> bool:
        parts = [p.strip() for p in re.split(r"[;,]\s*", line.rstrip(".")) if p.strip()]
        found: list[str] = []
        targets: tuple[TargetSpec, ...] = ()
        for part in parts:
            lowered = part.lower()
            if lowered in SIMPLE_KEYWORDS:
                found.append(lowered)
                continue
            head = lowered.split(" ")[0].split("—")[0]
            if head in COST_KEYWORDS or re.fullmatch(r"\w+walk|protection from .+", lowered):
                found.append(head)
                continue
            if lowered.startswith("enchant "):
                found.append("enchant")
                self.is_aura = True
                targets = read_targets("target " + lowered.removeprefix("enchant "))
                continue
            if lowered.startswith("affinity for ") or lowered.startswith("hexproof from "):
                found.append(lowered.split(" ")[0])
                continue
            return False if not found else self._unknown_keyword(part, found)
        self.keywords.update(found)
        self.clauses.append(
            Clause(
                text=display, kind=ClauseKind.KEYWORD, condition=Condition.ALWAYS, targets=targets
            )
        )
        return True

    def _unknown_keyword(self, part: str, found: list[str]) -> bool:
        self.not_understood.append(part)
        return False

    def _read_activated(self, line: str, display: str) -> bool:
        head = line.split('"')[0]
        if ":" not in head:
            return False
        cost, effect = line.split(":", 1)
        if not re.match(
            r"^(?:\{|[+−-]?\d|sacrifice|pay|discard|tap|exile|remove|return|put)",
            cost.strip(),
            re.IGNORECASE,
        ):
            return False
        cost, effect = cost.strip(), effect.strip()
        mana = read_mana_ability(cost, effect)
        understood = True
        if mana is not None:
            if mana.produces:
                self.mana_abilities.append(mana)
            else:
                understood = False
                self.not_understood.append(display)
        else:
            self.activated.append(
                ActivatedAbility(
                    cost=cost,
                    effect=effect,
                    taps="{T}" in cost,
                    damage=read_damage(effect),
                    targets=read_targets(effect),
                )
            )
        self.clauses.append(
            Clause(
                text=display,
                kind=ClauseKind.ACTIVATED,
                condition=Condition.ALWAYS,
                understood=understood,
            )
        )
        return True

    def _read_sentence(self, raw: str, sentence: str, line: str) -> Clause:
        lowered = sentence.lower()
        if self.is_spell_text:
            kind = ClauseKind.SPELL
        elif re.match(r"^(?:when|whenever|at)\b", line.lower()):
            kind = ClauseKind.TRIGGERED
        else:
            kind = ClauseKind.STATIC
        condition = read_condition(sentence, self.kicker_texts)
        grants_split = bool(re.search(r"\b(?:~|it) has split second\b", lowered))
        if grants_split and condition is Condition.KICKED:
            self.split_second_if_kicked = True
        elif grants_split and condition is Condition.ALWAYS:
            self.keywords.add("split second")
        if re.fullmatch(r"you can't spend mana to cast ~\.?", lowered):
            self.cant_spend_mana = True
        modifier = read_cost_change(sentence)
        if modifier is not None and kind is ClauseKind.STATIC:
            self.modifiers.append(modifier)
        targets = read_targets(sentence) if kind is ClauseKind.SPELL else ()
        damage = read_damage(sentence)
        counters = read_counters(sentence)
        understood = condition is not None and (
            grants_split
            or modifier is not None
            or damage is not None
            or counters is not None
            or bool(_VERBS.match(_strip_condition(sentence)))
        )
        if not understood:
            self.not_understood.append(raw)
        return Clause(
            text=raw,
            kind=kind,
            condition=condition if condition is not None else Condition.ALWAYS,
            targets=targets,
            replaces_targets=bool(targets)
            and condition not in (None, Condition.ALWAYS)
            and "instead" in lowered,
            damage=damage,
            counters=counters,
            grants_split_second=grants_split,
            understood=understood,
        )


def _split_after_first_sentence(line: str) -> tuple[str, str]:
    head, dot, rest = line.partition(". ")
    return (head + dot.strip(), rest.strip()) if dot else (line, "")


def _strip_condition(sentence: str) -> str:
    stripped = re.sub(r"^if [^,]+, (?:then )?", "", sentence, flags=re.IGNORECASE)
    stripped = re.sub(r"^(?:instead|then),? ", "", stripped, flags=re.IGNORECASE)
    return stripped.strip()
