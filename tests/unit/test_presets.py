"""Flags name the rule they change, have words in ja and en, and come in named presets (issue 11)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from tutor.api import _STATES, handle
from tutor.errors import FlagError
from tutor.flags import check_presets, describe_flags, flag, resolve_flags
from tutor.registry import all_games, find_game
from tutor.rules import catalog, rules_by_id

GAMES = all_games()
LANGS = ("en", "ja")


@dataclasses.dataclass(frozen=True)
class Toy:
    """A flags class of its own, to try presets on."""

    players: int = flag(3, choices=(3, 4), doc="how many", rule="TOY-SETUP-1")
    fast: bool = flag(False, doc="fast", rule="TOY-PLAY-2")
    mode: str = flag("a", choices=("a", "b"))

    presets = {"quick": {"fast": True, "mode": "b"}}


class TestFlagRule:
    def test_flag_carries_its_rule(self) -> None:
        described = {f["name"]: f for f in describe_flags(Toy)}
        assert described["players"]["rule"] == "TOY-SETUP-1"
        assert described["fast"]["rule"] == "TOY-PLAY-2"
        assert described["mode"]["rule"] is None
        assert "presets" not in {f.name for f in dataclasses.fields(Toy)}  # a class attribute, not a flag

    @pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
    def test_every_flag_names_a_rule_of_its_catalog(self, game) -> None:
        ids = rules_by_id(game.name)
        for f in describe_flags(game.Flags):
            assert f["rule"], f"{game.name}: flag {f['name']} names no rule"
            assert f["rule"].startswith(game.rule_prefix + "-") and "-FLAG-" not in f["rule"], f["rule"]
            assert f["rule"] in ids, f"{game.name}: flag {f['name']} names {f['rule']}, not in the catalog"

    @pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
    def test_every_flag_and_value_has_words(self, game) -> None:
        """A title in both languages; every value that is not a number or a boolean has a label."""
        ids = rules_by_id(game.name)
        for f in describe_flags(game.Flags):
            entry = ids.get(f"{game.rule_prefix}-FLAG-{f['name']}")
            assert entry, f"{game.name}: no catalog entry for the flag {f['name']}"
            for lang in LANGS:
                assert entry["title"][lang].strip() and entry["text"][lang].strip(), (f["name"], lang)
            values = set(f["choices"] or []) | {f["default"]}
            for value in values:
                if isinstance(value, (bool, int, float)):
                    continue  # booleans read on/off (site strings), numbers read as themselves
                for lang in LANGS:
                    label = entry.get("choices", {}).get(str(value), {}).get(lang, "")
                    assert label.strip(), (game.name, f["name"], value, lang)


class TestPresets:
    def test_check_presets_accepts_good_ones(self) -> None:
        assert check_presets(Toy) == {"seed": {}, "quick": {"fast": True, "mode": "b"}}

    @pytest.mark.parametrize("presets, where", [
        ({"bad": {"nope": True}}, "presets.bad.nope"),
        ({"bad": {"players": 5}}, "presets.bad.players"),
        ({"bad": {"fast": "yes"}}, "presets.bad.fast"),
        ({"seed": {"fast": True}}, "presets.seed"),
        ({"two words": {}}, "presets"),
        ({"bad": [1]}, "presets.bad"),
    ])
    def test_check_presets_names_a_bad_one(self, presets, where) -> None:
        bad = type("Bad", (Toy,), {"presets": presets})
        with pytest.raises(FlagError) as info:
            check_presets(bad)
        assert info.value.path == where, str(info.value)

    @pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
    def test_every_game_has_valid_presets_seed_first(self, game) -> None:
        presets = game.presets
        assert list(presets)[0] == "seed" and presets["seed"] == {}
        assert check_presets(game.Flags) == presets
        for name in presets:  # each one builds (the practice table may offer fewer: playable_presets)
            resolve_flags(game, name, {})
        assert set(game.playable_presets()) <= set(presets)
        assert game.playable_presets() and (game.default_preset or "seed") in game.playable_presets()

    @pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
    def test_every_preset_has_words_and_no_words_are_left_over(self, game) -> None:
        words = catalog(game.name).get("presets", {})
        assert set(words) == set(game.presets), game.name
        for name, entry in words.items():
            for lang in LANGS:
                assert entry["title"][lang].strip() and entry["text"][lang].strip(), (name, lang)
                assert "\n" not in entry["text"][lang]  # one line

    def test_the_presets_defined(self) -> None:
        assert find_game("tichu").presets["official"]["bomb_interrupt_on_interrupt"] is True
        assert set(find_game("doudizhu").presets) == {"seed", "online"}
        assert set(find_game("napoleon").presets) == {"seed", "sdc"}


class TestResolveFlags:
    def test_seed_and_none_are_the_defaults(self) -> None:
        game = find_game("tichu")
        assert resolve_flags(game, None, {}) == game.flags() == resolve_flags(game, "seed", None)

    def test_a_game_may_start_from_the_preset_it_teaches(self) -> None:
        """Daifugo's seed is the cut-in game, taught after the ordinary one: a new game starts from
        ``base`` (its ``default_preset``), and the practice table offers both by name."""
        game = find_game("daifugo")
        assert game.default_preset == "base"
        assert resolve_flags(game, None, {}).preset == "base" == game.default_flags().preset
        assert resolve_flags(game, None, {"players": 5}).players == 5
        for name in ("seed", "cutin"):
            flags = resolve_flags(game, name, {})
            assert flags.preset == "cutin" and flags.cut_in and flags.decks == 2
        assert resolve_flags(game, None, {"four_cut": True}).four_cut
        assert list(game.playable_presets()) == ["base", "cutin"]  # "seed" is the cut-in game: offered once
        assert list(find_game("tichu").playable_presets()) == ["seed", "official"]

    def test_preset_then_overrides(self) -> None:
        game = find_game("tichu")
        official = resolve_flags(game, "official", {})
        assert official.bomb_interrupt_on_interrupt is True and official.wish_on_lead is True
        mixed = resolve_flags(game, "official", {"bomb_interrupt_on_interrupt": False, "target_score": 500})
        assert mixed.bomb_interrupt_on_interrupt is False and mixed.target_score == 500
        assert mixed.wish_on_lead is True

    def test_unknown_preset_names_the_known_ones(self) -> None:
        with pytest.raises(FlagError) as info:
            resolve_flags(find_game("tichu"), "fm", {})
        assert info.value.path == "preset"
        assert '"fm"' in str(info.value) and "seed, official" in str(info.value)

    def test_bad_override_names_itself(self) -> None:
        with pytest.raises(FlagError) as info:
            resolve_flags(find_game("doudizhu"), "online", {"spring": "yes"})
        assert info.value.path == "flags.spring"
        with pytest.raises(FlagError):
            resolve_flags(find_game("doudizhu"), "online", ["spring"])  # type: ignore[arg-type]


class TestBridge:
    def test_games_lists_presets_and_rules(self) -> None:
        games = {g["name"]: g for g in handle({"op": "games"})["games"]}
        assert games["tichu"]["presets"]["official"] == find_game("tichu").presets["official"]
        for g in games.values():
            assert "seed" in g["presets"]
            assert all(f["rule"] for f in g["flags"])
        json.dumps(games)

    def test_new_with_a_preset(self) -> None:
        r = handle({"op": "new", "game": "tichu", "preset": "official", "seed": 5})
        assert r["ok"] is True, r
        assert _STATES[r["state"]][1].flags.bomb_interrupt_on_interrupt is True
        r = handle({"op": "new", "game": "tichu", "preset": "official", "flags": {"target_score": 500}, "seed": 5})
        flags = _STATES[r["state"]][1].flags
        assert flags.bomb_interrupt_on_interrupt is True and flags.target_score == 500
        r = handle({"op": "new", "game": "napoleon", "preset": "sdc", "seed": 5})
        assert _STATES[r["state"]][1].flags.pass_is_final is True

    def test_same_deal_with_or_without_preset_when_flags_agree(self) -> None:
        a = handle({"op": "new", "game": "tichu", "preset": "official", "seed": 9, "seat": 0})["view"]
        b = handle({"op": "new", "game": "tichu", "flags": {"bomb_interrupt_on_interrupt": True}, "seed": 9,
                    "seat": 0})["view"]
        assert a["hand"] == b["hand"]

    @pytest.mark.parametrize("preset, words", [
        ("bogus", ['"bogus"', "seed, official"]),
        (3, ['"3"', "seed, official"]),
        ("", ['""', "known"]),
    ])
    def test_new_with_a_bad_preset_says_what_is_wrong(self, preset, words) -> None:
        r = handle({"op": "new", "game": "tichu", "preset": preset, "seed": 1})
        assert r["ok"] is False
        for w in words:
            assert w in r["error"], r["error"]

    def test_new_with_a_bad_override_on_a_preset(self) -> None:
        r = handle({"op": "new", "game": "tichu", "preset": "official", "flags": {"bomb": True}, "seed": 1})
        assert r["ok"] is False and "flags.bomb" in r["error"]
