"""Ottocento for people: the Italian suits, the Angelo, Mondo, Sole, Luna, the Moors, the Bagatto
and the Matto, the cricche and sequences, the signals (busso, volo, striscio), the two teams and
the rubber, in the words of :mod:`tarock.ottocento`'s catalogue (``i18n/en.json``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarock.core.presentation import Presentation

SUBSTITUTED = frozenset({"ANGELO", "MONDO", "SOLE", "LUNA", *(f"T{n}" for n in range(5, 17)),
                         "M1", "M2", "M3", "M4", "BAG", "MATTO"})


class OttocentoPresentation(Presentation):
    package = "tarock.ottocento"

    def card_key(self, code: str) -> str:
        """OT-V-7: with a substitute tarot pack the trumps carry that pack's numerals."""
        if self.game.options.get("deck_faces") == "substitute_tarot" and code in SUBSTITUTED:
            return f"card.{code}.substitute"
        return super().card_key(code)

    def action_key(self, data: Mapping[str, Any]) -> str:
        if data.get("type") == "play" and data.get("signal"):
            return "action.play.signal"
        return super().action_key(data)

    def team_seats(self, seats: int) -> list[list[int]]:
        """OT-NOT-5: partners sit opposite (seats 0 and 2, 1 and 3); two players play alone."""
        if seats == 2:
            return [[0], [1]]
        return [[s for s in range(seats) if s % 2 == t] for t in (0, 1)]

    def team_names(self, seats: int, names: Sequence[str]) -> list[str]:
        return [" & ".join(self.seat_name(names, s) for s in team)
                for team in self.team_seats(seats)]

    def sides(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """The teams are fixed by the seats (OT-NOT-5), so every seat knows them."""
        seats = int(obs.get("seats", 4))
        mine = obs.get("team")
        return {s: "us" if t == mine else "them" for t, team
                in enumerate(self.team_seats(seats)) for s in team}

    def facts(self, obs: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, str]]:
        seats = int(obs.get("seats", 4))
        teams = self.team_names(seats, names)
        rows: list[tuple[str, str]] = []
        mine = obs.get("team")
        rows.append((self.t("fact.teams"), " · ".join(
            f"{n} ({self.t('ui.your_team')})" if t == mine else n for t, n in enumerate(teams))))
        totals = obs.get("totals") or [0, 0]
        progress = self._rubber_line(teams, totals, obs.get("target_score"))
        declared = obs.get("declared_points")
        if declared and any(declared):
            progress += " · " + self.t("ui.declared_points", a=declared[0], b=declared[1])
        rows.append((self.t("fact.rubber"), progress))
        said = [f"{self.seat_name(names, d.get('seat'))}: "
                f"{self.t('combination.' + str(d.get('kind')))} {d.get('points', '')}".rstrip()
                for d in obs.get("declarations") or []]
        if said:
            rows.append((self.t("fact.declared"), "; ".join(said)))
        if obs.get("claim_shown"):
            rows.append((self.t("fact.claim"), "; ".join(
                self.t(f"combination.{c.get('kind')}") for c in obs["claim_shown"])))
        talon = []
        if obs.get("talon_received"):
            talon.append(self.t("ui.received_line",
                                cards=self.term("cards", obs["talon_received"])))
        if obs.get("discard"):
            talon.append(self.t("ui.discards_line", cards=self.term("cards", obs["discard"])))
        if talon:
            rows.append((self.t("fact.talon"), " · ".join(talon)))
        if obs.get("set_aside"):
            rows.append((self.t("fact.set_aside"), self.term("cards", obs["set_aside"])))
        if obs.get("signal"):
            rows.append((self.t("fact.signal"),
                         self.t("ui.lead_signal", signal=self.term("signal", obs["signal"]))))
        return rows

    def _rubber_line(self, teams: Sequence[str], totals: Sequence[int], target: Any) -> str:
        if self.game.options.get("match_format") == "quattro_scartate":
            return self.t("ui.rubber_four", a=teams[0], ta=totals[0], b=teams[1], tb=totals[1])
        return self.t("ui.rubber_line", a=teams[0], ta=totals[0], b=teams[1], tb=totals[1],
                      target=target if target is not None else "")

    def result_breakdown(self, result: Mapping[str, Any], names: Sequence[str]
                         ) -> dict[str, Any]:
        """Each team's declarations and pile items with the combinations they hold, the deal's
        points per team and the rubber's totals."""
        out = super().result_breakdown(result, names)
        scores = result.get("scores") or []
        teams = self.team_names(len(scores) or 4, names)
        out["columns"] = teams
        rows: dict[str, dict[str, Any]] = {}  # one row per item, both teams side by side
        for item in result.get("items") or []:
            team = item.get("team", 0)
            label = self.t(f"item.{item.get('item')}")
            row = rows.setdefault(label, {"label": label, "points": [None, None]})
            row["points"][team] = item.get("points", 0)
            combos = item.get("combinations") or []
            if combos:
                said = ", ".join(self.t("ui.combo", kind=self.t(f"combination.{c.get('kind')}"),
                                        points=c.get("points", "")) for c in combos)
                row.setdefault("details", []).append(f"{teams[team]}: {said}")
        out["rows"] = list(rows.values())
        out["totals"] = list(result.get("team_points") or [])
        notes = out["notes"]
        if result.get("matto_exchange"):
            notes.append(self.t("ui.matto_exchange",
                                card=self.card_short(result["matto_exchange"])))
        totals = result.get("totals")
        if totals:
            notes.append(f"{self.t('ui.rubber_total')}: " + " · ".join(
                f"{n}: {v}" for n, v in zip(teams, totals, strict=False)))
        if result.get("rubber_over"):
            winner = result.get("winner")
            notes.append(self.t("ui.rubber_draw") if winner == "draw" else
                         self.t("ui.rubber_over", name=teams[winner]
                                if isinstance(winner, int) else ""))
        return out

    def summary_text(self, key: str, value: Any) -> str:
        """The rubber's target and winner are the engine's words where they are not numbers
        or names: the four-deal format, a drawn rubber."""
        if key == "target" and value == "quattro_scartate":
            return self.t("option.match_format.quattro_scartate")
        if key == "winner" and value == "draw":
            return self.t("ui.draw")
        return super().summary_text(key, value)
