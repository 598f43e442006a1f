"""Records that explain a decision, each citing its rule, in English and French.

>>> Step(rule="601.2f", text="Total cost {R}.", text_fr="Coût total {R}.").to_dict()["rule"]
'601.2f'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CostStep", "Step", "Violation"]


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the rule and a message in English and French.

    >>> Violation(rule="307.1", message="Not your turn.", message_fr="Pas votre tour.").rule
    '307.1'
    """

    rule: str
    message: str
    message_fr: str

    def to_dict(self) -> dict[str, str]:
        """Return the JSON form.

        >>> Violation(rule="1", message="a", message_fr="b").to_dict()
        {'rule': '1', 'message': 'a', 'message_fr': 'b'}
        """
        return {"rule": self.rule, "message": self.message, "message_fr": self.message_fr}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the explanation trace, citing the rule (and ruling) that decides it.

    >>> Step(rule="702.33d", text="Kicked.", text_fr="Kické.").text_fr
    'Kické.'
    """

    rule: str
    text: str
    text_fr: str

    def to_dict(self) -> dict[str, str]:
        """Return the JSON form.

        >>> Step(rule="1", text="a", text_fr="b").to_dict()
        {'rule': '1', 'text': 'a', 'text_fr': 'b'}
        """
        return {"rule": self.rule, "text": self.text, "text_fr": self.text_fr}


@dataclass(frozen=True, slots=True)
class CostStep:
    """One step of the total cost computation (CR 601.2f) and the running total after it.

    >>> CostStep(rule="601.2f", label="Mana cost", label_fr="Coût de mana", cost="{R}").cost
    '{R}'
    """

    rule: str
    label: str
    label_fr: str
    cost: str

    def to_dict(self) -> dict[str, str]:
        """Return the JSON form.

        >>> CostStep(rule="1", label="a", label_fr="b", cost="{0}").to_dict()["cost"]
        '{0}'
        """
        return {
            "rule": self.rule,
            "label": self.label,
            "label_fr": self.label_fr,
            "cost": self.cost,
        }
