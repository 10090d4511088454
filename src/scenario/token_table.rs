//! The pieces a scenario declares by a plain count in `[components]`
//! (`gold_chits = 40`): one descriptor each ([`COUNTED`]: key, words for
//! editors and the schema, the largest count, and the names the pack prints).
//! The scenario fields and schema, the parser, the model's count check, the
//! handout's piece list and the component sheets read the table; the face
//! each kind prints lives in `compose::pieces::tokens::counted`.
//!
//! A new counted piece: a variant of [`Counted`], its descriptor here, and
//! its face (an arm of the match in `compose::pieces::tokens::counted`).
//! Pieces with more to say than a count (fish tokens, trade and castaway
//! tokens, fishing grounds) have their own keys.

/// Names one kind of piece declared by a plain count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Counted {
    /// Round chits worth one gold each.
    GoldChits,
    /// Present tiles (Santa's workshop variant).
    PresentTiles,
}

/// One kind of counted piece.
#[derive(Clone, Copy, Debug)]
pub struct CountedKind {
    /// Which kind.
    pub id: Counted,
    /// Its key in `[components]`.
    pub key: &'static str,
    /// One sentence for editors and the schema.
    pub doc: &'static str,
    /// The most a file may declare (the count's limit, named in its error).
    pub max: i64,
    /// The set's name on the sheets, the print plan and the handout's
    /// piece list ("Gold coins").
    pub set: &'static str,
    /// One piece's name on the sheets ("gold coin").
    pub piece: &'static str,
}

/// Every kind of counted piece, in the order the pack lists them.
pub(crate) const COUNTED: &[CountedKind] = &[
    CountedKind {
        id: Counted::GoldChits,
        key: "gold_chits",
        doc: "Round chits worth one gold each.",
        max: 500,
        set: "Gold coins",
        piece: "gold coin",
    },
    CountedKind {
        id: Counted::PresentTiles,
        key: "present_tiles",
        doc: "Present tiles (Santa's workshop variant).",
        max: 100,
        set: "Present tiles",
        piece: "present tile",
    },
];

impl Counted {
    /// This kind's descriptor.
    ///
    /// ```
    /// use hexpress::scenario::token_table::Counted;
    /// assert_eq!(Counted::GoldChits.kind().key, "gold_chits");
    /// ```
    pub const fn kind(self) -> &'static CountedKind {
        &COUNTED[self.row()]
    }

    /// This kind's row in [`COUNTED`]; a new variant without a row, or rows
    /// out of order, stop the build (checked below).
    const fn row(self) -> usize {
        match self {
            Counted::GoldChits => 0,
            Counted::PresentTiles => 1,
        }
    }
}

/// Every row sits where its kind says, so [`Counted::kind`] is right.
const _: () = {
    let mut i = 0;
    while i < COUNTED.len() {
        assert!(COUNTED[i].id.row() == i, "COUNTED rows out of order");
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_key_and_a_limit() {
        for k in COUNTED {
            assert_eq!(COUNTED.iter().filter(|o| o.key == k.key).count(), 1, "{}", k.key);
            assert_eq!(k.id.kind().key, k.key);
            assert!(k.max > 0, "{}", k.key);
        }
    }
}
