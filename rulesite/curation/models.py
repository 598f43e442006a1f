"""Curation has no tables of its own: it curates ``rulesite.cards``.

This module exists so that Django sends the app its ``post_migrate`` signal, which creates the
"curator" group (see ``CurationConfig.ready``).
"""
