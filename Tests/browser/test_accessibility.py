"""axe-core finds no violation on any page state, 1280 and 320 CSS px wide (issue 13).

The page states: the journeys' (the new form, the form sent back with its mistakes, the new
order's page confirming it, the list, the order, its edit form) and signing in's (the sign-in page, with a wrong
password, and as a form posted after the session ended gets it; the order form back after
signing in; a viewer's 403 page; the set-up page of a server with no account yet, and with its
mistakes) live on the real server; and every snapshot reference
page of the Swift tests (the set the Nu checker validates too), served by a small static server
on 127.0.0.1 with Public/ beside them, so that the stylesheet and app.js apply as on the real
server, under the real server's Content-Security-Policy.

axe.min.js is the one the pinned PyPI package selenium-axe-python ships (requirements.txt). It
goes in with driver.execute_script, which Chromium evaluates through DevTools: the page's policy
(`default-src 'self'`, no inline script) does not apply to it, so no page needs a change for it.

Every violation of a rule tagged below fails its test, each listed with its rule, impact, the
elements (axe's selectors), the page and the width. All results, with what axe could not decide
("incomplete", which fails nothing), go to $BROWSER_ARTIFACTS/axe.json.
"""

import http.server
import importlib.util
import json
import pathlib
import threading

import pytest

from helpers import (
    ARTIFACTS, REPO, SIGN_IN_PAGES, SNAPSHOT_FOLDERS, SNAPSHOTS, assert_fits, at_width, snapshot_pages, url, visit_journey_pages,
    visit_session_warning, visit_sign_in_pages, wait_until_loaded,
)
from cleanstore_testkit import OPENER  # scripts/, on the path through helpers

AXE_JS = (pathlib.Path(importlib.util.find_spec("selenium_axe_python").submodule_search_locations[0])
          / "axe-core" / "axe.min.js")
# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and Deque's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
WIDTHS = [1280, 320]  # a desktop, and the 320 px of WCAG's reflow criterion
PUBLIC = REPO / "Public"
REPORT = []  # every page state's results, written to axe.json

RUN_AXE = """
var done = arguments[arguments.length - 1];
function brief(items) {
  return items.map(function (item) {
    return {id: item.id, impact: item.impact, help: item.help, helpUrl: item.helpUrl,
            nodes: item.nodes.map(function (node) {
              return {target: node.target, html: node.html, summary: node.failureSummary};
            })};
  });
}
axe.run(document, {runOnly: {type: "tag", values: arguments[0]},
                   resultTypes: ["violations", "incomplete"]})
  .then(function (results) {
    done({version: axe.version, violations: brief(results.violations),
          incomplete: brief(results.incomplete), passed: results.passes.map(function (r) { return r.id; })});
  }, function (error) { done({error: String(error)}); });
"""


def axe_violations(driver, page):
    """Runs axe over the page now loaded at each width; returns (page, width, violation) triples."""
    if not driver.execute_script("return Boolean(window.axe && window.axe.run)"):
        driver.execute_script(AXE_JS.read_text(encoding="utf-8"))
    version = driver.execute_script("return window.axe && window.axe.version")
    assert version, f"axe did not load into {page}"
    found = []
    try:
        for width in WIDTHS:
            at_width(driver, width)
            assert driver.execute_script("return window.innerWidth") == width
            assert_fits(driver, page, width)  # reflow, which axe cannot see
            result = driver.execute_async_script(RUN_AXE, TAGS)
            assert "error" not in result, f"axe failed on {page} at {width} px: {result.get('error')}"
            REPORT.append(dict(result, page=page, width=width))
            found += [(page, width, violation) for violation in result["violations"]]
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return found


def selector(target):
    """axe's target: one selector per frame; a shadow DOM's is a list of its own."""
    return " >> ".join(part if isinstance(part, str) else " / ".join(part) for part in target)


def describe(found):
    lines = [f"axe {REPORT[-1]['version']} found {len(found)} violations (tags {', '.join(TAGS)}):"]
    for page, width, violation in found:
        lines.append(f"{page} at {width} px: {violation['id']} ({violation['impact']}): "
                     f"{violation['help']} <{violation['helpUrl']}>")
        for node in violation["nodes"]:
            lines.append(f"    {selector(node['target'])}")
            lines.append(f"        {(node['summary'] or '').replace(chr(10), ' ')}")
    return "\n".join(lines)


@pytest.fixture(scope="module", autouse=True)
def axe_report():
    yield
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "axe.json").write_text(json.dumps(REPORT, indent=1), encoding="utf-8")


class SnapshotSite(http.server.SimpleHTTPRequestHandler):
    """/snapshots/NAME answers the snapshot reference page page.NAME.txt as HTML; any other path
    a file of Public/. Every answer carries the real server's Content-Security-Policy."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(PUBLIC), **kwargs)

    def do_GET(self):
        if not self.path.startswith("/snapshots/"):
            return super().do_GET()
        name = f"page.{self.path.removeprefix('/snapshots/')}.txt"
        page = next((folder / name for folder in SNAPSHOT_FOLDERS if (folder / name).is_file()), None)
        if page is None or page.parent not in SNAPSHOT_FOLDERS:
            return self.send_error(404)
        body = page.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self):
        self.send_header("Content-Security-Policy", self.server.policy)
        super().end_headers()

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def snapshot_site():
    with OPENER.open(url("/sign-in"), timeout=10) as response:
        policy = response.headers["Content-Security-Policy"]
    assert policy, "the real server sent no Content-Security-Policy"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SnapshotSite)
    server.policy = policy
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_every_journey_page_passes_axe_at_1280_and_320_px(browser):
    found, visited = [], []

    def check(name):
        visited.append(name)
        found.extend(axe_violations(browser, f"journey {name}"))

    visit_journey_pages(browser, check)
    assert visited == ["draft-new", "draft-callers", "draft-caller-used", "draft-errors", "confirmed", "list", "detail", "form-edit"]
    assert not found, describe(found)


def test_every_sign_in_page_passes_axe_at_1280_and_320_px(signed_out_browser, tmp_path):
    found, visited = [], []

    def check(name):
        visited.append(name)
        found.extend(axe_violations(signed_out_browser, f"journey {name}"))

    visit_sign_in_pages(signed_out_browser, check, tmp_path)
    assert visited == SIGN_IN_PAGES
    assert not found, describe(found)


def test_the_session_timeout_warning_passes_axe_at_1280_and_320_px(signed_out_browser, tmp_path):
    found = []
    server = visit_session_warning(
        signed_out_browser, lambda name: found.extend(axe_violations(signed_out_browser, f"journey {name}")), tmp_path)
    server.stop()
    assert not found, describe(found)


def test_every_snapshot_page_passes_axe_at_1280_and_320_px(browser, snapshot_site):
    names = [page.stem.removeprefix("page.") for page in snapshot_pages()]
    assert names, f"no snapshot reference pages in {SNAPSHOTS}"
    found = []
    for name in names:
        browser.get(f"{snapshot_site}/snapshots/{name}")
        wait_until_loaded(browser)
        assert browser.execute_script(
            "return document.styleSheets.length > 0 && document.styleSheets[0].cssRules.length > 0"), \
            f"the stylesheet did not load into {name}"
        found.extend(axe_violations(browser, f"snapshot {name}"))
    assert not found, describe(found)
