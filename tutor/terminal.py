"""A terminal game against bots, with hints: ``python -m tutor play doudizhu --seed 7``.

The learner types a number from the list of legal actions, or any action as JSON or card
tokens (``S-3 H-3``, ``pass``) to hear why it is or is not legal; ``h`` asks for a hint
(three levels, tutor/hints.py: what to look for, the candidates, the answer and why), ``q`` quits.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from .actions import ActionError, parse_action, parse_action_text
from .bots import heuristic_choice, hint
from .errors import TutorError, error_text
from .game import Game, IllegalAction
from .limits import check_seed
from .registry import find_game
from .messages import render

UI = {
    "en": {"you": "you", "hand": "Your hand", "legal": "Legal actions", "prompt": "Your choice (number, cards, h=hint, q=quit): ",
           "seat": "Seat", "cards": "cards", "round_over": "Round over.", "scores": "Scores", "again": "Play another round? [y/N] ",
           "hint1": "Look for", "hint2": "Candidates", "hint3": "Answer", "bye": "Bye."},
    "ja": {"you": "あなた", "hand": "手札", "legal": "出せる手", "prompt": "選択（番号・札・h=ヒント・q=終了）: ",
           "seat": "席", "cards": "枚", "round_over": "ラウンド終了。", "scores": "得点", "again": "もう1ラウンド遊びますか？ [y/N] ",
           "hint1": "注目点", "hint2": "候補", "hint3": "答え", "bye": "終了します。"},
}


def _show_action(data: Any) -> str:
    if isinstance(data, list):
        return " ".join(data)
    return json.dumps(data, ensure_ascii=False)


def _read_action(game: Game, text: str) -> Any:
    stripped = text.strip()
    if stripped.startswith(("[", "{", '"')) or stripped.upper() == "PASS":
        return parse_action_text(stripped)
    return parse_action(stripped.replace(",", " ").split())


def play(game_name: str, seed: str, seat: int = 0, lang: str = "en", players: int | None = None,
         hints: bool = True, stdin: TextIO | None = None, out: Callable[[str], None] = print) -> int:
    """Plays rounds until the learner quits; bots take the other seats."""
    stdin = stdin or sys.stdin
    ui = UI[lang]
    game = find_game(game_name)
    flags = game.default_flags({"players": players} if players else {})
    seed_value = int(seed) if str(seed).isascii() and str(seed).isdigit() and len(str(seed)) <= 18 else seed
    check_seed(seed_value, "--seed")
    state = game.new_game(flags, seed_value)
    if not 0 <= seat < game.players(state):
        raise TutorError("error.cli_seat", seat=seat, players=game.players(state), last=game.players(state) - 1)
    shown = 0
    hint_level = 0
    while True:
        for event in game.events(state)[shown:]:
            out("  · " + render(event.key, event.params, lang))
        shown = len(game.events(state))
        if game.round_over(state):
            view = game.view(state, seat)
            out(f"{ui['round_over']} {ui['scores']}: {view['scores']}")
            if game.game_over(state):  # the session reached its target: no next hand
                out(ui["bye"])
                return 0
            out(ui["again"])
            answer = stdin.readline()
            if not answer.strip().lower().startswith("y"):
                out(ui["bye"])
                return 0
            state = game.next_hand(state)
            continue
        actor = game.to_act(state)
        if actor != seat:
            choice = heuristic_choice(game, state, actor)
            state = game.apply(state, choice.action, actor)
            continue
        view = game.view(state, seat)
        out("")
        out("  ".join(f"{ui['seat']} {s}{'(' + ui['you'] + ')' if s == seat else ''}: {n}{ui['cards']}"
                      for s, n in enumerate(view["cards_held"])))
        out(f"{ui['hand']}: {' '.join(view['hand'])}")
        actions = game.legal_actions(state, seat)
        out(f"{ui['legal']}:")
        for i, action in enumerate(actions[:40], 1):
            out(f"  {i:>3}. {_show_action(game.action_to_json(action))}")
        if len(actions) > 40:
            out(f"  … (+{len(actions) - 40})")
        out(ui["prompt"])
        line = stdin.readline()
        if not line or line.strip().lower() in ("q", "quit"):
            out(ui["bye"])
            return 0
        text = line.strip()
        if text.lower() == "h" and hints:
            hint_level += 1
            h = hint(game, state, seat, lang)
            out(f"{ui['hint1']}: {h['focus']['text']}  [{', '.join(h['focus']['rule_ids'])}]")
            if hint_level >= 2:
                out(f"{ui['hint2']}: {h['candidates']['text']}")
            if hint_level >= 3:
                out(f"{ui['hint3']}: {h['label']} ({_show_action(h['action'])})  {h['why']}  "
                    f"[{', '.join(h['rule']['rule_ids'])}]")
            continue
        try:
            if text.isascii() and text.isdigit() and 1 <= int(text) <= len(actions):
                action = actions[int(text) - 1]
            else:
                action = _read_action(game, text)
            state = game.apply(state, action, seat)
            hint_level = 0
        except IllegalAction as exc:
            v = exc.verdict
            out(f"✗ {v.text(lang)}  [{', '.join(v.rule_ids)}]")
        except ActionError as exc:
            out(f"✗ {error_text(exc, lang)}")
