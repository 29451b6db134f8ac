"""The class app's room (issue 28): teams keep to their own games, the teacher's page needs the teacher code,
no name or request reaches outside the saves folder, a broken save is named and harms nothing else, and the
served app refuses everything without the class code."""

from __future__ import annotations

import html
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hexlab.classroom.app import ClassApp, TeacherPage
from hexlab.classroom.room import Room, RoomError, team_key

pytest.importorskip("ipywidgets")


@pytest.fixture()
def room(tmp_path: Path) -> tuple[Room, str]:
    return Room.create(tmp_path / "saves")


def _play(game, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        actions = list(game.legal_actions())
        if actions:
            game.apply(actions[0])
        else:
            game.step()


def test_a_team_joins_with_its_word_and_comes_back_to_its_games(room: tuple[Room, str]) -> None:
    r, _ = room
    app = ClassApp(r)
    assert app.join("Red Marines", "tulip") is not None
    game = app.start("cadet/village", "", "novice")
    assert game is not None and app.table is not None
    _play(app.table.game, 6)
    moves = len(app.table.game.history)
    # another screen, the same team: the game is there, saved after every move, and resumes where it was
    again = ClassApp(r)
    assert again.join("red marines", "tulip") is not None  # names are not case-sensitive
    assert again.games_list.value == app.game_name
    resumed = again.resume(again.games_list.value)
    assert resumed is not None and len(resumed.history) >= moves
    assert list(resumed.history[:moves]) == list(app.table.game.history[:moves])


def test_a_wrong_word_or_a_taken_name_is_refused_and_shows_nothing(room: tuple[Room, str]) -> None:
    r, _ = room
    ClassApp(r).join("Blue", "secret")
    intruder = ClassApp(r)
    assert intruder.join("Blue", "guess") is None
    assert "does not match" in intruder.note.value
    assert intruder.team is None and intruder.children[0] is intruder.join_view


@pytest.mark.parametrize("name", ["../x", "/etc", "a/b", "..", ".hidden", "x" * 40, "\x1b[31mred", "", "   ",
                                  "teams/../../x", "C:\\Windows", "name\x00"])
def test_a_path_tricking_team_name_is_refused(room: tuple[Room, str], name: str) -> None:
    r, _ = room
    before = sorted(p.relative_to(r.folder) for p in r.folder.rglob("*"))
    with pytest.raises(RoomError):
        r.team(name, "word")
    assert sorted(p.relative_to(r.folder) for p in r.folder.rglob("*")) == before


def test_a_team_sees_and_opens_only_its_own_games(room: tuple[Room, str]) -> None:
    r, _ = room
    red = ClassApp(r)
    red.join("Red", "apple")
    red.start("cadet/village")
    blue = ClassApp(r)
    blue.join("Blue", "pear")
    assert blue.games_list.options == (("no games yet", ""),)
    # a crafted request for Red's game by its name, or by a path, from Blue's page
    assert blue.resume(red.game_name) is None
    assert "can't be read" in html.unescape(blue.note.value)
    for trick in ("../red/village-1.json", "/etc/passwd", "team.json", "../../room.json"):
        assert blue.resume(trick) is None
        assert blue.table is None


def test_a_link_planted_in_the_saves_folder_is_never_followed(room: tuple[Room, str], tmp_path: Path) -> None:
    r, _ = room
    outside = tmp_path / "outside"
    outside.mkdir()
    (r.folder / "teams" / "mallory").symlink_to(outside, target_is_directory=True)
    with pytest.raises(RoomError, match="out of the class's saves folder"):
        r.team("Mallory", "word")
    assert list(outside.iterdir()) == []
    team = r.team("Eve", "word")
    (team.folder / "eve-1.json").symlink_to(tmp_path / "target.json")
    game = __import__("hexlab").load("cadet/village", seed=1)
    with pytest.raises(RoomError):
        team.save(game, "eve-1.json")  # refused: never written through
    assert not (tmp_path / "target.json").exists()
    with pytest.raises(RoomError):
        team.open("eve-1.json")


def test_the_teacher_page_needs_the_teacher_code(room: tuple[Room, str]) -> None:
    r, code = room
    red = ClassApp(r)
    red.join("Red", "apple")
    red.start("cadet/village")
    page = TeacherPage(r)
    assert page.unlock("not-the-code") is False
    assert "not this room's teacher code" in html.unescape(page.note.value)
    assert page.teacher is None and "Red" not in page.games_view.value
    with pytest.raises(RoomError):
        r.teacher("")
    assert page.unlock(code) is True
    assert "Red" in page.games_view.value and "The Village" in page.games_view.value
    game = page.look(page.pick.value)
    assert game is not None


def test_a_broken_save_is_named_and_the_rest_of_the_room_is_untouched(room: tuple[Room, str]) -> None:
    r, code = room
    red = ClassApp(r)
    red.join("Red", "apple")
    red.start("cadet/village")
    good = red.game_name
    red.start("cadet/village")
    broken = red.game_name
    path = red.team.folder / broken
    data = json.loads(path.read_text())
    data["history"] = [{"type": "NoSuchAction"}]
    path.write_text(json.dumps(data))
    red.show_menu()
    labels = dict((v, k) for k, v in red.games_list.options)
    assert "can't be read" in labels[broken] and "under way" in labels[good]
    assert red.resume(broken) is None and broken in red.note.value
    assert red.resume(good) is not None
    teacher = r.teacher(code)
    rows = {e.name: e for e in teacher.games()}
    assert rows[broken].problem and not rows[good].problem
    assert "problem" in teacher.csv().splitlines()[0]


def test_the_teacher_pools_a_scenarios_finished_games(room: tuple[Room, str]) -> None:
    r, code = room
    import hexlab
    from hexlab.players import make_player
    team = r.team("Red", "apple")
    for seed in (1, 2, 3):
        game = hexlab.load("cadet/drill_push", seed=seed)
        player = make_player("random", seed=seed)
        for _ in range(5000):
            if game.is_over:
                break
            if game.legal_actions():
                game.apply(player.choose(game))
            else:
                game.step()
        team.save(game, team.save_name("cadet/drill_push"))
    teacher = r.teacher(code)
    pool = teacher.pool("cadet/drill_push")
    assert pool["finished"] == 3 and sum(pool["wins"].values()) == 3
    assert pool["turns"]["min"] >= 1
    assert len(teacher.csv().strip().splitlines()) == 4
    page = TeacherPage(r)
    page.unlock(code)
    page.pool_pick.value = "cadet/drill_push"
    shown = page.pool_view.value
    assert "<svg" in shown and "What happened in history" in shown  # the chart, beside the history
    assert sum(f"{n} of 3" in shown for n in pool["wins"].values()) >= 1


def test_team_names_fold_to_one_folder() -> None:
    assert team_key("  Red   Marines ") == "red-marines"
    assert team_key("Équipe Bleue") == "équipe-bleue"


def test_the_served_app_refuses_everything_without_the_class_code(tmp_path: Path) -> None:
    """The real server: without the class code a page is refused (sent to the login page), with it the app is
    served; the Jupyter APIs that list kernels or read files are not there."""
    from tests.browser.harness import class_server

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            return None

    opener = urllib.request.build_opener(NoRedirect)

    with class_server(tmp_path, "oak-1234", ready="socket", timeout=120) as server:
        def status(path: str) -> int:
            try:
                return opener.open(server.url + path, timeout=10).status
            except urllib.error.HTTPError as err:
                return err.code

        assert status("/voila/render/class.ipynb") in (302, 403)
        assert status("/voila/render/teacher.ipynb?token=wrong") in (302, 403)
        assert status("/voila/render/class.ipynb?token=oak-1234") == 200
        assert status("/api/kernels?token=oak-1234") in (403, 404)
        assert status("/api/contents?token=oak-1234") in (403, 404)
        assert status("/voila/files/class.ipynb?token=oak-1234") in (403, 404)
    assert sys.executable


def test_a_class_seed_gives_every_team_the_same_game(room: tuple[Room, str], monkeypatch) -> None:
    """`hexlab classroom --seed N`: every new game starts from N, so two teams' games can be compared afterwards;
    without it each game gets a seed of its own."""
    from hexlab.classroom.app import SEED_ENV

    r, _ = room
    monkeypatch.setenv(SEED_ENV, "1234")
    seeds = []
    for team in ("Red Marines", "Blue Marines"):
        app = ClassApp(r)
        assert app.join(team, "tulip") is not None
        seeds.append(app.start("cadet/village", "", "novice").seed)
    assert seeds == [1234, 1234]
    monkeypatch.setenv(SEED_ENV, "not a number")  # a bad value is not used: a seed of its own, as without one
    app = ClassApp(r)
    assert app.join("Green Marines", "tulip") is not None
    assert isinstance(app.start("cadet/village", "", "novice").seed, int)


def test_a_bad_class_seed_is_refused_before_anything_is_served(tmp_path: Path, capsys) -> None:
    from hexlab.classroom.serve import serve

    assert serve(str(tmp_path / "saves"), seed=-1) == 2
    assert "--seed must be a whole number" in capsys.readouterr().err
    assert not (tmp_path / "saves").exists()



def test_each_move_is_saved_before_any_other_listener_sees_it(room: tuple[Room, str]) -> None:
    """The app's save is the game's first listener (``on_change(first=True)``): whatever the table then shows
    ("Game over" too) is already in the saves folder, so a page closed at that moment loses nothing."""
    from hexlab import saves

    r, _ = room
    app = ClassApp(r)
    assert app.join("Red Marines", "tulip") is not None
    game = app.start("cadet/village", "", "novice")
    path = r.folder / "teams" / team_key("Red Marines") / app.game_name
    on_disk: list[tuple[int, int]] = []
    game._listeners.insert(1, lambda g, _events: on_disk.append((len(saves.load(str(path)).history), len(g.history))))
    _play(game, 4)
    assert len(on_disk) >= 4 and all(saved == now for saved, now in on_disk)
