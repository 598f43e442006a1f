"""The JSON log line (rulesite.core.logformat): one object per record, extras included."""

from __future__ import annotations

import datetime
import json
import logging

from rulesite.core.logformat import JSONFormatter, encoded_fields


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


def test_a_record_with_its_fields_encoded_is_the_line_of_the_same_record_without() -> None:
    fields = {"request_id": "ab12", "path": '/fr/cartes/"é"\n', "status": 404, "htmx": False}
    plain = logging.LogRecord("rulesite.requests", logging.WARNING, "", 0, "GET %s", ("/",), None)
    plain.__dict__.update(fields)
    encoded = logging.LogRecord("rulesite.requests", logging.WARNING, "", 0, "GET %s", ("/",), None)
    encoded.__dict__.update(fields, json_fields=encoded_fields(fields))
    encoded.created = plain.created

    assert JSONFormatter().format(encoded) == JSONFormatter().format(plain)
    assert json.loads(JSONFormatter().format(encoded))["path"] == fields["path"]
