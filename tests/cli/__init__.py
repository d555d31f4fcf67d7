"""Tests of scorecheck's cli layer."""
