"""The curators' tool: the Django admin for cards, clarifications, keywords and rules, the
review editor, the glossary, imports and the change log (one module per subject)."""

from rulesite.curation.admin import cards, records, reference, rulings

__all__ = ["cards", "records", "reference", "rulings"]
