//! Limits on everything a scenario or a command line can make grow: one home
//! for each, named in the error that enforces it.
//!
//! Together they keep every accepted input within a few hundred megabytes
//! of memory (the tests hold the largest accepted cases under 512 MB) and
//! every search within its node and time budgets.

/// Most bytes read from one input file (scenario, template, weights):
/// the largest built-in scenario is under 20 KB.
pub const MAX_INPUT_BYTES: u64 = 1024 * 1024;

/// Most hexes on one map (a 10,000-hex map is supported with room to spare).
pub const MAX_HEXES: usize = 20_000;

/// Widest and tallest map, in hexes (axial columns and rows, including the
/// empty sea between far-apart islands).
pub const MAX_MAP_SPAN: i64 = 201;

/// Most characters in one short text of a scenario: a title, a name, a
/// label, a table cell.
pub const MAX_SHORT_TEXT: usize = 200;

/// Most characters in one prose text of a scenario: a description, the
/// story, a rules section.
pub const MAX_PROSE_TEXT: usize = 20_000;

/// Most pixels in `preview.png` (about 100 MB while it is drawn).
pub const MAX_PREVIEW_PIXELS: u64 = 25_000_000;

/// Most candidate layouts one balanced search or report may score.
pub const MAX_CANDIDATES: u64 = 10_000_000;

/// Most search steps one layout may take.
pub const MAX_NODES: u64 = 1_000_000_000;

/// Longest time limit or time budget, in milliseconds (one hour).
pub const MAX_TIME_MS: u64 = 3_600_000;

/// An input over [`MAX_INPUT_BYTES`].
#[derive(Debug, thiserror::Error)]
#[error(
    "the input is larger than the limit of {limit} bytes (`MAX_INPUT_BYTES`)\n  hint: scenario, template and weights files are small text files; check the path"
)]
pub struct InputTooLarge {
    /// The limit, in bytes.
    pub limit: u64,
}

/// Reads all of `r` as UTF-8 text, stopping with an error past
/// [`MAX_INPUT_BYTES`] (so `/dev/zero` or a huge file ends at once).
pub fn read_capped(r: impl std::io::Read) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::other(InputTooLarge { limit: MAX_INPUT_BYTES }));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "the file is not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Reads the file at `path` through [`read_capped`].
pub fn read_input(path: &std::path::Path) -> std::io::Result<String> {
    read_capped(std::fs::File::open(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_past_the_cap() {
        let zeros = std::io::repeat(0);
        let e = read_capped(zeros).unwrap_err();
        assert!(e.to_string().contains("MAX_INPUT_BYTES"), "{e}");
        let ok = read_capped(&b"a = 1\n"[..]).unwrap();
        assert_eq!(ok, "a = 1\n");
        let exact = vec![b'x'; MAX_INPUT_BYTES as usize];
        assert_eq!(read_capped(&exact[..]).unwrap().len(), exact.len());
        assert!(read_capped(&[0xff, 0xfe][..]).unwrap_err().to_string().contains("UTF-8"));
    }
}
