# Observation tensors at C level: fixed-size float32 encodings of what one
# seat may know (RULES.md 1.7, 2.4-2.5).  The encoders read only public facts
# and the observer's own hand, never a hidden hand.  Layouts: trickcore._observe.
from trickcore._spitzer cimport SpitzerDeal
from trickcore._spidge cimport spidge_state

cdef enum:
    SPITZER_OBS_FLOATS = 418
    SPIDGE_OBS_FLOATS = 682

# Fill out[0 .. SPITZER_OBS_FLOATS) for *seat* (0..3); zeroes it first.
cdef void spitzer_encode(const SpitzerDeal* d, int seat, float* out) noexcept nogil
# Fill out[0 .. SPIDGE_OBS_FLOATS) for *hand* (0 left, 2 right, 3 dealer; 1,
# the dummy, is played by the dealer and so observed as hand 3).
cdef void spidge_encode(const spidge_state* s, int hand, float* out) noexcept nogil
