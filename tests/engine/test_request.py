"""The evaluate request: every malformed field is a RequestError with its path; a request
written with ``to_dict`` reads back the same; the published schema has the engine's limits."""

from __future__ import annotations

import json
from dataclasses import replace

import jsonschema
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from engine import (
    REQUEST_SCHEMA,
    Action,
    ActionKind,
    Board,
    CardDefinition,
    FieldError,
    ManaCost,
    Permanent,
    Phase,
    Player,
    Request,
    RequestError,
    StackObject,
    Turn,
)
from engine.board import (
    CardInZone,
    ExiledCard,
    Life,
    PerPlayer,
    PlayerCounters,
    SpellThisTurn,
    ThisTurn,
    combat_problems,
)
from engine.chosen import Chosen
from engine.contract import (
    MAX_COST_INCREASES,
    MAX_COUNTER_KIND,
    MAX_COUNTERS,
    MAX_KICKS,
    MAX_LIST,
    MAX_MANA_TEXT,
    MAX_PERMANENTS,
    MAX_STACK,
    MAX_TEXT,
    MAX_X,
    DayNight,
    TurnCount,
    Zone,
)
from engine.faces import Layout
from engine.mana import Color
from engine.optional_costs import OPTIONAL_KEYS
from tests.engine.cards import CARDS, CATALOG, card, evaluate
from tests.engine.schema_paths import field_paths, written_paths


def errors_of(request: object) -> tuple[FieldError, ...]:
    with pytest.raises(RequestError) as caught:
        evaluate(request)  # type: ignore[arg-type]
    return caught.value.errors


def test_request_action_is_required() -> None:
    assert errors_of({}) == (FieldError("action", "is required"),)


def test_request_unknown_top_level_key_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "colour": 1})

    assert errors == (FieldError("colour", "unknown field"),)


def test_request_unknown_key_of_any_length_is_named_cut_short() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack", "k" * 50_000: 1}})

    assert errors == (FieldError("action." + "k" * 79 + "…", "unknown field"),)


def test_request_unknown_action_key_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack", "kikcer": [1]}})

    assert errors == (FieldError("action.kikcer", "unknown field"),)


def test_request_unknown_card_suggests_close_names() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightnin"}})

    assert errors == (
        FieldError(
            "action.card",
            "unknown card 'Burst Lightnin'; did you mean Burst Lightning, Arc Lightning, "
            "Forked Lightning, Chain Lightning?",
        ),
    )


def test_request_french_name_is_accepted() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "éclair explosif", "kicker": [1]}, "assume_mana": True}
    )

    assert (response["card"], response["total_cost"]) == ("Burst Lightning", "{4}{R}")


def test_request_too_many_kicker_counts() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1, 0]}})

    assert errors == (
        FieldError("action.kicker", "Burst Lightning has 1 kicker cost; got 2 counts"),
    )


def test_request_kicker_paid_twice_is_rejected_citing_the_ruling() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [2]}})

    assert errors[0].field == "action.kicker[0]"
    assert "doesn't let you pay a kicker cost more than once" in errors[0].message


def test_request_multikicker_may_be_paid_many_times() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Apex Hawks", "kicker": [4]}, "assume_mana": True}
    )

    assert response["kick_count"] == 4


def test_request_negative_x_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Chord of Calling", "x": -1}})

    assert errors == (FieldError("action.x", "must not be negative"),)


def test_request_x_on_card_without_x_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Shock", "x": 2}})

    assert errors == (FieldError("action.x", "Shock has no {X} in its mana cost"),)


def test_request_bad_mana_notation() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Shock", "cost_increases": ["{Q}"]}})

    assert errors[0].field == "action.cost_increases[0]"


def test_request_ids_that_point_nowhere() -> None:
    errors = errors_of(
        {
            "action": {
                "kind": "cast",
                "card": "Kavu Primarch",
                "convoke": ["c9"],
                "targets": ["nobody"],
            }
        }
    )

    assert [e.field for e in errors] == ["action.convoke[0]", "action.targets[0]"]


def test_request_duplicate_ids() -> None:
    errors = errors_of(
        {
            "action": {"kind": "put_trigger_on_stack"},
            "battlefield": [{"id": "a", "card": "Forest"}],
            "stack": [{"id": "a", "card": "Shock"}],
        }
    )

    assert errors == (FieldError("stack[0].id", "duplicate id 'a'"),)


def test_request_reports_every_error_at_once() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": 3, "player": "me"},
            "battlefield": "x",
            "turn": {"phase": "upkeep"},
        }
    )

    assert [e.field for e in errors] == [
        "battlefield",
        "turn.phase",
        "action.player",
        "action.card",
    ]


def test_request_bad_types() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "assume_mana": "yes",
            "battlefield": [{"id": "m1", "card": "Mountain", "tapped": 1}],
        }
    )

    assert [e.field for e in errors] == ["battlefield[0].tapped", "assume_mana"]


def test_request_too_many_permanents() -> None:
    battlefield = [{"id": f"m{i}", "card": "Mountain"} for i in range(201)]

    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "battlefield": battlefield})

    assert errors == (FieldError("battlefield", "has more than 200 objects"),)


def test_request_too_many_stack_objects() -> None:
    stack = [{"id": f"s{i}", "card": "Shock"} for i in range(51)]

    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "stack": stack})

    assert errors == (FieldError("stack", "has more than 50 objects"),)


def test_request_long_strings_are_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "x" * 500}})

    assert errors == (FieldError("action.card", "is longer than 200 characters"),)


def test_request_copy_spell_needs_a_stack_id() -> None:
    errors = errors_of({"action": {"kind": "copy_spell", "copy_of": "c1"}})

    assert errors == (FieldError("action.copy_of", "'c1' is not a stack id"),)


def test_request_mana_pool_holds_only_mana() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "mana_pool": "{2}"})

    assert errors[0].field == "mana_pool"


def test_request_not_a_mapping() -> None:
    assert errors_of([1, 2]) == (FieldError("", "must be an object"),)


def test_request_error_is_an_engine_error_and_value_error() -> None:
    from engine import EngineError

    assert issubclass(RequestError, EngineError)
    assert issubclass(RequestError, ValueError)


# --- The round trip: Request.to_dict() read back is the same request ------------------------

NAMES = sorted(CARDS)
X_NAMES = [name for name in NAMES if card(name).has_x]
MODAL = [name for name in NAMES if card(name).modes]
OPTIONAL = [name for name in NAMES if card(name).optional_costs]
FACES = [name for name in NAMES if len(card(name).cast_faces) > 1]
ADVENTURERS = [name for name in NAMES if card(name).layout is Layout.ADVENTURE]


def _exiled(draw: st.DrawFn, drawn: CardInZone, battlefield_ids: list[str]) -> ExiledCard:
    """``drawn`` in exile: perhaps exiled with a permanent, playable, or on an adventure."""
    adventure = draw(st.booleans())
    return ExiledCard(
        id=drawn.id,
        card=card(draw(st.sampled_from(ADVENTURERS))) if adventure else drawn.card,
        owner=drawn.owner,
        exiled_with=draw(st.none() | st.sampled_from(battlefield_ids)) if battlefield_ids else None,
        may_play=draw(st.booleans()),
        on_adventure=adventure and draw(st.booleans()),
    )


IDS = st.sampled_from(["you", "opponent"])
MANA = st.sampled_from(["{R}", "{2}{G}", "{0}", "{W/U}", "{2/W}", "{R/P}", "{C}", "{X}{R}", ""])
POOL = st.sampled_from(["", "{R}", "{G}{G}", "{C}{W}"])


def counts_for(draw: st.DrawFn, definition: CardDefinition) -> tuple[int, ...]:
    counts = [draw(st.integers(0, 1)) for _ in definition.kicker_costs]
    if definition.multikicker_cost is not None:
        counts.append(draw(st.integers(0, MAX_KICKS)))
    return tuple(counts[: draw(st.integers(0, len(counts)))])


@st.composite
def this_turns(
    draw: st.DrawFn, zones: dict[str, tuple[CardInZone, ...]], permanents: tuple[str, ...] = ()
) -> ThisTurn:
    if draw(st.booleans()):
        return ThisTurn()
    hand, exile = [c.id for c in zones["hand"]], [c.id for c in zones["exile"]]
    counts = {
        kind.value: PerPlayer(*draw(st.tuples(st.integers(0, 9), st.integers(0, 9))))
        for kind in TurnCount
    }
    spells = []
    for name in draw(st.lists(st.sampled_from(NAMES), max_size=2)):
        definition = card(name)
        kickable = bool(definition.kicker_costs or definition.multikicker_cost)
        spells.append(
            SpellThisTurn(
                card=definition,
                caster=draw(st.sampled_from(Player)),
                kicked=kickable and draw(st.booleans()),
            )
        )
    return ThisTurn(
        **counts,
        spells=tuple(spells),
        combat_damage_by_types=tuple(draw(st.lists(st.sampled_from(["Rogue", "Elf"]), max_size=2))),
        first_card_drawn=draw(st.none() | st.sampled_from(hand)) if hand else None,
        foretold_this_turn=tuple(draw(st.lists(st.sampled_from(exile), max_size=2)))
        if exile
        else (),
        permissions_used=tuple(draw(st.lists(st.sampled_from(permanents), max_size=2)))
        if permanents
        else (),
    )


CHOSEN_VALUES = st.builds(
    Chosen,
    name=st.none() | st.sampled_from(NAMES).map(card),
    type=st.none() | st.sampled_from(["Goblin", "instant"]),
    color=st.none() | st.sampled_from(Color),
    number=st.none() | st.integers(0, MAX_X),
)
"""Values chosen for a permanent, or as a spell is cast."""


@st.composite
def requests(draw: st.DrawFn) -> Request:
    phase = draw(st.sampled_from([*Phase, Phase.COMBAT, Phase.COMBAT]))
    step = draw(st.none() | st.sampled_from(phase.steps)) if phase.steps else None
    turn = Turn(
        active_player=draw(st.sampled_from(Player)),
        phase=phase,
        step=step,
        day_night=draw(st.none() | st.sampled_from(DayNight)),
    )
    permanents = []
    for index in range(draw(st.integers(0, 6))):
        definition = card(draw(st.sampled_from(NAMES))).permanent_face
        counters = draw(st.dictionaries(st.sampled_from(["+1/+1", "charge"]), st.integers(1, 9)))
        permanents.append(
            Permanent(
                id=f"p{index}",
                card=definition,
                controller=draw(st.sampled_from(Player)),
                tapped=draw(st.booleans()),
                summoning_sick=draw(st.booleans()),
                attacking=draw(st.booleans()),
                blocking=draw(st.booleans()),
                face_down=draw(st.booleans()),
                kicked_with=counts_for(draw, definition),
                counters=tuple(sorted(counters.items())),
                is_token=draw(st.booleans()),
                is_commander=draw(st.booleans()),
                chosen=draw(CHOSEN_VALUES),
                attached_to=draw(
                    st.none()
                    | st.sampled_from(["you", "opponent", *(f"p{i}" for i in range(index))])
                ),
            )
        )
        if combat_problems(permanents[-1], turn):  # an impossible board is refused, not read
            permanents[-1] = replace(permanents[-1], attacking=False, blocking=False)
    battlefield_ids = [p.id for p in permanents]
    spells = []
    for index in range(draw(st.integers(0, 3))):
        definition = card(draw(st.sampled_from(draw(st.sampled_from([X_NAMES, NAMES, MODAL])))))
        spells.append(
            StackObject(
                id=f"s{index}",
                card=definition,
                controller=draw(st.sampled_from(Player)),
                kicked_with=counts_for(draw, definition),
                x=draw(st.integers(0, MAX_X)) if definition.has_x else 0,
                targets=tuple(
                    draw(st.lists(st.sampled_from(battlefield_ids + ["you"]), max_size=3))
                ),
                is_copy=draw(st.booleans()),
                modes=tuple(draw(st.lists(st.integers(0, len(definition.modes) - 1), max_size=2)))
                if definition.modes
                else (),
            )
        )
    stack_ids = [s.id for s in spells]
    zones = {
        zone: tuple(
            CardInZone(
                id=f"{zone[0]}{index}",
                card=card(draw(st.sampled_from(NAMES))),
                owner=draw(st.sampled_from(Player)),
            )
            for index in range(draw(st.integers(0, 3)))
        )
        for zone in ("hand", "graveyard", "exile")
    }
    zones["exile"] = tuple(_exiled(draw, c, battlefield_ids) for c in zones["exile"])
    zones["library"] = tuple(  # one top card per owner: the opponent's here, yours if cast
        CardInZone(id="t0", card=card(draw(st.sampled_from(NAMES))), owner=Player.OPPONENT)
        for _ in range(draw(st.integers(0, 1)))
    )
    board = Board(
        battlefield=tuple(permanents),
        stack=tuple(spells),
        **zones,
        life=Life(you=draw(st.integers(0, 40)), opponent=draw(st.integers(0, 40))),
        player_counters=PlayerCounters(
            you=tuple(
                sorted(
                    draw(
                        st.dictionaries(
                            st.sampled_from(["experience", "poison"]), st.integers(1, 9)
                        )
                    ).items()
                )
            ),
            opponent=tuple(
                sorted(
                    draw(st.dictionaries(st.sampled_from(["energy"]), st.integers(1, 9))).items()
                )
            ),
        ),
        mana_pool=ManaCost.parse(draw(POOL)),
        turn=turn,
        this_turn=draw(this_turns(zones, tuple(battlefield_ids))),
    )
    kind = draw(st.sampled_from(ActionKind))
    names = draw(st.sampled_from([X_NAMES, NAMES, MODAL, MODAL, OPTIONAL, FACES]))
    definition = (
        card(draw(st.sampled_from(names))) if kind.needs_card or draw(st.booleans()) else None
    )
    whole, face, fuse = definition, None, False
    if kind.is_cast and definition is not None and definition.fused and draw(st.booleans()):
        definition, fuse = definition.fused, True
    elif kind.is_cast and definition is not None and definition.cast_faces and draw(st.booleans()):
        face = draw(st.sampled_from(definition.cast_faces))
        definition = definition.faces[face]
    kicker = None
    if draw(st.booleans()):
        kicker = counts_for(draw, definition) if definition is not None and kind.is_cast else (1,)
    copy_of = None
    if kind.copies == "stack" and stack_ids:
        copy_of = draw(st.sampled_from(stack_ids))
    elif kind.copies == "battlefield" and battlefield_ids:
        copy_of = draw(st.sampled_from(battlefield_ids))
    if kind.copies and copy_of is None:
        kind, copy_of = ActionKind.PUT_TRIGGER_ON_STACK, None
    source = None
    if kind.needs_source or (kind is ActionKind.PUT_TRIGGER_ON_STACK and draw(st.booleans())):
        if not battlefield_ids:
            kind = ActionKind.PUT_TRIGGER_ON_STACK
        else:
            source = draw(st.sampled_from(battlefield_ids))
    some_ids = (
        st.lists(st.sampled_from(battlefield_ids), unique=True) if battlefield_ids else st.just([])
    )
    targets = draw(
        st.none()
        | st.lists(st.sampled_from(battlefield_ids + stack_ids + ["you", "opponent"]), max_size=4)
    )
    hand_ids = [c.id for c in zones["hand"]]
    cards_ids = hand_ids + [c.id for c in zones["graveyard"]]

    def chosen(ids: list[str]) -> tuple[str, ...] | None:
        if not ids or draw(st.booleans()):
            return None
        return tuple(draw(st.lists(st.sampled_from(ids), unique=True, max_size=3)))

    zone, card_id = Zone.HAND, None
    if kind.is_cast and definition is not None and draw(st.booleans()):
        zone = draw(st.sampled_from(Zone))
        card_id = f"{zone.value[0]}c"
        cast_card = (ExiledCard if zone is Zone.EXILE else CardInZone)(id=card_id, card=whole)
        zones[zone.value] = (*zones[zone.value], cast_card)
        board = replace(board, **{zone.value: zones[zone.value]})
    modes = None
    if kind.is_cast and definition is not None and definition.modes:
        modes = tuple(draw(st.lists(st.integers(0, len(definition.modes) - 1), max_size=3)))
    alternative = draw(st.none() | MANA.map(ManaCost.parse))
    if (
        kind.is_cast
        and definition is not None
        and definition.alternative_keys
        and draw(st.booleans())
    ):
        alternative = draw(st.sampled_from(definition.alternative_keys))
    action = Action(
        kind=kind,
        player=draw(st.sampled_from(Player)),
        card=definition,
        face=face,
        fuse=fuse,
        from_zone=zone,
        card_id=card_id,
        kicker=kicker,
        modes=modes,
        x=draw(st.integers(0, MAX_X)) if definition is not None and definition.has_x else None,
        alternative_cost=alternative,
        discard=chosen(hand_ids),
        exile=chosen(cards_ids + battlefield_ids),
        tap=chosen(battlefield_ids),
        return_=chosen(battlefield_ids),
        reveal=chosen(hand_ids),
        counter=chosen(battlefield_ids),
        cost_increases=tuple(draw(st.lists(MANA.map(ManaCost.parse), max_size=3))),
        cost_reductions=tuple(draw(st.lists(MANA.map(ManaCost.parse), max_size=3))),
        convoke="auto" if draw(st.booleans()) else tuple(draw(some_ids)),
        delve="auto" if draw(st.booleans()) else chosen([c.id for c in zones["graveyard"]]) or (),
        improvise="auto" if draw(st.booleans()) else tuple(draw(some_ids)),
        assist=draw(st.integers(0, MAX_X)),
        sacrifice=None if draw(st.booleans()) else tuple(draw(some_ids)),
        targets=None if targets is None else tuple(targets),
        copy_of=copy_of,
        source=source,
        assume_mana=draw(st.booleans()),
        values_chosen=draw(CHOSEN_VALUES),
    )
    optional_costs: tuple[tuple[str, int], ...] = ()
    if kind.is_cast and definition is not None and definition.optional_costs:
        keys = {cost.keyword for cost in definition.optional_costs}
        optional_costs = tuple(
            (key, draw(st.integers(0, 3 if key in ("replicate", "escalate") else 1)))
            for key in OPTIONAL_KEYS
            if key in keys
        )
        optional_costs = tuple((key, count) for key, count in optional_costs if count)
    splice = chosen(hand_ids) or ()
    if splice and kind.is_cast and definition is not None and draw(st.booleans()):
        optional_costs = (*optional_costs, ("splice", len(splice)))
        optional_costs = tuple(sorted(optional_costs, key=lambda c: OPTIONAL_KEYS.index(c[0])))
    action = replace(action, optional_costs=optional_costs, splice=splice)
    return Request(action=action, board=board)


@settings(max_examples=150, deadline=None)
@given(request=requests())
def test_request_written_then_read_is_the_same_request(request: Request) -> None:
    written = request.to_dict()

    assert json.loads(json.dumps(written)) == written
    assert Request.from_dict(written, CATALOG) == request


def test_the_round_trip_draws_every_field_the_schema_publishes() -> None:
    """A field added to the contract is drawn by ``requests()`` too (or this fails)."""
    seen: set[str] = set()
    published = field_paths(REQUEST_SCHEMA)

    for attempt in range(12):  # fixed seeds: the same draws every run, however the cards change

        @seed(attempt)
        @settings(max_examples=200, database=None, deadline=None)
        @given(request=requests())
        def draw(request: Request) -> None:
            seen.update(written_paths(request.to_dict()))

        draw()
        if published <= seen:
            break

    assert published - seen == set()


@pytest.mark.parametrize("name", sorted(CARDS))
def test_request_read_then_written_is_canonical(name: str) -> None:
    data = {
        "action": {"kind": "cast", "card": name.upper(), "player": "you", "x": 0},
        "battlefield": [{"id": "p1", "card": name, "tapped": False, "counters": {"charge": 0}}],
        "turn": {"active_player": "you", "phase": "main1"},
    }

    canonical = Request.from_dict(data, CATALOG).to_dict()

    announced = {"x": 0} if card(name).has_x else {}  # X announced as 0 is a choice made
    assert canonical == {
        "action": {"kind": "cast", "card": name, **announced},
        "battlefield": [{"id": "p1", "card": name}],
    }
    assert Request.from_dict(canonical, CATALOG).to_dict() == canonical


# --- The published schema says what the engine accepts ------------------------------------

REQUEST = jsonschema.Draft202012Validator(REQUEST_SCHEMA)
DEFS = REQUEST_SCHEMA["$defs"]


def test_request_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(REQUEST_SCHEMA)


def test_request_schema_limits_are_the_engines() -> None:
    action = DEFS["Action"]["properties"]
    permanent = DEFS["Permanent"]["properties"]
    spell = DEFS["StackSpell"]["properties"]
    top = REQUEST_SCHEMA["properties"]

    assert action["x"]["maximum"] == spell["x"]["maximum"] == MAX_X
    assert (
        action["kicker"]["items"]["maximum"] == permanent["kicker"]["items"]["maximum"] == MAX_KICKS
    )
    convoke_ids, convoke_auto = action["convoke"]["oneOf"]
    assert {action[key]["maxItems"] for key in ("kicker", "sacrifice", "targets")} == {MAX_LIST}
    assert convoke_ids["maxItems"] == MAX_LIST
    assert convoke_auto == {"const": "auto", "description": "The engine chooses the creatures."}
    assert action["cost_increases"]["maxItems"] == MAX_COST_INCREASES
    assert action["cost_reductions"]["maxItems"] == MAX_COST_INCREASES
    assert spell["targets"]["maxItems"] == MAX_LIST
    assert top["battlefield"]["maxItems"] == MAX_PERMANENTS
    assert top["stack"]["maxItems"] == MAX_STACK
    assert permanent["id"]["maxLength"] == action["card"]["maxLength"] == MAX_TEXT
    assert action["targets"]["items"]["maxLength"] == MAX_TEXT
    assert action["alternative_cost"]["maxLength"] == top["mana_pool"]["maxLength"] == MAX_MANA_TEXT
    assert permanent["counters"]["maxProperties"] == MAX_LIST
    assert permanent["counters"]["additionalProperties"]["maximum"] == MAX_COUNTERS
    assert permanent["counters"]["propertyNames"]["maxLength"] == MAX_COUNTER_KIND
    assert action["kind"]["enum"] == [kind.value for kind in ActionKind]
    assert DEFS["Turn"]["properties"]["phase"]["enum"] == [phase.value for phase in Phase]


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"kind": "cast", "card": "Chord of Calling", "x": MAX_X + 1}, "action.x"),
        ({"kind": "cast", "card": "Apex Hawks", "kicker": [MAX_KICKS + 1]}, "action.kicker[0]"),
        ({"kind": "cast", "card": "Shock", "targets": ["you"] * (MAX_LIST + 1)}, "action.targets"),
        (
            {"kind": "cast", "card": "Shock", "alternative_cost": "{1}" * (MAX_MANA_TEXT // 3 + 1)},
            "action.alternative_cost",
        ),
        (
            {"kind": "cast", "card": "Shock", "cost_increases": ["{1}"] * 11},
            "action.cost_increases",
        ),
    ],
)
def test_request_beyond_a_limit_is_refused_by_the_schema_and_the_engine(
    action: dict[str, object], field: str
) -> None:
    request = {"action": action}

    assert not REQUEST.is_valid(request)
    assert [e.field for e in errors_of(request)] == [field]


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "cast", "card": "Chord of Calling", "x": MAX_X},
        {"kind": "cast", "card": "Apex Hawks", "kicker": [MAX_KICKS]},
        {"kind": "cast", "card": "Shock", "targets": ["you"] * MAX_LIST},
    ],
)
def test_request_at_a_limit_is_accepted_by_the_schema_and_the_engine(
    action: dict[str, object],
) -> None:
    request = {"action": action, "assume_mana": True}

    assert REQUEST.is_valid(request)
    assert evaluate(request)["card"] == action["card"]


BEARS = {"id": "c1", "card": "Grizzly Bears"}


@pytest.mark.parametrize(
    ("flag", "phase", "message"),
    [
        (
            "attacking",
            "main1",
            "a creature is attacking only during the combat phase (CR 508.1, 511.3)",
        ),
        (
            "attacking",
            "end",
            "a creature is attacking only during the combat phase (CR 508.1, 511.3)",
        ),
        (
            "blocking",
            "main2",
            "a creature is blocking only during the combat phase (CR 509.1, 511.3)",
        ),
    ],
)
def test_511_3_attacking_or_blocking_outside_combat_is_a_request_error(
    flag: str, phase: str, message: str
) -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{**BEARS, "controller": "you", flag: True}],
        "turn": {"active_player": "you" if flag == "attacking" else "opponent", "phase": phase},
    }

    assert errors_of(request) == (FieldError(f"battlefield[0].{flag}", message),)


def test_508_1a_only_the_active_players_creatures_attack() -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{**BEARS, "controller": "opponent", "attacking": True}],
        "turn": {"active_player": "you", "phase": "combat"},
    }

    assert errors_of(request) == (
        FieldError(
            "battlefield[0].attacking", "only the active player's creatures attack (CR 508.1a)"
        ),
    )


def test_509_1a_only_the_defending_players_creatures_block_and_not_while_attacking() -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{**BEARS, "attacking": True, "blocking": True}],
        "turn": {"active_player": "you", "phase": "combat"},
    }

    assert [e.field for e in errors_of(request)] == [
        "battlefield[0].blocking",
        "battlefield[0].blocking",
    ]


def test_508_1a_a_land_is_never_attacking() -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{"id": "f1", "card": "Forest", "attacking": True}],
        "turn": {"active_player": "you", "phase": "combat"},
    }

    assert errors_of(request) == (
        FieldError(
            "battlefield[0].attacking", "only a creature can be attacking (CR 508.1a, 509.1a)"
        ),
    )


def test_508_1a_attackers_and_blockers_in_combat_are_a_possible_board() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["b1"]},
            "battlefield": [
                {**BEARS, "controller": "you", "attacking": True},
                {"id": "b1", "card": "Savannah Lions", "controller": "opponent", "blocking": True},
                {"id": "m1", "card": "Mountain"},
            ],
            "turn": {"active_player": "you", "phase": "combat"},
        }
    )

    assert response["legal"] is True
