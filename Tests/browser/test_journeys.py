"""What an order clerk does, in a real browser against the real server (issue 4)."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    TEST_ACCOUNTS,
    SHIPPING_METHODS, active_id, assert_confirmed, at_width, confirmation_panel, count_orders,
    create_order, detail_values, field, fill_form, flash, has_focus_ring, in_viewport, navigate,
    open_page, path_of, radios, save_page, screenshot, set_checkbox, submit,
    type_into, valid_order, value_of,
)

BILLING_FIELDS = [
    "billingAddressStreet1", "billingAddressStreet2", "billingAddressCity",
    "billingAddressState", "billingAddressZIP",
]


def billing_shown(driver):
    return driver.find_element(By.ID, "billing-fields").is_displayed()


def test_create_an_order_and_see_it_as_typed(browser):
    """Journey 1: take an order draft first (caller, an item, delivery with "same as shipping"
    ticked and a method chosen, the card on the check page); the new order's page confirms it (a
    focused panel with its number, Tab goes on to "Create another order"); the list names it; its
    page shows every value as typed. (The draft by keyboard alone is test_drafts.py's.)"""
    order = valid_order()
    order_id = create_order(browser, order)
    assert_confirmed(browser, order_id)
    assert browser.title == f"Order {order_id} – CleanStore"
    screenshot(browser, "01-order-confirmed")
    save_page(browser, "confirmed")
    press(browser, Keys.TAB)
    assert browser.switch_to.active_element.text == "Create another order", "Tab goes on from the panel"

    open_page(browser, "/orders")
    first_row = browser.find_element(By.CSS_SELECTOR, "table.orders tbody tr")
    assert f"Order {order_id}" in first_row.text, "newest first"
    assert "Amy Apple" in first_row.text
    screenshot(browser, "01b-list-after-create")
    save_page(browser, "list")

    navigate(browser, browser.find_element(By.LINK_TEXT, f"Order {order_id}").click)
    assert path_of(browser) == f"/orders/{order_id}"
    shown = detail_values(browser)
    shipping_lines = ["1 Market Street", "Suite 300", "San Francisco, CA 94107"]
    assert shown["Name"] == "Amy Apple"
    assert shown["Phone"] == "(415) 555-0100"
    assert shown["Email"] == "amy.apple@example.com"
    assert shown["Address"] == shipping_lines
    assert shown["Method"] == "Two-Day Shipping"
    assert shown["Card"] == "•••• 1111"
    assert shown["Expires"] == "04/39"
    assert shown["Billing address"] == shipping_lines
    source = browser.page_source
    assert "4111 1111 1111 1111" not in source and "4111111111111111" not in source
    screenshot(browser, "02-detail")
    save_page(browser, "detail")


def test_mistakes_are_summarised_linked_kept_and_then_fixed(browser):
    """Journey 2: the order form (an order's edit form) with mistakes comes back with a focused
    error summary whose links move focus to their fields, inline messages and the typed values;
    fixed, it saves. (A draft's sections' mistakes are test_drafts.py's and the HTTP tests'.)"""
    typed = valid_order(
        firstName="Bob", lastName="", phone="555-CALL-BOB", email="bob.battery@example",
        shipmentAddressStreet1="3 Ship Street", shipmentAddressStreet2="",
        shipmentAddressCity="Portland", shipmentAddressState="ZZ", shipmentAddressZIP="2108",
        paymentMethodCreditCardNumber="4111 1111 1111 1112", paymentMethodExpirationDate="13/39",
        paymentMethodCVV="12",
        billingAddressSameAsShipping=False, billingAddressStreet1="", billingAddressStreet2="",
        billingAddressCity="Bobsville", billingAddressState="", billingAddressZIP="",
    )
    invalid = [
        "lastName", "phone", "email", "shipmentAddressState", "shipmentAddressZIP",
        "paymentMethodCreditCardNumber", "paymentMethodExpirationDate",
        "paymentMethodCVV", "billingAddressStreet1", "billingAddressState", "billingAddressZIP",
    ]
    order_id = create_order(browser, valid_order(firstName="Bob", lastName="Before"))
    orders_before = count_orders(browser)
    open_page(browser, f"/orders/{order_id}/edit")
    fill_form(browser, typed)
    submit(browser)

    assert path_of(browser) == f"/orders/{order_id}"
    assert browser.title == f"Error: Edit order {order_id} – CleanStore", browser.title
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary")
    assert browser.switch_to.active_element == summary, "the error summary has focus on load"
    screenshot(browser, "03-form-with-errors")

    links = summary.find_elements(By.CSS_SELECTOR, "a")
    targets = [link.get_attribute("href").split("#", 1)[1] for link in links]
    assert targets == invalid, "one link per mistake, in the form's order"
    for link, name in zip(links, targets):
        link.click()
        assert active_id(browser) == name, f"the summary's link to #{name} focuses that field"
        assert has_focus_ring(browser, field(browser, name)), f"{name} shows a focus ring"
        assert in_viewport(browser, field(browser, name))
        message = browser.find_element(By.ID, f"{name}-error")
        assert message.is_displayed() and message.text.endswith(link.text)
        assert field(browser, name).get_attribute("aria-invalid") == "true"
        # A group of radios is described on its fieldset (GOV.UK), read as focus enters it.
        described = field(browser, name)
        if described.get_attribute("type") == "radio":
            described = described.find_element(By.XPATH, "ancestor::fieldset[1]")
            assert all(radio.get_attribute("aria-invalid") == "true" for radio in radios(browser, name))
        assert f"{name}-error" in described.get_attribute("aria-describedby").split()
    flagged = [element.get_attribute("name") for element in browser.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]")]
    assert sorted(set(flagged)) == sorted(invalid), "only the fields with mistakes are flagged"

    for name in ("firstName", "lastName", "phone", "email", "shipmentAddressStreet1",
                 "shipmentAddressCity", "shipmentAddressState", "shipmentAddressZIP",
                 "paymentMethodExpirationDate", "billingAddressCity"):
        assert value_of(browser, name) == typed[name], f"{name} keeps what was typed"
    assert value_of(browser, "paymentMethodCVV") == "", "the security code is never echoed"
    assert "4111 1111 1111 1112".replace(" ", "") in value_of(
        browser, "paymentMethodCreditCardNumber").replace(" ", ""), "the typed card number is kept"

    fill_form(browser, {
        "lastName": "Battery", "phone": "(617) 555-0199", "email": "bob.battery@example.com",
        "shipmentAddressState": "OR", "shipmentAddressZIP": "97201", "shipmentMethodSpeed": "0",
        "paymentMethodCreditCardNumber": "4111 1111 1111 1111",
        "paymentMethodExpirationDate": "12/39", "paymentMethodCVV": "123",
        "billingAddressSameAsShipping": True,
    })
    assert not billing_shown(browser)
    submit(browser)
    assert path_of(browser) == f"/orders/{order_id}", browser.title
    assert flash(browser) == f"Order {order_id} was updated."
    assert count_orders(browser) == orders_before, "the failed try saved nothing"

    open_page(browser, f"/orders/{order_id}")
    shown = detail_values(browser)
    assert shown["Name"] == "Bob Battery"
    assert shown["Address"] == ["3 Ship Street", "Portland, OR 97201"]
    assert shown["Method"] == "Standard Shipping"
    assert shown["Card"] == "•••• 1111"
    assert shown["Billing address"] == ["3 Ship Street", "Portland, OR 97201"]


def test_edit_the_shipment_and_keep_the_stored_card(browser):
    """Journey 3: change the shipping address and method, leave the card empty: the order page
    shows the change and the old card's last four digits."""
    order_id = create_order(browser, valid_order(
        firstName="Carl", lastName="Cable", email="carl.cable@example.com",
        shipmentAddressStreet1="10 Old Road", shipmentAddressStreet2="",
        shipmentAddressCity="Sacramento", shipmentAddressState="CA", shipmentAddressZIP="95814",
        shipmentMethodSpeed="0", paymentMethodCreditCardNumber="5555 5555 5555 4444"))

    open_page(browser, f"/orders/{order_id}")
    navigate(browser, browser.find_element(By.LINK_TEXT, "Edit").click)
    assert path_of(browser) == f"/orders/{order_id}/edit"
    assert browser.title == f"Edit order {order_id} – CleanStore"
    assert value_of(browser, "paymentMethodCreditCardNumber") == ""
    assert value_of(browser, "paymentMethodCVV") == ""
    card = field(browser, "paymentMethodCreditCardNumber")
    assert card.accessible_name == "Card number", "the hint is no part of the label"
    assert card.get_attribute("aria-describedby") == "paymentMethodCreditCardNumber-hint"
    assert browser.find_element(By.ID, "paymentMethodCreditCardNumber-hint").text == \
        "Leave empty to keep the card ending 4444."
    assert field(browser, "billingAddressSameAsShipping").is_selected()
    assert not billing_shown(browser), "billing fields start hidden when the box comes ticked"
    assert value_of(browser, "shipmentAddressStreet1") == "10 Old Road"
    save_page(browser, "form-edit")
    screenshot(browser, "04-form-edit")

    fill_form(browser, {
        "shipmentAddressStreet1": "20 New Avenue", "shipmentAddressStreet2": "Floor 2",
        "shipmentAddressCity": "Portland", "shipmentAddressState": "OR",
        "shipmentAddressZIP": "97201", "shipmentMethodSpeed": "1",
    })
    submit(browser)

    assert path_of(browser) == f"/orders/{order_id}", browser.title
    assert f"Order {order_id}" in flash(browser)
    shown = detail_values(browser)
    new_address = ["20 New Avenue", "Floor 2", "Portland, OR 97201"]
    assert shown["Address"] == new_address
    assert shown["Method"] == SHIPPING_METHODS["1"]
    assert shown["Card"] == "•••• 4444", "the stored card is kept"
    assert shown["Billing address"] == new_address, "billing follows shipping while ticked"
    assert shown["Name"] == "Carl Cable"
    screenshot(browser, "05-detail-after-edit")


def test_hints_are_outside_the_labels_and_describe_their_fields(browser):
    """A field's name is its label alone; its hint is read after it (aria-describedby), and with
    an error the hint comes first, then the error (GOV.UK's order)."""
    order_id = create_order(browser, valid_order(firstName="Hal", lastName="Hint"))
    open_page(browser, f"/orders/{order_id}/edit")
    for name, label, hint in (
            ("paymentMethodExpirationDate", "Expiry date", "For example, 04/29"),
            ("paymentMethodCVV", "Card security code", "The last 3 or 4 digits on the back of the card")):
        assert field(browser, name).accessible_name == label
        assert field(browser, name).get_attribute("aria-describedby") == f"{name}-hint"
        assert browser.find_element(By.ID, f"{name}-hint").text == hint
    expiry = field(browser, "paymentMethodExpirationDate")
    type_into(browser, "paymentMethodExpirationDate", "13/39")
    navigate(browser, lambda: expiry.send_keys(Keys.ENTER))  # Enter in a field submits
    assert field(browser, "paymentMethodExpirationDate").accessible_name == "Expiry date"
    assert field(browser, "paymentMethodExpirationDate").get_attribute("aria-describedby") == \
        "paymentMethodExpirationDate-hint paymentMethodExpirationDate-error"


# Someone else saves the order of the edit form on the page first: the same form, posted behind
# the page's back (same cookies, same form token), with another phone number.
SAVE_BEHIND_THE_PAGES_BACK = """
var done = arguments[arguments.length - 1], form = document.querySelector("form.order-form");
var body = new URLSearchParams(new FormData(form));
body.set("phone", arguments[0]);
fetch(form.action, {method: "POST", body: body, redirect: "manual"})
  .then(function (response) { done(response.type); }, function (error) { done(String(error)); });
"""


def test_a_conflict_summary_links_to_every_field_both_saves_changed(browser):
    """Journey: two saves from one version of the edit form, both changing the phone number (and
    this clerk the city too). The second gets the 409 form (issue 29's merge asks only the fields
    both saves changed to different values): its focused summary links to the phone, saying who
    changed it to what and what was typed, as the error summary does; the link moves focus to the
    field, pre-filled with what this clerk typed; the city typed is kept. Saved again, it saves."""
    order_id = create_order(browser, valid_order(firstName="Cora", lastName="Conflict"))
    open_page(browser, f"/orders/{order_id}/edit")
    assert browser.execute_async_script(SAVE_BEHIND_THE_PAGES_BACK, "(415) 555-0199") == "opaqueredirect"
    type_into(browser, "phone", "(415) 555-0142")
    type_into(browser, "shipmentAddressCity", "Springfield")
    submit(browser)

    assert browser.title == f"Error: Edit order {order_id} – CleanStore", browser.title
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary")
    assert browser.switch_to.active_element == summary, "the summary has focus on load"
    links = summary.find_elements(By.CSS_SELECTOR, "a")
    saver = TEST_ACCOUNTS["supervisor"]["displayName"]  # the shared browser's account
    assert [link.text for link in links] == [f"Phone number: {saver} changed it to (415) 555-0199, you typed (415) 555-0142"]
    notes = [note.get_attribute("id") for note in browser.find_elements(By.CSS_SELECTOR, ".typed-value")]
    assert notes == ["phone-typed"], "a note for every link, none hidden, none for a field only one save changed"
    for link in links:
        name = link.get_attribute("href").split("#", 1)[1]
        link.click()
        assert active_id(browser) == name, f"the summary's link to #{name} focuses that field"
        assert in_viewport(browser, field(browser, name))
        assert browser.find_element(By.ID, f"{name}-typed").is_displayed()
    assert value_of(browser, "phone") == "(415) 555-0142", "pre-filled with what this clerk typed"
    assert value_of(browser, "shipmentAddressCity") == "Springfield", "the field only this clerk changed is kept"
    screenshot(browser, "07-form-conflict")

    submit(browser)
    assert path_of(browser) == f"/orders/{order_id}", browser.title
    assert flash(browser) == f"Order {order_id} was updated."
    shown = detail_values(browser)
    assert shown["Phone"] == "(415) 555-0142"
    assert shown["Address"][-1] == "Springfield, CA 94107"


def assert_announced(driver, message):
    """The page shows `message` in a success banner that is read out (role="alert", titled
    "Success") and has focus, so Tab goes on from it."""
    banner = driver.find_element(By.CSS_SELECTOR, ".notification-banner")
    assert banner.get_attribute("role") == "alert"
    assert banner.accessible_name == "Success"
    assert flash(driver) == message
    assert driver.switch_to.active_element == banner, "the banner has focus on load"
    assert has_focus_ring(driver, banner)


def test_update_and_delete_messages_are_announced(browser):
    """The flash after an update and after a delete is a success banner that takes focus (GOV.UK's
    notification banner); shown once, it loses its tabindex with focus."""
    order_id = create_order(browser, valid_order(firstName="Bea", lastName="Banner"))
    open_page(browser, f"/orders/{order_id}/edit")
    type_into(browser, "firstName", "Beatrix")
    submit(browser)
    assert path_of(browser) == f"/orders/{order_id}"
    assert_announced(browser, f"Order {order_id} was updated.")
    screenshot(browser, "08-detail-updated")
    press(browser, Keys.TAB)
    assert browser.execute_script("return document.querySelector('main').contains(document.activeElement)"), \
        "Tab goes on from the banner into the page"
    assert browser.find_element(By.CSS_SELECTOR, ".notification-banner").get_attribute("tabindex") is None

    open_page(browser, f"/orders/{order_id}/delete")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, "form.confirm-form button[type=submit]").click)
    assert path_of(browser) == "/orders"
    assert_announced(browser, f"Order {order_id} was deleted.")
    navigate(browser, browser.refresh)
    assert not browser.find_elements(By.CSS_SELECTOR, ".notification-banner"), "shown once"


def test_the_skip_link_and_the_banner_work_without_scripts(browser_without_scripts):
    driver = browser_without_scripts
    skip_to_main_content(driver, "/drafts")
    order_id = create_order(driver, valid_order(firstName="Nora", lastName="Noscript"))
    open_page(driver, f"/orders/{order_id}/edit")
    submit(driver)
    assert path_of(driver) == f"/orders/{order_id}", driver.title
    banner = driver.find_element(By.CSS_SELECTOR, ".notification-banner[role=alert]")
    assert flash(driver) == f"Order {order_id} was updated." and banner.is_displayed()


def test_the_confirmation_panel_works_without_scripts(browser_without_scripts):
    """No script: the panel is there, first in the page, with its number, and read out (role="alert")."""
    driver = browser_without_scripts
    order_id = create_order(driver, valid_order(firstName="Pam", lastName="Plainpanel"))
    panel = confirmation_panel(driver)
    assert panel.is_displayed() and panel.get_attribute("role") == "alert"
    assert panel.text.split("\n") == ["Order saved", "Order number", order_id]
    assert driver.find_element(By.LINK_TEXT, "Create another order").is_displayed()


def test_back_after_a_save_does_not_resubmit(browser):
    """Journey 4: Post/Redirect/Get: Reload after placing makes no second order, and Back returns
    to the check page (a GET), not to the POST. (Placing again with the same key goes to the order
    it made: PlaceDraftHTTPTests.)"""
    before = count_orders(browser)
    order_id = create_order(browser, valid_order(firstName="Dora", lastName="Drive"))

    navigate(browser, browser.refresh)  # the order's page after the redirect is a plain GET
    assert path_of(browser) == f"/orders/{order_id}"
    assert not browser.find_elements(By.CSS_SELECTOR, ".panel-confirmation"), "the panel shows once"
    navigate(browser, browser.back)
    assert path_of(browser).startswith("/drafts/D-") and path_of(browser).endswith("/check"), \
        "Back returns to the check page, not to the POST"
    assert count_orders(browser) == before + 1, "one placing, one order"


def test_a_double_click_on_place_order_makes_one_order(browser):
    """A double click sends the placing twice: one order, and the page the browser ends on is its own."""
    before = count_orders(browser)
    order_id = create_order(browser, valid_order(firstName="Dot", lastName="Doubleclick"),
                            press_place=lambda button: ActionChains(browser).double_click(button).perform())
    assert path_of(browser) == f"/orders/{order_id}"
    assert detail_values(browser)["Name"] == "Dot Doubleclick"
    assert count_orders(browser) == before + 1, "one click's worth of orders"


def test_the_list_fits_a_small_screen_with_its_totals_in_view(browser):
    create_order(browser, valid_order(firstName="Fay", lastName="Longname-Householder"))
    for expected in (360, 320):
        at_width(browser, expected)
        open_page(browser, "/orders")
        width = browser.execute_script("return document.documentElement.clientWidth")
        assert width == expected
        for cell in browser.find_elements(By.CSS_SELECTOR, "table.orders tr > :last-child"):
            assert cell.is_displayed()
            right = browser.execute_script("return arguments[0].getBoundingClientRect().right", cell)
            assert right <= width, f"the total {cell.text!r} is cut off at {width} px"
            assert cell.value_of_css_property("text-align") in ("right", "end")


def test_same_as_shipping_hides_and_shows_the_billing_fields(browser):
    order_id = create_order(browser, valid_order(firstName="Sam", lastName="Same"))
    open_page(browser, f"/orders/{order_id}/edit")
    box = field(browser, "billingAddressSameAsShipping")
    box.click()  # the order's box comes ticked: unticked, the billing fields show
    assert box.get_attribute("aria-controls") == "billing-fields"
    type_into(browser, "billingAddressCity", "Bobsville")
    box.click()
    assert not billing_shown(browser)
    box.click()
    assert billing_shown(browser)
    assert value_of(browser, "billingAddressCity") == "Bobsville", "unticking keeps what was typed"
    box.send_keys(Keys.TAB)
    assert active_id(browser) == BILLING_FIELDS[0], "Tab goes on into the shown billing fields"


def test_the_script_works_under_the_strict_content_security_policy(browser):
    """The page is served with `default-src 'self'`; app.js still runs (it is a file, not inline),
    and the console fixture fails the test on any CSP violation."""
    order_id = create_order(browser, valid_order(firstName="Cyd", lastName="Policy"))
    open_page(browser, f"/orders/{order_id}/edit")
    field(browser, "billingAddressSameAsShipping").click()
    assert billing_shown(browser), "unticked, the billing fields show"
    policy = browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "fetch(location.href).then(function (r) { done(r.headers.get('content-security-policy')); });")
    assert policy and "default-src 'self'" in policy
    assert "unsafe-inline" not in policy
    field(browser, "billingAddressSameAsShipping").click()
    assert not billing_shown(browser), "app.js ran under the policy"


def test_the_form_works_with_scripts_off(browser_without_scripts):
    """No script: the order form's billing fields stay visible, and the server ignores them when ticked."""
    driver = browser_without_scripts
    order_id = create_order(driver, valid_order(firstName="Eve", lastName="Plain"))
    open_page(driver, f"/orders/{order_id}/edit")
    assert billing_shown(driver), "without the script nothing hides the billing fields"
    set_checkbox(driver, "billingAddressSameAsShipping", False)
    type_into(driver, "billingAddressCity", "Ignored City")
    set_checkbox(driver, "billingAddressSameAsShipping", True)
    submit(driver)
    assert path_of(driver) == f"/orders/{order_id}", driver.title
    assert detail_values(driver)["Billing address"] == [
        "1 Market Street", "Suite 300", "San Francisco, CA 94107"]


def press(driver, key):
    """Presses `key` wherever focus is (no element is focused first, as send_keys would)."""
    ActionChains(driver).send_keys(key).perform()


def skip_to_main_content(driver, path):
    """On `path`: the first Tab reaches "Skip to main content" (hidden until it has focus, then
    shown with a focus ring); Enter on it, then Tab, reaches a control inside <main>, past the
    header's links."""
    open_page(driver, path)
    link = driver.find_element(By.CSS_SELECTOR, "a.skip-link")
    assert link.size["width"] <= 1, f"the skip link on {path} is hidden until it has focus"
    press(driver, Keys.TAB)
    assert driver.switch_to.active_element == link, f"the first Tab on {path} reaches the skip link"
    assert link.text == "Skip to main content" and link.size["width"] > 1, "shown while it has focus"
    assert has_focus_ring(driver, link)
    press(driver, Keys.ENTER)
    press(driver, Keys.TAB)
    assert driver.execute_script("return document.querySelector('main').contains(document.activeElement)"), \
        f"after the skip link, Tab on {path} goes on inside the main content"


def test_the_skip_link_comes_first_and_leads_past_the_header(browser):
    for path in ("/orders", "/drafts"):
        skip_to_main_content(browser, path)
        assert active_id(browser) != "main-content", "main took focus for a moment only"
