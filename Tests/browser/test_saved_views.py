"""The list a clerk works from (issue 28): tabs above the list with their counts, and a clerk's own
saved searches, saved, reordered, made the default and deleted, from the keyboard and without
JavaScript."""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import create_order, field, flash, navigate, open_page, path_of, screenshot, type_into, valid_order


def tabs(driver):
    """Each tab's words (its count included) and whether it is the current one."""
    return [(" ".join(link.text.split()), link.get_attribute("aria-current") == "page")
            for link in driver.find_elements(By.CSS_SELECTOR, "nav.list-tabs li a")]


def current_tab(driver):
    return [text for text, current in tabs(driver) if current]


def press_button(driver, row_name, words):
    """Presses a saved view's button (Move up, Delete, …) in the row that names it, from the keyboard."""
    row = driver.find_element(By.XPATH, f"//table[@class='saved-views']//tr[td/a[normalize-space()='{row_name}']]")
    button = row.find_element(By.XPATH, f".//button[starts-with(normalize-space(), '{words}')]")
    navigate(driver, lambda: button.send_keys(Keys.ENTER))


def test_tabs_and_saved_searches_from_the_keyboard(browser):
    create_order(browser, valid_order(firstName="Tabitha", lastName="Savedview", email="tabitha@example.com"))
    open_page(browser, "/orders")
    assert current_tab(browser)[0].startswith("All"), tabs(browser)
    labels = [text for text, _ in tabs(browser)]
    for name in ["All", "New", "Paid", "Packed (to ship)"]:
        assert any(re.fullmatch(rf"{re.escape(name)} [\d,]+\+?( orders)?", text) for text in labels), (name, labels)
    assert "Drafts" in labels

    # The New tab: its list, marked.
    link = browser.find_element(By.XPATH, "//nav[contains(@class,'list-tabs')]//a[starts-with(normalize-space(), 'New')]")
    navigate(browser, lambda: link.send_keys(Keys.ENTER))
    assert path_of(browser) == "/orders" and "status=new" in browser.current_url
    assert current_tab(browser)[0].startswith("New"), tabs(browser)

    # A search no tab shows: saved from the keyboard under a name.
    type_into(browser, "q", "savedview")
    navigate(browser, lambda: field(browser, "q").send_keys(Keys.ENTER))
    assert current_tab(browser) == [], "no tab shows this search"
    first_link = browser.find_element(By.CSS_SELECTOR, "table.orders tbody tr a")
    presses = 0
    while browser.switch_to.active_element != first_link and presses < 10:
        browser.switch_to.active_element.send_keys(Keys.TAB)
        presses += 1
    assert presses <= 3, f"{presses} Tabs from the search's results heading to its first result, with the tabs above"
    print(f"Tabs from a search to its first result (tabs above the list): {presses}")

    save = browser.find_element(By.LINK_TEXT, "Save this search")
    navigate(browser, lambda: save.send_keys(Keys.ENTER))
    screenshot(browser, "28-save-this-search")
    assert "Search: savedview" in browser.find_element(By.CSS_SELECTOR, ".saved-view-summary").text
    navigate(browser, lambda: field(browser, "name").send_keys(Keys.ENTER))
    assert browser.title.startswith("Error: "), "a name is needed"
    assert browser.find_element(By.CSS_SELECTOR, ".error-summary a").text == "Enter a name for this search"
    type_into(browser, "name", "Tabitha’s new")
    navigate(browser, lambda: field(browser, "name").send_keys(Keys.ENTER))
    assert "Search saved as “Tabitha’s new”" in flash(browser)
    assert current_tab(browser) == ["Tabitha’s new"], tabs(browser)
    # The customer's cell follows the date's (a status filter adds a checkbox column before them).
    assert [row.text.split("\n")[0] for row in browser.find_elements(By.CSS_SELECTOR, "table.orders tbody tr td.date + td")] \
        == ["Tabitha Savedview"]

    # A second one, then reorder, make it the default, All still reachable, delete both.
    open_page(browser, "/orders/views/new?status=paid&sort=-total")
    type_into(browser, "name", "Paid, biggest first")
    navigate(browser, lambda: field(browser, "name").send_keys(Keys.ENTER))
    try:
        manage = browser.find_element(By.LINK_TEXT, "Your saved searches")
        navigate(browser, lambda: manage.send_keys(Keys.ENTER))
        press_button(browser, "Paid, biggest first", "Move up")
        assert flash(browser) == "“Paid, biggest first” moved up"
        names = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "table.saved-views tbody td:first-child a")]
        assert names == ["Paid, biggest first", "Tabitha’s new"], names
        press_button(browser, "Tabitha’s new", "Open the list on it")
        screenshot(browser, "28-saved-searches")
        open_page(browser, "/orders")
        assert "q=savedview" in browser.current_url and current_tab(browser) == ["Tabitha’s new"], browser.current_url
        all_tab = browser.find_element(By.XPATH, "//nav[contains(@class,'list-tabs')]//a[starts-with(normalize-space(), 'All')]")
        navigate(browser, lambda: all_tab.send_keys(Keys.ENTER))
        assert current_tab(browser)[0].startswith("All") and "view=all" in browser.current_url
    finally:
        open_page(browser, "/orders/views")
        for name in ["Paid, biggest first", "Tabitha’s new"]:
            if browser.find_elements(By.LINK_TEXT, name):
                press_button(browser, name, "Delete")
    assert browser.find_element(By.CSS_SELECTOR, "main").text.count("You have no saved searches yet") == 1
    open_page(browser, "/orders")
    assert browser.current_url.endswith("/orders"), "no default any more: the list opens on all orders"
