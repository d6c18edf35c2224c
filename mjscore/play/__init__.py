"""Play: deals, settlement, recorded games."""
