"""Tests of scorecheck's web layer."""
