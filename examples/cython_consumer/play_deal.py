"""Play one Spitzer deal with the two example players, built in place first
(``python setup.py build_ext --inplace``): flat Monte-Carlo for seats 0 and 2,
the determinized (PIMC) player for seats 1 and 3; every seat passes in the
auction.  ``python play_deal.py [SEED]`` prints each card and the result."""

from __future__ import annotations

import sys

import flat_monte_carlo
import pimc

import pytrick
import trickcore


def main(seed: int) -> None:
    if trickcore.BACKEND != "cython":
        sys.exit("play_deal.py needs pytrick on its compiled core "
                 f"(trickcore.BACKEND is {trickcore.BACKEND!r}: unset TRICKCORE_PUREPYTHON)")
    deal = pytrick.SpitzerDeal.from_seed(seed)
    while deal.legal_announcements:
        deal.announce("pass")
    players = {0: flat_monte_carlo, 1: pimc, 2: flat_monte_carlo, 3: pimc}
    while not deal.is_over:
        seat = deal.to_move
        card = players[seat].choose_card(deal, seed=seed + deal.n_played)
        deal.play(card)
        print(f"seat {seat} ({players[seat].__name__}): {pytrick.Card(card)}")
    print(f"declarers {sorted(deal.declaring_side)} took {deal.result.points} card points;",
          f"scores by seat {deal.scores()}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
