"""Finding an order (issue 16): a customer calls, "name's José Núñez"; the clerk types part of it."""

import re
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from helpers import (
    at_width, create_order, field, navigate, open_page, path_of, screenshot, type_into, valid_order,
)


def listed_names(driver):
    # The cell's first line: a shipped order's row adds its shipment on a line of its own.
    return [row.find_elements(By.TAG_NAME, "td")[2].text.split("\n")[0]
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
    assert not browser.find_elements(By.CSS_SELECTOR, ".filter-tag"), "The search is in its box: no filter to remove"
    assert browser.find_element(By.CSS_SELECTOR, "h2.result-count").text.startswith("1 order found (")
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


def test_sort_filter_by_keyboard_and_clear(browser):
    for first, last in [("Zed", "Aardvark"), ("Amy", "Zimmer")]:
        create_order(browser, valid_order(firstName=first, lastName=last, shipmentMethodSpeed="1"))
    open_page(browser, "/orders")

    panel = browser.find_element(By.CSS_SELECTOR, "details.filter-panel")
    assert panel.get_attribute("open") is None, "Nothing set: the filters are folded away"
    panel.find_element(By.TAG_NAME, "summary").send_keys(Keys.ENTER)
    assert panel.get_attribute("open") is not None
    Select(field(browser, "sort")).select_by_visible_text("By customer name, A to Z")
    apply = browser.find_element(By.XPATH, "//button[normalize-space()='Apply filters']")
    navigate(browser, lambda: apply.send_keys(Keys.ENTER))
    heading = browser.find_element(By.XPATH, "//th[normalize-space()='Customer']")
    assert heading.get_attribute("aria-sort") == "ascending"
    assert browser.find_element(By.CSS_SELECTOR, "details.filter-panel").get_attribute("open") is not None, \
        "A sort in force: the panel starts open"
    names = listed_names(browser)
    last_names = [name.split(" ")[-1].lower() for name in names]
    assert last_names == sorted(last_names), names

    # The shipping filter from the keyboard: the radio, then the button; the sort is kept.
    radio = field(browser, "shipping-1")
    radio.send_keys(Keys.SPACE)
    assert radio.is_selected()
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Apply filters']")
    navigate(browser, lambda: button.send_keys(Keys.ENTER))
    assert query_of(browser)["shipping"] == ["1"]
    assert query_of(browser)["sort"] == ["name"], "Applying filters keeps the sort"
    names = listed_names(browser)
    assert names[0] == "Zed Aardvark" and "Amy Zimmer" in names, names

    at_width(browser, 320)
    width = browser.execute_script("return document.documentElement.clientWidth")
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"the filtered list scrolls sideways at 320 px ({scroll} > {width}): {too_wide(browser)}"
    screenshot(browser, "21-filtered-320")

    clear = browser.find_element(By.LINK_TEXT, "Clear filters")
    navigate(browser, clear.click)
    assert "shipping" not in query_of(browser) and query_of(browser)["sort"] == ["name"]
    assert not browser.find_elements(By.CSS_SELECTOR, ".filter-tag")


def screen(driver, width, height):
    """Emulates a window `width` by `height` CSS pixels (until the next reset)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def layout(driver):
    """Where the list page's parts start and end (for a failure's message)."""
    return driver.execute_script(
        "return ['header.site-header', 'main', 'h1', 'form.filter', '.search-row', 'details.filter-panel', '.selected-filters',"
        " 'h2.result-count', 'table.orders thead', 'table.orders tbody tr']"
        ".map(function (s) { var e = document.querySelector(s); if (!e) return s + ': none';"
        " var r = e.getBoundingClientRect(); return s + ': ' + Math.round(r.top) + '-' + Math.round(r.bottom); }).join(', ');")


def too_wide(driver):
    """The elements that reach past the window's right edge (for a failure's message)."""
    return driver.execute_script(
        "var w = document.documentElement.clientWidth, out = [];"
        "document.querySelectorAll('body *').forEach(function (e) { var r = e.getBoundingClientRect();"
        " if (r.right > w + 0.5 && !e.closest('.table-scroll')) out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.right)); });"
        "return out.slice(0, 15);")


def first_row_top(driver):
    """Where the list's first row starts, in CSS px from the top of the page."""
    return driver.execute_script(
        "var row = document.querySelector('table.orders tbody tr');"
        "return row ? row.getBoundingClientRect().top + window.scrollY : null;")


def lines_of(driver, cell):
    """How many lines of text a table cell takes."""
    return driver.execute_script(
        "var walker = document.createTreeWalker(arguments[0], NodeFilter.SHOW_TEXT), tops = new Set(), node;"
        "while ((node = walker.nextNode())) { if (!node.data.trim()) continue;"
        " var range = document.createRange(); range.selectNodeContents(node);"
        " for (var r of range.getClientRects()) if (r.height > 0) tops.add(Math.round(r.top)); }"
        "return tops.size;", cell)


def test_results_come_first_counted_and_a_tab_away(browser):
    """Issue 28: the first order near the top, how many were found as a heading that takes focus
    after a search, one Tab from it to the first result; rows on one line; the table, not the
    page, scrolls sideways at 200 % text."""
    create_order(browser, valid_order(firstName="Josefa", lastName="Quintero-Villalobos", email="josefa@example.com",
                                      phone="(555) 010-2030", shipmentAddressStreet1="742 Evergreen Terrace"))
    create_order(browser, valid_order(firstName="Josefa", lastName="Baker"))
    try:
        screen(browser, 1280, 900)
        open_page(browser, "/orders")
        top = first_row_top(browser)
        assert top is not None and top <= 350, f"the first order starts at y = {top} px at 1280×900: {layout(browser)}"
        count = browser.find_element(By.CSS_SELECTOR, "h2.result-count").text
        assert re.fullmatch(r"[\d,]+ orders?", count), count

        # A search by street, from the keyboard: focus lands on the count.
        type_into(browser, "q", "order evergreen")
        navigate(browser, lambda: field(browser, "q").send_keys(Keys.ENTER))
        assert listed_names(browser) == ["Josefa Quintero-Villalobos"], "Found by street line 1, the word “order” left out"
        heading = browser.find_element(By.CSS_SELECTOR, "h2.result-count")
        assert re.fullmatch(r"1 order found \([\d,]+ in all\)", heading.text), heading.text
        assert browser.switch_to.active_element == heading, "After a search focus is on what was found"
        top = first_row_top(browser)
        assert top <= 350, f"after a search the first order starts at y = {top} px at 1280×900: {layout(browser)}"

        first_link = browser.find_element(By.CSS_SELECTOR, "table.orders tbody tr a")
        tabs = 0
        while browser.switch_to.active_element != first_link and tabs < 10:
            browser.switch_to.active_element.send_keys(Keys.TAB)
            tabs += 1
        assert browser.switch_to.active_element == first_link
        assert tabs <= 3, f"{tabs} Tabs from the search's results heading to its first result"
        print(f"Tabs from a search to its first result: {tabs}")

        # One line a row at 1280: number, date and time, customer, phone, status, total.
        headings = [th.text.strip(" ▲▼") for th in browser.find_elements(By.CSS_SELECTOR, "table.orders thead th")]
        assert headings == ["Order", "Date", "Customer", "Phone", "Status", "Total"], headings
        cells = browser.find_elements(By.CSS_SELECTOR, "table.orders tbody tr:first-child td")
        assert [lines_of(browser, cell) for cell in cells] == [1] * 6, [cell.text for cell in cells]
        assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}(:\d\d)?(am|pm)|.*(midday|midnight)", cells[1].text), cells[1].text

        # 200 % text: the table scrolls in its own labelled region, never the page.
        browser.execute_script("document.documentElement.style.fontSize = '200%'")
        page = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert page[0] <= page[1], f"at 200 % text the page is {page[0]} px wide in a window of {page[1]}"
        region = browser.find_element(By.CSS_SELECTOR, "[role=region]:has(> table.orders)")
        label = browser.find_element(By.ID, region.get_attribute("aria-labelledby")).get_attribute("textContent")
        assert label.startswith("Orders"), label
        sizes = browser.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", region)
        assert sizes[0] > sizes[1], "the table is wider than its region: the region scrolls"
        browser.execute_script("document.documentElement.style.fontSize = ''")

        # A phone: the first order within the first screen.
        screen(browser, 320, 640)
        open_page(browser, "/orders?q=evergreen")
        top = first_row_top(browser)
        assert top < 640 - 40, f"the first order starts at y = {top} px at 320×640"
        screenshot(browser, "22-results-first")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
