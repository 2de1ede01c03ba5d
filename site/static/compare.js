// "Compare with another rule" (issue 23): on a lesson step, a quiz question or the practice
// table, the learner switches one rule (a flag, or a whole preset) and sees the same position
// under it beside the rules in play: the legal moves, the engine's word on the move in focus, and
// where the same move leads elsewhere, what changed marked. The engine decides everything
// (tutor/compare.py, bridge ops `rule_changes` and `compare`); this module only draws it.
//
// A page mounts one panel and tells it where the position is (`position()`: the engine's state
// id, the seat, in turn or not, the move in focus) and calls `refresh()` when the position
// changes. The panel's `data-compare` is "idle", "loading" or "ready" (tests wait on it), and
// `data-result` says what came out: "differs", "same", "many", "cannot" or "same-rules".

import { el, fmt, ruleLinks } from "./table.js";

const SHOWN = 12;  // moves listed per list before "and n more"

/**
 * Mounts the panel after `anchor` (before it with `opts.before`), where the page scrolls. `opts`: `{S, words, engine: () => engine, position: async () =>
 * ({state, seat, in_turn, focus} | null), rules}`; `words` = the page data's `rule_words`
 * (`{flags: {name: {title, labels}}, presets: {name: title}}`); `rules`: rule titles by ID.
 */
export function mountCompare(anchor, opts) {
  const { S, words } = opts;
  const select = el("select", { id: "compare-select", "aria-describedby": "compare-intro" });
  const out = el("div", { class: "compare-out", id: "compare-out", "aria-live": "polite" });
  const box = el("details", { class: "compare", id: "compare", "data-compare": "idle" },
    el("summary", {}, S.compare_title),
    el("p", { class: "compare-intro", id: "compare-intro" }, S.compare_intro),
    el("label", { class: "compare-choose" }, `${S.compare_choose} `, select),
    out);
  if (opts.before) anchor.before(box);
  else anchor.after(box);
  let offeredFor = null;  // the state id the select's options were made for
  let ticket = 0;         // a newer request supersedes an older one's answer

  /** The change as the select offers it ("8-cut: off"), or, with `inSentence`, as a sentence
   * names it (quoted: "With “8-cut: off”, …"; a preset: "the rules of “Official rules”"). */
  function changeWords(change, inSentence = false) {
    if ("preset" in change) {
      const preset = (words.presets || {})[change.preset] || change.preset;
      return fmt(inSentence ? S.compare_preset_in : S.compare_preset, { preset });
    }
    const info = (words.flags || {})[change.flag] || { title: change.flag, labels: {} };
    const value = typeof change.value === "boolean" ? (change.value ? S.flag_on : S.flag_off)
      : (info.labels || {})[String(change.value)] || String(change.value);
    const label = `${info.title}${opts.lang === "ja" ? "：" : ": "}${value}`;
    return inSentence ? fmt(S.compare_change, { change: label }) : label;
  }

  function settle(result) {
    box.dataset.compare = "ready";
    box.dataset.result = result;
  }

  async function fillOptions(pos) {
    const engine = opts.engine();
    const reply = await engine.call({ op: "rule_changes", state: pos.state });
    if (reply.ok === false) return false;
    const keep = select.value;
    const options = [el("option", { value: "" }, S.compare_pick)];
    for (const name of reply.presets) {
      options.push(el("option", { value: JSON.stringify({ preset: name }) }, changeWords({ preset: name })));
    }
    for (const change of reply.flags) {
      options.push(el("option", { value: JSON.stringify(change) }, changeWords(change)));
    }
    select.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
    offeredFor = pos.state;
    return true;
  }

  async function refresh() {
    if (!box.open) return;
    const mine = ++ticket;
    const engine = opts.engine();
    if (!engine || !engine.ready) {
      box.dataset.compare = "idle";
      select.disabled = true;
      out.replaceChildren(el("p", {}, S.compare_waiting));
      return;
    }
    box.dataset.compare = "loading";
    select.disabled = false;
    const pos = await opts.position();
    if (mine !== ticket) return;
    if (!pos || pos.state === null || pos.state === undefined) {
      out.replaceChildren(el("p", {}, S.compare_no_position));
      settle("none");
      return;
    }
    if (offeredFor !== pos.state && !(await fillOptions(pos))) return;
    if (mine !== ticket) return;
    if (!select.value) {
      out.replaceChildren();
      box.dataset.compare = "ready";
      delete box.dataset.result;
      return;
    }
    const change = JSON.parse(select.value);
    out.replaceChildren(el("p", { class: "compare-loading" }, S.compare_loading));
    const request = { op: "compare", state: pos.state, change, lang: opts.lang, in_turn: pos.in_turn !== false };
    if (pos.seat !== null && pos.seat !== undefined) request.seat = pos.seat;
    if (pos.focus) request.focus = pos.focus;
    const reply = await engine.call(request);
    if (mine !== ticket) return;
    if (reply.ok === false) {
      out.replaceChildren(el("p", { class: "compare-cannot" }, reply.error || ""));
      settle("error");
      return;
    }
    draw(reply.compare, changeWords(change, true));
  }

  function moveList(labels, total, cls) {
    const shown = labels.slice(0, SHOWN).map((t) => el("li", { class: cls || null }, t));
    const more = (total ?? labels.length) - shown.length;
    if (more > 0) shown.push(el("li", { class: "compare-more" }, fmt(S.compare_more, { n: more })));
    return el("ul", { class: "compare-moves" }, shown);
  }

  function draw(c, change) {
    const parts = [];
    if (c.cannot) {
      parts.push(el("p", { class: "compare-cannot" }, el("strong", {}, fmt(S.compare_cannot, { change })), " ", c.cannot.text));
      if (c.cannot.rule_ids.length) parts.push(ruleLinks(c.cannot.rule_ids, opts.rules || {}));
      out.replaceChildren(...parts);
      settle("cannot");
      return;
    }
    if (c.same_rules) {
      out.replaceChildren(el("p", {}, fmt(S.compare_same_rules, { change })));
      settle("same-rules");
      return;
    }
    const result = c.same === true ? "same" : c.same === null ? "many" : "differs";
    if (result === "same" && !c.this.count && !c.other.count && !c.focus) {  // the learner only watches here
      out.replaceChildren(el("p", { class: "compare-headline" }, S.compare_none_open));
      settle("same");
      return;
    }
    if (result === "same") {
      parts.push(el("p", { class: "compare-headline" }, fmt(c.this.count === 1 ? S.compare_same_one : S.compare_same,
        { change, n: c.this.count })));
    }
    else if (result === "many") {
      parts.push(el("p", { class: "compare-headline" }, c.chosen ? fmt(c.focus ? S.compare_chosen : S.compare_chosen_none, { change })
        : fmt(S.compare_many, { change, n: c.this.count, m: c.other.count })));
    }
    // the two columns: the rules in play, and the other rule
    const focus = c.focus;
    const column = (side, title) => {
      // every move open under this side's rules (the first ones where there are many), those open
      // under this side only marked
      const only = new Set(side === "this" ? c.lost : c.gained);
      const listed = c[side].legal.map((t) => el("li", { class: only.has(t) ? "changed" : null }, t));
      const more = (c[side].count ?? 0) - listed.length;
      if (more > 0) listed.push(el("li", { class: "compare-more" }, fmt(S.compare_more, { n: more })));
      const items = [el("h4", {}, title)];
      if (c[side].count !== null) {  // a choice of cards has no list to show (compare.py: _legal)
        items.push(el("details", { class: "compare-legal" },
          el("summary", { class: "compare-count" }, fmt(S.compare_count, { n: c[side].count })),
          el("ul", { class: "compare-moves" }, listed)));
      }
      if (focus) {
        const v = focus[side];
        items.push(el("p", { class: `compare-focus${focus.differs ? " changed" : ""}`, "data-legal": String(v.legal) },
          el("strong", {}, fmt(S.compare_focus, { move: focus.label })), " ", v.text));
      }
      const diff = side === "this" ? c.lost : c.gained;
      if (diff && diff.length) {
        items.push(el("p", { class: "compare-only" }, side === "this" ? fmt(S.compare_lost, { change }) : fmt(S.compare_gained, { change })));
        items.push(moveList(diff, side === "this" ? c.lost_count : c.gained_count, "changed"));
      }
      return el("div", { class: `compare-side compare-${side}` }, items);
    };
    if (result !== "same") {
      parts.push(el("div", { class: "compare-columns" }, column("this", S.compare_now), column("other", fmt(S.compare_other, { change }))));
    }
    if (c.apart && c.apart.length) {
      parts.push(el("h4", {}, S.compare_apart));
      parts.push(el("ul", { class: "compare-apart" }, c.apart.map((a) => el("li", {},
        el("strong", {}, a.label),
        el("div", { class: "compare-columns" },
          el("div", { class: "compare-side compare-this" }, el("span", { class: "compare-side-name" }, S.compare_now), eventList(a.this)),
          el("div", { class: "compare-side compare-other changed" }, el("span", { class: "compare-side-name" }, fmt(S.compare_other, { change })), eventList(a.other)))))));
    }
    const cited = [...new Set([...(focus ? [...focus.this.rule_ids, ...focus.other.rule_ids] : [])])];
    if (cited.length && result !== "same") parts.push(ruleLinks(cited, opts.rules || {}));
    out.replaceChildren(...parts);
    settle(result);
  }

  function eventList(lines) {
    if (!lines.length) return el("p", {}, S.compare_nothing);
    return el("ul", {}, lines.map((t) => el("li", {}, t)));
  }

  select.addEventListener("change", refresh);
  box.addEventListener("toggle", refresh);
  return { refresh, element: box };
}
