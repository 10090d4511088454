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
    assert_eq!((e.line, e.col), (2, 1), "{e}");
    assert_eq!(e.message, "unknown key `hex_flta` in `[sizes]`");
    assert_eq!(e.hint, "did you mean `hex_flat`?");
    let e = parse::overlay(&mut t, "[palettes.colour]\nforest = \"green\"\n", false)
        .expect_err("bad colour")
        .to_string();
    assert!(e.contains("palettes.colour.forest") && e.contains("#rrggbb"), "{e}");
    assert!(e.contains("line 2, column 11"), "at the value: {e}");
    let e = parse::overlay(&mut t, "[pictograms]\nforest = \"palm\"\n", false).expect_err("pic");
    assert!(e.message.contains("trees"), "{e}");
    let e = parse::overlay(&mut t, "[sizes]\nhex_flat = 2\n", false).expect_err("tiny hex");
    assert!(e.message.contains("between 20"), "{e}");
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

// The colour-vision check of the palette lives in tests/colour_vision.rs.

#[test]
fn the_print_pack_inks_are_read_and_a_template_folder_may_set_some() {
    let builtin = Theme::builtin().inks;
    assert_eq!(builtin.piece_ink, Color::rgb(40, 36, 32));
    assert_eq!(builtin.fishing_ground, Color::rgb(90, 150, 200));
    assert_eq!(builtin.text, Theme::builtin().colour.ink, "handout text is the palette's ink");
    let mut t = Theme::builtin();
    parse::overlay(&mut t, "[inks]\ngold = \"#000000\"\nfish = \"#0a0b0c\"\n", false)
        .expect("a template folder may set inks");
    assert_eq!((t.inks.gold, t.inks.fish), (Color::BLACK, Color::rgb(10, 11, 12)));
    let kept = Inks { gold: builtin.gold, fish: builtin.fish, ..t.inks };
    assert_eq!(kept, builtin, "the keys not set keep the built-in value");
    let mut t = Theme::builtin();
    let e = parse::overlay(&mut t, "[inks]\ngold = \"#000000\"\nfsh = \"#000000\"\n", false)
        .expect_err("unknown ink");
    assert!(e.line == 3 && e.message.contains("unknown key `fsh` in `[inks]`"), "{e}");
    let e = parse::overlay(&mut t, "[inks]\ngold = \"gold\"\n", false).expect_err("bad colour");
    assert!(e.line == 2 && e.message.contains("write colours as"), "{e}");
    let missing = BUILTIN.replace("gift = ", "# gift = ");
    let e = Theme::from_toml(&missing).expect_err("incomplete inks");
    assert!(e.contains("missing `gift` in `[inks]`"), "{e}");
}
