"""The browser client's words for accounts (joined into :func:`..messages.ui_messages`; the
same rules: literal ``_()`` / ``ngettext()`` calls, named placeholders, plural messages as the
list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def account_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                     ) -> dict[str, str | list[str]]:
    """Every account string of the page, in ``lang``; ``plural(singular, plural, n)`` gives a
    message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        # the account card in the lobby
        "account.title": _("Your account"),
        "account.intro": _("Sign in to play your games on any device: your seats, your rating "
                           "and your settings follow you."),
        "account.name": _("User name"),
        "account.password": _("Password"),
        "account.password_hint": ngettext(
            "At least {n} character, and not your user name.",
            "At least {n} characters, and not your user name.", 8),
        "account.sign_in": _("Sign in"),
        "account.sign_up": _("Create an account"),
        "account.signed_in_as": _("Signed in as {name}"),
        "account.welcome": _("Welcome, {name}!"),
        "account.profile": _("Statistics and rating"),
        "account.sign_out": _("Sign out"),
        "account.signed_out": _("You have signed out."),
        "account.sign_out_all": _("Sign out everywhere"),
        "account.sign_out_all_confirm": _("Sign out on every device? Each of them will have to "
                                          "sign in again to open your games."),
        "account.adopt": _("Add this browser’s games to my account"),
        "account.adopted": ngettext("{n} seat now belongs to your account.",
                                    "{n} seats now belong to your account.", 2),
        "account.adopt_none": _("This browser has no seats to add."),
        "account.elsewhere": _("Opened on another device: open it here to play on"),
        "account.change_password": _("Change the password"),
        "account.old_password": _("Current password"),
        "account.new_password": _("New password"),
        "account.password_changed": _("The password has been changed, and your other devices "
                                      "have been signed out."),
        # the e-mail address, and the pages of the links sent to it
        "account.email": _("E-mail address"),
        "account.email_save": _("Save the address"),
        "account.email_password": _("Your password, to change the address"),
        "account.email_saved": _("The address has been saved. Verify it to receive e-mails."),
        "account.email_verified": _("Verified"),
        "account.email_unverified": _("Not verified yet"),
        "account.verify": _("Send a verification link"),
        "account.verify_sent": _("A link has been sent to {email}."),
        "account.verify_title": _("Verifying your e-mail address"),
        "account.verified_done": _("Your e-mail address has been verified."),
        "account.forgot": _("Forgot your password?"),
        "account.forgot_name": _("Enter your user name first."),
        "account.reset_sent": _("If this account has a verified e-mail address, a link to "
                                "choose a new password has been sent to it."),
        "account.reset_title": _("Choose a new password"),
        "account.reset_button": _("Set the new password"),
        # refusals of the server (error codes of docs/api.md, "Accounts")
        "error.no_accounts": _("This server does not keep accounts."),
        "error.signed_out": _("You are not signed in, or your session has ended. Sign in "
                              "again."),
        "error.bad_credentials": _("This user name and password do not match."),
        "error.signin_locked": ngettext(
            "Too many wrong passwords for this name. Try again in {n} second.",
            "Too many wrong passwords for this name. Try again in {n} seconds.", 2),
        "error.name_taken": _("This user name is taken. Choose another."),
        "error.bad_name": _("This user name cannot be used: it is too short, too long, or the "
                            "name of a bot."),
        "error.weak_password": _("This password is too short, too long or too easy to guess."),
        "error.bad_email": _("This is not an e-mail address."),
        "error.other_profile": _("Another player’s profile already holds this seat."),
        "error.no_email": _("This server does not send e-mail."),
        "error.bad_link": _("This link is not valid."),
        "error.link_used": _("This link has already been used. Ask for a new one."),
        "error.link_expired": _("This link has expired. Ask for a new one."),
        # passkeys (accounts/passkeys.py)
        "passkey.sign_in": _("Sign in with a passkey"),
        "passkey.add": _("Add a passkey"),
        "passkey.added": _("Passkey added: you can now sign in with it."),
        "passkey.count": ngettext("{n} passkey", "{n} passkeys", 2),
        "passkey.cancelled": _("No passkey was used."),
        "error.bad_passkey": _("This passkey answer does not work here. Try again."),
        "error.passkey_known": _("This passkey has already been added."),
        "error.too_many_passkeys": _("This account already has as many passkeys as it can keep."),
        "error.unknown_passkey": _("This account has no such passkey."),
        "error.no_passkeys": _("This server cannot use passkeys."),
    }
