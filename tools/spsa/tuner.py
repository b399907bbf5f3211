"""The SPSA arithmetic and its resumable state, with no I/O beyond the state file: the driver
(`driver.py`) plays the games, this module decides what to play and learns from the result."""

import json
import os
import random
from dataclasses import dataclass

# OpenBench's defaults: the gain sequences' exponents and the stability constant's share.
ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1


class TunerError(Exception):
    """A parameter line, a subset or a state file that cannot be used."""


@dataclass(frozen=True)
class Param:
    """One tuned parameter, as in an OpenBench SPSA line."""

    name: str
    default: int
    min: int
    max: int
    c_end: float
    r_end: float


def parse_params(text):
    """The parameters of OpenBench SPSA lines `name, int, default, min, max, c_end, r_end`
    (blank lines and `#` comments skipped)."""
    params = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            raise TunerError(
                f"line {number}: expected 'name, int, default, min, max, c_end, r_end': {line}"
            )
        try:
            default, lo, hi = (int(f) for f in fields[2:5])
            c_end, r_end = float(fields[5]), float(fields[6])
        except ValueError as e:
            raise TunerError(f"line {number}: {e}") from None
        if not lo <= default <= hi or c_end <= 0 or r_end <= 0:
            raise TunerError(
                f"line {number}: default outside min..max, or a step not positive: {line}"
            )
        params.append(Param(fields[0], default, lo, hi, c_end, r_end))
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise TunerError("a parameter is listed twice")
    return params


def select(params, only):
    """The parameters named in `only` (all when it is empty), in their listed order."""
    if not only:
        return params
    known = {p.name for p in params}
    unknown = sorted(set(only) - known)
    if unknown:
        raise TunerError(f"no such parameter: {', '.join(unknown)}")
    return [p for p in params if p.name in only]


class Schedule:
    """OpenBench's gain sequences for a run planned at `iterations` iterations: the perturbation
    `c_k` shrinks to `c_end` and the learning rate `a_k / c_k^2` to `r_end` at the last one."""

    def __init__(self, iterations):
        if iterations < 1:
            raise TunerError("a run needs at least one planned iteration")
        self.iterations = iterations
        self.big_a = A_RATIO * iterations

    def c(self, p, k):
        return p.c_end * self.iterations**GAMMA / (k + 1) ** GAMMA

    def a(self, p, k):
        a_end = p.r_end * p.c_end**2
        return a_end * (self.big_a + self.iterations) ** ALPHA / (self.big_a + k + 1) ** ALPHA


@dataclass
class Trial:
    """One iteration's plan: the sign of each parameter's perturbation and the two engines'
    values (integers within range, as the options take them)."""

    k: int
    signs: dict
    plus: dict
    minus: dict


class Tuner:
    """The current values and everything needed to go on: planned iterations, the iteration
    reached, the seed of the perturbations and the games played so far."""

    def __init__(self, params, iterations, seed, theta=None, k=0, results=None):
        self.params = params
        self.schedule = Schedule(iterations)
        self.seed = seed
        self.theta = {p.name: float(p.default) for p in params}
        if theta:
            self.theta.update({n: float(v) for n, v in theta.items() if n in self.theta})
        self.k = k
        # Per iteration [wins, losses, draws] of the "plus" engine.
        self.results = list(results or [])

    def done(self):
        return self.k >= self.schedule.iterations

    def trial(self):
        """The perturbations of iteration `k`, the same on every resume (seeded by `k`)."""
        rng = random.Random(self.seed * 1_000_003 + self.k)
        signs, plus, minus = {}, {}, {}
        for p in self.params:
            s = rng.choice((-1, 1))
            c = self.schedule.c(p, self.k)
            signs[p.name] = s
            plus[p.name] = clamp_round(self.theta[p.name] + s * c, p)
            minus[p.name] = clamp_round(self.theta[p.name] - s * c, p)
        return Trial(self.k, signs, plus, minus)

    def learn(self, trial, wins, losses, draws):
        """Moves every value toward the side that scored better in `trial` (wins and losses are
        the plus engine's), and advances to the next iteration."""
        if trial.k != self.k:
            raise TunerError(f"result of iteration {trial.k} given at iteration {self.k}")
        result = wins - losses
        for p in self.params:
            step = (
                self.schedule.a(p, self.k)
                * result
                / (self.schedule.c(p, self.k) * trial.signs[p.name])
            )
            self.theta[p.name] = min(max(self.theta[p.name] + step, p.min), p.max)
        self.results.append([wins, losses, draws])
        self.k += 1

    def values(self):
        """The current values rounded, as they would land in `params.rs`."""
        return {p.name: clamp_round(self.theta[p.name], p) for p in self.params}

    def games(self):
        return sum(sum(r) for r in self.results)

    def to_json(self):
        return {
            "iterations": self.schedule.iterations,
            "seed": self.seed,
            "k": self.k,
            "params": [p.__dict__ for p in self.params],
            "theta": self.theta,
            "results": self.results,
        }

    @staticmethod
    def from_json(data):
        try:
            params = [Param(**p) for p in data["params"]]
            return Tuner(
                params, data["iterations"], data["seed"], data["theta"], data["k"], data["results"]
            )
        except (KeyError, TypeError) as e:
            raise TunerError(f"not an SPSA state: {e}") from None


def clamp_round(value, p):
    return min(max(int(round(value)), p.min), p.max)


def save(tuner, path):
    """Writes the state atomically (a stopped run never leaves half a file)."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(tuner.to_json(), f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def load(path):
    try:
        with open(path) as f:
            return Tuner.from_json(json.load(f))
    except json.JSONDecodeError as e:
        raise TunerError(f"{path}: {e}") from None
