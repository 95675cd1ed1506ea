"""Decision time of each bot, per card, at its default budget.

    python benchmarks/bench_bots.py [--quick] [--game spitzer|spidge]

The positions are every card decision with a choice (two legal cards or
more) of a few deals played out by HeuristicBot; each bot decides in all of
them, interleaved position by position so that the machine's load falls on
all alike.  Reported per bot: the mean, median, 90th and 95th percentiles of the
wall-clock time of one ``play(observation)`` call (the whole call:
constraints, search inputs and the compiled search), the mean CPU time of
the process (what the call costs on a machine shared with other work), and
the ratio of the mean to HeuristicBot's.  Then how many worlds PIMCBot's
time budget let it solve per decision (its ``last_stats``) and the mean and
longest wall-clock time of those decisions, by phase: the Spitzer auction
(every announcement decision with a choice in the same deals), the first
trick, and the later tricks.  The last table compares the
ISMCTS kernel with its pure-Python reference twin at the same small budget
(iterations per second).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _timing import percentile, print_table

import trickcore
from pytrick import spidge, spitzer
from pytrick._worlds import search_inputs


def positions(game: str, deals: int, auction: list[Any] | None = None) -> list[Any]:
    """Observations of the seat to play at every card decision with a choice
    (and, into *auction*, of every Spitzer announcement decision with one)."""
    module = spitzer if game == "spitzer" else spidge
    found = []
    for seed in range(deals):
        if game == "spitzer":
            deal = spitzer.SpitzerDeal.from_seed(seed)
            bots = [spitzer.HeuristicBot(seed=seat) for seat in range(4)]
            while not deal.is_over:
                seat = deal.to_move
                observation = deal.observation(seat)
                if observation.legal_announcements:
                    if auction is not None and len(observation.legal_announcements) > 1:
                        auction.append(observation)
                    deal.announce(bots[seat].announce(observation))
                    continue
                if len(observation.legal_moves) > 1:
                    found.append(observation)
                deal.play(bots[seat].play(observation))
        else:
            sdeal = module.SpidgeDeal.from_seed(seed)
            players = [spidge.HeuristicBot(seed=p) for p in range(3)]
            while not sdeal.is_over:
                player = sdeal.to_move.player
                observation = sdeal.observation(player)
                if len(observation.legal_moves) > 1:
                    found.append(observation)
                sdeal.play(players[player].play(observation))
    return found


def bots(game: str) -> dict[str, Any]:
    module = spitzer if game == "spitzer" else spidge
    return {
        "HeuristicBot": module.HeuristicBot(seed=1),
        "RandomBot": module.RandomBot(seed=1),
        "ISMCTSBot": module.ISMCTSBot(seed=1),
        "PIMCBot": module.PIMCBot(seed=1),
    }


def decision_times(
    game: str, observations: list[Any], worlds: dict[str, list[int]],
    phase_times: dict[str, list[float]],
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall-clock and CPU seconds of each bot's decisions; PIMCBot's worlds
    solved per decision and its wall-clock seconds go into *worlds* and
    *phase_times* by phase."""
    players = bots(game)
    wall: dict[str, list[float]] = {name: [] for name in players}
    cpu: dict[str, list[float]] = {name: [] for name in players}
    for observation in observations:
        for name, bot in players.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            card = bot.play(observation)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
            assert card in observation.legal_moves
            if name == "PIMCBot":
                phase = "first trick" if len(observation.plays) < 4 else "later tricks"
                worlds.setdefault(phase, []).append(worlds_solved(bot))
                phase_times.setdefault(phase, []).append(wall[name][-1])
    return wall, cpu


def worlds_solved(bot: Any) -> int:
    """How many worlds a PIMC bot's last decision solved (every candidate is
    valued on the same worlds)."""
    return max(count for _, count, _ in bot.last_stats)


def auction_worlds(observations: list[Any], seconds: list[float]) -> list[int]:
    """Worlds a Spitzer PIMCBot solves per announcement decision at its
    default budget; the wall-clock seconds of each decision go into *seconds*."""
    bot = spitzer.PIMCBot(seed=1)
    found = []
    for observation in observations:
        start = time.perf_counter()
        assert bot.announce(observation) in observation.legal_announcements
        seconds.append(time.perf_counter() - start)
        found.append(worlds_solved(bot))
    return found


def twin_rates(game: str, observations: list[Any], iterations: int) -> tuple[float, float]:
    """ISMCTS iterations per second: compiled kernel, reference twin (same positions)."""
    rates = []
    for backend in ("cython", "python"):
        kernel = trickcore.load_backend(backend)["_ismcts"]
        modules = trickcore.load_backend(backend)
        elapsed = 0.0
        for observation in observations:
            inputs = search_inputs(observation)
            deal = inputs.template
            if game == "spitzer":
                state = modules["_spitzer"].SpitzerState(
                    [deal.original_hand(s) for s in range(4)],
                    deal.dealer,
                    deal.options,
                    [code for _, code in deal.announcements],
                    [card for _, card in deal.plays],
                )
                search = kernel.spitzer_ismcts
                observer = observation.seat
            else:
                state = modules["_spidge"].SpidgeState(
                    list(deal.initial_hands), deal.flags, deal.slam_tricks, deal.spidge_tricks
                )
                for card in deal.history:
                    state.play(int(card))
                search = kernel.spidge_ismcts
                observer = int(observation.seat)
            start = time.perf_counter()
            search(state, observer, *inputs.args()[1:], iterations=iterations, seed=1)
            elapsed += time.perf_counter() - start
        rates.append(iterations * len(observations) / elapsed)
    return rates[0], rates[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run for CI")
    parser.add_argument("--game", choices=("spitzer", "spidge"), default=None)
    args = parser.parse_args()
    games = [args.game] if args.game else ["spitzer", "spidge"]
    for game in games:
        auction: list[Any] = []
        observations = positions(game, 1 if args.quick else 6, auction)
        if args.quick:
            observations = observations[:: max(1, len(observations) // 6)]
            auction = auction[:2]
        worlds: dict[str, list[int]] = {}
        phase_times: dict[str, list[float]] = {}
        if auction:
            worlds["auction"] = auction_worlds(auction, phase_times.setdefault("auction", []))
        times, cpu = decision_times(game, observations, worlds, phase_times)
        base = statistics.fmean(times["HeuristicBot"])
        print(f"\n{game.capitalize()}: {len(observations)} card decisions, default budgets, one core")
        print(f"{'bot':<16}{'mean':>12}{'median':>12}{'p90':>12}{'p95':>12}{'CPU mean':>12}{'mean / HeuristicBot':>22}")
        for name, values in times.items():
            p90 = percentile(values, 0.9)
            p95 = percentile(values, 0.95)
            print(
                f"{name:<16}{statistics.fmean(values) * 1e3:>9.2f} ms{statistics.median(values) * 1e3:>9.2f} ms"
                f"{p90 * 1e3:>9.2f} ms{p95 * 1e3:>9.2f} ms{statistics.fmean(cpu[name]) * 1e3:>9.2f} ms"
                f"{statistics.fmean(values) / base:>21.1f}x"
            )
        pimc = bots(game)["PIMCBot"]
        print(f"\nPIMCBot, worlds solved per decision in its {pimc.seconds} s (of {pimc.worlds} drawn)")
        print(f"{'phase':<16}{'decisions':>10}{'fewest':>8}{'median':>8}{'most':>8}"
              f"{'mean time':>12}{'longest':>12}")
        for phase in ("auction", "first trick", "later tricks"):
            if phase in worlds:
                counts, spent = worlds[phase], phase_times[phase]
                print(f"{phase:<16}{len(counts):>10}{min(counts):>8}{statistics.median(counts):>8g}{max(counts):>8}"
                      f"{statistics.fmean(spent) * 1e3:>9.1f} ms{max(spent) * 1e3:>9.1f} ms")
        twin_positions = observations[:2]
        fast, slow = twin_rates(game, twin_positions, 10 if args.quick else 40)
        print_table(
            f"{game.capitalize()} ISMCTS kernel, {len(twin_positions)} positions, iterations/s",
            ["compiled", "reference"],
            [("ISMCTS iterations", [fast, slow])],
        )


if __name__ == "__main__":
    main()
