"""Tests of scorecheck's report layer."""
