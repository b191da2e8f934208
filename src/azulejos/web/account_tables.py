"""The tables of accounts (sessions, seat tokens, e-mailed links, vacations, passkeys), of
fair play (reports, suspensions, waits, seat clients, mutes) and of e-mail (the outbox and
its state); on :data:`.tables.meta`."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
)

from .tables import meta

# -- accounts (revision 0009; docs/api.md, "Accounts") ----------------------------------------
accounts_t = Table(
    "azulejos_accounts",
    meta,
    Column("account_id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),  # as shown
    Column("name_key", String(80), nullable=False, unique=True),  # case-folded: unique
    Column("password_hash", String(200), nullable=False),  # argon2id (PHC string)
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"), nullable=False,
           unique=True),
    Column("email", String(254), nullable=True),
    Column("email_verified", Float, nullable=True),  # when (NULL: not verified)
    Column("settings", Text, nullable=False),  # JSON object (accounts/settings.py)
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # fair play (revision 0013): 1 for the server's operator (NULL or 0: a player)
    Column("operator", Integer, nullable=True),
)

#: A signed-in browser: the digest of its cookie's secret, ended by sign-out or idle expiry.
sessions_t = Table(
    "azulejos_sessions",
    meta,
    Column("session_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("expires", Float, nullable=False, index=True),  # expired ones go at each sign-in
)

#: Further tokens of a claimed seat, one per device its account opened it on (the seat's own
#: token keeps working); revoked with the account's sessions.
seat_tokens_t = Table(
    "azulejos_seat_tokens",
    meta,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("created", Float, nullable=False),
)

#: A link sent by e-mail (verify an address, reset a password): the digest of its secret,
#: used once, before it expires.
links_t = Table(
    "azulejos_account_links",
    meta,
    Column("link_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("purpose", String(8), nullable=False),  # "verify" | "reset"
    Column("email", String(254), nullable=False),  # the address it was sent to
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("used", Float, nullable=True),  # when (NULL: not yet)
)

#: An account's vacation (revision 0012; docs/api.md, "Vacation"): charged to the calendar
#: year (UTC) it began in, ``days`` whole days (the days booked; once ended early, the days
#: begun); ``ended`` is NULL while it runs (and until a server closes it at ``until``).
vacations_t = Table(
    "azulejos_vacations",
    meta,
    Column("vacation_id", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("year", Integer, nullable=False),
    Column("started", Float, nullable=False),
    Column("until", Float, nullable=False),
    Column("ended", Float, nullable=True, index=True),
    Column("days", Integer, nullable=False),
)

#: An account's passkey (revision 0012; docs/api.md, "Passkeys"): a WebAuthn credential, its
#: id and public key (base64url) and the authenticator's signature count.
passkeys_t = Table(
    "azulejos_passkeys",
    meta,
    Column("credential_id", String(700), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("public_key", Text, nullable=False),
    Column("sign_count", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("last_used", Float, nullable=True),
)

#: A WebAuthn challenge given out (its digest), used once before it expires: ``register`` (for
#: the signed-in ``account_id``) or ``signin``.
passkey_challenges_t = Table(
    "azulejos_passkey_challenges",
    meta,
    Column("challenge_hash", String(64), primary_key=True),
    Column("purpose", String(8), nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("expires", Float, nullable=False),
)


# -- fair play (revision 0013; docs/api.md, "Fair play"; web/fairplay/) ------------------------
#: The moderation list: a chat message or a player reported to the operator (by an account, or
#: by the server itself: suspected boosting).
reports_t = Table(
    "azulejos_reports",
    meta,
    Column("report_id", String(16), primary_key=True),
    Column("kind", String(16), nullable=False),  # "message" | "player" | "boosting"
    Column("reporter", String(32), nullable=True),  # the account (NULL: the server)
    Column("reported", String(32), nullable=True, index=True),  # the reported profile
    Column("game_id", String(32), nullable=True),
    Column("seq", Integer, nullable=True),  # the chat message's number in its game
    Column("message", Text, nullable=True),  # the message as it was reported
    Column("note", Text, nullable=False),  # the reporter's words (or the server's finding)
    Column("created", Float, nullable=False),
    Column("state", String(12), nullable=False, index=True),  # open | dismissed | suspended
    Column("resolved", Float, nullable=True),
    Column("resolved_by", String(32), nullable=True),  # the operator's account
)

#: An account's suspensions: the current one has not been lifted and has not run out.
suspensions_t = Table(
    "azulejos_suspensions",
    meta,
    Column("suspension_id", String(16), primary_key=True),
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"), nullable=False,
           index=True),
    Column("reason", Text, nullable=False),
    Column("by_account", String(32), nullable=True),  # the operator (NULL: the command line)
    Column("created", Float, nullable=False),
    Column("until", Float, nullable=True),  # NULL: until lifted
    Column("lifted", Float, nullable=True),
)

#: A profile's fair-play record: offences counted (abandoned or stalled rated games), clean
#: rated games since the last, and until when it may not play rated games.
fairplay_t = Table(
    "azulejos_fairplay",
    meta,
    Column("profile_id", String(32), ForeignKey("azulejos_profiles.profile_id"),
           primary_key=True),
    Column("offences", Integer, nullable=False),
    Column("clean", Integer, nullable=False),
    Column("wait_until", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

#: A digest of each client address a seat was claimed or played from.
seat_clients_t = Table(
    "azulejos_seat_clients",
    meta,
    Column("game_id", String(32), ForeignKey("azulejos_games.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("client_hash", String(64), primary_key=True),
    Column("at", Float, nullable=False),
)

#: An account's mutes of a player (a profile) in every game.
account_mutes_t = Table(
    "azulejos_account_mutes",
    meta,
    Column("account_id", String(32), ForeignKey("azulejos_accounts.account_id"),
           primary_key=True),
    Column("muted", String(32), primary_key=True),  # the muted profile
    Column("created", Float, nullable=False),
)

# -- e-mail (revision 0008; docs/api.md, "E-mail"; web/mail/) -----------------------------------
#: Mails waiting to be sent, sent, or given up (the outbox: web/mail/outbox.py). A sender claims
#: a row by a conditional update (``status`` queued -> sending, with a lease), so several
#: processes never send one mail twice; ``dedupe`` (unique) keeps a mail queued once.
mail_outbox_t = Table(
    "azulejos_mail_outbox",
    meta,
    Column("mail_id", Integer, primary_key=True, autoincrement=True),
    Column("recipient", String(320), nullable=False),
    Column("template", String(32), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("params", Text, nullable=False),  # JSON object
    Column("created", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_attempt", Float, nullable=False, index=True),
    Column("status", String(8), nullable=False, index=True),  # queued|sending|sent|failed
    Column("lease", Float, nullable=True),  # a sending row's claim runs out then
    Column("sent", Float, nullable=True),
    Column("error", Text, nullable=True),
    Column("dedupe", String(120), nullable=True, unique=True),
)

#: The seats whose turn it is and whose player was told (or waits for the digest): at most one
#: "your turn" mail per game and seat until the seat moves (web/mail/notifier.py).
mail_turns_t = Table(
    "azulejos_mail_turns",
    meta,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("key", String(200), nullable=False, index=True),  # the recipient's unsubscribe key
    Column("address", String(320), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("name", String(80), nullable=False),
    Column("digest", Integer, nullable=False),  # 1: told in the daily digest, not at once
    Column("opponents", Text, nullable=False),  # JSON list of names
    Column("since", Float, nullable=False),
)

#: Recipients who unsubscribed from notification mails, by unsubscribe key.
mail_optout_t = Table(
    "azulejos_mail_optout",
    meta,
    Column("key", String(200), primary_key=True),
    Column("at", Float, nullable=False),
)

#: Small shared settings of the mail parts: the unsubscribe links' secret, the last digest day.
mail_state_t = Table(
    "azulejos_mail_state",
    meta,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)
