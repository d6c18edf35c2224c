"""Rules: table files, the condition registry, scoring."""
