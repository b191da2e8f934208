"""Alembic's environment: run the revisions on the connection that
:func:`azulejos.web.schema.prepare` hands over in ``config.attributes["connection"]`` (it holds
the start-up lock, and its transaction takes in every revision). No ``alembic.ini``: the
configuration is made in code (:func:`azulejos.web.schema.alembic_config`)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection


def run_migrations() -> None:
    conn = context.config.attributes.get("connection")
    if not isinstance(conn, Connection):
        raise RuntimeError("azulejos migrations run on a connection from azulejos.web.schema.prepare")
    context.configure(connection=conn)
    with context.begin_transaction():  # the caller's transaction: nothing is committed here
        context.run_migrations()


if hasattr(context, "config"):  # loaded by Alembic (an import elsewhere runs nothing)
    run_migrations()
