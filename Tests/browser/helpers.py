"""What a clerk does in the browser, as small steps the journeys share.

Every wait is a WebDriverWait on a condition (a page replaced, a URL reached), never a sleep.
"""

import base64
import hashlib
import os
import pathlib
import re
import sqlite3
import subprocess
import sys
import tempfile
import uuid
from urllib.parse import quote, urlparse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from cleanstore_testkit import (  # noqa: E402  (the scripts' folder is no package)
    TEST_ACCOUNTS, VALID_ORDER, NotReady, free_port, pid_alive, setup_link, wait_for_health,
)

# The snapshot references of the Swift tests: every page state the server renders, as text.
SNAPSHOTS = REPO / "Tests" / "CleanStoreTests" / "HTTP" / "__Snapshots__" / "PageSnapshotTests"
# Every folder of page snapshots: the catalog's pages and the drafts' have theirs; a page's
# name is unique across them.
SNAPSHOT_FOLDERS = [
    SNAPSHOTS, SNAPSHOTS.parent / "ProductPagesHTTPTests", SNAPSHOTS.parent / "DraftsHTTPTests", SNAPSHOTS.parent / "PlaceDraftHTTPTests",
    SNAPSHOTS.parent / "AccountsHTTPTests",
    SNAPSHOTS.parent / "OrderPageHTTPTests",
    SNAPSHOTS.parent / "CustomerPagesHTTPTests",
    SNAPSHOTS.parent / "SavedViewsHTTPTests",
    SNAPSHOTS.parent / "OrderNavigationHTTPTests",
    SNAPSHOTS.parent / "BulkMovesHTTPTests",
    SNAPSHOTS.parent / "OrderCancellingHTTPTests",
    SNAPSHOTS.parent / "EditMergeHTTPTests",
    SNAPSHOTS.parent / "TokensHTTPTests",
    SNAPSHOTS.parent / "StartDraftFromOrderHTTPTests",
    SNAPSHOTS.parent / "WebhooksHTTPTests",
]


def snapshot_pages():
    """Every snapshot reference page (page.NAME.txt) of every folder, sorted by name."""
    return sorted((page for folder in SNAPSHOT_FOLDERS for page in folder.glob("page.*.txt")), key=lambda page: page.name)

BASE_URL = os.environ.get("CLEANSTORE_URL", "").rstrip("/")
# The server scripts/browser-tests started, and its SQLite file (TEST_ACCOUNTS are in it).
SERVER_BIN = os.environ.get("CLEANSTORE_BIN", "")
DATABASE = os.environ.get("CLEANSTORE_TEST_DATABASE", "")
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


def radios(driver, name):
    return driver.find_elements(By.CSS_SELECTOR, f'input[type="radio"][name="{name}"]')


def value_of(driver, name):
    """The field's value; for a group of radios (its first one's id is the name), the chosen one's
    value, or "" while none is chosen."""
    element = field(driver, name)
    if element.get_attribute("type") != "radio":
        return element.get_attribute("value")
    return next((radio.get_attribute("value") for radio in radios(driver, name) if radio.is_selected()), "")


def choose(driver, name, value):
    """Chooses the radio of `value` in the group `name` by clicking it ("" chooses none: a group
    nothing was chosen in yet stays so)."""
    if value:
        driver.find_element(By.CSS_SELECTOR, f'input[type="radio"][name="{name}"][value="{value}"]').click()
    assert value_of(driver, name) == value, f"{name} should be {value!r}"


def set_checkbox(driver, name, ticked):
    box = field(driver, name)
    if box.is_selected() != ticked:
        box.click()
    assert box.is_selected() == ticked


def fill_form(driver, order):
    """Types every field of `order` (a dict named like the form's fields) into the form."""
    for name, value in order.items():
        if name == "shipmentMethodSpeed":
            choose(driver, name, value)
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


def confirmation_panel(driver):
    """The confirmation panel of a new order (GOV.UK's): "Order saved" and its number."""
    return driver.find_element(By.CSS_SELECTOR, ".panel-confirmation")


def order_id_from_panel(driver):
    """The number the confirmation panel shows (on the new order's own page)."""
    number = confirmation_panel(driver).find_element(By.CSS_SELECTOR, ".panel-number").text
    assert re.fullmatch(r"\d+", number), f"the panel names no order: {confirmation_panel(driver).text!r}"
    assert path_of(driver) == f"/orders/{number}", f"the panel of order {number} is on {path_of(driver)}"
    return number


def assert_confirmed(driver, order_id, note=None):
    """The page confirms the new order with GOV.UK's confirmation panel, the page's one message:
    "Order saved" and its number, large enough to read out to the caller, read out (role="alert")
    and focused on load; `note`, if any, in it; "Create another order" after it."""
    panel = confirmation_panel(driver)
    assert panel.get_attribute("role") == "alert"
    assert panel.find_element(By.CSS_SELECTOR, ".panel-title").text == "Order saved"
    number = panel.find_element(By.CSS_SELECTOR, ".panel-number")
    assert number.text == order_id, f"the panel names {number.text!r}, not order {order_id}"
    size = float(number.value_of_css_property("font-size").removesuffix("px"))
    assert size >= 32, f"the number is {size} px: too small to read out at a glance"
    assert driver.switch_to.active_element == panel, "the panel has focus on load"
    assert has_focus_ring(driver, panel)
    assert [element.text for element in panel.find_elements(By.CSS_SELECTOR, ".panel-note")] == ([note] if note else [])
    assert not driver.find_elements(By.CSS_SELECTOR, ".notification-banner"), "one message: the panel"
    another = driver.find_element(By.LINK_TEXT, "Create another order")
    assert path_of_url(another.get_attribute("href")) == "/drafts"


def path_of_url(address):
    return urlparse(address).path


# The product every order of the journeys holds (one of each): not taxable, its stock not tracked,
# so no placing runs short; added with the sample tax table (CA's rate among them) at first use.
ORDER_ITEM_SKU = "JOURNEY-ITEM"
_ORDER_ITEM_READY = []
CALLER_FIELDS = ("firstName", "lastName", "phone", "email")
CARD_FIELDS = ("paymentMethodCreditCardNumber", "paymentMethodExpirationDate", "paymentMethodCVV")


def ensure_order_item():
    """Imports ORDER_ITEM_SKU and the sample tax table into the server's database (`cleanstore
    products import`, `tax-rates import`: importing again changes nothing), once."""
    if _ORDER_ITEM_READY:
        return
    assert SERVER_BIN and DATABASE, "CLEANSTORE_BIN is not set: run the browser tests with scripts/browser-tests"
    with tempfile.TemporaryDirectory() as folder:
        catalog = pathlib.Path(folder) / "catalog.csv"
        catalog.write_text("sku,name,price,taxable,track_stock,on_hand\n"
                           f"{ORDER_ITEM_SKU},Journey item,5.00,false,false,\n", encoding="utf-8")
        for arguments in (["products", "import", str(catalog)],
                          ["tax-rates", "import", str(REPO / "deploy" / "sample-tax-rates.csv")]):
            result = subprocess.run([SERVER_BIN, *arguments, "--database", DATABASE], cwd=REPO,
                                    capture_output=True, text=True, timeout=60)
            assert result.returncode == 0, f"cleanstore {' '.join(arguments)}:\n{result.stdout}{result.stderr}"
    _ORDER_ITEM_READY.append(True)


def click_button(driver, text):
    navigate(driver, driver.find_element(By.XPATH, f"//main//button[normalize-space()='{text}']").click)


def create_order(driver, order, draft=None, press_place=None):
    """Takes `order` as a clerk does, draft first: starts a draft, saves its caller, adds one
    ORDER_ITEM_SKU, saves its delivery, opens the check page (a possible duplicate is a new order
    here), types the card and places it (`press_place(button)` presses Place order, if given);
    `draft`, a draft's path, is filled instead of a new one.
    Returns the new order's id, read off the panel of the page the placing lands on (the new
    order's)."""
    ensure_order_item()
    if draft:
        open_page(driver, draft)
    else:
        open_page(driver, "/drafts")
        click_button(driver, "Start a new order")
        draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), driver.title
    for name in CALLER_FIELDS:
        if name in order:
            type_into(driver, name, order[name])
    click_button(driver, "Save caller")
    assert flash(driver) == "Caller saved.", driver.title
    type_into(driver, "sku", ORDER_ITEM_SKU)
    type_into(driver, "quantity", "1")
    click_button(driver, "Add item")
    fill_form(driver, {name: value for name, value in order.items() if name not in CALLER_FIELDS + CARD_FIELDS})
    click_button(driver, "Save delivery")
    assert flash(driver) == "Delivery saved.", driver.title
    navigate(driver, driver.find_element(By.LINK_TEXT, "Check and place the order").click)
    anyway = driver.find_elements(By.LINK_TEXT, "It is a new order: place it anyway")
    if anyway:
        navigate(driver, anyway[0].click)
    for name in CARD_FIELDS:
        type_into(driver, name, order[name])
    button = driver.find_element(By.XPATH, "//main//button[normalize-space()='Place order']")
    navigate(driver, (lambda: press_place(button)) if press_place else button.click)
    return order_id_from_panel(driver)


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


# ---------------------------------------------------------------- signing in


def sign_in_path(return_to=None):
    return "/sign-in" + (f"?return={quote(return_to, safe='/')}" if return_to else "")


def fill_sign_in(driver, username, password):
    """Types into the sign-in form on the page and sends it (Sign in is clicked)."""
    type_into(driver, "username", username)
    type_into(driver, "password", password)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)


def sign_in(driver, role, return_to=None):
    """Signs in as the test account of `role` through the sign-in page (a new session)."""
    account = TEST_ACCOUNTS[role]
    open_page(driver, sign_in_path(return_to))
    fill_sign_in(driver, account["username"], account["password"])
    assert path_of(driver) != "/sign-in" or driver.find_elements(By.CSS_SELECTOR, "form.order-form"), \
        f"signing in as {account['username']} failed: {driver.title}"


def signed_in_name(driver):
    """The header's "Signed in as NAME (role)", or None when it shows no one."""
    names = driver.find_elements(By.CSS_SELECTOR, "header .account-name")
    return names[0].text if names else None


def sign_out_button(driver):
    return driver.find_element(By.CSS_SELECTOR, "header form.account button[type=submit]")


# A session per role, signed in once (bcrypt at cost 12 takes seconds in a debug build) and given
# back to each test's clean browser as its cookies. A test that ends a session signs in anew
# (sign_in) rather than ending one of these.
_SESSIONS = {}
_SESSION_COOKIES = ("cleanstore_csrf", "cleanstore_session")


def restore_session(driver, role):
    """Makes the browser signed in as `role`'s test account: the cookies of a session signed in
    earlier in this run, else a new sign-in (kept for the next test)."""
    if role not in _SESSIONS:
        driver.delete_all_cookies()
        sign_in(driver, role)
        _SESSIONS[role] = [cookie for cookie in driver.get_cookies() if cookie["name"] in _SESSION_COOKIES]
        assert {cookie["name"] for cookie in _SESSIONS[role]} == set(_SESSION_COOKIES), _SESSIONS[role]
        return
    driver.delete_all_cookies()
    open_page(driver, "/sign-in")  # cookies are set on the page's site (a page: /healthz would make
    # Chromium ask for a /favicon.ico there is none of); the ones added replace the one it sets
    for cookie in _SESSIONS[role]:
        driver.add_cookie({name: cookie[name] for name in ("name", "value", "path", "httpOnly", "sameSite")
                           if name in cookie})


def end_session_in_database(driver):
    """Ends the browser's session as its idle timeout would: its row goes from the shared sessions
    table (looked up, as the server does, by the SHA-256 of the id in the cookie), and the browser
    keeps its cookie. Other sessions of the same account go on."""
    assert DATABASE, "CLEANSTORE_TEST_DATABASE is not set: run the browser tests with scripts/browser-tests"
    cookie = driver.get_cookie("cleanstore_session")
    assert cookie, "the browser has no session cookie"
    id_hash = hashlib.sha256(base64.urlsafe_b64decode(cookie["value"] + "=")).digest()
    database = sqlite3.connect(DATABASE, timeout=10)
    try:
        with database:
            ended = database.execute("DELETE FROM sessions WHERE id_hash = ?", (id_hash,)).rowcount
    finally:
        database.close()
    assert ended == 1, "the browser's session was not in the sessions table"


class FreshServer:
    """Another cleanstore (the one under test, CLEANSTORE_BIN) on an empty SQLite file: no account
    yet, so it logs the one-time set-up link. Runs from the repository root; stop() ends it."""

    def __init__(self, folder, extra_args=()):
        assert SERVER_BIN, "CLEANSTORE_BIN is not set: run the browser tests with scripts/browser-tests"
        self.log_path = pathlib.Path(folder) / "fresh-server.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [SERVER_BIN, "--database", str(pathlib.Path(folder) / "fresh.sqlite"),
                 "--host", "127.0.0.1", "--port", str(self.port), *extra_args],
                cwd=REPO, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for_health(f"{self.url}/healthz", 60, alive=lambda: pid_alive(self.process.pid))
        except NotReady as error:
            self.stop()
            raise AssertionError(f"{error}; its log:\n{self.log()}") from None

    def log(self):
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def setup_link(self):
        link = setup_link(self.log())
        assert link, f"the server logged no set-up link:\n{self.log()}"
        assert link.startswith(self.url + "/setup?token="), link
        return link

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# The first supervisor a newcomer makes on the set-up page.
NEWCOMER = {"username": "nell", "displayName": "Nell Newcomer", "password": "nell-first-password"}


def fill_setup(driver, username, display_name, password, again):
    type_into(driver, "username", username)
    type_into(driver, "displayName", display_name)
    type_into(driver, "password", password)
    type_into(driver, "passwordConfirmation", again)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)


def type_caller_then_end_session(driver, order):
    """Signs in as a clerk (a session of its own), starts a draft and types `order`'s caller into
    it, then ends that session in the database as a timeout would. Returns the draft's path."""
    sign_in(driver, "clerk", return_to="/drafts")
    assert path_of(driver) == "/drafts", driver.title
    click_button(driver, "Start a new order")
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), driver.title
    for name in CALLER_FIELDS:
        type_into(driver, name, order[name])
    end_session_in_database(driver)
    return draft


# ---------------------------------------------------------------- the page states


# The page states the journeys save for the HTML checker (save_page), by name.
JOURNEY_PAGES = ["list", "detail", "draft-new", "draft-callers", "draft-caller-used", "draft-errors", "form-edit", "confirmed"]
# And signing in's, in the order visit_sign_in_pages reaches them: the sign-in page (as it is,
# and with a wrong password), the 403 page of a viewer, a draft's caller posted after the session
# ended (403, the sign-in page: nothing was done) and the draft back after signing in, and the
# set-up page of a server with no account yet (as it is, and with its mistakes).
SIGN_IN_PAGES = ["sign-in", "sign-in-errors", "forbidden", "sign-in-session-ended", "draft-resumed",
                 "setup", "setup-errors"]


def visit_sign_in_pages(driver, visit, folder):
    """Goes through the page states of signing in and calls visit(name) at each (SIGN_IN_PAGES);
    the set-up pages on a FreshServer of their own (with a scratch file in `folder`). Ends signed
    in as the test clerk."""
    driver.delete_all_cookies()
    open_page(driver, "/sign-in")
    visit("sign-in")
    fill_sign_in(driver, TEST_ACCOUNTS["viewer"]["username"], "not the password")
    assert driver.find_elements(By.CSS_SELECTOR, ".error-summary"), driver.title
    visit("sign-in-errors")

    restore_session(driver, "viewer")
    open_page(driver, "/drafts")
    assert driver.title.startswith("You cannot do this"), driver.title
    visit("forbidden")

    driver.delete_all_cookies()
    draft = type_caller_then_end_session(driver, valid_order(firstName="Resa", lastName="Resumed"))
    click_button(driver, "Save caller")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in", driver.title
    visit("sign-in-session-ended")
    account = TEST_ACCOUNTS["clerk"]
    fill_sign_in(driver, account["username"], account["password"])
    assert path_of(driver) == draft, driver.title
    visit("draft-resumed")

    server = FreshServer(folder)
    try:
        driver.delete_all_cookies()  # the cookies are the site's (127.0.0.1), whatever the port
        driver.get(server.setup_link())
        wait_until_loaded(driver)
        visit("setup")
        fill_setup(driver, "", "", "short", "other")
        assert driver.find_elements(By.CSS_SELECTOR, ".error-summary"), driver.title
        visit("setup-errors")
    finally:
        server.stop()
        driver.delete_all_cookies()




# A saved customer of the journeys: a repeat caller, found by phone on a draft's "Who is calling?".
REPEAT_CALLER = {
    "firstName": "Rita", "lastName": "Repeat", "phone": "(415) 555-0163", "email": "rita.repeat@example.com",
    "shipmentAddressStreet1": "7 Return Rd", "shipmentAddressCity": "San Francisco", "shipmentAddressState": "CA",
    "shipmentAddressZIP": "94110",
}


def ensure_repeat_caller(driver):
    """Saves REPEAT_CALLER as a customer through the customer form, unless the customers' search
    finds her phone already (the journeys share one server)."""
    open_page(driver, "/customers?q=" + "".join(c for c in REPEAT_CALLER["phone"] if c.isdigit()))
    if driver.find_elements(By.XPATH, "//main//table//a[normalize-space()='Rita Repeat']"):
        return
    open_page(driver, "/customers/new")
    fill_form(driver, REPEAT_CALLER)
    submit(driver)
    assert flash(driver) == "Customer added: Rita Repeat.", driver.title


def visit_journey_pages(driver, visit):
    """Goes through the journeys' page states on the real server and calls visit(name) at each:
    a new draft, the saved customers "Who is calling?" finds and the draft a customer was copied
    into, its caller saved empty with its mistakes, the new order's page confirming it (its panel
    focused), the list, the order's page and its edit form."""
    ensure_repeat_caller(driver)
    open_page(driver, "/drafts")
    click_button(driver, "Start a new order")
    visit("draft-new")
    caller_draft = path_of(driver)
    open_page(driver, caller_draft + "?caller=415-555-0163")
    visit("draft-callers")
    click_button(driver, "Use Rita Repeat")
    assert flash(driver).startswith("Rita Repeat's details copied"), driver.title
    visit("draft-caller-used")
    open_page(driver, "/drafts")
    click_button(driver, "Start a new order")
    click_button(driver, "Save caller")
    assert driver.find_elements(By.CSS_SELECTOR, ".error-summary"), driver.title
    visit("draft-errors")
    order_id = create_order(driver, valid_order())
    visit("confirmed")
    open_page(driver, "/orders")
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


def visit_session_warning(driver, visit, folder):
    """A server whose sessions end after 150 s unused (its last use written every 15 s: the page
    warns 15 s after it arrives, 2 minutes before the earliest end); the newcomer makes the first
    supervisor (signed in) and waits on the list for the warning, which `visit` sees. Returns the
    server (the caller stops it)."""
    server = FreshServer(folder, extra_args=("--session-idle-seconds", "150"))
    try:
        driver.get(server.setup_link())
        wait_until_loaded(driver)
        fill_setup(driver, NEWCOMER["username"], NEWCOMER["displayName"], NEWCOMER["password"], NEWCOMER["password"])
        assert path_of(driver) == "/orders", driver.title
        form = driver.find_element(By.CSS_SELECTOR, "form.account")
        assert form.get_attribute("data-session-warn-after") == "15"
        assert form.get_attribute("data-session-ends-after") == "135"
        assert not driver.find_elements(By.ID, "session-warning"), "no warning before it is due"
        wait(driver, 40).until(lambda d: d.find_elements(By.ID, "session-warning") and d.find_element(By.ID, "session-warning").is_displayed())
        save_page(driver, "session-warning")
        visit("session-warning")
        return server
    except BaseException:
        server.stop()
        raise


def save_page(driver, name):
    """Saves the page as the browser holds it (after the script ran), for the HTML checker."""
    PAGES.mkdir(parents=True, exist_ok=True)
    # page_source leaves out the doctype; put back the one the page has (if any).
    html = driver.execute_script(
        "var d = document.doctype;"
        "return (d ? new XMLSerializer().serializeToString(d) + '\\n' : '')"
        " + document.documentElement.outerHTML;")
    (PAGES / f"{name}.html").write_text(html, encoding="utf-8")


SCREENSHOT_WIDTHS = (("desktop", 1280), ("360px", 360))


def screenshot(driver, name, widths=SCREENSHOT_WIDTHS):
    """Full-page screenshots at a desktop width and at 360 px (a small phone), or at `widths`
    (suffix, CSS px) pairs."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for suffix, width in widths:
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
