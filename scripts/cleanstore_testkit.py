"""What the scripts and the browser tests share: a valid order's form fields, a free port of
127.0.0.1, waiting until a server answers /healthz, installing missing Debian packages, and
signing in: the test accounts (TEST_ACCOUNTS), added before a server starts with
`cleanstore accounts add NAME --role ROLE --password-stdin` (add_test_accounts), and a client
that signs in over HTTP and keeps its cookies and form token (SignedInClient).

Imported by scripts/bench, scripts/check-deploy and Tests/browser/helpers.py; the shell scripts
reach the same code through scripts/lib.sh, which runs this file as a command:

    python3 scripts/cleanstore_testkit.py free-port
    python3 scripts/cleanstore_testkit.py wait-healthz URL [--pid PID] [--timeout SECONDS]
    python3 scripts/cleanstore_testkit.py add-accounts BINARY DATABASE [ROLE …]
    python3 scripts/cleanstore_testkit.py get URL [--as ROLE]    # the page's body, signed in
    .build/test-venv/bin/python scripts/cleanstore_testkit.py check-pins REQUIREMENTS

Standard library only, so any python3 runs it.
"""

import argparse
import html
import http.client
import importlib.metadata
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

SCRIPTS = os.path.dirname(os.path.abspath(__file__))

# A valid order as a browser posts it: every field of the new-order form, in the form's order
# (the billing fields are left out: "same as shipping" is ticked). The browser journeys assert
# these values on the order's page, so change them together with Tests/browser.
VALID_ORDER = {
    "firstName": "Amy",
    "lastName": "Apple",
    "phone": "(415) 555-0100",
    "email": "amy.apple@example.com",
    "shipmentAddressStreet1": "1 Market Street",
    "shipmentAddressStreet2": "Suite 300",
    "shipmentAddressCity": "San Francisco",
    "shipmentAddressState": "CA",
    "shipmentAddressZIP": "94107",
    "shipmentMethodSpeed": "2",
    "paymentMethodCreditCardNumber": "4111 1111 1111 1111",
    "paymentMethodExpirationDate": "04/39",
    "paymentMethodCVV": "123",
    "billingAddressSameAsShipping": "on",
}

# The accounts the scripts and the browser tests sign in with, one per role: added to a fresh
# database before its server starts (add_test_accounts), never to a real one. Throwaway passwords
# that meet the rules (12 characters or more, not the username).
TEST_ACCOUNTS = {
    "supervisor": {"username": "sue", "displayName": "Sue Super", "password": "sue-test-password-1"},
    "clerk": {"username": "amy", "displayName": "Amy Clerk", "password": "amy-test-password-1"},
    "viewer": {"username": "vic", "displayName": "Vic Viewer", "password": "vic-test-password-1"},
}

# The first-run link a server logs while no supervisor exists.
SETUP_LINK = re.compile(r"https?://[^\s/]+/setup\?token=[A-Za-z0-9_-]+")

# Never go through a proxy to reach 127.0.0.1.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class NotReady(Exception):
    """The server stopped, or did not answer /healthz in time."""


def free_port():
    """A port of 127.0.0.1 that nothing listens on now (another process may still take it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def pid_alive(pid):
    """Whether process `pid` runs: a zombie (exited, not yet reaped by its parent) does not."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def wait_for_health(url, timeout=30, alive=None, interval=0.05):
    """Polls `url` (a server's /healthz) until it answers 200. Raises NotReady when `alive()`
    turns false (the server exited) or after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with OPENER.open(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if alive is not None and not alive():
            raise NotReady(f"the server stopped before {url} answered")
        if time.monotonic() > deadline:
            raise NotReady(f"{url} did not answer within {timeout:g} s")
        time.sleep(interval)


def add_account(binary, database, role, username, password, display_name=None, env=None):
    """`cleanstore accounts add USERNAME --role ROLE --password-stdin --database DATABASE`, the
    password on standard input; raises with the command's own words when it refuses."""
    command = [binary, "accounts", "add", username, "--role", role, "--password-stdin", "--database", database]
    if display_name:
        command += ["--display-name", display_name]
    result = subprocess.run(command, input=password + "\n", capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"cleanstore accounts add {username} failed ({result.returncode}): "
                           f"{(result.stderr or result.stdout).strip()}")


def add_test_accounts(binary, database, roles=tuple(TEST_ACCOUNTS), env=None):
    """Adds TEST_ACCOUNTS' accounts of `roles` to `database` (an SQLite file or a PostgreSQL URL),
    before the server starts: bcrypt's cost 12 makes each take a moment."""
    for role in roles:
        account = TEST_ACCOUNTS[role]
        add_account(binary, database, role, account["username"], account["password"], account["displayName"], env)


def setup_link(log_text):
    """The set-up link (`http://HOST:PORT/setup?token=…`) in a server's log, or None."""
    match = SETUP_LINK.search(log_text)
    return match.group(0) if match else None


def form_token(page):
    """The `_csrf` hidden field's value in a page, or None."""
    for tag in re.findall(r"<input\b[^>]*>", page):
        if re.search(r'\bname="_csrf"', tag):
            match = re.search(r'\bvalue="([^"]*)"', tag)
            return html.unescape(match.group(1)) if match else None
    return None


class SignInFailed(Exception):
    """POST /sign-in did not sign in (no 303 with a session cookie)."""


class SignedInClient:
    """What a browser keeps, without a browser: the cookies the server set (the CSRF cookie, the
    session's once signed in, a flash) and the form token of the last page read. Redirects are not
    followed: each answer is the server's own. `base` is an http:// or https:// URL; `context` an
    ssl.SSLContext for https. request() can also go to another base (another instance) with the
    same cookies, as nginx would pass them on."""

    def __init__(self, base, context=None, timeout=30):
        self.base = base.rstrip("/")
        self.context = context
        self.timeout = timeout
        self.cookies = {}
        self.token = None

    @property
    def cookie_header(self):
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def cookie(self, name):
        """A cookie's value by its name, with or without the `__Host-` prefix of secure cookies."""
        return self.cookies.get(name, self.cookies.get("__Host-" + name))

    def request(self, method, path, fields=None, base=None, headers=None):
        """(status, headers as a dict of lower-case names, body). `fields` (a dict or pairs) go
        as a form; the form token is added unless they hold `_csrf`."""
        parsed = urllib.parse.urlsplit(base or self.base)
        if parsed.scheme == "https":
            connection = http.client.HTTPSConnection(parsed.hostname, parsed.port, timeout=self.timeout,
                                                     context=self.context)
        else:
            connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=self.timeout)
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = self.cookie_header
        body = None
        if fields is not None:
            pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
            if not any(name == "_csrf" for name, _ in pairs):
                pairs.insert(0, ("_csrf", self.token or ""))
            body = urllib.parse.urlencode(pairs)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            pair = header.split(";", 1)[0]
            name, _, value = pair.partition("=")
            name = name.strip()
            if re.search(r"(?i);\s*max-age=0\b", header) or value == "":
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        token = form_token(text)
        if token is not None:
            self.token = token
        return response.status, {name.lower(): value for name, value in response.getheaders()}, text

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, fields, **kwargs):
        return self.request("POST", path, fields, **kwargs)

    def sign_in(self, username, password):
        """Signs in as a browser does: GET /sign-in (the CSRF cookie and the form's token), then
        POST /sign-in; afterwards the session cookie goes with every request, and the token of
        the next page read is the session's (a token from before signing in is no token after)."""
        status, _, _ = self.get("/sign-in")
        if status != 200 or not self.token or not self.cookie("cleanstore_csrf"):
            raise SignInFailed(f"GET /sign-in answered {status} (token {bool(self.token)}, cookies {sorted(self.cookies)})")
        status, headers, page = self.post("/sign-in", {"username": username, "password": password, "return": "/orders"})
        if status != 303 or not self.cookie("cleanstore_session"):
            summary = re.search(r'<div class="error-summary".*?</div>', page, re.S)
            raise SignInFailed(f"POST /sign-in as {username} answered {status}, location {headers.get('location')!r}"
                               + (f": {' '.join(re.sub(r'<[^>]+>', ' ', summary.group(0)).split())}" if summary else ""))
        self.token = None  # the sign-in page's token was the signed-out browser's
        return self

    def sign_in_as(self, role):
        """Signs in as TEST_ACCOUNTS[role]."""
        account = TEST_ACCOUNTS[role]
        return self.sign_in(account["username"], account["password"])


CARD_FIELDS = ("paymentMethodCreditCardNumber", "paymentMethodExpirationDate", "paymentMethodCVV")

# The SKU the scripts' orders hold: a tea of the sample catalog (deploy/sample-catalog.csv), not
# taxable and its stock not tracked, so no placing runs short or waits for a tax rate.
PLACED_SKU = "TEA-EARL"


class PlacingFailed(Exception):
    """A step of taking an order through a draft was refused: (message, status, page)."""

    def __init__(self, message, status, page):
        super().__init__(message)
        self.status = status
        self.page = page


def hidden_value(name, page):
    """The value of a page's hidden field `name`, or None."""
    match = re.search(r'<input type="hidden" name="%s" value="([^"]*)"' % re.escape(name), page)
    return html.unescape(match.group(1)) if match else None


def checked_draft(client, fields=VALID_ORDER, sku=PLACED_SKU, base=None):
    """Fills a draft as a clerk does: POST /drafts, the caller and delivery sections (`fields`
    without the card: a draft never keeps it), one of `sku`, then its check page (a possible
    duplicate accepted: the scripts place one caller many times). Returns (draft path, the check
    page's version, its one-time key); raises PlacingFailed when a step is refused."""
    status, headers, page = client.post("/drafts", {}, base=base)
    draft = headers.get("location") or ""
    if status != 303 or not draft.startswith("/drafts/"):
        raise PlacingFailed("POST /drafts: %d %s" % (status, draft), status, page)
    client.get(draft, base=base)  # the draft page's form token, as a browser has it
    sections = {name: value for name, value in fields.items() if name not in CARD_FIELDS}
    for section, body in (("caller", sections), ("delivery", sections), ("lines", {"sku": sku, "quantity": "1"})):
        status, headers, page = client.post("%s/%s" % (draft, section), body, base=base)
        if status != 303:
            raise PlacingFailed("POST %s/%s: %d" % (draft, section, status), status, page)
    status, _, page = client.get(draft + "/check?duplicate=accepted", base=base)
    version, key = hidden_value("version", page), hidden_value("orderKey", page)
    if status != 200 or version is None or key is None:
        problems = re.search(r'<div class="warning"[^>]*>(.*?)</div>', page, re.S)
        said = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(problems.group(1))).split()) if problems else ""
        raise PlacingFailed("GET %s/check: %d, no card form%s" % (draft, status, ": " + said if said else ""), status, page)
    return draft, version, key


def place_order(client, fields=VALID_ORDER, sku=PLACED_SKU, base=None):
    """Takes an order as a clerk does, draft first (checked_draft), then places it with `fields`'
    card and the check page's one-time key. Returns the placing's (status, headers, page): a 303
    to the new order's page, `/orders/7`, when it was placed; raises PlacingFailed when a step
    before the placing is refused."""
    draft, version, key = checked_draft(client, fields, sku, base)
    card = {name: fields[name] for name in CARD_FIELDS if name in fields}
    return client.post(draft + "/place", dict(card, version=version, orderKey=key, placeDuplicateAnyway="on"), base=base)


def apt_install(*packages):
    """Installs the Debian packages named that are missing (scripts/apt-install)."""
    subprocess.run([os.path.join(SCRIPTS, "apt-install"), *packages], check=True, stdout=sys.stderr)


def pinned(requirements):
    """{name: version} of a requirements file whose every line is NAME==VERSION (or a comment)."""
    pins = {}
    with open(requirements) as lines:
        for line in lines:
            line = line.split("#", 1)[0].strip()
            if line:
                name, equals, version = line.partition("==")
                if not equals or not version:
                    raise ValueError(f"{requirements}: {line!r} is not pinned with ==")
                pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def pin_problems(requirements):
    """How the packages of the running python differ from those `requirements` pins: one line per
    package missing, at another version, or installed but not pinned (pip, setuptools and wheel
    aside). Empty when this python runs in a virtual environment with exactly the pinned set."""
    problems = []
    if sys.prefix == sys.base_prefix:
        problems.append(f"{sys.executable} is not a virtual environment's python")
    installed = {re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower(): dist.version
                 for dist in importlib.metadata.distributions()}
    for name, version in sorted(pinned(requirements).items()):
        if installed.get(name) != version:
            problems.append(f"{name} {installed.get(name, 'missing')}, pinned {version}")
    for name in sorted(set(installed) - set(pinned(requirements)) - {"pip", "setuptools", "wheel"}):
        problems.append(f"{name} {installed[name]} is installed but not pinned")
    return problems


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("free-port", help="print a free port of 127.0.0.1")
    wait = commands.add_parser("wait-healthz", help="wait until URL answers 200")
    wait.add_argument("url")
    wait.add_argument("--pid", type=int, help="give up when this process exits")
    wait.add_argument("--timeout", type=float, default=30)
    check = commands.add_parser("check-pins", help="fail unless this python has exactly the pinned set")
    check.add_argument("requirements")
    add = commands.add_parser("add-accounts", help="add the test accounts to a database before its server starts")
    add.add_argument("binary", help="the cleanstore executable")
    add.add_argument("database", help="an SQLite file or a PostgreSQL URL (never a real one)")
    add.add_argument("roles", nargs="*", metavar="ROLE",
                     help=f"whose accounts: {', '.join(TEST_ACCOUNTS)} (default: all of them)")
    get = commands.add_parser("get", help="print a page's body, signed in as a test account (fails unless 200)")
    get.add_argument("url")
    get.add_argument("--as", dest="role", choices=list(TEST_ACCOUNTS), default="viewer")
    options = parser.parse_args(arguments)
    if options.command == "free-port":
        print(free_port())
    elif options.command == "add-accounts":
        unknown = set(options.roles) - set(TEST_ACCOUNTS)
        if unknown:
            parser.error(f"no test account has the role {', '.join(sorted(unknown))}")
        try:
            add_test_accounts(options.binary, options.database, options.roles or list(TEST_ACCOUNTS))
        except RuntimeError as error:
            sys.exit(str(error))
    elif options.command == "get":
        parts = urllib.parse.urlsplit(options.url)
        client = SignedInClient(f"{parts.scheme}://{parts.netloc}")
        try:
            client.sign_in_as(options.role)
            status, _, page = client.get(urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, "")))
        except (SignInFailed, OSError) as error:
            sys.exit(f"{options.url}: {error}")
        if status != 200:
            sys.exit(f"GET {options.url} as the test {options.role} answered {status}:\n{page[:2000]}")
        sys.stdout.write(page)
    elif options.command == "check-pins":
        problems = pin_problems(options.requirements)
        if problems:
            sys.exit(f"{sys.prefix} does not hold exactly the set pinned in {options.requirements}:\n  "
                     + "\n  ".join(problems))
    else:
        alive = (lambda: pid_alive(options.pid)) if options.pid else None
        try:
            wait_for_health(options.url, options.timeout, alive)
        except NotReady as error:
            sys.exit(str(error))


if __name__ == "__main__":
    main(sys.argv[1:])
