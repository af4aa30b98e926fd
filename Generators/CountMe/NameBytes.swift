import Generators

/// `Gen.visibleName`'s pieces drawn as UTF-8 bytes, with the same draws and spans.
///
/// `Gen.visibleName`'s pieces drawn as UTF-8 bytes: the draws and spans `Gen.namePiece` and
/// `Gen.nameRest` make, without their closures or a `String` per piece.
///
/// NB: one value holding every table, read once per name: each static table read on its own
/// cost a `swift_once` at every piece.
struct NameBytes: Sendable {
  static let table = NameBytes()

  /// `Gen.namePiece`'s branches: weights, span labels (as `Gen.frequency` names them) and pieces,
  /// each piece a range of `bytes`.
  let weights = Gen.namePieceBranches.map { UInt64($0.weight) }
  let total: UInt64
  let labels = Gen.namePieceBranches.indices.map(Gen.branchLabel)
  let pieces: [[Range<Int>]]
  let bytes: [UInt8]

  /// The largest `nameRest` length.
  ///
  /// `nameRest`'s length (`Gen.fold`'s "more?" draw before each piece, none required) and
  /// `Gen.innerPiece`'s branches (a piece, then a space: their total, labels and the piece's weight).
  let maxRest = Gen.nameRestLength.upperBound
  let moreThreshold = Gen.trueThreshold(
    probability: Gen.moreProbability(averageExtra: Gen.nameRestAverageExtra))
  let innerTotal = UInt64(Gen.innerPieceWeights.piece + Gen.innerPieceWeights.space)
  let innerPieceWeight = UInt64(Gen.innerPieceWeights.piece)
  let pieceLabel = Gen.branchLabel(0)
  let spaceLabel = Gen.branchLabel(1)

  private init() {
    total = weights.reduce(0, +)
    var bytes: [UInt8] = []
    pieces = Gen.namePieceBranches.map { branch in
      branch.pieces.map { piece in
        let start = bytes.count
        bytes += piece.utf8
        return start..<bytes.count
      }
    }
    self.bytes = bytes
  }

  /// Draws one `Gen.namePiece` into `name`.
  func piece(into name: inout [UInt8], _ source: inout ChoiceSource) {
    let index = Gen.branch(source.draw(upTo: total - 1), weights: weights)
    let options = pieces[index]
    source.span(labels[index]) { source in
      name += bytes[options[Int(source.draw(upTo: UInt64(options.count - 1)))]]
    }
  }

  /// Draws one `Gen.innerPiece` into `name`: a name piece 8 times in 9, else a space.
  func innerPiece(into name: inout [UInt8], _ source: inout ChoiceSource) {
    if source.draw(upTo: innerTotal - 1) < innerPieceWeight {
      source.span(pieceLabel) { source in piece(into: &name, &source) }
    } else {
      source.span(spaceLabel) { _ in name.append(0x20) }
    }
  }

  /// Draws `Gen.nameRest` into `name`.
  func rest(into name: inout [UInt8], _ source: inout ChoiceSource) {
    var drawn = 0
    while drawn < maxRest {
      let more = source.span(Gen.foldItemLabel) { source in
        guard source.draw(upTo: 999) >= moreThreshold else { return false }
        innerPiece(into: &name, &source)
        return true
      }
      guard more else { return }
      drawn += 1
    }
  }
}
