"""Webhooks in the browser (issue 30), against the real server: a supervisor registers an endpoint
from the keyboard (the form's errors first), copies its secret from the page that shows it once,
opens the endpoint's deliveries and disables it; a clerk is refused. The pages' states are the
snapshot references of WebhooksHTTPTests, which the accessibility and validity tests check at
1280 and 320 px (SNAPSHOT_FOLDERS)."""

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import flash, navigate, open_page, path_of, screenshot, sign_in, type_into


def test_a_supervisor_registers_an_endpoint_keeps_its_secret_and_disables_it(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "supervisor", return_to="/webhooks")
    assert path_of(driver) == "/webhooks"
    assert driver.title == "Webhooks – CleanStore"
    navigate(driver, driver.find_element(By.LINK_TEXT, "Register an endpoint").click)
    assert driver.title == "Register a webhook endpoint – CleanStore"
    boxes = driver.find_elements(By.CSS_SELECTOR, "input[name='events[]']")
    assert [box.is_selected() for box in boxes] == [True, True, True], "every event ticked"

    # Submitted with no URL and no event: the error summary, each error linked to its field
    for box in boxes:
        box.send_keys(Keys.SPACE)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click)
    assert driver.title == "Error: Register a webhook endpoint – CleanStore"
    summary = driver.find_element(By.CSS_SELECTOR, ".error-summary")
    assert [a.text for a in summary.find_elements(By.TAG_NAME, "a")] == [
        "Enter the endpoint’s URL", "Select at least one event"]
    screenshot(driver, "webhooks-10-errors")

    # From the keyboard: the URL, then the first event ticked with the space bar, then Enter
    url = f"https://warehouse-{uuid.uuid4().hex[:6]}.example.com/hooks"
    type_into(driver, "url", url)
    driver.find_element(By.ID, "events").send_keys(Keys.SPACE)
    navigate(driver, lambda: driver.find_element(By.ID, "url").send_keys(Keys.ENTER))
    assert driver.title == "Endpoint registered – CleanStore"
    secret = driver.find_element(By.ID, "signing-secret").text
    assert secret.startswith("whsec_") and len(secret) == len("whsec_") + 44
    screenshot(driver, "webhooks-20-secret")

    navigate(driver, driver.find_element(By.LINK_TEXT, "See its deliveries").click)
    assert driver.title == "Webhook endpoint – CleanStore"
    main = driver.find_element(By.TAG_NAME, "main").text
    assert url in main and "Order placed" in main and "Order cancelled" not in main
    assert secret not in driver.page_source, "the secret is shown once"
    navigate(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Disable this endpoint']").click)
    assert flash(driver) == "Endpoint disabled: nothing is sent to it until it is enabled."
    assert driver.find_element(By.XPATH, "//button[normalize-space()='Enable this endpoint']")
    screenshot(driver, "webhooks-30-disabled")

    open_page(driver, "/webhooks")
    row = driver.find_element(By.XPATH, f"//tr[td/a[normalize-space()='{url}']]")
    assert "Disabled" in row.text


def test_a_clerk_cannot_open_the_webhooks(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "clerk", return_to="/orders")
    open_page(driver, "/webhooks")
    assert driver.find_element(By.TAG_NAME, "h1").text == "You cannot do this"
