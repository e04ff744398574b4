// Words from the server's catalogues (GET /api/games/{name}/catalogue?lang=): the browser keeps
// no strings of its own, so a language added to the catalogues reaches the page unchanged.

const LANG_KEY = "tarock.lang";

/** The language the reader chose last, else the browser's if we have it, else English. */
export function preferredLanguage() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("hu") ? "hu" : "en";
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

/** A language switch: a select of the catalogue's languages that calls ``onChange``. */
export function languageSelect(catalogue, onChange) {
  const select = document.createElement("select");
  select.className = "lang";
  select.setAttribute("aria-label", "Language / Nyelv");
  const names = { en: "English", hu: "Magyar" };
  for (const lang of catalogue.languages) {
    const option = new Option(names[lang] ?? lang, lang, false, lang === catalogue.lang);
    select.append(option);
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
