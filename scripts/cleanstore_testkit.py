"""What the scripts and the browser tests share: a valid order's form fields, a free port of
127.0.0.1, waiting until a server answers /healthz, and installing missing Debian packages.

Imported by scripts/bench, scripts/check-deploy and Tests/browser/helpers.py; the shell scripts
reach the same code through scripts/lib.sh, which runs this file as a command:

    python3 scripts/cleanstore_testkit.py free-port
    python3 scripts/cleanstore_testkit.py wait-healthz URL [--pid PID] [--timeout SECONDS]
    .build/test-venv/bin/python scripts/cleanstore_testkit.py check-pins REQUIREMENTS

Standard library only, so any python3 runs it.
"""

import argparse
import importlib.metadata
import os
import re
import socket
import subprocess
import sys
import time
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
    options = parser.parse_args(arguments)
    if options.command == "free-port":
        print(free_port())
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
