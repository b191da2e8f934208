"""Finding a game (issue 29, item 1; docs/api.md, "Lobby"): public games opened in the lobby and
joined from it, quick match within a widening rating band, public games watched by anyone, and
rematches. Everything shared is in the database (several server processes on one database);
the games themselves are ordinary games of :class:`~azulejos.web.service.GameService`, made
once every seat is taken, their seats claimed for the players' accounts."""
