use kibitzer::lsp::config::Settings;
use kibitzer::lsp::document::Document;
use kibitzer::text::PositionEncoding;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let uri: tower_lsp_server::ls_types::Uri = "file:///x.pbn".parse().unwrap();
    let t = std::time::Instant::now();
    let doc = Document::open(uri, &text, 1, &Settings::default(), PositionEncoding::Utf16);
    eprintln!("open {:?}", t.elapsed());
    std::hint::black_box(&doc);
}
