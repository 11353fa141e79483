"""Card faces in text and the zoom of ``tcg play`` (issue 37, item 11: the terminal's card faces).

A face is drawn from the presentation's card face only: cost in front of the name, the other
stats after it, a turned card marked, what is on the card, and any field a presentation adds
(a list of words as badges, a list of labelled values as stats). ``?id`` / ``zoom id`` prints the
card as it is, its printed text and its official rulings, and names no card the viewer may not
know. In every game the board drawn for a player names no card hidden from them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tcg.agents.base import make_agent
from tcg.cli.faces import TURNED_MARK, face_chip, face_line
from tcg.cli.main import app
from tcg.cli.render import Words
from tcg.core.registry import game_names, load_game
from tcg.core.state import State

runner = CliRunner()


def played(game: str, seed: int = 3, actions: int = 120) -> State:
    """A game some way in, played by the rule agent for both seats."""
    g = load_game(game)
    state = g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=seed)
    agent = make_agent("rule", seed)
    for _ in range(actions):
        if state.game_over:
            break
        state.apply(agent.choose({}, state.legal_actions()))
    return state


def drawn(renderable: Any, width: int = 220) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_face_puts_the_cost_in_the_corner_and_marks_a_turned_card() -> None:
    face = {"id": 7, "name": "Bolshack Dragon", "colors": ["fire"], "turned": True, "status": ["tapped"],
            "stats": [{"key": "power", "label": "Power", "value": 6000},
                      {"key": "cost", "label": "Cost", "value": 6}],
            "notes": ["Fire"], "under": ["Bronze-Arm Tribe"]}
    line = face_line(face).plain
    assert line.index("⟨6⟩") < line.index("Bolshack Dragon") < line.index("Power 6000")
    assert f"{TURNED_MARK} tapped" in line and "⤷ Bronze-Arm Tribe" in line and "Fire" in line
    assert "Cost" not in line  # the cost is the corner, not a stat again
    untapped = face_line({**face, "turned": False, "status": []}).plain
    assert TURNED_MARK not in untapped
    assert face_chip(face).plain == f"Bolshack Dragon 7 {TURNED_MARK}"


def test_fields_a_presentation_adds_show_up_as_badges_and_stats() -> None:
    face = {"id": 3, "name": "Page One", "stats": [], "status": [], "colors": ["#9a5fd1"],
            "keywords": ["Blocker", "Rush"], "counters": [{"key": "don", "label": "DON!!", "value": 2}]}
    line = face_line(face).plain
    assert "[Blocker]" in line and "[Rush]" in line and "DON!! 2" in line


def test_the_richer_face_a_presentation_may_give_is_drawn() -> None:
    """The browser's face (frame colours, a cost as coloured symbols, stars, a level table, a
    type line) in one line; a note the type line or a badge already says is not said again."""
    face = {"id": 5, "name": "Rokceratops", "frame": ["#e0503f"], "colors": ["red"], "turned": False,
            "stats": [{"key": "cost", "label": "Cost", "value": "1 Fire + 1", "pips": ["#e0503f"], "short": "1",
                       "at": "top_left"},
                      {"key": "level", "label": "Level", "value": 4, "shape": "stars", "at": "top_right"}],
            "steps": [{"label": "LV1", "need": 1, "value": 1000, "current": False},
                      {"label": "LV2", "need": 2, "value": 3000, "current": True}],
            "type_line": "Spirit — Terra Dragon", "badges": ["Flash"], "notes": ["Spirit", "Red", "Flash"],
            "status": []}
    line = face_line(face)
    assert line.plain.startswith("5 ⟨●1⟩ ● Rokceratops  ★4  [LV1 ◉1 1000 | LV2 ◉2 3000] [Flash]")
    assert line.plain.endswith("Spirit — Terra Dragon · Red")
    assert "#e0503f" not in line.plain  # a frame colour is a colour, never a badge
    styles = {str(span.style) for span in line.spans}
    assert any("#e0503f" in style for style in styles)


def test_a_hidden_card_is_a_back_with_its_status() -> None:
    line = face_line({"hidden": True, "id": 43, "status": ["face-down Defense Position"]}).plain
    assert line == "▮ 43 face-down Defense Position"


@pytest.mark.parametrize("game", game_names())
def test_the_board_names_no_hidden_card_and_draws_faces(game: str) -> None:
    state = played(game)
    words = Words(state, "en", viewer=0)
    text = drawn(words.board(state.observation(0)))
    hidden = {state.name_of(c) for c in range(len(state.cards)) if not state.can_see(0, c)}
    seen = {state.name_of(c) for c in range(len(state.cards)) if state.can_see(0, c)}
    for name in sorted(hidden - seen):  # as a whole name: "King" is no card in "Animal Kingdom Pirates"
        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text), f"{game}: the board names {name!r}, hidden"
    own_hand = state.zones[0]["hand"]
    for cid in own_hand:
        assert f"{cid} " in text and state.name_of(cid) in text
    faces = [f for p in words.presentation.board(state.observation(0), words.say)["players"]
             for z in p["zones"] for f in z["cards"] or ()]
    assert (TURNED_MARK in text) == any(f.get("turned") for f in faces)


def test_zoom_prints_the_card_its_rulings_and_never_a_hidden_one() -> None:
    game = load_game("duel_masters")
    state = game.new_state([game.deck(d) for d in sorted(game.starter_decks())[:2]], seed=1)
    mine = next(c for c in state.zones[0]["hand"] if game.cards()[state.name_of(c)].rulings)
    deck = state.zones[1]["deck"]
    theirs = deck[len(deck) // 2]  # still in the opponent's deck when the person is first asked
    result = runner.invoke(app, ["play", "--seed", "1"], input=f"zoom {mine}\n?{theirs}\nq\ny\n")
    assert result.exit_code == 0, result.output
    name = state.name_of(mine)
    assert name in result.output and "Official rulings" in result.output
    assert game.cards()[name].rulings[0].question[:30] in result.output.replace("\n", " ")
    assert "a face-down card" in result.output
    hidden = state.name_of(theirs)
    visible = {state.name_of(c) for c in range(len(state.cards)) if state.can_see(0, c)}
    if hidden not in visible:
        assert hidden not in result.output
