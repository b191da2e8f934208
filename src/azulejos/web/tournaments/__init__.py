"""Tournaments for people, run by the server (docs/api.md, "Tournaments"): the store
(:mod:`.store`), the service (:mod:`.service`), the routes (:mod:`.routes`), their OpenAPI
schemas (:mod:`.openapi`) and the browser's words (:mod:`.messages`)."""
