// Cards drawn as SVG by the project: each game's suit pattern as its players know it.
// Hungarian tarokk: French suits and tarokks with Roman numerals (the pagát, the XXI and the
// skíz each drawn apart). Bavarian tarock: German suits. Ottocento: Italian suits and the named
// trumps. A card is a 100×150 box; the index (top left, large) is what shows when fanned.

const NS = "http://www.w3.org/2000/svg";

// Suit symbols, each drawn in a 40×40 box.
const SYMBOLS = {
  heart: `<path d="M20 36 C8 26 2 19 4 12 C6 5 15 4 20 11 C25 4 34 5 36 12 C38 19 32 26 20 36Z"/>`,
  diamond: `<path d="M20 2 L35 20 L20 38 L5 20Z"/>`,
  spade: `<path d="M20 3 C28 13 37 18 36 26 C35 32 27 33 22 28 C23 32 25 35 28 38 L12 38 C15 35 17 32 18 28 C13 33 5 32 4 26 C3 18 12 13 20 3Z"/>`,
  club: `<circle cx="20" cy="11" r="8"/><circle cx="10" cy="23" r="8"/><circle cx="30" cy="23" r="8"/><path d="M18 22 L22 22 L25 38 L15 38Z"/>`,
  acorn: `<path d="M9 17 C9 9 31 9 31 17 L31 19 L9 19Z" fill="#6b4423"/><path d="M11 19 L29 19 C30 30 24 37 20 38 C16 37 10 30 11 19Z"/><path d="M19 4 L21 4 L21 10 L19 10Z" fill="#6b4423"/>`,
  leaf: `<path d="M20 2 C31 10 34 24 21 36 L20 39 L19 36 C6 24 9 10 20 2Z"/><path d="M20 6 L20 36" stroke="#0b3d17" stroke-width="1.5" fill="none"/>`,
  bell: `<path d="M8 30 C8 14 12 7 20 7 C28 7 32 14 32 30Z"/><rect x="6" y="29" width="28" height="4" rx="2" fill="#7a4b00"/><circle cx="20" cy="36" r="3" fill="#7a4b00"/><path d="M10 20 L30 20" stroke="#7a4b00" stroke-width="2"/>`,
  cup: `<path d="M7 6 L33 6 C33 18 27 24 20 24 C13 24 7 18 7 6Z"/><rect x="18" y="24" width="4" height="8"/><path d="M11 38 C11 33 29 33 29 38Z"/>`,
  coin: `<circle cx="20" cy="20" r="17"/><circle cx="20" cy="20" r="11" fill="none" stroke="#7a5a00" stroke-width="2"/><circle cx="20" cy="20" r="4" fill="#7a5a00"/>`,
  sword: `<path d="M18 1 L22 1 L25 27 L15 27Z"/><rect x="7" y="26" width="26" height="5" rx="2.5"/><rect x="17" y="31" width="6" height="6"/><circle cx="20" cy="38" r="2.5"/>`,
  baton: `<path d="M13 38 C11 27 15 13 20 2 C28 2 31 6 29 10 C25 20 24 29 25 38Z"/><circle cx="22" cy="12" r="2.5" fill="#2f4d14"/><circle cx="21" cy="24" r="2.5" fill="#2f4d14"/>`,
};

// Per game: each suit letter's symbol and colour (colour is never the only signal: the symbol
// and the index tell the suit too).
const PATTERNS = {
  "hungarian-tarokk": {
    H: ["heart", "#c8102e"], D: ["diamond", "#c8102e"], C: ["club", "#1a1a1a"],
    S: ["spade", "#1a1a1a"],
  },
  "bavarian-tarock": {
    E: ["acorn", "#9a6a2f"], G: ["leaf", "#2e8b3a"], H: ["heart", "#c8102e"],
    S: ["bell", "#e0a800"],
  },
  ottocento: {
    C: ["cup", "#b22234"], D: ["coin", "#d4a017"], S: ["sword", "#2a5aa8"],
    B: ["baton", "#4f7d2a"],
  },
};

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
  "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII"];

// The Ottocento named trumps: index, emblem.
const NAMED = {
  ANGELO: ["XX", "angel"], MONDO: ["XIX", "world"], SOLE: ["XVIII", "sun"],
  LUNA: ["XVII", "moon"], M1: ["Mo", "moor"], M2: ["Mo", "moor"], M3: ["Mo", "moor"],
  M4: ["Mo", "moor"], BAG: ["I", "bagatto"], MATTO: ["0", "fool"],
};

const EMBLEMS = {
  sun: `<circle cx="50" cy="70" r="16" fill="#f2b705"/><g stroke="#f2b705" stroke-width="4">${
    [0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
      const r = (a * Math.PI) / 180;
      return `<line x1="${50 + 21 * Math.cos(r)}" y1="${70 + 21 * Math.sin(r)}" x2="${50 + 30 * Math.cos(r)}" y2="${70 + 30 * Math.sin(r)}"/>`;
    }).join("")}</g>`,
  moon: `<path d="M58 44 A27 27 0 1 0 58 96 A21 21 0 1 1 58 44Z" fill="#8aa4c8"/>`,
  world: `<circle cx="50" cy="70" r="24" fill="#2a7ab8"/><path d="M30 62 C40 58 44 70 52 66 C60 62 62 52 70 56 L72 70 C62 74 58 84 48 82 C40 80 34 74 28 74Z" fill="#3f9a4a"/><path d="M50 40 L50 30 M44 34 L56 34" stroke="#d4a017" stroke-width="4"/>`,
  angel: `<path d="M50 56 C30 40 16 50 20 72 C30 66 40 66 50 72Z" fill="#cfd8e8"/><path d="M50 56 C70 40 84 50 80 72 C70 66 60 66 50 72Z" fill="#cfd8e8"/><circle cx="50" cy="54" r="8" fill="#f1c9a5"/><ellipse cx="50" cy="43" rx="11" ry="3" fill="none" stroke="#d4a017" stroke-width="3"/><path d="M42 64 L58 64 L62 96 L38 96Z" fill="#b22234"/>`,
  moor: `<circle cx="50" cy="72" r="14" fill="#6b4423"/><path d="M34 64 C34 46 66 46 66 64Z" fill="#f4f1e8" stroke="#b22234" stroke-width="3"/><path d="M40 96 L60 96 L64 86 C56 90 44 90 36 86Z" fill="#b22234"/>`,
  bagatto: `<rect x="28" y="78" width="44" height="6" rx="2" fill="#6b4423"/><path d="M34 84 L34 100 M66 84 L66 100" stroke="#6b4423" stroke-width="4"/><circle cx="50" cy="56" r="9" fill="#f1c9a5"/><path d="M38 50 C44 36 56 36 62 50Z" fill="#2a5aa8"/><path d="M70 44 L80 74" stroke="#d4a017" stroke-width="3"/>`,
  fool: `<path d="M30 62 C30 40 50 34 50 50 C50 34 70 40 70 62Z" fill="#b22234"/><circle cx="30" cy="62" r="4" fill="#d4a017"/><circle cx="70" cy="62" r="4" fill="#d4a017"/><circle cx="50" cy="72" r="12" fill="#f1c9a5"/><path d="M44 74 C47 78 53 78 56 74" stroke="#6b4423" stroke-width="2" fill="none"/><path d="M38 86 L62 86 L66 104 L34 104Z" fill="#4f7d2a"/>`,
  pagat: `<circle cx="50" cy="60" r="10" fill="#f1c9a5"/><path d="M36 54 C40 36 60 36 64 54Z" fill="#c8102e"/><path d="M38 72 L62 72 L66 100 L34 100Z" fill="#2a5aa8"/><path d="M24 84 L76 84" stroke="#6b4423" stroke-width="4"/>`,
  xxi: `<circle cx="50" cy="72" r="26" fill="none" stroke="#d4a017" stroke-width="4"/><path d="M50 50 L56 66 L73 66 L59 76 L64 92 L50 82 L36 92 L41 76 L27 66 L44 66Z" fill="#d4a017"/>`,
  skiz: `<path d="M26 52 C26 40 74 40 74 52 L70 80 C66 96 34 96 30 80Z" fill="#1a1a1a"/><path d="M34 62 L46 60 L44 68 Z M66 62 L54 60 L56 68Z" fill="#f4f1e8"/><path d="M40 80 C46 86 54 86 60 80" stroke="#f4f1e8" stroke-width="3" fill="none"/><path d="M26 52 L14 36 L32 44 L50 28 L68 44 L86 36 L74 52" fill="#c8102e"/>`,
};

/** The parts of a card code: suit letter, rank text for the index, kind. */
export function parseCard(game, code) {
  if (game === "ottocento" && NAMED[code]) {
    return { suit: "T", index: NAMED[code][0], emblem: NAMED[code][1], trump: true };
  }
  const trump = /^T(\d+)$/.exec(code);
  if (trump) {
    const n = Number(trump[1]);
    const emblem = game === "hungarian-tarokk"
      ? { 1: "pagat", 21: "xxi", 22: "skiz" }[n] : undefined;
    return { suit: "T", index: ROMAN[n] ?? String(n), emblem, trump: true, number: n };
  }
  const suit = code[0];
  let rank = code.slice(1);
  const court = { K: "K", Q: "Q", N: "C", J: "J", O: "O", U: "U", A: "A" };
  rank = court[rank] ?? rank;
  return { suit, index: rank, trump: false };
}

/** The index text of a card in the reader's language (from the catalogue's short name). */
export function indexText(game, code, short) {
  const card = parseCard(game, code);
  if (card.emblem === "skiz") return short || "skíz"; // the skíz has no numeral
  if (card.trump || !short) return card.index;
  // "♣K", "Ei 10", "Co R": the rank is what follows the suit mark.
  const space = short.lastIndexOf(" ");
  return space >= 0 ? short.slice(space + 1) : short.replace(/^[♠♣♥♦]/u, "");
}

function symbol(name, colour, x, y, size) {
  const s = size / 40;
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${colour}">${SYMBOLS[name]}</g>`;
}

// Pip positions (in the 100×150 card) for 1..10 pips, around the centre.
const PIPS = {
  1: [[50, 80]], 2: [[50, 50], [50, 110]], 3: [[50, 45], [50, 80], [50, 115]],
  4: [[32, 52], [68, 52], [32, 108], [68, 108]],
  5: [[32, 52], [68, 52], [50, 80], [32, 108], [68, 108]],
  6: [[32, 50], [68, 50], [32, 80], [68, 80], [32, 110], [68, 110]],
  7: [[32, 50], [68, 50], [50, 65], [32, 80], [68, 80], [32, 110], [68, 110]],
  8: [[32, 48], [68, 48], [32, 70], [68, 70], [32, 92], [68, 92], [32, 114], [68, 114]],
  9: [[32, 46], [68, 46], [32, 68], [68, 68], [50, 80], [32, 92], [68, 92], [32, 114],
    [68, 114]],
  10: [[32, 44], [68, 44], [50, 56], [32, 68], [68, 68], [32, 92], [68, 92], [50, 104],
    [32, 116], [68, 116]],
};

function courtFigure(letter, colour, sym) {
  // A court card: a framed panel with the court's letter, a crown for the king.
  const crown = letter === "K" || letter === "R"
    ? `<path d="M36 66 L40 54 L46 61 L50 50 L54 61 L60 54 L64 66Z" fill="#d4a017" stroke="#7a5a00" stroke-width="1"/>` : "";
  return `<rect x="18" y="44" width="64" height="96" rx="6" fill="#fbf3df" stroke="${colour}" stroke-width="2.5"/>
    ${crown}<text x="50" y="102" text-anchor="middle" font-size="38" font-weight="700" font-family="Georgia, serif" fill="${colour}">${escapeXML(letter)}</text>
    ${symbol(sym, colour, 37, 108, 26)}`;
}

/**
 * An SVG card as markup. ``short``: the catalogue's short name (for the index's words);
 * ``name``: the card's name printed under a trump's emblem.
 */
export function cardSVG(game, code, { short = "", name = "", trumpSuit = "T" } = {}) {
  const card = parseCard(game, code);
  const pattern = PATTERNS[game] ?? {};
  const index = indexText(game, code, short);
  const isTrump = card.trump || card.suit === trumpSuit;
  let body = "";
  let indexColour = "#1a1a1a";
  let small = "";
  if (card.trump || code === "MATTO") {
    const emblem = card.emblem ?? (code === "MATTO" ? "fool" : null);
    indexColour = "#3b2a6b";
    body = `<rect x="10" y="44" width="80" height="98" rx="6" fill="#f3ecdc" stroke="#3b2a6b" stroke-width="2"/>`;
    if (emblem) {
      body += `<g transform="translate(0 12)">${EMBLEMS[emblem]}</g>`;
    } else {
      body += `<text x="50" y="104" text-anchor="middle" font-size="${index.length > 3 ? 24 : 32}" font-family="Georgia, serif" font-weight="700" fill="#3b2a6b">${index}</text>`;
    }
    if (name && emblem) {
      body += `<text x="50" y="136" text-anchor="middle" font-size="12" font-family="Georgia, serif" fill="#3b2a6b">${escapeXML(name)}</text>`;
    }
  } else {
    const [sym, colour] = pattern[card.suit] ?? ["diamond", "#555"];
    indexColour = colour;
    small = symbol(sym, colour, 6, 42, 22);
    const count = Number(card.index);
    if (card.index === "A" || (game === "hungarian-tarokk" && count === 10)) {
      body = symbol(sym, colour, 26, 54, 48);
    } else if (Number.isInteger(count) && PIPS[count]) {
      body = PIPS[count].map(([x, y]) => symbol(sym, colour, x - 10 + 6, y - 10, 20)).join("");
    } else {
      body = courtFigure(index, colour, sym);
    }
  }
  const size = index.length >= 5 ? 20 : index.length >= 4 ? 24 : index.length >= 3 ? 28 : 34;
  const trumpMark = isTrump && !card.trump
    ? `<circle cx="88" cy="14" r="6" fill="#d4a017"><title>trump</title></circle>` : "";
  return `<svg xmlns="${NS}" viewBox="0 0 100 150" class="card-svg" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="98" height="148" rx="9" fill="#fffdf7" stroke="#8c8577" stroke-width="2"/>
    ${body}
    <rect x="3" y="3" width="${Math.max(30, size * 0.62 * index.length + 8)}" height="${size + 6}" rx="6" fill="#fffdf7" opacity="0.92"/>
    <text x="6" y="${size + 2}" font-size="${size}" font-weight="700" font-family="system-ui, sans-serif" fill="${indexColour}">${escapeXML(index)}</text>
    ${small}${trumpMark}
  </svg>`;
}

export function escapeXML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}
