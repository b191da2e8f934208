"""A git merge driver for the gettext catalogues: a three-way merge entry by entry.

A line-based merge of .po files conflicts on every pair of branches that add strings, and a
union (``msgcat --use-first``) silently keeps our side of a translation the other branch
corrected. This driver takes, for each entry, the side that changed it since the common
ancestor (ours when both did, reported on stderr), and adds the entries either side added.
Run ``python -m azulejos.i18n.catalog update`` and ``compile`` after a merge. Set up once:

    git config merge.po3.name "gettext catalogue, three-way by entry"
    git config merge.po3.driver ".venv/bin/python scripts/po_merge.py %O %A %B"
    printf '*.po merge=po3\\n*.pot merge=po3\\n' >> .git/info/attributes
"""

from __future__ import annotations

import sys

import polib

Key = tuple[str, str, str | None]


def _key(e: polib.POEntry) -> Key:
    return (e.msgid, e.msgid_plural or "", e.msgctxt)


def _text(e: polib.POEntry | None) -> object:
    if e is None:
        return None
    return tuple(sorted(e.msgstr_plural.items())) if e.msgid_plural else e.msgstr


def merge(base_path: str, ours_path: str, theirs_path: str) -> int:
    base = {_key(e): e for e in polib.pofile(base_path) if not e.obsolete}
    ours = polib.pofile(ours_path, wrapwidth=100)
    mine = {_key(e): e for e in ours if not e.obsolete}
    both = 0
    for e in polib.pofile(theirs_path):
        if e.obsolete:
            continue
        k, b = _key(e), base.get(_key(e))
        o = mine.get(k)
        if o is None:
            if b is None:  # added on their side
                ours.append(e)
            continue  # (deleted on ours: stays deleted)
        if _text(e) == _text(b) or _text(e) == _text(o):
            continue
        if _text(o) == _text(b) or b is None and not any(str(x) for x in (o.msgstr, *o.msgstr_plural.values())):
            o.msgstr, o.msgstr_plural = e.msgstr, dict(e.msgstr_plural)
        else:
            both += 1
            print(f"po_merge: both sides changed {e.msgid[:60]!r}: ours kept", file=sys.stderr)
    ours.save(ours_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(merge(*sys.argv[1:4]))
