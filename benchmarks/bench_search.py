"""Double-dummy solving: time to solve a deal from the first lead, and the
compiled search against the plain-minimax reference on endings.

    python benchmarks/bench_search.py [--quick] [--spitzer-deals N] [--spidge-deals N] [--spidge-left N]
                                      [--first-lead N] [--technique-first-lead N]
                                      [--spidge-cap POSITIONS] [--times-only]
                                      [--repeats N]

Spitzer deals are dealt from seeded shuffles with every seat passing (a
Normal game or a Sneaker) and solved from the first lead; Spidge positions
are solved for each of the three players ("most"; one row for all three
and one for each: left and right of the dealer, and the dealer, who also
plays the dummy), from the first lead with ``--spidge-left 52`` (slow: the
goal is far off: only the value is timed there, and ``--times-only``
skips the technique table) and by
default with 36 cards left (after four random tricks); ``--first-lead N``
(default 30) also solves N deals from the first lead for each player, value
only, each solve capped at ``--spidge-cap`` positions (default 20 M, a few
seconds): a solve that reaches the cap is reported as unfinished, and a
median that falls on one prints as "> cap".  The technique table solves
the first ``--technique-first-lead`` of them (default 10).  Each median
comes with a distribution-free 95 % confidence interval: the solve times
are heavy-tailed, and a median over ten deals moved by a third from one
ten deals to the next (docs/performance.rst).  Three measures side by side: the value alone, the value
of every legal card (``solve(deal, pv=False)``), and the same with the
principal variation (``solve(deal)``), and the PIMC bot's solve: the score
(``objective="score"``) of every legal card, from the first lead and from
the second trick (after a random first trick).  Times are per deal: median and 95th
percentile, the median and largest number of positions visited, and the
mean time per position.  A second table switches the search's techniques
off one at a time, and all together (the search as it was before them), on
the same Spitzer deals and Spidge positions in the same run, the variants
interleaved deal by deal: positions visited and CPU time (the fastest of
``--repeats`` runs of each solve), median and 95th percentile, and each
variant's total CPU time as a ratio to the search with every technique
("cpu vs all": 1.50x, a technique that saves a third).  The last table times 3-trick endings on both backends.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _timing import median_interval, percentile, print_table, spidge_state, spitzer_state

import trickcore

COMPILED = trickcore.load_backend("cython")
REFERENCE = trickcore.load_backend("python")


def spitzer_deal(seed: int, backend: dict[str, Any] = COMPILED) -> Any:
    return spitzer_state(backend["_spitzer"], seed)


def spidge_deal(seed: int, backend: dict[str, Any] = COMPILED) -> Any:
    return spidge_state(backend["_spidge"], seed)


def spitzer_second_trick(seed: int) -> Any:
    """A Spitzer deal after a random first trick."""
    state = spitzer_deal(seed)
    rng = random.Random(seed)
    for _ in range(4):
        state.play(rng.choice(sorted(state.legal_moves)))
    return state


# The objective codes of the compiled solver.
POINTS, SCORE = 0, 1


def timed(run: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """(seconds, result) of one call."""
    start = time.perf_counter()
    result = run(*args)
    return time.perf_counter() - start, result


def summary(times: list[float]) -> tuple[float, float]:
    return statistics.median(times), percentile(times, 0.95)


def print_times(title: str, rows: list[tuple[str, list[float], list[int]]], cap: int = 0) -> None:
    """A row per solve kind: the median with a 95 % confidence interval for
    the median over all deals (distribution-free, from the order statistics;
    the solve times are heavy-tailed, so a median over a few deals moves a
    lot with the deals drawn; the rows over the three Spidge players hold
    three solves of each deal, which are not independent, so their interval
    is if anything too narrow).  With a positions *cap* (Spidge), a solve that
    reached it is unfinished: it counts as slower and larger than every
    finished one, and a median or percentile that falls on one prints as
    "> cap" (the time it had taken when it gave up is a lower bound only)."""
    print(f"\n{title}")
    print(f"{'solve':<34}{'median':>12}{'median, 95% CI':>22}{'95th pct':>12}{'nodes (median)':>16}"
          f"{'nodes (max)':>14}{'us/node':>10}")
    for name, times, nodes in rows:
        ranked = ([math.inf if cap and count >= cap else t for t, count in zip(times, nodes, strict=True)]
                  if nodes else times)
        median, p95 = summary(ranked)
        low, high = median_interval(ranked)
        interval = f"{ms_text(low)} - {ms_text(high)}"
        node_text = (f"{count_text(statistics.median(nodes), cap):>16}{count_text(max(nodes), cap):>14}"
                     if nodes else f"{'-':>16}{'-':>14}")
        per_node = f"{sum(times) / sum(nodes) * 1e6:>10.2f}" if nodes else f"{'-':>10}"
        print(f"{name:<34}{ms_text(median):>12}{interval:>22}{ms_text(p95):>12}{node_text}{per_node}")
        if cap and any(count >= cap for count in nodes):
            print(f"{'':<34}({sum(count >= cap for count in nodes)} of {len(nodes)} solves "
                  f"reached the cap of {cap:,} positions)")


def ms_text(seconds: float) -> str:
    return "> cap" if seconds == math.inf else f"{seconds * 1e3:.2f}ms"


def count_text(count: float, cap: int) -> str:
    return f"> {cap:,}" if cap and count >= cap else f"{count:,.0f}"


# The techniques that act in the Spidge search; the last ones act only there.
# The two-slot table acts in Spidge only without partition search (whose
# entries are kept in buckets): "without any" switches it off too.
SPIDGE_TECHNIQUES = ("sure trumps", "suit skip", "growing table", "sibling guess", "partition search",
                     "bucket signatures", "trick guess", "spoiled sure trumps", "ranked sure trumps",
                     "quick tricks across", "quick tricks and sure trumps", "jokers kept",
                     "fast spidge moves", "jokers and partner's spades", "top spade against the jokers",
                     "late trick guess", "trick won enough", "trick held")
SPIDGE_ONLY = ("growing table", "sibling guess", "partition search", "bucket signatures", "trick guess",
               "spoiled sure trumps", "ranked sure trumps", "quick tricks across",
               "quick tricks and sure trumps", "jokers kept", "fast spidge moves",
               "jokers and partner's spades", "top spade against the jokers", "late trick guess",
               "trick won enough", "trick held")


def techniques(n_spitzer: int, n_spidge: int, spidge_left: int, first_lead: int = 0,
               cap: int = 0, repeats: int = 1) -> None:
    """Each technique switched off in turn, then all of them: what each buys
    (each solve's CPU time the best of *repeats*)."""
    solve = COMPILED["_solve"]
    flags: dict[str, int] = solve._TECHNIQUES
    spitzer_runs = [("all techniques", 0)] + [(f"without {name}", flag) for name, flag in flags.items()
                                              if name not in SPIDGE_ONLY]
    spitzer_runs.append(("without column guess and suit skip", flags["column guess"] | flags["suit skip"]))
    spitzer_runs.append(("without any (the search before them)", sum(flag for _, flag in spitzer_runs)))
    if n_spitzer:  # --spitzer-deals 0: the Spidge tables only
        positions = [(spitzer_deal(seed), (POINTS, 0)) for seed in range(n_spitzer)]
        print_ablation(f"Spitzer, card points, value only, from the first lead ({n_spitzer} deals): "
                       "what each technique buys", spitzer_runs, positions, repeats=repeats)
        positions = [(deal(seed), (SCORE, 0)) for seed in range(n_spitzer)
                     for deal in (spitzer_deal, spitzer_second_trick)]
        print_ablation(f"Spitzer, score, every legal card (the PIMC bot's solve), from the first lead "
                       f"and from the second trick ({n_spitzer} deals each): what each technique buys",
                       spitzer_runs, positions, every_card=True, repeats=repeats)
    if not n_spidge:
        return
    spidge_flags = [flags[name] for name in (*SPIDGE_TECHNIQUES, "two-slot table")]
    spidge_runs = [("all techniques", 0)] + [(f"without {name}", flags[name]) for name in SPIDGE_TECHNIQUES]
    spidge_runs.append(("without any", sum(spidge_flags)))
    positions = [(spidge_position(seed, spidge_left), (hand, 0))
                 for seed in range(n_spidge) for hand in (0, 2, 3)]
    print_ablation(f"Spidge, most tricks, {spidge_left} cards left ({n_spidge} deals x 3 players): "
                   "what each technique buys", spidge_runs, positions, repeats=repeats)
    positions = [(spidge_position(seed, spidge_left), (hand, 0))
                 for seed in range(n_spidge) for hand in (0, 2, 3)]
    print_ablation(f"Spidge, most tricks, every legal card, {spidge_left} cards left ({n_spidge} deals "
                   "x 3 players): the sibling guess and the trick guess", [("all techniques", 0),
                   ("without sibling guess", flags["sibling guess"]),
                   ("without trick guess", flags["trick guess"])], positions, every_card=True,
                   repeats=repeats)
    if first_lead:
        # Without sure trumps nearly every solve reaches the cap: left out.
        runs = [run for run in spidge_runs[:-1] if run[0] != "without sure trumps"]
        runs.append(("without all of them but sure trumps",
                     sum(spidge_flags) - flags["sure trumps"]))
        positions = [(spidge_position(seed, 52), (hand, 0))
                     for seed in range(first_lead) for hand in (0, 2, 3)]
        print_ablation(f"Spidge, most tricks, from the first lead ({first_lead} deals x 3 players, "
                       f"cap {cap:,} positions): what each technique buys", runs, positions, cap=cap,
                       repeats=repeats)


def cpu_timed(repeats: int, run: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """(CPU seconds, result): the fastest of *repeats* calls, timed by
    time.process_time, which other work on a shared machine disturbs less
    than the wall clock."""
    best = math.inf
    for _ in range(repeats):
        start = time.process_time()
        result = run(*args)
        best = min(best, time.process_time() - start)
    return best, result


def print_ablation(title: str, runs: list[tuple[str, int]], positions: list[tuple[Any, tuple[int, int]]],
                   every_card: bool = False, cap: int = 0, repeats: int = 1) -> None:
    """Positions visited and CPU time (the best of *repeats* a solve) of each
    variant, and its total time as a ratio to the first variant's ("all
    techniques") over the solves both finished; with a positions *cap*
    (Spidge value only), a solve that reached it ranks above every finished
    one and a median or percentile falling on one prints as "> cap"."""
    solve = COMPILED["_solve"]
    times: dict[str, list[float]] = {name: [] for name, _ in runs}
    nodes: dict[str, list[float]] = {name: [] for name, _ in runs}
    for i, (state, (first, second)) in enumerate(positions):  # interleaved: load changes hit every variant alike
        # The first solve of a deal runs a few per cent slower (cold caches):
        # each variant takes its turn at going first.
        for name, disabled in runs[i % len(runs):] + runs[:i % len(runs)]:
            seconds, (_value, count) = cpu_timed(repeats, solve._nodes, state, first, second, disabled,
                                                 every_card, cap)
            unfinished = cap and count >= cap
            times[name].append(math.inf if unfinished else seconds)
            nodes[name].append(math.inf if unfinished else count)
    print(f"\n{title}")
    print(f"{'search':<40}{'cpu median':>11}{'95th pct':>12}{'nodes median':>14}{'nodes p95':>14}"
          f"{'at the cap':>12}{'cpu vs all':>12}")
    base = times[runs[0][0]]
    for name, _ in runs:
        median, p95 = summary(times[name])
        node_median, node_p95 = summary(nodes[name])
        capped = sum(count == math.inf for count in nodes[name])
        both = [(t, b) for t, b in zip(times[name], base, strict=True) if t != math.inf and b != math.inf]
        ratio = f"{sum(t for t, _ in both) / sum(b for _, b in both):.2f}x" if both else "-"
        print(f"{name:<40}{ms_text(median):>11}{ms_text(p95):>12}{count_text(node_median, cap):>14}"
              f"{count_text(node_p95, cap):>14}{capped:>12}{ratio:>12}")


def spidge_position(seed: int, left: int) -> Any:
    """A Spidge deal played on at random until *left* cards remain."""
    state = spidge_deal(seed)
    rng = random.Random(seed)
    while 52 - state.n_played > left:
        state.play(rng.choice(sorted(state.legal_moves)))
    return state


def whole_deals(n_spitzer: int, n_spidge: int, spidge_left: int) -> None:
    solve = COMPILED["_solve"]
    if n_spitzer:
        value: list[float] = []
        nodes: list[int] = []
        moves: list[float] = []
        with_pv: list[float] = []
        for seed in range(n_spitzer):
            state = spitzer_deal(seed)
            seconds, (_value, count) = timed(solve._nodes, state, POINTS)
            value.append(seconds)
            nodes.append(count)
            moves.append(timed(solve.solve_spitzer, state, 0, False)[0])
            with_pv.append(timed(solve.solve_spitzer, state, 0, True)[0])
        print_times(f"Spitzer, card points, from the first lead ({n_spitzer} deals; goal: median <= 1 ms)", [
            ("value", value, nodes), ("value + every card", moves, []),
            ("value + every card + PV", with_pv, [])])
        rows = []
        for name, deal in (("score, every card, first lead", spitzer_deal),
                           ("score, every card, second trick", spitzer_second_trick)):
            times: list[float] = []
            counts: list[int] = []
            for seed in range(n_spitzer):
                seconds, (_value, count) = timed(solve._nodes, deal(seed), SCORE, 0, 0, True)
                times.append(seconds)
                counts.append(count)
            rows.append((name, times, counts))
        print_times(f"Spitzer, the PIMC bot's solve ({n_spitzer} deals)", rows)
    if n_spidge:
        spidge_rows(n_spidge, spidge_left)


def spidge_rows(n_spidge: int, spidge_left: int, cap: int = 0) -> None:
    """Spidge, most tricks, each player: the value alone (capped at *cap*
    positions a solve), and with fewer than 52 cards left the value of every
    legal card."""
    solve = COMPILED["_solve"]
    # Hands in play order from the dealer's left (hand 1 is the dummy).
    players = {0: "left of the dealer", 2: "right of the dealer", 3: "the dealer"}
    value: list[float] = []
    nodes: list[int] = []
    moves: list[float] = []
    by_player: dict[int, tuple[list[float], list[int]]] = {hand: ([], []) for hand in players}
    for seed in range(n_spidge):
        state = spidge_position(seed, spidge_left)
        for hand in players:
            seconds, (_value, count) = timed(solve._nodes, state, hand, 0, 0, False, cap)
            value.append(seconds)
            nodes.append(count)
            by_player[hand][0].append(seconds)
            by_player[hand][1].append(count)
            if spidge_left < 52:  # from the first lead every card takes minutes
                moves.append(timed(solve.solve_spidge, state, hand, 0, False)[0])
    where = "from the first lead" if spidge_left == 52 else f"with {spidge_left} cards left"
    capped = f", cap {cap:,} positions a solve" if cap else ""
    print_times(f"Spidge, most tricks, {where} ({n_spidge} deals x 3 players{capped}; "
                "goal from the first lead: median <= 20 ms)", [
        ("value", value, nodes)] + ([("value + every card", moves, [])] if moves else [])
        + [(f"value, {name}", *by_player[hand]) for hand, name in players.items()], cap)


def endings(n: int) -> None:
    """3-trick endings (12 cards): compiled vs plain minimax, solves per second."""
    rows = []
    for game in ("spitzer", "spidge"):
        rates = []
        for backend in (COMPILED, REFERENCE):
            states = []
            for seed in range(n):
                state = spitzer_deal(seed, backend) if game == "spitzer" else spidge_deal(seed, backend)
                total = 32 if game == "spitzer" else 52
                while total - state.n_played > 12:
                    state.play(min(state.legal_moves))
                states.append(state)
            solve = backend["_solve"]
            start = time.perf_counter()
            for state in states:
                if game == "spitzer":
                    solve.solve_spitzer(state, 0, False)
                else:
                    solve.solve_spidge(state, 0, 0, False)
            rates.append(n / (time.perf_counter() - start))
        rows.append((f"{game}, 3-trick ending, every card", rates))
    print_table("Endings: compiled search vs plain minimax (solves per second)",
                ["compiled", "reference"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run, for CI")
    parser.add_argument("--spidge-left", type=int, default=36,
                        help="cards left in the Spidge positions (52: from the first lead; "
                             "slow, see docs/performance.rst)")
    parser.add_argument("--spitzer-deals", type=int, default=50, help="Spitzer deals to solve")
    parser.add_argument("--spidge-deals", type=int, default=10,
                        help="Spidge deals (each solved for the three players; 0: none)")
    parser.add_argument("--first-lead", type=int, default=30,
                        help="Spidge deals also solved from the first lead (value only, "
                             "with the positions cap)")
    parser.add_argument("--technique-first-lead", type=int, default=10,
                        help="of those, the deals the technique table solves from the first "
                             "lead (each technique off in turn: slow)")
    parser.add_argument("--spidge-cap", type=int, default=20_000_000,
                        help="positions a Spidge value solve may visit before it gives up "
                             "(0: no cap); a solve that reaches it counts as unfinished")
    parser.add_argument("--times-only", action="store_true",
                        help="only the solve times: no technique table, no endings (for long "
                             "runs such as --spidge-left 52)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="the technique tables time each solve this many times and keep the "
                             "fastest (CPU time)")
    args = parser.parse_args()
    if args.quick:
        whole_deals(3, 1, 24)
        spidge_rows(1, 52, 20_000)
        techniques(2, 1, 24, 1, 20_000)
        endings(2)
    else:
        whole_deals(args.spitzer_deals, args.spidge_deals, args.spidge_left)
        if args.first_lead:
            spidge_rows(args.first_lead, 52, args.spidge_cap)
        if not args.times_only:
            techniques(args.spitzer_deals, args.spidge_deals, args.spidge_left,
                       min(args.first_lead, args.technique_first_lead), args.spidge_cap, args.repeats)
            endings(10)


if __name__ == "__main__":
    main()
