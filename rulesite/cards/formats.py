"""The names of the formats a card's legality is given for, as Wizards of the Coast and
Scryfall write them, from MTGJSON's keys ("paupercommander" is Pauper Commander)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

FORMAT_NAMES: dict[str, Promise] = {
    "standard": pgettext_lazy("format", "Standard"),
    "future": pgettext_lazy("format", "Future Standard"),
    "historic": pgettext_lazy("format", "Historic"),
    "timeless": pgettext_lazy("format", "Timeless"),
    "gladiator": pgettext_lazy("format", "Gladiator"),
    "pioneer": pgettext_lazy("format", "Pioneer"),
    "explorer": pgettext_lazy("format", "Explorer"),
    "modern": pgettext_lazy("format", "Modern"),
    "legacy": pgettext_lazy("format", "Legacy"),
    "pauper": pgettext_lazy("format", "Pauper"),
    "vintage": pgettext_lazy("format", "Vintage"),
    "penny": pgettext_lazy("format", "Penny Dreadful"),
    "commander": pgettext_lazy("format", "Commander"),
    "oathbreaker": pgettext_lazy("format", "Oathbreaker"),
    "standardbrawl": pgettext_lazy("format", "Standard Brawl"),
    "brawl": pgettext_lazy("format", "Brawl"),
    "historicbrawl": pgettext_lazy("format", "Historic Brawl"),
    "alchemy": pgettext_lazy("format", "Alchemy"),
    "paupercommander": pgettext_lazy("format", "Pauper Commander"),
    "duel": pgettext_lazy("format", "Duel Commander"),
    "oldschool": pgettext_lazy("format", "Old School"),
    "premodern": pgettext_lazy("format", "Premodern"),
    "predh": pgettext_lazy("format", "PreDH"),
}


def format_name(key: str) -> str:
    """The format's name in the page's language; a key with no name yet, capitalised."""
    name = FORMAT_NAMES.get(key)
    return str(name) if name is not None else key.capitalize()
