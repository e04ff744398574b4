// Words from the server's catalogues (GET /api/games/{name}/catalogue?lang=): the browser keeps
// no strings of its own but each language's name, so a language added to the catalogues reaches
// the page unchanged. A game offers the languages it has words in (GET /api/games).

const LANG_KEY = "tarock.lang";

// Each language's name in itself, for the switch (a language without one shows its code)
const NAMES = { en: "English", hu: "Magyar", de: "Deutsch", it: "Italiano" };
// and the word "language" in it, for the switch's accessible name
const LABELS = { en: "Language", hu: "Nyelv", de: "Sprache", it: "Lingua" };

/** Of ``languages`` (those a game has words in, English first), the one the reader chose
 *  last, else the first the browser asks for, else English. */
export function preferredLanguage(languages) {
  const saved = localStorage.getItem(LANG_KEY);
  if (languages.includes(saved)) return saved;
  const asked = (navigator.languages?.length ? navigator.languages : [navigator.language ?? ""])
    .map((tag) => tag.toLowerCase().split("-")[0]);
  return asked.find((lang) => languages.includes(lang)) ?? languages[0];
}

export function rememberLanguage(lang) {
  localStorage.setItem(LANG_KEY, lang);
}

/** The catalogue of ``game`` in ``lang`` and a ``t(key, fields)`` that fills in templates. */
export async function loadCatalogue(game, lang) {
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/catalogue?lang=${lang}`);
  if (!response.ok) throw new Error(`catalogue: ${response.status}`);
  const catalogue = await response.json();
  const strings = catalogue.strings;
  const t = (key, fields = {}) => {
    const template = strings[key];
    if (template === undefined) return key.split(".").pop().replaceAll("_", " ");
    return template.replace(/\{(\w+)\}/g, (_, name) => (name in fields ? fields[name] : ""));
  };
  return { ...catalogue, t };
}

/** A language switch: a select of ``languages``, ``lang`` chosen, that calls ``onChange``. */
export function languageSelect(languages, lang, onChange) {
  const select = document.createElement("select");
  select.className = "lang";
  select.setAttribute("aria-label", languages.map((l) => LABELS[l] ?? "Language").join(" / "));
  for (const each of languages) {
    select.append(new Option(NAMES[each] ?? each, each, false, each === lang));
  }
  select.addEventListener("change", () => {
    rememberLanguage(select.value);
    onChange(select.value);
  });
  return select;
}

/** A tiny element builder: ``h("div", {class: "x"}, "text", child)``. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  const plain = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "html") el.innerHTML = value;
    else plain[key] = value;
  }
  setAttributes(el, plain);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Sets an element's attributes in place, as ``h`` does at creation: null, undefined or false
 *  removes one, true sets it empty. An element kept across redraws is updated with it. */
export function setAttributes(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) el.removeAttribute(key);
    else el.setAttribute(key, value === true ? "" : value);
  }
}

/** Makes ``wanted`` the children of ``box``, in order, removing or moving only the elements
 *  that differ. An element kept in place stays in the page: a click whose press and release
 *  straddle a redraw still lands, and the pointer's hover and the keyboard's focus stay. */
export function placeChildren(box, wanted) {
  const keep = new Set(wanted);
  for (const child of [...box.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((el, i) => {
    if (box.children[i] !== el) box.insertBefore(el, box.children[i] ?? null);
  });
}
