"""An order's life (issue 17), as a clerk and the warehouse live it: key it, read the number off the
panel to the caller, mark it paid and packed, print its packing slip, ship it."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    assert_confirmed, choose, create_order, detail_values, flash, navigate, open_page, path_of, screenshot, type_into, valid_order,
)


def status_tag(driver):
    return driver.find_element(By.CSS_SELECTOR, ".order-status .tag").text


def press(driver, label):
    """Presses the order page's button `label` from the keyboard (Enter), and waits for the page it leads to."""
    button = driver.find_element(By.XPATH, f"//button[normalize-space()='{label}']")
    navigate(driver, lambda: button.send_keys(Keys.ENTER))


def test_create_read_the_number_mark_paid_packed_print_the_slip_ship(browser):
    order_id = create_order(browser, valid_order(firstName="Lena", lastName="Lifecycle"))
    assert_confirmed(browser, order_id)  # the number read off the panel, large, focused
    assert status_tag(browser) == "New"
    screenshot(browser, "30-life-created")

    # A move to paid can be undone for 5 minutes by whoever made it, from the order page's banner.
    press(browser, "Mark as paid")
    assert status_tag(browser) == "Paid"
    screenshot(browser, "30-life-undo-offered")
    press(browser, "Undo marking as paid")
    assert status_tag(browser) == "New"
    assert flash(browser) == f"Undone: order {order_id} is new again."
    assert "Undone: order marked as paid" in browser.find_element(By.CSS_SELECTOR, "ol.timeline").text
    assert not browser.find_elements(By.XPATH, "//button[starts-with(normalize-space(), 'Undo')]"), "an undo is not undone"

    for label, status in [("Mark as paid", "Paid"), ("Mark as packed", "Packed")]:
        press(browser, label)
        assert path_of(browser) == f"/orders/{order_id}"
        assert status_tag(browser) == status
        assert flash(browser) == f"Order {order_id} was marked as {status.lower()}."

    navigate(browser, browser.find_element(By.LINK_TEXT, "Print packing slip").click)
    assert path_of(browser) == f"/orders/{order_id}/slip"
    slip = browser.find_element(By.TAG_NAME, "main").text
    assert "Lena Lifecycle" in slip and "Packed" in slip and order_id in slip
    assert "1111" not in slip and "••••" not in slip, "no card data on a slip"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        screenshot(browser, "31-life-slip-print")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    open_page(browser, f"/orders/{order_id}")
    # Shipped is final: the order page's primary action opens a confirmation page asking for the
    # carrier and a tracking number, by keyboard alone.
    link = browser.find_element(By.LINK_TEXT, "Mark as shipped")
    navigate(browser, lambda: link.send_keys(Keys.ENTER))
    assert path_of(browser) == f"/orders/{order_id}/ship"
    screenshot(browser, "32-life-ship-form")
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Mark as shipped']")
    navigate(browser, lambda: button.send_keys(Keys.ENTER))
    assert browser.title.startswith("Error: "), "no carrier chosen: the form again"
    assert browser.find_element(By.CSS_SELECTOR, ".error-summary a").text == "Select the carrier"
    assert path_of(browser) == f"/orders/{order_id}/status"
    choose(browser, "carrier", "UPS")
    # A carrier's 16-digit number passing the Luhn check: a parcel's, not refused as a card's.
    type_into(browser, "trackingNumber", "4111 1111 1111 1111")
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Mark as shipped']")
    navigate(browser, lambda: button.send_keys(Keys.ENTER))
    assert path_of(browser) == f"/orders/{order_id}"
    assert status_tag(browser) == "Shipped"
    assert flash(browser) == f"Order {order_id} was marked as shipped."
    values = detail_values(browser)
    assert values["Carrier"] == "UPS" and values["Tracking number"] == "4111111111111111", values
    assert not browser.find_elements(By.LINK_TEXT, "Edit"), "a shipped order is kept as it is"
    assert not browser.find_elements(By.CSS_SELECTOR, "form.status-form"), "and moves no further"
    screenshot(browser, "32-life-shipped")

    # The tracking number corrected: the one change a shipped order takes.
    browser.find_element(By.XPATH, "//summary[normalize-space()='Correct the tracking number']").click()
    type_into(browser, "trackingNumber", "1z999aa10123456784")
    save = browser.find_element(By.XPATH, "//button[normalize-space()='Save tracking number']")
    navigate(browser, lambda: save.send_keys(Keys.ENTER))
    assert flash(browser) == f"Tracking number of order {order_id} saved: 1Z999AA10123456784."
    assert detail_values(browser)["Tracking number"] == "1Z999AA10123456784"
    timeline = browser.find_element(By.CSS_SELECTOR, "ol.timeline").text
    assert timeline.index("Order changed") < timeline.index("Order marked as shipped"), "newest first"
    assert "Tracking number" in timeline and "1Z999AA10123456784" in timeline

    open_page(browser, f"/orders/{order_id}/edit")
    assert browser.find_element(By.TAG_NAME, "h1").text == f"Order {order_id} is shipped"

    open_page(browser, f"/orders/{order_id}/history")
    history = browser.find_element(By.TAG_NAME, "main").text
    for title in ["Order marked as shipped", "Order marked as packed", "Order marked as paid", "Order created"]:
        assert title in history, title
