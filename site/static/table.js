// The table, shared by the lesson player and the practice table: cards, seats, the trick,
// the phase indicator. Cards are buttons with names a screen reader says ("10 of hearts" /
// "ハートの10"); suits carry symbols, so colour is never the only signal.

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
let S = {}; // UI strings of the page's language
let LANG = "en";
let SUITS_MATTER = true;
let LABELS = new Map(); // action key -> the engine's words for it (view.display.decision)

/** Sets the page's strings, language and whether suits matter (once per page). The page knows no
 * game: what a table shows, in words, comes with each view (``view.display``, tutor/display.py). */
export function configure({ strings, lang, suitsMatter }) {
  S = strings;
  LANG = lang;
  SUITS_MATTER = suitsMatter;
}

/** Keeps the engine's words for the options of ``view``'s decision, for lists and hints. */
export function rememberLabels(view) {
  const display = view && view.display;
  const decision = display && display.decision;
  for (const option of [...((decision && decision.options) || []), ...((display && display.side) || [])]) {
    LABELS.set(option.key, option.label);
  }
}

/** Keeps the words a lesson's build gave for its decisions (``ask.labels``: key -> words). */
export function rememberKeyLabels(labels) {
  for (const [key, label] of Object.entries(labels || {})) LABELS.set(key, label);
}

// ------------------------------------------------------------------ helpers
export function fmt(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (params[key] ?? `{${key}}`));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function parseCard(token) {
  const t = token.split("#")[0];
  if (t.includes("=")) {
    const [special, declared] = t.split("=");
    return { token: t, special, declared };
  }
  if (t.includes("-")) {
    const [suit, rank] = t.split("-");
    return { token: t, suit, rank };
  }
  return { token: t, special: t };
}

const SPECIAL_FACE = {
  MAHJONG: ["1", { en: "Mahj.", ja: "麻雀" }], DOG: ["Dog", { en: "", ja: "犬" }],
  PHOENIX: ["Ph", { en: "Phoenix", ja: "鳳凰" }], DRAGON: ["Dr", { en: "Dragon", ja: "龍" }],
  JOKER: ["JK", { en: "", ja: "" }],
  // tiles (rules/README.md §1: T1…T9 and WILD): a number, with its kanji beneath; the wild a star
  ...Object.fromEntries(["一", "二", "三", "四", "五", "六", "七", "八", "九"].map((kanji, i) => [`T${i + 1}`, [String(i + 1), { en: kanji, ja: kanji }]])),
  WILD: ["★", { en: "wild", ja: "ワイルド" }],
};

export function cardName(token) {
  const c = parseCard(token);
  if (c.declared) {  // a wild card standing for a rank ("8") or a card ("C-J")
    const as = c.declared.includes("-") ? cardName(c.declared) : S[`rank.${c.declared}`] || c.declared;
    return fmt(S.phoenix_as, { name: S[`special.${c.special}`] || c.special, rank: as });
  }
  if (c.special) return S[`special.${c.special}`] || c.special;
  const rank = S[`rank.${c.rank}`] || c.rank;
  return fmt(S.card_name, { rank, suit: S[`suit.${c.suit}`] });
}

export function cardFace(token) {
  const c = parseCard(token);
  if (c.special === "BJ" || c.special === "RJ") {
    const ja = LANG === "ja";
    return [el("span", { class: "rank", text: "JK" }),
      el("span", { class: "suit", "aria-hidden": "true", text: c.special === "BJ" ? (ja ? "小" : "small") : (ja ? "大" : "BIG") })];
  }
  if (c.special && SPECIAL_FACE[c.special]) {
    const [face, sub] = SPECIAL_FACE[c.special];
    return [el("span", { class: "rank", text: face }),
      el("span", { class: "suit", "aria-hidden": "true", text: c.declared ? `=${declaredFace(c.declared)}` : sub[LANG] || "" })];
  }
  if (c.special) return [el("span", { class: "rank", text: c.special })];
  return [el("span", { class: "rank", text: c.rank }),
    el("span", { class: "suit", "aria-hidden": "true", text: SUIT_SYMBOL[c.suit] })];
}

/** What a declared wild card stands for, as a face shows it: a rank ("8"), or a card ("J♣"). */
function declaredFace(declared) {
  if (!declared.includes("-")) return declared;
  const [suit, rank] = declared.split("-");
  return `${rank}${SUIT_SYMBOL[suit] || ""}`;
}

export function cardClass(token) {
  const c = parseCard(token);
  return `card ${c.special ? `special-${c.special}` : `suit-${c.suit}`}`;
}

export function cardImage(token) {
  return el("span", { class: cardClass(token), role: "img", "aria-label": cardName(token) }, cardFace(token));
}

export function rankOf(token) {
  const c = parseCard(token);
  return c.special || c.rank;
}

/** A lesson's choice out of turn: let the chance go by (no engine action; sitebuild/lessons.py). */
export const LET_GO = "LET_GO";

/**
 * The page's key for a choice: exactly the text of Python's ``tutor.actions.action_key`` (the one
 * definition the golden runner and the build use; tests/sitebuild_tests/test_action_keys.py runs
 * both over every lesson and golden action). A play: its tokens sorted (ranks only where suits never
 * matter); PASS and LET_GO as they are; anything else compact JSON, keys sorted, every list a multiset.
 */
export function actionKey(action) {
  if (!SUITS_MATTER && action && typeof action === "object" && !Array.isArray(action)
    && Object.keys(action).sort().join() === "cards,type") action = action.cards;
  if (Array.isArray(action)) {
    const tokens = action.map((t) => String(t).split("#")[0]);
    const parts = SUITS_MATTER ? tokens : tokens.map((t) => (t.includes("-") ? t.slice(t.indexOf("-") + 1) : t));
    return parts.sort(codeOrder).join(" ");
  }
  if (action === "PASS" || action === LET_GO) return action;
  return canonicalJson(action);
}

function canonicalJson(value) {
  if (typeof value === "string") return JSON.stringify(value.split("#")[0]); // a copy suffix never counts
  if (Array.isArray(value)) return `[${value.map(canonicalJson).sort(codeOrder).join(",")}]`; // a multiset
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort(codeOrder).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function codeOrder(a, b) {
  return a < b ? -1 : a > b ? 1 : 0; // code-point order, as Python's sorted()
}

export function describeAction(action) {
  if (action === "PASS") return S["action.PASS"];
  if (action === LET_GO) return S.let_it_go;
  const sep = LANG === "ja" ? "、" : ", ";
  if (Array.isArray(action)) return action.map(cardName).join(sep);
  if (action && action.cards) return action.cards.map(cardName).join(sep);
  return decisionLabel(action);
}

/** The words for a decision that is not a card play: the engine's label (``view.display``). */
export function decisionLabel(action) {
  if (!action || typeof action !== "object") return String(action);
  return LABELS.get(actionKey(action)) || JSON.stringify(action);
}

export function describeKey(key) {
  if (key === "PASS") return S["action.PASS"];
  if (key === LET_GO) return S.let_it_go;
  if (key.startsWith("{")) return describeAction(JSON.parse(key));
  return key.split(" ").map((t) => (t.includes("-") ? cardName(t) : (S[`special.${t}`] || t))).join(" ");
}

// ------------------------------------------------------------------ rendering
/** "Seat 2 (you) · landlord": the engine's words for a seat (``view.display.seats``). */
export function seatLabel(view, seat) {
  const seats = view.display && view.display.seats;
  return seats && seats[seat] ? seats[seat].label : fmt(S.seat, { n: seat });
}

export function renderPhases(list, view) {
  const phases = (view.display && view.display.phases) || [];
  list.replaceChildren(...phases.map((phase) => {
    const current = phase.id === ((view.display && view.display.phase) || view.phase);
    return el("li", { class: current ? "current" : null, "aria-current": current ? "step" : null },
      current ? "▶ " : "", phase.name);
  }));
}

/** Marks the page's state for the learner and for tests: "busy" (the engine or bots are at work),
 * "learner" (waiting for the learner), "over" (the deal has ended). Each change to a waiting state
 * counts up ``data-settled``, so a test can wait for the page to answer a click, however slow the machine. */
export function pageState(state) {
  const root = document.documentElement;
  if (state !== "busy") root.dataset.settled = String(Number(root.dataset.settled || 0) + 1);
  root.dataset.state = state;
}

/**
 * Waits before a bot's move, so a learner can follow the play (``ms``, the page's pace). A
 * stored ``cardtutor.botDelay`` (milliseconds) overrides it: 0 for tests and for readers who
 * want no pause.
 */
export function botPause(ms) {
  let stored = null;
  try { stored = localStorage.getItem("cardtutor.botDelay"); } catch { /* storage off: the default pace */ }
  const wait = stored !== null && /^\d{1,5}$/.test(stored) ? Number(stored) : ms;
  return wait ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/**
 * Draws the table for ``view`` into ``container`` from ``view.display`` (the engine's words:
 * seats, info lines, zones, the trick). The seats sit around the table as the engine places them
 * (``display.ring``: you at the bottom, the others left, opposite and right); each seat's latest
 * play in the trick lies in front of it, the one that holds the trick marked; every seat keeps
 * room for a play, so the table keeps its size as a trick grows. ``opts``: ``deciding`` (the
 * hand's cards are buttons), ``selected`` (a Set of "index:token"), ``onToggle(id, index)``,
 * ``legalKeys`` (a Set of card keys to mark as playable, or null), ``phases`` (the phase list element).
 */
export function renderTable(container, view, opts = {}) {
  const d = view.display;
  slotsOpen = false;
  rememberLabels(view);
  if (opts.phases) renderPhases(opts.phases, view);
  const n = view.cards_held.length;
  const played = playedBySeat(view);
  const ring = d.ring || fallbackRing(view.seat, n);
  const place = (where, seats) => el("div", { class: `ring-${where}` }, seats.map((seat) => seatBox(view, seat, played)));
  // the centre: the facts of the hand (they scroll when long) above the place where your play lies
  const facts = el("div", { class: "facts" });
  if (d.info.length) facts.append(el("p", { class: "info" }, d.info.join(" · ")));
  for (const zone of d.zones) facts.append(renderZone(zone));
  if (d.trick.show && d.trick.empty && !(view.trick || []).length) facts.append(el("p", { class: "lead" }, d.trick.empty));
  const centre = el("div", { class: "centre" }, facts, playedSlot(view, view.seat, played, true));
  // no trick on the table (an auction, an exchange): no room kept for plays in front of the seats
  const table = el("div", { class: `ring${ring.opposite.length ? "" : " no-opposite"}${d.trick.show ? "" : " no-trick"}`, "data-seats": n },
    ring.opposite.length ? place("opposite", ring.opposite) : null, place("left", ring.left), centre, place("right", ring.right));

  const mine = d.seats[view.seat] || { notes: [] };
  const hand = el("section", { class: `hand${view.to_act === view.seat ? " to-act" : ""}`, "aria-label": S.hand, tabindex: "-1" },
    el("h3", {}, seatLabel(view, view.seat), view.to_act === view.seat ? " ◀" : "", mine.notes.map((note) => ` · ${note}`)),
    el("div", { class: "cards", role: "group", "aria-label": S.hand }, (view.hand || []).map((token, index) =>
      handCard(token, index, { ...opts, open: openInHand(view.hand, mine.open, index),
        // the hand's last piece set apart, with the engine's words for why (d.apart: a tile just drawn)
        apart: d.apart && index === view.hand.length - 1 ? d.apart : null }))));
  container.replaceChildren(table, hand);
  fitHand(container);
  watchHand(container);
}

/**
 * Fans the hand when it does not fit in a row: the cards overlap, each still showing its corner
 * (at least 55% of its width), in as few rows as that allows, so a 25-card hand stays on screen
 * (issue 14: the hand, the decision and the feedback in view at 390×844 and on a projector).
 */
export function fitHand(container) {
  const cards = container.querySelector(".hand .cards");
  if (!cards) return;
  cards.removeAttribute("data-fan");
  cards.style.removeProperty("--overlap");
  const n = cards.children.length;
  if (n < 2) return;
  const gap = parseFloat(getComputedStyle(cards).columnGap) || 0;
  const width = cards.clientWidth;
  const cardW = cards.children[0].offsetWidth;
  if (!width || !cardW || n * cardW + (n - 1) * gap <= width) return;
  let perRow = n;
  let rows = 1;
  while (perRow > 1 && (width - cardW) / (perRow - 1) < 0.55 * cardW) perRow = Math.ceil(n / ++rows);
  const step = Math.min(cardW, (width - cardW) / Math.max(perRow - 1, 1)) - 0.5;
  cards.dataset.fan = "";
  cards.style.setProperty("--overlap", `${Math.max(0, cardW - step).toFixed(1)}px`);
}

/** The hands watched, each with its observer: a lesson opened in the page brings a new table
 * (lesson-nav.js), and the old one's observer goes with it. */
const watched = new Map();

/** Fans the hand again when the table's width or the display preferences change. */
function watchHand(container) {
  if (watched.has(container)) return;
  if (watched.size === 0 && !watchHand.listening) {  // once per page
    watchHand.listening = true;
    document.addEventListener("cardtutor:display", () => {
      for (const hand of watched.keys()) if (hand.isConnected) fitHand(hand);
    });
  }
  for (const [old, observer] of watched) {
    if (!old.isConnected) {
      observer.disconnect();
      watched.delete(old);
    }
  }
  let width = 0;
  const observer = new ResizeObserver(() => {
    if (container.clientWidth !== width) { width = container.clientWidth; fitHand(container); }
  });
  observer.observe(container.closest(".table-pane") || container);
  watched.set(container, observer);
}

/** Seats placed without the engine's ring (an old prepared frame): the others in turn order across the top. */
function fallbackRing(me, n) {
  const others = [];
  for (let k = 1; k < n; k++) others.push((me + k) % n);
  return { left: [], opposite: others, right: [] };
}

/** Each seat's latest entry in the trick, with its index (the trick's holder is marked by index). */
function playedBySeat(view) {
  const latest = new Map();
  if (!view.display.trick.show) return latest;
  (view.trick || []).forEach((entry, index) => latest.set(entry.seat, { entry, index }));
  return latest;
}

/** One seat at the table: its name and role, its cards (face down, or shown), notes, and its play. */
function seatBox(view, seat, played) {
  const d = view.display;
  const info = d.seats[seat] || { notes: [] };
  const shown = view.shown && view.shown[String(seat)];
  const count = view.cards_held[seat];
  const toAct = view.to_act === seat;
  return el("section", { class: `seat${toAct ? " to-act" : ""}`, "data-seat": seat, "aria-label": seatLabel(view, seat) },
    el("div", { class: "seat-head" }, el("h3", {}, seatLabel(view, seat), toAct ? " ◀" : ""),
      info.role ? el("span", { class: "role" }, info.role) : null),
    shown
      ? el("div", { class: "cards shown", "aria-label": fmt(S.hand_of, { n: seat }) }, shown.map(cardImage))
      : el("p", { class: "count" }, count ? el("span", { class: "card back", "aria-hidden": "true" }) : null,
        fmt(count === 1 ? S.cards_count_one : S.cards_count, { n: count })),
    info.notes.map((note) => el("p", { class: "points" }, note)),
    openCards(info.open),
    playedSlot(view, seat, played, false));
}

/** The cards of a seat's hand that lie face up for everyone (Daifugo's exposed cards), or nothing. */
function openCards(tokens) {
  if (!tokens || !tokens.length) return null;
  return el("div", { class: "cards open-cards", "aria-label": S.face_up }, el("span", { class: "open-label" }, S.face_up),
    tokens.map(cardImage));
}

/** The place in front of ``seat`` where its play lies (kept even when empty, so nothing moves). */
function playedSlot(view, seat, played, mine) {
  const d = view.display;
  const slot = el("div", { class: `played${mine ? " mine" : ""}`, "data-seat": seat,
    "aria-label": fmt(S.played_by, { seat: seatLabel(view, seat) }) });
  const got = played.get(seat);
  if (!got) return slot;
  const holds = got.index === d.trick.holding && view.phase !== "score";
  if (holds) slot.classList.add("holds");
  const entry = got.entry;
  slot.append(entry.cards ? el("span", { class: "cards" }, entry.cards.map(cardImage)) : el("em", { class: "passed" }, S.passed));
  if (entry.in_turn === false) slot.append(el("strong", { class: "out-of-turn" }, d.trick.out_of_turn));
  if (holds) slot.append(el("span", { class: "beat-label" }, d.trick.label));
  return slot;
}

/** One zone beside the trick (tutor/display.py): cards with a label, a line, a list, or a panel;
 * dice, a grid of outcomes and a bar chart where the engine describes them (the 2d6 check). */
function renderZone(zone) {
  const body = [];
  if (zone.cards) body.push(el("div", { class: `zone-cards${zone.small ? " small" : ""}` }, zone.label ? el("span", { class: "label" }, `${zone.label}${LANG === "ja" ? "：" : ": "}`) : null, zone.cards.map(cardImage)));
  if (zone.die_faces) body.push(el("div", { class: "zone-dice" }, zone.label ? el("span", { class: "label" }, `${zone.label}${LANG === "ja" ? "：" : ": "}`) : null, zone.die_faces.map(dieImage)));
  if (zone.grid) body.push(outcomeGrid(zone.grid, zone.label));
  if (zone.chart) body.push(barChart(zone.chart, zone.label));
  if (zone.text) body.push(el("p", { class: "zone-text" }, zone.text));
  if (zone.items && zone.items.length) body.push(el("ul", { class: "zone-items" }, zone.items.map((item) => el("li", {}, item))));
  if (zone.details) return el("details", { class: "zone-panel", open: true }, el("summary", {}, zone.details), body);
  return el("div", { class: "zone" }, body);
}

/** Where a die's pips sit on its 3 × 3 grid, by face (cells numbered 1-9, row by row). */
const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

/** One die showing ``face`` (its number for a screen reader). */
function dieImage(face) {
  return el("span", { class: "die", role: "img", "aria-label": String(face), "data-face": face },
    (PIPS[face] || []).map((cell) => el("span", { class: `pip p${cell}` })));
}

/** A table of outcomes (rows by one die, columns by the other): each cell its text, marked good or
 * bad, and the one just rolled marked; the legend says what good and bad mean. */
function outcomeGrid(grid, label) {
  const head = el("tr", {}, el("th", { scope: "col" }, grid.corner), grid.cols.map((c) => el("th", { scope: "col" }, c)));
  const rows = grid.rows.map((r, i) => el("tr", {}, el("th", { scope: "row" }, r),
    grid.cells[i].map((cell) => el("td", { class: `${cell.good ? "good" : "bad"}${cell.mark ? " mark" : ""}`,
      title: (cell.mark && grid.rolled ? `${grid.rolled}: ` : "") + (cell.good ? grid.good : grid.bad),
      "aria-current": cell.mark ? "true" : null }, cell.text))));
  return el("figure", { class: "zone-grid" },
    el("table", {}, label ? el("caption", {}, label) : null, el("thead", {}, head), el("tbody", {}, rows)),
    el("figcaption", { class: "legend" }, el("span", { class: "good" }, grid.good), " ", el("span", { class: "bad" }, grid.bad)));
}

/** A bar's filled part, ``share`` (0…1) of its height (set through the CSSOM: the page's
 * Content-Security-Policy allows no style attributes). */
function barFill(share) {
  const fill = el("span", { class: "fill" });
  fill.style.height = `${(100 * share).toFixed(1)}%`;
  return fill;
}

/** Bars of ``value`` out of ``of`` per label, the current one marked. */
function barChart(bars, label) {
  return el("figure", { class: "zone-chart" }, label ? el("figcaption", {}, label) : null,
    el("ol", {}, bars.map((bar) => el("li", { class: bar.current ? "current" : null, "aria-current": bar.current ? "true" : null },
      el("span", { class: "bar-text" }, bar.text),
      el("span", { class: "bar" }, barFill(bar.value / bar.of)),
      el("span", { class: "bar-label" }, bar.label)))));
}

/** Whether the hand's card at ``index`` is one of the seat's exposed cards (a token held twice
 * may be exposed once: the hand's first copies count as the exposed ones, as the engine takes them). */
function openInHand(hand, open, index) {
  if (!open || !open.length) return false;
  const token = hand[index];
  const exposed = open.filter((t) => t === token).length;
  return hand.slice(0, index).filter((t) => t === token).length < exposed;
}

function handCard(token, index, opts) {
  const deciding = Boolean(opts.deciding);
  const id = `${index}:${token}`;
  const pressed = Boolean(opts.selected && opts.selected.has(id));
  const attrs = {
    class: `${cardClass(token)}${pressed ? " selected" : ""}${opts.open ? " face-up" : ""}${opts.apart ? " apart" : ""}`,
    type: "button",
    title: opts.open ? S.face_up_card : opts.apart || null,
    "aria-label": cardName(token) + (opts.open ? ` (${S.face_up_card})` : "") + (pressed ? ` (${S.selected})` : ""),
    "aria-pressed": deciding ? String(pressed) : null,
    disabled: !deciding,
    "data-token": token,
    onclick: () => opts.onToggle && opts.onToggle(id, index),
    "data-index": index,
  };
  if (deciding && opts.legalKeys && opts.legalKeys.has(SUITS_MATTER ? token : rankOf(token))) {
    attrs.class += " legal-hint";
  }
  return el("button", attrs, cardFace(token));
}

/** Card keys (tokens, or ranks where suits never matter) that take part in some legal play. */
export function playableKeys(actionKeys) {
  const keys = new Set();
  for (let key of actionKeys) {
    if (key === "PASS" || key === LET_GO || key.startsWith("{")) continue;
    key = key.replace(/=[^ ]+/g, ""); // a wild card's declaration is no card of the hand
    for (const part of key.split(" ")) keys.add(part);
  }
  return keys;
}

/** Toggles a card in ``selected`` (where each card goes to a seat, fills a slot: slotControls) and
 * keeps the focus on it after the redraw. */
export function toggleCard(selected, id, index, container, redraw) {
  if (selected.has(id)) selected.delete(id);
  else if (slots && slotsOpen) placeInSlot(selected, id);
  else selected.add(id);
  redraw();
  const again = container.querySelector(`.hand button[data-index="${index}"]`);
  if (again) again.focus();
}


/** Rule links for a verdict, with each rule's title where the page knows it. */
export function ruleLinks(ids, titles = {}) {
  return el("p", { class: "rules-cited" }, `${S.rule}: `, ids.map((id, i) => [
    i ? ", " : "",
    el("a", { href: `rules.html#${id}`, title: titles[id] || id }, id),
    titles[id] ? ` (${titles[id]})` : "",
  ]));
}

/** Shows a headline, a verdict's reason with its rule links, and any extra content. */
export function showFeedback(box, kind, text, verdict = null, extra = null, titles = {}) {
  box.className = `feedback ${kind}`;
  box.replaceChildren();
  if (!text) return;
  box.append(el("p", { class: "headline" }, text));
  if (verdict) {
    box.append(el("p", { class: "reason" }, verdict.text));
    if (verdict.rule_ids && verdict.rule_ids.length) box.append(ruleLinks(verdict.rule_ids, titles));
  }
  if (extra) box.append(extra);
}

/** After a play the hand is drawn anew: the keyboard's focus goes back to it, where it was (its
 * first card that can be chosen, else the hand itself, read out as a whole). */
export function focusHand() {
  const target = document.querySelector(".hand button.card:not([disabled])") || document.querySelector(".hand");
  if (target) target.focus({ preventScroll: true });
}

/**
 * Says ``text`` to a screen reader (a polite live region, made once per page, out of sight):
 * what the bots played, which a sighted learner sees land on the table.
 */
export function announce(text) {
  let region = document.getElementById("announce");
  if (!region) {
    region = el("div", { id: "announce", class: "visually-hidden", role: "status", "aria-live": "polite" });
    document.body.append(region);
  }
  region.textContent = text || "";
}

/** The engine's status line: loading stages, ready, or what failed (every engine page has one). */
export function showEngineStatus(box, stage, error) {
  const text = box.querySelector(".text");
  if (stage === "trouble") {
    // a call that got no answer (Engine.call's timeout) or broke the engine: said where the
    // engine's state is shown; the engine stays "ready" for the next call
    box.dataset.trouble = "true";
    text.textContent = fmt(S.engine_trouble, { error });
    return;
  }
  delete box.dataset.trouble;
  box.dataset.state = stage;
  if (stage === "runtime") text.textContent = S.engine_stage_runtime;
  else if (stage === "tutor") text.textContent = S.engine_stage_tutor;
  else if (stage === "ready") text.textContent = S.engine_ready;
  else if (stage === "failed") text.textContent = fmt(S.engine_failed, { error });
}

// ------------------------------------------------------------------ decisions
/** The decision ``view`` offers its seat, as the engine describes it (tutor/decisions.py), or null. */
export function decisionOf(view) {
  return (view && view.display && view.display.decision) || null;
}

/**
 * Every choice a learner may try in a decision made from a list (not by selecting cards): all of
 * them, legal or not, so a wrong one gets its explanation. ``null``: cards.
 */
export function phaseChoices(view) {
  const d = decisionOf(view);
  return d && d.kind === "choose" ? d.options.map((o) => o.action) : null;
}

/** One button per choice; ``onChoose(action)``. Many choices whose words start or end alike ("Wish
 * for 2" … "Wish for ace"; 「2を願う」…) say the shared words once, beside short buttons (each still
 * named in full for a screen reader). */
export function choiceButtons(actions, onChoose) {
  const labels = actions.map(describeAction);
  const { lead, tail } = sharedWords(labels);
  const buttons = actions.map((action, i) => {
    const label = labels[i];
    let short = null;
    if (lead && label.startsWith(lead) && label.length > lead.length) short = label.slice(lead.length);
    if (tail && label.endsWith(tail) && label.length > tail.length) short = label.slice(0, -tail.length);
    return el("button", { type: "button", class: "choice", "data-key": actionKey(action), "aria-label": short ? label : null,
      id: action === "PASS" ? "btn-pass" : null, onclick: () => onChoose(action) }, short || label);
  });
  if (lead) return [el("span", { class: "choice-lead", "aria-hidden": "true" }, lead.trim()), ...buttons];
  if (tail) {
    const last = buttons.map((b) => b.getAttribute("aria-label") !== null).lastIndexOf(true);
    buttons.splice(last + 1, 0, el("span", { class: "choice-lead", "aria-hidden": "true" }, tail.trim()));
  }
  return buttons;
}

/** The words all but two of 8 or more labels begin (``lead``, up to a space) or end (``tail``) with. */
function sharedWords(labels) {
  const none = { lead: "", tail: "" };
  if (labels.length < 8) return none;
  const most = (test) => labels.filter(test).length >= labels.length - 2;
  const words = labels[0].split(" ");
  for (let n = words.length - 1; n > 0; n--) {
    const lead = `${words.slice(0, n).join(" ")} `;
    if (most((l) => l.startsWith(lead) && l.length > lead.length)) return { lead, tail: "" };
  }
  const first = labels.find((l) => labels.filter((m) => m.endsWith(l.slice(-2))).length >= labels.length - 2);
  if (!first) return none;
  for (let n = first.length - 1; n >= 2; n--) {
    const tail = first.slice(-n);
    if (most((l) => l.endsWith(tail) && l.length > tail.length)) return { lead: "", tail };
  }
  return none;
}

// ------------------------------------------------------------------ one card to each seat
/**
 * The open "one card to each seat" decision (an exchange of cards), while slotControls draws it:
 * ``picks[i]``, the hand card (its id in the page's selection) going to the i-th seat, "" when
 * none yet; ``target``, the slot the next clicked card fills (null: the first empty one). The
 * page's selection stays the set of picked cards, so the hand shows them raised.
 */
let slots = null;
/** True while the controls on the page are slotControls' (renderTable, drawn first, clears it). */
let slotsOpen = false;

function tokenOfId(id) {
  return id.split(":").slice(1).join(":");
}

/** A clicked hand card goes to the slot the learner chose, else the first empty one, else the last. */
function placeInSlot(selected, id) {
  let i = slots.target !== null ? slots.target : slots.picks.indexOf("");
  if (i < 0) i = slots.picks.length - 1;
  if (slots.picks[i]) selected.delete(slots.picks[i]);
  slots.picks[i] = id;
  selected.add(id);
  slots.target = null;
}

/**
 * "Choose k cards, one to each seat" (``d.slots``: seat -> words): a slot per seat, filled by
 * clicking cards of the hand (a slot clicked again gives its card back and takes the next one);
 * submitted as ``{key: {seat: card}}``. The pool and the seats are the engine's (``d.spec``,
 * tutor/choices.py).
 */
function slotControls(d, h) {
  const spec = d.spec;
  const key = JSON.stringify([spec.key, spec.assign_to, spec.pool]);
  if (!slots || slots.key !== key) slots = { key, picks: spec.assign_to.map(() => ""), target: null };
  slotsOpen = true;
  slots.picks = slots.picks.map((id) => (id && h.selected.has(id) ? id : ""));
  for (const id of [...h.selected]) if (!slots.picks.includes(id)) placeInSlot(h.selected, id);
  const redraw = h.redraw || (() => {});
  const boxes = spec.assign_to.map((seat, i) => {
    const id = slots.picks[i];
    const aimed = slots.target === i || (slots.target === null && slots.picks.indexOf("") === i);
    return el("button", {
      type: "button", class: `slot${aimed ? " aimed" : ""}${id ? " filled" : ""}`, "data-slot": seat,
      "data-token": id ? tokenOfId(id) : null, "aria-pressed": String(aimed),
      "aria-label": `${d.slots[String(seat)]}: ${id ? cardName(tokenOfId(id)) : S.slot_empty}`,
      onclick: () => {
        if (slots.picks[i]) h.selected.delete(slots.picks[i]);
        slots.picks[i] = "";
        slots.target = i;
        redraw();
        focusControl(`.slot[data-slot="${seat}"]`);
      },
    }, el("span", { class: "slot-label" }, d.slots[String(seat)]),
    id ? el("span", { class: cardClass(tokenOfId(id)), "aria-hidden": "true" }, cardFace(tokenOfId(id)))
      : el("span", { class: "slot-empty", "aria-hidden": "true" }, S.slot_empty));
  });
  const full = slots.picks.every(Boolean);
  const submit = el("button", { type: "button", class: "primary", id: "btn-confirm", disabled: !full, onclick: () => {
    if (!slots.picks.every(Boolean)) return;
    onSubmitSlots(h.choose, spec, slots.picks);
  } }, d.confirm);
  const clear = el("button", { type: "button", onclick: () => { slots.target = null; h.clear(); }, disabled: !h.selected.size }, S.clear);
  return [el("div", { class: "slots", role: "group", "aria-label": d.confirm }, boxes), submit, clear];
}

function onSubmitSlots(choose, spec, picks) {
  choose({ [spec.key]: Object.fromEntries(spec.assign_to.map((seat, i) => [String(seat), tokenOfId(picks[i])])) });
}

/** Puts the focus back on a control after a redraw replaced it. */
function focusControl(selector) {
  const again = document.querySelector(`#decision ${selector}`);
  if (again) again.focus();
}

// ------------------------------------------------------------------ a choice picked part by part
/** The open part-by-part decision (its options' keys) and the parts picked so far. */
let picking = { key: "", picked: [] };

/**
 * A long list picked part by part (``d.menus``: a count and a suit; a suit and a card): a row of
 * buttons per part, the later rows showing only what fits the parts picked before; an option that
 * names a card (``o.card``) shows its face, so the card is chosen by clicking a card. A confirm
 * button, and a button for each option without parts (a pass).
 */
function partControls(d, choose) {
  const withParts = d.options.filter((o) => o.parts);
  const key = withParts.map((o) => o.key).join("|");
  const cards = withParts.every((o) => o.card);
  if (picking.key !== key) picking = { key, picked: cards ? [withParts[0].parts[0]] : [] };
  const box = el("div", { class: "part-picker" });
  const chosen = () => withParts.find((o) => o.parts.every((part, i) => part === picking.picked[i]));
  const confirm = el("button", { type: "button", class: "primary", id: "btn-confirm", onclick: () => {
    const option = chosen();
    if (option) choose(option.action);
  } }, d.confirm);
  const draw = () => {
    const rows = d.menus.map((label, i) => {
      const fits = withParts.filter((o) => o.parts.slice(0, i).every((part, j) => picking.picked[j] === undefined || part === picking.picked[j]));
      const seen = new Map();
      for (const o of fits) if (!seen.has(o.parts[i])) seen.set(o.parts[i], o);
      const last = i === d.menus.length - 1;
      const buttons = [...seen].map(([value, o]) => {
        const face = cards && last;
        return el("button", {
          type: "button", class: face ? `pick ${cardClass(o.card)}` : "pick", "data-part": i, "data-value": value,
          "aria-pressed": String(picking.picked[i] === value), "aria-label": face ? cardName(o.card) : null,
          onclick: () => {
            picking.picked[i] = value;
            // a later part that no longer fits (no such card in the new suit) is picked again
            for (let j = i + 1; j < d.menus.length; j++) {
              if (!withParts.some((p) => p.parts.slice(0, j + 1).every((part, k) => part === picking.picked[k]))) picking.picked[j] = undefined;
            }
            draw();
            const again = box.querySelector(`[data-part="${i}"][data-value="${CSS.escape(value)}"]`);
            if (again) again.focus();
          },
        }, face ? cardFace(o.card) : value);
      });
      return el("div", { class: `part-row${cards && last ? " cards-row" : ""}`, role: "group", "aria-label": label },
        el("span", { class: "part-label", "aria-hidden": "true" }, label), buttons);
    });
    box.replaceChildren(...rows);
    confirm.disabled = !chosen();
  };
  draw();
  const others = choiceButtons(d.options.filter((o) => !o.parts).map((o) => o.action), choose);
  return [box, confirm, ...others];
}

function physical(token) {
  return token.split("=")[0];
}

/** The wild cards of the shared notation, which a combination declares (``PHOENIX=8``, ``JOKER=C-J``). */
const WILD = ["PHOENIX", "JOKER"];

/** Whether the selected cards hold a wild card inside a combination (which must say what it stands for). */
export function needsReading(tokens) {
  return tokens.length > 1 && tokens.some((t) => WILD.includes(t));
}

/** The question over the readings of a wild card: "The joker stands for:". */
export function wildPrompt(tokens) {
  const wild = tokens.find((t) => WILD.includes(t));
  return fmt(S.choose_wild, { card: S[`special.${wild}`] || wild });
}

/**
 * The selected cards as a play. A wild card in a combination (``PHOENIX``, ``JOKER``) must say what
 * it stands for: the readings come from the legal plays (actions, or a lesson's keys); one
 * reading is taken at once, several are offered as ``choices``. Returns ``{action}`` or ``{choices}``.
 */
export function readPlay(tokens, legal) {
  if (!needsReading(tokens) || !legal) return { action: tokens };
  const want = [...tokens].sort(codeOrder).join(" ");
  const seen = new Set();
  const plays = legal.map((a) => (typeof a === "string" ? (a.startsWith("{") || a === "PASS" || a === LET_GO ? null : a.split(" ")) : a))
    .filter((a) => Array.isArray(a) && a.map(physical).sort(codeOrder).join(" ") === want)
    .filter((a) => !seen.has(actionKey(a)) && seen.add(actionKey(a)));
  if (plays.length === 1) return { action: plays[0] };
  if (plays.length > 1) return { choices: plays };
  return { action: tokens };
}

/**
 * The controls of the decision in ``view`` (``view.display.decision``), shared by the lesson player
 * and the practice table: buttons or menus for a choice, menus per seat or a selection of k cards,
 * or the card play (play, pass where the game has it, clear). ``h``: {choose, playSelected, clear,
 * selected, chooseSelected(key), redraw} (``chooseSelected``: the selected cards as one decision).
 */
export function phaseControls(view, h) {
  const d = decisionOf(view);
  const count = h.selected ? h.selected.size : 0;
  if (!d) return [];
  if (d.kind === "choose") return d.menus ? partControls(d, h.choose) : choiceButtons(d.options.map((o) => o.action), h.choose);
  if (d.kind === "cards" && d.slots) return slotControls(d, h);
  if (d.kind === "positions" || (d.kind === "cards" && d.from === "pool")) return pickControls(d, h);
  if (d.kind === "cards") {
    return [el("button", { type: "button", class: "primary", id: "btn-confirm", disabled: !countFits(d.spec, count),
      onclick: () => h.chooseSelected(d.spec.key) }, d.confirm),
    el("button", { type: "button", onclick: h.clear, disabled: count === 0 }, d.clear || S.clear)];
  }
  const out = [el("button", { type: "button", class: "primary", id: "btn-play", onclick: h.playSelected, disabled: count === 0 }, d.play)];
  if (d.pass) out.push(el("button", { type: "button", id: "btn-pass", onclick: () => h.choose("PASS") }, d.pass_label));
  out.push(el("button", { type: "button", onclick: h.clear, disabled: count === 0 }, d.clear));
  // beside the play (tutor/decisions.py play_extras): an action of its own (Pon-jan's tsumo), or a
  // declaration made with the one selected card ({riichi: tile})
  for (const x of d.extras || []) {
    if (x.select) {
      out.push(el("button", { type: "button", class: "extra", "data-select": x.select, disabled: count !== 1,
        onclick: () => h.choose({ [x.select]: [...h.selected][0].split(":").slice(1).join(":") }) }, x.label));
    } else {
      out.push(el("button", { type: "button", class: "extra", "data-key": x.key, onclick: () => h.choose(x.action) }, x.label));
    }
  }
  return out;
}

/** 0 … n-1 in a random order (crypto.getRandomValues: no seed to guess from). */
function shuffled(n) {
  const order = Array.from({ length: n }, (_, i) => i);
  const noise = new Uint32Array(Math.max(n, 1));
  crypto.getRandomValues(noise);
  for (let i = n - 1; i > 0; i--) {
    const j = noise[i] % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Whether ``count`` chosen cards answer the spec: exactly ``k``, or ``at_least`` … ``k``. */
function countFits(spec, count) {
  return spec.at_least === undefined || spec.at_least === null ? count === spec.k : count >= spec.at_least && count <= spec.k;
}

/**
 * The open pick from cards that are not in the hand (``d.from`` "pool": Daifugo's discard pile),
 * or of face-down cards by position (``d.kind`` "positions": Q-peeping, a blind A-open): which
 * of them are chosen, by index, while pickControls draws it.
 */
let picks = null;

/**
 * A row of the pool's cards (faces) or of another hand's face-down cards (backs, numbered), each a
 * toggle; the confirm button sends ``{key: [cards]}`` or ``{key: [positions]}`` once the count fits
 * (tutor/choices.py: ChooseCards, ChoosePositions).
 */
function pickControls(d, h) {
  const spec = d.spec;
  const blind = d.kind === "positions";
  const items = blind ? Array.from({ length: spec.size }, (_, i) => i) : spec.pool;
  const key = JSON.stringify([spec.key, spec.k, blind ? spec.size : spec.pool, spec.seat ?? null]);
  // a blind pick must stay blind: the engine counts positions in the hand's sorted order, so the
  // backs are laid out shuffled (back 1 may be any position), as cards held face down would be
  if (!picks || picks.key !== key) picks = { key, chosen: new Set(), order: shuffled(items.length) };
  const redraw = h.redraw || (() => {});
  const toggles = items.map((item, i) => {
    const on = picks.chosen.has(i);
    const name = blind ? fmt(S.face_down_card, { n: i + 1 }) : cardName(item);
    // (no template literal inside another: the minifier drops the space between them)
    return el("button", { type: "button", class: (blind ? "card back pick" : cardClass(item) + " pick") + (on ? " selected" : ""),
      "aria-pressed": String(on), "aria-label": name, "data-pick": i, "data-token": blind ? null : item,
      onclick: () => {
        if (picks.chosen.has(i)) picks.chosen.delete(i);
        else if (picks.chosen.size < spec.k) picks.chosen.add(i);
        redraw();
        focusControl(`[data-pick="${i}"]`);
      } }, blind ? el("span", { class: "pick-number" }, String(i + 1)) : cardFace(item));
  });
  const chosen = [...picks.chosen].sort((a, b) => a - b);
  const value = blind ? chosen.map((i) => picks.order[i]).sort((a, b) => a - b) : chosen.map((i) => items[i]);
  return [el("div", { class: "pick-row" }, d.whose ? el("p", { class: "whose" }, d.whose) : null,
    el("div", { class: "cards picks", role: "group", "aria-label": d.whose || S.pool }, toggles)),
  el("button", { type: "button", class: "primary", id: "btn-confirm", disabled: !countFits(spec, chosen.length),
    onclick: () => { picks = null; h.choose({ [spec.key]: value }); } }, d.confirm),
  el("button", { type: "button", disabled: chosen.length === 0, onclick: () => { picks.chosen.clear(); redraw(); } }, d.clear || S.clear)];
}

// ------------------------------------------------------------------ out of turn
/**
 * After an action that opened a window (the bridge's ``apply`` says so), resolves it through
 * the engine (op ``window``, tutor/windows.py): the engine asks the bots in the rule's order and
 * applies the first taker; when the learner may act, ``o.ask(view, actions, words)`` resolves with an
 * action or null (let it go). Resolves with the settled state id, or null when ``o.alive()``
 * turned false (the page moved on). ``o``: {state, learner, lang, alive, ask, taken?, logSince?}
 * (``logSince``: the log entries the page holds; the views sent carry only the later ones).
 */
export async function resolveWindow(engine, o) {
  let id = o.state;
  let declined = [];
  for (;;) {
    const reply = await engine.call({ op: "window", state: id, viewer: o.learner, declined, log_since: o.logSince || 0, lang: o.lang });
    if (!o.alive()) return null;
    if (!reply.ok) return id;
    if (reply.status === "closed") return reply.state;
    const choice = await o.ask(reply.view, reply.ask.actions, reply.ask.words);
    if (!o.alive()) return null;
    id = reply.state;
    declined = [o.learner];
    if (!choice) continue;
    const applied = await engine.call({ op: "apply", state: id, action: choice, seat: o.learner, in_turn: false,
      view_seat: o.learner, log_since: o.logSince || 0, lang: o.lang });
    if (!o.alive()) return null;
    if (!applied.ok) continue;
    id = applied.state;
    declined = [];
    if (o.taken) o.taken(id);
  }
}

/**
 * The learner's window out of turn, drawn in ``box``: a button per action open now (a bomb, an
 * exposure), or let the chance pass. ``words``: the engine's prompt, labels and "let it pass"
 * (tutor/windows.py:window_words); without them, the page's own words for a bomb.
 */
export function askOutOfTurn(box, actions, words = null) {
  return new Promise((resolve) => {
    const buttons = actions.map((action, i) => el("button", { type: "button", class: "primary out-of-turn-action",
      "data-key": actionKey(action), onclick: () => resolve(action) },
    words && words.labels ? words.labels[i] : fmt(S.bomb_now, { cards: describeAction(action) })));
    buttons.push(el("button", { type: "button", id: "btn-let-go", onclick: () => resolve(null) },
      (words && words.decline) || S.let_it_go));
    box.hidden = false;
    box.replaceChildren(el("p", { class: "window", role: "alert" }, (words && words.prompt) || S.bomb_window),
      el("div", { class: "buttons" }, buttons));
    box.querySelector("button").focus();
  });
}
