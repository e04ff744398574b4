// The replay viewer: any finished deal of the table, step by step, every hand open (a deal's
// record is public once it is over). It reads GET /api/tables/{id}/replay/{deal}.

import { cardSVG } from "./cards.js";
import { h } from "./i18n.js";

export async function openReplay(tableId, cat, panel) {
  const { t } = cat;
  const body = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}/records`)).text();
  const count = body.split("\n").filter(Boolean).length;
  const close = h("button", { type: "button", class: "tool", onclick: () => { panel.hidden = true; } },
    t("web.close"));
  const pick = h("select", { "aria-label": t("web.replay") });
  for (let deal = 0; deal < count; deal++) {
    pick.append(new Option(t("ui.deal_n", { number: deal + 1 }), String(deal)));
  }
  const stage = h("div", { class: "replay-stage" });
  panel.replaceChildren(h("div", { class: "replay-box panel" },
    h("div", { class: "replay-head" }, h("h2", {}, t("web.replay")), pick, close),
    count ? stage : h("p", { class: "muted" }, t("web.no_trick"))));
  panel.hidden = false;
  close.focus();
  if (!count) return;
  const show = async () => {
    const data = await (await fetch(
      `/api/tables/${encodeURIComponent(tableId)}/replay/${pick.value}?lang=${cat.lang}`)).json();
    steps(data, cat, stage);
  };
  pick.addEventListener("change", show);
  pick.value = String(count - 1);
  await show();
}

function steps(data, cat, stage) {
  const { t } = cat;
  let at = 0;
  const draw = (code) => h("span", { class: "card-face small", role: "img",
    "aria-label": t(`card.${code}.spoken`), title: t(`card.${code}.long`),
    html: cardSVG(data.game, code, { short: t(`card.${code}`), name: t(`card.${code}`) }) });
  const slider = h("input", { type: "range", min: 0, max: data.steps.length - 1, value: 0,
    "aria-label": t("web.replay") });
  const label = h("span", { class: "muted" });
  const view = h("div", { class: "replay-view" });
  const go = (n) => {
    at = Math.max(0, Math.min(data.steps.length - 1, n));
    slider.value = String(at);
    const step = data.steps[at];
    label.textContent = t("web.step", { n: at, total: data.steps.length - 1 });
    const trick = step.public.trick ?? [];
    view.replaceChildren(
      h("p", { class: "replay-text" }, step.seat === null ? "" : `${data.names[step.seat]}: ${step.text}`),
      h("div", { class: "replay-trick" }, trick.map((p) => h("span", {}, draw(p.card),
        h("small", {}, data.names[p.seat])))),
      ...step.hands.map((cards, seat) => h("div", { class: "replay-hand" },
        h("strong", {}, data.names[seat]), h("div", { class: "mini-hand" }, cards.map(draw)))),
      ...(at === data.steps.length - 1 ? [h("div", { class: "replay-result" },
        h("p", {}, data.present.outcome), ...data.present.notes.map((n) => h("p", {}, n)),
        h("p", {}, data.present.scores.map((s) => `${s.name} ${s.score}`).join(" · ")))] : []));
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  stage.replaceChildren(h("div", { class: "replay-controls" },
    h("button", { type: "button", onclick: () => go(at - 1) }, `◀ ${t("web.prev")}`), slider,
    h("button", { type: "button", onclick: () => go(at + 1) }, `${t("web.next")} ▶`), label),
  view);
  go(0);
}
