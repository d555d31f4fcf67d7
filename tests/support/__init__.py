"""Helpers shared by the tests: paths and examples, checking a document, the browser."""
