"""Tests of scorecheck's load layer."""
