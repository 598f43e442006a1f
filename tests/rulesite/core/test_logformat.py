"""The JSON log line (rulesite.core.logformat): one object per record, extras included."""

from __future__ import annotations

import datetime
import json
import logging

from rulesite.core.logformat import JSONFormatter


def test_a_record_is_one_json_line_with_its_extras_unescaped_and_odd_values_as_text() -> None:
    record = logging.LogRecord("rulesite.requests", logging.INFO, "", 0, "GET %s", ("/fr/",), None)
    record.path = "/fr/cartes/éclair-explosif/"
    record.when = datetime.date(2026, 12, 1)

    line = JSONFormatter().format(record)

    assert "\n" not in line
    assert "éclair-explosif" in line
    entry = json.loads(line)
    assert entry["message"] == "GET /fr/"
    assert entry["level"] == "INFO"
    assert entry["when"] == "2026-12-01"
