// hexpress page: the last boards of this browser (scenario, seed, locks), and
// the Back button: every new board is a step in the browser's history.
"use strict";

const RECENT_KEY = "hexpress:recent";
const RECENT_MAX = 12;

function recentList() {
  try { return JSON.parse(localStorage.getItem(RECENT_KEY) || "[]"); } catch (_) { return []; }
}

function remember(b) {
  const item = {
    share: b.share, title: b.title, seed: b.seed, players: b.players,
    locks: b.locks ? b.locks.split(" ").length : 0, balanced: !!b.balance, hash: b.builtin ? null : b.hash,
  };
  const list = recentList().filter((x) => x.share !== item.share);
  list.unshift(item);
  try { localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX))); } catch (_) { /* private mode */ }
  drawRecent();
}

function drawRecent() {
  const ol = $("recent");
  ol.innerHTML = "";
  const list = recentList();
  $("recent-none").hidden = list.length > 0;
  for (const r of list) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/?${r.share}`;
    a.textContent = `${r.title}, ${r.players} players, map ${r.seed}`;
    const extra = [];
    if (r.balanced) extra.push("balanced");
    if (r.locks) extra.push(`${r.locks} locked`);
    if (extra.length) a.textContent += ` (${extra.join(", ")})`;
    if (state.board && state.board.share === r.share) a.setAttribute("aria-current", "true");
    a.addEventListener("click", (e) => {
      e.preventDefault();
      if (state.busy) return;
      history.pushState(null, "", a.getAttribute("href"));
      openLink();
    });
    li.appendChild(a);
    ol.appendChild(li);
  }
}

// Shows the board in the address bar: a new history step, unless it came
// from one (Back, Forward) or replaces the first.
function markHistory(b, how) {
  const url = `/?${b.share}`;
  if (how.fromHistory || location.pathname + location.search === url) return;
  if (how.replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
}
