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

// What a hex shows and where it lies, as players name it (the server's
// words: "fields 3, top row, leftmost, by the 3:1 harbor").
function hexWords(h) {
  if (h.name) return h.name;
  if (isSecret(h)) return "face-down tile";
  return `${h.terrain.replace("_", " ")}${h.number != null ? " " + h.number : ""}`;
}

// The lock item the server reads: contents for a face-up hex, the place
// alone for a face-down one (its tile comes from the board it was locked
// on, whose recipe is the board's lock_from), in either view.
function lockItem(h) {
  if (isSecret(h) || h.face_down) return `${h.q},${h.r}`;
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
  svg.setAttribute("aria-label", `${b.title}, map number ${b.seed}: the arrow keys move between the hexes, Enter or Space locks one`);
  // The drawing's own texts and shapes are read through the hex buttons.
  for (const g of svg.children) if (g.tagName !== "title") g.setAttribute("aria-hidden", "true");
  const labels = document.createElementNS(SVGNS, "g");
  labels.id = "big-labels";
  labels.setAttribute("aria-hidden", "true");
  svg.appendChild(labels);
  const hits = document.createElementNS(SVGNS, "g");
  hits.id = "hits";
  svg.appendChild(hits);
  drawLocks();
  requestAnimationFrame(readableLabels);
}

// Screen pixels per map millimetre.
function pxPerMm() {
  const svg = $("board").querySelector("svg");
  const b = state.board;
  if (!svg || !b) return 0;
  return svg.getBoundingClientRect().width / (b.board.w + 6);
}

// Every text of the drawing (chip numbers, harbor kinds, names) that would
// show under 12 px is laid over at 12 px, on a pill of its own, and the
// small one is hidden: nothing on the board reads smaller than 12 px. Where
// the pills would cover each other, chips come first, then harbors, then
// names and codes, then a face-down hex's "?"; a label with no room left is hidden until the board is zoomed in
// (`data-left` counts them, `data-chips-left` the chips among them).
const MIN_LABEL_PX = 12;
function labelRank(text) {
  const t = text.textContent.trim();
  return /^\d{1,2}$/.test(t) ? 0 : /^\d:\d$/.test(t) ? 1 : t === "?" ? 3 : 2;
}

function readableLabels() {
  const g = document.getElementById("big-labels");
  const svg = $("board").querySelector("svg");
  if (!g || !svg || !state.board) return;
  g.innerHTML = "";
  const root = svg.getScreenCTM();
  if (!root || !root.a) return;
  const view = svg.viewBox.baseVal;
  for (const t of svg.querySelectorAll("text.small-label")) t.classList.remove("small-label");
  const small = [];
  for (const t of svg.querySelectorAll("text")) {
    if (g.contains(t) || !t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const size = parseFloat(t.getAttribute("font-size") || "0");
    if (size * Math.hypot(m.a, m.b) >= MIN_LABEL_PX) continue;
    // Where the text sits, in the drawing's own units.
    const local = root.inverse().multiply(m);
    const x = parseFloat(t.getAttribute("x") || "0"), y = parseFloat(t.getAttribute("y") || "0");
    const cx = local.a * x + local.c * y + local.e;
    const cy = local.b * x + local.d * y + local.f - (size * Math.hypot(local.a, local.b)) * 0.36;
    t.classList.add("small-label");
    // Off the board's view (the sheet's footer and legend, clipped at its
    // edge): hidden only.
    if (cx < view.x || cx > view.x + view.width || cy < view.y || cy > view.y + view.height) continue;
    // Numbers written in a row within one hex (a lake's several chips) are
    // one label.
    const near = Math.sqrt(3) * state.board.hex_radius * 0.5;
    const row = labelRank(t) === 0 && small.find((o) => o.rank === 0 && Math.abs(o.cy - cy) < Math.max(o.size, size) * 0.3
      && Math.abs(o.xs[o.xs.length - 1] - cx) < near);
    if (row) { row.words.push(t.textContent.trim()); row.xs.push(cx); continue; }
    small.push({ t, size, cy, xs: [cx], words: [t.textContent.trim()], rank: labelRank(t) });
  }
  small.sort((a, b) => a.rank - b.rank);
  const placed = [];
  let left = 0, chipsLeft = 0;
  for (const { t, cy, xs, words, rank } of small) {
    const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const box = bigLabel(g, t, words.join(" "), cx, cy, (MIN_LABEL_PX + 0.5) / root.a);
    if (placed.some((q) => box.x < q.x + q.width && q.x < box.x + box.width && box.y < q.y + q.height && q.y < box.y + box.height)) {
      box.el.forEach((e) => e.remove());
      left++;
      if (rank === 0) chipsLeft++;
      continue;
    }
    placed.push(box);
  }
  g.dataset.left = String(left);
  g.dataset.chipsLeft = String(chipsLeft);
  g.dataset.done = "1";
}

// One label (`words`, in `t`'s colour) laid over at `font` (drawing units)
// on its pill; returns the pill's box and its two elements.
function bigLabel(g, t, words, cx, cy, font) {
  const fill = t.getAttribute("fill") || "#1a1a1a";
  const light = /^#(f|e|d)/i.test(fill);
  const pill = document.createElementNS(SVGNS, "rect");
  const big = document.createElementNS(SVGNS, "text");
  big.setAttribute("x", cx.toFixed(2));
  big.setAttribute("y", (cy + font * 0.36).toFixed(2));
  big.setAttribute("font-size", font.toFixed(2));
  big.setAttribute("text-anchor", "middle");
  big.setAttribute("class", "big-label" + (fill.toLowerCase() === "#c0161d" ? " red" : ""));
  big.setAttribute("fill", fill);
  big.textContent = words;
  pill.setAttribute("class", light ? "big-pill dark" : "big-pill");
  g.appendChild(pill);
  g.appendChild(big);
  wrapLabel(big, Math.sqrt(3) * state.board.hex_radius * 0.95, font);
  const bb = big.getBBox();
  const padx = font * 0.3, pady = font * 0.12;
  const box = { x: bb.x - padx, y: bb.y - pady, width: bb.width + 2 * padx, height: bb.height + 2 * pady, el: [pill, big] };
  pill.setAttribute("x", box.x.toFixed(2));
  pill.setAttribute("y", box.y.toFixed(2));
  pill.setAttribute("width", box.width.toFixed(2));
  pill.setAttribute("height", box.height.toFixed(2));
  pill.setAttribute("rx", (font * 0.5).toFixed(2));
  return box;
}

// A label wider than a hex is broken into lines at its spaces (each line
// as wide as a hex at most, where the words allow), centred on its place.
function wrapLabel(text, width, font) {
  if (text.getBBox().width <= width || !text.textContent.includes(" ")) return;
  const words = text.textContent.split(/\s+/);
  const x = text.getAttribute("x");
  const lines = [];
  let line = "";
  text.textContent = "";
  const probe = document.createElementNS(SVGNS, "tspan");
  text.appendChild(probe);
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    probe.textContent = next;
    if (line && probe.getComputedTextLength() > width) {
      lines.push(line);
      line = w;
    } else {
      line = next;
    }
  }
  lines.push(line);
  text.textContent = "";
  const y = parseFloat(text.getAttribute("y")) - ((lines.length - 1) * font * 1.1) / 2;
  lines.forEach((l, i) => {
    const span = document.createElementNS(SVGNS, "tspan");
    span.setAttribute("x", x);
    span.setAttribute("y", (y + i * font * 1.1).toFixed(2));
    span.textContent = l;
    text.appendChild(span);
  });
}

// The hex the board's one Tab stop is on (roving focus: Tab enters the
// board there, the arrow keys move it, Tab leaves the board).
let focusHex = null;

function drawLocks() {
  const b = state.board;
  const g = document.getElementById("hits");
  if (!b || !g) return;
  const hadFocus = g.contains(document.activeElement);
  g.innerHTML = "";
  const R = b.hex_radius;
  const clash = new Set((state.clash || []).map((h) => `${h.q},${h.r}`));
  const lockable = b.hexes.filter((h) => !h.fixed);
  if (!lockable.some((h) => `${h.q},${h.r}` === focusHex)) focusHex = lockable.length ? `${lockable[0].q},${lockable[0].r}` : null;
  for (const h of lockable) {
    const key = `${h.q},${h.r}`;
    const locked = state.locks.has(key);
    const p = document.createElementNS(SVGNS, "polygon");
    p.setAttribute("points", hexPoints(h.x, h.y, R * 0.96));
    p.setAttribute("class", "hit" + (locked ? " locked" : "") + (clash.has(key) ? " clash" : ""));
    p.setAttribute("tabindex", key === focusHex ? "0" : "-1");
    p.setAttribute("role", "button");
    p.setAttribute("aria-pressed", locked ? "true" : "false");
    p.setAttribute("aria-label", `${hexWords(h)}${clash.has(key) ? " (cannot be kept with the other locks)" : ""}`);
    p.dataset.hex = key;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = `${hexWords(h)}: ${locked ? "locked; click or press Enter to unlock" : "click or press Enter to lock"}`;
    p.appendChild(t);
    p.addEventListener("click", () => { focusHex = key; toggleLock(h); });
    p.addEventListener("focus", () => { if (focusHex !== key) { moveFocus(key, false); } });
    p.addEventListener("keydown", (e) => hexKey(e, h));
    g.appendChild(p);
    if (locked) g.appendChild(badge(h.x, h.y - R * 0.58, R * 0.2));
  }
  if (hadFocus) focusOn(focusHex);
}

function focusOn(key) {
  const el = key && document.querySelector(`#hits .hit[data-hex='${key}']`);
  if (el) el.focus();
}

// Makes `key` the board's Tab stop (and focuses it, with `focus`).
function moveFocus(key, focus = true) {
  for (const p of document.querySelectorAll("#hits .hit")) p.setAttribute("tabindex", p.dataset.hex === key ? "0" : "-1");
  focusHex = key;
  if (focus) focusOn(key);
}

// Enter or Space locks; the arrow keys move to the nearest hex that way,
// Home and End to the first and last.
function hexKey(e, h) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    focusHex = `${h.q},${h.r}`;
    toggleLock(h);
    return;
  }
  const lockable = state.board.hexes.filter((o) => !o.fixed);
  if (e.key === "Home" || e.key === "End") {
    e.preventDefault();
    const o = e.key === "Home" ? lockable[0] : lockable[lockable.length - 1];
    if (o) moveFocus(`${o.q},${o.r}`);
    return;
  }
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!dir) return;
  e.preventDefault();
  let best = null;
  for (const o of lockable) {
    if (o === h) continue;
    const dx = o.x - h.x, dy = o.y - h.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 0.1) continue;
    const off = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const cost = along + 2 * off;
    if (!best || cost < best.cost) best = { o, cost };
  }
  if (best) moveFocus(`${best.o.q},${best.o.r}`);
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
  const was = state.locks.has(key);
  if (was) state.locks.delete(key); else state.locks.set(key, lockItem(h));
  // A face-down hex's tile is on the board on screen: the server makes
  // that board again from its recipe when it needs the tile.
  if ([...state.locks.values()].some((v) => !v.includes("="))) state.from = state.board.lock_from;
  else state.from = null;
  state.clash = null;
  drawLocks();
  updateLockUi();
  announce(`${was ? "Unlocked" : "Locked"}: ${hexWords(h)}. ${$("lock-count").textContent}`);
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
    readableLabels();
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
