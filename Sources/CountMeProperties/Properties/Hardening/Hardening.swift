/// The robustness-hardening suite (seeds 000/001) and our own invariants after it.
///
/// The robustness-hardening suite (seeds 000/001): properties 1–14 of the design document, under
/// their own numbers (`P1`…`P14`), and our own invariants after them (`P15`…`P29`: the queue, the
/// codec, the engine, totals, defaults, dates, and the user's goal).
///
/// Each property is one value in a file of its own, `P<n>…swift`; `Catalog.all` lists them.
enum Hardening {}
