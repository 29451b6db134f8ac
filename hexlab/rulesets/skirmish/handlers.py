"""Skirmish's step handlers, filled by the phase modules (see :mod:`hexlab.engine.flow`)."""

from ...engine import Handlers

handlers = Handlers()
