//! The files of a job as plain data: which pages each file holds and how it
//! is encoded. Composing fills it in; the encoders in `export` read it.

use super::Page;

/// How a file encodes its pages.
#[derive(Clone, Debug, PartialEq)]
pub enum Encoding {
    /// One page as SVG text.
    Svg,
    /// One page as a PNG picture at `dpi` dots per inch.
    Png {
        /// Resolution.
        dpi: f64,
    },
    /// Every page in order, as one vector PDF.
    Pdf {
        /// The document title.
        title: String,
    },
    /// Plain text composed upstream (the print plan); no pages.
    Text {
        /// The file's whole text.
        text: String,
    },
}

/// One output file of a job.
#[derive(Clone, Debug, PartialEq)]
pub struct JobFile {
    /// File name inside the output folder.
    pub name: String,
    /// Indices into the job's pages, in order.
    pub pages: Vec<usize>,
    /// The encoder.
    pub encoding: Encoding,
}

/// What the encoders read of a job: every page composed once, and the files
/// that show them, in the order they are written.
#[derive(Clone, Copy, Debug)]
pub struct JobView<'a> {
    /// What every document of the job is about (the PDFs' subject).
    pub subject: &'a str,
    /// Every page; [`JobFile::pages`] index into it.
    pub pages: &'a [Page],
    /// The files.
    pub files: &'a [JobFile],
}
