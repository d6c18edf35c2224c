import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Text tables fit COLUMNS when it is set (cli/fit.py): the tests' exact outputs are the full tables, whatever the
# shell that runs them exports; tests/test_fit.py sets it where it means to.
os.environ.pop("COLUMNS", None)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for every page test of a test process (tests/webserver.py's chromium(): skipped,
    saying why, where none is installed); each test opens its own phone() (a fresh context) in it."""
    from webserver import chromium

    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def base():
    """The page's server (an app with no games kept) for a module's tests: its base URL."""
    from webserver import running

    from mjscore.web.app import create_app

    with running(create_app()) as url:
        yield url


FIGURE = "figure"  # a user property: a measured figure a test prints in the run's summary


@pytest.fixture
def figure(request):
    """say(text): a measured figure (a load test's slowest save, an evening's taps) printed in the run's summary
    under "figures", where CI shows it; a print() alone is swallowed by the test processes of pytest-xdist."""
    def say(text: str) -> None:
        request.node.user_properties.append((FIGURE, text))
    return say


def pytest_terminal_summary(terminalreporter):
    said = [(report.nodeid, value) for reports in terminalreporter.stats.values() for report in reports
            if hasattr(report, "user_properties") and getattr(report, "when", "") == "call"
            for key, value in report.user_properties if key == FIGURE]
    if said:
        terminalreporter.section("figures")
        for nodeid, text in said:
            terminalreporter.write_line(f"{nodeid}: {text}")
