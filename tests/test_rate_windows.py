import time

from django_ratelimit.core import _get_window

from tests.rate_windows import start_clear_of_window_end


def test_a_counting_test_starts_with_the_seconds_it_needs_left_in_its_window() -> None:
    start_clear_of_window_end("1/m", "203.0.113.50", seconds=5.0)

    assert _get_window("203.0.113.50", 60) - time.time() >= 4.9
