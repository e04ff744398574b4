// The rules at the table. The rule a refusal names is one click away: every refusal the table
// shows ends with its rule ID (`Not allowed: ... (HU-PLAY-2)`), and the ID is a button that
// shows the rule's text from the game's rules guide (GET /api/rules/{id}) in a dialog. The
// page's Rules button opens the whole guide (GET /api/rules?game=), searched as one types, as
// `tarock rules WORD` does, in the reader's language where the game's guide is written in it,
// else in English, which the dialogs then say.

import { h } from "./i18n.js";

// A rule ID as the guides write them (HU-PLAY-2, BT-V2-BID-4); an option may name a section
// of the rules instead (§2.1), which has no text of its own to show.
const RULE_ID = /^[A-Za-z]{1,3}(?:-[A-Za-z0-9]+)*-\d+$/;
let dialog = null;
let reference = null;

/** A refusal's message with its rule ID once at the end (an `error` message of the protocol
 *  already ends with it; a view's refusals give it apart). */
export function refusal(message, rule) {
  const tail = ` (${rule})`;
  return !rule || message.endsWith(tail) ? message : message + tail;
}

/** ``text`` as nodes for ``append``: the first ``rule`` ID in it a button that shows the rule. */
export function linkRule(text, rule, cat) {
  const at = rule && RULE_ID.test(rule) ? text.indexOf(rule) : -1;
  if (at < 0) return [text];
  const button = h("button", { type: "button", class: "rule-link", "data-rule": rule,
    onclick: () => showRule(rule, cat) }, rule);
  return [text.slice(0, at), button, text.slice(at + rule.length)];
}

/** Text as searched: any case, and without accents (pagat finds pagát, ultimo ultimó). */
const fold = (text) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** The guide of ``game`` in a dialog: its rules by section, those mentioning every word typed
 *  (in their ID or text), each opening its text. */
export async function openRules(game, cat) {
  let rules = [];
  try {
    const answer = await fetch(`/api/rules?game=${encodeURIComponent(game)}&lang=${cat.lang}`);
    if (answer.ok) rules = await answer.json();
  } catch {
    // offline: the list says no rule is found
  }
  const box = referenceDialog(cat, rules[0]?.lang);
  const search = box.querySelector("input");
  const list = box.querySelector("[data-rules]");
  const show = () => {
    const words = fold(search.value).split(/\s+/).filter(Boolean);
    const hits = rules.filter((r) => words.every((w) => fold(`${r.rule} ${r.text}`).includes(w)));
    const parts = [];
    let section = null;
    for (const r of hits) {
      if (r.section !== section) {
        section = r.section;
        parts.push(h("h3", {}, section));
      }
      parts.push(h("button", { type: "button", class: "rule-entry", "data-rule": r.rule,
        onclick: () => showRule(r.rule, cat, r) }, h("strong", {}, r.rule), " ", r.title));
    }
    list.replaceChildren(...(parts.length ? parts : [h("p", {}, cat.t("web.rules_none"))]));
  };
  search.oninput = show;
  show();
  if (!box.open) box.showModal();
  search.focus();
}

async function showRule(rule, cat, known = null) {
  const box = ruleDialog(cat);
  let found = known;
  try {
    const answer = found ? null
      : await fetch(`/api/rules/${encodeURIComponent(rule)}?lang=${cat.lang}`);
    if (answer?.ok) found = await answer.json();
  } catch {
    // offline: the dialog says the text is not available
  }
  box.querySelector("h2").textContent = [cat.t("web.rule", { rule }), found?.section]
    .filter(Boolean).join(" · ");
  // the guide's text begins with the rule's ID, which the heading already gives
  const text = found?.text.startsWith(found.rule) ? found.text.slice(found.rule.length).trim()
    : found?.text;
  // `option_names` and values are code in the guide's text
  box.querySelector("[data-rule-text]").replaceChildren(...(text ?? cat.t("web.rule_missing"))
    .split("`").map((part, i) => (i % 2 ? h("code", {}, part) : part)));
  box.querySelector(".note").textContent = found && found.lang !== cat.lang
    ? cat.t("web.rule_language") : "";
  if (!box.open) box.showModal();
}

/** The guide's dialog; ``lang``: the language its rules came in (a note where it is not the
 *  reader's). */
function referenceDialog(cat, lang) {
  if (!reference) {
    reference = h("dialog", { class: "rule-dialog rules-reference", "aria-labelledby": "rules-title" },
      h("h2", { id: "rules-title" }), h("input", { type: "search", class: "rules-search" }),
      h("p", { class: "note" }), h("div", { class: "rules-list", "data-rules": "" }),
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" })));
    document.body.append(reference);
  }
  reference.querySelector("h2").textContent = cat.t("web.rules");
  const search = reference.querySelector("input");
  search.placeholder = cat.t("web.rules_search");
  search.setAttribute("aria-label", cat.t("web.rules_search"));
  reference.querySelector(".note").textContent = lang && lang !== cat.lang
    ? cat.t("web.rule_language") : "";
  reference.querySelector("form button").textContent = cat.t("web.close");
  return reference;
}

function ruleDialog(cat) {
  if (!dialog) {
    dialog = h("dialog", { class: "rule-dialog", "aria-labelledby": "rule-title" },
      h("h2", { id: "rule-title" }), h("p", { "data-rule-text": "" }), h("p", { class: "note" }),
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" })));
    document.body.append(dialog);
  }
  dialog.querySelector("form button").textContent = cat.t("web.close");
  return dialog;
}
