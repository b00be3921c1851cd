//! The web pages are compiled into the binary (`src/web.rs`); a change to
//! any of them must rebuild it.
fn main() {
    println!("cargo::rerun-if-changed=web");
}
