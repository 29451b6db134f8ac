"""Operation Cartwheel (ruleset id ``cartwheel``): the 1943 air war over New Guinea and the Solomons with hidden
airbase displays, recon, an initiative contest and alternating missions, on the excerpt's rules (modules 2.0-7.0) and
a small illustrative model of the rest (``oc.base.*``).

The phase modules are imported first, so their step handlers are registered when the class is built."""

from ... import rulesets
from . import closing, commitments, construction, ground, initiative, operations, strikes  # noqa: F401
from .rules import Cartwheel

rulesets.register(Cartwheel)

__all__ = ["Cartwheel"]
