"""The web layer stays a set of small modules named for what they hold (issue 27, item 1: "no
web module over ~600 lines"; CONTRIBUTING.md, "Shape of the code"): a module that grows past
the limit is split by what it holds, as ``app.py`` (endpoints, game and site routes),
``schema.py`` (the tables' modules) and ``views.py`` (``wire.py``, ``legal_json.py``) were."""

from __future__ import annotations

from pathlib import Path

import azulejos.web

LIMIT = 600
WEB = Path(azulejos.web.__file__).parent


def test_no_web_module_is_over_the_limit() -> None:
    sizes = {p.relative_to(WEB).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in WEB.rglob("*.py")}
    assert len(sizes) > 100  # the package was found, every part of it
    over = {name: n for name, n in sizes.items() if n > LIMIT}
    assert not over, f"split these by what they hold (at most {LIMIT} lines each): {over}"
