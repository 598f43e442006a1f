"""The card fields an import writes: the source's English with the fields derived from it, and
the French printed text, which curators edit too."""

CARD_FIELDS = (
    "oracle_id",
    "name",
    "mana_cost",
    "mana_value",
    "type_line",
    "colors",
    "power",
    "toughness",
    "loyalty",
    "oracle_text",
    "color_identity",
    "meld_back_face",
    # derived (rulesite.cards.models.card_search_fields and card_derived_fields)
    "search_text",
    "search_name",
    "sort_name_fr",
    "power_value",
    "toughness_value",
    "loyalty_value",
)

#: The card's French printed text: curators edit it.
FRENCH_FIELDS = ("name_fr", "type_line_fr", "printed_text_fr", "printed_set_fr")

ALL_FIELDS = (*CARD_FIELDS, *FRENCH_FIELDS)
