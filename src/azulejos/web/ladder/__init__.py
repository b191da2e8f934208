"""The ladder: one ranked list of accounts per two-player rating pool (docs/api.md, "Ladder")."""
