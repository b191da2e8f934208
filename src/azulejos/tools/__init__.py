"""Tools (layer L5): self-play, tournaments, benchmarks."""
