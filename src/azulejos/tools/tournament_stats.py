"""Tournament results: win counts with Wilson intervals, score statistics, head-to-head pairs
with the Elo gap their win rate implies, and an openskill (Plackett-Luce) rating."""

from __future__ import annotations

import gettext
import math
import random
import textwrap
from collections import Counter
from typing import Any

from azulejos.i18n import format_number
from azulejos.play.ratings import Rating, initial, rate
from azulejos.play.ratings import available as ratings_available

from .tournament import GameResult, bots_in

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a win rate (shared victories count as fractions)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_gap(rate: float) -> float | None:
    """The Elo difference at which the stronger side is expected to score ``rate`` (logistic,
    400 points for odds of 10 to 1); None for 0 or 1, where it is unbounded."""
    if not 0.0 < rate < 1.0:
        return None
    return 400.0 * math.log10(rate / (1.0 - rate))


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


#: The orders of the games whose ratings :func:`_ratings` averages.
RATING_ORDERS = 16


def is_rated(result: GameResult) -> bool:
    """Whether a game counts in the ratings: only one whose bots are all different. The rating
    model (Plackett-Luce, :mod:`azulejos.play.ratings`) ranks one entry per player; a bot that
    fills several seats (fewer bots than players: ``A,B`` at 3 players seats ``A,B,A``) would be
    several entries with one rating, which the model cannot update, and rating each copy as
    a bot of its own would count the bot's games twice and its games against itself."""
    return len(set(result.lineup)) == len(result.lineup)


def _ratings(results: list[GameResult], bots: list[str]) -> dict[str, dict[str, float]]:
    """The rating of every bot that played a rated game (:func:`is_rated`) with the one model
    of :mod:`azulejos.play.ratings` (none if openskill is not installed): the mean of ``mu``
    and ``sigma`` after the games taken in :data:`RATING_ORDERS` orders, the order played and
    shuffles drawn from a fixed seed. A bot with no rated game has no rating: the model's
    starting 25 ± 8.3 would read as a measured draw.

    openskill updates a rating one game at a time and weighs the first games most, so one
    order alone can rate a bot with fewer wins above one with more (with 35 wins to 25 between
    two bots, about one order in seven); the bots of a tournament do not change from game to
    game, so no order is the right one."""
    if not ratings_available():  # the 'bots' extra is not installed
        return {}
    rated = [r for r in results if is_rated(r)]
    bots = [b for b in bots if any(b in r.lineup for r in rated)]
    shuffle = random.Random(0)
    sums = {b: [0.0, 0.0] for b in bots}
    for k in range(RATING_ORDERS):
        ratings = {b: initial() for b in bots}
        for r in rated if k == 0 else shuffle.sample(rated, len(rated)):
            new = rate([ratings[b] for b in r.lineup], r.ranks)
            for b, x in zip(r.lineup, new):
                ratings[b] = x
        for b, x in ratings.items():
            sums[b][0] += x.mu
            sums[b][1] += x.sigma
    return {b: Rating(mu / RATING_ORDERS, sigma / RATING_ORDERS).to_json()
            for b, (mu, sigma) in sums.items()}


def summarise(results: list[GameResult]) -> dict[str, Any]:
    """Per-bot statistics and head-to-head results (see docs/bots.md for the definitions)."""
    bots = bots_in(results)
    per: dict[str, dict[str, Any]] = {
        b: {"games": 0, "wins": 0.0, "scores": [], "diffs": [], "ranks": [], "forfeits": Counter(),
            "think": [], "think_max": 0.0}
        for b in bots
    }
    pairs: dict[tuple[str, str], list[float]] = {}
    for r in results:
        n = len(r.lineup)
        for seat, b in enumerate(r.lineup):
            d = per[b]
            d["games"] += 1
            if seat in r.winners:
                d["wins"] += 1.0 / len(r.winners)
            d["ranks"].append(r.ranks[seat])
            d["think"].append(r.think[seat])
            d["think_max"] = max(d["think_max"], r.think_max[seat])
            if r.forfeit is not None:
                if r.forfeit["seat"] == seat:
                    d["forfeits"][r.forfeit["kind"]] += 1
                continue
            d["scores"].append(r.scores[seat])
            others = [r.scores[q] for q in range(n) if q != seat]
            d["diffs"].append(r.scores[seat] - sum(others) / len(others))
        for i, j in ((x, y) for x in range(n) for y in range(n) if x < y):
            ba, bb = r.lineup[i], r.lineup[j]
            if ba == bb:
                continue
            key = (ba, bb) if ba < bb else (bb, ba)
            first = i if key[0] == ba else j
            second = j if first == i else i
            ra, rb = r.ranks[first], r.ranks[second]
            rec = pairs.setdefault(key, [0, 0.0, 0.0, 0.0])
            rec[0] += 1
            rec[1] += 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            if r.forfeit is None:
                rec[2] += r.scores[first]
                rec[3] += r.scores[second]
    ratings = _ratings(results, bots)
    out: dict[str, Any] = {}
    for b, d in per.items():
        g = d["games"]
        lo, hi = wilson(d["wins"], g)
        sc = d["scores"]
        out[b] = {
            "games": g,
            "wins": round(d["wins"], 3),
            "win_rate": round(d["wins"] / g, 4) if g else 0.0,
            "wilson95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(sum(sc) / len(sc), 2) if sc else None,
            "mean_score_diff": round(sum(d["diffs"]) / len(d["diffs"]), 2) if d["diffs"] else None,
            "mean_rank": round(sum(d["ranks"]) / g, 3) if g else None,
            "forfeits": dict(d["forfeits"]),
            "mean_seconds_per_move": round(sum(d["think"]) / g, 4) if g else 0.0,
            "max_seconds_per_move": round(d["think_max"], 3),
        }
        out[b]["rated_games"] = sum(1 for r in results if b in r.lineup and is_rated(r))
        if b in ratings:
            out[b]["rating"] = ratings[b]
    h2h = []
    for (pa, pb), (g, wa, sa, sb) in sorted(pairs.items()):
        scored = sum(
            1 for r in results if r.forfeit is None and pa in r.lineup and pb in r.lineup
        )
        lo, hi = wilson(wa, int(g))
        h2h.append({
            "bots": [pa, pb], "games": int(g), "wins": [round(wa, 3), round(g - wa, 3)],
            "win_rate": round(wa / g, 4), "wilson95": [round(lo, 4), round(hi, 4)],
            # the first bot's Elo advantage, and its bounds from the Wilson interval (None =
            # unbounded: all games won or all lost)
            "elo_gap": _rounded(elo_gap(wa / g)),
            "elo_gap95": [_rounded(elo_gap(lo)) if wa > 0 else None,
                          _rounded(elo_gap(hi)) if wa < g else None],
            "mean_scores": [round(sa / scored, 2), round(sb / scored, 2)] if scored else None,
        })
    return {"bots": out, "head_to_head": h2h, "games": len(results),
            "rated_games": sum(1 for r in results if is_rated(r)),
            "ratings": "openskill" if ratings_available() else None,
            "forfeits": [r.forfeit | {"game": r.index} for r in results if r.forfeit]}


def _unrated_note(summary: dict[str, Any], tr: gettext.NullTranslations) -> list[str]:
    """The lines below the table when some games were not rated (:func:`is_rated`)."""
    played, rated = summary.get("games"), summary.get("rated_games")
    if not isinstance(played, int) or not isinstance(rated, int) or rated == played:
        return []  # every game rated (or an older summary, which does not say)
    unrated = played - rated
    head = (tr.ngettext("unrated: the {played} game is not rated",
                        "unrated: none of the {played} games is rated", played)
            if rated == 0 else
            tr.ngettext("unrated: {unrated} of the {played} games is not rated",
                        "unrated: {unrated} of the {played} games are not rated", unrated)
            ).format(played=played, unrated=unrated)
    why = tr.gettext("a bot fills several seats in them (fewer bots than players), and the "
                     "rating model rates one entry per player. Compare such bots by win% (per "
                     "seat played), diff and rank; for ratings, name as many bots as players "
                     "(copies told apart by options, such as greedy:eps=0.1).")
    return ["", *textwrap.wrap(f"{head}: {why}", 92, subsequent_indent="  ",
                               break_on_hyphens=False)]


def _language(tr: gettext.NullTranslations) -> str:
    """The language of ``tr`` (its catalogue's header; English without one)."""
    return str(tr.info().get("language", "en") or "en")


def _gap_text(h: dict[str, Any], tr: gettext.NullTranslations | None = None) -> str:
    """``+612 (95 % bounds: +420 to +900)``; with an unbounded side (every game won, or every
    game lost) only the bound there is: ``at least +420 (95 % bound)``."""
    tr = tr or gettext.NullTranslations()
    lang = _language(tr)
    gap, (lo, hi) = h.get("elo_gap"), h.get("elo_gap95", [None, None])

    def n(x: float) -> str:
        return format_number(x, lang, sign=True)

    if gap is not None and lo is not None and hi is not None:
        return tr.gettext("{gap} (95% bounds: {low} to {high})").format(
            gap=n(gap), low=n(lo), high=n(hi))
    if lo is not None:
        return tr.gettext("at least {low} (95% bound)").format(low=n(lo))
    if hi is not None:
        return tr.gettext("at most {high} (95% bound)").format(high=n(hi))
    return "?"


def _percent(tr: gettext.NullTranslations, text: str) -> str:
    """``51.0%`` as the reader's language writes a percentage (French: a narrow no-break space
    before the sign)."""
    return tr.pgettext("percentage", "{number}%").format(number=text)


def _order(bots: dict[str, dict[str, Any]]) -> list[str]:
    """Best rated first (by the rating's ordinal, then wins); then the bots with no rating, by
    win rate (a bot in several seats of each game plays more games than the others), then wins."""
    def key(b: str) -> tuple[int, float, float]:
        d = bots[b]
        if "rating" in d:
            return (0, -d["rating"]["ordinal"], -d["wins"])
        return (1, -d["win_rate"], -d["wins"])
    return sorted(bots, key=key)


def table(summary: dict[str, Any], tr: gettext.NullTranslations | None = None) -> str:
    """The results as a plain text table, in the language of ``tr`` (English without one): best
    rated first, then any bot without a rating by win rate; a note when games were not rated
    (:func:`is_rated`). Games and seats of the forfeit lines are numbered from 0, as in
    ``summary.json`` and the records."""
    tr = tr or gettext.NullTranslations()
    _ = tr.gettext
    lang = _language(tr)

    def num(x: float, decimals: int, sign: bool = False) -> str:
        return format_number(x, lang, decimals=decimals, sign=sign)

    def interval(lo: float, hi: float) -> str:  # an en dash between the bounds
        return _percent(tr, f"{num(100 * lo, 0)}\u2013{num(100 * hi, 0)}")

    # the columns' headings: short, a table's words
    col = {
        "bot": tr.pgettext("tournament table", "bot"),
        "games": tr.pgettext("tournament table", "games"),
        "wins": tr.pgettext("tournament table", "wins"),
        "win%": tr.pgettext("tournament table", "win%"),
        "95% CI": tr.pgettext("tournament table", "95% CI"),
        "score": tr.pgettext("tournament table", "score"),
        "diff": tr.pgettext("tournament table", "diff"),
        "rank": tr.pgettext("tournament table", "rank"),
        "rating": tr.pgettext("tournament table", "rating"),
        "s/move": tr.pgettext("tournament table", "s/move"),
        "forfeits": tr.pgettext("tournament table", "forfeits"),
        "unrated": tr.pgettext("tournament table", "unrated"),
    }

    bots = summary["bots"]
    order = _order(bots)
    rating_model = summary.get("ratings", "openskill")  # (older summaries: always openskill)
    keys = ("bot", "games", "wins", "win%", "95% CI", "score", "diff", "rank", "rating",
            "s/move", "forfeits")
    # each column as wide as its English layout, or as its heading in the reader's language
    widths = [max(w, len(col[k])) for k, w in zip(keys, (28, 5, 7, 6, 13, 6, 6, 5, 13, 7, 8))]

    def row(cells: list[str]) -> str:
        return " ".join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(cells, widths)))

    head = row([col[k] for k in keys])
    lines = [head, "-" * len(head)]
    if summary.get("partial"):
        scheduled = int(summary.get("games_scheduled", summary["games"]))
        lines.insert(0, tr.ngettext(
            "partial results (interrupted): {played} of {scheduled} game played",
            "partial results (interrupted): {played} of {scheduled} games played",
            scheduled).format(played=summary["games"], scheduled=scheduled))
    note = _unrated_note(summary, tr) if rating_model else None
    for b in order:
        d = bots[b]
        lo, hi = d["wilson95"]
        rt = d.get("rating")
        rating = (f"{num(rt['mu'], 1)}±{num(rt['sigma'], 1)}" if rt else
                  col["unrated"] if rating_model and d.get("rated_games", 0) == 0 else "–")
        ms = "–" if d["mean_score"] is None else num(d["mean_score"], 1)
        md = "–" if d["mean_score_diff"] is None else num(d["mean_score_diff"], 1, sign=True)
        lines.append(row([
            b[:28], str(d["games"]), num(d["wins"], 0 if d["wins"] == int(d["wins"]) else 1),
            _percent(tr, num(100 * d["win_rate"], 1)), interval(lo, hi), ms, md,
            num(d["mean_rank"], 2), rating, num(d["mean_seconds_per_move"], 3),
            str(sum(d["forfeits"].values()))]))
    if note:
        lines.extend(note)
    if summary["head_to_head"]:  # (two bots too: their one pair)
        lines.append("")
        lines.append(_("head to head (first bot's wins):"))
        for h in summary["head_to_head"]:
            a, b = h["bots"]
            lo, hi = h["wilson95"]
            ms = h["mean_scores"]
            mtxt = ("  " + _("scores {first}–{second}").format(
                first=num(ms[0], 1), second=num(ms[1], 1))) if ms else ""
            w0 = h["wins"][0]
            lines.append("  " + _("{a} vs {b}: {wins}/{games} ({rate}, {interval}){scores}  Elo "
                                  "{gap}").format(
                a=a, b=b, wins=num(w0, 0 if w0 == int(w0) else 1), games=h["games"],
                rate=_percent(tr, num(100 * h["win_rate"], 1)), interval=interval(lo, hi),
                scores=mtxt, gap=_gap_text(h, tr)))
    if summary["forfeits"]:
        lines.append("")
        lines.append(_("forfeits (games and seats numbered from 0, as in summary.json and the "
                       "game-NNNNN.json records):"))
    for f in summary["forfeits"][:20]:
        lines.append("  " + _("game {game}, seat {seat}, {bot}: {kind} – {message}").format(
            game=f["game"], seat=f["seat"], bot=f["bot"], kind=f["kind"], message=f["message"]))
    more = len(summary["forfeits"]) - 20
    if more > 0:
        lines.append(tr.ngettext("... and {n} more forfeit (see --json)",
                                 "... and {n} more forfeits (see --json)", more).format(n=more))
    return "\n".join(lines)
