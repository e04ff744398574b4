"""Hungarian tarokk for people: pagát, XXI, skíz and the Roman numerals, the French suits, the
bids, the bonuses (figurák) and the kontra ladder, in the words of :mod:`tarock.hungarian`'s
catalogue (``i18n/en.json``, ``i18n/hu.json``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarock.core.presentation import Presentation

RED_FOUR = {"HA": "HA.four", "DA": "DA.four"}  # HU-DECK-6: the red fours stand for the red aces


class HungarianPresentation(Presentation):
    package = "tarock.hungarian"

    def _card_key(self, code: str) -> str:
        if self.game.options.get("red_fours") and code in RED_FOUR:
            return RED_FOUR[code]
        return code

    def card_short(self, code: str) -> str:
        return self.t(f"card.{self._card_key(code)}")

    def card_long(self, code: str) -> str:
        return self.t(f"card.{self._card_key(code)}.long")

    def card_accessible(self, code: str) -> str:
        return self.t(f"card.{self._card_key(code)}.spoken")

    # -- actions -------------------------------------------------------------------------------

    def action_key(self, data: Mapping[str, Any]) -> str:
        kind = data.get("type")
        if kind == "raise" and data.get("bid") == "harom":
            return "action.raise.keep"
        if kind == "annul":
            return "action.annul.yes" if data.get("annul") else "action.annul.no"
        if kind == "count":
            return f"action.count.{data.get('count')}"
        return super().action_key(data)

    def action_text(self, data: Mapping[str, Any], obs: Mapping[str, Any] | None = None) -> str:
        """A kontra says its level: the one after the item's level in ``obs``, or ``level``
        when the record form carries it (the announcements row counts them)."""
        if data.get("type") != "kontra":
            return super().action_text(data, obs)
        level = data.get("level")
        if level is None:
            level = 1 + next((k.get("level", 0) for k in (obs or {}).get("kontra_levels", [])
                              if k.get("owner") == data.get("owner")
                              and k.get("item") == data.get("item")), 0)
        return self.t("action.kontra", level=self.t(f"kontra.{level}"),
                      item=self.term("item", data.get("item")),
                      owner=self.term("owner", data.get("owner")))

    def expected_choices(self, obs: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Passing in the auction (HU-BID-13, HU-BID-14 may forbid it) and any card in hand."""
        if obs.get("phase") == "auction":
            return [{"type": "bid", "bid": "passz"}]
        return super().expected_choices(obs)

    # -- the table -----------------------------------------------------------------------------

    def teams(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """Sides as the seat knows them (HU-IRR-2): the declarer; the partner once known to this
        seat; its own side; the sides the table has seen (announcements, the called card)."""
        if "declarer" not in obs:
            return {}
        declarer, me = obs["declarer"], obs.get("seat")
        sides: dict[int, str] = {}
        for seat in obs.get("active", []):
            if seat == declarer:
                sides[seat] = "declarer"
            elif "partner" in obs:
                sides[seat] = "partner" if seat == obs["partner"] else "o"
            elif seat == me and "my_team" in obs:
                sides[seat] = "partner" if obs["my_team"] == "declarer" else "o"
            else:
                sides[seat] = str((obs.get("public_side") or {}).get(str(seat), "unknown"))
        return {seat: self.t(f"side.{side}") for seat, side in sides.items()}

    def facts(self, obs: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        name = self.seat_name
        auction = obs.get("auction")
        if auction and "declarer" not in obs:
            rows.append((self.t("fact.auction"), "  ".join(
                f"{name(names, a.get('seat'))}: {self.term('bid', a.get('bid'))}"
                for a in auction)))
        if "declarer" in obs:
            text = self.t("ui.contract_line", contract=self.t(f"contract.{self._contract(obs)}"),
                          name=name(names, obs["declarer"]))
            if "called" in obs:
                text += " · " + self.t("ui.called_card", card=self.card_short(obs["called"]))
            rows.append((self.t("fact.contract"), text))
        sides = self.teams(obs)
        if sides and "called" in obs:
            rows.append((self.t("fact.teams"), "  ".join(
                f"{name(names, q)}: {s}" for q, s in sides.items())))
        talon = self._talon_text(obs, names)
        if talon:
            rows.append((self.t("fact.talon"), talon))
        said = self.announcements_text(obs, names)
        if said:
            rows.append((self.t("fact.announced"), said))
        kontras = [self.t("action.kontra", level=self.t(f"kontra.{k['level']}"),
                          item=self.term("item", k.get("item")),
                          owner=self.term("owner", k.get("owner")))
                   for k in obs.get("kontra_levels") or [] if k.get("level")]
        if kontras:
            rows.append((self.t("fact.kontra"), "; ".join(kontras)))
        if obs.get("claims"):
            rows.append((self.t("fact.counts"), ", ".join(
                f"{name(names, q)} {n}" for q, n in obs["claims"].items())))
        return rows

    def _contract(self, obs: Mapping[str, Any]) -> str:
        level = obs.get("level", 1)
        return ("harom", "harom", "ketto", "egy", "szolo")[level if 0 <= level <= 4 else 1]

    def _talon_text(self, obs: Mapping[str, Any], names: Sequence[str]) -> str:
        parts = []
        if obs.get("talon_received"):
            parts.append(self.t("ui.received_line",
                                cards=self.term("cards", obs["talon_received"])))
        if obs.get("discards"):
            parts.append(self.t("ui.discards_line", cards=self.term("cards", obs["discards"])))
        if obs.get("declarer_discarded_tarokks"):
            parts.append(self.t("ui.declarer_discarded",
                                cards=self.term("cards", obs["declarer_discarded_tarokks"])))
        if obs.get("discarded_tarokks"):
            parts.append(self.t("fact.discarded_tarokks") + ": " + ", ".join(
                f"{self.seat_name(names, q)} {n}" for q, n in obs["discarded_tarokks"].items()))
        if obs.get("common_pile_tarokks"):
            parts.append(self.t("ui.pile_tarokks", count=obs["common_pile_tarokks"]))
        return " · ".join(parts)

    def announcements_text(self, obs: Mapping[str, Any], names: Sequence[str]) -> str:
        """The announcements so far, each kontra at the level it reached when it was said;
        passes are left out (they say nothing)."""
        seen: dict[tuple[Any, Any], int] = {}
        said = []
        for a in obs.get("announcements") or []:
            if a.get("type") == "pass":
                continue
            data = dict(a)
            if a.get("type") == "kontra":
                key = (a.get("owner"), a.get("item"))
                seen[key] = data["level"] = seen.get(key, 0) + 1
            said.append(f"{self.seat_name(names, a.get('seat'))}: {self.action_text(data)}")
        return "; ".join(said)

    # -- results -------------------------------------------------------------------------------

    def result_breakdown(self, result: Mapping[str, Any], names: Sequence[str]
                         ) -> dict[str, Any]:
        """Each item under the side that scores it (a seat's count under that seat's side);
        the totals per side; the contract, the teams and the skíz holder as notes."""
        out = super().result_breakdown(result, names)
        if result.get("outcome") == "annulled":
            out["outcome"] = self.t("outcome.annulled",
                                    name=self.seat_name(names, result.get("annulled_by")))
        declarer, partner = result.get("declarer"), result.get("partner")
        out["columns"] = [self.t("col.declarer"), self.t("col.opponents")]
        totals = [0, 0]
        for item in result.get("items") or []:
            if "team" in item:
                column = 0 if item["team"] == "declarer" else 1
                label = self.t(f"bonus.{item.get('item')}")
                kind = self.t(f"kind.{item.get('kind')}") if item.get("kind") else ""
                if kind:
                    label += f" ({kind})"
            else:
                seat = item.get("seat")
                column = 0 if seat in (declarer, partner) else 1
                label = self.t(f"item.{item.get('item')}", name=self.seat_name(names, seat))
            points: list[int | None] = [None, None]
            points[column] = item.get("points", 0)
            totals[column] += item.get("points", 0)
            out["rows"].append({"label": label, "points": points})
        out["totals"] = totals if out["rows"] else []
        notes = out["notes"]
        if declarer is not None:
            line = self.t("ui.contract_line", contract=self.t(f"contract.{result.get('contract')}"),
                          name=self.seat_name(names, declarer))
            if "partner" in result:
                line += " · " + (self.t("ui.partner_of", name=self.seat_name(names, partner))
                                 if partner is not None
                                 else self.t("ui.alone", name=self.seat_name(names, declarer)))
            notes.append(line)
        extra = []
        if result.get("skiz_holder") is not None:
            extra.append(self.t("ui.skiz_holder",
                                name=self.seat_name(names, result["skiz_holder"])))
        if result.get("xxi_caught") is not None:
            extra.append(self.t("ui.xxi_caught", name=self.seat_name(names, result["xxi_caught"])))
        if extra:
            notes.append(" · ".join(extra))
        return out
