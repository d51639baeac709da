//! Golden fixtures: every `fixtures/<puzzle>/<case>.args` file is one `gridsolve`
//! command line, run in that folder (so it can name input files beside it), with
//! `<case>.stdin` as standard input when that file exists. The transcript (command,
//! exit code, stdout, stderr) is compared with the insta snapshot in
//! `fixtures/<puzzle>/snapshots/`. Regenerate with `cargo xtask fixtures`.

use std::path::Path;

use crate::harness::gridsolve_in;

#[test]
fn golden() {
    insta::glob!("../../../../fixtures", "*/*.args", |path| {
        let dir = path.parent().expect("a fixture lives in a folder");
        let line = std::fs::read_to_string(path).expect("the .args file is readable");
        let args: Vec<&str> = line.split_whitespace().collect();
        let stdin = std::fs::read(path.with_extension("stdin")).unwrap_or_default();
        let run = gridsolve_in(dir, &args, &stdin);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(snapshot_dir(dir));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_input_file(path);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(run.transcript(&args)));
    });
}

fn snapshot_dir(fixture_dir: &Path) -> std::path::PathBuf {
    fixture_dir.join("snapshots")
}
