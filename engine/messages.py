"""Messages as data: a stable code, its English template, and parameters that are objects.

Every sentence the engine says (a violation, a trace step, a cost step) is a
:class:`Message`: a :class:`MessageCode` and named parameters. Cards, permanents, spells and
players are parameters of their own types (:class:`CardRef`, :class:`ObjectRef`,
:class:`~engine.contract.Player`), never names baked into a sentence, so a site can render
the message in its visitor's language with the card's own name in that language. The
engine's rendering, ``str(message)``, is plain English.

Templates use Python's ``%(name)s`` placeholders, the notation gettext catalogues use, and
are marked with :func:`gettext_noop` so a site's message extraction finds them.

>>> message = message_of(MessageCode.PROPOSED, card=CardRef("Burst Lightning", "Éclair explosif"))
>>> str(message)
'Burst Lightning is put on the stack.'
>>> message.to_dict()
{'code': 'proposed', 'params': {'card': {'card': 'Burst Lightning', 'name_fr': 'Éclair explosif'}}}
>>> Message.from_dict(message.to_dict()) == message
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import TypeAlias

from engine.contract import Player

__all__ = [
    "CardRef",
    "Message",
    "MessageCode",
    "ObjectRef",
    "Param",
    "Quote",
    "gettext_noop",
    "message_of",
    "plain",
]


def gettext_noop(template: str) -> str:
    """Mark a template for translation catalogues; return it unchanged.

    >>> gettext_noop("%(card)s becomes cast.")
    '%(card)s becomes cast.'
    """
    return template


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in a message, with its French name when it has one.

    >>> str(CardRef("Shock", "Choc"))
    'Shock'
    """

    name: str
    name_fr: str | None = None

    def __str__(self) -> str:
        return self.name

    def __hash__(self) -> int:
        return hash(self.name)  # equal refs have equal names (messages are memoized by them)


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """A permanent or a spell of the board, by its id, with its card when it is known.

    ``named`` objects read "Molten Disaster (s1)" in plain English, the others "s1"; a site
    may always name them.

    >>> str(ObjectRef("s1", CardRef("Molten Disaster"), named=True)), str(ObjectRef("c1"))
    ('Molten Disaster (s1)', 'c1')
    """

    id: str
    card: CardRef | None = None
    named: bool = False

    def __str__(self) -> str:
        if self.named and self.card is not None:
            return f"{self.card} ({self.id})"
        return self.id

    def __hash__(self) -> int:
        return hash(self.id)  # equal refs have equal ids (messages are memoized by them)


@dataclass(frozen=True, slots=True)
class Quote:
    """An official text quoted as published in English (a ruling), translated by a site.

    >>> str(Quote("The kicker ability doesn't let you pay a kicker cost more than once."))[:10]
    'The kicker'
    """

    text: str

    def __str__(self) -> str:
        return self.text


Param: TypeAlias = str | int | CardRef | ObjectRef | Player | Quote | tuple["Param", ...]
"""What a message parameter can be; a tuple is a list, written "a, b" ("none" when empty)."""


@unique
class MessageCode(StrEnum):
    """Every message the engine says, with its English template (``%(name)s`` placeholders).

    >>> MessageCode.CAST_COMPLETE.template
    '%(card)s becomes cast.'
    >>> MessageCode.lookup("cast_complete"), MessageCode.lookup("no_such_code")
    (<MessageCode.CAST_COMPLETE: 'cast_complete'>, None)
    """

    template: str

    def __new__(cls, code: str, template: str) -> MessageCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.template = template
        return member

    @classmethod
    def lookup(cls, code: str) -> MessageCode | None:
        """The member with this code, or None."""
        found = cls._value2member_map_.get(code)
        return found if isinstance(found, MessageCode) else None

    # Casting (601.2): the trace.
    PROPOSED = "proposed", gettext_noop("%(card)s is put on the stack.")
    FACE_CAST = (
        "face_cast",
        gettext_noop(
            "%(card)s is cast as a face of %(whole)s: only its own characteristics count."
        ),
    )
    FUSED_CAST = (
        "fused_cast",
        gettext_noop(
            "%(card)s is cast fused: both halves, with their combined characteristics and "
            "the mana cost of each."
        ),
    )
    CAST_DURING_RESOLUTION = (
        "cast_during_resolution",
        gettext_noop(
            "Cast while a triggered ability resolves (such as cascade): the steps of 601.2 apply, "
            "timing permissions don't."
        ),
    )
    FREE_CAST = (
        "free_cast",
        gettext_noop(
            "%(source)s lets you cast it without paying its mana cost: alternative cost {0}."
        ),
    )
    ANNOUNCED = "announced", gettext_noop("Announced: kicker %(kicker)s.")
    ANNOUNCED_X = "announced_x", gettext_noop("Announced: kicker %(kicker)s, X = %(x)s.")
    ANNOUNCED_UNKICKED = "announced_unkicked", gettext_noop("Announced: kicker not paid.")
    ANNOUNCED_UNKICKED_X = (
        "announced_unkicked_x",
        gettext_noop("Announced: kicker not paid, X = %(x)s."),
    )
    ANNOUNCED_ONLY_X = "announced_only_x", gettext_noop("Announced: X = %(x)s.")
    KICKED = "kicked", gettext_noop("%(card)s is kicked (%(count)s×). Ruling: %(ruling)s")
    KICKER_TWO_COSTS = (
        "kicker_two_costs",
        gettext_noop(
            "“Kicker %(first)s and/or %(second)s” is two kicker costs, each paid at most once: "
            "%(counts)s."
        ),
    )
    MULTIKICKER_PAID = (
        "multikicker_paid",
        gettext_noop("Multikicker %(cost)s is paid %(count)s time(s)."),
    )
    KICKER_LINKED = (
        "kicker_linked",
        gettext_noop("Linked to the kicker it names, this applies: “%(text)s”"),
    )
    KICKER_TARGETS = (
        "kicker_targets",
        gettext_noop("Kicked, it has the targets of its kicked-only clauses."),
    )
    TARGETS = "targets", gettext_noop("Targets: %(targets)s.")
    NO_TARGETS = "no_targets", gettext_noop("It has no targets.")
    TARGETS_NOT_CHECKED = (
        "targets_not_checked",
        gettext_noop("It needs %(count)s target(s); none given, so targets are not checked."),
    )
    LEGALITY = "legality", gettext_noop("Legality: timing and split second are checked.")
    LEGALITY_LOCKED = (
        "legality_locked",
        gettext_noop(
            "Legality: timing and split second are checked — %(count)s spell(s) with split second "
            "on the stack."
        ),
    )
    TIMING_ANY_TIME = (
        "timing_any_time",
        gettext_noop("%(card)s can be cast any time you have priority."),
    )
    TIMING_SORCERY_SPEED = (
        "timing_sorcery_speed",
        gettext_noop("%(card)s is cast at sorcery speed: your main phase, empty stack."),
    )
    TOTAL_COST_LOCKED = (
        "total_cost_locked",
        gettext_noop("Total cost %(cost)s is locked in. Ruling: %(ruling)s"),
    )
    MANA_VALUE = "mana_value", gettext_noop("Mana value %(value)s, whatever was paid.")
    HAS_SPLIT_SECOND = (
        "has_split_second",
        gettext_noop("%(card)s has split second while on the stack."),
    )
    CAST_COMPLETE = "cast_complete", gettext_noop("%(card)s becomes cast.")

    # Casting: violations.
    KICKER_PAID_TWICE = (
        "kicker_paid_twice",
        gettext_noop("%(card)s: a kicker cost can't be paid more than once (ruling: %(ruling)s)"),
    )
    LAND_NOT_CAST = (
        "land_not_cast",
        gettext_noop("%(card)s is a land: it is played (a special action), never cast."),
    )
    COMMAND_ZONE_CARD = (
        "command_zone_card",
        gettext_noop(
            "%(card)s is a card of a casual variant: it stays in the command zone and is never"
            " cast."
        ),
    )
    MELDED_BACK_FACE = (
        "melded_back_face",
        gettext_noop(
            "%(card)s is the back face of a meld pair: it exists only as a melded permanent on"
            " the battlefield, and is never cast."
        ),
    )
    ALTERNATIVE_COST_X = (
        "alternative_cost_x",
        gettext_noop("X must be 0 when the spell is cast without paying its mana cost."),
    )
    NOT_YOUR_TURN = "not_your_turn", gettext_noop("%(card)s can be cast only during your own turn.")
    NOT_MAIN_PHASE = (
        "not_main_phase",
        gettext_noop("%(card)s can be cast only during a main phase."),
    )
    STACK_NOT_EMPTY = (
        "stack_not_empty",
        gettext_noop("%(card)s can be cast only while the stack is empty."),
    )
    SPLIT_SECOND_LOCK = (
        "split_second_lock",
        gettext_noop(
            "%(spell)s has split second: while it is on the stack players can't cast spells or "
            "activate abilities that aren't mana abilities."
        ),
    )
    SPLIT_SECOND_LOCK_KICKED = (
        "split_second_lock_kicked",
        gettext_noop(
            "%(spell)s has split second (it was kicked): while it is on the stack players can't "
            "cast spells or activate abilities that aren't mana abilities."
        ),
    )
    SPLIT_SECOND_LOCK_TRIGGER = (
        "split_second_lock_trigger",
        gettext_noop(
            "%(spell)s has split second: while it is on the stack players can't cast spells or "
            "activate abilities that aren't mana abilities. Ruling: %(ruling)s"
        ),
    )
    SPLIT_SECOND_LOCK_KICKED_TRIGGER = (
        "split_second_lock_kicked_trigger",
        gettext_noop(
            "%(spell)s has split second (it was kicked): while it is on the stack players can't "
            "cast spells or activate abilities that aren't mana abilities. Ruling: %(ruling)s"
        ),
    )

    # Targets (601.2c).
    TARGET_COUNT = (
        "target_count",
        gettext_noop("%(card)s as announced needs %(wanted)s target(s); got %(count)s."),
    )
    TARGETS_DIVIDED = (
        "targets_divided",
        gettext_noop(
            "%(card)s divides what it deals or distributes among its targets as it is cast, one "
            "at least to each: no more than %(most)s target(s); got %(count)s."
        ),
    )
    TARGET_TWICE = (
        "target_twice",
        gettext_noop("%(target)s chosen twice for one word “target” for “%(phrase)s” of %(card)s."),
    )
    TARGET_NOT_ANOTHER = (
        "target_not_another",
        gettext_noop("%(target)s must be another target for “%(phrase)s” of %(card)s."),
    )
    TARGET_ILLEGAL = (
        "target_illegal",
        gettext_noop("%(target)s is not a legal target for “%(phrase)s” of %(card)s."),
    )

    # The total cost (601.2f): cost steps.
    COST_MANA = "cost_mana", gettext_noop("Mana cost %(cost)s")
    COST_ALTERNATIVE = "cost_alternative", gettext_noop("Alternative cost %(cost)s")
    COST_KICKER = "cost_kicker", gettext_noop("+ kicker %(cost)s")
    COST_INCREASE = "cost_increase", gettext_noop("+ %(cost)s (%(source)s)")
    COST_INCREASE_OTHER = "cost_increase_other", gettext_noop("+ %(cost)s (other effect)")
    COST_REDUCTION = "cost_reduction", gettext_noop("− %(cost)s (%(source)s)")
    COST_REDUCTION_OTHER = "cost_reduction_other", gettext_noop("− %(cost)s (other effect)")
    COST_MINIMUM = (
        "cost_minimum",
        gettext_noop("costs at least %(minimum)s mana: + %(added)s (%(source)s)"),
    )
    COST_TOTAL = "cost_total", gettext_noop("Total cost %(cost)s locked in")

    # Paying (601.2g–h).
    MANA_ABILITIES_FIRST = (
        "mana_abilities_first",
        gettext_noop("Mana abilities are activated before paying."),
    )
    CONVOKE_PAYS = (
        "convoke_pays",
        gettext_noop("%(creature)s is tapped for convoke and pays %(pays)s."),
    )
    CONVOKE_PROPOSED = (
        "convoke_proposed",
        gettext_noop(
            "Proposed: tap %(creatures)s for convoke. Choosing the creatures yourself replaces "
            "this proposal."
        ),
    )
    PAID_ASSUMED = "paid_assumed", gettext_noop("%(mana)s is paid with mana (assumed available).")
    PAID_WITH_MANA = (
        "paid_with_mana",
        gettext_noop("%(mana)s is paid with mana: pool %(pool)s, sources %(sources)s."),
    )
    PAID_FROM_SOURCES = (
        "paid_from_sources",
        gettext_noop("%(mana)s is paid with mana from %(sources)s."),
    )
    PAID_FROM_POOL = (
        "paid_from_pool",
        gettext_noop("%(mana)s is paid from the mana pool (%(pool)s)."),
    )
    LIFE_PAID = "life_paid", gettext_noop("%(life)s life paid for Phyrexian mana.")
    SACRIFICED = "sacrificed", gettext_noop("%(cost)s: %(permanent)s.")
    ASSUMED_PAYABLE = (
        "assumed_payable",
        gettext_noop("“%(cost)s” is assumed payable (hand and life are not modelled)."),
    )
    NO_CONVOKE = "no_convoke", gettext_noop("%(card)s doesn't have convoke.")
    NO_DELVE = "no_delve", gettext_noop("%(card)s doesn't have delve.")
    NO_IMPROVISE = "no_improvise", gettext_noop("%(card)s doesn't have improvise.")
    NO_ASSIST = "no_assist", gettext_noop("%(card)s doesn't have assist.")
    ASSIST_OVERPAID = (
        "assist_overpaid",
        gettext_noop(
            "Another player may pay only generic mana of the total cost %(cost)s, at most "
            "%(generic)s: %(count)s is more."
        ),
    )
    ASSIST_PAYS = (
        "assist_pays",
        gettext_noop("Another player pays %(pays)s of the generic mana (assist)."),
    )
    DELVE_NOT_YOURS = (
        "delve_not_yours",
        gettext_noop("%(card)s can't be exiled for delve: it is not a card in your graveyard."),
    )
    IMPROVISER_NOT_ARTIFACT = (
        "improviser_not_artifact",
        gettext_noop("%(artifact)s can't be tapped for improvise: it is not an artifact."),
    )
    IMPROVISER_NOT_YOURS = (
        "improviser_not_yours",
        gettext_noop("%(artifact)s can't be tapped for improvise: you don't control it."),
    )
    IMPROVISER_TAPPED = (
        "improviser_tapped",
        gettext_noop("%(artifact)s can't be tapped for improvise: it is tapped."),
    )
    GENERIC_OVERPAID = (
        "generic_overpaid",
        gettext_noop(
            "Delve and improvise pay only the generic part of the total cost %(cost)s, "
            "%(generic)s: %(count)s cards and artifacts are more than it needs."
        ),
    )
    DELVE_PAYS = (
        "delve_pays",
        gettext_noop("%(objects)s exiled from your graveyard for delve: they pay %(pays)s."),
    )
    DELVE_PROPOSED = (
        "delve_proposed",
        gettext_noop(
            "Proposed: exile %(objects)s for delve. Choosing the cards yourself replaces this "
            "proposal."
        ),
    )
    IMPROVISE_PAYS = (
        "improvise_pays",
        gettext_noop("%(objects)s tapped for improvise: they pay %(pays)s."),
    )
    IMPROVISE_PROPOSED = (
        "improvise_proposed",
        gettext_noop(
            "Proposed: tap %(objects)s for improvise. Choosing the artifacts yourself replaces "
            "this proposal."
        ),
    )
    CONVOKER_NOT_CREATURE = (
        "convoker_not_creature",
        gettext_noop("%(creature)s can't convoke: it is not a creature."),
    )
    CONVOKER_NOT_YOURS = (
        "convoker_not_yours",
        gettext_noop("%(creature)s can't convoke: it is not a creature you control."),
    )
    CONVOKER_TAPPED = "convoker_tapped", gettext_noop("%(creature)s can't convoke: it is tapped.")
    CONVOKER_IDLE = (
        "convoker_idle",
        gettext_noop("%(creature)s can't pay for any part of %(cost)s by convoke."),
    )
    CANT_PAY = (
        "cant_pay",
        gettext_noop(
            "Can't pay %(unpaid)s of %(cost)s with the untapped lands, mana abilities, pool and "
            "convoke available."
        ),
    )
    NOTHING_TO_SACRIFICE = (
        "nothing_to_sacrifice",
        gettext_noop("Can't pay “%(cost)s”: no %(kind)s to sacrifice."),
    )
    CANT_SACRIFICE = (
        "cant_sacrifice",
        gettext_noop("%(permanent)s can't be sacrificed to pay this cost."),
    )
    MANA_CANT_BE_SPENT = (
        "mana_cant_be_spent",
        gettext_noop(
            "%(card)s: mana can't be spent to cast it; %(cost)s is left unpaid after convoke."
        ),
    )

    # How mana may be spent (609.4b, 106.6).
    SPEND_AS_THOUGH = (
        "spend_as_though",
        gettext_noop("%(source)s: mana may be spent as though it were another type: “%(text)s”"),
    )
    SPEND_ONLY = "spend_only", gettext_noop("Only some mana can pay: “%(text)s”")

    # What the spell reads of the mana spent to cast it (601.2h, 106.1a).
    MANA_SPENT = "mana_spent", gettext_noop("%(mana)s is spent to cast %(card)s.")
    SPENT_COUNT = "spent_count", gettext_noop("“%(text)s”: %(count)s.")
    SPENT_HOLDS = "spent_holds", gettext_noop("“%(text)s”: it applies.")
    SPENT_FAILS = "spent_fails", gettext_noop("“%(text)s”: it doesn't apply.")
    SPENT_OPEN = (
        "spent_open",
        gettext_noop(
            "“%(text)s”: it depends on the mana that pays %(cost)s, which the board doesn't "
            "list (mana assumed)."
        ),
    )

    # Zones, permissions and restrictions (601.2a, 601.3).
    CAST_FROM_GRAVEYARD = (
        "cast_from_graveyard",
        gettext_noop("%(card)s is cast from a graveyard."),
    )
    CAST_FROM_EXILE = "cast_from_exile", gettext_noop("%(card)s is cast from exile.")
    ADDS_TO_COST = (
        "adds_to_cost",
        gettext_noop("Cast that way: “%(text)s”, paid in addition to its other costs."),
    )
    CAST_FROM_LIBRARY = (
        "cast_from_library",
        gettext_noop("%(card)s is cast from the top of a library."),
    )
    PERMISSION_FROM = (
        "permission_from",
        gettext_noop("%(source)s lets %(card)s be cast from there: “%(text)s”"),
    )
    PERMISSION_ONCE = (
        "permission_once",
        gettext_noop(
            "%(source)s's permission can be used once each turn: this cast uses it "
            "(this_turn.permissions_used)."
        ),
    )
    PERMISSION_USED = (
        "permission_used",
        gettext_noop("%(source)s's permission was already used this turn: “%(text)s”"),
    )
    PERMISSION_YOUR_TURNS = (
        "permission_your_turns",
        gettext_noop("%(source)s's permission holds only during your turns: “%(text)s”"),
    )
    PERMISSION_NO_SHARED_TYPE = (
        "permission_no_shared_type",
        gettext_noop("%(card)s shares no card type with a card exiled with %(source)s: “%(text)s”"),
    )
    ALTERNATIVE_MANA_VALUE_ABOVE = (
        "alternative_mana_value_above",
        gettext_noop(
            "%(source)s offers that cost only for a spell with mana value %(count)s or less, "
            "and %(card)s's is higher: “%(text)s”"
        ),
    )
    ALTERNATIVE_REQUIRED = (
        "alternative_required",
        gettext_noop(
            "%(source)s: “%(text)s” — %(card)s is cast paying %(life)s life rather than its "
            "mana cost."
        ),
    )
    ALTERNATIVE_REQUIRED_ONLY = (
        "alternative_required_only",
        gettext_noop(
            "%(source)s: “%(text)s” — a spell cast this way is cast for that cost, not for "
            "another alternative cost."
        ),
    )
    ON_ADVENTURE = (
        "on_adventure",
        gettext_noop("%(card)s is on an adventure: its owner may cast it from exile."),
    )
    ADVENTURE_NOT_AGAIN = (
        "adventure_not_again",
        gettext_noop(
            "%(card)s is on an adventure: the creature may be cast from exile, not the"
            " Adventure again."
        ),
    )
    MAY_PLAY = (
        "may_play",
        gettext_noop("An effect that has resolved lets %(card)s be played from exile."),
    )
    NO_PERMISSION_LIBRARY = (
        "no_permission_library",
        gettext_noop("%(card)s can't be cast from a library: no rule or effect allows it."),
    )
    PERMISSION = "permission", gettext_noop("%(card)s may be cast from there: “%(text)s”")
    NO_PERMISSION_GRAVEYARD = (
        "no_permission_graveyard",
        gettext_noop("%(card)s can't be cast from a graveyard: no rule or effect allows it."),
    )
    NO_PERMISSION_EXILE = (
        "no_permission_exile",
        gettext_noop("%(card)s can't be cast from exile: no rule or effect allows it."),
    )
    ONLY_BY_ITS_WAY = (
        "only_by_its_way",
        gettext_noop(
            "%(card)s can be cast from there only by “%(text)s”: choose it as the alternative cost."
        ),
    )
    ONLY_FROM_GRAVEYARD = (
        "only_from_graveyard",
        gettext_noop("%(card)s can be cast only from a graveyard (aftermath)."),
    )
    FUSED_ONLY_FROM_HAND = (
        "fused_only_from_hand",
        gettext_noop("%(card)s can be cast fused only from a hand."),
    )
    NOT_YOUR_CARD = (
        "not_your_card",
        gettext_noop("%(object)s is owned by %(owner)s: you can't cast it from there."),
    )
    NO_MANA_COST = (
        "no_mana_cost",
        gettext_noop(
            "%(card)s has no mana cost, which can't be paid: it can be cast only with an "
            "alternative cost."
        ),
    )
    RESTRICTION_UNMET = "restriction_unmet", gettext_noop("%(card)s: “%(text)s”")
    RESTRICTION_MET = "restriction_met", gettext_noop("“%(text)s”: allowed now.")
    RESTRICTION_NEEDS_STEP = (
        "restriction_needs_step",
        gettext_noop("“%(text)s”: the board names no step, so this is not checked."),
    )
    PROHIBITED = "prohibited", gettext_noop("%(source)s: “%(text)s”")
    PROHIBITED_PAYMENT = (
        "prohibited_payment",
        gettext_noop("%(source)s forbids paying this cost: “%(text)s”"),
    )
    SORCERY_SPEED_ONLY = (
        "sorcery_speed_only",
        gettext_noop("%(source)s: “%(text)s” — %(card)s can be cast only at sorcery speed."),
    )
    FLASH_PERMISSION = (
        "flash_permission",
        gettext_noop("%(source)s lets you cast %(card)s as though it had flash."),
    )
    OWN_FLASH = (
        "own_flash",
        gettext_noop("%(card)s may be cast as though it had flash now (its own text)."),
    )
    FLASH_FOR_MORE = (
        "flash_for_more",
        gettext_noop("%(card)s is cast as though it had flash, paying %(cost)s more."),
    )

    # Announcements (601.2b): modes, alternative and additional costs.
    MODES = "modes", gettext_noop("Modes chosen: %(modes)s.")
    MODE_COUNT = (
        "mode_count",
        gettext_noop("%(card)s: choose %(wanted)s mode(s); %(count)s chosen."),
    )
    MODE_TWICE = (
        "mode_twice",
        gettext_noop("%(card)s: a mode can't be chosen more than once (mode %(mode)s)."),
    )
    ALTERNATIVE_ANNOUNCED = (
        "alternative_announced",
        gettext_noop("Alternative cost announced: “%(text)s”"),
    )
    ALTERNATIVE_FROM_PERMANENT = (
        "alternative_from_permanent",
        gettext_noop("%(source)s lets you pay %(cost)s rather than the spell's mana cost."),
    )
    KEYWORD_ANNOUNCED = (
        "keyword_announced",
        gettext_noop("%(card)s is cast by “%(text)s”: %(cost)s rather than its mana cost."),
    )
    KEYWORD_ADDS_TO_COST = (
        "keyword_adds_to_cost",
        gettext_noop(
            "%(card)s is cast by “%(text)s”: its mana cost is paid, and %(cost)s besides "
            "(this is no alternative cost)."
        ),
    )
    ONE_ALTERNATIVE_ONLY = (
        "one_alternative_only",
        gettext_noop(
            "Only one alternative cost applies to a spell, and it doesn't change the spell's "
            "mana cost or mana value; additional costs such as kicker still apply."
        ),
    )
    KEYWORD_FROM_GRAVEYARD = (
        "keyword_from_graveyard",
        gettext_noop("“%(keyword)s” casts the card from a graveyard only."),
    )
    KEYWORD_FROM_EXILE = (
        "keyword_from_exile",
        gettext_noop("“%(keyword)s” casts the card from exile only."),
    )
    KEYWORD_FROM_HAND = (
        "keyword_from_hand",
        gettext_noop("“%(keyword)s” casts the card from the hand it was drawn into only."),
    )
    FORETOLD_THIS_TURN = (
        "foretold_this_turn",
        gettext_noop(
            "“%(text)s”: a foretold card is cast on a later turn than the one it was foretold "
            "on, not this turn."
        ),
    )
    NO_OPPONENT_LOST_LIFE = (
        "no_opponent_lost_life",
        gettext_noop("“%(text)s” needs an opponent to have lost life this turn; none has."),
    )
    NO_OTHER_SPELL_CAST = (
        "no_other_spell_cast",
        gettext_noop("“%(text)s” needs you to have cast another spell this turn; you haven't."),
    )
    NO_COMBAT_DAMAGE_BY_TYPE = (
        "no_combat_damage_by_type",
        gettext_noop(
            "“%(text)s” needs a creature of yours sharing a creature type with this spell to "
            "have dealt combat damage to a player this turn; none has."
        ),
    )
    NOT_FIRST_CARD_DRAWN = (
        "not_first_card_drawn",
        gettext_noop(
            "“%(text)s” is used as the card is drawn, if it is the first card you drew this "
            "turn; this card isn't (this_turn.first_card_drawn)."
        ),
    )
    CAST_FACE_DOWN = (
        "cast_face_down",
        gettext_noop(
            "%(card)s is cast face down: a 2/2 creature spell with no name, no text, no "
            "subtypes and no mana cost (mana value 0)."
        ),
    )
    CAST_BESTOWED = (
        "cast_bestowed",
        gettext_noop(
            "%(card)s is cast bestowed: an Aura enchantment spell with enchant creature, not a "
            "creature spell, so it targets a creature."
        ),
    )
    CAST_MUTATING = (
        "cast_mutating",
        gettext_noop(
            "%(card)s is cast for its mutate cost: a mutating creature spell that targets a "
            "non-Human creature with the same owner; as it resolves it merges with that "
            "creature (702.140c), or enters on its own if the target is illegal (702.140b)."
        ),
    )
    CAST_CLEAVED = (
        "cast_cleaved",
        gettext_noop(
            "%(card)s is cast for its cleave cost: its text loses the words in square brackets."
        ),
    )
    CAST_OVERLOADED = (
        "cast_overloaded",
        gettext_noop(
            "%(card)s is overloaded: its text says “each” where it said “target”, so it has "
            "no targets."
        ),
    )
    CAST_TRANSFORMED = (
        "cast_transformed",
        gettext_noop(
            "%(card)s is cast transformed: the spell has its back face's characteristics, and "
            "its mana value is its front face's."
        ),
    )
    COST_EMERGE = (
        "cost_emerge",
        gettext_noop("− %(cost)s (emerge: %(creature)s sacrificed, mana value %(value)s)"),
    )
    ALTERNATIVE_UNMET = (
        "alternative_unmet",
        gettext_noop(
            "“%(text)s”: its condition is not met, so this alternative cost can't be paid."
        ),
    )
    ALTERNATIVE_NOT_MODELLED = (
        "alternative_not_modelled",
        gettext_noop(
            "“%(text)s” is not modelled: the mana cost stands in for it, as far as modelled."
        ),
    )
    ADDITIONAL_ANNOUNCED = (
        "additional_announced",
        gettext_noop("Additional cost: %(cost)s (“%(text)s”)."),
    )
    MISSING_TARGETS = (
        "missing_targets",
        gettext_noop("Choose %(count)s target(s) for %(card)s."),
    )
    MISSING_MODES = "missing_modes", gettext_noop("Choose %(wanted)s mode(s) of %(card)s.")
    MISSING_X = "missing_x", gettext_noop("Announce the value of X for %(card)s.")
    MISSING_COST_CHOICE = (
        "missing_cost_choice",
        gettext_noop("To pay “%(cost)s”, choose %(count)s more."),
    )
    MISSING_CHOSEN_VALUE = (
        "missing_chosen_value",
        gettext_noop("“%(text)s”: say what is chosen."),
    )
    CHOSEN_OUT_OF_RANGE = (
        "chosen_out_of_range",
        gettext_noop("“%(text)s”: %(number)s can't be chosen."),
    )
    CHOSEN_VALUE = "chosen_value", gettext_noop("“%(text)s”: %(value)s chosen.")
    MISSING_COST_OPTION = (
        "missing_cost_option",
        gettext_noop("Choose how to pay “%(text)s”: %(options)s."),
    )
    NO_LEGAL_TARGET = (
        "no_legal_target",
        gettext_noop("%(card)s needs “%(phrase)s”, and there is no legal one."),
    )
    TARGET_NOT_CHECKED = (
        "target_not_checked",
        gettext_noop("“%(phrase)s”: only part of it is checked for %(target)s."),
    )

    # Paying costs that are not mana (601.2h, 118.3, 119.4).
    PAID_WITH_OBJECTS = "paid_with_objects", gettext_noop("“%(cost)s”: %(objects)s.")
    PAID_AT_RANDOM = "paid_at_random", gettext_noop("“%(cost)s”: chosen at random.")
    LIFE_COST_PAID = "life_cost_paid", gettext_noop("“%(cost)s”: %(life)s life.")
    LIFE_GIVEN = "life_given", gettext_noop("“%(cost)s”: paid with no object to choose.")
    COST_UNPAYABLE = (
        "cost_unpayable",
        gettext_noop("Can't pay “%(cost)s”: there isn't enough that can pay it."),
    )
    COST_OBJECT_UNFIT = "cost_object_unfit", gettext_noop("%(object)s can't pay “%(cost)s”.")
    COST_OVERPAID = (
        "cost_overpaid",
        gettext_noop("%(object)s is more than the costs need (%(kind)s)."),
    )
    OBJECT_PAYS_TWICE = (
        "object_pays_twice",
        gettext_noop("%(object)s can't pay two costs (%(first)s and %(second)s)."),
    )
    CAST_CARD_PAYS = (
        "cast_card_pays",
        gettext_noop(
            "%(object)s is the spell being cast, on the stack: it can't pay its own cost."
        ),
    )
    LIFE_TOO_LOW = (
        "life_too_low",
        gettext_noop(
            "Paying %(life)s life needs a life total of at least %(life)s; you have %(total)s."
        ),
    )
    COST_SELF = "cost_self", gettext_noop("+ %(cost)s (%(card)s)")
    COST_SELF_REDUCTION = "cost_self_reduction", gettext_noop("− %(cost)s (%(card)s)")
    COST_PER_TARGET = (
        "cost_per_target",
        gettext_noop("+ %(cost)s for each of %(count)s target(s) beyond the first"),
    )
    COST_SELF_EACH = (
        "cost_self_each",
        gettext_noop("+ %(cost)s (%(card)s: %(each)s for each %(what)s, %(count)s)"),
    )
    COST_SELF_EACH_REDUCTION = (
        "cost_self_each_reduction",
        gettext_noop("− %(cost)s (%(card)s: %(each)s for each %(what)s, %(count)s)"),
    )
    COST_ADDITIONAL = "cost_additional", gettext_noop("+ %(cost)s (additional cost)")
    COST_OPTIONAL = "cost_optional", gettext_noop("+ %(cost)s (%(keyword)s ×%(count)s)")
    COST_SPLICE = "cost_splice", gettext_noop("+ %(cost)s (%(card)s spliced)")
    OPTIONAL_ANNOUNCED = (
        "optional_announced",
        gettext_noop("Announced: %(text)s, paid %(count)s time(s)."),
    )
    OPTIONAL_COPIES = (
        "optional_copies",
        gettext_noop(
            "When it is cast, it is copied %(count)s time(s) (replicate, casualty, conspire); "
            "new targets may be chosen for the copies."
        ),
    )
    SPLICED = (
        "spliced",
        gettext_noop("%(card)s is revealed from your hand and spliced onto the spell: + %(cost)s."),
    )
    NO_SPLICE = "no_splice", gettext_noop("%(card)s has no splice ability.")
    SPLICE_NOT_IN_HAND = (
        "splice_not_in_hand",
        gettext_noop("%(card)s can't be spliced: it is not a card in your hand."),
    )
    SPLICE_WRONG_SPELL = (
        "splice_wrong_spell",
        gettext_noop("%(card)s splices only onto an %(onto)s; %(spell)s is not one."),
    )
    SPLICE_COUNT = (
        "splice_count",
        gettext_noop("Splice is announced %(count)s time(s) but %(listed)s card(s) are listed."),
    )
    ESCALATE_COUNT = (
        "escalate_count",
        gettext_noop(
            "%(card)s: escalate is paid once for each mode beyond the first, %(expected)s "
            "time(s) for the modes chosen, not %(count)s."
        ),
    )
    ENTWINE_ALL_MODES = (
        "entwine_all_modes",
        gettext_noop("%(card)s is entwined: all of its modes are chosen."),
    )
    CONSPIRE_COLORS = (
        "conspire_colors",
        gettext_noop(
            "Conspire taps two untapped creatures you control that each share a color with "
            "%(card)s; %(count)s of those tapped do."
        ),
    )
    COST_FLASH = "cost_flash", gettext_noop("+ %(cost)s (to cast it as though it had flash)")
    COST_EACH_TURN = (
        "cost_each_turn",
        gettext_noop("%(sign)s %(cost)s (%(source)s: after %(before)s such spell(s) this turn)"),
    )
    COST_PER_TARGET_OF = (
        "cost_per_target_of",
        gettext_noop("%(sign)s %(cost)s (%(source)s: for each of %(count)s target(s))"),
    )
    COST_PERMANENT_X = (
        "cost_permanent_x",
        gettext_noop("%(sign)s %(cost)s (%(source)s: X is %(what)s, %(count)s)"),
    )
    COST_PERMANENT_EACH = (
        "cost_permanent_each",
        gettext_noop("%(sign)s %(cost)s (%(source)s: %(each)s for each %(what)s, %(count)s)"),
    )
    COST_LIFE = "cost_life", gettext_noop("+ %(life)s life (%(source)s)")
    COST_EXTRA_PER_SYMBOL = (
        "cost_extra_per_symbol",
        gettext_noop("+ “%(each)s” ×%(count)s (%(source)s: once for each such mana symbol)"),
    )
    COST_SELF_LIFE_PER_TARGET = (
        "cost_self_life_per_target",
        gettext_noop("+ %(life)s life (%(card)s: %(each)s life for each of %(count)s target(s))"),
    )
    COST_GRANTED_TARGETS = (
        "cost_granted_targets",
        gettext_noop(
            "%(sign)s %(cost)s (%(source)s: %(each)s for each of %(count)s target(s) that has "
            "its ability)"
        ),
    )
    COST_TARGETS_SPELL = (
        "cost_targets_spell",
        gettext_noop("%(sign)s %(cost)s (%(source)s: the spell targets %(spell)s on the stack)"),
    )

    # Copies (707.10, 707.2).
    NO_SPELL_TO_COPY = (
        "no_spell_to_copy",
        gettext_noop("There is no such spell on the stack to copy."),
    )
    NOT_A_COPY_EFFECT = (
        "not_a_copy_effect",
        gettext_noop("%(card)s doesn't copy spells: choose the card whose effect makes the copy."),
    )
    COPY_BY_EFFECT = (
        "copy_by_effect",
        gettext_noop(
            "A copy put on the stack by an effect that is resolving (%(card)s): it is not cast."
        ),
    )
    COPY_CAST = (
        "copy_cast",
        gettext_noop(
            "%(card)s, once it resolves, copies %(spell)s: the copy keeps its X, kicker and modes."
        ),
    )
    COPY_DECISIONS = (
        "copy_decisions",
        gettext_noop(
            "The copy of %(card)s copies its characteristics and every decision made for it. "
            "A copy is not cast, so no cost is paid."
        ),
    )
    COPY_KICKED = (
        "copy_kicked",
        gettext_noop("The copy is kicked once. Ruling: %(ruling)s"),
    )
    COPY_KICKED_TIMES = (
        "copy_kicked_times",
        gettext_noop("The copy is kicked %(count)s times. Ruling: %(ruling)s"),
    )
    COPY_UNKICKED = (
        "copy_unkicked",
        gettext_noop("%(spell)s was not kicked, so neither is the copy."),
    )
    COPY_X = "copy_x", gettext_noop("The copy's X is %(x)s, as announced for %(spell)s.")
    COPY_MODES = "copy_modes", gettext_noop("The copy has the same modes: %(modes)s.")
    COPY_TARGETS = "copy_targets", gettext_noop("The copy has the same targets: %(targets)s.")
    COPY_BECOMES_TOKEN = (
        "copy_becomes_token",
        gettext_noop("A copy of a permanent spell becomes a token as it resolves (608.3f)."),
    )
    NO_PERMANENT_TO_COPY = (
        "no_permanent_to_copy",
        gettext_noop("There is no such permanent to copy."),
    )
    ENTERS_AS_COPY = (
        "enters_as_copy",
        gettext_noop(
            "%(card)s enters as a copy of %(original)s: it copies the printed values, not counters "
            "or whether the original was kicked."
        ),
    )
    ENTERS_AS_COPY_UNKICKED = (
        "enters_as_copy_unkicked",
        gettext_noop("Not kicked. Ruling: %(ruling)s"),
    )
    COPY_NOT_KICKED = (
        "copy_not_kicked",
        gettext_noop("A permanent entering as a copy isn't kicked. Ruling: %(ruling)s"),
    )

    # Putting onto the battlefield without casting (702.33d).
    NOT_A_PERMANENT_CARD = "not_a_permanent_card", gettext_noop("%(card)s is not a permanent card.")
    NOT_CAST_CANT_KICK = (
        "not_cast_cant_kick",
        gettext_noop("%(card)s isn't cast, so it can't be kicked. Ruling: %(ruling)s"),
    )
    PUT_WITHOUT_CASTING = (
        "put_without_casting",
        gettext_noop(
            "%(card)s is put onto the battlefield without being cast: it is not kicked. "
            "Ruling: %(ruling)s"
        ),
    )

    # Abilities, special actions, triggers (602, 605, 116.2b, 702.61b).
    NO_SUCH_PERMANENT = "no_such_permanent", gettext_noop("There is no such permanent.")
    NOT_YOUR_PERMANENT = (
        "not_your_permanent",
        gettext_noop("Only %(controller)s controls %(permanent)s."),
    )
    FACE_DOWN_NO_ABILITIES = (
        "face_down_no_abilities",
        gettext_noop("A face-down permanent has no abilities."),
    )
    NO_MANA_ABILITY = "no_mana_ability", gettext_noop("%(card)s has no mana ability.")
    MANA_ABILITY_NO_STACK = (
        "mana_ability_no_stack",
        gettext_noop(
            "A mana ability doesn't use the stack: no one can respond to it, and it resolves at "
            "once."
        ),
    )
    MANA_ABILITY_UNDER_SPLIT_SECOND = (
        "mana_ability_under_split_second",
        gettext_noop(
            "Mana abilities can be activated even while a spell with split second is on the stack "
            "(605.3a)."
        ),
    )
    NO_ACTIVATED_ABILITY = (
        "no_activated_ability",
        gettext_noop("%(card)s has no activated ability that isn't a mana ability."),
    )
    ACTIVATE_ANY_TIME = (
        "activate_any_time",
        gettext_noop("An activated ability can be activated any time you have priority."),
    )
    ALREADY_TAPPED = "already_tapped", gettext_noop("%(permanent)s is already tapped.")
    SUMMONING_SICK = (
        "summoning_sick",
        gettext_noop(
            "%(permanent)s hasn't been under your control since your most recent turn began, so "
            "its {T} abilities can't be activated."
        ),
    )
    NOT_FACE_DOWN = "not_face_down", gettext_noop("%(permanent)s is not face down.")
    NO_MORPH_COST = (
        "no_morph_cost",
        gettext_noop(
            "%(permanent)s would have no morph cost face up: it can't be turned face up this way."
        ),
    )
    MORPH_COST = (
        "morph_cost",
        gettext_noop("Its %(keyword)s cost %(cost)s is shown and paid."),
    )
    FACE_UP_SPECIAL_ACTION = (
        "face_up_special_action",
        gettext_noop(
            "Turning a face-down creature face up is a special action: any time you have priority."
        ),
    )
    FACE_UP_UNDER_SPLIT_SECOND = (
        "face_up_under_split_second",
        gettext_noop("Split second doesn't stop it. Ruling: %(ruling)s"),
    )
    TRIGGER_UNDER_SPLIT_SECOND = (
        "trigger_under_split_second",
        gettext_noop(
            "Triggered abilities trigger and are put on the stack as normal. Ruling: %(ruling)s"
        ),
    )


def message_of(code: MessageCode, /, **params: Param) -> Message:
    """The message ``code`` with these parameters.

    >>> str(message_of(MessageCode.MANA_VALUE, value=1))
    'Mana value 1, whatever was paid.'
    """
    return Message(code, tuple(params.items()))


def plain(param: Param) -> str:
    """A parameter in plain English.

    >>> plain((Player.OPPONENT, ObjectRef("p1"))), plain(())
    ('opponent, p1', 'none')
    """
    if isinstance(param, tuple):
        return ", ".join(plain(item) for item in param) or "none"
    return str(param)


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence as data: its code and its parameters, in the template's order.

    >>> str(Message(MessageCode.TARGETS, (("targets", ()),)))
    'Targets: none.'
    """

    code: MessageCode
    params: tuple[tuple[str, Param], ...] = ()
    _text: str | None = field(default=None, init=False, repr=False, compare=False)
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    def __str__(self) -> str:
        # Rendered once: the messages of memoized steps are written in answer after answer.
        if self._text is None:
            values = {name: plain(value) for name, value in self.params}
            object.__setattr__(self, "_text", self.code.template % values)
        return self._text  # type: ignore[return-value]

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``{"code": …, "params": {…}}``, objects as small objects.

        >>> Message(MessageCode.SACRIFICED, (("cost", "Sacrifice a land"),
        ...     ("permanent", ObjectRef("l1", CardRef("Forest"))))).to_dict()["params"]
        {'cost': 'Sacrifice a land', 'permanent': {'id': 'l1', 'card': 'Forest'}}
        """
        return {"code": self.code.value, "params": self.params_json()}

    def params_json(self) -> dict[str, object]:
        """The parameters' JSON form.

        >>> message_of(MessageCode.MANA_VALUE, value=1).params_json()
        {'value': 1}
        """
        # Built once, like the text; each answer gets its own copy of the outer mapping (the
        # parameters' own objects are shared: answers are read, never edited in place).
        if self._json is None:
            built = {name: _param_json(value) for name, value in self.params}
            object.__setattr__(self, "_json", built)
        return dict(self._json)  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Message | None:
        """Read back :meth:`to_dict`'s form; None when the code is unknown (an older answer).

        >>> Message.from_dict({"code": "no_targets", "params": {}})
        Message(code=<MessageCode.NO_TARGETS: 'no_targets'>, params=())
        """
        code = data.get("code")
        member = MessageCode.lookup(code) if isinstance(code, str) else None
        params = data.get("params")
        if member is None or not isinstance(params, Mapping):
            return None
        return cls(member, tuple((str(k), _param_from_json(v)) for k, v in params.items()))


def _param_json(value: Param) -> object:
    kind = type(value)
    if kind is str or kind is int:
        return value
    if kind is CardRef:
        return _card_json(value)  # type: ignore[arg-type]
    if kind is ObjectRef:
        card = value.card  # type: ignore[union-attr]
        return {"id": value.id, **(_card_json(card) if card else {"card": None})}  # type: ignore[union-attr]
    if kind is tuple:
        return [_param_json(item) for item in value]  # type: ignore[union-attr]
    if kind is Player:
        return {"player": value.value}  # type: ignore[union-attr]
    if kind is Quote:
        return {"ruling": value.text}  # type: ignore[union-attr]
    return str(value)


def _card_json(card: CardRef) -> dict[str, object]:
    return {"card": card.name, "name_fr": card.name_fr} if card.name_fr else {"card": card.name}


def _card_from_json(value: Mapping[str, object]) -> CardRef | None:
    name, name_fr = value.get("card"), value.get("name_fr")
    if not isinstance(name, str):
        return None
    return CardRef(name, name_fr if isinstance(name_fr, str) else None)


def _param_from_json(value: object) -> Param:
    if isinstance(value, list):
        return tuple(_param_from_json(item) for item in value)
    if isinstance(value, Mapping):
        if "id" in value:
            return ObjectRef(str(value["id"]), _card_from_json(value))
        card = _card_from_json(value)
        if card is not None:
            return card
        if value.get("player") in ("you", "opponent"):
            return Player(str(value["player"]))
        if "ruling" in value:
            return Quote(str(value["ruling"]))
        return str(value)
    if isinstance(value, bool):
        return str(value)
    return value if isinstance(value, int | str) else str(value)
