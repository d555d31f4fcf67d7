"""The output edge: reports to strings (text, JSON)."""
