"""Reading oracle text: reminder text, self references, sentences, conditions and targets.

Text is normalized before reading: reminder text in parentheses is dropped, the card's own
name (and "this spell", "this creature"…) becomes ``~``, and "enters the battlefield" becomes
"enters", so the April 2022 and current wordings read the same.

>>> normalize("If Gnarlid Colony was kicked, it enters the battlefield with two +1/+1 counters "
...           "on it.", "Gnarlid Colony")
'If ~ was kicked, it enters with two +1/+1 counters on it.'
>>> split_sentences('Return target creature. If ~ was kicked, draw a card.')
('Return target creature.', 'If ~ was kicked, draw a card.')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from engine.filters import Filter, Noun, count_word, read_filter

__all__ = [
    "Condition",
    "TargetKind",
    "TargetSpec",
    "normalize",
    "number_word",
    "read_condition",
    "read_targets",
    "split_sentences",
    "strip_reminder",
]

_SELF_WORDS = re.compile(
    r"\bthis (?:spell|creature|artifact|enchantment|permanent|card|land|planeswalker)\b",
    re.IGNORECASE,
)


def number_word(word: str) -> int | None:
    """Read a number written as a word or digits; None if it is not one.

    >>> number_word("two"), number_word("10"), number_word("X")
    (2, 10, None)
    """
    return count_word(word)


def strip_reminder(text: str) -> str:
    """Drop reminder text in parentheses.

    >>> strip_reminder("Kicker {4} (You may pay an additional {4} as you cast this spell.)")
    'Kicker {4}'
    """
    return re.sub(r"\s*\([^()]*\)", "", text).strip()


def normalize(text: str, name: str) -> str:
    """Strip reminder text, write self references as ``~`` and "enters the battlefield" as "enters".

    >>> normalize("Thalia, Guardian of Thraben deals 1 damage.", "Thalia, Guardian of Thraben")
    '~ deals 1 damage.'
    """
    result = strip_reminder(text)
    if name:
        result = result.replace(name, "~")
        short = name.split(",")[0].strip()
        if short and short != name and len(short) > 2:
            result = re.sub(rf"\b{re.escape(short)}\b", "~", result)
    result = _SELF_WORDS.sub("~", result)
    result = result.replace("enters the battlefield", "enters")
    return result


def split_sentences(line: str) -> tuple[str, ...]:
    """Split a line into sentences, never inside quotation marks.

    >>> split_sentences('It gains "Pay 3 life: Regenerate ~." Draw a card.')
    ('It gains "Pay 3 life: Regenerate ~."', 'Draw a card.')
    """
    sentences: list[str] = []
    current: list[str] = []
    quoted = False
    for index, char in enumerate(line):
        current.append(char)
        if char in '"“”':
            quoted = not quoted
            if not quoted and current[-2:-1] == ["."]:
                nxt = line[index + 1 : index + 2]
                if nxt in ("", " "):
                    sentences.append("".join(current).strip())
                    current = []
            continue
        if char == "." and not quoted:
            nxt = line[index + 1 : index + 2]
            if nxt in ("", " "):
                sentences.append("".join(current).strip())
                current = []
    rest = "".join(current).strip()
    if rest:
        sentences.append(rest)
    return tuple(s for s in sentences if s)


@unique
class Condition(StrEnum):
    """When a clause applies, relative to the kicker (CR 702.33e, 702.33f), or to a printed
    optional additional cost ("If this spell's additional cost was paid", 118.8b, 601.2b).

    >>> Condition("kicked_a")
    <Condition.KICKED_A: 'kicked_a'>
    """

    ALWAYS = "always"
    KICKED = "kicked"
    KICKED_A = "kicked_a"
    KICKED_B = "kicked_b"
    PER_KICK = "per_kick"
    NOT_KICKED = "not_kicked"
    ADDITIONAL_PAID = "additional_paid"


_KICKED_WITH = re.compile(r"\bif (?:~|it) was kicked with its ((?:\{[^}]+\})+|[^,]+?) kicker")
_NOT_KICKED = re.compile(r"\bif (?:~|it) (?:wasn't|was not) kicked\b")
_KICKED = re.compile(r"\bif (?:~|it) was kicked\b(?! with| twice)")
_PER_KICK = re.compile(r"(?:for each time|number of times) (?:~|it) was kicked")


_ADDITIONAL_PAID = re.compile(r"\bif ~'s additional cost was paid\b")
_CAST_CHOICE = re.compile(
    r"\bif (?:~|this spell|it)'s [\w -]*cost was paid|\bif (?:~|it) was cast from\b|"
    r"\bif (?:~|it) was (?:bestowed|foretold|evoked|escaped|cast face down)\b|"
    r"was spent to cast (?:~|it)\b|\bif (?:~|it) was cast\b"
)


def read_condition(sentence: str, kicker_costs: tuple[str, ...]) -> Condition | None:
    """Say when a sentence applies; None when it mentions kicking in a way not understood.

    >>> read_condition("If ~ was kicked, draw a card.", ("{4}",))
    <Condition.KICKED: 'kicked'>
    >>> read_condition("If ~ was kicked with its {B} kicker, draw.", ("{1}{U}", "{B}"))
    <Condition.KICKED_B: 'kicked_b'>
    >>> read_condition("If ~ was kicked twice, draw.", ("{4}",)) is None
    True
    >>> read_condition("If ~'s additional cost was paid, ~ deals 4 damage instead.", ())
    <Condition.ADDITIONAL_PAID: 'additional_paid'>
    """
    lowered = sentence.lower()
    if _ADDITIONAL_PAID.search(lowered):
        return Condition.ADDITIONAL_PAID
    if _CAST_CHOICE.search(lowered):
        return None  # depends on how it was cast in a way not modelled
    match = _KICKED_WITH.search(lowered)
    if match:
        wanted = match.group(1).strip().upper()
        costs = [c.upper() for c in kicker_costs]
        if wanted in costs[:2]:
            return Condition.KICKED_A if costs.index(wanted) == 0 else Condition.KICKED_B
        return None
    if _NOT_KICKED.search(lowered):
        return Condition.NOT_KICKED
    if _PER_KICK.search(lowered):
        return Condition.PER_KICK
    if _KICKED.search(lowered):
        return Condition.KICKED
    if "kicked" in re.sub(r"\bkicked spells?\b", "", lowered):
        return None
    return Condition.ALWAYS


@unique
class TargetKind(StrEnum):
    """What a target can be (CR 115.1).

    >>> TargetKind("any")
    <TargetKind.ANY: 'any'>
    """

    ANY = "any"
    PLAYER = "player"
    OPPONENT = "opponent"
    PLAYER_OR_PERMANENT = "player_or_permanent"
    PERMANENT = "permanent"
    SPELL = "spell"
    CARD = "card"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One "target …" phrase: what it may be and how many (CR 115.1, 601.2c).

    ``per_kick`` adds one target for each time the spell was kicked (Comet Storm); ``x``:
    X targets. ``filter`` is the phrase read (None: read only in part, its kind and types;
    ``unchecked`` then says a target's legality is only partly checked). ``words``: the card's
    own words for it, as a message quotes them ("any target", "another target creature",
    "up to two target creatures"), where ``phrase`` is what it may be. ``divided``: the
    spell divides damage or counters among these targets as it is cast, one at least to each
    (601.2d), so they are no more than the amount, ``maximum``, or X plus ``x_bound``; X
    targets that divide an amount take X no greater than ``maximum``.

    >>> read_targets("Destroy target nonland permanent.")[0].excluded
    frozenset({'land'})
    >>> [(t.phrase, t.words) for t in read_targets("Target creature fights another target Elf.")]
    [('creature', 'target creature'), ('elf', 'another target Elf')]
    """

    kind: TargetKind
    phrase: str
    words: str
    types: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    max_mana_value: int | None = None
    another: bool = False
    you_control: bool = False
    minimum: int = 1
    maximum: int | None = 1
    per_kick: bool = False
    x: bool = False
    filter: Filter | None = None
    unchecked: bool = False
    divided: bool = False
    x_bound: int | None = None


_NEXT_TARGET = (
    r"(?<!single )(?<!the )(?<!that )(?<!'s )"
    r"\b(?:up to \w+ |(?:one|two|three|four|five|x|a third) )?(?:(?:an)?other )?target\b"
)
_TARGET = re.compile(
    r"\b(?:(?P<upto>up to (?P<upn>\w+) )|(?P<num>one|two|three|four|five|x) )?"
    r"(?P<another>another |other )?target(?: |(?=[.,;:]|$))"
    r"(?P<rest>(?!of\b)(?:(?!" + _NEXT_TARGET + r")[^.,;:])*)",
)
"""A target and its phrase, which ends where the sentence's next target begins ("target
creature and target land": two)."""
_DANGLING = re.compile(
    r"(?:[\s,]+(?:and/or|and|or|then|to|onto|on|from|a|another|other|any|each|"
    r"(?:\d+|x) damage|damage|deals?|fights?|blocks?))+[\s,]*$"
)
"""The words left between a target's phrase and the next target ("creature and 2 damage to"
before "target player"): not part of the phrase."""
_REFERRED = re.compile(r"(?:\b(?:the|that|new|each|any|single|only|could|can)|'s) $")
"""What, just before "target", makes it a target spoken of rather than one to choose: the
target of something ("the", "that", "'s"), a copy's new one (707.10c), the count of those
chosen elsewhere ("for each target beyond the first", "only one target"), a verb ("spells
that target it", "could target"); "any target" is read on its own."""
_ONE_OR_TWO = re.compile(
    r"\b(?P<low>one|two|three)(?:, (?:two|three|four))*,? or (?P<high>two|three|four|five) "
    r"(?:other )?targets?(?P<rest>s\b|(?: [^.,;:]*)?)"
)
_ANY_NUMBER = re.compile(
    r"(?P<count>any number of|\bone or more) (?:other )?"
    r"(?P<rest>targets?\b[^.,;:]*|target [^.,;:]*)"
)
_DIVIDED_AMOUNT = re.compile(
    r"(?:\bdeals? (?P<dealt>\w+(?: plus \w+)?) damage divided as you choose among"
    r"|\bdistributes? (?P<counters>\w+(?: plus \w+)?) \S+ counters? among"
    r"|\bprevent the next (?P<prevented>\w+(?: plus \w+)?) damage that would be dealt "
    r"this turn to) $"
)
"""What a spell divides among "any number of" targets as it is cast, just before them: the
damage it deals, the counters it distributes, the damage it prevents (", divided as you
choose" after the targets)."""
_NOUN_END = re.compile(
    r"\s\b(?:can't|cannot|can|blocks?|attacks?|gets?|gains?|has|have|sacrifices?|discards?|deals?|loses?|to|from|"
    r"into|on|becomes?|is|are|equal|until|dies|this|unless|then|phases? out|draws|mills|"
    r"reveals|exiles|chooses|puts|looks|would|activates|searches|shuffles|separates|if|instead|"
    r"and (?:that|then|put|draw|you|it|untap|\d+ damage|x damage|each other|all other)|"
    r"each(?= (?:gets?|gains?|draws?|flips?|connives?|phases?|has|have|deals?|fights?|becomes?|"
    r"can't|loses?|sacrifices?|discards?|mills?|returns?)\b))\b"
)
"""Where a target's noun phrase ends: at a verb, a preposition that starts the effect, or "each"
before the verb ("up to two target creatures each get +1/+2")."""
_TYPE_WORDS = (
    "creature",
    "artifact",
    "enchantment",
    "land",
    "planeswalker",
    "battle",
    "instant",
    "sorcery",
)


def _card_words(lead: str, printed: str = "") -> str:
    """The card's words for a target: ``lead`` ("Target ", "up to one target ") as printed,
    lower-cased where it begins a sentence, then the printed phrase."""
    if lead[1:2].islower():
        lead = lead[:1].lower() + lead[1:]
    return " ".join(f"{lead}{printed}".split())


def _spec_from_phrase(
    rest: str,
    *,
    lead: str,
    another: bool,
    minimum: int,
    maximum: int | None,
    printed: str | None = None,
    x: bool = False,
) -> TargetSpec:
    rest = rest.replace(_LIST_MARK, ",")
    phrase = _NOUN_END.split(rest.strip(), maxsplit=1)[0].strip()
    # "target creature's power", "target spell's controller": the target is the creature.
    phrase = _POSSESSED.sub(r"\1", phrase)
    card_zone = _CARD_IN_ZONE.match(rest.strip())
    if card_zone:
        phrase = card_zone.group(0)
    printed_phrase = (printed if printed is not None else rest).strip()[: len(phrase)]
    words = phrase.split()
    head = " ".join(words[:8])
    excluded = frozenset(t for t in _TYPE_WORDS if f"non{t}" in head)
    types = frozenset(t for t in _TYPE_WORDS if re.search(rf"(?<!non){t}s?\b", head))
    max_mv_match = re.search(r"mana value (\d+) or less", phrase)
    max_mv = int(max_mv_match.group(1)) if max_mv_match else None
    you_control = "you control" in phrase
    kind = _target_kind(phrase, head, types, excluded)
    if kind is TargetKind.OTHER and re.match(r"[A-Z]", printed_phrase):
        kind = TargetKind.PERMANENT  # a subtype: "target Goblin"
    found = read_filter(printed_phrase) if kind in _FILTERED else None
    if found is not None and kind is TargetKind.CARD and found.noun is not Noun.CARD:
        found = None
    return TargetSpec(
        kind=kind,
        phrase=phrase,
        words=_card_words(lead, printed_phrase),
        types=frozenset({"planeswalker"}) if kind is TargetKind.PLAYER_OR_PERMANENT else types,
        excluded=excluded,
        max_mana_value=max_mv,
        another=another,
        you_control=you_control,
        minimum=minimum,
        maximum=maximum,
        filter=found,
        # A phrase of no kind read (an ability, a card in no zone named): not checked at all.
        unchecked=kind is TargetKind.OTHER or (kind in _FILTERED and found is None),
        x=x,
    )


_POSSESSED = re.compile(r"^([\w-]+)'s\b.*")
"""A target named by its first word's possessive: the rest is what belongs to it."""
_FILTERED = frozenset({TargetKind.PERMANENT, TargetKind.SPELL, TargetKind.CARD})
_CARD_IN_ZONE = re.compile(
    r"^[\w',/ -]*?\bcards?\b[\w' -]*? (?:in|from) (?:a|your|an opponent's) graveyard|"
    r"^[\w',/ -]*?\bcards?\b[\w' -]*? in exile"
)


def _target_kind(
    phrase: str, head: str, types: frozenset[str], excluded: frozenset[str]
) -> TargetKind:
    first = head.split(" with ")[0]
    if re.search(r"\babilit(?:y|ies)\b", first):
        return TargetKind.OTHER
    if re.match(r"(?:player|opponent)s? or planeswalker", phrase):
        return TargetKind.PLAYER_OR_PERMANENT
    # "target opponent's hand", "target player mills two cards": the target is the player.
    if re.match(r"opponents?\b", phrase):
        return TargetKind.OPPONENT
    if re.match(r"players?\b", phrase):
        return TargetKind.PLAYER
    if re.search(r"\bcards?\b", first):
        if re.search(r"\b(?:in|from) (?:a|your|an opponent's) graveyard\b|\bin exile\b", phrase):
            return TargetKind.CARD
        return TargetKind.OTHER
    if re.search(r"\bspells?\b", head):
        return TargetKind.SPELL
    if types or excluded or re.search(r"\bpermanents?\b", phrase):
        return TargetKind.PERMANENT
    return TargetKind.OTHER


def _divided_bounds(lowered: str, start: int, end: int) -> tuple[int | None, int | None]:
    """The most targets an "any number of" phrase between ``start`` and ``end`` may take
    when the spell divides an amount among them as it is cast (601.2d): (the amount, None),
    (None, what X is added to) for X, or (None, None) when it divides nothing it counts
    ("divided evenly" is no choice; "damage equal to its power" is counted elsewhere)."""
    found = _DIVIDED_AMOUNT.search(lowered, 0, start)
    if found is None or found.end() != start:
        return None, None
    if found.group("prevented") and not lowered.startswith(", divided as you choose", end):
        return None, None
    amount = found.group("dealt") or found.group("counters") or found.group("prevented")
    base, _plus, added = amount.partition(" plus ")
    extra = number_word(added) if added else 0
    if extra is None:
        return None, None
    if base == "x":
        return None, extra
    most = number_word(base)
    return (None, None) if most is None else (most + extra, None)


_LIST_WORDS = (
    r"(?:artifact|creature|enchantment|land|planeswalker|battle|instant|spell|permanent|card"
    r"|player|opponent|token|activated|triggered|legendary|basic|tapped|untapped|attacking"
    r"|blocking|white|blue|black|red|green|colorless|multicolored|monocolored)s?|sorcer(?:y|ies)"
)
_LIST_COMMA = re.compile(
    r",(?= (?:(?:or|and|and/or) (?:(?:" + _LIST_WORDS + r")\b|non(?!e\b)|[A-Z][a-z'-]+\b)"
    r"|(?:" + _LIST_WORDS + r"|[A-Z][a-z'-]+)\b(?=[^.;:]*? (?:or|and|and/or) )"
    r"|non(?!e\b)[\w-]))"
)
"""A comma inside a target's noun phrase: between the items of a list ("target artifact,
creature, or land", "Vampire, Werewolf, or Zombie") or between adjectives ("target nonartifact,
nonblack creature"). Read as part of the phrase, not as its end."""
_LIST_MARK = "\x1f"


def _keep_list_commas(sentence: str) -> str:
    """``sentence`` in lower case with the commas of :data:`_LIST_COMMA` marked (the same
    length, so positions match the printed text)."""
    return _LIST_COMMA.sub(_LIST_MARK, sentence).lower()


def read_targets(sentence: str) -> tuple[TargetSpec, ...]:
    """Find every target a sentence asks for (CR 115.1, 601.2c).

    >>> [t.kind.value for t in read_targets("~ deals 2 damage to any target.")]
    ['any']
    >>> spec = read_targets("Return up to one target creature you control.")[0]
    >>> (spec.minimum, spec.maximum, spec.you_control)
    (0, 1, True)
    >>> [t.per_kick for t in read_targets(
    ...     "Choose any target, then choose another target for each time ~ was kicked.")]
    [False, True]
    >>> read_targets("Target creature can't be the target of spells.")[0].kind.value
    'permanent'
    >>> read_targets("This spell costs {1} more to cast for each target beyond the first.")
    ()
    >>> [(t.minimum, t.maximum) for t in read_targets(
    ...     "~ deals 3 damage divided as you choose among one, two, or three target creatures.")]
    [(1, 3)]
    >>> [(t.minimum, t.maximum) for t in read_targets("~ deals 2 damage to each of two targets.")]
    [(2, 2)]
    >>> [t.phrase for t in read_targets(
    ...     "~ deals 2 damage to target creature and 2 damage to target player or planeswalker.")]
    ['creature', 'player or planeswalker']
    >>> [(t.phrase, t.another) for t in read_targets(
    ...     "Target creature fights another target creature.")]
    [('creature', False), ('creature', True)]
    >>> [(t.kind.value, t.another) for t in read_targets(
    ...     "~ deals 2 damage to any target and 1 damage to another target.")]
    [('any', False), ('any', True)]
    >>> read_targets("When target creature dies this turn, return that card.")[0].phrase
    'creature'
    >>> [(t.minimum, t.maximum, t.divided) for t in read_targets(
    ...     "~ deals 4 damage divided as you choose among any number of target creatures.")]
    [(0, 4, True)]
    >>> [(t.minimum, t.x_bound) for t in read_targets(
    ...     "~ deals X plus 1 damage divided as you choose among any number of targets.")]
    [(0, 1)]
    >>> [(t.x, t.maximum, t.divided) for t in read_targets(
    ...     "~ deals 8 damage divided as you choose among X target creatures.")]
    [(True, 8, True)]
    """
    lowered = _keep_list_commas(sentence)
    specs: list[TargetSpec] = []
    consumed: list[tuple[int, int]] = []
    for match in _ANY_NUMBER.finditer(lowered):
        rest = match.group("rest")
        rest = re.sub(r"^targets?\s*", "", rest) if rest.startswith("target") else rest
        # Any number is zero or more, a division's too: each target chosen takes one at least.
        most, x_bound = _divided_bounds(lowered, match.start(), match.end())
        divided = most is not None or x_bound is not None
        least = 1 if match.group("count") == "one or more" else 0
        if not rest or rest.startswith("instead"):
            phrase = f"{match.group('count')} targets"
            spec = TargetSpec(kind=TargetKind.ANY, phrase=phrase, words=phrase, minimum=least)
        else:
            printed = sentence[match.end() - len(rest) : match.end()]
            lead = sentence[match.start() : match.end() - len(rest)]
            spec = _spec_from_phrase(
                rest, lead=lead, another=False, minimum=least, maximum=None, printed=printed
            )
        specs.append(replace(spec, maximum=most, divided=divided, x_bound=x_bound))
        consumed.append(match.span())
    for match in _ONE_OR_TWO.finditer(lowered):
        low, high = number_word(match.group("low")) or 1, number_word(match.group("high")) or 2
        rest = match.group("rest") or ""
        lead = sentence[match.start() : match.start("rest")]
        if rest.startswith("s") or not rest.strip():
            words = _card_words(lead + rest[:1])
            specs.append(
                TargetSpec(
                    kind=TargetKind.ANY, phrase="target", words=words, minimum=low, maximum=high
                )
            )
        else:
            printed = sentence[match.start("rest") : match.end("rest")]
            specs.append(
                _spec_from_phrase(
                    rest.strip(),
                    lead=lead + " ",
                    another=False,
                    minimum=low,
                    maximum=high,
                    printed=printed.strip(),
                )
            )
        consumed.append(match.span())
    for match in re.finditer(r"\bup to (?P<n>\w+) (?:other )?targets\b", lowered):
        if any(a <= match.start() < b for a, b in consumed):
            continue
        words = _card_words(sentence[match.start() : match.end()])
        if match.group("n") == "x":  # up to X targets: X as announced, at most
            spec = TargetSpec(
                kind=TargetKind.ANY,
                phrase="target",
                words=words,
                minimum=0,
                maximum=None,
                x_bound=0,
            )
        else:
            high = number_word(match.group("n")) or 1
            spec = TargetSpec(
                kind=TargetKind.ANY, phrase="target", words=words, minimum=0, maximum=high
            )
        specs.append(spec)
        consumed.append(match.span())
    for match in re.finditer(r"\b(?P<n>two|three|four|five|x) (?:other )?targets\b", lowered):
        # "~ deals 2 damage to each of two targets": that many, of any kind.
        if (
            any(a <= match.start() < b for a, b in consumed)
            or "up to " in lowered[max(0, match.start() - 6) : match.start()]
        ):
            continue
        words = _card_words(sentence[match.start() : match.end()])
        if match.group("n") == "x":  # "each of X targets": X as announced
            spec = TargetSpec(
                kind=TargetKind.ANY, phrase="target", words=words, minimum=0, maximum=0, x=True
            )
        else:
            count = number_word(match.group("n")) or 2
            spec = TargetSpec(
                kind=TargetKind.ANY, phrase="target", words=words, minimum=count, maximum=count
            )
        specs.append(spec)
        consumed.append(match.span())
    for match in re.finditer(r"\bany (?:other )?target\b", lowered):
        if any(a <= match.start() < b for a, b in consumed):
            continue
        specs.append(
            TargetSpec(
                kind=TargetKind.ANY,
                phrase="any target",
                words=_card_words(sentence[match.start() : match.end()]),
                another="other" in match.group(0),
            )
        )
        consumed.append(match.span())
    for match in _TARGET.finditer(lowered):
        if any(a <= match.start() < b for a, b in consumed):
            continue
        if _REFERRED.search(lowered[max(0, match.start() - 8) : match.start()]):
            continue
        rest = match.group("rest")
        printed = sentence[match.start("rest") : match.end("rest")]
        lead = sentence[match.start() : match.start("rest")]
        if match.end() < len(lowered) and lowered[match.end()] not in ".,;:":
            rest = _DANGLING.sub("", rest)  # cut where another target begins
            printed = printed[: len(rest)]
        if rest.startswith("for each time"):
            specs.append(
                TargetSpec(
                    kind=TargetKind.ANY,
                    phrase="another target",
                    words=_card_words(lead),
                    another=True,
                    minimum=0,
                    maximum=0,
                    per_kick=True,
                )
            )
            continue
        if not rest.strip():
            # "… and 1 damage to another target.": a target of any kind.
            another = bool(match.group("another"))
            specs.append(
                TargetSpec(
                    kind=TargetKind.ANY, phrase="target", words=_card_words(lead), another=another
                )
            )
            continue
        x = False
        x_bound = None
        x_cap = None
        if match.group("upto"):
            # "up to X target …": no more than X as announced.
            x_bound = 0 if match.group("upn") == "x" else None
            maximum = None if x_bound is not None else number_word(match.group("upn")) or 1
            minimum = 0
        elif match.group("num") == "x":
            minimum = maximum = 0
            x = True
            # "8 damage divided as you choose among X target creatures": X at most the amount.
            most, _plus_x = _divided_bounds(lowered, match.start(), match.end())
            if most is not None:
                x_cap = most
        elif match.group("num"):
            minimum = maximum = number_word(match.group("num")) or 1
        else:
            minimum = maximum = 1
        spec = _spec_from_phrase(
            rest,
            lead=lead,
            another=bool(match.group("another")),
            minimum=minimum,
            maximum=maximum,
            printed=printed,
            x=x,
        )
        if x_cap is not None:
            spec = replace(spec, maximum=x_cap, divided=True)
        specs.append(spec if x_bound is None else replace(spec, x_bound=x_bound))
    return tuple(specs)
