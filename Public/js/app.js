// CleanStore Web – the pages' small helpers. Loaded from <head> with `defer`, never inline,
// so a Content-Security-Policy of `default-src 'self'` holds. Every page works without it:
// it only moves focus, hides the billing fields that the server ignores anyway, and shows a
// Print button where the page says how to print without it.
(function () {
  "use strict";

  // Focus a field named by a `#id` link, with its label (and the top of a fieldset's legend
  // when the field is the first one) scrolled into view, rather than the bare input at the very
  // top of the window where the clerk cannot see what it asks for.
  function focusField(id) {
    var field = document.getElementById(id);
    if (!field || typeof field.focus !== "function") return false;
    var label = document.querySelector('label[for="' + id.replace(/["\\]/g, "\\$&") + '"]');
    var fieldset = field.closest("fieldset");
    var legend = fieldset && fieldset.querySelector("legend");
    var target = label || field;
    if (legend && fieldset.querySelector("input, select, textarea") === field) target = legend;
    target.scrollIntoView({ block: "start" });
    field.focus({ preventScroll: true });
    return document.activeElement === field;
  }

  // The error summary: gets focus on load, so a screen reader reads it and Tab starts from it;
  // each of its links moves focus to the field it names.
  function enhanceErrorSummary() {
    var summary = document.querySelector(".error-summary");
    if (!summary) return;
    summary.addEventListener("click", function (event) {
      var link = event.target.closest('a[href^="#"]');
      if (!link || !summary.contains(link)) return;
      if (focusField(decodeURIComponent(link.hash.slice(1)))) event.preventDefault();
    });
    if (!summary.hasAttribute("tabindex")) summary.setAttribute("tabindex", "-1");
    summary.focus();
  }

  // "Same as shipping address" hides the billing fields while it is ticked. Their values stay in
  // place (unticking brings back what was typed) and the server does not read them when ticked.
  function enhanceBillingToggle() {
    var same = document.getElementById("billingAddressSameAsShipping");
    var billing = document.getElementById("billing-fields");
    if (!same || !billing) return;
    same.setAttribute("aria-controls", billing.id);
    function sync() {
      billing.hidden = same.checked;
    }
    same.addEventListener("change", sync);
    // Back/forward can restore the box's state after this script ran.
    window.addEventListener("pageshow", sync);
    sync();
  }

  // Gives `element` focus for a moment: focusable by script only (tabindex -1) until it loses
  // focus again, as GOV.UK Frontend's setFocus does.
  function focusOnce(element) {
    if (!element.hasAttribute("tabindex")) {
      element.setAttribute("tabindex", "-1");
      element.addEventListener("blur", function () {
        element.removeAttribute("tabindex");
      }, { once: true });
    }
    element.focus();
  }

  // The skip link: the browser scrolls to <main id="main-content"> by itself, but not every
  // browser moves keyboard focus there; focusing it makes the next Tab start inside the page.
  function enhanceSkipLink() {
    var link = document.querySelector(".skip-link");
    if (!link) return;
    link.addEventListener("click", function () {
      var target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (target) focusOnce(target);
    });
  }

  // A success banner (a flash: "Order 7 was updated.") or a new order's confirmation panel
  // ("Order saved", its number) gets focus on load, so a screen reader reads it and Tab goes on
  // from it, as GOV.UK's notification banner does. Without the script its role="alert" still has
  // it announced. The error summary, when a page has one, goes first.
  function focusNotificationBanner() {
    var banner = document.querySelector('.panel-confirmation, .notification-banner[role="alert"]');
    if (!banner || document.querySelector(".error-summary")) return;
    focusOnce(banner);
  }

  // The list's results heading ("6 orders found (324 in all)") gets focus after a search, so a
  // screen reader says what was found and the next Tab goes on into the results. A banner or an
  // error summary, when the page has one, goes first.
  function focusResultCount() {
    var heading = document.querySelector(".result-count[data-focus-on-load]");
    if (!heading || document.querySelector('.error-summary, .panel-confirmation, .notification-banner[role="alert"]')) return;
    focusOnce(heading);
  }

  // A page made to print (the packing slip) has a Print button, hidden until this script shows
  // it: it opens the browser's Print dialog. Without the script the page says how to print.
  function enhancePrintButton() {
    var button = document.querySelector(".print-button");
    if (!button) return;
    button.addEventListener("click", function () {
      window.print();
    });
    button.hidden = false;
  }

  // No double orders: the new-order form's one-time key (its hidden orderKey) stays the form's
  // own when the browser comes back to it. Pages are no-store, so Back (or Reload) fetches the
  // form anew, with a new key, and puts back only what was typed; the first key is kept in the
  // page's history entry and put back too, so the form sent again is known as the one sent before.
  function keepOrderKey() {
    var input = document.querySelector('form.order-form input[name="orderKey"]');
    if (!input || !window.history || typeof history.replaceState !== "function") return;
    var state = history.state && typeof history.state === "object" ? history.state : {};
    if (typeof state.orderKey === "string" && state.orderKey) {
      input.value = state.orderKey;
    } else {
      var kept = {};
      for (var name in state) if (Object.prototype.hasOwnProperty.call(state, name)) kept[name] = state[name];
      kept.orderKey = input.value;
      history.replaceState(kept, "");
    }
  }

  function start() {
    keepOrderKey();
    enhanceSkipLink();
    enhancePrintButton();
    enhanceBillingToggle();
    enhanceErrorSummary();
    focusNotificationBanner();
    focusResultCount();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
