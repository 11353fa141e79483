"""The deck builder's API (tcg/web/decks.py) through FastAPI's TestClient.

Issue 18: search the SQLite card index by name, text, type, cost, colour and set; a card's printed
text and stats; the deck rules checked as the deck is built, errors named; import and export the
text ``tcg deck check`` reads; decks saved in SQLite and picked in the lobby.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcg.core.registry import game_names, load_game
from tcg.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def starter_text(game: str, index: int = 0) -> str:
    path = sorted(load_game(game).starter_decks().values())[index]
    return path.read_text(encoding="utf-8")


def search(client: TestClient, game: str, **query: Any) -> dict[str, Any]:
    r = client.get(f"/api/cards/{game}/search", params=query)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_search_filters_by_set_type_cost_colour_and_printed_text(client: TestClient) -> None:
    st01 = search(client, "one_piece", set="ST-01")
    assert st01["total"] == 17
    leaders = search(client, "one_piece", set="ST-01", type="leader")["cards"]
    assert [c["name"] for c in leaders] == ["Monkey.D.Luffy (ST01-001)"]
    assert leaders[0]["section"] == "leader" and leaders[0]["set"] == "ST-01" and leaders[0]["number"] == "ST01-001"
    cheap_fire = search(client, "duel_masters", color="fire", cost_max=2)["cards"]
    assert cheap_fire and all(c["cost"] <= 2 and "fire" in c["colors"] for c in cheap_fire)
    texts = search(client, "duel_masters", text="shield trigger")["cards"]
    assert texts and all(c["section"] == "main" for c in texts)


def test_search_refuses_a_bad_query_and_an_unknown_game(client: TestClient) -> None:
    assert client.get("/api/cards/chess/search").status_code == 404
    assert client.get("/api/cards/duel_masters/search", params={"cost_max": "lots"}).status_code == 422


def test_facets_name_the_deck_sections_in_the_chosen_language(client: TestClient) -> None:
    f = client.get("/api/cards/force_of_will/facets", params={"lang": "it"}).json()
    assert [s["key"] for s in f["sections"]] == ["ruler", "main", "magic_stone_deck"]
    assert f["sections"][0]["label"] == "Sovrano"
    dm = client.get("/api/cards/duel_masters/facets", params={"lang": "pl"}).json()
    assert {"key": "fire", "label": "Ogień"} in dm["colors"] and "DM-01" in dm["sets"]
    assert client.get("/api/cards/one_piece/facets", params={"lang": "pl"}).status_code == 422


def test_a_card_is_served_with_its_printings_and_deck_section(client: TestClient) -> None:
    info = client.get("/api/cards/one_piece", params={"name": "Monkey.D.Luffy (ST01-001)"}).json()
    assert info["printings"] == [{"set": "ST-01", "number": "ST01-001", "rarity": "L"}]
    assert info["section"] == "leader" and info["type"] == "Leader"


@pytest.mark.parametrize("game", game_names())
def test_a_starter_deck_checks_legal_with_its_sections_counted(client: TestClient, game: str) -> None:
    body = client.post("/api/decks/check", json={"game": game, "text": starter_text(game)}).json()
    assert body["ok"] and body["errors"] == []
    assert sum(body["sections"].values()) == body["cards"] == sum(e["count"] for e in body["entries"])
    assert set(body["sections"]) <= set(load_game(game).DECK_SECTIONS)


def test_the_check_names_each_error_and_its_line(client: TestClient) -> None:
    text = "[leader]\n1 Monkey.D.Luffy (ST01-001)\n[main]\n4 Usopp\n5 Karoo\n"
    body = client.post("/api/decks/check", json={"game": "one_piece", "text": text}).json()
    assert not body["ok"]
    messages = {(e["line"], e["message"]) for e in body["errors"]}
    assert any("exactly 50" in m for _, m in messages) and any("Karoo" in m and "4" in m for _, m in messages)
    assert body["sections"] == {"leader": 1, "main": 9}
    # issue 37: a line that names no card is an error naming it, and the list is not read at all
    body = client.post("/api/decks/check", json={"game": "one_piece", "text": text + "1 No Such Card\n"}).json()
    assert [e["line"] for e in body["errors"]] == [6]
    assert "'1 No Such Card' is not a card" in body["errors"][0]["message"]
    assert body["entries"] == [] and body["cards"] == 0


def test_a_deck_is_saved_listed_replaced_opened_and_deleted(client: TestClient) -> None:
    text = starter_text("duel_masters")
    saved = client.post("/api/decks", json={"game": "duel_masters", "name": "Fire", "text": text}).json()
    assert saved["ok"] and saved["cards"] == 40
    again = client.post("/api/decks", json={"game": "duel_masters", "name": "Fire", "text": "4 Bolshack Dragon\n"})
    assert again.json()["id"] == saved["id"] and not again.json()["ok"]  # the same name replaces the deck
    listed = client.get("/api/decks", params={"game": "duel_masters"}).json()["decks"]
    assert [(d["name"], d["cards"], d["legal"]) for d in listed] == [("Fire", 4, False)]
    assert client.get(f"/api/decks/{saved['id']}").json()["text"] == "4 Bolshack Dragon\n"
    assert client.get("/api/decks", params={"game": "yugioh"}).json()["decks"] == []
    assert client.delete(f"/api/decks/{saved['id']}").status_code == 200
    assert client.get(f"/api/decks/{saved['id']}").status_code == 404
    assert client.delete(f"/api/decks/{saved['id']}").status_code == 404


def test_saving_refuses_a_nameless_deck_or_one_that_does_not_parse(client: TestClient) -> None:
    assert client.post("/api/decks", json={"game": "duel_masters", "name": "", "text": "4 X\n"}).status_code == 422
    r = client.post("/api/decks", json={"game": "duel_masters", "name": "Bad",
                                        "text": "4 Bolshack Dragon\n0 Terror Pit\n"})
    assert r.status_code == 422 and r.json()["detail"] == "the deck list does not parse: line 2: the count must " \
        "be at least 1, got 0"
    assert client.get("/api/decks").json()["decks"] == []
    assert client.post("/api/decks", json={"game": "chess", "name": "X", "text": ""}).status_code == 404


def test_the_lobby_starts_a_game_with_a_saved_legal_deck_only(client: TestClient) -> None:
    good = client.post("/api/decks", json={"game": "duel_masters", "name": "Mine",
                                           "text": starter_text("duel_masters", 1)}).json()
    r = client.post("/api/rooms", json={"game": "duel_masters", "saved_deck": good["id"], "seed": 4})
    assert r.status_code == 200, r.text
    room = client.app.state.rooms.get(r.json()["room"])  # type: ignore[attr-defined]
    assert room.seats[0].label == "Mine"
    bad = client.post("/api/decks", json={"game": "duel_masters", "name": "Short", "text": "4 Bolshack Dragon\n"})
    refused = client.post("/api/rooms", json={"game": "duel_masters", "saved_deck": bad.json()["id"]})
    assert refused.status_code == 422 and "at least 40" in refused.json()["detail"]
    other = client.post("/api/rooms", json={"game": "yugioh", "saved_deck": good["id"]})
    assert other.status_code == 422 and f"no saved yugioh deck {good['id']}" in other.json()["detail"]
