// The table, shared by the lesson player and the practice table: cards, seats, the trick,
// the phase indicator. Cards are buttons with names a screen reader says ("10 of hearts" /
// "ハートの10"); suits carry symbols, so colour is never the only signal.

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
let S = {}; // UI strings of the page's language
let LANG = "en";
let PHASES = [];
let SUITS_MATTER = true;
let GAME = "";

/** Sets the page's strings, language, game, phase list and whether suits matter (once per page). */
export function configure({ strings, lang, phases, suitsMatter, game = "" }) {
  GAME = game;
  S = strings;
  LANG = lang;
  PHASES = phases;
  SUITS_MATTER = suitsMatter;
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
};

export function cardName(token) {
  const c = parseCard(token);
  if (c.declared) {
    return fmt(S.phoenix_as, { name: S[`special.${c.special}`] || c.special, rank: S[`rank.${c.declared}`] || c.declared });
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
      el("span", { class: "suit", "aria-hidden": "true", text: c.declared ? `=${c.declared}` : sub[LANG] || "" })];
  }
  if (c.special) return [el("span", { class: "rank", text: c.special })];
  return [el("span", { class: "rank", text: c.rank }),
    el("span", { class: "suit", "aria-hidden": "true", text: SUIT_SYMBOL[c.suit] })];
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
  if (Array.isArray(action)) return action.map(cardName).join(", ");
  if (action && action.cards) return action.cards.map(cardName).join(", ");
  return decisionLabel(action);
}

/** Labels for the decisions that are not card plays: bids, Grand Tichu, the wish, the gift, calls. */
export function decisionLabel(action) {
  if (!action || typeof action !== "object") return String(action);
  const [key, value] = Object.entries(action)[0] || [];
  if (key === "bid") {  // [count, suit]; a key lists it as a multiset (["S", 13]): read it by type
    if (!Array.isArray(value)) return fmt(S["action.bid"], { n: value });
    return fmt(S["action.bid_suit"], { n: value.find((v) => typeof v === "number"), suit: SUIT_SYMBOL[value.find((v) => typeof v === "string")] });
  }
  if (key === "call_adjutant") return fmt(S["action.call_adjutant"], { card: cardName(value) });
  if (key === "discard") return fmt(S["action.discard"], { cards: value.map(cardName).join(", ") });
  if (key === "joker_suit") return fmt(S["action.joker_suit"], { suit: `${SUIT_SYMBOL[value]} ${S[`suit.${value}`]}` });
  if (key === "grand") return S[`action.grand.${value}`];
  if (key === "wish") return value === null ? S["action.wish.none"] : fmt(S["action.wish"], { rank: S[`rank.${value}`] || value });
  if (key === "give_trick_to") return fmt(S["action.give_trick_to"], { n: value });
  if (key === "call") return S["action.call"];
  if (key === "exchange") {
    return Object.entries(value).map(([seat, card]) => `${fmt(S.exchange_to, { n: seat })}: ${cardName(card)}`).join(", ");
  }
  return JSON.stringify(action);
}

export function describeKey(key) {
  if (key === "PASS") return S["action.PASS"];
  if (key === LET_GO) return S.let_it_go;
  if (key.startsWith("{")) return describeAction(JSON.parse(key));
  return key.split(" ").map((t) => (t.includes("-") ? cardName(t) : (S[`special.${t}`] || t))).join(" ");
}

// ------------------------------------------------------------------ rendering
export function seatLabel(view, seat) {
  const parts = [fmt(S.seat, { n: seat })];
  if (seat === view.seat) parts.push(`(${S.you})`);
  if (view.landlord !== null && view.landlord !== undefined) {
    parts.push(seat === view.landlord ? `· ${S.landlord}` : `· ${S.farmer}`);
  }
  if (view.napoleon !== null && view.napoleon !== undefined) {  // Napoleon: sides only once public (NAP-ADJ-2)
    if (seat === view.napoleon) parts.push(`· ${S.napoleon}`);
    else if (view.adjutant_revealed && view.adjutant === seat) parts.push(`· ${S.adjutant}`);
    else if (seat === view.seat && view.my_side === "adjutant") parts.push(`· ${S.adjutant_secret}`);
  }
  if (view.teams) {  // partnership games: the team, the partner, calls, going out
    parts.push(`· ${fmt(S.team, { t: seat % 2 === 0 ? "A" : "B" })}`);
    if (view.seat !== null && view.seat !== undefined && seat === (view.seat + 2) % 4) parts.push(`· ${S.partner}`);
    const call = view.calls && view.calls[seat];
    if (call) parts.push(`· ${S[`call.${call}`]}`);
    const place = (view.out || []).indexOf(seat);
    if (place >= 0) parts.push(`· ${fmt(S.out_place, { n: place + 1 })}`);
  }
  return parts.join(" ");
}

export function renderPhases(list, view) {
  list.replaceChildren(...PHASES.map((phase) => {
    const current = phase === view.phase;
    return el("li", { class: current ? "current" : null, "aria-current": current ? "step" : null },
      current ? "▶ " : "", S[`phase.${GAME}.${phase}`] || S[`phase.${phase}`] || phase);
  }));
}

/**
 * The entry of the trick that holds it so far. Trick-taking games (Napoleon) say who is winning
 * (``view.winning``, computed by the engine: the strongest card, not the last one); in climbing
 * games (Dou Dizhu, Tichu) it is the last play, the one the next play must beat.
 */
export function holdingEntry(view) {
  const trick = view.trick || [];
  if (view.winning !== undefined) {
    if (view.winning === null) return null;
    for (let i = trick.length - 1; i >= 0; i--) if (trick[i].seat === view.winning && trick[i].cards) return trick[i];
    return null;
  }
  for (let i = trick.length - 1; i >= 0; i--) if (trick[i].cards) return trick[i];
  return null;
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

/** A count with its noun: the ``_one`` string for 1 where the page has one ("1 honour"). */
export function countText(key, n, params = {}) {
  return fmt((n === 1 && S[`${key}_one`]) || (n === 0 && S[`${key}_none`]) || S[key], { n, ...params });
}

/**
 * Draws the table for ``view`` into ``container``. ``opts``: ``deciding`` (the hand's cards are
 * buttons), ``selected`` (a Set of "index:token"), ``onToggle(id, index)``, ``legalKeys`` (a Set of
 * card keys to mark as playable, or null), ``phases`` (the phase list element).
 */
export function renderTable(container, view, opts = {}) {
  if (opts.phases) renderPhases(opts.phases, view);
  const seats = [];
  const n = view.cards_held.length;
  for (let k = 1; k < n; k++) seats.push((view.seat + k) % n);
  const others = el("div", { class: "others" }, seats.map((seat) => {
    const shown = view.shown && view.shown[String(seat)];
    const count = view.cards_held[seat];
    return el("section", {
      class: `seat${view.to_act === seat ? " to-act" : ""}`,
      "aria-label": seatLabel(view, seat),
    },
    el("h3", {}, seatLabel(view, seat), view.to_act === seat ? " ◀" : ""),
    shown
      ? el("div", { class: "cards shown", "aria-label": fmt(S.hand_of, { n: seat }) }, shown.map(cardImage))
      : el("p", { class: "count" }, count ? el("span", { class: "card back", "aria-hidden": "true" }) : null,
        fmt(count === 1 ? S.cards_count_one : S.cards_count, { n: count })),
    view.captured_points ? el("p", { class: "points" }, fmt(S.points, { n: view.captured_points[seat] })) : null,
    view.honours_won ? el("p", { class: "points" }, countText("honours_won", view.honours_won[seat])) : null);
  }));

  const middle = el("div", { class: "middle" });
  const info = [];
  if (view.contract && view.trump) {
    info.push(fmt(S.contract, { n: view.contract, suit: `${SUIT_SYMBOL[view.trump]} ${S[`suit.${view.trump}`]}` }));
  } else if (Array.isArray(view.bid)) info.push(fmt(S.best_bid, { n: view.bid[0], suit: SUIT_SYMBOL[view.bid[1]] }));
  else if (view.bid) info.push(fmt(S.bid, { n: view.bid }));
  if (view.called_card) info.push(fmt(S.called_card, { card: cardName(view.called_card) }));
  if (view.solo) info.push(S.solo);
  if (view.direction === -1) info.push(S.reversed);
  if (view.trick_no && view.phase === "play") info.push(fmt(S.trick_no, { n: view.trick_no }));
  else if (view.phase === "auction" && !view.bid) info.push(S.no_bid);
  if (view.multiplier && view.multiplier > 1) info.push(fmt(S.multiplier, { n: view.multiplier }));
  if (info.length) middle.append(el("p", { class: "info" }, info.join(" · ")));
  if (view.kitty) {
    middle.append(el("div", { class: "kitty" }, el("span", { class: "label" }, `${S.kitty}: `), view.kitty.map(cardImage)));
  } else if (view.kitty_size) {
    middle.append(el("p", { class: "kitty" }, `${S.kitty_hidden}: `, fmt(S.cards_count, { n: view.kitty_size })));
  }
  if (view.face_up_discards && view.face_up_discards.length) {
    middle.append(el("div", { class: "kitty" }, el("span", { class: "label" }, `${S.face_up_discards}: `), view.face_up_discards.map(cardImage)));
  }
  if (view.phase === "auction" && view.auction && view.auction.length) {
    middle.append(el("ul", { class: "auction" }, view.auction.map((entry) =>
      el("li", {}, `${fmt(S.seat, { n: entry.seat })}: ${describeAction(entry.action)}`))));
  }
  if (["play", "score", "wish", "dragon_gift", "joker_suit"].includes(view.phase)) {
    const trick = el("div", { class: "trick", "aria-label": S.trick });
    if (!view.trick || !view.trick.length) {
      if (view.phase === "play" && view.to_act === view.seat) trick.append(el("p", { class: "lead" }, S.nothing_to_beat));
    } else {
      const holding = view.phase !== "score" ? holdingEntry(view) : null;
      const label = view.winning !== undefined ? S.holds_trick : S.to_beat;
      for (const entry of view.trick) {
        const top = entry === holding;
        trick.append(el("div", { class: `play${top ? " top" : ""}` },
          el("span", { class: "who" }, `${fmt(S.seat, { n: entry.seat })}: `),
          entry.cards ? el("span", { class: "cards" }, entry.cards.map(cardImage)) : el("em", {}, S.passed),
          entry.in_turn === false ? el("strong", { class: "out-of-turn" }, ` ${S.out_of_turn}`) : null,
          top ? el("span", { class: "beat-label" }, ` ← ${label}`) : null));
      }
    }
    middle.append(trick);
  }
  if (view.last_trick && view.phase === "play" && (!view.trick || !view.trick.length)) {
    const last = view.last_trick;
    const honours = (last.honours || []).length;
    middle.append(el("p", { class: "last-trick" }, fmt((honours === 1 && S.last_trick_one) || (honours === 0 && S.last_trick_none) || S.last_trick,
      { n: last.winner, honours })));
  }
  if (view.wish) middle.append(el("p", { class: "wish" }, fmt(S.wish, { rank: S[`rank.${view.wish}`] || view.wish })));
  if (view.adjutant_candidates) middle.append(adjutantPanel(view));
  if (view.scores && !Array.isArray(view.scores)) {  // team totals, kept across rounds
    middle.append(el("p", { class: "result" }, `${S.scores}: `,
      Object.entries(view.scores).map(([team, score]) => `${fmt(S.team, { t: team })} ${score}`).join(" · ")));
  } else if (view.result) {
    middle.append(el("p", { class: "result" }, `${S.scores}: `,
      view.scores.map((score, seat) => `${fmt(S.seat, { n: seat })} ${score > 0 ? "+" : ""}${score}`).join(" · ")));
  }

  const hand = el("section", { class: `hand${view.to_act === view.seat ? " to-act" : ""}`, "aria-label": S.hand },
    el("h3", {}, seatLabel(view, view.seat), view.to_act === view.seat ? " ◀" : "",
      view.captured_points ? ` · ${fmt(S.points, { n: view.captured_points[view.seat] })}` : "",
      view.honours_won ? ` · ${countText("honours_won", view.honours_won[view.seat])}` : ""),
    el("div", { class: "cards", role: "group", "aria-label": S.hand }, (view.hand || []).map((token, index) => handCard(token, index, opts))));
  container.replaceChildren(others, middle, hand);
}

function handCard(token, index, opts) {
  const deciding = Boolean(opts.deciding);
  const id = `${index}:${token}`;
  const pressed = Boolean(opts.selected && opts.selected.has(id));
  const attrs = {
    class: `${cardClass(token)}${pressed ? " selected" : ""}`,
    type: "button",
    "aria-label": cardName(token) + (pressed ? ` (${S.selected})` : ""),
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
    key = key.replace(/=[^ ]+/g, ""); // a Phoenix's declared rank is no card of the hand
    for (const part of key.split(" ")) keys.add(part);
  }
  return keys;
}

/** Toggles a card in ``selected`` and keeps the focus on it after the redraw. */
export function toggleCard(selected, id, index, container, redraw) {
  if (selected.has(id)) selected.delete(id);
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

/** The engine's status line: loading stages, ready, or what failed (every engine page has one). */
export function showEngineStatus(box, stage, error) {
  const text = box.querySelector(".text");
  box.dataset.state = stage;
  if (stage === "runtime") text.textContent = S.engine_stage_runtime;
  else if (stage === "tutor") text.textContent = S.engine_stage_tutor;
  else if (stage === "ready") text.textContent = S.engine_ready;
  else if (stage === "failed") text.textContent = fmt(S.engine_failed, { error });
}

// ------------------------------------------------------------------ decisions
const WISH_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/**
 * Every choice a learner may try in a phase that is decided by buttons (not by selecting
 * cards): all of them, legal or not, so a wrong one gets its explanation. ``null``: cards.
 */
export function phaseChoices(view) {
  const n = view.cards_held.length;
  switch (view.phase) {
    case "auction": return ["PASS", { bid: 1 }, { bid: 2 }, { bid: 3 }];
    case "grand_tichu": return [{ grand: true }, { grand: false }];
    case "wish": return [...WISH_RANKS.map((rank) => ({ wish: rank })), { wish: null }];
    case "dragon_gift": return Array.from({ length: n - 1 }, (_, k) => ({ give_trick_to: (view.seat + k + 1) % n }));
    case "joker_suit": return ["S", "H", "D", "C"].map((suit) => ({ joker_suit: suit }));
    default: return null;
  }
}

/** One button per choice; ``onChoose(action)``. */
export function choiceButtons(actions, onChoose) {
  return actions.map((action) => el("button", { type: "button", class: "choice", "data-key": actionKey(action),
    onclick: () => onChoose(action) }, describeAction(action)));
}

/**
 * The exchange: a menu per other seat (one card each), submitted as ``{exchange: {seat: card}}``.
 * ``spec``: the engine's decision (``legal`` op: ``{spec}``, tutor/choices.py), whose pool and seats
 * the menus offer; without it (a lesson before the engine loads) the hand and the other seats.
 */
export function exchangeControls(view, onSubmit, spec = null) {
  const hand = (spec && spec.key === "exchange" && spec.pool) || view.hand || [];
  const n = view.cards_held.length;
  const seats = (spec && spec.key === "exchange" && spec.assign_to) || Array.from({ length: n - 1 }, (_, k) => (view.seat + k + 1) % n);
  const selects = seats.map((seat, i) => el("label", { class: "exchange" }, `${fmt(S.exchange_to, { n: seat })} `,
    el("select", { "data-seat": seat }, hand.map((token, j) => el("option", { value: token, selected: j === i }, cardName(token))))));
  const submit = el("button", { type: "button", class: "primary", id: "btn-exchange", onclick: (event) => {
    const box = event.target.closest(".buttons") || document;
    onSubmit({ exchange: Object.fromEntries([...box.querySelectorAll("select[data-seat]")].map((sel) => [sel.dataset.seat, sel.value])) });
  } }, S["action.exchange"]);
  return [...selects, submit];
}

function physical(token) {
  return token.split("=")[0];
}

/**
 * The selected cards as a play. A Phoenix in a combination must say which rank it stands for:
 * the readings come from the legal plays (actions, or a lesson's keys); one reading is taken
 * at once, several are offered as ``choices``. Returns ``{action}`` or ``{choices}``.
 */
export function readPlay(tokens, legal) {
  if (!(tokens.includes("PHOENIX") && tokens.length > 1) || !legal) return { action: tokens };
  const want = [...tokens].sort(codeOrder).join(" ");
  const seen = new Set();
  const plays = legal.map((a) => (typeof a === "string" ? (a.startsWith("{") || a === "PASS" || a === LET_GO ? null : a.split(" ")) : a))
    .filter((a) => Array.isArray(a) && a.map(physical).sort(codeOrder).join(" ") === want)
    .filter((a) => !seen.has(actionKey(a)) && seen.add(actionKey(a)));
  if (plays.length === 1) return { action: plays[0] };
  if (plays.length > 1) return { choices: plays };
  return { action: tokens };
}

/** Who may hold the called card, from public facts only (the core computes it: NAP-ADJ-2). */
function adjutantPanel(view) {
  const c = view.adjutant_candidates;
  const who = c.seats.map((seat) => fmt(S.seat, { n: seat }));
  if (c.kitty) who.push(S.candidate_kitty);
  const reasons = (c.ruled_out || []).map((r) => el("li", {}, fmt(S[`ruled_out.${r.why}`] || r.why, { n: r.seat, suit: SUIT_SYMBOL[r.suit] || "" })));
  return el("details", { class: "adjutant-panel", open: true },
    el("summary", {}, fmt(S.who_is_adjutant, { card: cardName(view.called_card) })),
    el("p", {}, `${S.candidates}: ${who.join(", ")}`), reasons.length ? el("ul", { class: "ruled-out" }, reasons) : null);
}

const NO_PASS_IN_PLAY = new Set(["napoleon"]); // trick-taking games: every turn plays a card

/**
 * The controls of a decision in ``view``'s phase, shared by the lesson player and the practice
 * table: choice buttons, the Tichu exchange, Napoleon's bid, adjutant call and discards, or the
 * card play (play, pass where the game has it, clear). ``h``: {choose, playSelected, clear, selected,
 * spec?} (``spec``: the engine's "choose k cards" decision, where the page has it).
 */
export function phaseControls(view, h) {
  const choices = phaseChoices(view);
  const count = h.selected ? h.selected.size : 0;
  if (view.phase === "exchange") return exchangeControls(view, h.choose, h.spec);
  if (view.phase === "auction" && GAME === "napoleon") return bidControls(view, h.choose);
  if (view.phase === "call_adjutant") return callControls(view, h.choose);
  if (view.phase === "discard") {
    return [el("button", { type: "button", class: "primary", id: "btn-play", disabled: count !== 3, onclick: h.discardSelected }, S.discard_three),
      el("button", { type: "button", onclick: h.clear, disabled: count === 0 }, S.clear)];
  }
  if (choices) return choiceButtons(choices, h.choose);
  const out = [el("button", { type: "button", class: "primary", id: "btn-play", onclick: h.playSelected, disabled: count === 0 }, S.play)];
  if (!NO_PASS_IN_PLAY.has(GAME)) out.push(el("button", { type: "button", id: "btn-pass", onclick: () => h.choose("PASS") }, S.pass));
  out.push(el("button", { type: "button", onclick: h.clear, disabled: count === 0 }, S.clear));
  return out;
}

/** Napoleon's bid: a count (the minimum bid to 20) and a suit button each; or pass. */
function bidControls(view, choose) {
  const min = (view.flags && view.flags.min_bid) || 11;
  const counts = [];
  for (let n = min; n <= 20; n++) counts.push(n);
  const best = Array.isArray(view.bid) ? view.bid[0] : min;
  const select = el("select", { id: "bid-count", "aria-label": S.bid_count },
    counts.map((n) => el("option", { value: n, selected: n === best }, String(n))));
  const suits = ["S", "H", "D", "C"].map((suit) => el("button", { type: "button", class: "choice", "data-suit": suit,
    onclick: () => choose({ bid: [Number(select.value), suit] }) }, `${SUIT_SYMBOL[suit]} ${S[`suit.${suit}`]}`));
  return [el("label", { class: "bid" }, `${S.bid_count} `, select), ...suits,
    el("button", { type: "button", id: "btn-pass", "data-key": "PASS", onclick: () => choose("PASS") }, S["action.PASS"])];
}

/** Napoleon names the adjutant's card: any of the 53 cards, from one menu. */
function callControls(view, choose) {
  const ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
  const options = [el("option", { value: "JOKER" }, cardName("JOKER"))];
  for (const suit of ["S", "H", "D", "C"]) {
    options.push(el("optgroup", { label: `${SUIT_SYMBOL[suit]} ${S[`suit.${suit}`]}` },
      ranks.map((rank) => el("option", { value: `${suit}-${rank}`, selected: suit === "S" && rank === "A" }, cardName(`${suit}-${rank}`)))));
  }
  const select = el("select", { id: "call-card", "aria-label": S.call_card }, options);
  return [el("label", { class: "bid" }, `${S.call_card} `, select),
    el("button", { type: "button", class: "primary", id: "btn-call", onclick: () => choose({ call_adjutant: select.value }) }, S.call_adjutant)];
}

// ------------------------------------------------------------------ out of turn
/**
 * After an action that opened a window (the bridge's ``apply`` says so), resolves it through
 * the engine (op ``window``, tutor/windows.py): the engine asks the bots in the rule's order and
 * applies the first taker; when the learner may act, ``o.ask(view, actions)`` resolves with an
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
    const choice = await o.ask(reply.view, reply.ask.actions);
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

/** The learner's window out of turn, drawn in ``box``: a button per bomb open now, or let the play stand. */
export function askToBomb(box, bombs) {
  return new Promise((resolve) => {
    const buttons = bombs.map((action) => el("button", { type: "button", class: "primary bomb", onclick: () => resolve(action) },
      fmt(S.bomb_now, { cards: describeAction(action) })));
    buttons.push(el("button", { type: "button", id: "btn-let-go", onclick: () => resolve(null) }, S.let_it_go));
    box.hidden = false;
    box.replaceChildren(el("p", { class: "window", role: "alert" }, S.bomb_window), el("div", { class: "buttons" }, buttons));
    box.querySelector("button").focus();
  });
}
