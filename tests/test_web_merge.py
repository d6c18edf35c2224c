"""Two phones changing one game (issue 44), through the API: a correction made on an older version of the game is
merged field by field with the corrections saved since, a field both phones changed is refused with both values
(nothing overwritten silently); the same next deal sent by a second phone is refused as a duplicate, the first
one named, while two draws with no hand entered are two deals; a draft sent twice (the laptop out of reach in
between) is saved once; an undo can be redone.

The deal: tests/test_web_corrections.py's DEAL, Ana (East) wins on Bo's discard of R, 48 (Spanish rulebook,
page 2 §6); East is paid double by each loser (Babcock ch. VI): 96 x 3 = 288, Ana 2000 + 288 = 2288."""

from __future__ import annotations

import copy
import json
from typing import Any, NamedTuple

import pytest

from test_web_corrections import DEAL, PLAYERS
from webserver import request, served_game

from mjscore.web.merge import merged


class Answer(NamedTuple):
    status_code: int
    body: Any

    def json(self) -> Any:
        return self.body

    @property
    def text(self) -> str:
        return json.dumps(self.body)


class Phone:
    """The laptop's API as a phone's page asks it (tests/webserver.py's request), each answer an Answer."""

    def __init__(self, url: str):
        self.url = url

    def get(self, path: str) -> Answer:
        return Answer(*request(self.url + path))

    def post(self, path: str, json: Any) -> Answer:
        return Answer(*request(self.url + path, json, "POST"))

    def put(self, path: str, json: Any) -> Answer:
        return Answer(*request(self.url + path, json, "PUT"))


@pytest.fixture
def laptop(tmp_path):
    """(the laptop's API, its games kept in tmp_path, the id of the game "Friday" with DEAL saved)."""
    with served_game(tmp_path, "spanish", PLAYERS, [DEAL]) as (url, gid):
        yield Phone(url), gid


def with_(deal: dict, path: tuple[str, ...], value) -> dict:
    out = copy.deepcopy(deal)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def test_merged_keeps_each_phones_change_and_names_a_field_both_changed():
    mine = with_(with_(DEAL, ("hands", "Cy"), "2p 2p"), ("win", "discarder"), "Cy")
    theirs = with_(with_(DEAL, ("hands", "Di"), "3p 3p"), ("win", "discarder"), "Di")
    deal, conflicts = merged(DEAL, mine, theirs)
    assert conflicts == [{"field": ["win", "discarder"], "yours": "Cy", "theirs": "Di"}]
    assert deal["hands"] == {"Ana": DEAL["hands"]["Ana"], "Bo": "1p", "Cy": "2p 2p", "Di": "3p 3p"}
    assert deal["win"]["discarder"] == "Di"  # the stored value kept until the phone chooses
    assert merged(DEAL, mine, DEAL) == (mine, [])  # nobody else changed it: this phone's deal
    assert merged(DEAL, DEAL, theirs) == (theirs, [])  # this phone changed nothing: the stored deal
    assert merged(DEAL, theirs, theirs) == (theirs, [])  # both made the same change: no conflict
    draw = {"hands": {}}
    assert merged(draw, draw, draw) == (draw, [])


def test_a_correction_on_an_older_version_is_merged_and_a_field_both_changed_is_refused(laptop):
    client, gid = laptop
    read = client.get(f"/api/games/{gid}").json()
    version, deal_id = read["game"]["version"], read["deals"][0]["id"]
    # phone B corrects the discarder (Bo -> Cy), saved
    b = client.put(f"/api/games/{gid}/deals/{deal_id}?version={version}",
                   json={"deal": with_(DEAL, ("win", "discarder"), "Cy"), "base": DEAL})
    assert b.status_code == 200, b.text
    # phone C, which read the same version, changes the discarder to Di: refused, both values shown, nothing written
    c = client.put(f"/api/games/{gid}/deals/{deal_id}?version={version}",
                   json={"deal": with_(DEAL, ("win", "discarder"), "Di"), "base": DEAL})
    assert c.status_code == 409, c.text
    said = c.json()
    assert said["conflicts"] == [{"field": ["win", "discarder"], "yours": "Di", "theirs": "Cy"}]
    assert "deal 1" in said["error"] and "win.discarder" in said["error"]
    assert said["merged"]["win"]["discarder"] == "Cy" and said["version"] == version + 1
    assert said["theirs"] == with_(DEAL, ("win", "discarder"), "Cy")
    assert client.get(f"/api/games/{gid}").json()["deals"][0]["data"]["win"]["discarder"] == "Cy"
    # phone C, on the same old version, corrects another field (Di's hand): merged with B's correction
    d = client.put(f"/api/games/{gid}/deals/{deal_id}?version={version}",
                   json={"deal": with_(DEAL, ("hands", "Di"), "3p 4p"), "base": DEAL})
    assert d.status_code == 200, d.text
    data = d.json()["deals"][0]["data"]
    assert data["win"]["discarder"] == "Cy" and data["hands"]["Di"] == "3p 4p"
    # without a base (a script, or a page of before), an older version is refused as it always was
    e = client.put(f"/api/games/{gid}/deals/{deal_id}?version={version}", json=DEAL)
    assert e.status_code == 409 and "conflicts" not in e.json()


def test_the_same_next_deal_from_a_second_phone_is_refused_as_a_duplicate(laptop):
    client, gid = laptop
    read = client.get(f"/api/games/{gid}").json()
    version, last = read["game"]["version"], read["deals"][-1]["id"]
    sent = {"deal": DEAL, "after": last}
    first = client.post(f"/api/games/{gid}/deals?version={version}", json={**sent, "draft": "phone-b-0001"})
    assert first.status_code == 201, first.text
    second = client.post(f"/api/games/{gid}/deals?version={version}", json={**sent, "draft": "phone-c-0001"})
    assert second.status_code == 409, second.text
    assert second.json()["duplicate"] == {"deal": 2, "id": first.json()["saved"]}
    assert "deal 2, with the same hands and result" in second.json()["error"]
    # reopened on the new version (as the page did before issue 44) and sent again: still the duplicate
    again = client.post(f"/api/games/{gid}/deals?version={version + 1}", json={**sent, "draft": "phone-c-0001"})
    assert again.status_code == 409 and again.json()["duplicate"]["deal"] == 2
    assert len(client.get(f"/api/games/{gid}").json()["deals"]) == 2
    # two draws in a row with no hand entered are two deals, not a duplicate
    draw = {"hands": {p: "" for p in PLAYERS}}
    now = client.get(f"/api/games/{gid}").json()
    for key in ("phone-b-0002", "phone-c-0002"):
        r = client.post(f"/api/games/{gid}/deals", json={"deal": draw, "after": now["deals"][-1]["id"], "draft": key})
        assert r.status_code == 201, r.text
    assert len(client.get(f"/api/games/{gid}").json()["deals"]) == 4


def test_a_draft_sent_twice_is_saved_once(laptop):
    client, gid = laptop
    read = client.get(f"/api/games/{gid}").json()
    version = read["game"]["version"]
    body = {"deal": DEAL, "draft": "draft-key-0001", "after": read["deals"][-1]["id"]}
    first = client.post(f"/api/games/{gid}/deals?version={version}", json=body)
    # the answer was lost (the laptop went out of reach): the phone sends the draft again, on its old version
    second = client.post(f"/api/games/{gid}/deals?version={version}", json=body)
    assert first.status_code == second.status_code == 201, second.text
    assert first.json()["saved"] == second.json()["saved"]
    sheet = client.get(f"/api/games/{gid}").json()
    assert len(sheet["deals"]) == 2 and sheet["totals"]["Ana"] == 2000 + 288 + 288  # East kept the deal: 288 again
    assert sheet["game"]["version"] == version + 1  # one change
    for bad in ({"deal": DEAL, "draft": "short"}, {"deal": DEAL, "after": -1}, {"deal": DEAL, "base": []}):
        r = client.post(f"/api/games/{gid}/deals", json=bad)
        assert r.status_code == 400, r.text


def test_an_undo_says_what_it_undoes_and_can_be_redone(laptop):
    client, gid = laptop
    sheet = client.get(f"/api/games/{gid}").json()
    assert sheet["changes"] == {"undo": {"kind": "add", "deal": 1}, "redo": None}
    version = sheet["game"]["version"]
    undone = client.post(f"/api/games/{gid}/undo?version={version}", json={}).json()
    assert undone["deals"] == [] and undone["changes"] == {"undo": None, "redo": {"kind": "add", "deal": 1}}
    redone = client.post(f"/api/games/{gid}/redo?version={version + 1}", json={})
    assert redone.status_code == 200, redone.text
    assert redone.json()["redone"] == "add" and redone.json()["totals"]["Ana"] == 2288
    assert client.post(f"/api/games/{gid}/redo", json={}).status_code == 409  # nothing undone since
    # a correction undone and redone: the corrected discarder comes back
    deal_id = redone.json()["deals"][0]["id"]
    client.put(f"/api/games/{gid}/deals/{deal_id}", json=with_(DEAL, ("win", "discarder"), "Cy"))
    client.post(f"/api/games/{gid}/undo", json={})
    assert client.get(f"/api/games/{gid}").json()["deals"][0]["data"]["win"]["discarder"] == "Bo"
    back = client.post(f"/api/games/{gid}/redo", json={}).json()
    assert back["deals"][0]["data"]["win"]["discarder"] == "Cy"
    assert back["changes"]["undo"] == {"kind": "edit", "deal": 1}
    # a new change after an undo: nothing to redo any more
    client.post(f"/api/games/{gid}/undo", json={})
    client.post(f"/api/games/{gid}/deals", json=DEAL)
    assert client.get(f"/api/games/{gid}").json()["changes"]["redo"] is None
    assert client.post(f"/api/games/{gid}/redo", json={}).status_code == 409
