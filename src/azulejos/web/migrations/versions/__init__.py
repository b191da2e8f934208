"""The revisions, one file per schema change: ``vNNNN_name.py`` with revision ``"NNNN"`` and
``down_revision`` the previous one (docs/architecture.md, "How to add a schema change")."""
