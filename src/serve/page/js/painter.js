// hexpress page: the map painter. It draws what the server says the file
// holds (author.reply.view) and turns clicks into edits of the file; it keeps
// no model of its own.
"use strict";

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  if (text != null) e.textContent = text;
  return e;
}

function counter(value, onMinus, onPlus, label) {
  const box = el("span", { class: "counter" });
  box.appendChild(el("button", { type: "button", class: "step", "aria-label": `one ${label} fewer`, onclick: onMinus }, "−"));
  box.appendChild(el("b", {}, String(value)));
  box.appendChild(el("button", { type: "button", class: "step", "aria-label": `one ${label} more`, onclick: onPlus }, "+"));
  return box;
}

function status(have, want, what) {
  const ok = have === want;
  const s = el("span", { class: ok ? "count ok" : "count bad" });
  s.textContent = ok ? `${have} ${what}: ✓` : `${have} ${what}, ${want} needed (${have > want ? `${have - want} too many` : `${want - have} missing`})`;
  return s;
}

function renderPainter(view) {
  const grid = $("paint-grid");
  if (!view) {
    grid.innerHTML = '<p class="note">The file does not read as TOML yet, so there is no map to paint: fix the first problem in the list.</p>';
    for (const id of ["palette", "regions", "harbor-pool", "rules-box", "players-box"]) $(id).innerHTML = "";
    return;
  }
  if (author.map >= view.maps.length) author.map = 0;
  const map = view.maps[author.map];
  drawMapPick(view);
  if (!map) { grid.innerHTML = '<p class="note">The file has no [[map]] yet.</p>'; return; }
  drawPalette(map);
  drawSideBrushes(view, map);
  drawCodeEdit(view, map);
  drawGrid(map);
  drawRegions(view, map);
  drawHarborPool(view, map);
  drawRules(view);
  drawPlayersBox(view);
  fillNewKinds(view, map);
}

function drawMapPick(view) {
  const box = $("map-pick");
  box.hidden = view.maps.length < 2;
  box.innerHTML = "";
  view.maps.forEach((m, i) => {
    const b = el("button", { type: "button", class: i === author.map ? "on" : "", "aria-pressed": String(i === author.map),
      onclick: () => { author.map = i; renderPainter(author.reply.view); } }, `Map for ${m.players.join(", ") || "?"} players`);
    box.appendChild(b);
  });
}

function legendOf(map, code) { return map.legend.find((l) => l.code === code); }

// What the chosen code means, changed in place: its kind, and for a fixed
// terrain that takes a chip, the chip printed on it or the region it draws
// one from.
function drawCodeEdit(view, map) {
  const box = $("code-edit");
  box.innerHTML = "";
  const l = legendOf(map, author.brush);
  if (!l) return;
  const row = el("div", { class: "add-row" });
  const kind = el("select", { id: "code-kind", "aria-label": `what code ${l.code} means` });
  fillKinds(kind, view, map);
  const current = l.region && !l.terrain ? { region: l.region } : l.harbor ? { harbor: l.harbor } : l.terrain;
  kind.value = JSON.stringify(current);
  row.appendChild(el("label", { for: "code-kind" }, `Code “${l.code}” means`));
  row.appendChild(kind);
  const terrain = view.terrains.find((t) => t.name === l.terrain);
  let chip = null;
  if (terrain && terrain.land && terrain.chip) {
    chip = el("select", { id: "code-chip", "aria-label": `the chip of code ${l.code}` });
    chip.appendChild(el("option", { value: "" }, "no chip yet"));
    for (const { number } of view.chips) chip.appendChild(el("option", { value: `n:${number}` }, `chip ${number}`));
    for (const r of map.regions) chip.appendChild(el("option", { value: `r:${r.key}` }, `a chip from ${r.name}`));
    chip.value = l.number != null ? `n:${l.number}` : l.region ? `r:${l.region}` : "";
    row.appendChild(el("label", { for: "code-chip" }, "with"));
    row.appendChild(chip);
  }
  const send = () => {
    let entry = JSON.parse(kind.value);
    if (typeof entry === "string" && chip && entry === l.terrain && chip.value) {
      entry = { terrain: entry };
      if (chip.value.startsWith("n:")) entry.number = parseInt(chip.value.slice(2), 10);
      else entry.region = chip.value.slice(2);
      if (l.label) entry.label = l.label;
    } else if (typeof entry === "string" && l.label) {
      entry = { terrain: entry, label: l.label };
    }
    edit({ op: "legend", code: l.code, entry });
  };
  kind.addEventListener("change", send);
  if (chip) chip.addEventListener("change", send);
  box.appendChild(row);
}

function fillKinds(sel, view, map) {
  sel.innerHTML = "";
  const add = (label, entry) => sel.appendChild(el("option", { value: JSON.stringify(entry) }, label));
  for (const r of map.regions) add(`a random tile from ${r.name}`, { region: r.key });
  add("a harbor of a random kind", { harbor: "random" });
  for (const k of view.harbor_kinds) add(`a ${k} harbor`, { harbor: k });
  for (const t of view.terrains) add(`${t.label} (always here)`, t.name);
}

function drawPalette(map) {
  const box = $("palette");
  box.innerHTML = "";
  if (author.brush == null || (author.brush !== "." && !legendOf(map, author.brush))) {
    author.brush = (map.legend.find((l) => l.kind === "region") || map.legend[0] || { code: "." }).code;
  }
  const entries = map.legend.concat([{ code: ".", kind: "empty", colour: "#ffffff", words: "no hex here", used: 0 }]);
  for (const l of entries) {
    const on = l.code === author.brush;
    const b = el("button", { type: "button", role: "radio", "aria-checked": String(on && !author.sideBrush), class: `swatch${on && !author.sideBrush ? " on" : ""}`, "data-code": l.code,
      onclick: () => { author.brush = l.code; author.sideBrush = null; renderPainter(author.reply.view); } });
    const chip = el("span", { class: `sw-hex kind-${l.kind}` }, l.code);
    chip.style.background = l.colour;
    b.appendChild(chip);
    b.appendChild(el("span", { class: "sw-words" }, l.words));
    if (l.kind !== "empty") b.appendChild(el("span", { class: "sw-used" }, `×${l.used}`));
    if (l.kind !== "empty" && l.used === 0) {
      b.appendChild(el("span", { class: "sw-del", role: "button", tabindex: "0", title: `remove code ${l.code} from the legend`,
        onclick: (e) => { e.stopPropagation(); edit({ op: "legend", code: l.code, entry: null }); } }, "✕"));
    }
    box.appendChild(b);
  }
}

// Side features (rivers, bridges...) as brushes: pick one, then click the
// side between two hexes to put it there, or click it again to take it off.
const SIDE_COLOURS = { river: "#2f6fa8", bridge: "#8a5a2b", wall: "#222222" };
function drawSideBrushes(view, map) {
  const feats = view.side_features || [];
  if (author.sideBrush && !feats.some((f) => f.key === author.sideBrush)) author.sideBrush = null;
  if (!feats.length) return;
  const box = $("palette");
  box.appendChild(el("p", { class: "note side-note" }, "Hex sides: pick a feature, then click the side between two hexes (again to take it off)."));
  for (const f of feats) {
    const on = author.sideBrush === f.key;
    const used = (map.sides || []).filter((s) => s.feature === f.key).length;
    const b = el("button", { type: "button", role: "radio", "aria-checked": String(on), class: `swatch${on ? " on" : ""}`, "data-side": f.key,
      onclick: () => { author.sideBrush = on ? null : f.key; renderPainter(author.reply.view); } });
    const chip = el("span", { class: "sw-hex sw-side" });
    chip.style.background = SIDE_COLOURS[f.look] || "#444";
    b.appendChild(chip);
    b.appendChild(el("span", { class: "sw-words" }, `${f.name} (${f.look}) on a hex side`));
    b.appendChild(el("span", { class: "sw-used" }, `×${used}`));
    box.appendChild(b);
  }
}

// The shared edge of the hexes at drawing positions a and b, in the grid's units.
function sideEnds(a, b, R, W) {
  const [ax, ay] = [a[0] * W / 2, a[1] * 1.5 * R], [bx, by] = [b[0] * W / 2, b[1] * 1.5 * R];
  const mx = (ax + bx) / 2, my = (ay + by) / 2, len = Math.hypot(bx - ax, by - ay) || 1;
  const nx = -(by - ay) / len * R / 2, ny = (bx - ax) / len * R / 2;
  return [mx + nx, my + ny, mx - nx, my - ny];
}

function sideLine(ends, cls) {
  const l = document.createElementNS(SVGNS, "line");
  l.setAttribute("x1", ends[0].toFixed(1)); l.setAttribute("y1", ends[1].toFixed(1));
  l.setAttribute("x2", ends[2].toFixed(1)); l.setAttribute("y2", ends[3].toFixed(1));
  l.setAttribute("class", cls);
  return l;
}

// The map's sides over the hexes; with a side brush, a target on every side
// between two drawn hexes.
function drawSides(svg, map, cells, R, W) {
  const key = (a, b) => [a.join(","), b.join(",")].sort().join("|");
  const have = new Map((map.sides || []).map((s) => [key(s.a, s.b), s]));
  for (const s of map.sides || []) {
    const feat = (author.reply.view.side_features || []).find((f) => f.key === s.feature);
    const line = sideLine(sideEnds(s.a, s.b, R, W), "pside-line");
    line.setAttribute("stroke", SIDE_COLOURS[feat ? feat.look : ""] || "#444");
    svg.appendChild(line);
  }
  if (!author.sideBrush) return;
  for (const [k, code] of cells) {
    if (code === ".") continue;
    const [x, y] = k.split(",").map((v) => parseInt(v, 10));
    for (const [nx, ny] of [[x + 2, y], [x + 1, y + 1], [x - 1, y + 1]]) {
      const other = cells.get(`${nx},${ny}`);
      if (!other || other === ".") continue;
      const there = have.get(key([x, y], [nx, ny]));
      const hit = sideLine(sideEnds([x, y], [nx, ny], R, W), "side-hit");
      hit.setAttribute("tabindex", "0");
      hit.setAttribute("role", "button");
      const what = there ? `${there.feature} here${there.drawn ? " (drawn in the text)" : ""}` : "no feature";
      hit.setAttribute("aria-label", `side between ${code} at ${x},${y} and ${other} at ${nx},${ny}: ${what}; press Enter to toggle ${author.sideBrush}`);
      const toggle = () => edit({ op: "side", cells: [[x, y], [nx, ny]], feature: there && there.feature === author.sideBrush ? null : author.sideBrush });
      hit.addEventListener("click", toggle);
      hit.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
      svg.appendChild(hit);
    }
  }
}

// The drawing: each position of the box a hex, and the hexes listed by
// coordinates ([[map.cells]]) at their places; click or drag to paint. A
// touch drag paints every hex it crosses (the finger's hex is found under
// it at each move: a touch keeps its events on the hex it started on).
let stroke = null;
function drawGrid(map) {
  const grid = $("paint-grid");
  grid.innerHTML = "";
  if (!map.paintable || !map.extent) {
    grid.innerHTML = '<p class="note">The drawing\'s codes are off the hex grid: fix it in the Text view (the problem list says where).</p>';
    return;
  }
  let { xmin, xmax, ymin, ymax } = map.extent;
  const listed = new Map((map.listed || []).map(([x, y, c, q, r]) => [`${x},${y}`, { code: c, q, r }]));
  for (const [x, y] of map.listed || []) {
    xmin = Math.min(xmin, x); xmax = Math.max(xmax, x); ymin = Math.min(ymin, y); ymax = Math.max(ymax, y);
  }
  const R = 20, W = Math.sqrt(3) * R;
  const cells = new Map(map.cells.map(([x, y, c]) => [`${x},${y}`, c]));
  const svg = document.createElementNS(SVGNS, "svg");
  const vx = (xmin - 1) * W / 2 - 2, vy = ymin * 1.5 * R - R - 2;
  const vw = (xmax - xmin + 2) * W / 2 + 4, vh = (ymax - ymin) * 1.5 * R + 2 * R + 4;
  svg.setAttribute("viewBox", `${vx.toFixed(1)} ${vy.toFixed(1)} ${vw.toFixed(1)} ${vh.toFixed(1)}`);
  svg.setAttribute("class", "paint-svg");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "The map drawing: Tab to a hex and press Enter to paint it with the chosen code");
  svg.style.maxWidth = `${Math.max(320, vw * 1.6)}px`;
  for (let y = ymin; y <= ymax; y++) {
    for (let x = xmin; x <= xmax; x++) {
      if ((x + y) % 2 !== 0) continue;
      const key = `${x},${y}`;
      const list = listed.get(key);
      if (!list && (y < map.extent.ymin || y > map.extent.ymax || x < map.extent.xmin || x > map.extent.xmax)) continue;
      const code = list ? list.code : cells.get(key);
      const l = code && code !== "." ? legendOf(map, code) : null;
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "pcell" + (l ? "" : " empty") + (list ? " listed" : ""));
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      const where = list ? ` (listed by coordinates ${list.q}, ${list.r})` : "";
      g.setAttribute("aria-label", `${l ? `${code}: ${l.words}` : code && code !== "." ? `unknown code ${code}` : "empty"}${where}; press Enter to paint`);
      g.dataset.x = x;
      g.dataset.y = y;
      const p = document.createElementNS(SVGNS, "polygon");
      p.setAttribute("points", hexPoints(x * W / 2, y * 1.5 * R, R * 0.97));
      p.setAttribute("fill", l ? l.colour : code && code !== "." ? "#f3c6c2" : "#ffffff");
      g.appendChild(p);
      if (code && code !== ".") {
        const t = document.createElementNS(SVGNS, "text");
        t.setAttribute("x", x * W / 2);
        t.setAttribute("y", y * 1.5 * R + 5);
        t.textContent = code;
        g.appendChild(t);
      }
      g.addEventListener("pointerdown", (e) => {
        if (author.sideBrush) return;
        e.preventDefault();
        if (g.hasPointerCapture && g.hasPointerCapture(e.pointerId)) g.releasePointerCapture(e.pointerId);
        stroke = new Map();
        paintCell(g, map);
      });
      g.addEventListener("pointerenter", () => { if (stroke) paintCell(g, map); });
      g.addEventListener("keydown", (e) => {
        if (author.sideBrush) return;
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); stroke = new Map(); paintCell(g, map); endStroke(); }
      });
      svg.appendChild(g);
    }
  }
  svg.addEventListener("pointermove", (e) => {
    if (!stroke) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const g = under && under.closest && under.closest("g.pcell");
    if (g && svg.contains(g)) paintCell(g, map);
  });
  drawSides(svg, map, cells, R, W);
  grid.appendChild(svg);
}

function paintCell(g, map) {
  const key = `${g.dataset.x},${g.dataset.y}`;
  if (stroke.has(key)) return;
  stroke.set(key, [parseInt(g.dataset.x, 10), parseInt(g.dataset.y, 10)]);
  const l = legendOf(map, author.brush);
  const poly = g.querySelector("polygon");
  poly.setAttribute("fill", l ? l.colour : "#ffffff");
  g.classList.add("painting");
}

function endStroke() {
  if (!stroke || !stroke.size) { stroke = null; return; }
  const cells = [...stroke.values()];
  stroke = null;
  edit({ op: "paint", cells, code: author.brush === "." ? null : author.brush });
}

function drawRegions(view, map) {
  const box = $("regions");
  box.innerHTML = "";
  if (!map.regions.length) box.appendChild(el("p", { class: "note" }, "No random regions: every hex of this map is fixed."));
  for (const r of map.regions) {
    const card = el("div", { class: "region" });
    const head = el("div", { class: "region-head" });
    head.appendChild(el("b", {}, r.name));
    head.appendChild(el("code", {}, r.key));
    const fd = el("button", { type: "button", role: "switch", "aria-checked": String(r.face_down), class: "switch",
      onclick: () => edit({ op: "face_down", region: r.key, on: !r.face_down }) }, r.face_down ? "dealt face down" : "dealt face up");
    head.appendChild(fd);
    // A region no hex and no code draws from can go again.
    if (!r.slots && !map.legend.some((l) => l.region === r.key)) {
      head.appendChild(el("button", { type: "button", class: "small-link region-del", "aria-label": `remove the region ${r.name}`,
        onclick: () => edit({ op: "drop_region", key: r.key }) }, "remove"));
    }
    card.appendChild(head);
    card.appendChild(el("p", { class: "note" }, `${r.slots} hex${r.slots === 1 ? "" : "es"} on the map take${r.slots === 1 ? "s" : ""} a tile from this region.`));
    const tiles = el("div", { class: "tiles" });
    for (const [t, n] of r.tiles) {
      const row = el("div", { class: "pool-row" });
      row.appendChild(el("span", { class: "pool-name" }, t));
      row.appendChild(counter(n, () => edit({ op: "tiles", region: r.key, terrain: t, count: Math.max(0, n - 1) }),
        () => edit({ op: "tiles", region: r.key, terrain: t, count: n + 1 }), `${t} tile`));
      tiles.appendChild(row);
    }
    const add = el("select", { "aria-label": `add a terrain to ${r.name}` });
    add.appendChild(el("option", { value: "" }, "add a terrain…"));
    for (const t of view.terrains) if (!r.tiles.some(([n]) => n === t.name)) add.appendChild(el("option", { value: t.name }, t.label));
    add.addEventListener("change", () => { if (add.value) edit({ op: "tiles", region: r.key, terrain: add.value, count: 1 }); });
    tiles.appendChild(add);
    card.appendChild(tiles);
    card.appendChild(status(r.tile_total, r.slots, "tiles for the hexes"));
    const chips = el("div", { class: "chips-row" });
    for (const { number: n, red } of view.chips) {
      const have = r.numbers.filter((v) => v === n).length;
      const c = el("div", { class: `chip-edit${red ? " red" : ""}` });
      c.appendChild(el("span", { class: "chip-n" }, String(n)));
      c.appendChild(counter(have, () => edit({ op: "numbers", region: r.key, numbers: removeOne(r.numbers, n) }),
        () => edit({ op: "numbers", region: r.key, numbers: addOne(r.numbers, n) }), `${n} chip`));
      chips.appendChild(c);
    }
    card.appendChild(chips);
    card.appendChild(status(r.numbers.length, r.chips_needed, "number chips"));
    if (r.harbor_tiles || r.harbors.length) {
      card.appendChild(harborCounters(view, r.harbors, (list) => edit({ op: "harbors", region: r.key, harbors: list })));
      card.appendChild(status(r.harbors.length, r.harbor_tiles, "harbor kinds for the harbor tiles"));
    }
    card.appendChild(regionRules(view, r));
    box.appendChild(card);
  }
}

function addOne(list, n) {
  const out = list.slice();
  let i = out.findIndex((v) => v > n);
  if (i < 0) i = out.length;
  out.splice(i, 0, n);
  return out;
}

function removeOne(list, n) {
  const i = list.lastIndexOf(n);
  if (i < 0) return list;
  const out = list.slice();
  out.splice(i, 1);
  return out;
}

function harborCounters(view, list, set) {
  const box = el("div", { class: "harbor-row" });
  for (const k of view.harbor_kinds) {
    const have = list.filter((v) => v === k).length;
    const c = el("div", { class: "chip-edit" });
    c.appendChild(el("span", { class: "chip-n" }, k));
    c.appendChild(counter(have, () => set(removeOne(list, k)), () => set(list.concat([k])), `${k} harbor`));
    box.appendChild(c);
  }
  return box;
}

function drawHarborPool(view, map) {
  const box = $("harbor-pool");
  box.innerHTML = "";
  box.appendChild(el("p", { class: "note" }, `${map.random_harbors} harbor hex${map.random_harbors === 1 ? "" : "es"} on the map draw their kind from this pool.`));
  box.appendChild(harborCounters(view, map.harbor_pool, (pool) => edit({ op: "pool", pool })));
  box.appendChild(status(map.harbor_pool.length, map.random_harbors, "harbors in the pool"));
}

// A rule's control: a number box for a limit (empty: `null`), else an on/off switch.
function ruleControl(r, value, set, label) {
  if (r.number) {
    const inp = el("input", { type: "number", min: String(r.min), max: String(r.max), class: "rule-num", "aria-label": label, placeholder: "no limit" });
    if (value != null) inp.value = value;
    inp.addEventListener("change", () => set(inp.value === "" ? null : parseInt(inp.value, 10)));
    return inp;
  }
  return el("button", { type: "button", role: "switch", class: "switch", "aria-checked": String(!!value), "aria-label": label,
    onclick: () => set(!value) }, value ? "on" : "off");
}

// A region's own placement rules, on top of the map's: each changed or taken
// off here; another picked from the rules a region may set.
function regionRules(view, r) {
  const box = el("div", { class: "region-rules" });
  const set = (key, value) => edit({ op: "region_rule", region: r.key, key, value });
  box.appendChild(el("p", { class: "note" }, r.rules.length ? "Own rules here, on top of the map's:" : "The map's rules hold here."));
  for (const own of r.rules) {
    const d = view.rules.list.find((x) => x.key === own.key);
    const line = el("div", { class: "rule", "data-key": own.key });
    if (d) line.appendChild(ruleControl(d, own.value, (v) => set(own.key, v), `${own.words} in ${r.name}`));
    line.appendChild(el("span", { class: "rule-words" }, `${own.words}: ${own.value === true ? "on" : own.value === false ? "off" : own.value}`));
    line.appendChild(el("button", { type: "button", class: "link small-link", title: "use the map's setting here",
      onclick: () => set(own.key, null) }, "as the map"));
    box.appendChild(line);
  }
  const add = el("select", { class: "region-rule-add", "aria-label": `set a rule for ${r.name} only` });
  add.appendChild(el("option", { value: "" }, "set a rule here…"));
  for (const d of view.rules.list) if (d.per_region && !r.rules.some((x) => x.key === d.key)) add.appendChild(el("option", { value: d.key }, d.words));
  add.addEventListener("change", () => {
    const d = view.rules.list.find((x) => x.key === add.value);
    const now = d && (d.set != null ? d.set : d.preset);
    if (d) set(d.key, d.number ? (now != null ? now : d.max) : !now);
  });
  box.appendChild(add);
  return box;
}

function drawRules(view) {
  const box = $("rules-box");
  box.innerHTML = "";
  const pick = el("select", { "aria-label": "rules to start from" });
  for (const { name: v, title: t } of view.rules.presets) {
    const o = el("option", { value: v }, t);
    if (view.rules.preset === v) o.selected = true;
    pick.appendChild(o);
  }
  pick.addEventListener("change", () => edit({ op: "preset", preset: pick.value }));
  const row = el("label", { class: "rule-preset" }, "Start from ");
  row.appendChild(pick);
  box.appendChild(row);
  for (const r of view.rules.list) {
    const line = el("div", { class: "rule" });
    line.appendChild(ruleControl(r, r.set != null ? r.set : r.preset, (value) => edit({ op: "rule", key: r.key, value }), r.words));
    line.appendChild(el("span", { class: "rule-words" }, r.words));
    if (r.set != null) {
      line.appendChild(el("button", { type: "button", class: "link small-link", title: "use the preset's setting",
        onclick: () => edit({ op: "rule", key: r.key, value: null }) }, "as the preset"));
    }
    box.appendChild(line);
  }
}

function drawPlayersBox(view) {
  const box = $("players-box");
  box.innerHTML = "";
  const line = (label, list, set) => {
    const row = el("div", { class: "players-row" });
    row.appendChild(el("span", { class: "pool-name" }, label));
    for (let p = 2; p <= 8; p++) {
      const on = list.includes(p);
      row.appendChild(el("button", { type: "button", class: `pbtn${on ? " on" : ""}`, "aria-pressed": String(on),
        onclick: () => {
          const next = on ? list.filter((v) => v !== p) : list.concat([p]).sort((a, b) => a - b);
          if (next.length) set(next);
        } }, String(p)));
    }
    box.appendChild(row);
  };
  line("The scenario", view.players, (players) => edit({ op: "players", players }));
  view.maps.forEach((m, i) => line(`Map ${i + 1}`, m.players, (players) => edit({ op: "map_players", map: i, players })));
  box.appendChild(el("p", { class: "note" }, "Each player count of the scenario needs exactly one map."));
}

function fillNewKinds(view, map) {
  const sel = $("new-kind");
  const keep = sel.value;
  fillKinds(sel, view, map);
  if (keep) sel.value = keep;
}

// The painter's own preview: the board on screen when it is of this file.
function painterBoardShown(b) {
  const box = $("preview");
  if (state.text != null && state.text === author.text) {
    box.innerHTML = b.svg;
    const svg = box.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("viewBox", `${b.board.x} ${b.board.y} ${b.board.w} ${b.board.h}`);
    }
  }
}

function setupPainter() {
  document.addEventListener("pointerup", endStroke);
  document.addEventListener("pointercancel", endStroke);
  for (const b of document.querySelectorAll(".grow button")) {
    b.addEventListener("click", () => edit({ op: "grow", side: b.dataset.side, add: b.dataset.add === "1" }));
  }
  $("add-code").addEventListener("click", () => {
    const code = $("new-code").value.trim();
    if (!code) { fileStatus("Type a code of 1 to 3 characters first.", true); return; }
    edit({ op: "legend", code, entry: JSON.parse($("new-kind").value) }).then((ok) => {
      // A refused code stays in the box, so that it can be corrected.
      if (ok) { $("new-code").value = ""; author.brush = code; if (author.reply) renderPainter(author.reply.view); }
    });
  });
  $("add-region").addEventListener("click", () => {
    const key = $("new-region").value.trim();
    if (!key) return;
    edit({ op: "region", key }).then(() => {
      const map = author.reply && author.reply.view && author.reply.view.maps[author.map];
      if (map && map.regions.some((r) => r.key === key)) $("new-region").value = "";
    });
  });
}
