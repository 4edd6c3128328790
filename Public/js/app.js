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

  // A session ends after a while unused (the server's --session-idle-minutes). Two minutes before,
  // the page says so and offers to stay signed in (WCAG 2.2.1: a warning, and one simple action to
  // extend); fetching this page again (HEAD, same origin, the session's cookie) is a use. The
  // numbers are the sign-out form's, in seconds from the page's arrival, counted from the earliest
  // the session's last use can be. Without this script nothing is lost: an order form sent after
  // the session ended is kept through signing in again.
  function warnBeforeTimeout() {
    var form = document.querySelector("form.account[data-session-ends-after]");
    var main = document.getElementById("main-content");
    if (!form || !main || typeof window.fetch !== "function") return;
    var warnAfter = Number(form.getAttribute("data-session-warn-after"));
    var endsAfter = Number(form.getAttribute("data-session-ends-after"));
    if (!(endsAfter > 0) || !(warnAfter >= 0)) return;

    // Made when first due (a page holds no empty warning until then).
    var box = null, title = null, text = null, button = null;
    function make() {
      box = document.createElement("div");
      box.className = "session-warning";
      box.id = "session-warning";
      box.setAttribute("role", "alert");
      title = document.createElement("h2");
      title.className = "session-warning-title";
      text = document.createElement("p");
      button = document.createElement("button");
      button.type = "button";
      button.className = "button";
      button.textContent = "Stay signed in";
      button.addEventListener("click", stay);
      box.appendChild(title);
      box.appendChild(text);
      box.appendChild(button);
      main.insertBefore(box, main.firstChild);
    }

    var timers = [];
    var returnFocus = null;
    function clock(date) {
      var hours = date.getHours();
      var minutes = date.getMinutes();
      return (hours % 12 || 12) + ":" + (minutes < 10 ? "0" : "") + minutes + (hours < 12 ? "am" : "pm");
    }
    function show(heading, message, offerToStay) {
      if (!box) {
        returnFocus = document.activeElement;
        make();
      } else if (box.hidden) {
        returnFocus = document.activeElement;
      }
      title.textContent = heading;
      text.textContent = message;
      button.hidden = !offerToStay;
      box.hidden = false;
    }
    function schedule() {
      timers.forEach(clearTimeout);
      var ends = new Date(Date.now() + endsAfter * 1000);
      timers = [
        setTimeout(function () {
          show("You will be signed out soon",
            "This page has not been used for a while. You will be signed out at " + clock(ends) +
            " unless you choose to stay signed in.", true);
        }, warnAfter * 1000),
        setTimeout(function () {
          show("You have been signed out",
            "You were signed out because this page was not used for a while. Sign in again to carry on.", false);
        }, endsAfter * 1000),
      ];
    }
    function stay() {
      button.disabled = true;
      fetch(window.location.href, { method: "HEAD", credentials: "same-origin", cache: "no-store" }).then(function (response) {
        button.disabled = false;
        if (response.redirected && new URL(response.url).pathname === "/sign-in") {
          show("You have been signed out", "Your session had already ended. Sign in again to carry on.", false);
          return;
        }
        box.hidden = true;
        if (returnFocus && document.contains(returnFocus) && typeof returnFocus.focus === "function") returnFocus.focus();
        schedule();
      }, function () {
        button.disabled = false;
        text.textContent = "The server could not be reached, so you are not yet signed in for longer. Try again.";
      });
    }
    schedule();
  }

  // The list's bulk form: a "Select all on this page" box, hidden until this script shows it,
  // ticks or unticks every row's box; it follows them when they are ticked one by one. Without
  // the script each row is ticked on its own.
  function enhanceSelectAll() {
    var form = document.querySelector(".bulk-form");
    var wrapper = form && form.querySelector(".select-all");
    if (!wrapper) return;
    var all = wrapper.querySelector("input");
    var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name="selected[]"]'));
    if (!all || boxes.length === 0) return;
    function follow() {
      var ticked = boxes.filter(function (box) { return box.checked; }).length;
      all.checked = ticked === boxes.length;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
    }
    all.addEventListener("change", function () {
      boxes.forEach(function (box) { box.checked = all.checked; });
      all.indeterminate = false;
    });
    boxes.forEach(function (box) { box.addEventListener("change", follow); });
    follow();
    wrapper.hidden = false;
  }

  function start() {
    keepOrderKey();
    enhanceSkipLink();
    enhancePrintButton();
    enhanceBillingToggle();
    enhanceErrorSummary();
    focusNotificationBanner();
    warnBeforeTimeout();
    focusResultCount();
    enhanceSelectAll();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
