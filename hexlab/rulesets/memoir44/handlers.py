"""Memoir '44's step handlers: the registry its phase modules fill (:mod:`hexlab.engine.flow`)."""

from ...engine import Handlers

handlers = Handlers()
