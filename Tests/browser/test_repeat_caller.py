"""A repeat caller's order by keyboard alone (issue 27): found by phone on the draft's "Who is
calling?", *Use* copies her details, one item added by its SKU, the card typed on the check page,
placed. Every key press is counted (Tab, Enter and each character typed, as Keyboard counts them):
at most 70 (the issue measured 225 before customers). The pages on the way are also checked by axe
and the Nu checker (visit_journey_pages and the DraftsHTTPTests snapshots)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    ORDER_ITEM_SKU, REPEAT_CALLER, ensure_order_item, ensure_repeat_caller, flash, open_page, order_id_from_panel, path_of,
    sign_in, value_of,
)
from test_drafts import Keyboard

MOST_KEYSTROKES = 70


def skip_to_main(keys):
    """The skip link, the first Tab of a page nothing has focused yet: into the page's main part."""
    keys.press(Keys.TAB)
    assert keys.driver.switch_to.active_element.text == "Skip to main content"
    keys.press(Keys.ENTER)


def test_a_repeat_caller_by_keyboard_alone_in_70_keystrokes_or_fewer(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "clerk")
    ensure_order_item()
    ensure_repeat_caller(driver)
    open_page(driver, "/drafts")
    keys = Keyboard(driver)

    # A new draft, from the orders being taken: its banner takes focus.
    skip_to_main(keys)
    keys.tab_to_text("Start a new order")
    keys.enter()
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), draft
    assert flash(driver) == f"Order {draft.split('/')[-1]} started: who is calling?"

    # Who is calling? Her phone, digits only; the results' caption takes focus.
    keys.tab_to_id("caller")
    keys.type("".join(c for c in REPEAT_CALLER["phone"] if c.isdigit()))
    keys.enter()
    assert driver.switch_to.active_element.get_attribute("id") == "callers-found"
    assert driver.switch_to.active_element.text.startswith("1 saved customer found")

    # Use: her contact and addresses copied into the draft.
    keys.tab_to_text("Use Rita Repeat")
    keys.enter()
    assert path_of(driver) == draft
    assert flash(driver) == "Rita Repeat's details copied into this order: check them with the caller."
    assert [value_of(driver, name) for name in ("firstName", "phone", "shipmentAddressStreet1", "shipmentAddressZIP")] == [
        "Rita", REPEAT_CALLER["phone"], REPEAT_CALLER["shipmentAddressStreet1"], REPEAT_CALLER["shipmentAddressZIP"]]

    # Her details are complete: the caller's form is folded away. One item by its SKU (the
    # quantity is 1 already); then the check page, offered at the top.
    assert not driver.find_element(By.ID, "firstName").is_displayed()
    keys.tab_to_id("sku")
    keys.type(ORDER_ITEM_SKU.lower())
    keys.enter()
    assert flash(driver) == "Added 1 × Journey item."
    keys.tab_to_text("Check and place the order")
    keys.enter()
    assert path_of(driver) == f"{draft}/check"
    assert driver.find_element(By.TAG_NAME, "h1").text == "Check the order before placing it"
    assert driver.find_element(By.ID, "saveCaller").is_selected(), "Save this caller is ticked"

    # The card, and Enter in its last field places the order.
    skip_to_main(keys)
    keys.tab_to_id("paymentMethodCreditCardNumber")
    keys.type("4111111111111111")
    keys.press(Keys.TAB)
    keys.type("4/39")
    keys.press(Keys.TAB)
    keys.type("123")
    keys.enter()
    order_id = order_id_from_panel(driver)
    assert path_of(driver) == f"/orders/{order_id}"

    print(f"\nkeystrokes for a repeat caller's order, from the orders being taken to placed: {keys.count}")
    assert keys.count <= MOST_KEYSTROKES, f"{keys.count} keystrokes"
