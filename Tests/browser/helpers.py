"""What a clerk does in the browser, as small steps the journeys share.

Every wait is a WebDriverWait on a condition (a page replaced, a URL reached), never a sleep.
"""

import base64
import os
import pathlib
import re
import sys
import uuid
from urllib.parse import urlparse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from cleanstore_testkit import VALID_ORDER  # noqa: E402  (the scripts' folder is no package)

# The snapshot references of the Swift tests: every page state the server renders, as text.
SNAPSHOTS = REPO / "Tests" / "CleanStoreTests" / "Server" / "__Snapshots__" / "PageSnapshotTests"

BASE_URL = os.environ.get("CLEANSTORE_URL", "").rstrip("/")
ARTIFACTS = pathlib.Path(os.environ.get("BROWSER_ARTIFACTS", "/tmp/cleanstore-browser-tests"))
SCREENSHOTS = ARTIFACTS / "screenshots"
PAGES = ARTIFACTS / "pages"
TIMEOUT = 10

SHIPPING_METHODS = {"0": "Standard Shipping", "1": "One-Day Shipping", "2": "Two-Day Shipping"}


def valid_order(**changes):
    """A valid order as a clerk types it (scripts/cleanstore_testkit.py's, which the scripts post
    too), every field in the form's order; "same as shipping" is a tick (True)."""
    order = dict(VALID_ORDER, billingAddressSameAsShipping=True)
    order.update(changes)
    return order


def url(path):
    assert BASE_URL, "CLEANSTORE_URL is not set: run the browser tests with scripts/browser-tests"
    return BASE_URL + path


def path_of(driver):
    return urlparse(driver.current_url).path


def wait(driver, timeout=TIMEOUT):
    return WebDriverWait(driver, timeout)


def wait_until_loaded(driver):
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def open_page(driver, path):
    driver.get(url(path))
    wait_until_loaded(driver)


def navigate(driver, action):
    """Runs `action` (a click, Enter, Back…) and waits until the page it started on was replaced
    by a loaded one. The old page is marked with a token that a new page does not carry (an element
    reference can't tell: mid-navigation Chromium may answer with an inspector error instead of
    'stale')."""
    token = uuid.uuid4().hex
    driver.execute_script("window.__journeyPage = arguments[0];", token)
    action()

    def replaced_and_loaded(d):
        try:
            return d.execute_script(
                "return window.__journeyPage !== arguments[0] && document.readyState === 'complete';",
                token)
        except WebDriverException:  # the old page unloading under the call
            return False

    wait(driver).until(replaced_and_loaded, f"the page did not change: still {driver.current_url}")


def field(driver, name):
    return driver.find_element(By.ID, name)


def type_into(driver, name, text):
    element = field(driver, name)
    element.clear()
    if text:
        element.send_keys(text)


def value_of(driver, name):
    return field(driver, name).get_attribute("value")


def set_checkbox(driver, name, ticked):
    box = field(driver, name)
    if box.is_selected() != ticked:
        box.click()
    assert box.is_selected() == ticked


def fill_form(driver, order):
    """Types every field of `order` (a dict named like the form's fields) into the form."""
    for name, value in order.items():
        if name == "shipmentMethodSpeed":
            Select(field(driver, name)).select_by_value(value)
        elif name == "billingAddressSameAsShipping":
            set_checkbox(driver, name, value)
        else:
            if name.startswith("billing") and not field(driver, name).is_displayed():
                set_checkbox(driver, "billingAddressSameAsShipping", False)
            type_into(driver, name, value)


def submit(driver):
    button = driver.find_element(By.CSS_SELECTOR, "form.order-form button[type=submit]")
    navigate(driver, button.click)


def flash(driver):
    return driver.find_element(By.CSS_SELECTOR, ".flash").text


def order_id_from_flash(driver):
    match = re.search(r"Order (\d+)", flash(driver))
    assert match, f"the flash names no order: {flash(driver)!r}"
    return match.group(1)


def create_order(driver, order):
    """Fills and saves the new-order form; returns the new order's id from the flash."""
    open_page(driver, "/orders/new")
    fill_form(driver, order)
    submit(driver)
    assert path_of(driver) == "/orders", driver.title
    return order_id_from_flash(driver)


def count_orders(driver):
    """Counts the rows of the list, following `rel=next` links through every page."""
    open_page(driver, "/orders")
    total = 0
    while True:
        total += len(driver.find_elements(By.CSS_SELECTOR, "table.orders tbody tr"))
        following = driver.find_elements(By.CSS_SELECTOR, 'a[rel~="next"]')
        if not following:
            return total
        navigate(driver, following[0].click)


# The page states the journeys save for the HTML checker (save_page), by name.
JOURNEY_PAGES = ["list", "detail", "form-new", "form-errors", "form-edit"]


def visit_journey_pages(driver, visit):
    """Goes through the journeys' page states on the real server and calls visit(name) at each:
    the new form, that form sent back empty with its mistakes, the list after a save (with its
    message), the order's page and its edit form."""
    open_page(driver, "/orders/new")
    visit("form-new")
    submit(driver)
    visit("form-errors")
    order_id = create_order(driver, valid_order())
    visit("list")
    navigate(driver, driver.find_element(By.LINK_TEXT, f"Order {order_id}").click)
    visit("detail")
    open_page(driver, f"/orders/{order_id}/edit")
    visit("form-edit")


def detail_values(driver):
    """The detail page's <dt> → <dd> pairs; an address <dd> becomes its list of lines."""
    values = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "section.details dl > div"):
        term = row.find_element(By.TAG_NAME, "dt").text
        lines = row.find_elements(By.CSS_SELECTOR, "dd .line")
        dd = row.find_element(By.TAG_NAME, "dd")
        values[term] = [line.text for line in lines] if lines else dd.text
    return values


def active_id(driver):
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def in_viewport(driver, element):
    return driver.execute_script(
        "var r = arguments[0].getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;", element)


def save_page(driver, name):
    """Saves the page as the browser holds it (after the script ran), for the HTML checker."""
    PAGES.mkdir(parents=True, exist_ok=True)
    # page_source leaves out the doctype; put back the one the page has (if any).
    html = driver.execute_script(
        "var d = document.doctype;"
        "return (d ? new XMLSerializer().serializeToString(d) + '\\n' : '')"
        " + document.documentElement.outerHTML;")
    (PAGES / f"{name}.html").write_text(html, encoding="utf-8")


def screenshot(driver, name):
    """Full-page screenshots at a desktop width and at 360 px (a small phone)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for suffix, width in (("desktop", 1280), ("360px", 360)):
        at_width(driver, width)
        assert_fits(driver, name, width)
        size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": size["height"], "scale": 1}})
        (SCREENSHOTS / f"{name}-{suffix}.png").write_bytes(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def has_focus_ring(driver, element):
    """A visible focus indicator: an outline of 2 px or more, or a box-shadow."""
    style = driver.execute_script(
        "var s = getComputedStyle(arguments[0]);"
        "return [s.outlineStyle, parseFloat(s.outlineWidth), s.boxShadow];", element)
    outline_style, outline_width, shadow = style
    return (outline_style != "none" and outline_width >= 2) or shadow not in ("", "none")


def assert_fits(driver, name, width):
    """The page needs no scrolling sideways in a window `width` px wide (WCAG 2.1's reflow asks
    that at 320 px)."""
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} is {overflow} px wider than a {width} px screen"


def at_width(driver, width):
    """Emulates a screen `width` CSS pixels wide (a phone at 360) until the next reset."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
