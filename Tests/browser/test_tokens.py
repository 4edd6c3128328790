"""API tokens in the browser (issue 30), against the real server: a clerk opens their account's
page, makes a token (refused first for an expiry out of range), copies it from the one page that
shows it, finds it listed by its start only, and revokes it after the confirmation; a supervisor
opens another account's tokens from its page. The pages' states are the snapshot references of
TokensHTTPTests, which the accessibility and validity tests check at 1280 and 320 px
(SNAPSHOT_FOLDERS)."""

import uuid

from selenium.webdriver.common.by import By

from helpers import choose, flash, navigate, open_page, path_of, screenshot, sign_in, type_into


def test_a_clerk_makes_a_token_sees_it_once_and_revokes_it(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "clerk", return_to="/account")
    assert path_of(driver) == "/account"
    assert driver.title == "Your account – CleanStore"
    screenshot(driver, "tokens-10-account")

    name = "Scanner " + uuid.uuid4().hex[:6]
    type_into(driver, "name", name)
    choose(driver, "role", "viewer")
    type_into(driver, "expiresDays", "9999")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert driver.title == "Error: Your account – CleanStore"
    summary = driver.find_element(By.CSS_SELECTOR, ".error-summary")
    assert "from 1 to 3650" in summary.text
    assert driver.find_element(By.ID, "name").get_attribute("value") == name, "the form comes back as typed"

    type_into(driver, "expiresDays", "30")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert driver.title == "API token made – CleanStore"
    secret = driver.find_element(By.ID, "api-token").text
    assert secret.startswith("csk_") and len(secret) > 40
    assert secret not in driver.current_url
    screenshot(driver, "tokens-20-made")

    navigate(driver, driver.find_element(By.LINK_TEXT, "Back to the tokens").click)
    main = driver.find_element(By.TAG_NAME, "main").text
    assert secret not in main, "listed by its start only"
    assert secret[:12] in main
    row = next(r for r in driver.find_elements(By.CSS_SELECTOR, "main tbody tr") if name in r.text)
    assert "Viewer" in row.text and "Active" in row.text

    navigate(driver, row.find_element(By.PARTIAL_LINK_TEXT, "Revoke").click)
    assert driver.title.startswith("Revoke API token")
    screenshot(driver, "tokens-30-revoke")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert path_of(driver) == "/account"
    assert flash(driver) == f"Token {secret[:12]} ({name}) revoked: it no longer works."
    row = next(r for r in driver.find_elements(By.CSS_SELECTOR, "main tbody tr") if name in r.text)
    assert "Revoked on" in row.text


def test_a_supervisor_opens_another_accounts_tokens_from_its_page(browser):
    driver = browser
    open_page(driver, "/accounts")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main tbody tr a").click)
    navigate(driver, driver.find_element(By.LINK_TEXT, "API tokens").click)
    assert path_of(driver).startswith("/accounts/") and path_of(driver).endswith("/tokens")
    assert driver.title.startswith("API tokens of ")
    assert driver.find_element(By.LINK_TEXT, "Back to the account")
