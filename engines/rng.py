"""A seeded random number generator that is a value, so states stay immutable.

SplitMix64: each draw returns the number *and* the next generator. A state
that carries an :class:`Rng` is therefore still a pure function of its seed
and its history, and the generator's position is part of the notation.

>>> r = Rng.from_seed(42)
>>> n, r2 = r.below(6)
>>> 0 <= n < 6 and r2 != r
True
>>> Rng.parse(str(r2)) == r2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class Rng:
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], Rng]:
        """A shuffled copy (Fisher-Yates) and the generator after it."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out, rng

    def __str__(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def parse(cls, text: str) -> Rng:
        return cls(int(text, 16) & _MASK)
