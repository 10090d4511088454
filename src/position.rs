//! Positions in text: the one rule for the line and column of a byte
//! offset, shared by diagnostics ([`crate::diag`]) and the input reader
//! ([`crate::limits::read_capped`]), which sit above it.

/// 1-based (line, column) of a byte offset in `text`, columns counted in
/// characters: the one position rule of every TOML file hexpress reads
/// (scenarios and templates alike).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// The largest char boundary of `s` at or before byte `i`.
pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
