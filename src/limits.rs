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

/// Most hexes on a map that is drawn (SVG, PDF, PNG, the handout). Drawing
/// takes about 100 KB of memory per hex; the largest built-in has 61.
/// Larger maps are laid out with `--layout-only`.
pub const MAX_DRAWN_HEXES: usize = 1_000;

/// Widest and tallest map that is drawn, in hexes across and rows down: the
/// sheets of the 1:1 map cover the whole extent, sea and gaps included.
pub const MAX_DRAWN_SPAN: i64 = 100;

/// Widest and tallest map, in hexes across and rows down, including the
/// empty sea between far-apart islands (a square map of `MAX_HEXES` fits).
pub const MAX_MAP_SPAN: i64 = 201;

/// Most characters in one short text of a scenario: a title, a name, a
/// label, a table cell.
pub const MAX_SHORT_TEXT: usize = 200;

/// Most characters in one prose text of a scenario: a description, the
/// story, a rules section.
pub const MAX_PROSE_TEXT: usize = 20_000;

/// Smallest and largest paper side in a sheets template, in mm (A0 is
/// 841 x 1189): sheets hold a bounded number of pieces.
pub(crate) const MIN_PAPER_MM: f64 = 50.0;
/// See [`MIN_PAPER_MM`].
pub(crate) const MAX_PAPER_MM: f64 = 1200.0;

/// The smallest sheet margin accepted, mm: home printers cannot print the
/// outer ~5 mm.
pub const MIN_MARGIN: f64 = 5.0;
/// The largest handout margin accepted, mm.
pub const MAX_HANDOUT_MARGIN: f64 = 50.0;
/// The largest bleed accepted, mm: every piece's artwork reaches this far
/// past its cut line, so a larger bleed would print a white edge.
pub const MAX_BLEED: f64 = 4.0;

/// Most pixels in `preview.png` (about 100 MB while it is drawn).
pub const MAX_PREVIEW_PIXELS: u64 = 25_000_000;

/// Most problems printed for one file: a file with thousands of errors
/// shows the first ones and a count of the rest.
pub const MAX_SHOWN_PROBLEMS: usize = 50;

/// Most candidate layouts one balanced search or report may score.
pub const MAX_CANDIDATES: u64 = 10_000_000;

/// Most search steps one layout may take.
pub const MAX_NODES: u64 = 1_000_000_000;

/// The search's default wall-clock limit, in milliseconds (`--time-limit-ms`
/// of `generate`, the `rules` command's and the web page's boards).
pub(crate) const DEFAULT_TIME_LIMIT_MS: u64 = 5_000;

/// The search's default number of steps per layout (`--max-nodes`).
pub(crate) const DEFAULT_MAX_NODES: u64 = 4_000_000;

/// Longest time limit or time budget, in milliseconds (one hour).
pub const MAX_TIME_MS: u64 = 3_600_000;

/// An input over [`MAX_INPUT_BYTES`].
#[derive(Debug, thiserror::Error)]
#[error(
    "the input is larger than the limit of {limit} bytes (`MAX_INPUT_BYTES`)\n  hint: scenario, template and weights files are small text files; check the path"
)]
pub(crate) struct InputTooLarge {
    /// The limit, in bytes.
    pub limit: u64,
}

/// Reads all of `r` as UTF-8 text, stopping with an error past
/// [`MAX_INPUT_BYTES`] (so `/dev/zero` or a huge file ends at once).
pub(crate) fn read_capped(r: impl std::io::Read) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::other(InputTooLarge { limit: MAX_INPUT_BYTES }));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
        let (line, column) = crate::position::line_col(valid, at);
        let utf16 = bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]);
        let hint = match utf16 {
            true => "it is UTF-16 text: save it again as UTF-8",
            false => "scenario, template and weights files are UTF-8 text; save it as UTF-8, or check the path",
        };
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "line {line}, column {column}: the file is not UTF-8 text (byte 0x{:02x} at offset {at})\n  hint: {hint}",
                bytes.get(at).copied().unwrap_or(0)
            ),
        )
    })
}

/// Whether an error of [`read_capped`] is about the input's content (too
/// large, not UTF-8 text) rather than about reading it.
pub(crate) fn unreadable_input(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::InvalidData
        || e.get_ref().is_some_and(|i| i.is::<InputTooLarge>())
}

/// Reads the file at `path` through [`read_capped`].
pub(crate) fn read_input(path: &std::path::Path) -> std::io::Result<String> {
    read_capped(std::fs::File::open(path)?)
}

/// Most hexes one `--lock` list (or the web page) may lock.
pub(crate) const MAX_LOCKS: usize = 1_000;

/// Longest scenario text the web page accepts: the same as a file.
pub const MAX_SCENARIO_BYTES: usize = MAX_INPUT_BYTES as usize;

/// Largest request body the web page's server reads: a scenario at its
/// limit plus the options around it.
pub const MAX_REQUEST_BYTES: usize = MAX_SCENARIO_BYTES + (64 << 10);

/// Most candidates one balanced search on the web page may score.
pub(crate) const MAX_WEB_CANDIDATES: u64 = 100_000;

/// Jobs (layouts, searches, drawings) the web page's server runs at once;
/// further requests wait in line for [`JOB_QUEUE_WAIT_MS`].
pub const MAX_JOBS: usize = 2;

/// How long a request waits for a free job slot before it is refused with
/// 503, in milliseconds.
pub(crate) const JOB_QUEUE_WAIT_MS: u64 = 3_000;

/// Wall-clock limit of one job on the web page, in milliseconds (the same
/// default as `--time-limit-ms` for a layout; a search or a print pack of a
/// large map may take longer, up to this).
pub(crate) const JOB_TIME_LIMIT_MS: u64 = 60_000;

/// How long a client has to send a request's headers, in milliseconds:
/// from the connection's opening, or from the end of the previous answer on
/// a kept-alive connection. A client that trickles its headers is cut off.
pub(crate) const HEADER_READ_TIMEOUT_MS: u64 = 10_000;

/// How long a connection may stay open with no request in flight and no
/// byte received, in milliseconds (an idle keep-alive connection closes).
pub(crate) const IDLE_TIMEOUT_MS: u64 = 5_000;

/// How long a client has to send a request's whole body once its headers
/// are in, in milliseconds (a promised body never sent gets 408).
pub(crate) const BODY_READ_TIMEOUT_MS: u64 = 10_000;

/// Longest a request may keep its connection busy, in milliseconds: a wait
/// for a job slot, the job, and time to send the answer to a slow reader.
pub(crate) const REQUEST_TIME_LIMIT_MS: u64 = JOB_QUEUE_WAIT_MS + JOB_TIME_LIMIT_MS + 30_000;

/// Most connections the web page's server keeps open at once. Below the
/// process's open-file limit less [`FD_RESERVE`], whichever is lower. At the
/// cap the connection idle the longest is closed for the new one; when none
/// is idle, the new one gets 503 at once.
pub(crate) const MAX_CONNECTIONS: usize = 256;

/// Open files the server keeps free for itself (listener, event loop,
/// standard streams, threads) when it sizes its connection cap.
pub(crate) const FD_RESERVE: usize = 32;

/// Memory the web page's server lets its jobs take at once, in MiB: each job
/// is admitted by an estimate of its peak (the map's hexes, the preview's
/// pixels) and waits in line until its share is free, so the whole process
/// stays under 512 MiB resident with the kept packs and the server itself.
pub(crate) const JOB_MEMORY_MIB: u64 = 360;

/// Bytes of drawn packs the server keeps for download at once.
pub(crate) const KEPT_PACK_BYTES: usize = 48 << 20;

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
