"""Signing in, in a real browser against the real server: the newcomer who makes the first
supervisor from the logged set-up link, the clerk whose session ends while typing a draft, what a
viewer may not do, and signing in and out from the keyboard."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    NEWCOMER, TEST_ACCOUNTS, active_id, create_order, detail_values, fill_setup, fill_sign_in,
    assert_confirmed, click_button, flash, has_focus_ring, navigate, open_page, path_of, restore_session,
    save_page, screenshot, sign_out_button, signed_in_name,
    type_caller_then_end_session, url, valid_order, wait_until_loaded, FreshServer,
)

FORBIDDEN_TITLE = "You cannot do this – CleanStore"


def header_links(driver):
    """The header's links and its buttons (New order is a form's button: it starts a draft)."""
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, "header nav a, header nav button")]


def test_a_newcomer_makes_the_first_supervisor_from_the_logged_link_then_signs_out_and_in(
        signed_out_browser, tmp_path):
    """Journey: a server on an empty database logs a one-time set-up link; the newcomer follows
    it, makes the first supervisor (and is signed in), signs out, and signs in again."""
    driver = signed_out_browser
    server = FreshServer(tmp_path)
    try:
        assert "No supervisor account yet. Create the first one in a browser at" in server.log()
        link = server.setup_link()
        driver.get(server.url + "/orders")
        wait_until_loaded(driver)
        assert path_of(driver) == "/sign-in", "signed out, the list asks to sign in first"

        driver.get(link)
        wait_until_loaded(driver)
        assert driver.title == "Create the first supervisor – CleanStore"
        assert signed_in_name(driver) is None
        screenshot(driver, "10-setup")
        fill_setup(driver, NEWCOMER["username"], NEWCOMER["displayName"], NEWCOMER["password"],
                   NEWCOMER["password"])
        assert path_of(driver) == "/orders", driver.title
        # The set-up page's "Load the sample catalog" is ticked at first (deploy/sample-catalog.csv, 12 products)
        assert flash(driver) == (f"Your supervisor account {NEWCOMER['username']} is ready: you are signed in. "
                                 "The sample catalog and tax table are loaded (12 products: 12 added, 0 updated; 12 tax rates).")
        assert signed_in_name(driver) == f"Signed in as {NEWCOMER['displayName']} (supervisor)"
        assert "New order" in header_links(driver)

        driver.get(link)  # the link is spent once a supervisor exists
        wait_until_loaded(driver)
        assert driver.title != "Create the first supervisor – CleanStore"
        assert not driver.find_elements(By.ID, "passwordConfirmation")

        driver.get(server.url + "/orders")
        wait_until_loaded(driver)
        navigate(driver, sign_out_button(driver).click)
        assert path_of(driver) == "/sign-in"
        assert "You have signed out." in driver.find_element(By.TAG_NAME, "main").text
        assert signed_in_name(driver) is None
        driver.get(server.url + "/drafts")
        wait_until_loaded(driver)
        assert path_of(driver) == "/sign-in", "signed out again: the drafts ask to sign in first"

        fill_sign_in(driver, NEWCOMER["username"], NEWCOMER["password"])
        assert path_of(driver) == "/drafts", "signing in goes on to the page asked for"
        assert signed_in_name(driver) == f"Signed in as {NEWCOMER['displayName']} (supervisor)"
    finally:
        server.stop()
        driver.delete_all_cookies()


def test_a_clerk_whose_session_ended_while_typing_signs_in_and_gets_the_draft_back(signed_out_browser):
    """Journey: the clerk's session ends (its row goes from the sessions table, as a timeout does)
    while a draft's caller is typed; saving shows the sign-in page (403, nothing done, nothing of
    the draft lost); signing in goes back to the draft; the caller typed again, the order is
    taken to the end and shows every value as typed."""
    driver = signed_out_browser
    order = valid_order(firstName="Sid", lastName="Session", email="sid.session@example.com",
                        shipmentAddressStreet1="5 Timeout Lane", shipmentAddressStreet2="",
                        shipmentMethodSpeed="1", paymentMethodCreditCardNumber="5555 5555 5555 4444")
    draft = type_caller_then_end_session(driver, order)
    click_button(driver, "Save caller")

    assert driver.title == "Sign in – CleanStore", "the save was refused: sign in first"
    notice = driver.find_element(By.CSS_SELECTOR, "main .notice").text
    assert "Your session has ended, so nothing was done." in notice
    assert signed_in_name(driver) is None
    save_page(driver, "sign-in-session-ended")
    screenshot(driver, "11-session-ended")

    clerk = TEST_ACCOUNTS["clerk"]
    fill_sign_in(driver, clerk["username"], clerk["password"])
    assert path_of(driver) == draft, "back at the draft after signing in"
    assert signed_in_name(driver) == f"Signed in as {clerk['displayName']} (clerk)"
    assert not driver.find_elements(By.CSS_SELECTOR, ".error-summary"), "no error"
    save_page(driver, "draft-resumed")
    screenshot(driver, "12-draft-resumed")

    order_id = create_order(driver, order, draft=draft)
    assert_confirmed(driver, order_id)
    open_page(driver, f"/orders/{order_id}")
    shown = detail_values(driver)
    assert shown["Name"] == "Sid Session"
    assert shown["Address"] == ["5 Timeout Lane", "San Francisco, CA 94107"]
    assert shown["Method"] == "One-Day Shipping"
    assert shown["Card"] == "•••• 4444"


def test_a_viewer_is_offered_no_new_order_link_and_refused_the_pages_that_change_orders(signed_out_browser):
    """A viewer reads the list and the orders; the header offers no "New order"; the form, the
    edit form and the delete page answer with the 403 page."""
    driver = signed_out_browser
    restore_session(driver, "clerk")
    order_id = create_order(driver, valid_order(firstName="Val", lastName="Viewed"))

    restore_session(driver, "viewer")
    open_page(driver, "/orders")
    viewer = TEST_ACCOUNTS["viewer"]
    assert signed_in_name(driver) == f"Signed in as {viewer['displayName']} (viewer)"
    assert header_links(driver) == ["Orders", "Customers", "Products", "Tax rates"], "the header offers only what a viewer may use"
    assert f"Order {order_id}" in driver.find_element(By.CSS_SELECTOR, "table.orders").text
    open_page(driver, f"/orders/{order_id}")
    assert detail_values(driver)["Name"] == "Val Viewed"

    for path in ("/drafts", f"/orders/{order_id}/edit", f"/orders/{order_id}/delete"):
        open_page(driver, path)
        assert driver.title == FORBIDDEN_TITLE, f"{path}: {driver.title}"
        assert driver.find_element(By.TAG_NAME, "h1").text == "You cannot do this"
        assert "Your account (viewer) may not use this page" in driver.find_element(By.TAG_NAME, "main").text
        assert signed_in_name(driver), "the 403 page still says who is signed in"
    screenshot(driver, "13-forbidden")


def test_a_viewer_is_offered_no_link_to_a_page_they_may_not_use(signed_out_browser):
    """The list and the order page offer a viewer no New order, Edit or Delete."""
    driver = signed_out_browser
    restore_session(driver, "clerk")
    order_id = create_order(driver, valid_order(firstName="Lin", lastName="Links"))
    restore_session(driver, "viewer")
    for path in ("/orders", f"/orders/{order_id}"):
        open_page(driver, path)
        hrefs = [link.get_attribute("href") for link in driver.find_elements(By.CSS_SELECTOR, "a[href]")]
        refused = [href for href in hrefs
                   if href.endswith(("/drafts", "/orders/new", "/edit", "/delete"))]
        assert not refused, f"{path} links a viewer to {refused}"


def test_signing_in_and_out_works_from_the_keyboard(signed_out_browser):
    """Tab reaches the username, then the password; Enter signs in. Tab reaches the header's Sign
    out button, which shows a focus ring; Enter signs out."""
    driver = signed_out_browser
    open_page(driver, "/sign-in?return=/orders")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(5):
        if active_id(driver) == "username":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active_id(driver) == "username", "Tab reaches the username field"
    account = TEST_ACCOUNTS["clerk"]
    driver.switch_to.active_element.send_keys(account["username"], Keys.TAB)
    assert active_id(driver) == "password", "Tab goes on to the password"
    password = driver.switch_to.active_element
    navigate(driver, lambda: password.send_keys(account["password"], Keys.ENTER))
    assert path_of(driver) == "/orders", driver.title
    assert signed_in_name(driver) == f"Signed in as {account['displayName']} (clerk)"

    button = sign_out_button(driver)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    for _ in range(10):
        if driver.switch_to.active_element == button:
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element == button, "Tab reaches the Sign out button"
    assert has_focus_ring(driver, button), "the Sign out button shows a focus ring"
    navigate(driver, lambda: button.send_keys(Keys.ENTER))
    assert path_of(driver) == "/sign-in"
    assert "You have signed out." in driver.find_element(By.TAG_NAME, "main").text
    open_page(driver, "/orders")
    assert path_of(driver) == "/sign-in", "the session has ended"
    assert driver.current_url == url("/sign-in?return=/orders")
