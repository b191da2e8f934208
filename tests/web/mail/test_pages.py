"""The unsubscribe link of every notification mail (issue 28, item 3): it works without signing
in; GET shows a confirmation and changes nothing, POST unsubscribes (also RFC 8058 one-click,
without an Origin); a forged or damaged token changes nothing; a link used again says so."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from starlette.testclient import TestClient

from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..helpers import create
from .conftest import People, SmtpServer, mail_app, person
from .test_notifier import first_move, mailer_of, queued


def unsubscribe_link(smtp: SmtpServer, client: TestClient) -> str:
    c = create(client)
    first_move(client, c["game"], c["seats"][0]["token"])
    [msg] = smtp.inbox.wait(1)
    header = msg["List-Unsubscribe"]
    assert header.startswith("<") and header.endswith(">")
    return str(header[1:-1])


def path_of(link: str) -> str:
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def test_get_confirms_and_post_unsubscribes(tmp_path: Path, smtp: SmtpServer) -> None:
    people = People({0: person(0), 1: person(1, "fr")})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        link = unsubscribe_link(smtp, client)
        mailer = mailer_of(client)
        page = client.get(path_of(link))
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "Ne plus recevoir" in page.text and 'method="post"' in page.text
        assert not mailer.opted_out("acct-1")  # a look (or a mail scanner) changes nothing
        action = re.search(r'action="([^"]+)"', page.text)
        assert action is not None
        done = client.post(action.group(1).replace("&amp;", "&"))  # the page's own button
        assert done.status_code == 200 and "Désinscription effectuée" in done.text
        assert mailer.opted_out("acct-1") and not mailer.opted_out("acct-0")
        # no more notifications for them
        c = create(client)
        first_move(client, c["game"], c["seats"][0]["token"])
        assert ("player1@example.test", "your_turn") not in queued(client)[1:]
        again = client.get(path_of(link))
        assert again.status_code == 200 and "Vous ne recevez plus ces e-mails" in again.text


def test_one_click_post_without_origin(tmp_path: Path, smtp: SmtpServer) -> None:
    """RFC 8058: a mail program posts ``List-Unsubscribe=One-Click`` as a form, with no
    Origin and no JSON (the API's JSON-only rule does not apply to this path)."""
    people = People({1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        link = unsubscribe_link(smtp, client)
        r = client.post(path_of(link), content=b"List-Unsubscribe=One-Click",
                        headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 200
        assert mailer_of(client).opted_out("acct-1")
        reused = client.post(path_of(link), content=b"List-Unsubscribe=One-Click",
                             headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert reused.status_code == 200 and "You are unsubscribed" in reused.text


def test_forged_and_damaged_tokens_change_nothing(tmp_path: Path, smtp: SmtpServer) -> None:
    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        link = unsubscribe_link(smtp, client)
        token = parse_qs(urlsplit(link).query)["t"][0]
        mailer = mailer_of(client)
        key, signature = token.split(".")
        # another's key with this signature; a changed signature; nonsense; none; too long
        other = mailer.links.token("acct-0").split(".")[0]
        flipped = signature[:-1] + ("A" if signature[-1] != "A" else "B")
        for bad in [f"{other}.{signature}", f"{key}.{flipped}", "nonsense", "", "a.b.c",
                    f"{key}.", "x" * 5000, "%%%.%%%"]:
            for method in ("GET", "POST"):
                r = client.request(method, "/mail/unsubscribe", params={"t": bad})
                assert r.status_code == 400, (bad, method, r.text)
                assert "This link does not work" in r.text
        assert not mailer.opted_out("acct-0") and not mailer.opted_out("acct-1")
        assert client.post(path_of(link)).status_code == 200  # the real one still works
        assert mailer.opted_out("acct-1") and not mailer.opted_out("acct-0")


def test_tokens_are_signed_with_a_secret_of_the_database(tmp_path: Path,
                                                         smtp: SmtpServer) -> None:
    """Two servers on one database make the same tokens; another database's do not work."""
    a = mail_app(tmp_path / "a.sqlite3", smtp.url, People())
    b = mail_app(tmp_path / "a.sqlite3", smtp.url, People())
    c = mail_app(tmp_path / "c.sqlite3", smtp.url, People())
    ta = a.state.mailer.links.token("acct-7")
    assert b.state.mailer.links.token("acct-7") == ta
    assert b.state.mailer.links.key_of(ta) == "acct-7"
    assert c.state.mailer.links.key_of(ta) is None


def test_with_email_off_the_pages_say_so(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "g.sqlite3"), sync_interval=0, limits=Limits.none())
    with TestClient(app) as client:
        for method in ("GET", "POST"):
            r = client.request(method, "/mail/unsubscribe", params={"t": "x.y"})
            assert r.status_code == 404 and "This server sends no e-mail" in r.text


def test_the_answers_are_the_documented_ones(tmp_path: Path, smtp: SmtpServer) -> None:
    from azulejos.web.openapi import openapi_schema

    ops = openapi_schema()["paths"]["/mail/unsubscribe"]
    people = People({1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        link = unsubscribe_link(smtp, client)
        for method, target in [("get", path_of(link)), ("post", path_of(link)),
                               ("get", "/mail/unsubscribe?t=bad"),
                               ("post", "/mail/unsubscribe?t=bad")]:
            r = client.request(method.upper(), target)
            media = r.headers["content-type"].partition(";")[0]
            assert media in ops[method]["responses"][str(r.status_code)]["content"]


def test_the_pages_do_their_database_work_off_the_event_loop(tmp_path: Path,
                                                              smtp: SmtpServer) -> None:
    """Review point: the unsubscribe pages look the token up and write the opt-out in the
    game service's database threads, like every other route, never on the event loop."""
    import threading

    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        link = unsubscribe_link(smtp, client)
        mailer = mailer_of(client)
        threads: list[str] = []
        for name in ("state_of", "unsubscribe"):
            real = getattr(mailer, name)

            def spy(token: str, real: object = real) -> object:
                threads.append(threading.current_thread().name)
                return real(token)  # type: ignore[operator]

            setattr(mailer, name, spy)
        assert client.get(path_of(link)).status_code == 200
        assert client.post(path_of(link)).status_code == 200
        assert len(threads) == 2 and all(t.startswith("azulejos-db") for t in threads), threads
        assert mailer.opted_out("acct-1")
