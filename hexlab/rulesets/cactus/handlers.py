"""Cactus Air Force Ground Combat's step handlers: the registry the phase modules (``moves``, ``battle``, ``air``,
``refit``, ``clock``) fill with their decorators."""

from ...engine import Handlers

handlers = Handlers()
