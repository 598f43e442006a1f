"""Conditions card text puts on casting, read from the text and checked on the board: "if you
control a Swamp", "if it's not your turn", "only during combat before blockers are declared".

A :class:`BoardCondition` is a fact of the board now (what players control, life, hands,
whose turn) or of the turn so far, from the request's ``this_turn`` ("if a creature died this
turn", "if you've cast an instant or sorcery spell this turn"); a :class:`Moments` is when in
the turn (CR 500.1). Text about the turn's history that ``this_turn`` does not hold ("if a
creature spell you cast this turn was countered") is not read: readers return None for it, and the
text is reported as not understood.

>>> condition = read_condition_text("if you control two or more Vampires")
>>> condition.count, condition.at_least
(2, True)
>>> read_condition_text("if a creature died this turn").turn_count
<TurnCount.CREATURES_DIED: 'creatures_died'>
>>> read_moments("during combat before blockers are declared").allowed
frozenset({3, 4})
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from engine.contract import DayNight, Phase, Player, Step, TurnCount
from engine.counts import STARTING_LIFE, Count, Counted, read_count
from engine.filters import Filter, count_word, read_filter

if TYPE_CHECKING:
    from engine.board import Board

__all__ = ["MOMENTS", "BoardCondition", "Fact", "Moments", "read_condition_text", "read_moments"]

MOMENTS: tuple[tuple[Phase, Step | None], ...] = (
    (Phase.BEGINNING, Step.UPKEEP),
    (Phase.BEGINNING, Step.DRAW),
    (Phase.MAIN1, None),
    (Phase.COMBAT, Step.BEGINNING_OF_COMBAT),
    (Phase.COMBAT, Step.DECLARE_ATTACKERS),
    (Phase.COMBAT, Step.DECLARE_BLOCKERS),
    (Phase.COMBAT, Step.COMBAT_DAMAGE),
    (Phase.COMBAT, Step.END_OF_COMBAT),
    (Phase.MAIN2, None),
    (Phase.END, Step.END),
    (Phase.END, Step.CLEANUP),
)
"""The moments of a turn at which a player can have priority, in order."""


def possible_moments(phase: Phase, step: Step | None) -> frozenset[int]:
    """The moments the turn can be at: its step, or every moment of its phase.

    >>> sorted(possible_moments(Phase.COMBAT, None))
    [3, 4, 5, 6, 7]
    """
    return frozenset(
        index for index, (p, s) in enumerate(MOMENTS) if p is phase and (step is None or s is step)
    )


@dataclass(frozen=True, slots=True)
class Moments:
    """When in the turn something is allowed, and on whose turn (None: either).

    >>> Moments(frozenset({2}), whose_turn=Player.YOU).check(Phase.MAIN1, None, Player.YOU,
    ...     Player.YOU)
    True
    """

    allowed: frozenset[int]
    whose_turn: Player | None = None

    def check(self, phase: Phase, step: Step | None, active: Player, player: Player) -> bool | None:
        """True or False, or None when the step would decide and the board names none."""
        if self.whose_turn is not None:
            wanted = player if self.whose_turn is Player.YOU else player.other
            if active is not wanted:
                return False
        possible = possible_moments(phase, step)
        if possible <= self.allowed:
            return True
        if not possible & self.allowed:
            return False
        return None


_ALL = frozenset(range(len(MOMENTS)))
_COMBAT = frozenset({3, 4, 5, 6, 7})
_WHEN: tuple[tuple[str, frozenset[int]], ...] = (
    (r"during combat before blockers are declared", frozenset({3, 4})),
    (r"during combat after blockers are declared", frozenset({5, 6, 7})),
    (r"before combat or during combat before blockers are declared", frozenset({0, 1, 2, 3, 4})),
    (r"before blockers are declared", frozenset({0, 1, 2, 3, 4})),
    (r"after blockers are declared", frozenset({5, 6, 7, 8, 9, 10})),
    (r"before attackers are declared", frozenset({0, 1, 2, 3})),
    (r"before the combat damage step", frozenset({0, 1, 2, 3, 4, 5})),
    (r"after combat", frozenset({8, 9, 10})),
    (r"during combat", _COMBAT),
    (r"during (?:the|your|an opponent's) declare attackers step", frozenset({4})),
    (r"during (?:the|your|an opponent's) declare blockers step", frozenset({5})),
    (r"during (?:the|your|an opponent's) combat damage step", frozenset({6})),
    (r"during (?:the|your|an opponent's) end step", frozenset({9})),
    (r"during (?:the|your|an opponent's) upkeep(?: step)?", frozenset({0})),
    (r"during (?:the|your|an opponent's) draw step", frozenset({1})),
    (r"during (?:a|your|an opponent's) main phase", frozenset({2, 8})),
    (r"during your turn|during an opponent's turn|on an opponent's turn|on your turn", _ALL),
    (r"during (?:their|your) own turns?", _ALL),
    (r"after (?:their|your|an opponent's) upkeep(?: step)?", frozenset(range(1, 11))),
)


def read_moments(text: str) -> Moments | None:
    """Read "during combat", "during your turn and only during combat", "during an opponent's
    turn, before attackers are declared"…; None when a part is not understood.

    >>> read_moments("during an opponent's turn, before attackers are declared").whose_turn
    <Player.OPPONENT: 'opponent'>
    >>> read_moments("if you've cast another spell this turn") is None
    True
    """
    lowered = text.lower().strip().rstrip(".")
    whose: Player | None = None
    if re.search(r"\b(?:your turn|during your \w+|on your turn)\b", lowered):
        whose = Player.YOU
    if re.search(
        r"\b(?:an opponent's (?:turn|\w+ step|upkeep|end step)|on an opponent's)", lowered
    ):
        whose = Player.OPPONENT if whose is None else None
    allowed = _ALL
    for pattern, moments in _WHEN:
        if re.fullmatch(pattern, lowered.removeprefix("only ")):
            return Moments(allowed=moments, whose_turn=whose)
    parts = [
        p
        for p in re.split(r",\s*|\s+and only\s+|\s+and\s+|\s+(?=(?:after|before|on)\b)", lowered)
        if p
    ]
    for part in parts:
        part = part.strip().removeprefix("only ").strip()
        for pattern, moments in _WHEN:
            if re.fullmatch(pattern, part):
                allowed = allowed & moments
                break
        else:
            return None
    return Moments(allowed=allowed, whose_turn=whose)


@unique
class Fact(StrEnum):
    """What a board condition counts or compares."""

    CONTROL = "control"
    ATTACKING = "attacking"
    YOUR_TURN = "your_turn"
    LIFE_AT_MOST = "life_at_most"
    HAND_EMPTY = "hand_empty"
    FEWER_THAN_OPPONENT = "fewer_than_opponent"
    LOST_LIFE = "lost_life"
    CAST_SPELLS = "cast_spells"
    COMBAT_DAMAGE = "combat_damage"
    FIRST_DRAWN = "first_drawn"
    ALL = "all"
    ATTACKED = "attacked"
    COUNT = "count"
    TURN_COUNT = "turn_count"
    SPELLS_THIS_TURN = "spells_this_turn"
    DAY_NIGHT = "day_night"


@dataclass(frozen=True, slots=True)
class BoardCondition:
    """A fact of the board a cost or a restriction depends on.

    ``CONTROL``: ``who`` controls ``count`` or more (``at_least``) or exactly ``count``
    permanents fitting ``filter``; ``ATTACKING``: that many attacking creatures;
    ``YOUR_TURN``: it is (``negated``: is not) the player's turn; ``LIFE_AT_MOST``: ``who``
    has ``count`` life or less; ``HAND_EMPTY``: ``who`` has no card (fitting ``filter``) in
    hand; ``FEWER_THAN_OPPONENT``: the other player controls at least ``count`` more
    permanents fitting ``filter`` than the player ("you control fewer creatures than each
    opponent", "an opponent controls at least four more creatures than you").

    Facts of this turn, from the request's ``this_turn``: ``LOST_LIFE``: ``who`` lost life;
    ``CAST_SPELLS``: ``who`` cast ``count`` or more other spells; ``COMBAT_DAMAGE``: a
    creature of the player with one of ``types`` dealt combat damage to a player;
    ``FIRST_DRAWN``: the card cast (``card_id``) is the first card the player drew;
    ``COUNT``: what ``counted`` counts ("if there are four or more card types among cards in
    your graveyard") is at least ``count``; ``ATTACKED``: a creature of the other player is
    attacking (the player was attacked this
    combat: "if you've been attacked this step"); ``TURN_COUNT``: ``who`` (both players
    together with ``anyone``) has a ``turn_count`` of ``count`` or more ("if a creature died
    this turn", "if you've gained 3 or more life this turn"); ``SPELLS_THIS_TURN``: ``who``
    (``anyone``: either player) cast ``count`` or more spells fitting ``filter`` earlier
    this turn, among ``this_turn.spells`` ("if an opponent cast a blue spell this turn").
    ``DAY_NIGHT``: the game has the ``day_night`` designation (CR 730.1: "if it's night").
    """

    fact: Fact
    text: str
    who: Player = Player.YOU
    filter: Filter | None = None
    count: int = 1
    at_least: bool = True
    negated: bool = False
    types: frozenset[str] = frozenset()
    counted: Count | None = None
    parts: tuple[BoardCondition, ...] = ()
    turn_count: TurnCount | None = None
    anyone: bool = False
    day_night: DayNight | None = None

    def holds(self, board: Board, player: Player, card_id: str | None = None) -> bool:
        """Whether it holds on ``board`` for ``player`` ("you").

        >>> from engine.board import Board
        >>> read_condition_text("if it's not your turn").holds(Board(), Player.YOU)
        False
        """
        who = player if self.who is Player.YOU else player.other
        result: bool
        this_turn = board.this_turn
        if self.fact is Fact.ALL:
            result = all(part.holds(board, player, card_id) for part in self.parts)
        elif self.fact is Fact.LOST_LIFE:
            result = this_turn.life_lost.of(who) >= self.count
        elif self.fact is Fact.CAST_SPELLS:
            result = this_turn.count(TurnCount.SPELLS_CAST, who) >= self.count
        elif self.fact is Fact.TURN_COUNT:
            assert self.turn_count is not None
            result = this_turn.count(self.turn_count, None if self.anyone else who) >= self.count
        elif self.fact is Fact.SPELLS_THIS_TURN:
            found = this_turn.spells_fitting(self.filter, None if self.anyone else who)
            result = found >= self.count
        elif self.fact is Fact.COMBAT_DAMAGE:
            result = this_turn.dealt_combat_damage(self.types)
        elif self.fact is Fact.FIRST_DRAWN:
            result = card_id is not None and this_turn.first_card_drawn == card_id
        elif self.fact is Fact.COUNT:
            assert self.counted is not None
            result = self.counted.of(board, player) >= self.count
        elif self.fact is Fact.ATTACKED:
            result = board.turn.active_player is player.other and any(
                p.attacking and p.controller is player.other for p in board.battlefield
            )
        elif self.fact is Fact.YOUR_TURN:
            result = board.turn.active_player is player
        elif self.fact is Fact.DAY_NIGHT:
            result = board.turn.day_night is self.day_night
        elif self.fact is Fact.LIFE_AT_MOST:
            result = board.life_of(who) <= self.count
        elif self.fact is Fact.HAND_EMPTY:
            cards = [c for c in board.hand if c.owner is who]
            if self.filter is not None:
                cards = [c for c in cards if self.filter.fits(c.card)]
            result = not cards
        else:
            number = self._count(board, who)
            if self.fact is Fact.FEWER_THAN_OPPONENT:
                result = self._count(board, who.other) - number >= self.count
            elif self.at_least:
                result = number >= self.count
            else:
                result = number == self.count
        return not result if self.negated else result

    def _count(self, board: Board, who: Player) -> int:
        number = 0
        for permanent in board.battlefield:
            if self.fact is Fact.ATTACKING:
                if not permanent.attacking:
                    continue
            elif permanent.controller is not who:
                continue
            if self.filter is None or permanent.fits(self.filter, player=who):
                number += 1
        return number


_NUMBER = r"(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


_WHO = r"(?P<who>you|an opponent|a player)"
_HAS = r"(?:'ve |'s | have | has |\s)"
_TURN_FACTS: tuple[tuple[str, TurnCount], ...] = (
    (rf"{_WHO}{_HAS}?gained (?:(?P<n>\w+) or more )?life", TurnCount.LIFE_GAINED),
    (rf"{_WHO}{_HAS}?lost (?:(?P<n>\w+) or more )?life", TurnCount.LIFE_LOST),
    (rf"{_WHO}{_HAS}?(?:drew|drawn) (?:(?P<n>\w+) or more|an?) cards?", TurnCount.CARDS_DRAWN),
    (rf"{_WHO}{_HAS}?discarded (?:(?P<n>\w+) or more|an?) cards?", TurnCount.CARDS_DISCARDED),
    (rf"{_WHO}{_HAS}?played an? land", TurnCount.LANDS_PLAYED),
    (
        rf"{_WHO}{_HAS}?attacked(?: with (?:(?P<n>\w+) or more creatures|an? creatures?|"
        r"creatures|one or more creatures))?",
        TurnCount.ATTACKED_WITH,
    ),
    (r"(?:(?P<n>\w+) or more |an? |one or more )creatures? died", TurnCount.CREATURES_DIED),
    (
        rf"{_WHO} had (?:(?P<n>\w+) or more |an? )creatures? enter the battlefield under "
        r"(?:their|your) control",
        TurnCount.CREATURES_ENTERED,
    ),
    (
        rf"{_WHO} had (?:(?P<n>\w+) or more |an? )lands? enter the battlefield under "
        r"(?:their|your) control",
        TurnCount.LANDS_ENTERED,
    ),
    (
        rf"{_WHO} had (?:(?P<n>\w+) or more |an? )artifacts? enter the battlefield under "
        r"(?:their|your) control",
        TurnCount.ARTIFACTS_ENTERED,
    ),
    (
        rf"{_WHO} had (?:(?P<n>\w+) or more |an? )cards? put into (?:their|your) graveyard "
        r"from anywhere",
        TurnCount.CARDS_TO_GRAVEYARD,
    ),
    (rf"{_WHO} searched (?:their|your) library", TurnCount.LIBRARY_SEARCHES),
    (
        rf"{_WHO}{_HAS}?been dealt damage by (?:(?P<n>\w+) or more |an? )creatures?",
        TurnCount.DAMAGED_BY_CREATURES,
    ),
    (
        r"a creature spell (?P<who>you) cast was countered by a spell or ability an opponent "
        r"controlled",
        TurnCount.CREATURE_SPELLS_COUNTERED,
    ),
    (
        r"a noncreature permanent under (?P<who>your) control was destroyed by a spell or "
        r"ability an opponent controlled",
        TurnCount.NONCREATURE_PERMANENTS_DESTROYED,
    ),
    (
        r"(?:(?P<n>\w+) or more |an? |one or more )creatures? (?P<who>you) controlled died",
        TurnCount.CREATURES_DIED,
    ),
)
_SPELLS_CAST = re.compile(
    rf"{_WHO}{_HAS}?cast (?:another |an? |(?P<n>\w+) or more (?:other )?)(?P<what>.+?) "
    r"spells? this turn"
)


def _who(found: str | None) -> tuple[Player, bool]:
    """The player a history fact is about, and whether either player's counts ("a player")."""
    if found == "an opponent":
        return Player.OPPONENT, False
    return Player.YOU, found in (None, "a player")


def _turn_history(lowered: str, text: str) -> BoardCondition | None:
    """ "an opponent lost life this turn", "you've cast another spell this turn", "a creature
    died this turn", "you've cast an instant or sorcery spell this turn"…"""
    lost = re.fullmatch(r"(you|an opponent) lost life this turn", lowered)
    if lost:
        who = Player.YOU if lost.group(1) == "you" else Player.OPPONENT
        return BoardCondition(Fact.LOST_LIFE, text, who=who)
    many = re.fullmatch(r"(you|an opponent) cast (\w+) or more spells this turn", lowered)
    if many and count_word(many.group(2)):
        who = Player.YOU if many.group(1) == "you" else Player.OPPONENT
        return BoardCondition(Fact.CAST_SPELLS, text, who=who, count=count_word(many.group(2)) or 1)
    cast = re.fullmatch(
        r"(?:you've|you have|you or a teammate has) cast (another|two or more other) spells? "
        r"this turn",
        lowered,
    )
    if cast:
        return BoardCondition(Fact.CAST_SPELLS, text, count=1 if cast.group(1) == "another" else 2)
    if " this turn " in lowered and not lowered.endswith(" this turn"):
        # "a creature spell you cast this turn was countered by …": the same fact
        lowered = lowered.replace(" this turn ", " ", 1) + " this turn"
    if not lowered.endswith(" this turn"):
        return None
    body = lowered.removesuffix(" this turn")
    for pattern, kind in _TURN_FACTS:
        match = re.fullmatch(pattern, body)
        if match is None:
            continue
        number = count_word(match.group("n")) if match.groupdict().get("n") else 1
        if number is None:
            return None
        who, anyone = _who(match.groupdict().get("who"))
        if kind is TurnCount.CREATURES_DIED and match.groupdict().get("who") is None:
            anyone = True
        return BoardCondition(
            Fact.TURN_COUNT, text, who=who, count=number, turn_count=kind, anyone=anyone
        )
    spells = _SPELLS_CAST.fullmatch(lowered)
    if spells:
        number = count_word(spells.group("n")) if spells.group("n") else 1
        found = read_filter(spells.group("what") + " spell")
        if number is None or found is None or found.another:
            return None
        who, anyone = _who(spells.group("who"))
        return BoardCondition(
            Fact.SPELLS_THIS_TURN, text, who=who, count=number, filter=found, anyone=anyone
        )
    return None


def _counted(lowered: str, text: str) -> BoardCondition | None:
    """ "there are four or more card types among cards in your graveyard", "there is a land
    card in your graveyard", "you have eight or more instant and/or sorcery cards in your
    graveyard", "an opponent has seven or more cards in their graveyard"."""
    match = re.fullmatch(
        rf"(?:there (?:are|is)|(?P<who>you have|an opponent has)) (?:{_NUMBER} or more |an? )"
        r"(?P<what>.+)",
        lowered,
    )
    if match is None:
        return None
    what = re.sub(r" total(?= in all graveyards)", "", match.group("what"))
    if match.group("who") == "an opponent has":
        what = what.replace("in their graveyard", "in an opponent's graveyard")
    elif match.group("who") and "graveyard" not in what and "hand" not in what:
        return None
    found = read_count(what)
    if found is None:
        return None
    number = count_word(match.group("n")) if match.group("n") else 1
    return BoardCondition(Fact.COUNT, text, count=number or 1, counted=found)


def read_condition_text(text: str) -> BoardCondition | None:
    """Read an "if …" condition about the board now; None when it is not one.

    >>> "plains" in read_condition_text("if you control a Plains").filter.options[0].subtypes[0]
    True
    >>> read_condition_text("if four or more creatures are attacking").count
    4
    >>> read_condition_text("if an opponent was dealt damage by a Wizard this turn") is None
    True
    """
    lowered = " ".join(text.replace("’", "'").split()).strip().rstrip(",.").lower()
    original = " ".join(text.replace("’", "'").split()).strip().rstrip(",.")
    lowered = re.sub(r"^(?:if|as long as|only if|unless) ", "", lowered)
    original = original[len(original) - len(lowered) :]
    history = _turn_history(lowered, text)
    if history is not None:
        return history
    both = re.fullmatch(r"(.+?) and ((?:you|an opponent) .+)", lowered)
    if both:
        split = len(original) - len(both.group(2))
        first = read_condition_text(original[: split - len(" and ")])
        second = read_condition_text(original[split:])
        if first is not None and second is not None:
            return BoardCondition(Fact.ALL, text, parts=(first, second))
    if lowered in (
        "you've been attacked this step",
        "you've been attacked this combat",
        "a creature is attacking you",
    ):
        return BoardCondition(Fact.ATTACKED, text)
    if "this turn" in lowered or "this game" in lowered:
        return None
    counted = _counted(lowered, text)
    if counted is not None:
        return counted
    designation = re.fullmatch(r"it(?:'s| is) (day|night)", lowered)
    if designation:
        return BoardCondition(Fact.DAY_NIGHT, text, day_night=DayNight(designation.group(1)))
    if lowered in ("it's your turn", "it is your turn"):
        return BoardCondition(Fact.YOUR_TURN, text)
    if lowered in ("it's not your turn", "it isn't your turn", "it is not your turn"):
        return BoardCondition(Fact.YOUR_TURN, text, negated=True)
    if lowered == "your life total is less than your starting life total":
        return BoardCondition(Fact.LIFE_AT_MOST, text, count=STARTING_LIFE - 1)
    life = re.fullmatch(r"(you|an opponent) (?:have|has) (\d+) or less life", lowered)
    if life:
        who = Player.YOU if life.group(1) == "you" else Player.OPPONENT
        return BoardCondition(Fact.LIFE_AT_MOST, text, who=who, count=int(life.group(2)))
    hand = re.fullmatch(r"(you|an opponent) (?:have|has) no (?P<what>.*?)cards in hand", lowered)
    if hand:
        who = Player.YOU if hand.group(1) == "you" else Player.OPPONENT
        what = hand.group("what").strip()
        found = read_filter(what + " card") if what else None
        if what and found is None:
            return None
        return BoardCondition(Fact.HAND_EMPTY, text, who=who, filter=found)
    more = re.fullmatch(
        rf"an opponent controls at least {_NUMBER} more (?P<what>.+) than you", lowered
    )
    if more:
        found = read_filter(original[more.start("what") : more.end("what")])
        number = count_word(more.group("n"))
        if found is None or number is None:
            return None
        return BoardCondition(Fact.FEWER_THAN_OPPONENT, text, filter=found, count=number)
    pair = re.fullmatch(r"(?P<who>you|an opponent) controls? an? (?P<a>.+?) and an? (?P<b>.+)",
                        lowered)  # fmt: skip
    if pair:
        who_text = original[: pair.end("who")]
        verb = "control" if pair.group("who") == "you" else "controls"
        parts = [
            read_condition_text(f"{who_text} {verb} a {original[pair.start(g) : pair.end(g)]}")
            for g in ("a", "b")
        ]
        if parts[0] is not None and parts[1] is not None:
            return BoardCondition(Fact.ALL, text, parts=(parts[0], parts[1]))
    powers = re.fullmatch(rf"you control {_NUMBER} or more (?P<what>.+) with different powers",
                          lowered)  # fmt: skip
    if powers:  # coven (a count of the different powers among them)
        found = read_filter(original[powers.start("what") : powers.end("what")] + " you control")
        number = count_word(powers.group("n"))
        if found is None or number is None:
            return None
        powers_of = Count(Counted.POWERS, original, filter=found)
        return BoardCondition(Fact.COUNT, text, count=number, counted=powers_of)
    control = re.fullmatch(
        rf"(?P<who>you|an opponent) controls? (?:(?P<no>no)|{_NUMBER}(?P<more> or more)?) "
        r"(?P<what>.+)",
        lowered,
    )
    if control:
        what = re.sub(r"\bor an? ", "or ", original[control.start("what") :])
        found = read_filter(what)
        if found is None:
            return None
        who = Player.YOU if control.group("who") == "you" else Player.OPPONENT
        if control.group("no"):
            return BoardCondition(
                Fact.CONTROL, text, who=who, filter=found, count=0, at_least=False
            )
        count = count_word(control.group("n")) or 1
        at_least = bool(control.group("more")) or control.group("n") in ("a", "an")
        return BoardCondition(
            Fact.CONTROL, text, who=who, filter=found, count=count, at_least=at_least
        )
    more_than = re.fullmatch(
        r"you control more (?P<what>.+) than (?:each other player|each opponent|an opponent)",
        lowered,
    )
    if more_than:  # the player controls at least one more than the other player
        found = read_filter(original[more_than.start("what") : more_than.end("what")])
        if found is None:
            return None
        return BoardCondition(Fact.FEWER_THAN_OPPONENT, text, who=Player.OPPONENT, filter=found)
    fewer = re.fullmatch(r"you control fewer (?P<what>.+) than each opponent", lowered)
    if fewer:
        found = read_filter(original[fewer.start("what") : fewer.end("what")])
        if found is None:
            return None
        return BoardCondition(Fact.FEWER_THAN_OPPONENT, text, filter=found)
    attacking = re.fullmatch(
        rf"(?P<exactly>exactly )?{_NUMBER}(?P<more> or more)? (?P<what>.+?) (?:is|are) attacking",
        lowered,
    )
    if attacking:
        found = read_filter(original[attacking.start("what") : attacking.end("what")])
        if found is None:
            return None
        count = count_word(attacking.group("n")) or 1
        at_least = not attacking.group("exactly")
        return BoardCondition(Fact.ATTACKING, text, filter=found, count=count, at_least=at_least)
    return None
