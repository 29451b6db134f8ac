"""Operation Cartwheel's combat, defined once: pure functions from rolled d10 faces (1..10, the die's 0 read as 10:
oc.components.die.d10_zero_is_ten) to results. The engine rolls the faces and calls them; ``odds.py`` pushes every
face through the same functions. All thresholds below the excerpt's own are the ``oc.base.*`` illustrative defaults."""

from __future__ import annotations

from dataclasses import dataclass

from .data import (
    AA_HIT_AT_MOST,
    EVAC_DRM_BASE_DISRUPTED,
    EVAC_DRM_FLOWN,
    EVAC_DRM_UNIT_DISRUPTED,
    INITIATIVE_ALLIED_AT_LEAST,
    RECON_FLIES_AT_MOST,
    RECON_GENERAL_REGROUP_DRM,
    REPAIR_AT_MOST,
    SCRAMBLE_AT_MOST,
)


def modified(dr: int, drm: int) -> int:
    """A DR plus its DRMs (oc.components.die.dr_and_drm); not capped."""
    return dr + drm


def allied_initiative(dr: int, drm: int) -> bool:
    """oc.sequence.initiative_roll.six_or_more_allied / five_or_less_japanese."""
    return modified(dr, drm) >= INITIATIVE_ALLIED_AT_LEAST


def recon_flies(dr: int, general_regroup: bool) -> bool:
    """oc.air.recon.flight_roll_seven_or_less, general_regroup_plus_one."""
    return modified(dr, RECON_GENERAL_REGROUP_DRM if general_regroup else 0) <= RECON_FLIES_AT_MOST


def scramble_drm(base_disrupted: bool, regrouping: bool, enemy_recon: bool) -> int:
    """oc.base.scramble_default: +1 each (oc.air.airbase_disruption.hinders_scramble_and_evacuation,
    oc.air.concept.regroup_scramble_penalty, oc.air.recon.scramble_drm)."""
    return int(base_disrupted) + int(regrouping) + int(enemy_recon)


def scrambles(dr: int, drm: int) -> bool:
    return modified(dr, drm) <= SCRAMBLE_AT_MOST


def resistance(factor: int, standard: int) -> int:
    """The DRM a target's own factor puts on every roll against it (ours, oc.components.air.defense_factor and
    oc.components.ground.combat_factor): +1 for each point above the scenario's standard factor, -1 for each point
    below. A target of the standard factor is hit exactly as the ``oc.base.*`` default says."""
    return factor - standard


def fire_hits(dr: int, af: int, drm: int = 0) -> bool:
    """oc.base.aerial_combat_default: a roll at or below the firer's AF disrupts its target; ``drm`` is the target's
    :func:`resistance` (its DF: oc.components.air.defense_factor)."""
    return modified(dr, drm) <= af


def aa_hits(dr: int, drm: int = 0) -> bool:
    """oc.base.aa_fire_default, with the target bomber's DF as ``drm``."""
    return modified(dr, drm) <= AA_HIT_AT_MOST


def bomb_hits(dr: int, bf: int, drm: int = 0) -> bool:
    """oc.base.bombing_default: a roll at or below the BF (a strafer's 1); against a ground unit ``drm`` is its CF's
    :func:`resistance` (oc.components.ground.combat_factor)."""
    return modified(dr, drm) <= bf


def repaired(dr: int) -> bool:
    """oc.air.airbase_destruction.repair_roll_default."""
    return dr <= REPAIR_AT_MOST


def evacuation_drm(base_disrupted: bool, unit_disrupted: bool, flown: bool) -> int:
    """oc.air.evacuation.table_default."""
    return (EVAC_DRM_BASE_DISRUPTED * base_disrupted + EVAC_DRM_UNIT_DISRUPTED * unit_disrupted
            + EVAC_DRM_FLOWN * flown)


def evacuates(dr: int, srmp: int, drm: int) -> bool:
    """oc.air.evacuation.success_at_or_below_srmp."""
    return modified(dr, drm) <= srmp


@dataclass(frozen=True, slots=True)
class Damage:
    """An aerial unit's condition: disrupted, reduced, eliminated."""

    disrupted: bool = False
    reduced: bool = False
    eliminated: bool = False


def hit(d: Damage, two_sided: bool) -> Damage:
    """One hit (oc.base.aerial_combat_default): disrupts; a disrupted unit is reduced; a reduced or one-sided
    (oc.components.pieces.no_back_eliminated) disrupted unit is eliminated."""
    if d.eliminated:
        return d
    if not d.disrupted:
        return Damage(True, d.reduced)
    if two_sided and not d.reduced:
        return Damage(True, True)
    return Damage(True, d.reduced, True)


def targets(bombers: int, escorts: int, interceptors: int) -> tuple[list[int], list[int]]:
    """Who fires at whom in the round of aerial combat (oc.base.aerial_combat_default; the picks are ours, made by
    rule so that neither side needs to see the other's units): interceptor ``i`` fires at bomber ``i mod bombers``,
    escort ``j`` at interceptor ``j mod interceptors``."""
    return ([i % bombers for i in range(interceptors)] if bombers else [],
            [j % interceptors for j in range(escorts)] if interceptors else [])


def aa_aim(dice: int, bombers: int) -> list[int]:
    """Which bomber each AA die fires at: the first die at the first bomber still in the strike, the next at the
    next, round again (the defender's choice, made by rule, so that it needs no sight of the strike's units)."""
    return [i % bombers for i in range(dice)] if bombers else []


def aa_targets(hits: list[bool], bombers: int) -> list[int]:
    """The bombers AA disrupts: each bomber with at least one die of :func:`aa_aim` hitting it, once (the default's
    "each roll disrupts one of them": a second hit on the same bomber adds nothing)."""
    aim = aa_aim(len(hits), bombers)
    return sorted({aim[i] for i, h in enumerate(hits) if h})


@dataclass(frozen=True, slots=True)
class BaseResult:
    status: str
    """"no effect", "disrupted", "destroyed" or "removed" (a mobile base under construction)."""
    ground_hits: int


def airbase_bombed(hits: int, already_disrupted: bool, under_construction: bool) -> BaseResult:
    """oc.base.bombing_default: one hit disrupts, two destroy, each hit beyond disrupts a unit on the ground; a
    disrupted airbase hit again is destroyed (our reading); an airbase under construction is removed by any hit
    (oc.air.mobile.under_construction_removed_if_hit)."""
    if hits <= 0:
        return BaseResult("no effect", 0)
    if under_construction:
        return BaseResult("removed", 0)
    if hits >= 2 or already_disrupted:
        need = 1 if already_disrupted else 2
        return BaseResult("destroyed", max(0, hits - need))
    return BaseResult("disrupted", 0)
