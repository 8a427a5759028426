"""Puzzle families: one module per family, each able to encode, decode and verify."""

from .lightsout import LightsOut, node_label, read_state

__all__ = ["LightsOut", "node_label", "read_state"]
