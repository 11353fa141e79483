"""``?17`` / ``zoom 17`` / ``?Bolshack Dragon`` in ``tcg play``: a card zoomed in.

The card as it is now (its face on the board: stats, status, what is on it), then the card as
printed with its official rulings — the same printing as ``tcg cards show`` (reused, not
copied). An id names a card only if the viewer may know it (else "a face-down card"); a name
is public, so asking for one reveals nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from tcg.carddb import CardIndex
from tcg.cli import cards_cmd
from tcg.cli.faces import face_line
from tcg.cli.render import Words
from tcg.core.errors import TcgError


def face_on_board(words: Words, obs: Mapping[str, Any], cid: int) -> Mapping[str, Any] | None:
    """The face of card ``cid`` on the viewer's board, if it is shown there face up."""
    view = words.presentation.board(obs, words.say)
    for player in view["players"]:
        for zone in player["zones"]:
            for face in zone["cards"] or ():
                if face.get("id") == cid and not face.get("hidden"):
                    return dict(face)
    return None


def zoom(words: Words, obs: Mapping[str, Any], ref: str, console: Console) -> None:
    """Print the card ``ref`` (an id or a name) as the module docstring says."""
    name: str | None = ref
    if ref.isdecimal():  # an id (a huge one names no card: no int() of thousands of digits)
        name = words.visible_name(int(ref)) if len(ref) <= 9 else None
        if name is None:
            console.print(Text(words.say.word("hidden_card"), style="yellow"))
            return
        face = face_on_board(words, obs, int(ref))
        if face is not None:
            console.print(face_line(face))
    game = words.state.GAME.name
    try:
        index = CardIndex()
        row = index.show(str(name), game)
        printings = index.printings(game, row.name) if row is not None else []
    except TcgError:
        row = None
    if row is None:  # not in the card index (a test game): the presentation's text panel
        console.print(words.card_panel(str(name)))
        return
    cards_cmd.print_card(row, printings, words.say.lang)
