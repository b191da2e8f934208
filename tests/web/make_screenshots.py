"""Screenshots of the browser client for docs/screenshots/web/ (not a test).

    python tests/web/make_screenshots.py [OUT_DIR]

Starts a server on a free loopback port, plays two games with a greedy bot choosing the
moves (so the boards look like real play), and photographs the lobby, a game in progress in
both themes (with a move being previewed), a phone screen and the end summary.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from azulejos.agents import make_agent  # noqa: E402
from azulejos.notation import parse_record, replay  # noqa: E402
from tests.web.servers import Server, claimed_game, free_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def new_game(base: str, body: dict) -> dict:
    """A game with every person seat claimed from its invitation (tokens put in the seats)."""
    return claimed_game(base, body)


def advance(base: str, created: dict, moves: int | None) -> None:
    """Play ``moves`` moves (None: to the end) choosing with the greedy bot."""
    toks = {s["seat"]: s["token"] for s in created["seats"]}
    spec = created["spectator_token"]
    agent = make_agent("greedy", 1)
    n = 0
    while moves is None or n < moves:
        rec = httpx.get(f"{base}/api/games/{created['game']}/record",
                        headers={"Authorization": f"Bearer {spec}"}).text
        st = replay(parse_record(rec))
        if st.is_over:
            return
        v = httpx.get(f"{base}/api/games/{created['game']}",
                      headers={"Authorization": f"Bearer {toks[st.current_player]}"}).json()
        move = agent.choose(st.copy()).text()
        r = httpx.post(f"{base}/api/games/{created['game']}/moves",
                       headers={"Authorization": f"Bearer {toks[st.current_player]}"},
                       json={"version": v["version"], "move": move})
        r.raise_for_status()
        n += 1


def main() -> int:
    from playwright.sync_api import sync_playwright

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/web")
    out.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp()) / "shots.sqlite3", free_port())
    server.start()
    base = server.base
    try:
        names = [{"name": "Olena"}, {"name": "Marc"}, {"name": "Dmytro"}]
        mid = new_game(base, {"players": 3, "seats": names})
        advance(base, mid, 58)
        end = new_game(base, {"players": 2, "seats": names[:2]})
        advance(base, end, None)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
            page = ctx.new_page()
            # seat 0 of the middle game is "mine"; the finished game is in "my games" too.
            page.goto(f"{base}/play/{end['game']}#{end['seats'][0]['token']}")
            page.wait_for_selector("#summary")
            page.screenshot(path=str(out / "end-summary.png"))
            me = mid["seats"][0]["token"]
            page.goto(f"{base}/play/{mid['game']}#{me}")
            page.wait_for_selector(".game .factory")
            page.goto(f"{base}/")
            page.wait_for_selector(".my-games li")
            page.fill(".seat-name[data-seat='0']", "Olena")
            page.select_option(".seat-kind[data-seat='1']", "bot:medium")
            page.screenshot(path=str(out / "lobby.png"))
            for theme in ("classic", "chocolatier"):
                page.goto(f"{base}/play/{mid['game']}")
                page.wait_for_selector(".game .factory")
                page.select_option("#set-theme", theme)
                page.wait_for_selector(f"body.theme-{theme}")
                if page.locator("#status.mine").count():
                    page.locator(".tile.pickable").nth(2).click()
                    page.locator(".target").first.click()
                page.screenshot(path=str(out / f"game-{theme}.png"), full_page=True)
            page.select_option("#set-theme", "classic")
            page.check("#set-patterns")
            page.select_option("#set-lang", "uk")
            page.wait_for_selector("html[lang='uk']")
            page.screenshot(path=str(out / "game-patterns-uk.png"), full_page=True)
            phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                        has_touch=True, device_scale_factor=2)
            pp = phone.new_page()
            pp.goto(f"{base}/play/{mid['game']}#{mid['seats'][1]['token']}")
            pp.wait_for_selector(".game .factory")
            pp.screenshot(path=str(out / "phone.png"))
            browser.close()
    finally:
        server.stop()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
