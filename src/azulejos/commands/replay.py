"""azulejos replay: validate game records."""

from __future__ import annotations

import argparse
import sys

HELP = "validate game records (exit 0 when all are valid, 1 otherwise)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="azulejos-record/1 JSON files")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the invalid files")


def run(args: argparse.Namespace) -> int:
    from azulejos.core.errors import InvalidRecordError
    from azulejos.notation.record import load_record, replay

    bad = 0
    for path in args.files:
        try:
            rec = load_record(path)
            st = replay(rec)
        except InvalidRecordError as e:
            bad += 1
            print(f"{path}: {e}", file=sys.stdout)
            continue
        if not args.quiet:
            status = "finished" if st.is_over else f"unfinished (round {st.round})"
            print(f"{path}: valid, {status}, scores {st.scores}")
    return 1 if bad else 0
