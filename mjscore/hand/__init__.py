"""Rule-free hand: tiles, notation, arrangement search."""
