#![allow(clippy::unwrap_used)]

use super::*;

#[test]
fn getters_name_the_key_and_its_place() {
    let text = "top = 1\n[a]\nx = \"s\"\ny = 2.5\nz = [1, 2]\nn = inf\nb = true\n";
    let f = TomlFile::parse("t.toml", text).unwrap();
    let a = f.root().get("a").unwrap();
    assert_eq!(a.get("x").unwrap().string().unwrap(), "s");
    assert_eq!(f.get("a.y").unwrap().number().unwrap(), 2.5);
    assert_eq!(f.get("a.z").unwrap().pair("[w, h]").unwrap(), (1.0, 2.0));
    assert_eq!(f.get("top").unwrap().integer().unwrap(), 1);
    assert!(f.get("a.b").unwrap().bool().unwrap());
    let e = f.get("a.x").unwrap().number().unwrap_err();
    assert_eq!(e.message, "`a.x` must be a number, found a string");
    assert_eq!((e.line, e.col), (3, 6));
    assert_eq!(e.hint, "the built-in templates/t.toml shows every key with a valid value");
    let e = f.get("a.n").unwrap().number().unwrap_err();
    assert_eq!(e.message, "`a.n` is inf; it must be a finite number");
    let e = f.get("a.y").unwrap().number_in(0.0, 1.0).unwrap_err();
    assert_eq!(e.message, "`a.y` is 2.5; it must be between 0 and 1");
    let e = f.get("top").unwrap().number_in(3.0, f64::INFINITY).unwrap_err();
    assert_eq!(e.message, "`top` is 1; it must be at least 3");
    let e = f.get("a.x").unwrap().one_of(&["long", "short"]).unwrap_err();
    assert_eq!(e.message, "`a.x` is \"s\"; use long or short");
    let e = f.get("a.z").unwrap().table().unwrap_err();
    assert_eq!(e.message, "`a.z` must be a table, found an array");
    let e = a.require("w").unwrap_err();
    assert_eq!((e.message.as_str(), e.line, e.col), ("missing `w` in `[a]`", 2, 2));
}

#[test]
fn unknown_keys_are_refused_in_file_order_with_the_known_keys() {
    let f = TomlFile::parse("t.toml", "[a]\nzz = 1\nyy = 2\n[bb]\n").unwrap();
    let e = f.root().entries(&["a", "b"]).unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.hint.as_str()),
        ("unknown table `[bb]`", "did you mean `[b]`?")
    );
    let e = f.root().get("a").unwrap().entries(&["x"]).unwrap_err();
    assert_eq!(e.message, "unknown key `zz` in `[a]`");
    assert_eq!(e.hint, "the keys of `[a]` are: x");
    assert_eq!((e.line, e.col, e.known.clone()), (2, 1, vec!["x".to_string()]));
    let e = TomlFile::parse("t.toml", "a = [\n").err().unwrap();
    assert_eq!(e.message, "invalid TOML: unexpected eof encountered", "{e}");
    assert_eq!((e.line, e.hint.as_str()), (2, SYNTAX_HINT));
    let b = TomlFile::parse_builtin("t.toml", "a = 1\n").unwrap();
    assert_eq!(b.origin(4), "built-in `t.toml`, line 1, column 5");
    let e = b.get("a").unwrap().string().unwrap_err();
    assert_eq!(
        e.to_string(),
        "built-in `t.toml`, line 1, column 5: `a` must be a string, found a number"
    );
}
