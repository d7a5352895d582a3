//! What the unit tests share: the corpus of real files (`../shared/corpus`), read.

use crate::model::board::BoardModel;

/// The text of every corpus file of `notation` (`pbn`, `rbn` or `lin`, the folder's name),
/// decoded as the CLI decodes it.
pub(crate) fn corpus_texts(notation: &str) -> Vec<String> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(notation);
    std::fs::read_dir(folder)
        .expect("a corpus folder")
        .flatten()
        .map(|entry| {
            let bytes = std::fs::read(entry.path()).expect("a corpus file");
            crate::text::decode(&bytes).expect("a readable file").text
        })
        .collect()
}

/// Every board of the RBN and LIN corpus, read (the RBN records first).
pub(crate) fn corpus_boards() -> Vec<BoardModel> {
    let rbn = corpus_texts("rbn")
        .into_iter()
        .flat_map(|t| crate::model::read_rbn_parse(&crate::syntax::rbn::RbnParse::new(&t)));
    let lin = corpus_texts("lin")
        .into_iter()
        .flat_map(|t| crate::model::read_lin_parse(&crate::syntax::lin::LinParse::new(&t)));
    rbn.chain(lin).collect()
}
