"""Bavarian tarock for people: the German suits and ranks, the bids (Frage, Solo, Bettel,
Herzsolo, the Handspiel targets), the trump of the deal, the talon and the kitty, in the words
of :mod:`tarock.bavarian`'s catalogue (``i18n/en.json``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarock.core.presentation import Presentation

TEAMS = ("declarer", "defenders")


class BavarianPresentation(Presentation):
    package = "tarock.bavarian"

    def trump_suit(self, obs: Mapping[str, Any] | None) -> str:
        """The suit named trump for this deal (BT-TRUMP); none before it is named."""
        trump = (obs or {}).get("trump")
        return trump if isinstance(trump, str) else "T"

    def action_key(self, data: Mapping[str, Any]) -> str:
        kind = data.get("type")
        if kind == "bid" and data.get("bid") in ("hand", "pickup"):
            return f"action.bid.{data['bid']}"
        if kind == "raise":
            return f"action.raise.{data.get('raise')}"
        return super().action_key(data)

    def teams(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """Once the auction has a declarer, everyone else defends against him (BT-PLAY)."""
        if "declarer" not in obs:
            return {}
        return {seat: self.t("side.declarer" if seat == obs["declarer"] else "side.defender")
                for seat in obs.get("active", [])}

    def facts(self, obs: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        auction = obs.get("auction") or []
        if auction and "contract" not in obs:
            rows.append((self.t("fact.auction"), "  ".join(
                f"{self.seat_name(names, a.get('seat'))}: {self._call_text(a)}"
                for a in auction)))
        if "declarer" in obs:
            text = self.t("ui.contract_line",
                          contract=self.t(f"contract.{obs.get('contract')}")
                          if "contract" in obs else "…",
                          name=self.seat_name(names, obs["declarer"]))
            if obs.get("target") is not None and obs.get("contract") == "hand":
                text += " · " + self.t("ui.target", target=obs["target"])
            rows.append((self.t("fact.contract"), text))
        if "trump" in obs:
            rows.append((self.t("fact.trump"), self.suit_name(obs["trump"]) if obs["trump"]
                         else self.t("ui.no_trump")))
        if "talon" in obs:
            rows.append((self.t("fact.talon"), self.term("cards", obs["talon"])))
        if obs.get("laid_away"):
            rows.append((self.t("fact.laid_away"), self.term("cards", obs["laid_away"])))
        if "fund" in obs:
            rows.append((self.t("fact.kitty"), self.t("ui.kitty_line", amount=obs["fund"])))
        return rows

    def _call_text(self, entry: Mapping[str, Any]) -> str:
        """An auction entry: its record form where the observation gives it."""
        action = entry.get("action")
        return self.action_text(action) if isinstance(action, Mapping) else str(entry.get("bid"))

    def result_breakdown(self, result: Mapping[str, Any], names: Sequence[str]
                         ) -> dict[str, Any]:
        """Card points and the Schneider / Schwarz marks per side; payments are the scores; the
        kitty, the contract and the tricks as notes."""
        out = super().result_breakdown(result, names)
        out["columns"] = [self.t("col.declarer"), self.t("col.defenders")]
        totals: list[int] = [0, 0]
        notes = out["notes"]
        for item in result.get("items") or []:
            kind = item.get("item")
            if kind in ("payment",):
                continue  # the scores per seat show them
            if kind == "fund":
                notes.append(f"{self.t('fact.kitty')}: {item.get('amount', 0):+d}")
                continue
            column = TEAMS.index(item["team"]) if item.get("team") in TEAMS else 0
            points: list[int | str | None] = [None, None]
            points[column] = item.get("points", self.t("ui.made"))
            if isinstance(item.get("points"), int):
                totals[column] += item["points"]
            out["rows"].append({"label": self.t(f"item.{kind}"), "points": points})
        out["totals"] = totals if out["rows"] else []
        if result.get("declarer") is not None:
            line = self.t("ui.contract_line", contract=self.t(f"contract.{result.get('contract')}"),
                          name=self.seat_name(names, result["declarer"]))
            if result.get("contract") == "hand" and result.get("target") is not None:
                line += " · " + self.t("ui.target", target=result["target"])
            if result.get("trump"):
                line += f" · {self.t('fact.trump')}: {self.suit_name(result['trump'])}"
            notes.insert(0, line)
        tricks = result.get("tricks")
        if isinstance(tricks, Mapping):
            notes.append(self.t("ui.tricks_taken", declarer=tricks.get("declarer", 0),
                                defenders=tricks.get("defenders", 0)))
        return out
