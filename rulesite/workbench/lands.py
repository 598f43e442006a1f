"""The lands to pay: "Put the lands to pay on the battlefield" on the workbench.

The control puts on the acting player's battlefield the basic lands that pay what the board
leaves unpaid of the cast, and stops assuming mana, so the answer is judged with real
sources. The engine decides what is unpaid (its 601.2h violation names it); this module only
chooses a basic land for each unpaid symbol (CR 305.6: a basic land type's intrinsic mana
ability):

- a colored symbol (hybrid, Phyrexian or {2/W} included) — the basic land of its color, of a
  color of the card first when the symbol offers several;
- generic mana — the basic lands of the card's colors in turn (WUBRG order); a colorless
  card's generic mana, Wastes when the catalog has it, else the first basic land it has;
- {C} — Wastes.

A symbol no basic land of the catalog pays (snow mana, {C} without Wastes) is reported. The
lands added are checked by asking the engine again, a few rounds at most.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

import engine
from engine.contract import MAX_PERMANENTS, ActionKind, Player
from engine.mana import Color, SymbolKind
from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.mapping import Workbench, form_data
from rulesite.workbench.results import card_name, unpaid_mana
from rulesite.workbench.services import evaluate

__all__ = ["BASIC_LANDS", "WASTES", "LandsAdded", "put_lands_to_pay"]

BASIC_LANDS = {
    Color.WHITE: "Plains",
    Color.BLUE: "Island",
    Color.BLACK: "Swamp",
    Color.RED: "Mountain",
    Color.GREEN: "Forest",
}
"""The basic land of each color, by its English name (CR 305.6)."""
WASTES = "Wastes"
"""The basic land with no basic land type, whose ability adds {C}."""
COLOR_ORDER = tuple(Color)
ROUNDS = 3
"""Engine answers asked at most: a first payment can show more unpaid once lands are there
(a hybrid or generic symbol the search paid otherwise)."""


@dataclass(frozen=True)
class LandsAdded:
    """The bench's data with the lands added, and what could not be paid with basic lands."""

    data: QueryDict
    lands: tuple[str, ...]
    """The lands put on the battlefield, by the names the form shows."""
    unpayable: tuple[str, ...]
    """Symbols no basic land of the catalog pays (``{S}``, ``{C}`` without Wastes)."""
    full: bool = False
    """The battlefield reached its limit before every land was added."""

    @property
    def counted(self) -> str:
        """The lands added, each name once with its count: "Mountain ×4, Forest"."""
        counts = Counter(self.lands)
        return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())


class _Chooser:
    """Chooses a basic land for each unpaid symbol of one card's cost."""

    def __init__(self, card: engine.CardDefinition, catalog: CardCatalog) -> None:
        self.catalog = catalog
        self.colors = [c for c in COLOR_ORDER if c in card.colors]
        known = [c for c in COLOR_ORDER if catalog.card(BASIC_LANDS[c]) is not None]
        self.has_wastes = catalog.card(WASTES) is not None
        self.generic_lands = [BASIC_LANDS[c] for c in self.colors if c in known]
        if not self.generic_lands:
            self.generic_lands = (
                [WASTES] if self.has_wastes else [BASIC_LANDS[c] for c in known][:1]
            )
        self.known = set(known)
        self.turn = itertools.cycle(self.generic_lands) if self.generic_lands else None

    def _colored(self, colors: Sequence[Color]) -> str | None:
        preferred = [c for c in colors if c in self.colors] + list(colors)
        return next((BASIC_LANDS[c] for c in preferred if c in self.known), None)

    def lands(self, unpaid: engine.ManaCost) -> tuple[list[str], list[str]]:
        """The English names of the lands paying ``unpaid``, and the symbols none pays."""
        lands: list[str] = []
        unpayable: list[str] = []
        for symbol in unpaid.symbols:
            land: str | None
            if symbol.kind is SymbolKind.GENERIC:
                if self.turn is None:
                    unpayable.append(str(symbol))
                else:
                    lands.extend(next(self.turn) for _ in range(symbol.amount))
                continue
            if symbol.kind is SymbolKind.COLORLESS:
                land = WASTES if self.has_wastes else None
            elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
                land = WASTES if self.has_wastes else self._colored(symbol.colors)
            elif symbol.colors:
                land = self._colored(symbol.colors)
            else:  # snow, or X left in a cost
                land = None
            if land is None:
                unpayable.append(str(symbol))
            else:
                lands.append(land)
        return lands, unpayable


def _fresh_ids(taken: Iterable[str]) -> Iterable[str]:
    used = set(taken)
    for number in itertools.count(1):
        if f"p{number}" not in used:
            yield f"p{number}"


def put_lands_to_pay(data: QueryDict, *, catalog: CardCatalog, french: bool) -> LandsAdded:
    """``data`` with the basic lands that pay the cast on its player's battlefield, mana no
    longer assumed. Data that doesn't make a valid cast comes back as it is (its errors
    are shown as usual)."""
    bench = Workbench(data, catalog=catalog)
    definition = bench.cast.definition
    if not bench.is_valid() or definition is None:
        return LandsAdded(data, (), ())
    request: dict[str, Any] = bench.request_data()
    if not ActionKind(request["action"]["kind"]).is_cast:
        return LandsAdded(data, (), ())
    request.pop("assume_mana", None)
    player = request["action"].get("player") or Player.YOU.value
    battlefield: list[dict[str, Any]] = request.setdefault("battlefield", [])
    chooser = _Chooser(definition, catalog)
    added: list[str] = []
    unpayable: list[str] = []
    full = False
    for _round in range(ROUNDS):
        try:
            outcome = evaluate(request, catalog=catalog).outcome
        except engine.RequestError:
            break
        unpaid = unpaid_mana(outcome)
        if unpaid is None:
            break
        names, unpayable = chooser.lands(unpaid)
        room = MAX_PERMANENTS - len(battlefield)
        full = len(names) > room
        ids = _fresh_ids(p["id"] for p in battlefield)
        for name, ident in zip(names[: max(room, 0)], ids, strict=False):
            card = catalog.card(name)
            shown = card_name(card, french=french) if card is not None else name
            battlefield.append({"id": ident, "card": shown, "controller": player})
            added.append(shown)
        if not names or full:
            break
    if not battlefield:
        del request["battlefield"]
    return LandsAdded(form_data(request), tuple(added), tuple(unpayable), full)
