use super::*;

#[test]
fn a_partial_user_file_keeps_the_other_built_in_keys() {
    let o = SheetOptions::parse(SHEETS_TOML, "duplex = \"short\"\nback_offset_x = 1.5\n").unwrap();
    assert_eq!(o.printer.duplex, Duplex::Short);
    assert_eq!(o.printer.back_offset_x, 1.5);
    assert_eq!(o.printer.back_offset_y, 0.0);
    assert_eq!(o.printer.scale_x, 1.0);
    let e = SheetOptions::parse(SHEETS_TOML, "scale_x = 2.0\n").unwrap_err().to_string();
    assert!(e.contains("scale_x"), "{e}");
}

#[test]
fn embedded_templates_load() {
    let o = SheetOptions::parse(SHEETS_TOML, PRINTER_TOML).unwrap();
    assert_eq!(o.paper.name, "a4");
    assert_eq!(o.bleed, 3.0);
    assert!(o.margin >= MIN_MARGIN);
    assert_eq!(o.papers.len(), 3);
    let l = o.clone().with_paper("Letter").unwrap();
    assert_eq!(l.paper.size(Orientation::Landscape), (279.4, 215.9));
    assert!(o.clone().with_paper("b5").unwrap_err().to_string().contains("a3, a4, letter"));
    assert_eq!((o.card.name.as_str(), o.card.width, o.card.height), ("poker", 63.0, 88.0));
    let m = o.clone().with_card("mini-euro").unwrap();
    assert_eq!((m.card.width, m.card.height), (44.0, 68.0));
    assert_eq!((o.sizes.card, m.sizes.card), ((63.0, 88.0), (44.0, 68.0)));
    assert!(o.with_card("tarot").unwrap_err().to_string().contains("mini-euro, poker"));
}

#[test]
fn bad_values_name_file_and_key() {
    let small = SHEETS_TOML.replace("margin = 7.0", "margin = 3.0");
    let e = SheetOptions::parse(&small, PRINTER_TOML).unwrap_err().to_string();
    assert!(e.contains("sheets.toml") && e.contains("sheet.margin"), "{e}");
    let line = small.lines().position(|l| l.starts_with("margin = 3.0")).unwrap() + 1;
    assert!(e.contains(&format!("line {line}, column 10")), "the value's position: {e}");
    let bad = PRINTER_TOML.replace("duplex = \"long\"", "duplex = \"sideways\"");
    let e = SheetOptions::parse(SHEETS_TOML, &bad).unwrap_err().to_string();
    assert!(e.contains("printer.toml") && e.contains("sideways"), "{e}");
    // A key left out of a user file falls back to the built-in value...
    let wide = SHEETS_TOML.replace("bleed = 3.0", "bleed = 6.0");
    let e = SheetOptions::parse(&wide, PRINTER_TOML).unwrap_err().to_string();
    assert!(e.contains("sheet.bleed") && e.contains("6 mm") && e.contains("4 mm"), "{e}");
    let missing = SHEETS_TOML.replace("bleed = 3.0", "");
    assert_eq!(SheetOptions::parse(&missing, PRINTER_TOML).unwrap().bleed, 3.0);
    // ...but a wrong type is still an error naming the key.
    let wrong = SHEETS_TOML.replace("bleed = 3.0", "bleed = \"lots\"");
    let e = SheetOptions::parse(&wrong, PRINTER_TOML).unwrap_err().to_string();
    assert!(e.contains("sheet.bleed") && e.contains("number"), "{e}");
    let e = SheetOptions::parse("a = 1\nx = [", PRINTER_TOML).unwrap_err().to_string();
    assert!(e.contains("invalid TOML") && e.contains("`sheets.toml`, line 2, column"), "{e}");
    // Unknown keys are refused, with the keys the table knows.
    let typo = SHEETS_TOML.replace("bleed = 3.0", "bleeed = 3.0");
    let e = SheetOptions::parse(&typo, PRINTER_TOML).unwrap_err().to_string();
    assert!(e.contains("unknown key `bleeed` in `[sheet]`"), "{e}");
    let e = SheetOptions::parse(SHEETS_TOML, "duplexx = \"long\"\n").unwrap_err().to_string();
    assert!(e.contains("`printer.toml`, line 1, column 1: unknown key `duplexx`"), "{e}");
}

#[test]
fn folder_override_wins() {
    let dir = std::env::temp_dir().join(format!("hexpress-sheetcfg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("printer.toml"), PRINTER_TOML.replace("\"long\"", "\"short\""))
        .unwrap();
    let o = SheetOptions::load(Some(&dir)).unwrap();
    assert_eq!(o.printer.duplex, Duplex::Short);
    assert_eq!(o.paper.name, "a4");
    std::fs::remove_dir_all(&dir).unwrap();
}
