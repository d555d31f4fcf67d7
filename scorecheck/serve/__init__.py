"""`scorecheck serve`: a local page where boards are tapped instead of YAML typed.

`answers` turns requests into answers (the same library calls `check` makes, no HTTP);
`server` is the HTTP front end with its safety limits; `words` holds the page's texts.
The page itself is plain HTML, CSS and JavaScript modules in scorecheck/web/.
"""
