"""Customers in a real browser (EditCustomer, ListCustomers, ShowCustomer): a clerk adds one, meets
the duplicate choice with a second customer on the same line, saves it as a new customer, and
changes the first; every page state on the way is also checked by axe and the Nu checker through
its snapshot (CustomerPagesHTTPTests)."""

from selenium.webdriver.common.by import By

from helpers import fill_form, flash, navigate, open_page, path_of, sign_in, submit, value_of

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
