"""`scorecheck site DIR`: the page as a static site that works offline on a phone.

`fetch` brings Pyodide from npm and the wheels from PyPI into a cache outside DIR (a second
build is offline), `wheels` writes the pure wheels the site ships (scorecheck itself, PyYAML's
pure-Python parser), `icons` draws the app's icons, and `build` writes DIR: the page, the
Python it runs in a Web Worker, a service worker and a web app manifest.
"""
