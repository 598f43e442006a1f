"""The Comprehensive Rules' French terms every French clarification must use.

These are the terms of the official French rules (and of French printed cards) for the words
that come up in clarifications; keyword names are added from the data by the imports
(``services.glossary.french_keyword_names``). The list seeds the glossary table after every
``migrate``; curators then edit the table in the admin (a seeded term that exists already is
never changed).
"""

from __future__ import annotations

#: (English, French, note)
RULES_TERMS: tuple[tuple[str, str, str], ...] = (
    ("kicker", "kick", "702.33: the keyword is Kick in French"),
    ("kicker cost", "coût de kick", ""),
    ("kicked", "kické", "a spell whose kicker cost was paid"),
    ("multikicker", "multikick", "702.33c"),
    ("convoke", "convocation", "702.51"),
    ("split second", "fraction de seconde", "702.61"),
    ("delve", "fouille", "702.66"),
    ("mana value", "valeur de mana", "202.3"),
    ("converted mana cost", "coût converti de mana", "older name of mana value"),
    ("mana cost", "coût de mana", "202.1"),
    ("total cost", "coût total", "601.2f"),
    ("additional cost", "coût supplémentaire", "601.2b"),
    ("alternative cost", "coût alternatif", "118.9"),
    ("battlefield", "champ de bataille", "403"),
    ("stack", "pile", "405"),
    ("graveyard", "cimetière", "404"),
    ("library", "bibliothèque", "401"),
    ("exile", "exiler", "701.13"),
    ("sacrifice", "sacrifier", "701.21"),
    ("untap", "dégager", "701.26"),
    ("tap", "engager", "701.26"),
    ("triggered ability", "capacité déclenchée", "603"),
    ("activated ability", "capacité activée", "602"),
    ("static ability", "capacité statique", "604"),
    ("mana ability", "capacité de mana", "605"),
    ("token", "jeton", "111"),
    ("instant", "éphémère", "304"),
    ("sorcery", "rituel", "307"),
    ("enchantment", "enchantement", "303"),
    ("artifact", "artefact", "301"),
    ("copy", "copier", "707: copy, copie"),
    ("cast", "lancer", "601"),
    ("controller", "contrôleur", "108.4"),
    ("owner", "propriétaire", "108.3"),
    ("priority", "priorité", "117"),
    ("target", "cibler", "115: target, cible"),
    ("flashback", "flashback", "702.34"),
    ("trample", "piétinement", "702.19"),
)
