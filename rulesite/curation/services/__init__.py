"""Curation's writes, one module per domain.

- ``importing``: the card and ruling upsert behind every importer (``import_cards``);
- ``roles``: the "curator" group (``setup_curator_group``);
- ``review``: the French review status of clarifications (``set_translation_status``);
- ``translation``: machine translation of missing French and its backends (``DeepLBackend``).
"""
