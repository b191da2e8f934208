"""Accounts: a unique user name and an argon2id password, signed in through a session cookie
(docs/api.md, "Accounts"). An account owns one profile (:mod:`..profiles`), made with it, so
its ratings and statistics are the profile's; a signed-in player's seats carry that profile and
follow the account to any device.

* :mod:`.passwords`: hashing (argon2-cffi) and what a new password must be;
* :mod:`.lockout`: the wait after repeated wrong passwords;
* :mod:`.settings`: the settings kept on the server;
* :mod:`.store`: the tables; :mod:`.service`: what the routes do; :mod:`.cookies`: the
  session cookie; :mod:`.routes`: the HTTP routes; :mod:`.openapi`: their description.
"""
