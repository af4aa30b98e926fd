import Generators

extension Gen {
  /// The pieces of `namePiece`, by branch with its weight.
  static let namePieceBranches: [(weight: Int, pieces: [String])] = [
    (6, pieces("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")),
    (2, pieces("0123456789-'&().,%/")),
    (1, pieces("éèêëàâäçñøåœßÉÖÜ")),
    (1, ["e\u{0301}", "n\u{0303}", "a\u{0308}\u{0304}", "\u{0915}\u{094D}\u{0937}"]),
    (1, pieces("麺餃子ラーメン寿司김치밥豆腐")),
    (1, pieces("سلطةحمصשקשוקה")),
    (1, ["🍎", "🥑", "🍜", "👨‍👩‍👧", "🏃‍♀️", "🇯🇵", "1️⃣", "🫶🏽"]),
  ]

  /// Pieces of names people type, each one visible grapheme.
  ///
  /// ASCII letters first (so names shrink toward "a"), then digits and punctuation, accented Latin, combining
  /// sequences, CJK, right-to-left scripts, emoji.
  static let namePiece: Generator<String> = frequency(
    namePieceBranches.map { ($0.weight, element(of: $0.pieces)) })

  /// Pieces for the inside of a name: the visible ones, and a space now and then.
  static let innerPiece: Generator<String> = frequency([
    (innerPieceWeights.piece, namePiece), (innerPieceWeights.space, constant(" ")),
  ])
  static let innerPieceWeights = (piece: 8, space: 1)

  static let padding = optional(invisibleString, nilProbability: 0.85)
  static let nameRest = joined(innerPiece, count: nameRestLength, averageExtra: nameRestAverageExtra)
  static let nameRestLength = 0...60
  static let nameRestAverageExtra = 5.0

  static func pieces(_ text: String) -> [String] { text.map { String($0) } }

  /// Scalars with nothing to see: the "empty" family of DESIGN.md. Space first, so an invisible
  /// string shrinks toward "" and then " ".
  static let invisibleScalars: [Unicode.Scalar] = [
    " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}",
    "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{200C}", "\u{200D}",
    "\u{200E}",
    "\u{200F}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{180E}", "\u{3164}", "\u{FE0F}", "\u{0000}",
    "\u{0007}",
    "\u{001B}", "\u{001F}", "\u{007F}", "\u{0085}", "\u{009F}",
  ]

  /// Strings with no visible character.
  ///
  /// "", spaces, tabs and newlines, no-break and ideographic spaces, line separators, zero-width and format
  /// characters, controls, and mixes of them.
  static let invisibleString: Generator<String> =
    fold(element(of: invisibleScalars), count: 0...12, averageExtra: 2, into: { "" }) {
      $0.unicodeScalars.append($1)
    }

  /// Names with at least one visible character, sometimes padded with invisible characters
  /// (which a name may have, as long as something shows).
  ///
  /// Shrinks to "a".
  ///
  /// NB: the draws and spans of `padding`, `namePiece`, `nameRest` and `padding` again, in that
  /// order (so a name's choices are the same as they were), but made by `NameBytes` straight into
  /// UTF-8: through the combinators, with a `String` append per piece, names were a quarter of
  /// P2's instructions.
  static let visibleName: Generator<String> = Generator { source in
    let names = NameBytes.table
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    if let before = try padding.run(&source) { bytes += before.utf8 }
    names.piece(into: &bytes, &source)
    names.rest(into: &bytes, &source)
    if let after = try padding.run(&source) { bytes += after.utf8 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Short unit names, common ones first, then any visible name.
  static let unit: Generator<String> = frequency([
    (4, element(of: ["g", "ml", "cup", "tbsp", "tsp", "oz", "slice", "piece", "kg", "l", "個", "Stück"])),
    (1, visibleName),
  ])

  /// Owner ids: Firebase-style uids from a small pool (so documents of one owner collide), or any
  /// visible string.
  package static let ownerId: Generator<String> = frequency([
    (4, element(of: ["uid-alice", "uid-bob", "Zx81Lk2RmQd3PQ7vYt6e", "uid-ünïcødé"])),
    (1, visibleName),
  ])
}
