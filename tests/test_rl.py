"""The RL environments (tcg.rl, docs/rl.md): PettingZoo and Gymnasium conformance for every game,
illegal indexes, rewards, determinism, the sub-decision spelling, and no hidden information in
the observation vectors."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tcg.rl
from tcg.agents.random_agent import TypeRandomAgent
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.lazy import Concat, LazyActions
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tcg.rl.catalogue import catalogue
from tcg.rl.encode import Encoder
from tcg.rl.match import Match
from tcg.rl.narrow import MATERIALISE, Narrowing
from tcg.rl.tokens import END

GAMES = game_names()


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """The conformance tools warn that a Dict observation is not a Box (PettingZoo's own classic
    games get the same warning): noise here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def random_token(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


# ---------------------------------------------------------------------- conformance
@pytest.mark.parametrize("game", GAMES)
def test_every_game_passes_pettingzoos_api_test(game: str) -> None:
    api_test(tcg.rl.aec_env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_passes_pettingzoos_seed_test(game: str) -> None:
    seed_test(lambda: tcg.rl.aec_env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_make_by_id_gives_an_env_that_passes_check_env(game: str) -> None:
    env = gymnasium.make(tcg.rl.ENV_IDS[game])
    assert env.unwrapped.match.game.name == game
    check_env(env.unwrapped)
    _, info = env.reset(seed=1)  # through the wrappers, as sb3-contrib's MaskablePPO asks for the mask
    assert (env.get_wrapper_attr("action_masks")() == info["action_mask"]).all() and info["action_mask"].any()


def test_the_gymnasium_ids_name_the_five_games() -> None:
    assert sorted(tcg.rl.ENV_IDS.values()) == [
        "tcg/BattleSpirits-v0", "tcg/DuelMasters-v0", "tcg/ForceOfWill-v0", "tcg/OnePiece-v0", "tcg/YuGiOh-v0"]


# ---------------------------------------------------------------------- illegal indexes and rewards
@pytest.mark.parametrize("bad", ["masked", -1, 10_000, "attack", None, 2.5])
def test_an_illegal_index_ends_the_aec_game_with_minus_one_for_that_agent_and_no_exception(bad: Any) -> None:
    env = tcg.rl.aec_env("duel_masters")
    env.reset(seed=3)
    agent = env.agent_selection
    other = next(a for a in env.agents if a != agent)
    action = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0]) if bad == "masked" else bad
    env.step(action)
    assert env.terminations == {agent: True, other: True}
    assert env._cumulative_rewards == {agent: -1.0, other: 0.0}
    assert "illegal" in env.infos[agent]
    _, reward, terminated, _, _ = env.last()
    assert terminated and reward == -1.0


def test_an_illegal_index_ends_the_gym_episode_with_minus_one() -> None:
    env = tcg.rl.gym_env("one_piece")
    _, info = env.reset(seed=5)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(masked)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal"] == masked
    with pytest.raises(DataError, match="reset"):
        env.step(masked)


@pytest.mark.parametrize("game", ["one_piece", "yugioh"])
def test_a_finished_aec_game_rewards_the_winner_plus_one_and_the_loser_minus_one_and_nothing_before(
        game: str) -> None:
    env = tcg.rl.aec_env(game)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if not (terminated or truncated):
            assert reward == 0.0
        env.step(None if terminated or truncated else random_token(obs["action_mask"], rng))
    winner = env.match.state.winner
    assert winner in (0, 1)
    assert totals == {f"player_{winner}": 1.0, f"player_{1 - winner}": -1.0}


def test_the_gym_env_pays_the_learner_at_the_end_of_a_game_against_the_rule_agent() -> None:
    env = tcg.rl.gym_env("one_piece", opponent="rule", seat="random")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=2)
    rewards = []
    terminated = truncated = False
    while not (terminated or truncated):
        assert (env.action_masks() == info["action_mask"]).all()
        _, reward, terminated, truncated, info = env.step(random_token(info["action_mask"], rng))
        rewards.append(reward)
    assert rewards[-1] == env.match.reward(env.seat) != 0 and not any(rewards[:-1])


def test_a_game_cut_short_at_max_actions_is_truncated_with_no_reward() -> None:
    env = tcg.rl.aec_env("force_of_will", max_actions=30)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
        env.step(None if terminated or truncated else random_token(obs["action_mask"], rng))
    assert env.match.actions == 30 and env.match.state.winner is None


def test_the_gym_env_plays_against_a_searching_opponent() -> None:
    env = tcg.rl.gym_env("one_piece", opponent="ismcts:iterations=3")
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=4)
    for _ in range(10):
        _, _, terminated, truncated, info = env.step(random_token(info["action_mask"], rng))
        if terminated or truncated:
            break
    assert env.match.actions > 0


def test_while_an_action_is_spelt_the_same_agent_keeps_the_turn_with_reward_zero() -> None:
    env = tcg.rl.aec_env("battle_spirits")
    env.reset(seed=8)
    rng = np.random.default_rng(3)
    mid_spelling = 0
    for _ in range(400):
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        applied = env.match.actions
        env.step(random_token(obs["action_mask"], rng))
        narrowing = env.match.narrowing
        if env.match.actions == applied:  # no engine action yet: the spelling goes on
            assert narrowing is not None and narrowing.chosen
            mid_spelling += 1
            assert env.agent_selection == agent and env.rewards[agent] == 0.0
            stage = env.observe(agent)["observation"][env.match.encoder.slices["stage_chosen"]]
            assert sorted(np.flatnonzero(stage)) == sorted(set(narrowing.chosen))
    assert mid_spelling > 50


def test_the_ansi_render_shows_the_pending_sub_decision() -> None:
    env = tcg.rl.aec_env("duel_masters", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Duel Masters: turn 1") and "options: type:" in text
    assert tcg.rl.aec_env("duel_masters").render() is None


def test_bad_options_are_precise_errors() -> None:
    with pytest.raises(DataError, match="unknown environment option"):
        tcg.rl.aec_env("yugioh", colour="red")
    with pytest.raises(DataError, match="unknown game 'chess'"):
        tcg.rl.aec_env("chess")
    with pytest.raises(DataError, match="seat is 0, 1 or 'random'"):
        tcg.rl.gym_env("yugioh", seat=2)
    with pytest.raises(DataError, match="unknown agent 'nobody'"):
        tcg.rl.gym_env("yugioh", opponent="nobody")
    with pytest.raises(DataError, match="max_actions"):
        tcg.rl.aec_env("yugioh", max_actions=0)
    with pytest.raises(DataError, match="two decks"):
        tcg.rl.aec_env("yugioh", decks=["beatdown"])


# ---------------------------------------------------------------------- determinism
@pytest.mark.parametrize("game", ["battle_spirits", "duel_masters"])
def test_the_same_seed_and_actions_give_the_same_observations(game: str) -> None:
    def episode() -> list[np.ndarray]:
        env = tcg.rl.gym_env(game, opponent="random", seat="random")
        rng = np.random.default_rng(7)
        obs, info = env.reset(seed=21)
        seen = [obs]
        for _ in range(60):
            obs, _, terminated, truncated, info = env.step(random_token(info["action_mask"], rng))
            seen.append(obs)
            if terminated or truncated:
                break
        return seen

    first, second = episode(), episode()
    assert len(first) == len(second) and all((a == b).all() for a, b in zip(first, second, strict=True))


# ---------------------------------------------------------------------- sub-decisions
def spelt(match: Match, legal: Any) -> list[Action]:
    """Every action some sequence of allowed tokens ends on (a depth-first walk of the masks)."""
    found: list[Action] = []

    def walk(path: list[int]) -> None:
        narrowing = Narrowing(match.vocab, legal, match.structured)
        for token in path:
            narrowing.choose(token)
        if narrowing.action is not None:
            found.append(narrowing.action)
            return
        assert narrowing.options, "a dead end: no token allowed and no action"
        for token in narrowing.options:
            walk([*path, token])

    walk([])
    return found


def decisions(game: str, seeds: range, every: int = 1, limit: int = 400) -> Iterator[State]:
    """States of random games (events kept) at every ``every``-th real decision; the random_by_type
    agent plays them (uniform over action types first: games of a natural length)."""
    g = load_game(game)
    decks = [g.deck(n) for n in (list(g.starter_decks()) * 2)[:2]]
    for seed in seeds:
        state = g.new_state(decks, seed=seed, options=g.resolve_options({}))
        agent, n = TypeRandomAgent(seed), 0
        while not state.game_over and n < limit:
            legal = state.legal_actions()
            if len(legal) > 1 and n % every == 0:
                yield state
            state.apply(agent.choose({}, legal))
            n += 1


@pytest.mark.parametrize("game", ["duel_masters", "force_of_will", "one_piece", "yugioh"])
def test_every_legal_action_is_spelt_by_exactly_one_token_sequence(game: str) -> None:
    match = Match(game)
    checked = 0
    for state in decisions(game, range(2), every=7):
        legal = state.legal_actions()
        if len(legal) > 300:
            continue
        found = spelt(match, legal)
        assert sorted(found) == sorted(legal)
        checked += 1
    assert checked > 20


def same_masks(match: Match, legal: Any) -> int:
    """Walk every spelling of ``legal`` with the game's structured parts and with the generic
    listing parts side by side: the same tokens allowed at every step, the same action at the end.
    Returns the number of actions reached."""
    reached = 0

    def walk(path: list[int]) -> None:
        nonlocal reached
        fast, slow = Narrowing(match.vocab, legal, match.structured), Narrowing(match.vocab, legal, {})
        for token in path:
            fast.choose(token)
            slow.choose(token)
        assert fast.action == slow.action and fast.options == slow.options and fast.chosen == slow.chosen
        if fast.action is not None:
            reached += 1
            return
        for token in fast.options:
            walk([*path, token])

    walk([])
    return reached


def test_duel_masters_payments_are_narrowed_by_structure_exactly_as_when_listed() -> None:
    """tcg/games/duel_masters/narrowing.py: the masks of the counting table equal those of the listed ways."""
    from tcg.games.duel_masters.payment import PaymentWays

    match = Match("duel_masters")
    checked = 0
    for state in decisions("duel_masters", range(4)):
        legal = state.legal_actions()
        if type(legal) is PaymentWays and len(legal) > 2:
            assert same_masks(match, legal) == len(legal)
            checked += 1
    assert checked > 10


def test_battle_spirits_core_moves_are_narrowed_by_structure_exactly_as_when_listed() -> None:
    """tcg/games/battle_spirits/narrowing.py: the masks from the places and their cores equal those
    of the listed moves."""
    from tcg.games.battle_spirits.payment import CoreMoves

    match = Match("battle_spirits")
    checked = 0
    for state in decisions("battle_spirits", range(3), every=3):
        legal = state.legal_actions()
        for part in legal.parts if isinstance(legal, Concat) else [legal]:
            if type(part) is CoreMoves and 2 < len(part) <= 400:
                assert same_masks(match, part) == len(part)
                checked += 1
    assert checked > 10


def test_every_battle_spirits_payment_is_reachable_without_enumerating_the_sequence() -> None:
    """BS-106 / BS-121: the core counts narrow a CorePayments sequence; the walk over every allowed
    count ends on exactly the sequence's actions (with and without cores placed), no dead end."""
    from tcg.games.battle_spirits.payment import CorePayments

    match = Match("battle_spirits")
    kinds = set()
    for state in decisions("battle_spirits", range(6)):
        legal = state.legal_actions()
        parts = legal.parts if isinstance(legal, Concat) else [legal]
        for part in parts:
            # type(), not isinstance(): compiled (mypyc) ABC subclasses share one isinstance cache
            if type(part) is CorePayments and 20 <= len(part) <= 1500 and part.place not in kinds:
                assert sorted(spelt(match, part)) == sorted(part)
                kinds.add(part.place)
        if len(kinds) == 2:
            break
    assert kinds == {True, False}


def test_a_huge_payment_sequence_is_narrowed_in_few_steps() -> None:
    match = Match("battle_spirits")
    for state in decisions("battle_spirits", range(10)):
        if len(state.legal_actions()) > 1_000_000:
            break
    else:
        pytest.fail("no decision with over a million payments in 10 random games")
    narrowing = Narrowing(match.vocab, state.legal_actions(), match.structured)
    rng, steps = np.random.default_rng(0), 0
    while narrowing.action is None:
        narrowing.choose(narrowing.options[rng.integers(len(narrowing.options))])
        steps += 1
    assert narrowing.action in state.legal_actions() and steps < 40


class ManyChoices(LazyActions):
    """A lazy sequence longer than MATERIALISE, of one type or (``mixed``) of two."""

    def __init__(self, n: int, mixed: bool) -> None:
        self.n, self.mixed = n, mixed
        self.action_type = None if mixed else "choose"

    def __len__(self) -> int:
        return self.n

    def action(self, index: int) -> Action:
        return Action("pass" if self.mixed and index % 2 else "choose", index=index)


@pytest.mark.parametrize("mixed", [False, True])
def test_a_long_lazy_sequence_of_no_known_structure_is_spelt_by_index_digits(mixed: bool) -> None:
    match = Match("duel_masters")
    many = ManyChoices(MATERIALISE + 5, mixed)
    legal = Concat([[Action("end_turn")], many])
    assert sorted(spelt(match, legal)) == sorted([Action("end_turn"), *many])


def test_a_field_or_literal_the_catalogue_lacks_is_spelt_with_other_tokens_and_stays_reachable() -> None:
    match = Match("yugioh")
    legal = [Action("choose", colour="red"), Action("choose", colour="blue"), Action("choose", shade=3),
             Action("choose", shade=(3,)), Action("choose", option="attack")]
    assert sorted(spelt(match, legal)) == sorted(legal)
    assert match.vocab.missing == {"field 'colour'", "field 'shade'", "literal 'red'", "literal 'blue'"}
    assert match.vocab.describe(END) == "end" and match.vocab.describe(match.vocab.card(3)) == "card:3"
    with pytest.raises(DataError, match="no token 9999"):
        match.vocab.describe(9999)


@pytest.mark.parametrize("game", GAMES)
def test_random_games_need_no_token_the_catalogue_lacks(game: str) -> None:
    """Every starter deck plays (against the next by name), so a deck's new cards bring their
    decisions, fields and literals into the test: none may be missing from the catalogue."""
    names = sorted(load_game(game).starter_decks())
    rng = np.random.default_rng(4)
    missing: set[str] = set()
    kinds: set[str] = set()
    for seed, deck in enumerate(names):
        match = Match(game, decks=[deck, names[(seed + 1) % len(names)]])
        match.start(seed)
        while match.decider is not None and match.actions < 600:
            decision = match.state.decision
            if decision is not None:
                kinds.add(decision.kind)
            match.choose(random_token(match.mask(match.decider), rng))
        missing |= match.vocab.missing
    assert missing == set()
    assert kinds - set(catalogue(game).kinds) == set()


# ---------------------------------------------------------------------- hidden information
class LeakyEncoder(Encoder):
    """Broken on purpose: it also names the cards in the opponent's hand."""

    def visible_cards(self, state: State, seat: int) -> list[tuple[int, str, bool]]:
        hand = "hand" if "hand" in state.ZONES else state.ZONES[0]
        return [*super().visible_cards(state, seat), *((c, hand, True) for c in state.zones[1 - seat][hand])]


def leaks(encoder: Encoder, game: str, seeds: range) -> int:
    """How many (state, seat, world) encodings differ from the state's own: an encoding that
    changes when the cards a seat cannot see are dealt again reveals something about them."""
    differ = 0
    for state in decisions(game, seeds, every=9):
        for seat in (0, 1):
            mine = encoder.board(state, seat)
            for k in range(3):
                world = state.determinize(seat, Rng(k))
                differ += not np.array_equal(mine, encoder.board(world, seat))
    return differ


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_never_depends_on_what_the_seat_cannot_see(game: str) -> None:
    match = Match(game)
    assert leaks(match.encoder, game, range(3)) == 0


@pytest.mark.parametrize("game", ["duel_masters", "yugioh"])
def test_the_leak_test_catches_an_encoder_that_names_the_opponents_hand(game: str) -> None:
    match = Match(game)
    leaky = LeakyEncoder(match.game, match.catalogue, match.vocab)
    assert leaks(leaky, game, range(2)) > 0


@pytest.mark.parametrize("game", GAMES)
def test_the_action_mask_names_only_cards_the_deciding_seat_may_refer_to(game: str) -> None:
    """Card ids follow the deck lists: a card token of a hidden card in the mask would tell which
    card it is. The engine's legal actions name only cards their player may refer to."""
    match = Match(game)
    rng = np.random.default_rng(9)
    named = 0
    for seed in (1, 2):
        match.start(seed)
        for _ in range(300):
            seat = match.decider
            if seat is None:
                break
            mask = match.mask(seat)
            for token in np.flatnonzero(mask[match.vocab.card_base:]):
                assert match.encoder.place(match.state, seat, int(token)) is not None
                named += 1
            match.choose(random_token(mask, rng))
    assert named > 50


@pytest.mark.parametrize("game", GAMES)
def test_the_board_updated_card_by_card_equals_the_board_written_anew(game: str) -> None:
    """Match.observe rewrites only the rows of cards that changed since the last engine action."""
    match = Match(game)
    match.start(5)
    rng = np.random.default_rng(5)
    checked = 0
    while match.decider is not None and checked < 150:
        for seat in (0, 1):
            assert np.array_equal(match.board(seat), match.encoder.board(match.state, seat))
        match.choose(random_token(match.mask(match.decider), rng))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("game", GAMES)
def test_the_encoder_refers_exactly_to_the_cards_the_rules_of_visibility_allow(game: str) -> None:
    encoder = Match(game).encoder
    for state in decisions(game, range(1), every=13):
        for seat in (0, 1):
            fast = sorted(encoder.visible_cards(state, seat))
            slow = sorted((c, state.where[c][1], state.can_see(seat, c))
                          for c in range(len(state.cards)) if state.referable(seat, c))
            assert fast == slow


# ---------------------------------------------------------------------- examples
def load_example(name: str) -> Any:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"example_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs_briefly_and_draws_its_learning_curve(tmp_path: Any,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    out = tmp_path / "curve.svg"
    load_example("train_pg").main(["--game", "one_piece", "--episodes", "6", "--seconds", "8", "--out", str(out)])
    assert "win rate first quarter" in capsys.readouterr().out
    svg = ET.parse(out).getroot()
    points = next(e for e in svg.iter() if e.tag.endswith("polyline")).get("points", "").split()
    assert 1 <= len(points) <= 6


def test_the_random_policy_example_plays_games_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    load_example("random_policy").main(["--game", "yugioh", "--games", "1"])
    assert capsys.readouterr().out.startswith("game 1: player_0 ")


# ---------------------------------------------------------------------- docs
DOCS = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "rl.md"


def test_docs_rl_md_holds_the_generated_per_game_tables() -> None:
    from tcg.rl.describe import markdown

    text = DOCS.read_text(encoding="utf-8")
    marker = "<!-- generated: python -m tcg.rl.describe (tests/test_rl.py checks this section) -->\n"
    assert marker in text
    generated = "\n".join(markdown(g) for g in sorted(tcg.rl.ENV_IDS))
    assert text.split(marker, 1)[1].strip() == generated.strip(), "run: python -m tcg.rl.describe"


def test_docs_rl_md_quick_start_runs_as_printed() -> None:
    import re

    match = re.search(r"## Quick start\n\n```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert match
    scope: dict[str, Any] = {}
    exec(compile(match.group(1), str(DOCS), "exec"), scope)
    assert scope["env"].unwrapped.match.game.name == "one_piece" and "action_mask" in scope["info"]


# ---------------------------------------------------------------------- recorded observations
#: sha256 (first 16 hex digits) of both seats' observation vectors and masks over 2000 seeded random
#: AEC steps, recorded with the encoder and narrowing before the speed work of issue 17 (commit
#: 4a123f6): a faster encoder must give the same bytes. A card's identity is its place in the sorted
#: card pool, so a game whose pool grows is recorded again with the same encoder: all five in
#: session 14 (issue 18's cards), each game whose pool had not changed still giving its old digest;
#: all five again in session 15 (the rest of issue 18's products, and the catalogues' new decision
#: kinds, fields and literals, which size the spaces). Yu-Gi-Oh! again in session 19 (issue 36): a
#: card whose effect cannot be carried out is no longer offered (activation legality from the verbs),
#: and Last Will's summon may wait, so the masks of the same seeded games differ (its rules fingerprint
#: changed with it); Force of Will too: targets are now chosen before costs are paid (FOW-105), so the
#: sub-decisions of an ability with a cost come in another order (and again with the battle fixes of the
#: independent round: the attacked resonator is no longer offered as a blocker); One Piece's catalogue
#: gained the decision kind ``order_effects`` (a player orders their own waiting effects, CR 8-6-1),
#: which widens the observation's kind one-hot by one. Force of Will again (issue 36,
#: red-fow): the attacked resonator is no longer offered as the blocker of its own attack (CR 804.4),
#: and only an attacking First Striker strikes first, so the masks and outcomes differ. Yu-Gi-Oh!
#: again (issue 36, second rulings round): the decision kind order_triggers (SEGOC: a player orders
#: their own simultaneous effects) joins the catalogue, and a summon's triggers now come before its
#: response window. Battle Spirits and Force of Will again (issue 37, choosing field by field): an
#: action's fields are spelt in the order a person chooses them (the card, the source, the target,
#: then the rest, the payment last: tcg.core.spelling), so ``move_cores`` is source, target, count
#: and ``activate_ability`` card, ability; the masks of the same seeded games differ. (With the old
#: alphabetical order Force of Will still gives its old digest.) Battle Spirits again (issue 38):
#: the SD19/SD20, BS14 and BS13 printed cards join the pool (the observation's card-name one-hot
#: widens, the card numbering shifts) and the "one of" labels join the literals (the same games,
#: other numbers); Yu-Gi-Oh! again (issue 38): Weather Report joins its pool. Battle Spirits again
#: (issue 38): BS01's Queen-Valkyrie, the rest of BS13/BS14 but 8 cards, SD19/SD22/SD23 cards and
#: the three Brave Burst promos join the pool (session 22; the card-name one-hot widens) and the
#: catalogue gains their decisions and choices (deck_order, stay, use_ability, ice_wall, ...).
RECORDED = {"battle_spirits": "b5f15547d8ff195e", "duel_masters": "b9b556a27bded402",
            "force_of_will": "9ea43bc517827c12", "one_piece": "9bbc09208b73d204", "yugioh": "763511f35157feb9"}


@pytest.mark.parametrize("game", GAMES)
def test_observations_and_masks_are_those_recorded_before_the_speed_work(game: str) -> None:
    import hashlib

    env = tcg.rl.aec_env(game)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    digest, games = hashlib.sha256(), 0
    for _ in range(2000):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            games += 1
            env.reset(seed=1 + games)
            continue
        mine = env.last()[0]
        other = env.observe(env.possible_agents[1 - env.possible_agents.index(agent)])
        for obs in (mine, other):
            digest.update(obs["observation"].tobytes())
            digest.update(obs["action_mask"].tobytes())
        env.step(random_token(mine["action_mask"], rng))
    assert digest.hexdigest()[:16] == RECORDED[game]
