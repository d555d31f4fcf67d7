"""Tests of scorecheck's batch layer."""
