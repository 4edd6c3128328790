"""Cancelling (issue 29) as a clerk and a supervisor do it: a clerk cancels a new order, asks a
supervisor to cancel a paid one (with a reason), and the supervisor approves or declines it from the
order's page, by keyboard."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import create_order, flash, navigate, open_page, path_of, restore_session, screenshot, type_into, valid_order


def status_tags(driver):
    return [tag.text for tag in driver.find_elements(By.CSS_SELECTOR, ".order-status .tag")]


def press(driver, label):
    """Presses the page's button `label` from the keyboard (Enter), and waits for the page it leads to."""
    button = driver.find_element(By.XPATH, f"//main//button[normalize-space()='{label}']")
    navigate(driver, lambda: button.send_keys(Keys.ENTER))


def follow(driver, text):
    link = driver.find_element(By.LINK_TEXT, text)
    navigate(driver, lambda: link.send_keys(Keys.ENTER))


def test_a_clerk_cancels_a_new_order_with_a_reason(signed_out_browser):
    browser = signed_out_browser
    restore_session(browser, "clerk")
    order_id = create_order(browser, valid_order(firstName="Nina", lastName="New"))
    follow(browser, "Cancel order")
    assert path_of(browser) == f"/orders/{order_id}/cancel"
    type_into(browser, "reason", "Customer changed their mind")
    press(browser, "Cancel order")
    assert path_of(browser) == f"/orders/{order_id}"
    assert status_tags(browser) == ["Cancelled"]
    assert flash(browser) == f"Order {order_id} was cancelled."


def test_a_clerk_asks_a_supervisor_to_cancel_a_paid_order_who_approves_it_or_declines_another(signed_out_browser):
    browser = signed_out_browser
    restore_session(browser, "clerk")
    ids = []
    for name in ["Carl", "Dora"]:
        order_id = create_order(browser, valid_order(firstName=name, lastName="Cancel"))
        press(browser, "Mark as paid")
        assert not browser.find_elements(By.LINK_TEXT, "Cancel order"), "a paid order is a supervisor's to cancel"
        follow(browser, "Ask a supervisor to cancel")
        assert path_of(browser) == f"/orders/{order_id}/cancel"
        assert browser.find_element(By.TAG_NAME, "h1").text == f"Ask a supervisor to cancel order {order_id}"
        press(browser, "Ask a supervisor to cancel")
        assert browser.title.startswith("Error: "), "a reason is required"
        assert browser.find_element(By.CSS_SELECTOR, ".error-summary a").text == "Enter why the order is cancelled"
        type_into(browser, "reason", "Customer called: wrong size")
        press(browser, "Ask a supervisor to cancel")
        assert path_of(browser) == f"/orders/{order_id}"
        assert flash(browser) == f"A supervisor has been asked to cancel order {order_id}."
        assert status_tags(browser) == ["Paid", "Cancellation requested"]
        request = browser.find_element(By.CSS_SELECTOR, ".cancellation-request").text
        assert "Reason: Customer called: wrong size" in request
        assert not browser.find_elements(By.XPATH, "//button[normalize-space()='Decline']"), "a clerk does not decide"
        ids.append(order_id)
    screenshot(browser, "40-cancel-requested")

    restore_session(browser, "supervisor")
    open_page(browser, "/orders?cancellation=requested")
    for order_id in ids:
        # A filtered list's row returns to it: its link carries the list (`?from=`).
        row_link = f'main a[href="/orders/{order_id}?from=%2Forders%3Fcancellation%3Drequested"]'
        assert browser.find_elements(By.CSS_SELECTOR, row_link), f"the filter lists order {order_id}"
    open_page(browser, f"/orders/{ids[0]}")
    screenshot(browser, "41-cancel-decide")
    press(browser, "Approve and cancel the order")
    assert status_tags(browser) == ["Cancelled"]
    assert flash(browser) == f"Cancellation approved: order {ids[0]} was cancelled."
    assert "Cancellation approved: order cancelled" in browser.find_element(By.CSS_SELECTOR, "ol.timeline").text

    open_page(browser, f"/orders/{ids[1]}")
    press(browser, "Decline")
    assert status_tags(browser) == ["Paid"]
    assert flash(browser) == f"Cancellation declined: order {ids[1]} is paid and goes on."
    assert "Cancellation declined" in browser.find_element(By.CSS_SELECTOR, "ol.timeline").text
