"""Tests of scorecheck's core layer."""
