"""Tests of scorecheck's docs layer."""
