"""One game as the RL environments drive it: the engine state, the pending sub-decision, the spaces.

Both environments (:mod:`tcg.rl.aec`, :mod:`tcg.rl.gym`) are thin shells around a
:class:`Match`: it starts games from a seed, takes every forced step itself (a decision with one
legal action, a token every legal action agrees on), narrows the deciding seat's choice token by
token (:mod:`tcg.core.narrowing`) and encodes what each seat sees (:mod:`tcg.rl.encode`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.registry import load_game
from tcg.core.state import State
from tcg.rl.catalogue import catalogue
from tcg.rl.encode import Board, Encoder, Vector
from tcg.rl.narrow import Narrowing, structured_parts
from tcg.rl.tokens import Vocabulary

DEFAULT_MAX_ACTIONS = 5000
#: The observation Box bounds: every number is scaled (counters by 10 or 1000, turns by 20) far inside them.
OBS_BOUND = 1e4
Mask = npt.NDArray[np.int8]
MASK_CACHE_LIMIT = 10_000
#: What an action index may be (a bool is an int too, as ``isinstance`` always took it).
INDEX_TYPES = (int, np.integer)


class Match:
    """A game of ``game`` between the two starter decks (or ``decks``), restartable by seed."""

    def __init__(self, game: str, decks: Sequence[str] | None = None, rules: Mapping[str, object] | None = None,
                 max_actions: int = DEFAULT_MAX_ACTIONS) -> None:
        self.game = load_game(game)
        self.catalogue = catalogue(game)
        names = list(decks) if decks is not None else (list(self.game.starter_decks()) * 2)[:2]
        if len(names) != 2:
            raise DataError(f"decks names two decks (one per seat), got {names!r}", field="decks")
        self.deck_names = names
        self.decks = [self.game.deck(n) for n in names]
        self.rules = self.game.resolve_options(rules)
        if not isinstance(max_actions, int) or max_actions < 1:
            raise DataError(f"max_actions is a positive whole number, got {max_actions!r}", field="max_actions")
        self.max_actions = max_actions
        probe = self.game.new_state(self.decks, seed=0, options=self.rules)
        self.vocab = Vocabulary(self.game, self.game.spelling, len(probe.cards))
        self.encoder = Encoder(self.game, self.catalogue, self.vocab)
        self.structured = structured_parts(game)
        self.state: State = probe
        self.narrowing: Narrowing | None = None
        self.actions = 0
        self._boards: dict[int, tuple[int, Board]] = {}
        self._masks: dict[tuple[int, ...], Mask] = {}

    @property
    def n_actions(self) -> int:
        return self.vocab.size

    @property
    def obs_size(self) -> int:
        return self.encoder.size

    # ------------------------------------------------------------------ playing
    def start(self, seed: int, log_events: bool = False) -> None:
        """A new game from ``seed``, run to the first real choice. Without events by default: the
        encoders read none, and bulk play is faster (an opponent agent that searches needs them)."""
        self.state = self.game.new_state(self.decks, seed=seed, options=self.rules)
        self.state.log_events = log_events
        self.actions = 0
        self._boards = {}
        self.advance()

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def truncated(self) -> bool:
        return not self.over and self.actions >= self.max_actions

    @property
    def decider(self) -> int | None:
        """The seat to choose now: None once the game is over or cut short (``over``, ``truncated``)."""
        state = self.state
        decision = state.decision
        if decision is None or state.winner is not None or self.actions >= self.max_actions:
            return None
        return decision.player

    def legal(self) -> Sequence[Action]:
        return self.state.legal_actions()

    def apply(self, action: Action) -> None:
        """Apply a complete action, then every forced step after it."""
        self.state.apply(action)
        self.actions += 1
        self.advance()

    def advance(self) -> None:
        """Take forced steps until a seat has a real choice (or the game ends or is cut short)."""
        self.narrowing = None
        state = self.state
        while state.winner is None and self.actions < self.max_actions:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                self.actions += 1
                continue
            narrowing = Narrowing(self.vocab, legal, self.structured)
            if narrowing.action is not None:  # every legal action spelt alike: cannot happen, but safe
                state.apply(narrowing.action)
                self.actions += 1
                continue
            self.narrowing = narrowing
            return

    def choose(self, token: int) -> bool:
        """The deciding seat takes ``token``; False (and nothing changes) when the mask forbids it."""
        narrowing = self.narrowing
        if type(token) is not int:  # the common case first: a plain int needs no check or conversion
            if not isinstance(token, INDEX_TYPES):
                return False
            token = int(token)
        if narrowing is None or not narrowing.legal(token):
            return False
        action = narrowing.choose(token)
        if action is not None:
            self.apply(action)
        return True

    def reward(self, seat: int) -> float:
        """+1 for a win, -1 for a loss, 0 for a draw or a game not finished."""
        winner = self.state.winner
        if winner == seat:
            return 1.0
        if winner == 1 - seat:
            return -1.0
        return 0.0

    # ------------------------------------------------------------------ observing
    def mask(self, seat: int) -> Mask:
        """1 for each token the seat may choose now (all zero when it is not deciding)."""
        narrowing = self.narrowing
        if narrowing is None or self.decider != seat:
            return np.zeros(self.vocab.size, dtype=np.int8)
        key = tuple(narrowing.options)
        mask = self._masks.get(key)
        if mask is None:  # the same sets of tokens come back all game long
            if len(self._masks) >= MASK_CACHE_LIMIT:
                self._masks.clear()
            mask = self._masks[key] = np.zeros(self.vocab.size, dtype=np.int8)
            mask[narrowing.options] = 1
        return mask.copy()

    def board(self, seat: int) -> Vector:
        """The board part of ``seat``'s encoding (global and card rows), brought up to date once
        per engine action, card by card (:meth:`Encoder.update`). Not a copy: do not write to it."""
        cached = self._boards.get(seat)
        if cached is None or cached[0] != self.actions:
            board = self.encoder.update(cached[1] if cached is not None else None, self.state, seat)
            cached = self._boards[seat] = (self.actions, board)
        return cached[1].vector

    def observe(self, seat: int) -> Vector:
        """The encoding for ``seat``: the board and the stage, in a new array."""
        out = self.board(seat).copy()
        if self.narrowing is not None and self.decider == seat:
            self.encoder.stage(self.narrowing, out)
        return out

    def describe(self) -> str:
        """A short text of the position and the pending sub-decision (the ``ansi`` render)."""
        state = self.state
        lines = [f"{self.game.title}: turn {state.turn}, player {state.active}'s turn, phase {state.phase or '-'}"]
        if self.over:
            lines.append(f"game over: winner {state.winner}")
        elif self.narrowing is not None and state.decision is not None:
            chosen = " ".join(self.vocab.describe(t) for t in self.narrowing.chosen) or "(nothing yet)"
            options = " ".join(self.vocab.describe(t) for t in self.narrowing.options)
            lines.append(f"player {state.decision.player} decides {state.decision.kind}: chosen {chosen}")
            lines.append(f"  options: {options}")
        return "\n".join(lines)


def env_options(options: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """A precise error for an option the environment does not take."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise DataError(f"unknown environment option(s) {', '.join(unknown)}; options are: {', '.join(allowed)}",
                        field=unknown[0])
