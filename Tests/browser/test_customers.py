"""Customers in a real browser (EditCustomer, ListCustomers, ShowCustomer): a clerk adds one, meets
the duplicate choice with a second customer on the same line, saves it as a new customer, and
changes the first; every page state on the way is also checked by axe and the Nu checker through
its snapshot (CustomerPagesHTTPTests)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    field, fill_form, flash, navigate, open_page, path_of, sign_in, submit, type_into, value_of,
)

JANE = {
    "firstName": "Jane", "lastName": "Browser", "phone": "(415) 555-0177", "email": "jane.browser@example.com",
    "shipmentAddressStreet1": "12 Main St", "shipmentAddressCity": "San Francisco", "shipmentAddressState": "CA",
    "shipmentAddressZIP": "94107",
}


def click_link(driver, text):
    navigate(driver, driver.find_element(By.LINK_TEXT, text).click)


def test_a_clerk_adds_a_customer_meets_the_duplicate_choice_and_changes_one(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "clerk", return_to="/customers")
    assert path_of(driver) == "/customers"

    # Add Jane: her page, with a flash naming her and her history.
    click_link(driver, "Add a customer")
    assert path_of(driver) == "/customers/new"
    fill_form(driver, JANE)
    submit(driver)
    jane = path_of(driver)
    assert jane.startswith("/customers/") and jane.split("/")[-1].isdigit(), jane
    assert flash(driver) == "Customer added: Jane Browser."
    assert [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".timeline-title")] == ["Added"]

    # A mistake: the form again, its errors summarised and by their fields.
    open_page(driver, "/customers/new")
    fill_form(driver, {"firstName": "", "lastName": "Browser", "phone": "call me", "email": "x@"})
    submit(driver)
    assert driver.title.startswith("Error: ")
    assert driver.find_elements(By.CSS_SELECTOR, ".error-summary a[href='#phone']")

    # John on Jane's line, her number typed another way: who has it, nothing saved yet.
    open_page(driver, "/customers/new")
    fill_form(driver, {**JANE, "firstName": "John", "phone": "415.555.0177", "email": "john.browser@example.com"})
    submit(driver)
    assert path_of(driver) == "/customers/new"
    assert "Jane Browser, (415) 555-0177, 12 Main St already exists" in driver.page_source
    assert driver.find_element(By.LINK_TEXT, "Use Jane Browser").get_attribute("href").endswith(jane)
    assert value_of(driver, "firstName") == "John", "Nothing typed is lost"

    # Save as a new customer: John's own page.
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "button[name=saveAsNew]").click)
    john = path_of(driver)
    assert john != jane and john.startswith("/customers/"), john
    assert flash(driver) == "Customer added: John Browser."

    # Change Jane: from her page, the change in her history.
    open_page(driver, jane)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, f"a[href='{jane}/edit']").click)
    assert path_of(driver) == jane + "/edit"
    fill_form(driver, {"note": "Call after 5 pm"})
    submit(driver)
    assert path_of(driver) == jane
    assert flash(driver) == "Customer changed: Jane Browser."
    assert "Call after 5 pm" in driver.find_element(By.CSS_SELECTOR, ".note-text").text


MIA = {
    "firstName": "Mia", "lastName": "Merger", "phone": "(415) 555-0188", "email": "mia.merger@example.com",
    "shipmentAddressStreet1": "3 Pine St", "shipmentAddressCity": "San Francisco", "shipmentAddressState": "CA",
    "shipmentAddressZIP": "94107",
}


def add_customer(driver, customer):
    """Adds `customer` from the new customer form, as a new customer when the duplicate choice
    is offered; returns their page's path."""
    open_page(driver, "/customers/new")
    fill_form(driver, customer)
    submit(driver)
    if path_of(driver) == "/customers/new":
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "button[name=saveAsNew]").click)
    return path_of(driver)


def test_a_supervisor_merges_two_customers_after_a_preview_by_keyboard(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "supervisor", return_to="/customers")
    kept = add_customer(driver, MIA)
    other = add_customer(driver, {**MIA, "email": "mia@work.example.com", "shipmentAddressStreet1": "8 Oak Ave"})
    assert kept != other, (kept, other)

    # From the page of the one to keep: the search for the other, which leaves her out.
    open_page(driver, kept)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, f"a[href='{kept}/merge']").click)
    assert path_of(driver) == kept + "/merge"
    type_into(driver, "q", "mia merger")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.filter button[type=submit]").click)
    links = driver.find_elements(By.CSS_SELECTOR, "table a")
    assert [link.get_attribute("href").split("/")[-1] for link in links] == [other.split("/")[-1]]
    navigate(driver, links[0].click)
    assert path_of(driver) == f"{kept}/merge/{other.split('/')[-1]}"

    # The preview: the survivor's values chosen; take the other's email by keyboard alone.
    assert value_of(driver, "email") == "keep"
    assert value_of(driver, "shipping") == "keep"
    field(driver, "email").send_keys(Keys.ARROW_DOWN)
    assert value_of(driver, "email") == "take"
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.merge-form button[type=submit]").click)

    # The survivor's page says so; the merged one's page links there; the search finds one Mia.
    assert path_of(driver) == kept
    assert flash(driver).endswith("was merged into Mia Merger, with their orders")
    assert "Another customer merged into this one" in [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".timeline-title")]
    assert "mia@work.example.com" in driver.find_element(By.CSS_SELECTOR, "dl.summary").text
    open_page(driver, other)
    banner = driver.find_element(By.CSS_SELECTOR, ".notice a")
    assert banner.get_attribute("href").endswith(kept)
    assert not driver.find_elements(By.CSS_SELECTOR, "a[href$='/merge']"), "a merged customer is merged no more"
    open_page(driver, "/customers?q=mia+merger")
    found = [link.get_attribute("href") for link in driver.find_elements(By.CSS_SELECTOR, "table.orders tbody a")]
    assert any(href.endswith(kept) for href in found) and not any(href.endswith(other) for href in found), found


ERIN = {
    "firstName": "Erin", "lastName": "Eraseme", "phone": "(415) 555-0166", "email": "erin.eraseme@example.com",
    "shipmentAddressStreet1": "5 Willow Way", "shipmentAddressCity": "San Francisco", "shipmentAddressState": "CA",
    "shipmentAddressZIP": "94107", "note": "Erin prefers mornings",
}


def test_a_supervisor_erases_a_customers_personal_data_after_typing_their_name(signed_out_browser):
    driver = signed_out_browser
    sign_in(driver, "supervisor", return_to="/customers")
    erin = add_customer(driver, ERIN)

    # From her page to the confirmation, which warns that it cannot be undone.
    open_page(driver, erin)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, f"a[href='{erin}/erase']").click)
    assert path_of(driver) == erin + "/erase"
    assert "cannot be undone" in driver.find_element(By.CSS_SELECTOR, ".warning-text").text

    # A name not typed exactly is an inline error, linked from the summary; nothing is erased.
    type_into(driver, "name", "erin eraseme")
    navigate(driver, lambda: field(driver, "name").send_keys(Keys.ENTER))
    assert path_of(driver) == erin + "/erase"
    assert "Enter the customer’s name exactly as shown: Erin Eraseme" in driver.find_element(By.CSS_SELECTOR, ".error-message").text
    assert driver.find_element(By.CSS_SELECTOR, ".error-summary a").get_attribute("href").endswith("#name")
    assert value_of(driver, "name") == "erin eraseme"

    # Typed exactly, by keyboard: her page says it was erased, and no search finds her.
    type_into(driver, "name", "Erin Eraseme")
    navigate(driver, lambda: field(driver, "name").send_keys(Keys.ENTER))
    assert path_of(driver) == erin
    assert flash(driver).startswith("Personal data erased from this customer")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Erased"
    assert "Personal data erased" in [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".timeline-title")]
    page = driver.find_element(By.TAG_NAME, "main").text
    for value in ["Erin", "Eraseme", "555-0166", "erin.eraseme@example.com", "Willow"]:
        assert value not in page, value
    assert "prefers mornings" in page, "the note is kept, her name out of it"
    open_page(driver, "/customers?q=eraseme")
    assert not driver.find_elements(By.CSS_SELECTOR, "table.orders tbody a")
