"""The browser client's server (FastAPI + uvicorn): a lobby, game pages over WebSockets, stored
games and a replay viewer, a deck builder (:mod:`tcg.web.decks`). ``tcg serve`` starts it;
docs/architecture.md ("The server protocol") lists every message with an example.

The pages are plain ES modules under ``static/`` (no build step); everything they draw comes
from the game's presentation through :mod:`tcg.web.views`.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from tcg.carddb import CardIndex
from tcg.core.decklist import DeckList
from tcg.core.errors import TcgError
from tcg.core.game import Game
from tcg.core.presentation import CORE_TEXTS, catalogue, languages
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.sim.replay import Replay, initial_state, replay, steps
from tcg.web.clients import client_of
from tcg.web.connection import Connection
from tcg.web.decks import deck_api, deck_errors, game_or_404
from tcg.web.limits import RATE_PER_SECOND
from tcg.web.opponents import OPPONENTS, refusal
from tcg.web.rooms import Rooms
from tcg.web.store import Store
from tcg.web.thinking import Thinker
from tcg.web.views import card_message, log_lines, say_for

STATIC = Path(__file__).resolve().parent / "static"


class NewGame(BaseModel):
    """The lobby's form: a game, your deck (a starter deck's name or a pasted list), the
    opponent (an agent's name, or ``person``) and its deck."""

    game: str
    deck: str | None = None
    deck_text: str | None = None
    #: A deck saved with the deck builder (its id); it must be legal.
    saved_deck: int | None = None
    opponent: str = "rule"
    opponent_deck: str | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63)


def _game(name: str) -> Game[Any]:
    return game_or_404(name)


def _saved(store: Store, game: Game[Any], deck_id: int) -> tuple[str, str]:
    """A saved deck's text and name, for a new game; refused unless it is this game's and legal."""
    saved = store.deck(deck_id)
    if saved is None or saved["game"] != game.name:
        raise HTTPException(422, f"no saved {game.name} deck {deck_id}")
    return saved["text"], saved["name"]


def _deck(game: Game[Any], name: str | None, text: str | None, fallback: int,
          label: str = "pasted deck") -> tuple[DeckList, str]:
    if text and text.strip():
        deck, errors = deck_errors(game, text)
        if deck is None or errors:
            where = f"line {errors[0]['line']}: " if errors[0]["line"] else ""
            raise HTTPException(422, f"your deck list: {where}{errors[0]['message']}")
        return deck, label
    starters = list(game.starter_decks())
    chosen = name or starters[fallback % len(starters)]
    if chosen not in starters:
        raise HTTPException(422, f"no starter deck {chosen!r}; {game.name}'s are {', '.join(starters)}")
    return game.deck(chosen), chosen


def state_at(rep: Replay, step: int) -> State:
    """The position after ``step`` actions of a replay (its end: the concession too)."""
    if step >= len(rep.actions):
        return replay(rep)
    state = initial_state(rep)
    if step > 0:
        for i, *_ in steps(rep, state):
            if i + 1 >= step:
                break
    return state


def create_app(db_path: str | Path = ":memory:", rate: float = RATE_PER_SECOND,
               thinker: Thinker | None = None) -> FastAPI:
    """The application; ``db_path`` is the SQLite file of finished games (and of those in
    progress, so that a restarted server resumes them); ``rate`` the messages per second one
    connection may send; ``thinker`` plays the agents (tcg.web.thinking: its limits)."""
    agents = thinker or Thinker()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        agents.close()

    app = FastAPI(title="tcg-engine", docs_url="/api/docs", lifespan=lifespan)
    store = Store(db_path)
    rooms = Rooms(store)
    rooms.waker = agents.wake
    # the games in progress a previous server on this file left, in the background: listen at once
    rooms.resume_in_background()
    app.state.rooms = rooms
    app.state.thinker = agents
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _pages(app)
    cards_index = CardIndex()
    _lobby_api(app, rooms, store, cards_index)
    _replay_api(app, store)
    deck_api(app, store, cards_index)

    @app.websocket("/ws/{room_id}")
    async def play(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        await Connection(ws, rooms, room_id, rate).run()

    return app


def _pages(app: FastAPI) -> None:
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/")
    def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/play/{room_id}")
    def game_page(room_id: str) -> FileResponse:
        return page("game.html")  # an unknown room is said over the WebSocket

    @app.get("/decks")
    def deck_builder() -> FileResponse:
        return page("decks.html")

    @app.get("/replays")
    def replays_page() -> FileResponse:
        return page("replays.html")

    @app.get("/replay/{game_id}")
    def replay_page(game_id: int) -> FileResponse:
        return page("replay.html")


def _lobby_api(app: FastAPI, rooms: Rooms, store: Store, cards_index: CardIndex) -> None:
    @app.get("/api/games")
    def games() -> dict[str, Any]:
        out = []
        for name in game_names():
            g = load_game(name)
            out.append({"name": name, "title": g.title, "decks": list(g.starter_decks()),
                        "languages": g.presentation.languages})
        # the offered opponents; any spec within the caps is accepted (tcg.web.opponents)
        return {"games": out, "agents": list(OPPONENTS)}

    @app.post("/api/rooms")
    def new_room(body: NewGame, request: Request) -> dict[str, Any]:
        game = _game(body.game)
        refused = refusal(body.opponent)
        if refused is not None:
            raise HTTPException(422, refused)
        text, label = (body.deck_text, "pasted deck") if body.saved_deck is None else \
            _saved(store, game, body.saved_deck)
        mine, my_label = _deck(game, body.deck, text, 0, label)
        theirs, their_label = _deck(game, body.opponent_deck, None, 1)
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        try:
            room = rooms.create(game, [mine, theirs], [my_label, their_label], seed, body.opponent,
                                client_of(request.scope))
        except TcgError as exc:
            raise HTTPException(422, str(exc)) from None
        out = {"room": room.id, "seed": seed, "url": f"/play/{room.id}#seat={room.seats[0].token}"}
        if body.opponent == "person":
            out["invite_url"] = f"/play/{room.id}#seat={room.seats[1].token}"
        return out

    @app.get("/api/ui")
    def ui(lang: str = "en") -> dict[str, Any]:
        """The user interface's words in ``lang`` (the lobby's labels)."""
        if lang not in languages(CORE_TEXTS):
            raise HTTPException(422, f"no {lang!r} texts; languages: {', '.join(languages(CORE_TEXTS))}")
        return {"lang": lang, "ui": catalogue((CORE_TEXTS,), lang).get("ui", {})}

    @app.get("/api/cards/{game_name}")
    def card(game_name: str, name: str, lang: str = "en") -> dict[str, Any]:
        game = _game(game_name)
        if lang not in game.presentation.languages:
            raise HTTPException(422, f"no {lang!r} texts for {game_name}")
        info = card_message(game, name, lang)
        card = game.cards().get(name)
        if card is not None:  # where it is printed, and where a deck list puts it (the deck builder)
            info["printings"] = cards_index.printings(game_name, name)
            info["section"] = game.deck_section(card)
        return info


def _replay_api(app: FastAPI, store: Store) -> None:
    @app.get("/api/replays")
    def stored() -> dict[str, Any]:
        return {"games": store.list()}

    @app.get("/api/replays/{game_id}")
    def replay_step(game_id: int, step: int = -1, lang: str = "en") -> dict[str, Any]:
        """The position after ``step`` actions (default: the end), as a spectator sees it."""
        rep = store.replay(game_id)
        if rep is None:
            raise HTTPException(404, f"no stored game {game_id}")
        game = _game(rep.game)
        if lang not in game.presentation.languages:
            raise HTTPException(422, f"no {lang!r} texts for {rep.game}")
        total = len(rep.actions)
        step = total if step < 0 or step > total else step
        state = state_at(rep, step)
        say = say_for(state, None, lang)
        board = game.presentation.board(state.observation(None), say)
        return {"game": rep.game, "step": step, "total": total, "board": board,
                "languages": game.presentation.languages, "log": log_lines(state, None, say),
                "over": state.game_over, "ui": say.texts.get("ui", {})}
