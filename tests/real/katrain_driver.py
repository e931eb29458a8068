"""Plays and analyses a short 9x9 game through KaTrain's own engine code, headless.

Usage: python katrain_driver.py COMMAND MOVES

KaTrain's KataGoEngine runs COMMAND (its "custom" backend, the KataGo command that
KaTrain's settings take) and KaTrain's default AI plays MOVES moves against itself, each
chosen from the analysis the engine sent; every position's analysis is then gathered as
KaTrain stored it. Prints one JSON object: the moves, each node's analysis, and the errors
KaTrain logged. No window opens: KaTrainBase is KaTrain's class for running without its GUI.
"""

import json
import os
import sys
import time

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from katrain.core.ai import generate_ai_move  # noqa: E402
from katrain.core.base_katrain import KaTrainBase  # noqa: E402
from katrain.core.constants import AI_DEFAULT, OUTPUT_ERROR  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game import Game  # noqa: E402


class Headless(KaTrainBase):
    """KaTrain without its window: logs errors, takes the GUI's messages as errors."""

    def __init__(self):
        self.errors = []
        super().__init__(force_package_config=True, debug_level=0)

    def log(self, message, level=0):
        if level == OUTPUT_ERROR:
            self.errors.append(str(message))

    def __call__(self, message, *args, **kwargs):
        # The GUI's messages: only the engine's recovery popup reaches here.
        self.errors.append(f"{message}: {args}")


def wait(predicate, seconds, what):
    end = time.time() + seconds
    while not predicate():
        if time.time() > end:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(0.05)


def main():
    command, moves = sys.argv[1], int(sys.argv[2])
    kt = Headless()
    config = dict(kt.config("engine"))
    config.update(
        backend="custom",
        altcommand=command,
        max_visits=60,
        fast_visits=20,
        max_time=120.0,
        wide_root_noise=0.0,
        _enable_ownership=True,
    )
    engine = KataGoEngine(kt, config)
    game = Game(kt, engine, game_properties={"SZ": 9, "KM": 7, "RU": "chinese"})
    ai_settings = kt.config(f"ai/{AI_DEFAULT}") or {}
    played = []
    for _ in range(moves):
        node = game.current_node
        wait(lambda: node.analysis_complete, 120, "the analysis of the position")
        move, played_node = generate_ai_move(game, AI_DEFAULT, ai_settings)
        if played_node is None:
            raise SystemExit(f"KaTrain's AI played no move ({move})")
        played.append(move.gtp())
    wait(lambda: game.current_node.analysis_complete, 120, "the last position's analysis")
    wait(engine.is_idle, 120, "the engine's last answers")
    nodes = []
    for node in game.current_node.nodes_from_root:
        a = node.analysis
        nodes.append(
            {
                "move": node.move.gtp() if node.move else None,
                "complete": node.analysis_complete,
                "root": a["root"],
                "candidates": [
                    {k: d.get(k) for k in ("move", "visits", "winrate", "scoreLead", "prior", "order", "pv")}
                    for d in node.candidate_moves
                ],
                "ownership": a["ownership"],
                "policy": a["policy"],
                "points_lost": node.points_lost,
            }
        )
    errors = list(kt.errors)
    # The engine ends when its input does (KaTrain's terminate reaches only the shell
    # that runs a custom command).
    engine.katago_process.stdin.close()
    engine.katago_process.wait(60)
    engine.shutdown(finish=False)
    print(json.dumps({"played": played, "nodes": nodes, "errors": errors}))


if __name__ == "__main__":
    main()
