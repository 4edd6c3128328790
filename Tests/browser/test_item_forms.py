"""A new order's item forms (issue 26, "After placing"; Scenes/ChangeOrderItems), keyboard only.

The order page of a new order of goods, as its snapshot reference holds it
(`page.show-order-item-forms.txt`, served by the snapshot site of test_accessibility, which also
runs axe and the reflow check at 320 px over it and over the item forms' error pages): every box
and button is reached with Tab in reading order, a line's price form opens from the keyboard, and
Enter in a quantity box sends the quantities, never a remove.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import wait, wait_until_loaded
from test_accessibility import snapshot_site  # noqa: F401  (the fixture, shared)

PAGE = "show-order-item-forms"


def describe_focus(driver):
    """The focused control: its id, or its text for a button or a summary."""
    return driver.execute_script(
        "var e = document.activeElement;"
        "return e.id || (e.textContent || '').trim();")


def tab_through(driver, presses):
    """The controls Tab reaches from the top of the page, in order (a bounded number of presses)."""
    driver.find_element(By.TAG_NAME, "body").click()
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
    reached = []
    for _ in range(presses):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        reached.append(describe_focus(driver))
    return reached


def test_every_item_control_is_reached_with_tab_in_reading_order(browser, snapshot_site):  # noqa: F811
    browser.get(f"{snapshot_site}/snapshots/{PAGE}")
    wait_until_loaded(browser)

    reached = tab_through(browser, 60)

    expected = [
        "line-l1-quantity", "line-l2-quantity", "Save quantities",
        "Remove WID-1 Blue widget", "Change the price of WID-1 Blue widget",
        "Remove GAD-2 Gadget & case", "Change the price of GAD-2 Gadget & case",
        "sku", "quantity", "Add item",
    ]
    positions = [reached.index(name) for name in expected if name in reached]
    assert len(positions) == len(expected), f"not reached with Tab: {set(expected) - set(reached)}"
    assert positions == sorted(positions), f"out of reading order: {reached}"


def test_a_price_form_opens_from_the_keyboard(browser, snapshot_site):  # noqa: F811
    browser.get(f"{snapshot_site}/snapshots/{PAGE}")
    wait_until_loaded(browser)
    summary = browser.find_element(By.XPATH, "//summary[normalize-space()='Change the price of WID-1 Blue widget']")
    assert not browser.find_element(By.ID, "price-l1").is_displayed()

    summary.send_keys(Keys.ENTER)
    browser.switch_to.active_element.send_keys(Keys.TAB)

    assert describe_focus(browser) == "price-l1"
    assert browser.find_element(By.ID, "price-l1").get_attribute("value") == "12.50"


def test_enter_in_a_quantity_box_sends_the_quantities_never_a_remove(browser, snapshot_site):  # noqa: F811
    browser.get(f"{snapshot_site}/snapshots/{PAGE}")
    wait_until_loaded(browser)
    # What the browser would send, read as it sends it (the snapshot site answers no POST).
    browser.execute_script(
        "window.__sent = null;"
        "document.addEventListener('submit', function (event) {"
        "  event.preventDefault();"
        "  window.__sent = [new URL(event.target.action).pathname, event.submitter && event.submitter.textContent.trim()];"
        "}, true);")
    box = browser.find_element(By.ID, "line-l1-quantity")
    box.clear()
    box.send_keys("5")

    box.send_keys(Keys.ENTER)

    sent = wait(browser).until(lambda d: d.execute_script("return window.__sent"), "Enter sent no form")
    assert sent == ["/orders/2/lines/quantities", "Save quantities"]
