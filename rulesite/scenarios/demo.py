"""Demo scenarios: the questions the official clarifications in the seeds answer, set up as
evaluate requests. Only the set-ups and questions are written here; the answers are computed
by the engine when the demo is loaded (``services.load_demo_scenarios``)."""

from __future__ import annotations

from typing import Any

MAIN_PHASE = {"active_player": "you", "phase": "main1"}
OPPONENT_MAIN = {"active_player": "opponent", "phase": "main1"}


def _lands(card: str, count: int, prefix: str) -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}", "card": card, "controller": "you"} for i in range(1, count + 1)]


_TWINCAST_BOARD: dict[str, Any] = {
    "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
    "stack": [
        {
            "id": "s1",
            "card": "Burst Lightning",
            "controller": "you",
            "kicker": [1],
            "targets": ["opponent"],
        },
        {"id": "s2", "card": "Twincast", "controller": "you", "targets": ["s1"]},
    ],
    "turn": MAIN_PHASE,
}

_CONVOKE_CREATURES: list[dict[str, Any]] = [
    {"id": "c1", "card": "Llanowar Elves", "controller": "you"},
    {"id": "c2", "card": "Qasali Pridemage", "controller": "you", "summoning_sick": True},
    {"id": "c3", "card": "Grizzly Bears", "controller": "you"},
    {"id": "c4", "card": "Savannah Lions", "controller": "you"},
]

DEMO_SCENARIOS: list[dict[str, Any]] = [
    {
        "key": "twincast-kicked-burst-lightning-en",
        "language": "en",
        "title": "Does the copy of my kicked Burst Lightning deal 4?",
        "question": (
            "I cast Burst Lightning with kicker at my opponent, then copy it with "
            "**Twincast**. I never paid the kicker for the copy: does it deal 2 or 4?"
        ),
        "scenario": _TWINCAST_BOARD,
    },
    {
        "key": "twincast-kicked-burst-lightning-fr",
        "language": "fr",
        "title": "La copie de mon Éclair explosif kické inflige-t-elle 4 blessures ?",
        "question": (
            "Je lance Éclair explosif kické sur mon adversaire puis je le copie avec "
            "**Twincast**. Je n'ai pas payé le kick de la copie : inflige-t-elle 2 ou 4 blessures ?"
        ),
        "scenario": _TWINCAST_BOARD,
    },
    {
        "key": "clone-kicked-gnarlid-colony-en",
        "language": "en",
        "title": "Is my Clone of a kicked Gnarlid Colony kicked too?",
        "question": (
            "My opponent's Gnarlid Colony was kicked and has two +1/+1 counters. "
            "My Clone enters as a copy of it: does the Clone get the counters, and do my "
            "creatures with +1/+1 counters get trample?"
        ),
        "scenario": {
            "action": {"kind": "enter_as_copy", "player": "you", "card": "Clone", "copy_of": "g1"},
            "battlefield": [
                {
                    "id": "g1",
                    "card": "Gnarlid Colony",
                    "controller": "opponent",
                    "kicker": [1],
                    "counters": {"+1/+1": 2},
                }
            ],
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "copie-sort-permanent-colonie-fr",
        "language": "fr",
        "title": "Le jeton copie d'une Colonie de gnarlides kickée est-il kické ?",
        "question": (
            "Je lance la Colonie de gnarlides avec son kick, puis je la copie avec "
            "*Double Major* pendant qu'elle est sur la pile. Le jeton arrive-t-il avec deux "
            "marqueurs +1/+1 ?"
        ),
        "scenario": {
            "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
            "stack": [
                {"id": "s1", "card": "Gnarlid Colony", "controller": "you", "kicker": [1]},
                {"id": "s2", "card": "Double Major", "controller": "you", "targets": ["s1"]},
            ],
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "shock-under-kicked-molten-disaster-en",
        "language": "en",
        "title": "Can I respond with Shock to a kicked Molten Disaster?",
        "question": (
            "My opponent casts Molten Disaster with kicker (X = 3). I have two Mountains "
            "untapped. Can I cast Shock in response?"
        ),
        "scenario": {
            "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
            "battlefield": _lands("Mountain", 2, "m"),
            "stack": [
                {
                    "id": "s1",
                    "card": "Molten Disaster",
                    "controller": "opponent",
                    "kicker": [1],
                    "x": 3,
                }
            ],
            "turn": OPPONENT_MAIN,
        },
    },
    {
        "key": "choc-sous-desastre-non-kicke-fr",
        "language": "fr",
        "title": "Et si le Désastre en fusion n'est pas kické ?",
        "question": (
            "Même situation, mais mon adversaire n'a pas payé le kick de Molten Disaster. "
            "Puis-je répondre avec Shock ?"
        ),
        "scenario": {
            "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
            "battlefield": _lands("Mountain", 2, "m"),
            "stack": [{"id": "s1", "card": "Molten Disaster", "controller": "opponent", "x": 3}],
            "turn": OPPONENT_MAIN,
        },
    },
    {
        "key": "face-up-under-split-second-en",
        "language": "en",
        "title": "Can I turn my face-down creature face up while Sudden Shock is on the stack?",
        "question": (
            "My opponent casts Sudden Shock (split second) at my face-down Exalted Angel. "
            "Can I still turn it face up for its morph cost?"
        ),
        "scenario": {
            "action": {"kind": "turn_face_up", "player": "you", "source": "c1"},
            "battlefield": [
                {"id": "c1", "card": "Exalted Angel", "controller": "you", "face_down": True}
            ],
            "stack": [
                {"id": "s1", "card": "Sudden Shock", "controller": "opponent", "targets": ["c1"]}
            ],
            "assume_mana": True,
            "turn": OPPONENT_MAIN,
        },
    },
    {
        "key": "primarch-kick-convocation-fr",
        "language": "fr",
        "title": "Primarque kavu kické, payé par convocation",
        "question": (
            "J'ai quatre Forêts et quatre créatures dont un Qasali Pridemage arrivé ce tour-ci. "
            "Puis-je lancer Kavu Primarch **kické** (coût total {7}{G}) en convoquant les "
            "quatre créatures ?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Kavu Primarch",
                "kicker": [1],
                "convoke": ["c1", "c2", "c3", "c4"],
            },
            "battlefield": _lands("Forest", 4, "f") + _CONVOKE_CREATURES,
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "primarch-omniscience-convoke-en",
        "language": "en",
        "title": "Kicked Kavu Primarch for free with Omniscience: can convoke pay the kicker?",
        "question": (
            "With Omniscience I cast Kavu Primarch without paying its mana cost, but I want "
            "to kick it. Convoke isn't an alternative cost: can my four creatures pay the {4}?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Kavu Primarch",
                "kicker": [1],
                "alternative_cost": "{0}",
                "convoke": ["c1", "c2", "c3", "c4"],
            },
            "battlefield": [{"id": "o1", "card": "Omniscience", "controller": "you"}]
            + _CONVOKE_CREATURES,
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "thalia-electromancer-burst-lightning-en",
        "language": "en",
        "title": "Kicked Burst Lightning with Thalia and Goblin Electromancer out",
        "question": (
            "My opponent controls Thalia, Guardian of Thraben; I control Goblin Electromancer. "
            "What is the total cost of Burst Lightning with kicker, and what is its mana value?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Burst Lightning",
                "kicker": [1],
                "targets": ["opponent"],
            },
            "battlefield": [
                {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"},
                {"id": "e1", "card": "Goblin Electromancer", "controller": "you"},
            ]
            + _lands("Mountain", 5, "m"),
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "colonie-sans-la-lancer-fr",
        "language": "fr",
        "title": "Colonie de gnarlides mise sur le champ de bataille sans être lancée",
        "question": (
            "Un effet me fait mettre la Colonie de gnarlides sur le champ de bataille sans la "
            "lancer. Peut-elle être kickée et arriver avec deux marqueurs +1/+1 ?"
        ),
        "scenario": {
            "action": {"kind": "put_onto_battlefield", "player": "you", "card": "Gnarlid Colony"},
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "chalice-trigger-under-split-second-en",
        "language": "en",
        "title": "Does Chalice of the Void still trigger on a split second spell?",
        "question": (
            "My opponent has Chalice of the Void with two charge counters. I cast Sudden "
            "Shock. Split second is on the stack: does the Chalice trigger still go on the stack?"
        ),
        "scenario": {
            "action": {"kind": "put_trigger_on_stack", "player": "opponent", "source": "ch1"},
            "battlefield": [
                {
                    "id": "ch1",
                    "card": "Chalice of the Void",
                    "controller": "opponent",
                    "counters": {"charge": 2},
                }
            ],
            "stack": [
                {"id": "s1", "card": "Sudden Shock", "controller": "you", "targets": ["opponent"]}
            ],
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "sort-lance-par-declencheur-fraction-fr",
        "language": "fr",
        "title": "Lancer un sort pendant la résolution d'un déclencheur, sous fraction de seconde",
        "question": (
            "Un Désastre en fusion kické est sur la pile. Une capacité déclenchée qui se "
            "résout me permet de lancer Lightning Bolt : est-ce possible ?"
        ),
        "scenario": {
            "action": {
                "kind": "cast_from_trigger",
                "player": "you",
                "card": "Lightning Bolt",
                "targets": ["opponent"],
            },
            "stack": [
                {
                    "id": "s1",
                    "card": "Molten Disaster",
                    "controller": "opponent",
                    "kicker": [1],
                    "x": 1,
                }
            ],
            "assume_mana": True,
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "eclair-explosif-valeur-de-mana-fr",
        "language": "fr",
        "title": "Quelle est la valeur de mana d'un Éclair explosif kické ?",
        "question": (
            "Je paie {4}{R} pour lancer Éclair explosif kické. Sa valeur de mana devient-elle 5 ?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Éclair explosif",
                "kicker": [1],
                "targets": ["opponent"],
            },
            "battlefield": _lands("Mountain", 5, "m"),
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "everflowing-chalice-multikicked-three-times-en",
        "language": "en",
        "title": "Everflowing Chalice kicked three times: what does it cost and what does it do?",
        "question": (
            "I have six lands and cast Everflowing Chalice paying its multikicker {2} "
            "three times. What is the total cost, and how many charge counters does it enter with?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Everflowing Chalice",
                "kicker": [3],
            },
            "battlefield": _lands("Forest", 6, "f"),
            "turn": MAIN_PHASE,
        },
    },
    {
        "key": "meneur-de-guerre-joraga-multikick-fr",
        "language": "fr",
        "title": "Meneur de guerre de Joraga multikické deux fois : quel coût total ?",
        "question": (
            "Je lance le Meneur de guerre de Joraga ({G}) en payant son multikick {1}{G} deux "
            "fois. Combien coûte-t-il en tout, et quelle est sa valeur de mana ?"
        ),
        "scenario": {
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Meneur de guerre de Joraga",
                "kicker": [2],
            },
            "battlefield": _lands("Forest", 5, "f"),
            "turn": MAIN_PHASE,
        },
    },
]
