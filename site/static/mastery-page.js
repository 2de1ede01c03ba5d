// The mastery page of a game: each rule's state from the answers kept in localStorage
// (mastery.js), what to practise next, and a way to forget a game's answers (a shared computer).
// It needs no engine: the build wrote the rules and which ones the quiz practises.

import { loadStrings } from "./app.js";
import { forgetGame, loadStore, nextRules, ruleStatus, saveStore, summarize } from "./mastery.js";
import { el, fmt } from "./table.js";

let data;
let S;

/** When a resting rule is due again, in words ("in 3 days", "in 10 minutes"). */
function dueWords(due, now) {
  const minutes = Math.max(1, Math.round((due - now) / 60_000));
  if (minutes < 90) return fmt(S.mastery_due_minutes, { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 36) return fmt(S.mastery_due_hours, { n: hours });
  return fmt(S.mastery_due_days, { n: Math.round(hours / 24) });
}

function draw() {
  const store = loadStore();
  const now = Date.now();
  const mine = store.games[data.game] || {};
  for (const row of document.querySelectorAll("tr[data-rule]")) {
    const entry = mine[row.dataset.rule];
    // a rule answered in the quiz shows its state even where the build's sample of exercises
    // (build.py: quiz_coverage) did not meet it: a random question can cite a rarer rule
    if (row.dataset.fact || (!data.practisable.includes(row.dataset.rule) && !entry)) continue;
    const status = ruleStatus(entry);
    row.dataset.status = status;
    const due = entry && entry.due > now ? ` · ${dueWords(entry.due, now)}` : entry ? ` · ${S.mastery_due_now}` : "";
    row.querySelector(".mastery-status").textContent = S[`mastery_status_${status}`] + due;
    row.querySelector(".mastery-counts").textContent = entry ? fmt(S.mastery_counts, { right: entry.right, wrong: entry.wrong }) : "";
  }
  const counts = summarize(store, data.game, data.practisable);
  document.getElementById("mastery-summary").textContent = fmt(S.mastery_summary, { ...counts, n: data.practisable.length });
  const next = nextRules(store, data.game, data.practisable, now, 5);
  document.getElementById("mastery-next-list").replaceChildren(...(next.length
    ? next.map((r) => el("li", { "data-rule": r }, el("a", { href: `rules.html#${r}` }, data.rules[r] || r),
      ` · ${S[`mastery_status_${ruleStatus(mine[r])}`]}`))
    : [el("li", {}, S.mastery_nothing_due)]));
  const link = document.getElementById("mastery-practise");
  link.href = next.length ? `quiz.html?rules=${encodeURIComponent(next.join(","))}` : "quiz.html";
}

export async function start() {
  data = JSON.parse(document.getElementById("mastery-data").textContent);
  S = await loadStrings(data.lang);
  draw();
  document.getElementById("mastery-forget").addEventListener("click", () => {
    if (!window.confirm(S.mastery_forget_confirm)) return;
    saveStore(forgetGame(loadStore(), data.game));
    draw();
  });
  window.addEventListener("storage", draw);  // answers given in another tab
  document.getElementById("mastery").dataset.ready = "true";
}
