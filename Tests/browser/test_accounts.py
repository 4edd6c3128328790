"""Accounts in the browser (issue 29), against the real server: a supervisor adds a clerk, the
clerk follows the one-time link, sets a password and signs in; the link works once. The pages'
states are the snapshot references of AccountsHTTPTests, which the accessibility and validity
tests check at 1280 and 320 px (SNAPSHOT_FOLDERS)."""

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    NEWCOMER, choose, fill_sign_in, flash, navigate, path_of, screenshot, sign_in, signed_in_name, sign_out_button,
    type_into, visit_session_warning, wait, wait_until_loaded,
)


def test_a_supervisor_adds_a_clerk_who_sets_a_password_through_the_link_and_signs_in(signed_out_browser):
    driver = signed_out_browser
    username = "clerk-" + uuid.uuid4().hex[:8]
    # A session of its own (signing out below must not end the one the other tests share)
    sign_in(driver, "supervisor", return_to="/orders")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Accounts").click)
    assert path_of(driver) == "/accounts"
    navigate(driver, driver.find_element(By.LINK_TEXT, "Add an account").click)
    assert driver.title == "Add an account – CleanStore"
    screenshot(driver, "accounts-10-new")

    # From the keyboard's order: the username, the display name, the role (clerk is chosen)
    type_into(driver, "username", username)
    type_into(driver, "displayName", "New Clerk")
    choose(driver, "role", "clerk")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert driver.title == "Account added – CleanStore"
    link = driver.find_element(By.ID, "one-time-link").text
    assert "/set-password?token=" in link
    screenshot(driver, "accounts-20-link")

    # The supervisor signs out; the clerk opens the link in the same browser
    navigate(driver, sign_out_button(driver).click)
    driver.get(link)
    wait_until_loaded(driver)
    assert driver.title == "Create a password – CleanStore"
    assert username in driver.find_element(By.TAG_NAME, "main").text
    type_into(driver, "password", "short")
    type_into(driver, "passwordConfirmation", "short")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert driver.title == "Error: Create a password – CleanStore"
    summary = driver.find_element(By.CSS_SELECTOR, ".error-summary")
    assert "at least 12 characters" in summary.text
    assert driver.find_element(By.ID, "password").get_attribute("value") == "", "a password never comes back"

    password = "three random words " + uuid.uuid4().hex[:6]
    type_into(driver, "password", password)
    type_into(driver, "passwordConfirmation", password)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert path_of(driver) == "/sign-in"
    assert flash(driver) == f"Your password is set. Sign in as {username} with it."

    fill_sign_in(driver, username, password)
    assert path_of(driver) == "/orders", driver.title
    assert signed_in_name(driver) == "Signed in as New Clerk (clerk)"
    assert "Accounts" not in [a.text for a in driver.find_elements(By.CSS_SELECTOR, "header nav a")], "a clerk manages no accounts"

    # The link is spent
    navigate(driver, sign_out_button(driver).click)
    driver.get(link)
    wait_until_loaded(driver)
    assert driver.title == "This link cannot be used – CleanStore"


def test_two_minutes_before_the_idle_limit_the_page_warns_and_stay_signed_in_keeps_the_session(
        signed_out_browser, tmp_path):
    """WCAG 2.2.1 on a server whose sessions end after 150 s unused (an injected short limit): the
    warning comes (role alert, the time it ends), "Stay signed in" uses the session and puts the
    warning away until it is due again, and the clerk is still signed in."""
    driver = signed_out_browser
    server = visit_session_warning(driver, lambda name: None, tmp_path)
    try:
        warning = driver.find_element(By.ID, "session-warning")
        assert warning.get_attribute("role") == "alert"
        assert warning.find_element(By.TAG_NAME, "h2").text == "You will be signed out soon"
        assert "You will be signed out at " in warning.text
        screenshot(driver, "session-10-warning")
        stay = warning.find_element(By.TAG_NAME, "button")
        assert stay.text == "Stay signed in"
        stay.send_keys(Keys.ENTER)  # from the keyboard
        wait(driver).until(lambda d: not warning.is_displayed())
        # Still signed in: the next page is the list, not the sign-in page
        open_page_at(driver, server.url + "/orders")
        assert path_of(driver) == "/orders"
        assert signed_in_name(driver) == f"Signed in as {NEWCOMER['displayName']} (supervisor)"
    finally:
        server.stop()


def open_page_at(driver, address):
    driver.get(address)
    wait_until_loaded(driver)
