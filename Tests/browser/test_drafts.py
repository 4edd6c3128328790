"""Draft-first order entry in a real browser (EditDraft, PlaceDraft, ListDrafts).

These journeys cover what a clerk does around the items (caller, delivery, a session ending); the
journeys with items, from the catalog to the packing slip, are in test_goods_journeys.py.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    TEST_ACCOUNTS, end_session_in_database, fill_sign_in, flash, navigate, open_page, path_of, sign_in, value_of,
)


class Keyboard:
    """Keys sent to whatever has the focus, and only that: counted, as a clerk would press them."""

    def __init__(self, driver):
        self.driver = driver
        self.count = 0

    def press(self, *keys):
        for key in keys:
            self.driver.switch_to.active_element.send_keys(key)
            self.count += 1

    def type(self, text):
        self.driver.switch_to.active_element.send_keys(text)
        self.count += len(text)

    def tab_to(self, found, most=80):
        """Tab until `found(active element)` is true."""
        for _ in range(most):
            if found(self.driver.switch_to.active_element):
                return
            self.press(Keys.TAB)
        raise AssertionError(f"Tab never reached the element wanted on {self.driver.current_url}")

    def tab_to_id(self, element_id):
        self.tab_to(lambda element: element.get_attribute("id") == element_id)

    def tab_to_text(self, text):
        self.tab_to(lambda element: element.text == text)

    def enter(self):
        navigate(self.driver, lambda: self.press(Keys.ENTER))


def fill_caller(keys, first, last, phone, email):
    keys.tab_to_id("firstName")
    for index, text in enumerate([first, last, phone, email]):
        if index:
            keys.press(Keys.TAB)
        keys.type(text)
    keys.enter()


def fill_delivery(keys):
    keys.tab_to_id("shipmentAddressStreet1")
    keys.type("1 Market St")
    keys.press(Keys.TAB, Keys.TAB)  # past the optional second line
    keys.type("San Francisco")
    keys.press(Keys.TAB)
    keys.type("CA")
    keys.press(Keys.TAB)
    keys.type("94105")
    keys.press(Keys.TAB)  # the shipping method: Standard is chosen already
    keys.enter()


def test_a_draft_by_keyboard_alone_with_scripts_off(browser_without_scripts):
    driver = browser_without_scripts
    keys = Keyboard(driver)
    open_page(driver, "/drafts")

    keys.tab_to_text("Start a new order")
    keys.enter()
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-") and len(draft) == len("/drafts/D-ABCDEF"), draft
    assert driver.find_element(By.ID, "billingAddressSameAsShipping").is_selected(), "Billing same as shipping is ticked"
    assert driver.find_element(By.ID, "shipmentMethodSpeed").is_selected(), "A method is preselected"

    fill_caller(keys, "Kim", "Keyes", "(415) 555-0199", "kim@example.com")
    assert path_of(driver) == draft and flash(driver) == "Caller saved."
    fill_delivery(keys)
    assert path_of(driver) == draft and flash(driver) == "Delivery saved."
    assert "Enter the address" not in driver.find_element(By.ID, "totals-heading").find_element(By.XPATH, "..").text

    keys.tab_to_text("Check and place the order")
    keys.enter()
    assert path_of(driver) == f"{draft}/check"
    assert driver.find_element(By.TAG_NAME, "h1").text == "This order cannot be placed yet"
    assert "Add at least one item" in driver.find_element(By.CSS_SELECTOR, "main").text
    print(f"\nkeystrokes from the drafts page to the check page (caller, delivery; no items): {keys.count}")


def test_a_session_that_ends_mid_draft_loses_nothing_saved(signed_out_browser):
    driver = signed_out_browser
    driver.delete_all_cookies()
    sign_in(driver, "clerk")  # a session of its own: this one is ended
    open_page(driver, "/drafts")
    navigate(driver, driver.find_element(By.XPATH, "//button[text()='Start a new order']").click)
    draft = path_of(driver)
    keys = Keyboard(driver)
    fill_caller(keys, "Lou", "Later", "(415) 555-0142", "lou@example.com")
    assert flash(driver) == "Caller saved."

    end_session_in_database(driver)
    fill_delivery(keys)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in", "The post is refused, nothing read"
    clerk = TEST_ACCOUNTS["clerk"]
    fill_sign_in(driver, clerk["username"], clerk["password"])
    assert path_of(driver) == draft, "Back at the draft after signing in"
    assert [value_of(driver, name) for name in ("firstName", "lastName", "email")] == ["Lou", "Later", "lou@example.com"], \
        "Every section saved before the session ended is there"
