"""War at Sea landings' step handlers: the registry the phase modules (``initiative``, ``sea``, ``air``, ``attacks``,
``infantry``, ``end_turn``) fill with their decorators."""

from ...engine import Handlers

handlers = Handlers()
