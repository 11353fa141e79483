"""The browser client's server (FastAPI + uvicorn): a lobby, game pages over WebSockets, stored
games and a replay viewer, a deck builder (:mod:`tcg.web.decks`). ``tcg serve`` starts it;
docs/architecture.md ("The server protocol") lists every message with an example.

The pages are plain ES modules under ``static/`` (no build step); everything they draw comes
from the game's presentation through :mod:`tcg.web.views`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from tcg.carddb import CardIndex
from tcg.core.decklist import DeckList
from tcg.core.errors import TcgError
from tcg.core.game import Game
from tcg.core.presentation import CORE_TEXTS, catalogue, languages
from tcg.core.registry import game_names, load_game
from tcg.core.rng import new_keyed_seed
from tcg.core.state import State
from tcg.sim.replay import Replay, initial_state, replay, steps
from tcg.web.caps import Caps, Ledger, RoomGate
from tcg.web.clients import client_of
from tcg.web.connection import Connection
from tcg.web.decks import deck_api, deck_errors, game_or_404
from tcg.web.digests import digest, new_secret
from tcg.web.endgame import rematch_api
from tcg.web.identity import owner_of
from tcg.web.inputs import INT64, MAX_CARD_CHARS, BodyId, DeckText, Lang, PathId, PathWord, RoomId, Word
from tcg.web.naming import finished_row, player_decks, starter_titles
from tcg.web.opponents import OPPONENTS, offer, refusal
from tcg.web.puzzle_rooms import puzzle_api
from tcg.web.reaper import lifespan
from tcg.web.rooms import Rooms
from tcg.web.seats import room_answer, seat_api
from tcg.web.security import Exposure, secure
from tcg.web.store import Store
from tcg.web.thinking import Thinker
from tcg.web.turns import TurnCache
from tcg.web.views import card_message, log_lines, say_for

STATIC = Path(__file__).resolve().parent / "static"


class NewGame(BaseModel):
    """The lobby's form: a game, your deck (a starter deck's name or a pasted list), the
    opponent (an agent's name, or ``person``) and its deck."""

    game: Word
    deck: Word | None = None
    deck_text: DeckText | None = None
    #: A deck saved with the deck builder (its id), by this browser; it must be legal.
    saved_deck: BodyId | None = None
    opponent: Word = "normal"
    opponent_deck: Word | None = None
    #: An agent game's chosen seed (then echoed). A game between people refuses one: its seed
    #: is drawn by the server, keyed, and revealed only when the game is over (issue 35 item 7).
    seed: int | None = Field(default=None, ge=0, lt=2**63)


def _game(name: str) -> Game[Any]:
    return game_or_404(name)


def _saved(store: Store, game: Game[Any], deck_id: int, owner: str) -> tuple[str, str]:
    """A saved deck's text and name, for a new game; refused unless it is this browser's, this
    game's and legal (the opponent is shown its name only)."""
    saved = store.deck(deck_id, owner)
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


def _example(game: Game[Any]) -> str:
    """The paste box's hint: a starter deck's first lines, so that it names the game's own cards."""
    entries = game.deck(next(iter(game.starter_decks()))).entries[:2]
    return "".join(f"{e.count} {e.name}\n" for e in entries) + "..."


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


def create_app(db_path: str | Path = ":memory:", rate: float | None = None,
               exposure: Exposure = Exposure(), caps: Caps | None = None,
               thinker: Thinker | None = None, pace: float = 0.0) -> FastAPI:
    """The application; ``db_path`` is the SQLite file of finished games (and of those in
    progress, so that a restarted server resumes them); ``exposure`` who may reach it
    (:mod:`tcg.web.security`); ``caps`` the caps per client and in total
    (:class:`~tcg.web.caps.Caps`; its defaults are ``tcg serve``'s), ``rate`` (if given) its
    messages per second one client may send, across its connections; ``thinker`` plays the
    agents (:mod:`tcg.web.thinking`: its limits), and without one ``pace`` is the seconds between
    two actions of an agent (``tcg serve``: 0.4; :mod:`tcg.web.flow`).

    No API docs pages: FastAPI's load their scripts from a CDN, and docs/architecture.md ("The
    server protocol") documents the API."""
    caps = caps or Caps()
    if rate is not None:
        caps = replace(caps, rate=rate)
    agents = thinker or Thinker(pace=pace)
    store = Store(db_path)
    rooms = Rooms(store)
    ledger = Ledger(caps)
    app = FastAPI(title="tcg-engine", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan(rooms, ledger, caps, on_stop=agents.close))
    secure(app, exposure)
    rooms.waker = agents.wake
    # the games in progress a previous server on this file left, in the background: listen at once
    rooms.resume_in_background()
    app.state.rooms = rooms
    app.state.thinker = agents
    app.state.store = store
    app.state.ledger = ledger
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _pages(app)
    cards_index = CardIndex()
    gate = RoomGate(rooms, caps)
    _lobby_api(app, rooms, store, cards_index, gate)
    _replay_api(app, store)
    rematch_api(app, rooms, gate)
    deck_api(app, store, cards_index)
    seat_api(app, rooms)
    puzzle_api(app, rooms, gate)

    @app.websocket("/ws/{room_id}")
    async def play(ws: WebSocket, room_id: RoomId) -> None:
        await ws.accept()
        await Connection(ws, rooms, room_id, ledger, client_of(ws.scope)).run()

    return app


def _pages(app: FastAPI) -> None:
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/")
    def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/play/{room_id}")
    def game_page(room_id: RoomId) -> FileResponse:
        return page("game.html")  # an unknown room is said over the WebSocket

    @app.get("/watch/{room_id}")
    def watch_page(room_id: RoomId) -> FileResponse:
        return page("game.html")  # the same page, as a spectator: it sends no seat secret

    @app.get("/decks")
    def deck_builder() -> FileResponse:
        return page("decks.html")

    @app.get("/puzzles")
    def puzzles_page() -> FileResponse:
        return page("puzzles.html")

    @app.get("/replays")
    def replays_page() -> FileResponse:
        return page("replays.html")

    @app.get("/replay/{game_id}")
    def replay_page(game_id: PathId) -> FileResponse:
        return page("replay.html")


def _lobby_api(app: FastAPI, rooms: Rooms, store: Store, cards_index: CardIndex, gate: RoomGate) -> None:
    @app.get("/api/games")
    def games(lang: Lang = "en") -> dict[str, Any]:
        """The games, their starter decks (file names, and titles in ``lang`` where the game has
        it) and the offered opponents, each in words (``opponents``: spec, label, description)."""
        words = catalogue((CORE_TEXTS,), lang if lang in languages(CORE_TEXTS) else "en")
        out = []
        for name in game_names():
            g = load_game(name)
            out.append({"name": name, "title": g.title, "decks": list(g.starter_decks()),
                        "deck_titles": starter_titles(g, lang), "languages": g.presentation.languages,
                        "deck_example": _example(g)})
        # the offered opponents; any spec within the caps is accepted (tcg.web.opponents)
        return {"games": out, "agents": list(OPPONENTS), "opponents": offer(words.get("opponents", {}))}

    @app.post("/api/rooms")
    def new_room(body: NewGame, request: Request) -> dict[str, Any]:
        game = _game(body.game)
        if body.opponent == "person" and body.seed is not None:
            raise HTTPException(422, "seed: a game between people has a seed drawn by the server (its commitment "
                                     "is in the answer, the seed is shown when the game is over); leave it out")
        refused = refusal(body.opponent)
        if refused is not None:
            raise HTTPException(422, refused)
        text, label = (body.deck_text, "pasted deck") if body.saved_deck is None else \
            _saved(store, game, body.saved_deck, owner_of(request))
        mine, my_label = _deck(game, body.deck, text, 0, label)
        theirs, their_label = _deck(game, body.opponent_deck, None, 1)
        token, code = new_secret(), new_secret()
        client = client_of(request.scope)
        try:
            with gate.admit(client):  # 429 over a cap
                room = rooms.create(game, [mine, theirs], [my_label, their_label],
                                    body.seed if body.seed is not None else new_keyed_seed(), body.opponent,
                                    client, digest(token), digest(code))
        except TcgError as exc:
            raise HTTPException(422, str(exc)) from None
        return room_answer(room, token, code, body.seed)

    @app.get("/api/ui")
    def ui(lang: Lang = "en") -> dict[str, Any]:
        """The user interface's words in ``lang`` (the lobby's labels)."""
        if lang not in languages(CORE_TEXTS):
            raise HTTPException(422, f"no {lang!r} texts; languages: {', '.join(languages(CORE_TEXTS))}")
        return {"lang": lang, "ui": catalogue((CORE_TEXTS,), lang).get("ui", {})}

    @app.get("/api/cards/{game_name}")
    def card(game_name: PathWord, name: Annotated[str, Query(max_length=MAX_CARD_CHARS)],
             lang: Lang = "en") -> dict[str, Any]:
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
    turns = TurnCache()

    @app.get("/api/replays")
    def stored(lang: Lang = "en") -> dict[str, Any]:
        """The finished games, newest first; each with its decks' titles and its winner named by
        deck, in ``lang``."""
        return {"games": [finished_row(g, lang) for g in store.list()]}

    @app.get("/api/replays/{game_id}")
    def replay_step(game_id: PathId, step: Annotated[int, Query(gt=-INT64, lt=INT64)] = -1,
                    lang: Lang = "en") -> dict[str, Any]:
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
        say = say_for(state, None, lang, player_decks(game, store.labels(game_id) or [], lang))
        board = game.presentation.board(state.observation(None), say)
        return {"game": rep.game, "step": step, "total": total, "board": board,
                "languages": game.presentation.languages, "log": log_lines(state, None, say),
                "over": state.game_over, "ui": say.texts.get("ui", {}), "turns": turns.get(game_id, rep)}
