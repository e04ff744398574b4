"""§10.15 property tests (TC-PROP-01 to TC-PROP-11) over random legal deals of every version.

Each version plays DEALS random legal hands through the protocol (the first 500 in every run,
the rest under -m long); every hand is checked at its end (cards, points, money, categories) and
round-trips through its record; every tenth hand also checks, at every decision, that the cards
are all accounted for and that no observation holds a card its seat may not know. Matches
(sessions) check that the money of the players and the fund never changes in total, stakes,
refills and the final split included.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from bt_builders import V2_CUSTOMS, VARIANTS
from long_runs import seed_batches

from tarock.bavarian.game import BavarianGame, BavarianState
from tarock.bavarian.options import SPECS
from tarock.bavarian.session import BavarianSession
from tarock.core import records
from tarock.core.errors import IllegalActionError

DEALS = 2000
STRING = re.compile(r'"([^"\\]*)"')
VERSIONS = {**VARIANTS, "V2-customs": V2_CUSTOMS,
            "V1P-short-kitty": {**VARIANTS["V1P"], "kitty_shortfall": "end_match",
                                "overshoot_rounding": "nearest", "seats": 4}}


def accounted(st: BavarianState) -> None:
    """Every card of the pack is in exactly one place."""
    places = [*st.hands, st.laid_away, sum(1 << c for c in st.trick)]
    places += [sum(1 << c for c in t.cards) for t in st.tricks]
    places.append(0 if st.talon_taken else st.talon_mask)
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == st.pack.deck.full_mask, "a card is missing"


def card_strings(value: Any, codes: set[str]) -> set[str]:
    """Every string in ``value`` (JSON data) that is a card code."""
    return set(STRING.findall(json.dumps(value))) & codes


def knowable(st: BavarianState, seat: int) -> int:
    """Cards ``seat`` may know: its own, those played, the talon once it may see it (BT-TALON-4,
    BT-PLAY-11), the cards laid away to the declarer, and the counted pile at the end."""
    mask = st.deal.hands[seat] | st.hands[seat]
    for t in st.tricks:
        mask |= sum(1 << c for c in t.cards)
    mask |= sum(1 << c for c in st.trick)
    if st.talon_visible(seat):
        mask |= st.talon_mask
    if st.laid_away and (seat == st.declarer or st.is_terminal()):
        mask |= st.laid_away
    return mask


def check_observations(st: BavarianState) -> None:
    codes = set(st.pack.deck.by_code)
    for seat in range(st.game.num_seats):
        seen = card_strings(st.observation(seat), codes)
        leaked = seen - set(st.pack.deck.codes(knowable(st, seat)))
        assert not leaked, f"seat {seat} sees {leaked} in phase {st.phase}"


def play(game: BavarianGame, seed: int, rng: random.Random, watch: bool) -> BavarianState:
    fund = None
    if game.opt.has_fund and rng.random() < 0.3:
        fund = rng.randrange(0, 60)  # a short fund: refills, partial payments, the end
    envelope = {} if fund is None else {"fund": fund}
    st = game.new_initial_state(game.deal(seed, seed % game.num_seats), seed % game.num_seats,
                                **envelope)
    bids = {q: 0 for q in range(game.num_seats)}
    steps = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        assert legal, f"no legal action in {st.phase}"  # TC-PROP-06
        p = st.current_player()
        assert p in st.active
        if st.phase == "play":
            mask = sum(1 << a.arg for a in legal)
            assert mask and not mask & ~st.hands[p]  # TC-PROP-06: a non-empty subset
            illegal = st.hands[p] & ~mask
            if illegal and watch:
                card = (illegal & -illegal).bit_length() - 1
                with pytest.raises(IllegalActionError):
                    st.apply(type(legal[0])("play", card))
        if st.phase == "auction" and legal[0].kind == "bid":
            bids[p] += 1
        if watch:
            check_observations(st)
            accounted(st)
        st.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 200  # TC-PROP-09: the auction and the hand terminate
    if game.opt.variant != "haferl":  # TC-PROP-09: one bid each in V1, V1B and V3
        assert max(bids.values()) <= 1
    accounted(st)
    check_observations(st)
    return st


def check_hand(st: BavarianState) -> None:
    result = st.result()
    opt, pack = st.opt, st.pack
    scores, pot = result["scores"], result["pot"]
    assert all(isinstance(x, int) for x in [*scores, pot])  # TC-PROP-10: whole u
    assert sum(scores) + pot == 0  # TC-PROP-02
    sitting_out = [q for q in range(st.game.num_seats) if q not in st.active]
    for q in sitting_out:
        refills = [i["amount"] for i in result["items"] if i["item"] == "refill" and
                   i["seat"] == q]
        assert scores[q] == sum(refills)  # only fund refills touch a sitting-out seat
    if result["outcome"] == "thrown_in":
        assert scores == [0] * len(scores) and pot == 0 and not st.tricks
        return
    p, pile = result["points"], pack.points(st.pile())
    defenders = sum(pack.points(sum(1 << c for c in t.cards)) for t in st.tricks
                    if t.winner != st.declarer)
    complete = len(st.tricks) == pack.tricks
    if not st.bettel:
        assert complete and p + defenders == 120  # TC-PROP-01, BT-DECK-3
        assert p >= pile  # TC-PROP-03
        if defenders == 120:
            assert pile == 0  # TC-PROP-04
        if opt.variant == "scharfer" and any(pack.deck.cards[c].points
                                             for c in range(pack.size) if st.pile() >> c & 1):
            assert p > 0  # TC-PROP-05
    else:  # TC-PROP-07
        decl_won = [t.winner == st.declarer for t in st.tricks]
        if any(decl_won):
            assert result["outcome"] == "lost"
            if opt.bettel_early_end:
                assert decl_won.index(True) == len(st.tricks) - 1
        else:
            assert complete and result["outcome"] == "won"
    if opt.variant == "simple" and result["tricks"]["declarer"] == pack.tricks:
        assert p == 120  # TC-PROP-08
    if opt.overshoot:  # TC-PROP-10: multiples of 5c, except a partial payment at the end
        partial = result["ends_match"] and st.fund < abs(result["pot"]) + 60
        if opt.overshoot_rounding != "none" and not partial:
            payments = [i["amount"] for i in result["items"] if i["item"] == "payment"]
            assert all(a % 10 == 0 for a in payments), payments
    # the record round trip
    record = records.record_from_state(st, seed=0)
    again = records.replay(json.loads(json.dumps(record)))
    assert records.record_from_state(again, seed=0) == record
    assert again.result() == result


@pytest.mark.parametrize("seeds", seed_batches(DEALS))
@pytest.mark.parametrize("version", list(VERSIONS))
def test_TC_PROP_01_to_10_random_deals(version: str, seeds: range) -> None:
    game = BavarianGame(VERSIONS[version])
    rng = random.Random(f"{version} {seeds.start}")
    outcomes: set[str] = set()
    for seed in seeds:
        st = play(game, seed, rng, watch=seed % 10 == 0)
        check_hand(st)
        outcomes.add(st.result()["outcome"])
    assert {"won", "lost", "thrown_in"} <= outcomes


SAMPLERS = {
    "bool": lambda spec, rng: rng.random() < 0.5,
    "choice": lambda spec, rng: rng.choice(spec.choices),
    "int_min": lambda spec, rng: rng.choice([spec.choices[0], 2, 5, 100]),
}


def random_options(rng: random.Random) -> dict[str, Any]:
    """About half of the options, each at a random value."""
    return {spec.key: SAMPLERS[spec.kind](spec, rng) for spec in SPECS if rng.random() < 0.5}


def test_TC_PROP_random_option_sets() -> None:
    rng = random.Random(11)
    for seed in range(400):
        game = BavarianGame(random_options(rng))
        check_hand(play(game, seed, rng, watch=seed % 8 == 0))


@pytest.mark.parametrize("version", ["V1P", "V1F", "V1B", "V2", "V2-customs", "V3",
                                     "V1P-short-kitty"])
def test_TC_PROP_11_matches_conserve_money(version: str) -> None:
    options = dict(VERSIONS[version])
    if version.startswith("V2"):
        options["haferl_pot_stake"] = 20  # pots run dry, so matches end
    if version == "V3":
        options["scharfer_bankroll"] = 200  # so that bankrolls run out
    if version == "V1P-short-kitty":
        options["kitty_stake"] = 20  # so that the kitty runs dry
    game = BavarianGame(options)
    rng = random.Random(version)
    ended = 0
    for match in range(20):
        names = [f"p{q}" for q in range(game.num_seats)]
        session = BavarianSession(game, names, seed=match)
        sheet = session.sheet
        start = sum(session.balances()) + session.fund
        while not session.is_over() and session.deal_number < 60:
            st = session.next_state()
            while not st.is_terminal():
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
            session.finish(st)
            assert sum(sheet.totals) + sheet.pot == 0
            assert sum(session.balances()) + session.fund == start
        ended += session.is_over()
        session.stop()
        assert session.fund == 0 and sum(sheet.totals) == 0  # BT-PAY-4
        assert sum(session.balances()) == start
        for record in session.records:
            records.validate(record)
    if version in ("V2", "V2-customs", "V1P-short-kitty", "V3"):
        assert ended


@pytest.mark.parametrize("version", ["V1B", "V2", "V3"])
def test_observation_does_not_depend_on_hidden_cards(version: str) -> None:
    """Exchanging a card between the two other seats changes nothing a seat observes while the
    same public actions stay legal (BT-DEAL-5, BT-PLAY-11)."""
    game = BavarianGame(VERSIONS[version])
    rng = random.Random(5)
    compared = 0
    for seed in range(200):
        st = game.new_deal_state(seed, dealer=2)
        seat = rng.choice(st.active)
        a, b = (q for q in st.active if q != seat)
        hands = list(st.deal.hands)
        ca = rng.choice([c for c in range(st.pack.size) if hands[a] >> c & 1])
        cb = rng.choice([c for c in range(st.pack.size) if hands[b] >> c & 1])
        hands[a] ^= (1 << ca) | (1 << cb)
        hands[b] ^= (1 << ca) | (1 << cb)
        twin = game.new_initial_state(type(st.deal)(tuple(hands), st.deal.talon), 2)
        while not st.is_terminal():
            assert st.observation(seat) == twin.observation(seat)
            compared += 1
            action = rng.choice(st.legal_actions())
            if action not in twin.legal_actions():
                break
            st.apply(action)
            twin.apply(action)
    assert compared > 1000
