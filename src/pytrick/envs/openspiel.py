"""Spitzer and Spidge as OpenSpiel games: ``python_spitzer`` and ``python_spidge``.

Importing this module registers both with ``pyspiel.register_game``, so
``pyspiel.load_game("python_spitzer")`` works and OpenSpiel's algorithms
(ISMCTS, MCTS rollouts, CFR-style tree walks on small variants,
``evaluate_bots``) run on them.  Both are sequential, imperfect-information,
general-sum games with explicit chance: the deal is a chance node per card
(the pack, top card first, then dealt as the rules say: Spitzer 3-2-3 from
the dealer's left, Spidge one card at a time), and one episode is one deal
whose returns are the players' game points.  Player actions are those of
:mod:`pytrick.batch` (Spitzer: cards 0..31 by dense action, 32 + code
announces; Spidge: card numbers, the dealer choosing the dummy's cards too).

The parameters are ``dealer`` (default 0) and every field of
:class:`~pytrick.spitzer.SpitzerRules` / :class:`~pytrick.spidge.SpidgeRules`
with its default, checked by the rules class (a bad value raises its
:class:`~pytrick.RulesError`); ``str(game)`` names them all, so
``pyspiel.load_game(str(game))`` and a serialized state keep the rules.

Observation tensors are the versioned tensors of :mod:`pytrick.tensors`;
the information-state tensor appends the one-hot sequence of every move
so far (perfect recall).  OpenSpiel's observers (``make_observation``)
also give the public information alone (``private_info=NONE``), every hand
(``ALL_PLAYERS``) and the private observation (``public_info=False``: the
cards alone), with or without perfect recall.
``resample_from_infostate`` draws a deal exactly and uniformly from those
consistent with the player's information (:func:`pytrick.sample_deals`), as
ISMCTS needs.

>>> import pyspiel
>>> import pytrick.envs.openspiel
>>> game = pyspiel.load_game("python_spidge")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.observation_tensor())
(1, 682)
>>> sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
>>> world = state.resample_from_infostate(1, sampler)
>>> world.information_state_string(1) == state.information_state_string(1)
True
>>> variant = pyspiel.load_game("python_spidge(jokers=False)")
>>> variant.rules.jokers, len(variant.new_initial_state().chance_outcomes())
(False, 52)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from pytrick.envs._games import SPIDGE, SPITZER, GameSpec
from pytrick.inference import sample_deals
from pytrick.spidge import SpidgeDeal, SpidgeRules
from pytrick.spidge.table import player_of
from pytrick.spitzer import SpitzerDeal, SpitzerRules
from pytrick.tensors import HANDS_SHAPE
from trickcore import spidge as core_spidge
from trickcore import spitzer as core_spitzer
from trickcore.card import Card
from trickcore.errors import InvalidArgumentError, PytrickError

__all__ = ["SpidgeGame", "SpitzerGame", "register"]

_SPITZER_PACK = sorted(core_spitzer.PACK)


@functools.cache
def _spitzer_seats(dealer: int) -> tuple[int, ...]:
    """The seat each pack position goes to, as the core deals a pack
    (``deal_pack``: 3-2-3 from the dealer's left)."""
    hands = core_spitzer.deal_pack(_SPITZER_PACK, dealer)
    return tuple(next(seat for seat, hand in enumerate(hands) if hand >> int(card) & 1)
                 for card in _SPITZER_PACK)


class _Rules:
    """What differs between the two games here: the pack and its deal, under
    the rule options *options* (a SpitzerRules or SpidgeRules)."""

    #: The hands dealt, as the strings name them (index: ``hand_dealt``).
    hand_names: tuple[str, ...]

    def __init__(self, spec: GameSpec[Any], pack: list[int], players: int, options: Any) -> None:
        self.spec = spec
        self.pack = pack
        self.players = players
        #: The rule options every deal of the game is played by.
        self.options = options
        #: The chance actions of the pack's cards (a chance node takes no other).
        self.chance_actions = frozenset(self.chance_action(c) for c in pack)

    def chance_action(self, card: int) -> int:
        raise NotImplementedError

    def card_of_chance(self, action: int) -> int:
        raise NotImplementedError

    def deal(self, pack: list[int], dealer: int) -> Any:
        raise NotImplementedError

    def pack_of(self, deal: Any) -> list[int]:
        """A pack (card numbers, top first) that deals *deal*'s starting hands."""
        raise NotImplementedError

    def hand_seen(self, deal: Any, player: int) -> str:
        """The cards dealt to *player* (Spidge: the dealer's own, not the dummy)."""
        raise NotImplementedError

    def public_seen(self, deal: Any) -> str:
        """The starting cards everyone has seen (Spidge: the dummy)."""
        raise NotImplementedError

    def starting_hands(self, deal: Any) -> list[str]:
        """Every starting hand, in the order of ``hand_names``."""
        raise NotImplementedError

    def dealt_to(self, position: int, dealer: int) -> int:
        """The player who receives pack *position*, or -1 (Spidge's dummy)."""
        raise NotImplementedError

    def hand_dealt(self, position: int, dealer: int) -> int:
        """The hand (an index of ``hand_names``) pack *position* goes to."""
        raise NotImplementedError


class _SpitzerRules(_Rules):
    hand_names = ("seat 0", "seat 1", "seat 2", "seat 3")

    def chance_action(self, card: int) -> int:
        return int(core_spitzer.action_index(card))

    def card_of_chance(self, action: int) -> int:
        return int(core_spitzer.card_of_action(action))

    def deal(self, pack: list[int], dealer: int) -> SpitzerDeal:
        return SpitzerDeal.from_pack(pack, dealer, rules=self.options)

    def pack_of(self, deal: SpitzerDeal) -> list[int]:
        hands = [sorted(deal.original_hand(s)) for s in range(4)]
        return [hands[seat].pop(0) for seat in _spitzer_seats(deal.dealer)]

    def hand_seen(self, deal: SpitzerDeal, player: int) -> str:
        return str(deal.original_hand(player))

    def public_seen(self, deal: SpitzerDeal) -> str:
        return ""

    def starting_hands(self, deal: SpitzerDeal) -> list[str]:
        return [str(deal.original_hand(seat)) for seat in range(4)]

    def dealt_to(self, position: int, dealer: int) -> int:
        return self.hand_dealt(position, dealer)  # every hand is a seat's

    def hand_dealt(self, position: int, dealer: int) -> int:
        return _spitzer_seats(dealer)[position]


class _SpidgeRules(_Rules):
    # The table hands 0..3 (pytrick.spidge.Hand), the dummy face up once dealt.
    hand_names = ("left", "dummy", "right", "dealer")

    def chance_action(self, card: int) -> int:
        return card

    def card_of_chance(self, action: int) -> int:
        return action

    def deal(self, pack: list[int], dealer: int) -> SpidgeDeal:
        return SpidgeDeal.from_pack(pack, dealer, rules=self.options)

    def pack_of(self, deal: SpidgeDeal) -> list[int]:
        hands = [sorted(h) for h in deal.initial_hands]
        return [hands[i % 4][i // 4] for i in range(52)]

    def hand_seen(self, deal: SpidgeDeal, player: int) -> str:
        return str(deal.initial_hands[deal.hand_of(player)])

    def public_seen(self, deal: SpidgeDeal) -> str:
        return f"dummy {deal.initial_hands[1]}"

    def starting_hands(self, deal: SpidgeDeal) -> list[str]:
        return [str(hand) for hand in deal.initial_hands]

    def dealt_to(self, position: int, dealer: int) -> int:
        hand = self.hand_dealt(position, dealer)
        return -1 if hand == 1 else player_of(hand, dealer)

    def hand_dealt(self, position: int, dealer: int) -> int:
        return position % 4


@functools.cache
def _spitzer_rules(options: SpitzerRules) -> _SpitzerRules:
    return _SpitzerRules(SPITZER, [int(c) for c in _SPITZER_PACK], 4, options)


@functools.cache
def _spidge_rules(options: SpidgeRules) -> _SpidgeRules:
    # Without jokers the pack has 2♦ and 2♥ in their place (RULES.md 2.3).
    return _SpidgeRules(SPIDGE, [int(c) for c in core_spidge.pack(options.jokers)], 3, options)


_SPITZER_RULES = _spitzer_rules(SpitzerRules())
_SPIDGE_RULES = _spidge_rules(SpidgeRules())


def _parameters(rules_type: type[SpitzerRules] | type[SpidgeRules]) -> dict[str, Any]:
    """The game parameters: ``dealer`` and every field of *rules_type*, with
    its default (OpenSpiel takes the type of each parameter from its default)."""
    fields = {field.name: field.default for field in dataclasses.fields(rules_type)}
    return {"dealer": 0, **fields}


def _game_type(short: str, long: str, players: int,
               rules_type: type[SpitzerRules] | type[SpidgeRules]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(rules_type),
        provides_factored_observation_string=True,
    )


class _TrickGame(pyspiel.Game):
    _rules: _Rules

    def __init__(self, game_type: pyspiel.GameType, max_utility: float,
                 params: dict[str, Any] | None) -> None:
        spec = self._rules.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=len(self._rules.pack) if spec.name == "spitzer" else 54,
            num_players=self._rules.players,
            min_utility=0.0,
            max_utility=max_utility,
            utility_sum=None,
            max_game_length=spec.max_moves,
        )
        # load_game fills in the defaults; a game made directly gets them here.
        defaults = _parameters(spec.rules_type)
        unknown = sorted(set(params or {}) - set(defaults))
        if unknown:
            raise InvalidArgumentError(
                f"{game_type.short_name} has no parameter {', '.join(unknown)}: its parameters "
                f"are {', '.join(sorted(defaults))}")
        super().__init__(game_type, info, {**defaults, **(params or {})})
        parameters = self.get_parameters()
        dealer = int(parameters["dealer"])
        if not 0 <= dealer < self._rules.players:
            raise InvalidArgumentError(f"dealer must be 0..{self._rules.players - 1}, not {dealer}")
        self.dealer = dealer
        # The rules class checks the options: a bad value raises its RulesError.
        rules_type = spec.rules_type
        options = rules_type.from_dict(
            {field.name: parameters[field.name] for field in dataclasses.fields(rules_type)})
        self._rules = self._rules_for(options)

    @staticmethod
    def _rules_for(options: Any) -> _Rules:
        raise NotImplementedError

    def new_initial_state(self) -> _TrickState:
        return _TrickState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self, iig_obs_type, params)


class _TrickState(pyspiel.State):
    """A deal in progress: the pack being dealt, then the deal itself."""

    def __init__(self, game: _TrickGame) -> None:
        super().__init__(game)
        self._rules = game._rules
        self._dealer = game.dealer
        self._pack: list[int] = []
        self._dealt: set[int] = set()
        self._deal: Any = None
        #: Every player action so far, for the information state.
        self.moves: list[int] = []

    @property
    def deal(self) -> Any:
        """The deal (None while the pack is being dealt)."""
        return self._deal

    def current_player(self) -> int:
        if self._deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self._rules.spec.actor(self._deal)
        return int(pyspiel.PlayerId.TERMINAL) if actor is None else actor

    def _legal_actions(self, player: int) -> list[int]:
        return [int(a) for a in self._rules.spec.legal_actions(self._deal)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in self._rules.pack if c not in self._dealt]
        p = 1.0 / len(left)
        return sorted((self._rules.chance_action(c), p) for c in left)

    def _apply_action(self, action: int) -> None:
        if self._deal is None:
            self._pack.append(self._card_to_deal(action))
            self._dealt.add(self._pack[-1])
            if len(self._pack) == len(self._rules.pack):
                self._deal = self._rules.deal(self._pack, self._dealer)
            return
        self._rules.spec.apply(self._deal, action)
        self.moves.append(action)

    def _card_to_deal(self, action: int) -> int:
        """The card chance *action* deals; a card not in the pack, or dealt
        already, is refused before the state changes (the pack could never
        be dealt whole)."""
        rules = self._rules
        if action not in rules.chance_actions:
            raise InvalidArgumentError(
                f"chance action {action} deals no card of the {rules.spec.name} pack: "
                "the chance outcomes are the cards not yet dealt")
        card = rules.card_of_chance(action)
        if card in self._dealt:
            raise InvalidArgumentError(
                f"chance action {action} deals {Card(card)}, dealt already: the chance "
                "outcomes are the cards not yet dealt")
        return card

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(self._rules.card_of_chance(action))}"
        return self._rules.spec.action_name(action)

    def is_terminal(self) -> bool:
        return self._deal is not None and self._deal.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._rules.players
        return [float(p) for p in self._rules.spec.points(self._deal)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _TrickState:
        """A state whose hidden cards are drawn exactly and uniformly among
        those consistent with *player_id*'s information (same moves, same
        information state); *probability_sampler()* seeds the draw."""
        if self._deal is None:
            raise PytrickError("resample_from_infostate: the cards are still being dealt")
        seed = int(probability_sampler() * 2**53)
        world = sample_deals(self._deal.observation(player_id), 1, seed=seed)[0]
        state: _TrickState = self.get_game().new_initial_state()
        for card in self._rules.pack_of(world):
            state.apply_action(self._rules.chance_action(card))
        for move in self.moves:
            state.apply_action(move)
        return state

    def __str__(self) -> str:
        if self._deal is None:
            dealt = len(self._pack)
            return f"dealing: {dealt} card{'' if dealt == 1 else 's'} dealt"
        return repr(self._deal)


class _Observer:
    """OpenSpiel's observer protocol over :mod:`pytrick.tensors`.

    Every view is seen from the player's seat, as pytrick's tensors are.
    With the public information (``public_info=True``, the default),
    *private_info* says whose hands are added to it:

    * SINGLE_PLAYER (the default): ``observation``, the player's tensor;
    * NONE: ``observation``, his tensor with its private planes zero
      (:func:`~pytrick.tensors.encode_public_observation`);
    * ALL_PLAYERS: ``observation``, his tensor, then ``hands``, every hand's
      cards (:func:`~pytrick.tensors.encode_hands`).

    With perfect recall the one-hot sequence of all moves, all of them
    public, follows (``moves``).  Without the public information (OpenSpiel's
    private observation) only the cards are left: ``hand``, the player's
    (SINGLE_PLAYER), or ``hands`` (ALL_PLAYERS); with perfect recall ``dealt``,
    the same as they were dealt.  While the cards are dealt the tensor is zero.
    """

    def __init__(self, game: _TrickGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise InvalidArgumentError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        public = bool(iig_obs_type.public_info)
        private = iig_obs_type.private_info
        if not public and private == pyspiel.PrivateInfoType.NONE:
            raise InvalidArgumentError(
                "an observation of nothing (public_info=False, private_info=NONE) is not "
                "provided: with public_info=True, private_info may be SINGLE_PLAYER (the "
                "player's own hand), NONE (no hand) or ALL_PLAYERS (every hand); with "
                "public_info=False, SINGLE_PLAYER or ALL_PLAYERS; each with or without "
                "perfect_recall")
        spec = game._rules.spec
        self._spec = spec
        self._rules = game._rules
        self._public = public
        self._private = private
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        every = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        hands = HANDS_SHAPE[spec.name]
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if not public:
            name = "dealt" if self._perfect_recall else "hands" if every else "hand"
            pieces.append((name, hands if every else hands[1:]))
        else:
            pieces.append(("observation", (spec.observation_size,)))
            if every:
                pieces.append(("hands", hands))
            if self._perfect_recall:
                pieces.append(("moves", (spec.max_moves, spec.actions)))
        self._pieces = pieces
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            sum(math.prod(shape) for _, shape in pieces), np.float32)
        self.dict = self._views(self.tensor)

    def _views(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The named pieces of *tensor*, as views."""
        views = {}
        offset = 0
        for name, shape in self._pieces:
            size = math.prod(shape)
            views[name] = tensor[offset:offset + size].reshape(shape)
            offset += size
        return views

    def set_from(self, state: _TrickState, player: int) -> None:
        self._fill(self.dict, state, player)

    def _fill(self, views: dict[str, npt.NDArray[np.float32]], state: _TrickState,
              player: int) -> None:
        for view in views.values():
            view.fill(0)
        deal = state.deal
        if deal is None:
            return
        spec = self._spec
        if "observation" in views:
            if self._private == pyspiel.PrivateInfoType.NONE:
                views["observation"][:] = spec.observe_public(deal, player)
            else:
                views["observation"][:] = spec.observe(deal, player)
        for name in ("hand", "hands", "dealt"):
            if name in views:
                hands = spec.observe_hands(deal, player, dealt=name == "dealt")
                # Row 0 is the player's own hand.
                views[name][:] = hands if views[name].ndim == 2 else hands[0]
        if "moves" in views:
            moves = views["moves"]
            for i, action in enumerate(state.moves):
                moves[i, action] = 1

    def string_from(self, state: _TrickState, player: int) -> str:
        rules = self._rules
        deal = state.deal
        if deal is None:
            return f"player {player} {self._dealing(state, player)}"
        if self._perfect_recall:
            parts = [f"player {player}", self._seen(deal, player)]
            if self._public:
                parts.append(f"moves {' '.join(rules.spec.action_name(a) for a in state.moves)}")
            return " ".join(filter(None, parts))
        # Without recall the string is the tensor: its nonzero entries.
        tensor = np.zeros_like(self.tensor)
        self._fill(self._views(tensor), state, player)
        ones = np.flatnonzero(tensor)
        return f"player {player} observes {dict(zip(ones.tolist(), tensor[ones].tolist(), strict=True))}"

    def _seen(self, deal: Any, player: int) -> str:
        """The starting cards this observation shows to *player*."""
        rules = self._rules
        public = rules.public_seen(deal) if self._public else ""
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return f"hand {rules.hand_seen(deal, player)} {public}".rstrip()
        if self._private == pyspiel.PrivateInfoType.NONE:
            return public
        return f"hands {_hands_text(rules.hand_names, rules.starting_hands(deal))}"

    def _dealing(self, state: _TrickState, player: int) -> str:
        """What the observation shows while the cards are dealt face down."""
        rules = self._rules
        dealer = state.get_game().dealer
        if self._private == pyspiel.PrivateInfoType.NONE:
            dealt = len(state._pack)
            return f"dealing: {dealt} card{'' if dealt == 1 else 's'} dealt"
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            # Spidge's dummy is turned up only once the deal is complete.
            seen = [str(Card(c)) for i, c in enumerate(state._pack)
                    if rules.dealt_to(i, dealer) == player]
            return f"dealt {' '.join(seen)}"
        hands: list[list[str]] = [[] for _ in rules.hand_names]
        for i, c in enumerate(state._pack):
            hands[rules.hand_dealt(i, dealer)].append(str(Card(c)))
        return f"dealt {_hands_text(rules.hand_names, [' '.join(cards) for cards in hands])}"


def _hands_text(names: tuple[str, ...], hands: list[str]) -> str:
    """Hands named by *names*: ``seat 0 7C 8C, seat 1 -, ...``."""
    return ", ".join(f"{name} {hand or '-'}" for name, hand in zip(names, hands, strict=True))


_SPITZER_TYPE = _game_type("python_spitzer", "Python Spitzer (pytrick)", 4, SpitzerRules)
_SPIDGE_TYPE = _game_type("python_spidge", "Python Spidge (pytrick)", 3, SpidgeRules)


class SpitzerGame(_TrickGame):
    """Spitzer for OpenSpiel: four players; the parameters are *dealer*
    (default 0) and the fields of :class:`~pytrick.spitzer.SpitzerRules`,
    with its defaults (``python_spitzer(schneider_announcement=True)``)."""

    _rules = _SPITZER_RULES

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_SPITZER_TYPE, 42.0, params)

    @property
    def rules(self) -> SpitzerRules:
        """The rule options every deal of this game is played by (from the
        game's parameters)."""
        options: SpitzerRules = self._rules.options
        return options

    @staticmethod
    def _rules_for(options: Any) -> _Rules:
        return _spitzer_rules(options)


class SpidgeGame(_TrickGame):
    """Spidge for OpenSpiel: three players; the parameters are *dealer*
    (default 0) and the fields of :class:`~pytrick.spidge.SpidgeRules`,
    with its defaults (``python_spidge(jokers=False)``)."""

    _rules = _SPIDGE_RULES

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_SPIDGE_TYPE, 4.0, params)

    @property
    def rules(self) -> SpidgeRules:
        """The rule options every deal of this game is played by (from the
        game's parameters)."""
        options: SpidgeRules = self._rules.options
        return options

    @staticmethod
    def _rules_for(options: Any) -> _Rules:
        return _spidge_rules(options)


def register() -> None:
    """Register both games with OpenSpiel (done on import; idempotent)."""
    names = set(pyspiel.registered_names())
    for game_type, cls in ((_SPITZER_TYPE, SpitzerGame), (_SPIDGE_TYPE, SpidgeGame)):
        if game_type.short_name not in names:
            pyspiel.register_game(game_type, cls)


register()
