"""Views that were methods and are properties now, still callable for one release.

Cheap views of a deal are properties (python-chess's rule): ``deal.trick_winners``,
not ``deal.trick_winners()``.  So that code written for the old call form keeps
working for one release, such a property returns a :class:`CallableTuple` or
:class:`CallableInt`: a plain ``tuple`` or ``int`` in every other way, whose call
warns (:class:`DeprecationWarning`) and returns the value itself.  Both pickle
and copy as the plain type.

>>> from trickcore._deprecated_call import tuple_view
>>> Winners = tuple_view("Example.trick_winners")
>>> winners = Winners([2, 0])
>>> winners == (2, 0), repr(winners)
(True, '(2, 0)')
>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     winners() == (2, 0)
True
>>> str(caught[0].message)
'Example.trick_winners is a property now: drop the call parentheses'
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self, deprecated
else:

    def deprecated(message):  # the runtime warning is raised by hand below
        return lambda function: function


__all__ = ["CallableInt", "CallableTuple", "int_view", "tuple_view"]

_T_co = TypeVar("_T_co", covariant=True)


def _warn(name: str) -> None:
    warnings.warn(
        f"{name} is a property now: drop the call parentheses",
        DeprecationWarning,
        stacklevel=3,
    )


class CallableTuple(tuple[_T_co, ...]):
    """A tuple whose deprecated call returns itself (see the module)."""

    __slots__ = ()
    #: The property this tuple is the value of, as the warning names it.
    property_name: ClassVar[str] = "this view"

    @deprecated("a property now: drop the call parentheses")
    def __call__(self) -> Self:
        _warn(self.property_name)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))


class CallableInt(int):
    """An int whose deprecated call returns itself (see the module)."""

    __slots__ = ()
    property_name: ClassVar[str] = "this view"

    @deprecated("a property now: drop the call parentheses")
    def __call__(self) -> Self:
        _warn(self.property_name)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (int, (int(self),))


def tuple_view(name: str) -> type[CallableTuple[Any]]:
    """The CallableTuple class for the property *name* (``"Class.attribute"``)."""
    return type("CallableTuple", (CallableTuple,), {"__slots__": (), "property_name": name})


def int_view(name: str) -> type[CallableInt]:
    """The CallableInt class for the property *name* (``"Class.attribute"``)."""
    return type("CallableInt", (CallableInt,), {"__slots__": (), "property_name": name})
