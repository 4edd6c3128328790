"""Starting an order from another one (issue 27): "Repeat this order" and "New order for this
customer" on an order's page, in a real browser. The catalog changes the way a shop changes it
(`cleanstore products import` beside the running server, the product page's Archive): the repeated
draft marks the line whose price changed since it was ordered and says which product is no longer
sold. The states reached are checked by axe at 1280 and 320 px where they are reached and by the
Nu checker at the end (test_goods_journeys.PageStates)."""

from selenium.webdriver.common.by import By

from helpers import flash, navigate, open_page, path_of
from test_goods_journeys import (  # noqa: F401 (tax_table: that module's fixture, the sample tax table)
    PageStates, add_item, fill_draft, import_products, placed_order_id, tax_table, type_card_and_place,
)


def press(driver, text):
    navigate(driver, driver.find_element(By.XPATH, f"//main//button[normalize-space()='{text}']").click)


def test_a_repeated_order_marks_the_price_changed_since_and_the_product_no_longer_sold(browser, tmp_path):
    driver = browser
    import_products(tmp_path, ["REPEAT-JUG,Repeat jug,12.00,true,false,", "REPEAT-CUP,Repeat cup,3.00,true,false,"])
    pages = PageStates(driver, "repeat")
    fill_draft(driver, "Rhea", "Peat", ["REPEAT-JUG", "REPEAT-CUP"])
    navigate(driver, driver.find_element(By.LINK_TEXT, "Check and place the order").click)
    assert driver.find_element(By.ID, "saveCaller").is_selected(), "Save this caller is ticked"
    type_card_and_place(driver)
    order_id = placed_order_id(driver)

    # Since then the jug costs more, and the cup is archived.
    import_products(tmp_path, ["REPEAT-JUG,Repeat jug,13.50,true,false,"])
    open_page(driver, "/products?q=REPEAT-CUP")
    navigate(driver, driver.find_element(By.LINK_TEXT, "REPEAT-CUP").click)
    press(driver, "Archive")

    open_page(driver, f"/orders/{order_id}")
    pages.check("order")
    press(driver, "Repeat this order")
    draft = path_of(driver)
    assert draft.startswith("/drafts/D-"), driver.title
    assert driver.current_url.endswith(f"?repeated={order_id}"), driver.current_url
    ref = draft.split("/")[-1]
    assert flash(driver) == f"Order {ref} started from order {order_id}: check the items, their prices and stock."
    rows = driver.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")
    assert [row.find_elements(By.TAG_NAME, "td")[0].text for row in rows] == ["REPEAT-JUG"], "the cup is not added"
    marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "table.lines .price-changed")]
    assert marks == ["Price changed: was $12.00 when ordered, now $13.50"], marks
    problems = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".repeat-problems li")]
    assert problems == ["Repeat cup (REPEAT-CUP) is no longer sold, so it was not added (1 on the order)."], problems
    assert driver.find_element(By.ID, "firstName").get_attribute("value") == "Rhea", "the order's caller"
    pages.check("draft-repeated")

    # A section saved (one more jug, the items section): the draft's page, without ?repeated=,
    # still marks the price changed and what was not added, until the draft is placed or discarded.
    add_item(driver, "REPEAT-JUG")
    assert path_of(driver) == draft and "repeated=" not in driver.current_url, driver.current_url
    marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "table.lines .price-changed")]
    assert marks == ["Price changed: was $12.00 when ordered, now $13.50"], marks
    problems = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".repeat-problems li")]
    assert problems == ["Repeat cup (REPEAT-CUP) is no longer sold, so it was not added (1 on the order)."], problems

    # And from the same order, a new order for its customer (saved at placing): her details only.
    open_page(driver, f"/orders/{order_id}")
    press(driver, "New order for this customer")
    second = path_of(driver).split("/")[-1]
    assert flash(driver) == f"Order {second} started for Rhea Peat: their details are copied in. Check them with the caller."
    assert not driver.find_elements(By.CSS_SELECTOR, "table.lines tbody tr"), "no items"
    pages.check("draft-for-customer")
    pages.check_html(tmp_path)
