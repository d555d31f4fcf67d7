"""scorecheck's tests."""

import sys

# Imported before any test module or conftest: where PYTHONDONTWRITEBYTECODE is set (as on
# this project's machines), each xdist worker otherwise compiled scorecheck and the tests and
# rewrote every test's asserts again on every run, 2.1 s of collection a worker, not 0.8 s.
sys.dont_write_bytecode = False
