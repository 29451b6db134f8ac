"""Colour differences, for checking that the map's colours stay apart (tests/test_readable.py).

- :func:`delta_e2000`: the CIEDE2000 colour difference (CIE 142-2001; the formula and test data of Sharma,
  Wu and Dalal, "The CIEDE2000 color-difference formula", Color Research and Application 30, 2005) between
  two sRGB colours, through CIELAB under D65. About 1 is a just noticeable difference; two colours 30 apart
  read as different colours at a glance even as thin lines.
- :func:`contrast_ratio`: WCAG 2's contrast ratio (1 to 21) from relative luminance; WCAG 2.1's non-text
  contrast (success criterion 1.4.11) asks 3:1 for the parts of a graphic needed to understand it.
- :func:`simulate_cvd`: how a colour looks with protanopia, deuteranopia or tritanopia (Machado, Oliveira and
  Fernandes, "A physiologically-based model for simulation of color vision deficiency", IEEE TVCG 15, 2009;
  severity 1.0, applied in linear RGB).
"""

from __future__ import annotations

import math

from ..style import rgb

_CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round((12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) * 255)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour ``"#rrggbb"``."""
    r, g, b = (_linear(v) for v in rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000_lab(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    d_l, d_c = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        d_h = 0.0
    elif abs(h2p - h1p) <= 180:
        d_h = h2p - h1p
    else:
        d_h = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    d_hh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(d_h / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_hh / s_h) ** 2 + r_t * (d_c / s_c) * (d_hh / s_h))


def delta_e2000(colour1: str, colour2: str) -> float:
    """CIEDE2000 between two sRGB colours."""
    return delta_e2000_lab(lab(colour1), lab(colour2))


def relative_luminance(colour: str) -> float:
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(colour1: str, colour2: str) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((relative_luminance(colour1), relative_luminance(colour2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate_cvd(colour: str, kind: str) -> str:
    """The colour as seen with ``kind`` ("protan", "deutan" or "tritan") colour-vision deficiency."""
    m = _CVD[kind]
    lin = [_linear(v) for v in rgb(colour)]
    out = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return "#" + "".join(f"{_gamma(v):02x}" for v in out)


CVD_KINDS = tuple(_CVD)
