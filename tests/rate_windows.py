"""Rate-limit windows for tests that count requests.

django-ratelimit counts in fixed windows whose end falls at a second of the period fixed per
key (here the client's address): requests on both sides of an end are counted in two windows,
so a burst across one may see twice the rate. A test that counts starts clear of an end.
"""

from __future__ import annotations

import time

from django_ratelimit.core import _get_window, _split_rate


def start_clear_of_window_end(rate: str, *addresses: str, seconds: float = 5.0) -> None:
    """Wait, when needed, until every address's current window of ``rate`` has at least
    ``seconds`` left."""
    _limit, period = _split_rate(rate)
    for address in addresses or ("127.0.0.1",):
        left = _get_window(address, period) - time.time()
        if left < seconds:
            time.sleep(max(left, 0.0) + 1.0)
