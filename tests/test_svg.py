"""SVG pictures: valid XML, the right cards face up, hidden cards never drawn."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import trickcore
from pytrick import (
    ArgumentTypeError,
    Card,
    CardSet,
    InvalidArgumentError,
    SpidgeDeal,
    SpitzerDeal,
    sample_deals,
    svg,
)
from pytrick.spidge import Hand

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def faces(root: ET.Element) -> list[str]:
    """The cards drawn face up, in drawing order."""
    return [g.attrib["data-card"] for g in root.iter(f"{SVG}g") if "data-card" in g.attrib]


def backs(root: ET.Element) -> int:
    return sum(1 for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "card back")


def trumps_drawn(root: ET.Element) -> set[str]:
    return {
        g.attrib["data-card"]
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == "card trump"
    }


def seat_faces(root: ET.Element, seat: int) -> list[str]:
    for g in root.iter(f"{SVG}g"):
        if g.attrib.get("class") == "seat" and g.attrib["data-seat"] == str(seat):
            return faces(g)
    raise AssertionError(f"no seat {seat}")


def advance(deal: SpitzerDeal | SpidgeDeal, plays: int, seed: int) -> None:
    rng = random.Random(seed)
    if isinstance(deal, SpitzerDeal):
        while deal.legal_announcements:
            deal.announce(rng.choice(deal.legal_announcements))
    for _ in range(plays):
        if deal.is_over:
            break
        deal.play(rng.choice(list(deal.legal_moves)))


def test_card_is_valid_svg_with_its_card() -> None:
    for number in [*range(52), 52, 53]:
        card = Card(number)
        root = parse(svg.card(card))
        assert faces(root) == [str(card)]
        assert root.find(f"{SVG}title").text == card.unicode()  # type: ignore[union-attr]


def test_hand_keeps_order_and_marks_trumps() -> None:
    root = parse(svg.hand(["AH", "QC", "7D"], trumps=CardSet("QC 7D")))
    assert faces(root) == ["AH", "QC", "7D"]
    assert trumps_drawn(root) == {"QC", "7D"}
    assert faces(parse(svg.hand(CardSet()))) == []


def test_trick_places_each_card_by_its_seat() -> None:
    plays = [(3, Card("9C")), (0, Card("AC")), (1, Card("TC")), (2, Card("QC"))]
    root = parse(svg.trick(plays, bottom=0))
    assert faces(root) == ["9C", "AC", "TC", "QC"]
    # Seat 0 is at the bottom: its card is drawn lowest on the picture.
    ys = {
        g.attrib["data-card"]: float(g.find(f"{SVG}rect").attrib["y"])  # type: ignore[union-attr]
        for g in root.iter(f"{SVG}g")
        if "data-card" in g.attrib
    }
    assert ys["AC"] == max(ys.values())
    assert ys["QC"] == min(ys.values())  # seat 2, opposite


def test_spitzer_deal_shows_every_hand_with_its_trumps() -> None:
    deal = SpitzerDeal.from_seed(11)
    root = parse(svg.deal(deal))
    assert backs(root) == 0
    for seat in range(4):
        assert sorted(seat_faces(root, seat)) == sorted(str(c) for c in deal.hand(seat))
    spitzer_trumps = {str(Card(c)) for c in trickcore.spitzer.PACK if trickcore.spitzer.is_trump(c)}
    assert trumps_drawn(root) == spitzer_trumps
    # The dealer's button sits with the dealer.
    dealer_groups = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "seat"]
    with_button = [
        g.attrib["data-seat"]
        for g in dealer_groups
        if any(c.attrib.get("class") == "dealer" for c in g.iter(f"{SVG}g"))
    ]
    assert with_button == [str(deal.dealer)]


@pytest.mark.parametrize("seed", range(6))
def test_spitzer_observation_draws_only_what_the_seat_sees(seed: int) -> None:
    deal = SpitzerDeal.from_seed(seed)
    advance(deal, plays=seed * 5, seed=seed)
    seat = seed % 4
    view = deal.observation(seat)
    root = parse(svg.deal(view))
    visible = {str(c) for c in deal.hand(seat)} | {str(c) for _, c in view.plays}
    assert set(faces(root)) <= visible
    assert sorted(seat_faces(root, seat)) == sorted(str(c) for c in deal.hand(seat))
    assert backs(root) == sum(len(deal.hand(s)) for s in range(4) if s != seat)
    # The seat to move wears the gold name plate.
    plates = [r for r in root.iter(f"{SVG}rect") if r.attrib.get("class") == "to-move"]
    assert len(plates) == (0 if deal.is_over else 1)


@pytest.mark.parametrize("seed", range(6))
def test_spidge_observation_draws_own_hand_dummy_and_plays(seed: int) -> None:
    deal = SpidgeDeal.from_seed(seed)
    advance(deal, plays=seed * 7, seed=seed)
    player = seed % 3
    view = deal.observation(player)
    root = parse(svg.deal(view))
    own = deal.hand(view.seat)
    assert sorted(seat_faces(root, int(view.seat))) == sorted(str(c) for c in own)
    if view.seat != Hand.DUMMY:
        assert sorted(seat_faces(root, int(Hand.DUMMY))) == sorted(str(c) for c in deal.dummy)
    hidden = [h for h in Hand if h not in (view.seat, Hand.DUMMY)]
    assert backs(root) == sum(len(deal.hand(h)) for h in hidden)
    for h in hidden:
        assert seat_faces(root, int(h)) == []


@pytest.mark.parametrize("seed", range(4))
def test_pictures_of_a_view_do_not_depend_on_hidden_cards(seed: int) -> None:
    """Every deal consistent with a seat's observation draws the same picture
    for that seat: no hidden card can reach it."""
    for deal, seat in ((SpitzerDeal.from_seed(seed), seed % 4), (SpidgeDeal.from_seed(seed), seed % 3)):
        advance(deal, plays=9 + seed, seed=seed)
        view = deal.observation(seat)
        picture = svg.deal(view)
        for world in sample_deals(view, 5, seed=seed):
            assert svg.deal(world.observation(seat)) == picture
            assert repr(world.observation(seat)) == repr(view)


def test_repr_svg_hooks_draw_what_their_object_shows() -> None:
    """Notebooks call _repr_svg_: a card or set shows its cards; a deal every
    hand face up; an observation its own hand (and the dummy) face up, the
    hidden hands as backs."""
    assert faces(parse(Card("QC")._repr_svg_())) == ["QC"]
    assert sorted(faces(parse(CardSet("QC QS")._repr_svg_()))) == ["QC", "QS"]
    deal = SpitzerDeal.from_seed(3)
    root = parse(deal._repr_svg_())
    assert sorted(faces(root)) == sorted(str(c) for s in range(4) for c in deal.hand(s))
    assert backs(root) == 0
    root = parse(deal.observation(1)._repr_svg_())
    assert sorted(faces(root)) == sorted(str(c) for c in deal.hand(1)) and backs(root) == 24
    spidge = SpidgeDeal.from_seed(3)
    root = parse(spidge._repr_svg_())
    assert sorted(faces(root)) == sorted(str(c) for h in Hand for c in spidge.hand(h))
    assert backs(root) == 0
    view = spidge.observation(2)
    root = parse(view._repr_svg_())
    shown = [*spidge.hand(view.seat), *spidge.dummy]
    assert sorted(faces(root)) == sorted(str(c) for c in shown) and backs(root) == 26


def _card_corners(root: ET.Element, seat: int, axis: str) -> set[float]:
    """Where (*axis* "x" or "y") a seat's cards, faces or backs, are drawn."""
    for g in root.iter(f"{SVG}g"):
        if g.attrib.get("class") == "seat" and g.attrib["data-seat"] == str(seat):
            return {float(card.find(f"{SVG}rect").attrib[axis])  # type: ignore[union-attr]
                    for card in g.iter(f"{SVG}g")
                    if card.attrib.get("class", "").split(" ")[0] == "card"}
    raise AssertionError(f"no seat {seat}")


@pytest.mark.parametrize("dealer", range(3))
def test_a_spidge_deal_is_drawn_with_the_dealers_left_at_the_bottom(dealer: int) -> None:
    """The whole deal starts at the dealer's left (Hand.LEFT, who leads) at the
    bottom, the dummy on the left, then the right hand at the top."""
    deal = SpidgeDeal.from_seed(5, dealer=dealer)
    root = parse(svg.deal(deal))
    lowest = {h: max(_card_corners(root, int(h), "y")) for h in Hand}
    assert max(lowest, key=lowest.__getitem__) is Hand.LEFT
    assert min(lowest, key=lowest.__getitem__) is Hand.RIGHT  # opposite
    assert max(_card_corners(root, int(Hand.DUMMY), "x")) < min(
        _card_corners(root, int(Hand.DEALER), "x"))
    assert set(seat_faces(root, int(Hand.LEFT))) == {str(c) for c in deal.hand(Hand.LEFT)}


def test_repr_svg_of_card_sets_on_both_backends(backend) -> None:  # type: ignore[no-untyped-def]
    cards = backend["_cards"].CardSet("QC 7D AH")
    assert sorted(faces(parse(cards._repr_svg_()))) == ["7D", "AH", "QC"]


def test_observation_reprs_read_as_one_line() -> None:
    deal = SpitzerDeal.from_seed(42)
    text = repr(deal.observation(2))
    assert "\n" not in text and "seat 2" in text and deal.hand(2).unicode() in text
    spidge = SpidgeDeal.from_seed(7)
    spidge.play("AC")
    text = repr(spidge.observation(1))
    assert "trick 1: A♣(left)" in text and "dummy" in text


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(ArgumentTypeError, match="SpitzerDeal, SpidgeDeal"):
        svg.deal(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="positive"):
        svg.card("QC", size=0)
