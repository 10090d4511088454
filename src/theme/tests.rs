use super::*;

#[test]
fn builtin_theme_is_complete_and_valid() {
    let t = Theme::from_toml(BUILTIN).expect("built-in theme parses with every key");
    assert_eq!(t.sizes.hex_flat, 76.0);
    assert_eq!(t.pictogram(Terrain::Forest), Pictogram::Trees);
    assert!(Terrain::ALL.iter().all(|t| Theme::builtin().pictogram(*t) != Pictogram::None));
}

#[test]
fn a_partial_override_keeps_the_other_values() {
    let mut t = Theme::builtin();
    parse::overlay(
        &mut t,
        "[sizes]\nhex_flat = 80\n[palettes.colour]\nforest = \"#000000\"\n",
        false,
    )
    .expect("valid");
    assert_eq!(t.sizes.hex_flat, 80.0);
    assert_eq!(t.colour.fill(Terrain::Forest), Color::BLACK);
    assert_eq!(t.colour.fill(Terrain::Hills), Theme::builtin().colour.fill(Terrain::Hills));
}

#[test]
fn errors_name_the_key_and_line() {
    let mut t = Theme::builtin();
    let e = parse::overlay(&mut t, "[sizes]\nhex_flta = 80\n", false).expect_err("typo");
    assert!(e.contains("line 2") && e.contains("hex_flat"), "{e}");
    let e = parse::overlay(&mut t, "[palettes.colour]\nforest = \"green\"\n", false)
        .expect_err("bad colour");
    assert!(e.contains("palettes.colour.forest") && e.contains("#rrggbb"), "{e}");
    let e = parse::overlay(&mut t, "[pictograms]\nforest = \"palm\"\n", false).expect_err("pic");
    assert!(e.contains("trees"), "{e}");
    let e = parse::overlay(&mut t, "[sizes]\nhex_flat = 2\n", false).expect_err("tiny hex");
    assert!(e.contains("between 20"), "{e}");
    // Sheet margins live in sheets.toml only.
    assert!(parse::overlay(&mut t, "[sizes]\npage_margin = 7\n", false).is_err());
    assert!(Theme::from_toml("[sizes]\nhex_flat = 80\n").is_err(), "incomplete file");
}

#[test]
fn load_reads_a_folder_and_names_the_file_on_error() {
    let dir = std::env::temp_dir().join(format!("hexpress-theme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(FILE_NAME);
    std::fs::write(&path, "[sizes]\nchip_diameter = 30\n").expect("write");
    assert_eq!(Theme::load(Some(&dir)).expect("loads").sizes.chip_diameter, 30.0);
    std::fs::write(&path, "[sizes\n").expect("write");
    let e = Theme::load(Some(&dir)).expect_err("bad toml").to_string();
    assert!(e.contains("theme.toml"), "{e}");
    std::fs::remove_dir_all(&dir).expect("cleanup");
    assert!(Theme::load(Some(&dir)).is_err(), "missing folder");
    assert_eq!(Theme::load(None).expect("builtin"), Theme::builtin());
}

/// Linear-light value of an sRGB channel.
fn lin(c: u8) -> f64 {
    let v = f64::from(c) / 255.0;
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// A colour as seen with a red-green deficiency (Machado et al. 2009, severity 1.0).
fn simulate(c: Color, m: [[f64; 3]; 3]) -> [f64; 3] {
    let v = [lin(c.r), lin(c.g), lin(c.b)];
    let mut o = [0.0; 3];
    for (i, row) in m.iter().enumerate() {
        o[i] = (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
    }
    o
}

fn lightness(v: [f64; 3]) -> f64 {
    let y = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    116.0 * y.cbrt() - 16.0
}

#[test]
fn land_colours_stay_apart_for_colour_blind_players() {
    const DEUTAN: [[f64; 3]; 3] =
        [[0.367, 0.861, -0.228], [0.280, 0.673, 0.047], [-0.012, 0.043, 0.969]];
    const PROTAN: [[f64; 3]; 3] =
        [[0.152, 1.053, -0.205], [0.115, 0.786, 0.099], [-0.004, -0.048, 1.052]];
    let land = [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Gold,
        Terrain::Sea,
    ];
    let pal = &Theme::builtin().colour;
    for m in [DEUTAN, PROTAN] {
        for (i, a) in land.iter().enumerate() {
            for b in &land[i + 1..] {
                let (sa, sb) = (simulate(pal.fill(*a), m), simulate(pal.fill(*b), m));
                // Distance in a rough perceptual space: lightness plus scaled chroma axes.
                let dl = lightness(sa) - lightness(sb);
                let dc = ((sa[2] - sb[2]) * 100.0, (sa[0] - sb[0]) * 100.0);
                let d = (dl * dl + dc.0 * dc.0 + dc.1 * dc.1).sqrt();
                assert!(d > 8.0, "{} and {} look alike ({d:.1})", a.name(), b.name());
            }
        }
    }
}
