/// The Firebase authentication and multi-device sync suite (seed 002): its properties under their
/// own numbers (`F19` is its Property 19), in files `F<n>…swift`; `Catalog.all` lists them.
enum Firebase {}
