"""``python -m azulejos``: the azulejos command."""

from azulejos.commands import main

if __name__ == "__main__":
    raise SystemExit(main())
