//! The text of `layout.json` ([`super::json`]), written by hand into a byte
//! buffer, indented or on one line.

use crate::model::{Constraints, Rule, RuleValue, Scope, RULES};
use crate::solve::{Layout, Sampler};

/// The format tag written first in every file.
pub const FORMAT: &str = "hexpress-layout/1";

/// The tool and version that wrote a file, written right after the format.
pub const GENERATOR: &str = concat!("hexpress ", env!("CARGO_PKG_VERSION"));

/// How a board's `generate` command is given: whole, or around its seed
/// (`hexpress sample` splices each board's seed in).
#[derive(Clone, Copy, Debug)]
pub enum Command<'a> {
    /// The whole command.
    Whole(&'a str),
    /// The command before the seed, the seed, the command after it.
    Spliced(&'a str, u64, &'a str),
}

/// The one-line text of hexes already written, by hex, terrain and chip
/// (see [`write_line_cached`]).
#[derive(Debug, Default)]
pub struct HexCache {
    /// What the texts were written for: the map's shared label, roll and
    /// castaway tables (by address) and its hex count.
    map: (usize, usize, usize, usize),
    /// Per hex and key: the text's start and end in `arena` and the hex's
    /// region (0 when not cached yet).
    pub(super) at: Vec<(u32, u32, u32)>,
    pub(super) arena: Vec<u8>,
}

/// Keys per hex: terrain x chip (0 to 12) x fixed x face down.
const KEYS: usize = 17 * 13 * 4;

impl HexCache {
    /// Starts afresh unless `l` is of the map the texts were written for.
    pub(super) fn fit(&mut self, l: &Layout) {
        let map = (
            std::sync::Arc::as_ptr(&l.labels) as usize,
            std::sync::Arc::as_ptr(&l.rolls) as usize,
            std::sync::Arc::as_ptr(&l.castaways) as usize,
            l.hexes.len(),
        );
        if map != self.map || self.at.len() != l.hexes.len() * KEYS {
            self.map = map;
            self.at.clear();
            self.at.resize(l.hexes.len() * KEYS, (0, 0, 0));
            self.arena.clear();
        }
    }

    /// Where hex `i`'s text is kept, or `None` when it cannot be.
    pub(super) fn slot(&self, l: &Layout, i: usize) -> Option<usize> {
        let h = &l.hexes[i];
        let n = usize::from(h.number.unwrap_or(0));
        (n <= 12).then(|| {
            i * KEYS
                + ((h.terrain as usize * 13 + n) * 2 + usize::from(h.fixed)) * 2
                + usize::from(h.face_down)
        })
    }
}

/// Writes `layout.json` as indented text or on one line.
pub(super) struct Writer<'a> {
    pub(super) b: &'a mut Vec<u8>,
    pub(super) pretty: bool,
    pub(super) cache: Option<&'a mut HexCache>,
}

impl Writer<'_> {
    pub(super) fn layout(&mut self, l: &Layout, command: Command<'_>, balance: Option<&str>) {
        self.raw("{");
        self.field("format", true);
        self.string(FORMAT);
        self.field("generator", false);
        self.string(GENERATOR);
        self.field("scenario", false);
        self.string(&l.scenario);
        self.field("title", false);
        self.string(&l.title);
        self.field("players", false);
        self.uint(u64::from(l.players));
        self.field("seed", false);
        self.uint(l.seed);
        self.field("command", false);
        match command {
            Command::Whole(c) => self.string(c),
            Command::Spliced(head, seed, tail) => {
                self.raw("\"");
                escape_into(self.b, head);
                self.uint(seed);
                escape_into(self.b, tail);
                self.raw("\"");
            }
        }
        self.field("hexes", false);
        self.list(l.hexes.len(), |w, i| w.hex_cached(l, i));
        self.field("harbors", false);
        self.list(l.harbors.len(), |w, i| w.harbor(l, i));
        if !l.sides.is_empty() {
            self.field("side_features", false);
            self.list(l.sides.kinds.len(), |w, i| w.side_feature(l, i));
            self.field("sides", false);
            self.list(l.sides.sides.len(), |w, i| w.side(l, i));
        }
        self.field("regions", false);
        self.list(l.regions.len(), |w, i| w.region(l, i));
        self.field("constraints", false);
        self.constraints(&l.constraints);
        self.field("sampler", false);
        self.sampler(&l.sampler);
        if let Some(b) = balance {
            self.field("balance", false);
            self.raw(b);
        }
        self.raw(if self.pretty { "\n}\n" } else { "}" });
    }

    /// A top-level key on its own line: `  "name": ` (after a comma unless
    /// it is the first).
    fn field(&mut self, name: &str, first: bool) {
        if !first {
            self.raw(",");
        }
        if self.pretty {
            self.raw("\n  ");
        }
        self.raw("\"");
        self.raw(name);
        self.raw("\": ");
    }

    /// `[` + one item per line + `]`, `[]` when empty.
    fn list(&mut self, n: usize, mut item: impl FnMut(&mut Self, usize)) {
        self.raw("[");
        for i in 0..n {
            if self.pretty {
                self.raw("\n    ");
            }
            item(self, i);
            if i + 1 < n {
                self.raw(",");
            }
        }
        if self.pretty && n > 0 {
            self.raw("\n  ");
        }
        self.raw("]");
    }

    /// Hex `i`, copied from the cache when it has it.
    fn hex_cached(&mut self, l: &Layout, i: usize) {
        let Some(cache) = self.cache.as_deref_mut() else { return self.hex(l, i) };
        let Some(k) = cache.slot(l, i) else { return self.hex(l, i) };
        let region = l.hexes[i].region.map_or(1, |r| r.wrapping_add(2));
        let (a, e, reg) = cache.at[k];
        if reg == region {
            self.b.extend_from_slice(&cache.arena[a as usize..e as usize]);
            return;
        }
        let start = self.b.len();
        self.hex(l, i);
        // A key keeps the text it was first written with (one per hex,
        // terrain, chip and facing: the cache stays small).
        let Some(cache) = self.cache.as_deref_mut() else { return };
        let a = cache.arena.len();
        if reg == 0 && a + (self.b.len() - start) <= u32::MAX as usize {
            cache.arena.extend_from_slice(&self.b[start..]);
            cache.at[k] = (a as u32, cache.arena.len() as u32, region);
        }
    }

    fn hex(&mut self, l: &Layout, i: usize) {
        let h = &l.hexes[i];
        self.raw("{\"q\":");
        self.int(h.hex.q);
        self.raw(",\"r\":");
        self.int(h.hex.r);
        self.raw(",\"terrain\":");
        self.name(h.terrain.name());
        self.raw(",\"number\":");
        self.opt_uint(h.number.map(u64::from));
        self.raw(",\"region\":");
        self.opt_string(l.region_key(i));
        self.raw(match (h.fixed, h.face_down) {
            (false, false) => ",\"fixed\":false,\"face_down\":false",
            (false, true) => ",\"fixed\":false,\"face_down\":true",
            (true, false) => ",\"fixed\":true,\"face_down\":false",
            (true, true) => ",\"fixed\":true,\"face_down\":true",
        });
        if let Some(label) = l.label(i) {
            self.raw(",\"label\":");
            self.string(label);
        }
        let rolls = l.rolls(i);
        if !rolls.is_empty() {
            self.raw(",\"rolls\":");
            self.uints(rolls);
        }
        if let Some(c) = l.castaway(i) {
            self.raw(",\"castaway\":");
            self.name(crate::model::corner_name(c));
        }
        self.raw("}");
    }

    fn harbor(&mut self, l: &Layout, i: usize) {
        let h = &l.harbors[i];
        self.raw("{\"q\":");
        self.int(h.hex.q);
        self.raw(",\"r\":");
        self.int(h.hex.r);
        self.raw(",\"toward\":");
        match h.toward {
            Some(t) => {
                self.raw("{\"q\":");
                self.int(t.q);
                self.raw(",\"r\":");
                self.int(t.r);
                self.raw("}");
            }
            None => self.raw("null"),
        }
        self.raw(",\"kind\":");
        self.name(h.kind.name());
        self.raw("}");
    }

    /// Kind `i` of the map's side features: key, name and look.
    fn side_feature(&mut self, l: &Layout, i: usize) {
        let k = &l.sides.kinds[i];
        self.raw("{\"key\":");
        self.string(&k.key);
        self.raw(",\"name\":");
        self.string(&k.name);
        self.raw(",\"look\":");
        self.name(k.look.name());
        self.raw("}");
    }

    /// Side `i` of the map: its hex, the neighbour across it, its feature's key.
    fn side(&mut self, l: &Layout, i: usize) {
        let s = &l.sides.sides[i];
        self.raw("{\"q\":");
        self.int(s.hex.q);
        self.raw(",\"r\":");
        self.int(s.hex.r);
        self.raw(",\"toward\":{\"q\":");
        self.int(s.toward.q);
        self.raw(",\"r\":");
        self.int(s.toward.r);
        self.raw("},\"feature\":");
        self.string(l.sides.kinds.get(s.kind as usize).map_or("", |k| k.key.as_str()));
        self.raw("}");
    }

    fn region(&mut self, l: &Layout, i: usize) {
        let r = &l.regions[i];
        self.raw("{\"key\":");
        self.string(&r.key);
        self.raw(",\"name\":");
        self.string(&r.name);
        self.raw(",\"face_down\":");
        self.bool(r.face_down);
        self.raw(",\"chip_stack\":");
        self.uints(&r.chip_stack);
        // The region's own rules, only when it sets any.
        for (k, (id, v)) in r.constraints.iter().enumerate() {
            self.raw(if k == 0 { ",\"constraints\":{\"" } else { ",\"" });
            self.raw(id.key());
            self.raw("\":");
            match v {
                RuleValue::Switch(b) => self.bool(*b),
                RuleValue::Limit(n) => self.opt_uint(n.map(u64::from)),
            }
        }
        if !r.constraints.is_empty() {
            self.raw("}");
        }
        self.raw("}");
    }

    /// The rules in force, each under its key: the rules about neighbouring
    /// chips, `no_chip`, then the others, in the order of their descriptors.
    fn constraints(&mut self, c: &Constraints) {
        let pair = |r: &&Rule| r.scope == Scope::ChipPair;
        let mut first = true;
        for r in RULES.iter().filter(pair) {
            self.rule(c, r, &mut first);
        }
        self.raw(if std::mem::take(&mut first) { "{" } else { "," });
        self.raw("\"no_chip\":[");
        for (i, t) in c.no_chip.iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.name(t.name());
        }
        self.raw("]");
        for r in RULES.iter().filter(|r| !pair(r)) {
            self.rule(c, r, &mut first);
        }
        self.raw("}");
    }

    /// One rule of [`Self::constraints`], opening the object if `first`.
    fn rule(&mut self, c: &Constraints, r: &Rule, first: &mut bool) {
        self.raw(if std::mem::take(first) { "{\"" } else { ",\"" });
        self.raw(r.key);
        self.raw("\":");
        match c.get(r.id) {
            RuleValue::Switch(b) => self.bool(b),
            RuleValue::Limit(n) => self.opt_uint(n.map(u64::from)),
        }
    }

    fn sampler(&mut self, s: &Sampler) {
        self.raw("{\"method\":");
        self.name(s.method());
        self.raw(",\"guarantee\":");
        self.string(&s.guarantee());
        match *s {
            Sampler::Rejection { deals } => {
                self.raw(",\"deals\":");
                self.uint(deals);
            }
            Sampler::Chain { steps, moved, .. } => {
                self.raw(",\"steps\":");
                self.uint(steps);
                self.raw(",\"moved\":");
                self.uint(moved);
            }
            Sampler::Counting { attempts, layouts, boards } => {
                self.raw(",\"attempts\":");
                self.uint(attempts);
                self.raw(",\"layouts\":");
                self.digits(layouts);
                if let Some(b) = boards {
                    self.raw(",\"boards\":");
                    self.digits(b);
                }
            }
        }
        self.raw("}");
    }

    fn raw(&mut self, s: &str) {
        self.b.extend_from_slice(s.as_bytes());
    }

    fn string(&mut self, s: &str) {
        self.raw("\"");
        escape_into(self.b, s);
        self.raw("\"");
    }

    /// One of hexpress's own names (terrains, harbor kinds, methods): plain
    /// ASCII letters, digits, `:`, `-` and `_`, nothing to escape.
    fn name(&mut self, s: &str) {
        debug_assert!(!s.bytes().any(|c| c < 0x20 || c == b'"' || c == b'\\'));
        self.b.reserve(s.len() + 2);
        self.b.push(b'"');
        self.b.extend_from_slice(s.as_bytes());
        self.b.push(b'"');
    }

    fn opt_string(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.string(s),
            None => self.raw("null"),
        }
    }

    fn bool(&mut self, v: bool) {
        self.raw(if v { "true" } else { "false" });
    }

    fn uint(&mut self, v: u64) {
        self.digits(u128::from(v));
    }

    fn opt_uint(&mut self, v: Option<u64>) {
        match v {
            Some(v) => self.uint(v),
            None => self.raw("null"),
        }
    }

    fn int(&mut self, v: i32) {
        if v < 0 {
            self.raw("-");
        }
        self.uint(u64::from(v.unsigned_abs()));
    }

    fn uints(&mut self, v: &[u8]) {
        self.raw("[");
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.uint(u64::from(*x));
        }
        self.raw("]");
    }

    /// Decimal digits of `v`.
    fn digits(&mut self, mut v: u128) {
        if v < 10 {
            self.b.push(b'0' + v as u8);
            return;
        }
        let mut buf = [0u8; 40];
        let mut at = buf.len();
        while v > 0 {
            at -= 1;
            buf[at] = b'0' + (v % 10) as u8;
            v /= 10;
        }
        self.b.extend_from_slice(&buf[at..]);
    }
}

/// Appends `s` escaped as a JSON string's content, exactly as `serde_json`
/// does: `"` and `\` and the control characters below U+0020; everything
/// else, non-ASCII included, as it is.
pub(super) fn escape_into(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    if !bytes.iter().any(|c| *c < 0x20 || *c == b'"' || *c == b'\\') {
        out.extend_from_slice(bytes);
        return;
    }
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for &c in bytes {
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            c if c < 0x20 => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(c >> 4)]);
                out.push(HEX[usize::from(c & 0xf)]);
            }
            c => out.push(c),
        }
    }
}
