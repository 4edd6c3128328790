"""Orders of goods from draft to packing slip in a real browser (issue 26, "Tests and figures").

The catalog and the tax table are seeded the way a shop seeds them: `cleanstore products import`
and `cleanstore tax-rates import` on the server's SQLite file (CLEANSTORE_TEST_DATABASE), run as a
second process beside the running server, never raw SQL. Each journey imports products of its own
(SKUs no other test uses), so the journeys do not depend on one another or on their order; a price
change and an empty shelf are made the same way, between two steps of a journey.

Every page state these journeys reach that no snapshot holds (a draft with lines as the browser
shows it, the check page with its shortage, the refused placing, the packing slip with items…) is
checked where it is reached: axe at 1280 and 320 px (test_accessibility.axe_violations), and the
Nu checker once per journey over the pages it saved (test_validity.run_vnu: one JVM start each).
"""

import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    DATABASE, PAGES, REPO, SERVER_BIN, TEST_ACCOUNTS, fill_sign_in, flash, navigate, open_page, path_of, save_page,
    sign_in, type_into, value_of,
)
from test_accessibility import axe_violations, describe as describe_axe
from test_drafts import Keyboard, fill_caller, fill_delivery
from test_validity import ACCEPTED_INFO, describe as describe_vnu, run_vnu

CATALOG_HEADER = "sku,name,price,taxable,track_stock,on_hand\n"
CARD = {"number": "4111 1111 1111 1111", "expiry": "04/39", "cvv": "123"}
CARD_DATA = ["4111111111111111", "4111 1111 1111 1111", "1111", "04/39", "04/2039"]


def run_cleanstore(*arguments):
    """`cleanstore ARGUMENTS… --database` the server's file, beside the running server."""
    assert SERVER_BIN and DATABASE, "CLEANSTORE_BIN is not set: run the browser tests with scripts/browser-tests"
    result = subprocess.run([SERVER_BIN, *arguments, "--database", DATABASE], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"cleanstore {' '.join(arguments)} failed:\n{result.stdout}{result.stderr}"
    return result.stdout


def import_products(tmp_path, rows):
    """Adds or updates the products of `rows` (the CSV's lines after its header)."""
    catalog = tmp_path / "catalog.csv"
    catalog.write_text(CATALOG_HEADER + "".join(row + "\n" for row in rows), encoding="utf-8")
    return run_cleanstore("products", "import", str(catalog))


@pytest.fixture(scope="module", autouse=True)
def tax_table():
    """The sample tax table (CA among its regions): importing it again changes nothing."""
    run_cleanstore("tax-rates", "import", str(REPO / "deploy" / "sample-tax-rates.csv"))


class PageStates:
    """The page states of one journey: axe on each where it is reached; the Nu checker over all of
    them at the end (check_html). axe is a script: in a browser with scripts off it cannot run
    (its promise never settles), so there `axe_driver`, a browser with scripts on and the same
    account, opens the same address (a GET: the draft, the check page, the order, the slip) for
    axe, and the Nu checker reads the page as the scriptless browser held it."""

    def __init__(self, driver, journey, axe_driver=None):
        self.driver = driver
        self.journey = journey
        self.axe_driver = axe_driver
        self.names = []

    def check(self, name):
        name = f"goods-{self.journey}-{name}"
        save_page(self.driver, name)
        self.names.append(name)
        if self.axe_driver:
            open_page(self.axe_driver, path_of(self.driver))
            assert self.axe_driver.title == self.driver.title, (self.axe_driver.title, self.driver.title)
            found = axe_violations(self.axe_driver, f"journey {name} (scripts on)")
        else:
            found = axe_violations(self.driver, f"journey {name}")
        assert not found, describe_axe(found)

    def check_html(self, tmp_path):
        folder = tmp_path / "validated"
        folder.mkdir()
        for name in self.names:
            (folder / f"{name}.html").write_bytes((PAGES / f"{name}.html").read_bytes())
        code, messages = run_vnu(folder)
        problems = [m for m in messages if m["type"] != "info" or m.get("subType") == "warning"
                    or m["message"] not in ACCEPTED_INFO]
        assert not problems, f"vnu on {self.names}:\n" + "\n".join(map(describe_vnu, problems))
        assert code == 0


def line_rows(driver):
    """The draft page's lines as (SKU, item, quantity box's value)."""
    return [(row.find_elements(By.TAG_NAME, "td")[0].text, row.find_elements(By.TAG_NAME, "td")[1].text.split("\n")[0],
             row.find_element(By.CSS_SELECTOR, "input").get_attribute("value"))
            for row in driver.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")]


def check_lines(driver):
    """The check page's lines as (SKU, item, quantity, unit price)."""
    return [tuple(cell.text for cell in row.find_elements(By.TAG_NAME, "td")[:4])
            for row in driver.find_elements(By.CSS_SELECTOR, "table.check-lines tbody tr")]


def slip_lines(driver):
    return [tuple(cell.text for cell in row.find_elements(By.TAG_NAME, "td"))
            for row in driver.find_elements(By.CSS_SELECTOR, ".slip-items table.lines tbody tr")]


def start_draft(driver):
    open_page(driver, "/drafts")
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Start a new order']").click)
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), draft
    return draft


def add_item(driver, sku, quantity="1"):
    type_into(driver, "sku", sku)
    type_into(driver, "quantity", quantity)
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Add item']").click)
    assert flash(driver).startswith(f"Added {quantity} × "), flash(driver)


def fill_draft(driver, first, last, skus):
    """A draft with the caller `first last`, one of each of `skus`, delivered to San Francisco."""
    draft = start_draft(driver)
    keys = Keyboard(driver)
    fill_caller(keys, first, last, "(415) 555-0123", f"{first.lower()}@example.com")
    for sku in skus:
        add_item(driver, sku)
    fill_delivery(keys)
    assert flash(driver) == "Delivery saved."
    return draft


def type_card_and_place(driver):
    type_into(driver, "paymentMethodCreditCardNumber", CARD["number"])
    type_into(driver, "paymentMethodExpirationDate", CARD["expiry"])
    type_into(driver, "paymentMethodCVV", CARD["cvv"])
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Place order']").click)


def placed_order_id(driver):
    number = driver.find_element(By.CSS_SELECTOR, ".panel-number").text
    assert path_of(driver) == f"/orders/{number}", driver.title
    return number


def test_goods_by_keyboard_alone_with_scripts_off_from_draft_to_packing_slip(browser_without_scripts, browser, tmp_path):
    driver = browser_without_scripts
    import_products(tmp_path, ["KEY-MUG,Keyboard mug,12.50,true,false,", "KEY-TEA,Keyboard tea,6.75,false,false,",
                               "KEY-POT,Keyboard teapot,48.00,true,false,"])
    pages = PageStates(driver, "keyboard", axe_driver=browser)
    keys = Keyboard(driver)
    open_page(driver, "/drafts")

    keys.tab_to_text("Start a new order")
    keys.enter()
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), draft
    fill_caller(keys, "Kay", "Board", "(415) 555-0177", "kay@example.com")
    assert flash(driver) == "Caller saved."
    counts = {"caller": keys.count}

    for sku in ("KEY-MUG", "KEY-TEA", "KEY-POT"):
        keys.tab_to(lambda element: element.get_attribute("id") == "sku", most=120)
        keys.type(sku)
        keys.press(Keys.TAB)  # the quantity box holds 1 already
        keys.enter()
        assert path_of(driver) == draft and flash(driver).startswith("Added 1 × Keyboard"), flash(driver)
    assert line_rows(driver) == [("KEY-MUG", "Keyboard mug", "1"), ("KEY-TEA", "Keyboard tea", "1"),
                                 ("KEY-POT", "Keyboard teapot", "1")]
    counts["3 items by SKU"] = keys.count
    pages.check("draft-three-lines")

    # A quantity changed, sent by Enter in its box: the form's default button is "Save quantities",
    # never a line's Remove (those belong to forms of their own)
    tea_box = driver.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[1].find_element(By.CSS_SELECTOR, "input")
    tea_id = tea_box.get_attribute("id")
    keys.tab_to(lambda element: element.get_attribute("id") == tea_id, most=120)
    keys.press(Keys.BACKSPACE)  # Tab selected the box's "1" (and a caret at its end would take it too)
    keys.type("3")
    keys.enter()
    assert path_of(driver) == draft and flash(driver) == "Quantities saved."
    assert line_rows(driver) == [("KEY-MUG", "Keyboard mug", "1"), ("KEY-TEA", "Keyboard tea", "3"),
                                 ("KEY-POT", "Keyboard teapot", "1")], "Enter saved the quantities and removed nothing"

    # Enter again in a box, nothing changed: still the same lines
    keys.tab_to(lambda element: element.get_attribute("id") == tea_id, most=120)
    keys.enter()
    assert flash(driver) == "Quantities saved."
    assert len(line_rows(driver)) == 3, "Enter in a quantity box removed nothing"

    keys.tab_to_text("Remove Keyboard mug")
    keys.enter()
    assert flash(driver) == "Removed Keyboard mug."
    assert line_rows(driver) == [("KEY-TEA", "Keyboard tea", "3"), ("KEY-POT", "Keyboard teapot", "1")]
    counts["a quantity changed, Enter twice in its box, a line removed"] = keys.count

    keys.tab_to(lambda element: element.get_attribute("id") == "shipmentAddressStreet1", most=120)
    fill_delivery(keys)
    assert flash(driver) == "Delivery saved."
    counts["delivery"] = keys.count

    keys.tab_to(lambda element: element.text == "Check and place the order", most=120)
    keys.enter()
    assert path_of(driver) == f"{draft}/check"
    assert driver.find_element(By.TAG_NAME, "h1").text == "Check the order before placing it"
    assert check_lines(driver) == [("KEY-TEA", "Keyboard tea", "3", "$6.75"), ("KEY-POT", "Keyboard teapot", "1", "$48.00")]
    counts["the check page"] = keys.count
    pages.check("check-ready")

    keys.tab_to_id("paymentMethodCreditCardNumber")
    keys.type(CARD["number"])
    keys.press(Keys.TAB)
    keys.type(CARD["expiry"])
    keys.press(Keys.TAB)
    keys.type(CARD["cvv"])
    keys.enter()
    order_id = placed_order_id(driver)
    counts["the card, placed"] = keys.count
    print("\nkeystrokes from the drafts page (every key pressed and character typed, running total):")
    for step, count in counts.items():
        print(f"  after {step}: {count}")
    print(f"keystrokes from the drafts page to a placed order of goods: {keys.count}")
    pages.check("placed")

    keys.tab_to_text("Print packing slip")
    keys.enter()
    assert path_of(driver) == f"/orders/{order_id}/slip", driver.title
    assert slip_lines(driver) == [("KEY-TEA", "Keyboard tea", "3"), ("KEY-POT", "Keyboard teapot", "1")]
    slip = driver.find_element(By.CSS_SELECTOR, "main").text if driver.find_elements(By.CSS_SELECTOR, "main") \
        else driver.find_element(By.TAG_NAME, "body").text
    assert "$" not in slip, f"the slip shows a price: {slip!r}"
    html = driver.page_source
    for card in CARD_DATA:
        assert card not in html, f"the slip shows card data: {card}"
    pages.check("slip")
    pages.check_html(tmp_path)


def test_a_session_ended_mid_order_of_goods_loses_nothing_and_is_placed(signed_out_browser, tmp_path):
    driver = signed_out_browser
    import_products(tmp_path, ["END-CUP,Session cup,7.00,true,false,", "END-JAR,Session jar,3.50,true,false,"])
    pages = PageStates(driver, "session")
    sign_in(driver, "clerk")  # a session of its own: this one is ended
    draft = fill_draft(driver, "Sess", "Ended", ["END-CUP", "END-JAR"])
    type_into(driver, driver.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[0]
              .find_element(By.CSS_SELECTOR, "input").get_attribute("id"), "2")
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Save quantities']").click)
    assert flash(driver) == "Quantities saved."
    saved = line_rows(driver)
    assert saved == [("END-CUP", "Session cup", "2"), ("END-JAR", "Session jar", "1")]

    # The session cookie gone (as a browser drops it at its end): the next post is refused, its form's
    # token being the ended session's; the page says to go back and reload, which asks to sign in
    driver.delete_cookie("cleanstore_session")
    type_into(driver, "sku", "END-JAR")
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Add item']").click)
    assert driver.find_element(By.TAG_NAME, "h1").text == "This form has expired", driver.title
    assert "nothing was saved" in driver.find_element(By.CSS_SELECTOR, "main").text
    pages.check("form-expired-mid-draft")
    navigate(driver, driver.back)
    navigate(driver, driver.refresh)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in", driver.title
    pages.check("sign-in-mid-draft")
    clerk = TEST_ACCOUNTS["clerk"]
    fill_sign_in(driver, clerk["username"], clerk["password"])
    assert path_of(driver) == draft, "Back at the draft after signing in"
    assert [value_of(driver, name) for name in ("firstName", "lastName", "phone", "email")] == \
        ["Sess", "Ended", "(415) 555-0123", "sess@example.com"]
    assert line_rows(driver) == saved, "every saved line, at its saved quantity; the refused post added nothing"
    assert [value_of(driver, name) for name in ("shipmentAddressStreet1", "shipmentAddressCity", "shipmentAddressState",
                                                "shipmentAddressZIP")] == ["1 Market St", "San Francisco", "CA", "94105"]

    navigate(driver, driver.find_element(By.LINK_TEXT, "Check and place the order").click)
    assert check_lines(driver) == [("END-CUP", "Session cup", "2", "$7.00"), ("END-JAR", "Session jar", "1", "$3.50")]
    type_card_and_place(driver)
    placed_order_id(driver)
    pages.check_html(tmp_path)


def test_a_price_changed_after_adding_is_kept_or_taken_before_placing(browser, tmp_path):
    driver = browser
    import_products(tmp_path, ["PRICE-BOWL,Price bowl,10.00,true,false,", "PRICE-SPOON,Price spoon,2.00,true,false,"])
    pages = PageStates(driver, "price")
    draft = fill_draft(driver, "Price", "Changer", ["PRICE-BOWL", "PRICE-SPOON"])

    import_products(tmp_path, ["PRICE-BOWL,Price bowl,11.00,true,false,", "PRICE-SPOON,Price spoon,2.50,true,false,"])
    navigate(driver, driver.find_element(By.LINK_TEXT, "Check and place the order").click)
    assert path_of(driver) == f"{draft}/check"
    changes = [item.find_element(By.TAG_NAME, "p").text
               for item in driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby=prices-heading] li")]
    assert changes == ["Price bowl (PRICE-BOWL) was $10.00 when added; the catalog says $11.00 now",
                       "Price spoon (PRICE-SPOON) was $2.00 when added; the catalog says $2.50 now"], changes
    assert not driver.find_elements(By.ID, "paymentMethodCreditCardNumber"), "no card form until each is decided"
    pages.check("check-prices-changed")

    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Keep $10.00 for Price bowl']").click)
    assert path_of(driver) == f"{draft}/check"
    assert len(driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby=prices-heading] li")) == 1
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Use $2.50 for Price spoon']").click)
    assert path_of(driver) == f"{draft}/check"
    assert not driver.find_elements(By.ID, "prices-heading"), "every change decided"
    assert check_lines(driver) == [("PRICE-BOWL", "Price bowl", "1", "$10.00"), ("PRICE-SPOON", "Price spoon", "1", "$2.50")]
    pages.check("check-prices-decided")
    type_card_and_place(driver)
    order_id = placed_order_id(driver)
    assert "$12.50" in driver.find_element(By.CSS_SELECTOR, "main").text, f"order {order_id}'s subtotal: $10.00 kept, $2.50 taken"
    pages.check_html(tmp_path)


def test_the_last_unit_goes_to_the_first_placed_and_the_second_is_refused(browser, tmp_path):
    driver = browser
    import_products(tmp_path, ["LAST-VASE,Last vase,30.00,true,true,1"])
    pages = PageStates(driver, "stock")
    first = fill_draft(driver, "Fay", "First", ["LAST-VASE"])
    second = fill_draft(driver, "Sid", "Second", ["LAST-VASE"])

    # The second's check page while the unit is there: its card typed, not yet sent
    open_page(driver, f"{second}/check")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Check the order before placing it"
    type_into(driver, "paymentMethodCreditCardNumber", CARD["number"])
    type_into(driver, "paymentMethodExpirationDate", CARD["expiry"])
    type_into(driver, "paymentMethodCVV", CARD["cvv"])
    second_tab = driver.current_window_handle

    # Meanwhile the first is placed in another tab and takes the unit
    driver.switch_to.new_window("tab")
    try:
        open_page(driver, f"{first}/check")
        type_card_and_place(driver)
        placed_order_id(driver)
    finally:
        driver.close()
        driver.switch_to.window(second_tab)

    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Place order']").click)
    assert not driver.find_elements(By.CSS_SELECTOR, ".panel-number"), "the second is not placed"
    problems = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby=problems-heading] li")]
    assert problems == ["Only 0 of Last vase (LAST-VASE) in stock, 1 wanted"], problems
    pages.check("place-refused-short")

    open_page(driver, f"{second}/check")
    assert driver.find_element(By.TAG_NAME, "h1").text == "This order cannot be placed yet"
    problems = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby=problems-heading] li")]
    assert problems == ["Only 0 of Last vase (LAST-VASE) in stock, 1 wanted"], problems
    assert not driver.find_elements(By.ID, "paymentMethodCreditCardNumber"), "no card form: it cannot be placed"
    pages.check("check-short")
    pages.check_html(tmp_path)
