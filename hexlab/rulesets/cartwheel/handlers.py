"""Operation Cartwheel's step handlers: the registry the phase modules fill with their decorators."""

from ...engine import Handlers

handlers = Handlers()
