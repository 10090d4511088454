// hexpress page: the board on screen. The server's drawing, a layer of hex
// buttons over it (click, tap or keyboard to lock), chip numbers kept
// readable on small screens, zoom, and the measures in plain words.
"use strict";

function hexPoints(x, y, r) {
  const w = (r * Math.sqrt(3)) / 2;
  return [[x, y - r], [x + w, y - r / 2], [x + w, y + r / 2], [x, y + r], [x - w, y + r / 2], [x - w, y - r / 2]]
    .map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" ");
}

// A hex is secret when the server sent no terrain for it (the players' view).
function isSecret(h) { return h.terrain === "unknown"; }

function hexWords(h) {
  if (isSecret(h)) return "face-down tile";
  return `${h.terrain.replace("_", " ")}${h.number != null ? " " + h.number : ""}`;
}

// The lock item the server reads: contents for what the page may know, the
// place alone for a secret (the server keeps its tile).
function lockItem(h) {
  if (isSecret(h)) return `${h.q},${h.r}`;
  return `${h.q},${h.r}=${h.terrain}` + (h.number != null ? `:${h.number}` : "");
}

function drawBoardSvg(b) {
  const holder = $("board");
  holder.innerHTML = b.svg;
  const svg = holder.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const pad = 3;
  svg.setAttribute("viewBox", `${b.board.x - pad} ${b.board.y - pad} ${b.board.w + 2 * pad} ${b.board.h + 2 * pad}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `${b.title}, map number ${b.seed}`);
  const chips = document.createElementNS(SVGNS, "g");
  chips.id = "big-chips";
  svg.appendChild(chips);
  const hits = document.createElementNS(SVGNS, "g");
  hits.id = "hits";
  svg.appendChild(hits);
  drawLocks();
  requestAnimationFrame(readableChips);
}

// Screen pixels per map millimetre.
function pxPerMm() {
  const svg = $("board").querySelector("svg");
  const b = state.board;
  if (!svg || !b) return 0;
  return svg.getBoundingClientRect().width / (b.board.w + 6);
}

// Where the drawn chips would show their numbers under 12 px, lay a larger
// chip over each so that the numbers stay readable (at least 12 px).
const MIN_CHIP_PX = 12;
function readableChips() {
  const g = document.getElementById("big-chips");
  const b = state.board;
  if (!g || !b) return;
  g.innerHTML = "";
  const k = pxPerMm();
  if (!k) return;
  const drawnPx = b.hex_radius * 0.28 * k; // the printed chip's number is about this tall
  if (drawnPx >= MIN_CHIP_PX) return;
  const font = Math.min(MIN_CHIP_PX / k, b.hex_radius * 0.62);
  for (const h of b.hexes) {
    if (h.number == null || isSecret(h)) continue;
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", h.x); c.setAttribute("cy", h.y); c.setAttribute("r", (font * 0.85).toFixed(2));
    c.setAttribute("class", "big-chip");
    const t = document.createElementNS(SVGNS, "text");
    t.setAttribute("x", h.x); t.setAttribute("y", (h.y + font * 0.36).toFixed(2));
    t.setAttribute("font-size", font.toFixed(2));
    t.setAttribute("class", h.red ? "big-num red" : "big-num");
    t.textContent = h.number;
    g.appendChild(c);
    g.appendChild(t);
  }
}

function drawLocks() {
  const b = state.board;
  const g = document.getElementById("hits");
  if (!b || !g) return;
  g.innerHTML = "";
  const R = b.hex_radius;
  const clash = new Set((state.clash || []).map((h) => `${h.q},${h.r}`));
  for (const h of b.hexes) {
    if (h.fixed) continue;
    const key = `${h.q},${h.r}`;
    const locked = state.locks.has(key);
    const p = document.createElementNS(SVGNS, "polygon");
    p.setAttribute("points", hexPoints(h.x, h.y, R * 0.96));
    p.setAttribute("class", "hit" + (locked ? " locked" : "") + (clash.has(key) ? " clash" : ""));
    p.setAttribute("tabindex", "0");
    p.setAttribute("role", "button");
    p.setAttribute("aria-pressed", locked ? "true" : "false");
    p.setAttribute("aria-label", `${hexWords(h)} at ${h.q}, ${h.r}`);
    p.dataset.hex = key;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = `${hexWords(h)} at (${h.q}, ${h.r}): ${locked ? "locked; click or press Enter to unlock" : "click or press Enter to lock"}`;
    p.appendChild(t);
    p.addEventListener("click", () => toggleLock(h));
    p.addEventListener("keydown", (e) => hexKey(e, h));
    g.appendChild(p);
    if (locked) g.appendChild(badge(h.x, h.y - R * 0.58, R * 0.2));
  }
}

// Enter or Space locks; the arrow keys move to the nearest hex that way.
function hexKey(e, h) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    toggleLock(h);
    const again = document.querySelector(`#hits .hit[data-hex='${h.q},${h.r}']`);
    if (again) again.focus();
    return;
  }
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!dir) return;
  e.preventDefault();
  let best = null;
  for (const o of state.board.hexes) {
    if (o.fixed || o === h) continue;
    const dx = o.x - h.x, dy = o.y - h.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 0.1) continue;
    const off = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const cost = along + 2 * off;
    if (!best || cost < best.cost) best = { o, cost };
  }
  if (best) {
    const el = document.querySelector(`#hits .hit[data-hex='${best.o.q},${best.o.r}']`);
    if (el) el.focus();
  }
}

// A small padlock in a yellow disc.
function badge(x, y, s) {
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "badge");
  g.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${(s / 10).toFixed(3)})`);
  g.innerHTML = '<circle r="10"/><path d="M-4.5 -1 v-2.2 a4.5 4.5 0 0 1 9 0 v2.2 h-2 v-2.2 a2.5 2.5 0 0 0 -5 0 v2.2 z M-6 -1 h12 v8 h-12 z"/>';
  return g;
}

function toggleLock(h) {
  const key = `${h.q},${h.r}`;
  if (state.locks.has(key)) state.locks.delete(key); else state.locks.set(key, lockItem(h));
  // A secret's tile is on the board on screen: the server finds it there.
  if ([...state.locks.values()].some((v) => !v.includes("="))) state.from = state.board.key;
  state.clash = null;
  drawLocks();
  updateLockUi();
}

function updateLockUi() {
  const n = state.locks.size;
  $("lock-count").textContent = n === 0 ? "No hex locked." : n === 1 ? "1 hex locked." : `${n} hexes locked.`;
  $("unlock").hidden = n === 0;
  $("balanced").disabled = n > 0;
  $("lock-balanced-note").hidden = n === 0;
}

function setZoom(on) {
  $("board").classList.toggle("zoomed", on);
  $("zoom").setAttribute("aria-pressed", on ? "true" : "false");
  $("zoom").textContent = on ? "Zoom out" : "Zoom in";
  requestAnimationFrame(() => {
    readableChips();
    if (on) {
      const w = $("board");
      w.scrollLeft = (w.scrollWidth - w.clientWidth) / 2;
    }
  });
}

// The measures panel: titled for what the board is, each measure in words.
function showMeasures(b) {
  const list = $("fair-lines");
  list.innerHTML = "";
  const items = b.balance ? b.balance.explained : b.explained || [];
  for (const m of items) {
    const dt = document.createElement("dt");
    dt.innerHTML = `<span class="m-name"></span> <b class="m-value"></b>`;
    dt.querySelector(".m-name").textContent = m.name;
    dt.querySelector(".m-value").textContent = m.value;
    const dd = document.createElement("dd");
    dd.textContent = m.words;
    list.appendChild(dt);
    list.appendChild(dd);
  }
  const secret = b.secret ? " Face-down tiles are left out while they are hidden: switch Face-down tiles to “shown” to count them." : "";
  if (b.balance) {
    const r = b.balance.random;
    $("fair-title").textContent = "Why this balanced board is fair";
    const beat = r.as_fair === 0
      ? `none of ${r.drawn.toLocaleString()} boards drawn at random for comparison was as fair`
      : `${r.as_fair.toLocaleString()} of ${r.drawn.toLocaleString()} boards drawn at random for comparison were as fair`;
    let note = `This board was chosen for its fairness: ${b.balance.evaluated.toLocaleString()} boards were scored and the fairest kept, with a score of ${b.balance.score} (lower is fairer); ${beat}. Those random boards scored ${r.median} in the middle and ${r.best} at best. Because it was chosen, a balanced board is not a random draw.`;
    if (b.balance.plots) note += ` The plots show how each measure spreads over ${b.balance.plotted.toLocaleString()} random boards, with this board marked.`;
    $("fair-note").textContent = note + secret;
    $("plots").innerHTML = b.balance.plots || "";
    const p = $("plots").querySelector("svg");
    if (p) { p.removeAttribute("width"); p.removeAttribute("height"); }
  } else if (b.bar) {
    $("fair-title").textContent = "Why this balanced board is fair";
    const rate = (b.bar.pass_rate * 100).toLocaleString(undefined, { maximumFractionDigits: 2 });
    $("fair-note").textContent = `A fair draw among the boards that clear the fairness bar: every such board was equally likely, so balanced boards do not all look alike. About ${rate} % of random boards clear it. The bar asks: ${b.bar.thresholds.join("; ")}.${seatWords(b)}${secret}`;
    $("plots").innerHTML = "";
  } else {
    $("fair-title").textContent = "How this random board measures up";
    $("fair-note").textContent = `A random board: every valid board was equally likely, so it was not picked for fairness. These are its measures; for all of them lower is fairer. A balanced reroll draws among the boards that clear the fairness bar.${seatWords(b)}${b.meets_bar === true ? " This board clears the bar." : b.meets_bar === false ? " This board does not clear the bar." : ""}${secret}`;
    $("plots").innerHTML = "";
  }
}

/// The seats' opening placements in words (the seat simulation's figures).
function seatWords(b) {
  if (!b.seats || !b.seats.seats || !b.seats.seats.length) return "";
  const pips = b.seats.seats.map((x) => x.pips.total ?? x.pips).map((v) => (typeof v === "number" ? v.toLocaleString(undefined, { maximumFractionDigits: 1 }) : v));
  const o = b.seats.odds;
  const odds = o ? ` ${o[0].toUpperCase()}${o.slice(1)} (as measured in whole bot games).` : "";
  return ` With a snake draft, the seats' opening settlements (first seat to last) touch ${pips.join(", ")} pips of production; the best seat has ${b.seats.gap} more than the worst.${odds}`;
}
