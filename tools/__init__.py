"""Developer tools (not installed)."""
