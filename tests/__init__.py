"""scorecheck's tests."""

import sys

# Imported before any test module or conftest: where PYTHONDONTWRITEBYTECODE is set (as on
# this project's machines), each xdist worker otherwise compiled scorecheck and the tests and
# rewrote every test's asserts again on every run: about 2 s of collection a worker, 0.8-1.0 s
# with the cache.
sys.dont_write_bytecode = False
