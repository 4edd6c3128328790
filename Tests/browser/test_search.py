"""Finding an order (issue 16): a customer calls, "name's José Núñez"; the clerk types part of it."""

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (
    at_width, create_order, field, navigate, open_page, path_of, screenshot, type_into, valid_order,
)


def listed_names(driver):
    return [row.find_elements(By.TAG_NAME, "td")[2].text
            for row in driver.find_elements(By.CSS_SELECTOR, "table.orders tbody tr")]


def query_of(driver):
    return parse_qs(urlparse(driver.current_url).query)


def test_find_jose_by_typing_part_of_his_name_and_open_his_order(browser):
    jose = create_order(browser, valid_order(firstName="José", lastName="Núñez", email="jose.nunez@example.com"))
    create_order(browser, valid_order(firstName="Josephine", lastName="Baker"))

    open_page(browser, "/orders")
    type_into(browser, "q", "jose nun")
    navigate(browser, lambda: field(browser, "q").send_keys(Keys.ENTER))
    assert path_of(browser) == "/orders"
    assert query_of(browser)["q"] == ["jose nun"], "The URL is the state"
    assert listed_names(browser) == ["José Núñez"], "No accent typed, every word matched"
    tags = [" ".join(tag.text.split()) for tag in browser.find_elements(By.CSS_SELECTOR, ".filter-tag")]
    assert tags in (["Remove this filter: Search: jose nun"], ["Search: jose nun"]), tags
    screenshot(browser, "20-search-jose")

    link = browser.find_element(By.LINK_TEXT, f"Order {jose}")
    navigate(browser, link.click)
    assert path_of(browser) == f"/orders/{jose}"
    assert "José Núñez" in browser.find_element(By.TAG_NAME, "main").text

    navigate(browser, browser.back)
    assert value_of_search(browser) == "jose nun", "Back returns to the search as it was"
    assert listed_names(browser) == ["José Núñez"]


def value_of_search(driver):
    return field(driver, "q").get_attribute("value")


def test_sort_by_a_heading_filter_by_keyboard_and_clear(browser):
    for first, last in [("Zed", "Aardvark"), ("Amy", "Zimmer")]:
        create_order(browser, valid_order(firstName=first, lastName=last, shipmentMethodSpeed="1"))
    open_page(browser, "/orders")

    heading = browser.find_element(By.XPATH, "//th[a[normalize-space()='Customer']]")
    assert heading.get_attribute("aria-sort") == "none"
    navigate(browser, heading.find_element(By.TAG_NAME, "a").click)
    heading = browser.find_element(By.XPATH, "//th[a[normalize-space()='Customer']]")
    assert heading.get_attribute("aria-sort") == "ascending"
    names = listed_names(browser)
    last_names = [name.split(" ")[-1].lower() for name in names]
    assert last_names == sorted(last_names), names

    # The shipping filter from the keyboard: the radio, then the button; the sort is kept.
    radio = field(browser, "shipping-1")
    radio.send_keys(Keys.SPACE)
    assert radio.is_selected()
    button = browser.find_element(By.CSS_SELECTOR, "form.filter button[type=submit]")
    navigate(browser, lambda: button.send_keys(Keys.ENTER))
    assert query_of(browser)["shipping"] == ["1"]
    assert query_of(browser)["sort"] == ["name"], "Applying filters keeps the sort"
    names = listed_names(browser)
    assert names[0] == "Zed Aardvark" and "Amy Zimmer" in names, names

    at_width(browser, 320)
    width = browser.execute_script("return document.documentElement.clientWidth")
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"the filtered list scrolls sideways at 320 px ({scroll} > {width})"
    screenshot(browser, "21-filtered-320")

    clear = browser.find_element(By.LINK_TEXT, "Clear filters")
    navigate(browser, clear.click)
    assert "shipping" not in query_of(browser) and query_of(browser)["sort"] == ["name"]
    assert not browser.find_elements(By.CSS_SELECTOR, ".filter-tag")
