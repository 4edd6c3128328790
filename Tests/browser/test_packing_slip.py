"""The packing slip (issue 17): opened from the order's page, printed from the browser.

A slip is a page made to print: no site header, a print stylesheet that leaves black on white and
fits A4 and Letter, a Print button where scripts run and a hint where they do not, and never any
card data.
"""

import base64
import re

from selenium.webdriver.common.by import By

from helpers import (
    at_width, create_order, navigate, open_page, path_of, screenshot, valid_order,
)

# An A4 sheet is 210 mm wide: 794 CSS px at 96 dpi. With the stylesheet's 15 mm margins the slip
# has 180 mm of it (680 px); Letter (8.5 in, 816 px) leaves more.
A4_WIDTH = 794
A4_PRINTABLE_WIDTH = 680
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}  # inches, as Page.printToPDF takes them

ORDER = valid_order(
    firstName="Pia", lastName="Packer", shipmentAddressStreet1="12 Warehouse Row",
    shipmentAddressStreet2="Unit 4", shipmentAddressCity="Oakland", shipmentAddressState="CA",
    shipmentAddressZIP="94607", shipmentMethodSpeed="1",
    paymentMethodCreditCardNumber="4111 1111 1111 1111", paymentMethodExpirationDate="04/39")
CARD_DATA = ["4111111111111111", "4111 1111 1111 1111", "1111", "04/39", "04/2039", "•••"]


def open_slip_from_order_page(driver, order_id):
    open_page(driver, f"/orders/{order_id}")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Print packing slip").click)
    assert path_of(driver) == f"/orders/{order_id}/slip", driver.title
    assert driver.title.startswith(f"Packing slip for order {order_id}"), driver.title


def emulate_media(driver, media):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})


def widest_right_edge(driver):
    """The right edge of the widest box on the page, in CSS px."""
    return driver.execute_script(
        "var right = 0;"
        "document.querySelectorAll('body, body *').forEach(function (element) {"
        "  if (element.getClientRects().length) right = Math.max(right, element.getBoundingClientRect().right);"
        "});"
        "return right;")


def pdf_pages(driver, paper):
    width, height = PAPERS[paper]
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": width, "paperHeight": height, "preferCSSPageSize": False,
        "printBackground": True})["data"])
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_print_the_packing_slip_from_the_order_page(browser):
    order_id = create_order(browser, ORDER)
    open_slip_from_order_page(browser, order_id)

    # What the packer needs, and nothing of the site or the card
    assert not browser.find_elements(By.CSS_SELECTOR, "header, nav, form"), "no site header, navigation or form"
    summary = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
               for row in browser.find_elements(By.CSS_SELECTOR, ".slip-summary > div")}
    assert summary["Order"] == order_id
    assert re.fullmatch(r"\d{1,2} (January|February|March|April|May|June|July|August|September|October|"
                        r"November|December) \d{4}", summary["Order date"]), summary
    assert summary["Status"] == "New"
    assert summary["Shipping method"] == "One-Day Shipping"
    address = [line.text for line in browser.find_elements(By.CSS_SELECTOR, ".slip-address .line")]
    assert address == ["Pia Packer", "12 Warehouse Row", "Unit 4", "Oakland, CA 94607"], address
    html = browser.page_source
    for card in CARD_DATA:
        assert card not in html, f"the slip shows card data: {card}"

    # The Print button (shown by app.js) opens the browser's Print dialog
    button = browser.find_element(By.CSS_SELECTOR, ".print-button")
    assert button.is_displayed() and button.text == "Print packing slip"
    browser.execute_script("window.__prints = 0; window.print = function () { window.__prints += 1; };")
    button.click()
    assert browser.execute_script("return window.__prints") == 1
    screenshot(browser, "30-packing-slip")

    emulate_media(browser, "print")
    try:
        assert browser.execute_script("return matchMedia('print').matches")
        for control in browser.find_elements(By.CSS_SELECTOR, ".print-controls a, .print-controls button, .print-controls .hint"):
            assert not control.is_displayed(), f"{control.text!r} is printed"
        for selector in ("body", "h1", "dt", "dd", ".slip-address"):
            element = browser.find_element(By.CSS_SELECTOR, selector)
            assert element.value_of_css_property("color") in ("rgba(0, 0, 0, 1)", "rgb(0, 0, 0)"), selector
        assert browser.find_element(By.TAG_NAME, "body").value_of_css_property("background-color") in (
            "rgba(255, 255, 255, 1)", "rgb(255, 255, 255)")

        # Nothing wider than an A4 sheet, nor than what its margins leave
        for width in (A4_WIDTH, A4_PRINTABLE_WIDTH):
            at_width(browser, width)
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"the printed slip is {overflow} px wider than {width} px"
            assert widest_right_edge(browser) <= width, f"a box of the printed slip is wider than {width} px"
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        screenshot(browser, "31-packing-slip-print", widths=(("a4", A4_WIDTH), ("desktop", 1280)))

        # One sheet of A4 or of Letter
        for paper in PAPERS:
            assert pdf_pages(browser, paper) == 1, f"the slip takes more than one {paper} page"
    finally:
        emulate_media(browser, "")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    navigate(browser, browser.find_element(By.LINK_TEXT, f"Back to order {order_id}").click)
    assert path_of(browser) == f"/orders/{order_id}"


def test_without_scripts_the_slip_says_how_to_print(browser_without_scripts):
    driver = browser_without_scripts
    order_id = create_order(driver, valid_order(firstName="Nils", lastName="Noscript"))
    open_slip_from_order_page(driver, order_id)
    assert not driver.find_element(By.CSS_SELECTOR, ".print-button").is_displayed(), \
        "no button that cannot work"
    hint = driver.find_element(By.CSS_SELECTOR, ".print-controls .hint")
    assert hint.is_displayed() and "Print" in hint.text
