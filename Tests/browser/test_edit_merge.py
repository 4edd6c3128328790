"""Two clerks, different fields: merged, not retyped (issue 29). Two sessions in two browsers (a
clerk in the shared Chromium, the supervisor in one of its own) open one order's edit form; the
supervisor saves first. Different fields: the clerk's save keeps both, with a banner naming who
changed what meanwhile. The same field: the clerk's save comes back as the 409 page asking only
that field, pre-filled with the clerk's value; saved again, it succeeds. The pages' states are
snapshots of EditMergeHTTPTests, which axe and the Nu checker go over at 1280 and 320 px."""

from selenium.webdriver.common.by import By

from conftest import start_chromium
from helpers import (
    TEST_ACCOUNTS, create_order, detail_values, flash, open_page, path_of, restore_session, screenshot, sign_in, submit,
    type_into, valid_order, value_of,
)


def test_two_clerks_editing_different_fields_both_kept_then_the_same_field_asked(signed_out_browser):
    clerk = signed_out_browser
    restore_session(clerk, "clerk")
    order_id = create_order(clerk, valid_order(firstName="Mia", lastName="Merge"))
    edit = f"/orders/{order_id}/edit"
    supervisor = start_chromium()
    try:
        sign_in(supervisor, "supervisor")
        sue = TEST_ACCOUNTS["supervisor"]["displayName"]

        # Different fields: both open the form; Sue saves a new phone number, then the clerk a city.
        open_page(clerk, edit)
        open_page(supervisor, edit)
        type_into(supervisor, "phone", "(415) 555-0199")
        submit(supervisor)
        assert flash(supervisor) == f"Order {order_id} was updated."
        type_into(clerk, "shipmentAddressCity", "Oakland")
        submit(clerk)
        assert path_of(clerk) == f"/orders/{order_id}", clerk.title
        assert flash(clerk) == f"Saved. {sue} changed the phone number meanwhile: both changes are kept."
        page = clerk.find_element(By.TAG_NAME, "main").text
        assert "(415) 555-0199" in page, "Sue's phone number kept"
        assert "Oakland" in page, "the clerk's city applied"
        screenshot(clerk, "50-edit-merged")
        open_page(clerk, f"/orders/{order_id}/history")
        history = clerk.find_element(By.TAG_NAME, "main").text
        assert sue in history and TEST_ACCOUNTS["clerk"]["displayName"] in history, "the history shows both saves"

        # The same field: Sue saves one phone number, the clerk types another.
        open_page(clerk, edit)
        open_page(supervisor, edit)
        type_into(supervisor, "phone", "(415) 555-0111")
        submit(supervisor)
        type_into(clerk, "phone", "(415) 555-0122")
        type_into(clerk, "email", "mia@example.com")
        submit(clerk)
        assert clerk.title.startswith("Error: Edit order"), clerk.title
        summary = [link.text for link in clerk.find_elements(By.CSS_SELECTOR, ".error-summary li a")]
        assert summary == [f"Phone number: {sue} changed it to (415) 555-0111, you typed (415) 555-0122"], summary
        assert clerk.find_element(By.ID, "phone-theirs").text == f"{sue} changed it to: (415) 555-0111"
        assert clerk.find_element(By.ID, "phone-typed").text == "You typed: (415) 555-0122"
        assert value_of(clerk, "phone") == "(415) 555-0122", "pre-filled with the clerk's value"
        assert value_of(clerk, "email") == "mia@example.com", "the clerk's other change is kept in the form"
        assert value_of(clerk, "shipmentAddressCity") == "Oakland"
        # The summary's link leads to the field asked.
        clerk.find_element(By.CSS_SELECTOR, ".error-summary li a").click()
        assert clerk.switch_to.active_element.get_attribute("id") == "phone"
        screenshot(clerk, "51-edit-merge-conflict")
        submit(clerk)
        assert path_of(clerk) == f"/orders/{order_id}", clerk.title
        assert flash(clerk) == f"Order {order_id} was updated."
        values = detail_values(clerk)
        page = clerk.find_element(By.TAG_NAME, "main").text
        assert "(415) 555-0122" in page and "mia@example.com" in page, values
    finally:
        supervisor.quit()
