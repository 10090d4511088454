//! Tests of the board check on small hand-made boards.

use super::*;
use crate::axial::Hex;

fn line(n: i32) -> Board {
    Board::new((0..n).map(|q| Hex::new(q, 0)).collect())
}

const ALL: [u32; 3] = [0, 1, 2];

fn view<'a>(t: &'a [u8], num: &'a [u8], fd: &'a [bool], h: &'a [u8]) -> View<'a> {
    View {
        terrain: t,
        number: num,
        face_down: fd,
        harbor: h,
        harbors: &ALL[..t.len()],
        unknown_land: &[],
        whole: true,
    }
}

const F: u8 = Terrain::Forest as u8;
const S: u8 = Terrain::Sea as u8;

#[test]
fn neighbouring_reds_clash_once_and_name_both_hexes() {
    let b = line(3);
    let mut o = Oracle::new(&b, &Constraints::default());
    let (t, fd, h) = ([F; 3], [false; 3], [NO_HARBOR; 3]);
    let c = o.all(&view(&t, &[6, 8, 5], &fd, &h));
    assert_eq!(c, vec![clash(ConstraintId::NoAdjacentRed, vec![0, 1], 0)]);
    assert!(o.first(&view(&t, &[6, 5, 8], &fd, &h)).is_none());
}

#[test]
fn a_group_of_unset_hexes_is_no_group_but_known_ones_are() {
    let b = line(3);
    let c = Constraints { max_terrain_group: Some(1), ..Constraints::default() };
    let mut o = Oracle::new(&b, &c);
    let (fd, h) = ([false; 3], [NO_HARBOR; 3]);
    let partial = View { whole: false, ..view(&[F, UNSET, F], &[0; 3], &fd, &h) };
    assert!(o.first(&partial).is_none());
    let got = o.first(&view(&[F, F, S], &[0; 3], &fd, &h)).expect("a group of two");
    assert_eq!((got.rule, got.cells, got.amount), (ConstraintId::MaxTerrainGroup, vec![0, 1], 2));
}

#[test]
fn an_open_harbor_is_a_clash_only_on_a_whole_board_or_when_every_side_is_shut() {
    let b = line(2);
    let mut o = Oracle::new(&b, &Constraints::default());
    let fd = [false; 2];
    let h = [OPEN, NO_HARBOR];
    let partial = View { whole: false, ..view(&[S, F], &[0; 2], &fd, &h) };
    assert!(o.first(&partial).is_none());
    assert!(o.first(&view(&[S, F], &[0; 2], &fd, &h)).is_some());
    let shut = View { whole: false, ..view(&[S, S], &[0; 2], &fd, &h) };
    assert_eq!(o.first(&shut).map(|c| c.rule), Some(ConstraintId::HarborFacesLand));
}
