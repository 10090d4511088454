//! A job's pages and files ([`JobView`]) -> the bytes of its files. PDFs are drawn straight from the
//! pages; a page's SVG text and parsed tree (for PNG) are made at most once,
//! however many files hold it.

use std::rc::Rc;

use resvg::usvg;

use super::error::RenderError;
use super::svg::page_to_svg;
use super::tree::checked_tree;
use super::{pdf, png};
use crate::scene::{Encoding, JobView};

/// One output file: its name inside the output folder and its bytes.
pub type OutFile = (String, Vec<u8>);

/// Per-page encodings shared between the files of one job.
struct Shared<'a> {
    job: JobView<'a>,
    svg: Vec<Option<Rc<String>>>,
    tree: Vec<Option<Rc<usvg::Tree>>>,
}

impl<'a> Shared<'a> {
    fn new(job: JobView<'a>) -> Shared<'a> {
        let n = job.pages.len();
        Shared { job, svg: vec![None; n], tree: vec![None; n] }
    }

    fn svg(&mut self, i: usize) -> Rc<String> {
        self.svg[i].get_or_insert_with(|| Rc::new(page_to_svg(&self.job.pages[i]))).clone()
    }

    fn tree(&mut self, i: usize) -> Result<Rc<usvg::Tree>, RenderError> {
        if let Some(t) = &self.tree[i] {
            return Ok(t.clone());
        }
        let svg = self.svg(i);
        let t = Rc::new(checked_tree(&self.job.pages[i], &svg)?);
        self.tree[i] = Some(t.clone());
        Ok(t)
    }
}

/// Encodes every file of `job`, in order.
pub fn encode(job: JobView<'_>) -> Result<Vec<OutFile>, RenderError> {
    let mut shared = Shared::new(job);
    let mut out = Vec::with_capacity(job.files.len());
    for f in job.files {
        let bytes = match &f.encoding {
            Encoding::Svg => {
                let i = single(&f.pages, &f.name)?;
                shared.svg(i).as_bytes().to_vec()
            }
            Encoding::Png { dpi } => {
                let i = single(&f.pages, &f.name)?;
                png::tree_to_png(&job.pages[i], &*shared.tree(i)?, *dpi)?
            }
            Encoding::Pdf { title } => {
                let pages: Vec<_> = f.pages.iter().map(|&i| &job.pages[i]).collect();
                let info = pdf::PdfInfo { title: title.clone(), subject: job.subject.to_string() };
                pdf::pages_to_pdf(&info, &pages, true)?
            }
            Encoding::Text { text } => text.as_bytes().to_vec(),
        };
        out.push((f.name.clone(), bytes));
    }
    Ok(out)
}

fn single(pages: &[usize], name: &str) -> Result<usize, RenderError> {
    match pages {
        [i] => Ok(*i),
        _ => Err(RenderError::Pdf(format!("{name}: one page expected, found {}", pages.len()))),
    }
}
