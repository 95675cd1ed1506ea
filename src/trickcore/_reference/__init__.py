"""The pure-Python twin of the compiled core: the test oracle and the fallback.

Each module here mirrors the compiled module of the same name, function for
function and signature for signature, but is written straight from the rules
with lists, sets and plain comparisons.  It is what runs when the extension
is not built or ``TRICKCORE_PUREPYTHON=1`` is set.
"""
