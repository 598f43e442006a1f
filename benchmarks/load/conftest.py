# The load harness is run as scripts (make bench, make soak), not collected by pytest.
collect_ignore_glob = ["*.py"]
