"""The server's schema migrations (Alembic): ``env.py`` and one revision file per schema change
in ``versions/``, run by :func:`azulejos.web.schema.prepare`. Regular packages, so that the
wheel ships them."""
