import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


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
